"""A real calendar client reads the export: khal, run as a subprocess, local zone Berlin.

The schedule's zone is Los Angeles, so an export with floating times, a missing
VTIMEZONE or an LMT offset would show up here as talks at the wrong hour.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from planner.picks.store import AgendaStore
from planner.cli import main
from planner.export import session_entries
from planner.ics import build_calendar, clean_text, event_uid
from planner.loader import load_schedule
from planner.model import Talk
from planner.views.shared import display_title

from .conftest import MLSYS2021
from .test_ics_export import HOSTILE_TITLES, NOW, entries_of, events_of, hostile_schedule

BERLIN = ZoneInfo("Europe/Berlin")
KHAL = Path(sys.executable).with_name("khal")
WHEN = "%Y-%m-%dT%H:%M"

pytestmark = pytest.mark.skipif(not KHAL.exists(), reason="khal is not installed in this venv")


@dataclass
class Khal:
    """khal with its own config, database and vdir, all under tmp_path."""

    vdir: Path

    def run(self, *args: str) -> str:
        result = subprocess.run([str(KHAL), *args], capture_output=True, text=True,
                                env=os.environ.copy(), timeout=120)
        assert result.returncode == 0, result.stderr
        assert "critical" not in result.stderr.lower(), result.stderr
        return result.stdout

    def import_(self, path: Path) -> None:
        self.run("import", "--batch", str(path))

    def events(self, first: str = "2021-04-05", last: str = "2021-04-12") -> list[dict]:
        out = self.run("list", "--once", "--json", "uid", "--json", "title", "--json", "start",
                       "--json", "end", "--json", "description", first, last)
        return [event for line in out.splitlines() if line.strip() for event in json.loads(line)]

    def stored_files(self) -> list[str]:
        return sorted(p.name for p in self.vdir.iterdir() if p.suffix == ".ics")


@pytest.fixture
def khal(tmp_path) -> Khal:
    config_home = Path(os.environ["XDG_CONFIG_HOME"])  # per-test dirs from conftest
    vdir = tmp_path / "khal-calendar"
    vdir.mkdir()
    (config_home / "khal").mkdir(parents=True)
    (config_home / "khal" / "config").write_text(f"""\
[calendars]
[[planner]]
path = {vdir}
type = calendar

[locale]
local_timezone = Europe/Berlin
default_timezone = Europe/Berlin
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = {WHEN}
longdatetimeformat = {WHEN}
""", encoding="utf-8")
    return Khal(vdir)


def berlin(dt: datetime) -> str:
    return dt.astimezone(BERLIN).strftime(WHEN)


def expected(schedule, talks: list[Talk]) -> dict[str, tuple[str, str, str]]:
    return {event_uid(schedule, t): (display_title(t), berlin(t.start), berlin(t.end))
            for t in talks}


def seen(events: list[dict]) -> dict[str, tuple[str, str, str]]:
    return {e["uid"]: (e["title"], e["start"], e["end"]) for e in events}


def test_khal_shows_each_talk_at_the_right_berlin_time(khal, tmp_path):
    out = tmp_path / "mlsys.ics"
    assert main(["export", str(MLSYS2021), "--all", "-o", str(out)]) == 0
    khal.import_(out)
    schedule = load_schedule(MLSYS2021)
    talks = [t for t in schedule.talks() if t.timed] + [t for _, _, t in session_entries([schedule])]
    events = khal.events()
    assert len(events) == len(talks)
    assert seen(events) == expected(schedule, talks)
    session1 = next(s for s in schedule.sessions if s.title.startswith("Oral: Session 1:"))
    first = next(e for e in events if e["uid"] == event_uid(schedule, session1.talks[0]))
    assert first["start"] == "2021-04-06T18:30"  # 09:30 in Los Angeles


def test_khal_reads_hostile_text_exactly(khal, tmp_path):
    schedule = hostile_schedule()
    path = tmp_path / "hostile.ics"
    path.write_bytes(build_calendar(entries_of(schedule), calendar_name="Hostile, ; \\ Conf",
                                    now=NOW, alarms=[timedelta(minutes=10)]).data)
    khal.import_(path)
    events = khal.events()
    talks = schedule.sessions[0].talks
    assert len(events) == len(HOSTILE_TITLES) == len(khal.stored_files())
    by_uid = {e["uid"]: e for e in events}
    for t in talks:
        event = by_uid[event_uid(schedule, t)]
        assert event["title"] == clean_text(t.title)
        assert (event["start"], event["end"]) == (berlin(t.start), berlin(t.end))
        assert event["description"].endswith(clean_text(t.abstract))
        assert "Speakers: João Gonçalves, Jürgen Krüger, O’Brien, Jr." in event["description"]


def moved_copy(tmp_path: Path) -> Path:
    """The MLSys 2021 program with Session 1 moved from 09:30 to 10:00, metadata beside it."""
    text = MLSYS2021.read_text(encoding="utf-8")
    old = "Oral: Session 1: Search and Devices Tue 6 Apr 09:30 a.m."
    assert text.count(old) == 1
    folder = tmp_path / "moved"
    folder.mkdir()
    copy = folder / MLSYS2021.name
    copy.write_text(text.replace(old, old.replace("09:30", "10:00")), encoding="utf-8")
    shutil.copy(MLSYS2021.with_suffix(".toml"), copy.with_suffix(".toml"))
    return copy


def test_reexport_after_a_move_updates_khal_in_place(khal, tmp_path, monkeypatch, capsys):
    original = load_schedule(MLSYS2021)
    AgendaStore().pick([original], [t.id for t in original.talks()])
    first_file, second_file = tmp_path / "first.ics", tmp_path / "second.ics"
    assert main(["export", str(MLSYS2021), "-o", str(first_file)]) == 0
    khal.import_(first_file)

    moved_path = moved_copy(tmp_path)
    moved = load_schedule(moved_path)
    monkeypatch.setenv("PLANNER_NOW", "2026-11-23T09:00:00+00:00")
    capsys.readouterr()
    assert main(["export", str(moved_path), "-o", str(second_file)]) == 0
    before = {t.id: (t.start, t.end) for t in original.talks()}
    shifted = {event_uid(moved, t) for t in moved.talks() if before[t.id] != (t.start, t.end)}
    session1 = next(s for s in moved.sessions if s.title.startswith("Oral: Session 1:"))
    assert shifted == {event_uid(moved, t) for t in session1.talks}  # the move, and only it
    assert f", {len(shifted)} changed since the last export." in capsys.readouterr().err

    first, second = events_of(first_file.read_bytes()), events_of(second_file.read_bytes())
    assert set(first) == set(second)  # same UIDs
    for uid in first:  # SEQUENCE rises (to the minutes since 2020) for the moved only
        assert (second[uid]["sequence"] > first[uid]["sequence"]) == (uid in shifted)
        assert second[uid]["sequence"] >= first[uid]["sequence"]
        assert (second[uid]["last_modified"] > first[uid]["last_modified"]) == (uid in shifted)

    khal.import_(second_file)
    events = khal.events()
    assert len(events) == len({e["uid"] for e in events}) == len(moved.talks())
    assert seen(events) == expected(moved, [t for t in moved.talks() if t.timed])
    assert berlin(session1.talks[0].start) == "2021-04-06T19:00"
    assert khal.stored_files() == sorted(f"{uid}.ics" for uid in first)
