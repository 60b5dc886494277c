"""Events leave and change the way clients honour: CANCELLED, SEQUENCE, the repeated hour.

Read back by five independent readers: icalendar, Home Assistant's `ical`, ics-py and
vobject (tests/readers.py), and khal (a subprocess with its own database).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from planner.picks.store import AgendaStore
from planner.cli import main
from planner.ics import build_calendar, event_uid
from planner.lifecycle import KEEP_CANCELLED, clock_sequence
from planner.loader import load_schedule
from planner.model import Schedule, Session, SessionKind, Talk
from planner.walltime import is_ambiguous, settle_repeated_hour

from .conftest import MLSYS2021
from .readers import READERS, by_icalendar
from .test_ics_khal import KHAL, khal  # noqa: F401  (the khal fixture)

UTC = timezone.utc
NEW_YORK = ZoneInfo("America/New_York")
BEFORE_MLSYS = "2021-03-30T08:00:00+00:00"


def read(path: Path) -> dict[str, dict]:
    """UID -> status, sequence, start, end (UTC) as icalendar reads them."""
    return by_icalendar(path.read_text(encoding="utf-8"))


def khal_status(khal) -> dict[str, str]:  # noqa: F811
    out = khal.run("list", "--once", "--json", "uid", "--json", "status",
                   "2021-04-05", "2021-04-12")
    return {e["uid"]: e["status"] for line in out.splitlines() if line.strip()
            for e in json.loads(line)}


# -- cancellations ------------------------------------------------------------------------

@pytest.mark.skipif(not KHAL.exists(), reason="khal is not installed in this venv")
def test_an_unpicked_talk_is_withdrawn_in_the_next_export(khal, tmp_path, monkeypatch, capsys):  # noqa: F811
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    schedule = load_schedule(MLSYS2021)
    talks = [t for t in schedule.talks() if t.timed][:3]
    AgendaStore().pick([schedule], [t.id for t in talks])
    first, second = tmp_path / "first.ics", tmp_path / "second.ics"
    assert main(["export", str(MLSYS2021), "-o", str(first)]) == 0
    khal.import_(first)
    assert set(khal_status(khal).values()) == {"CONFIRMED"}

    AgendaStore().unpick([talks[1].id])
    monkeypatch.setenv("PLANNER_NOW", "2021-03-31T08:00:00+00:00")
    capsys.readouterr()
    assert main(["export", str(MLSYS2021), "-o", str(second)]) == 0
    assert "1 no longer picked written as cancelled" in capsys.readouterr().err
    gone = event_uid(schedule, talks[1])
    before, after = read(first), read(second)
    for reader in READERS:
        back = reader(second.read_text(encoding="utf-8"))
        assert set(back) == set(before)
        assert back[gone]["status"] == "CANCELLED"
        assert back[gone]["sequence"] > before[gone]["sequence"]
        assert (back[gone]["start"], back[gone]["end"]) == (talks[1].start, talks[1].end)
        assert {u: e["sequence"] for u, e in back.items() if u != gone} == \
            {u: e["sequence"] for u, e in before.items() if u != gone}  # the others unchanged

    khal.import_(second)
    assert khal_status(khal) == {u: ("CANCELLED" if u == gone else "CONFIRMED") for u in before}

    # Exported again: the same cancellation, byte for byte (no new SEQUENCE each time).
    third = tmp_path / "third.ics"
    assert main(["export", str(MLSYS2021), "-o", str(third)]) == 0
    assert third.read_bytes() == second.read_bytes()
    assert after[gone]["sequence"] == read(third)[gone]["sequence"]

    # Re-picked: confirmed again, with a higher SEQUENCE than the cancellation.
    AgendaStore().pick([schedule], [talks[1].id])
    monkeypatch.setenv("PLANNER_NOW", "2021-04-01T08:00:00+00:00")
    fourth = tmp_path / "fourth.ics"
    assert main(["export", str(MLSYS2021), "-o", str(fourth)]) == 0
    again = read(fourth)[gone]
    assert again["status"] == "CONFIRMED" and again["sequence"] > after[gone]["sequence"]


def test_unpicking_every_talk_still_writes_the_cancellations(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    schedule = load_schedule(MLSYS2021)
    talk = next(t for t in schedule.talks() if t.timed)
    AgendaStore().pick([schedule], [talk.id])
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "a.ics")]) == 0
    AgendaStore().unpick([talk.id])
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "b.ics")]) == 0
    assert {u: e["status"] for u, e in read(tmp_path / "b.ics").items()} == \
        {event_uid(schedule, talk): "CANCELLED"}


def test_cancellations_are_kept_until_thirty_days_after_the_talk(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    schedule = load_schedule(MLSYS2021)
    kept, dropped = [t for t in schedule.talks() if t.timed][:2]
    AgendaStore().pick([schedule], [kept.id, dropped.id])
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "a.ics")]) == 0
    AgendaStore().unpick([dropped.id])
    late = dropped.end + KEEP_CANCELLED
    monkeypatch.setenv("PLANNER_NOW", (late - timedelta(minutes=1)).isoformat())
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "b.ics")]) == 0
    assert read(tmp_path / "b.ics")[event_uid(schedule, dropped)]["status"] == "CANCELLED"
    monkeypatch.setenv("PLANNER_NOW", (late + timedelta(minutes=1)).isoformat())
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "c.ics")]) == 0
    assert set(read(tmp_path / "c.ics")) == {event_uid(schedule, kept)}
    assert event_uid(schedule, dropped) not in AgendaStore().load().exports  # forgotten


def test_a_talk_gone_from_the_program_is_withdrawn_from_an_all_export(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    text = MLSYS2021.read_text(encoding="utf-8")
    schedule = load_schedule(MLSYS2021)
    victim = next(t for t in schedule.talks() if t.timed and text.count(t.title) == 1)
    folder = tmp_path / "cut"
    folder.mkdir()
    cut = folder / MLSYS2021.name
    cut.write_text(text.replace(victim.title, ""), encoding="utf-8")
    for meta in MLSYS2021.parent.glob(MLSYS2021.stem + ".toml"):
        (folder / meta.name).write_text(meta.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["export", str(MLSYS2021), "--all", "-o", str(tmp_path / "a.ics")]) == 0
    assert main(["export", str(cut), "--all", "-o", str(tmp_path / "b.ics")]) == 0
    back = read(tmp_path / "b.ics")
    assert back[event_uid(schedule, victim)]["status"] == "CANCELLED"
    assert sum(e["status"] == "CANCELLED" for e in back.values()) >= 1


# -- SEQUENCE without the agenda -----------------------------------------------------------

def test_sequence_rises_after_the_agenda_is_lost(tmp_path, monkeypatch):
    """A change exported from a fresh agenda still outranks what clients already have."""
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    schedule = load_schedule(MLSYS2021)
    talk = next(t for t in schedule.talks() if t.timed)
    AgendaStore().pick([schedule], [talk.id])
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "a.ics")]) == 0
    first = read(tmp_path / "a.ics")[event_uid(schedule, talk)]["sequence"]
    assert first == clock_sequence(datetime.fromisoformat(BEFORE_MLSYS))

    Path(AgendaStore().target).unlink()  # the agenda is lost
    monkeypatch.setenv("PLANNER_NOW", "2021-03-30T08:01:00+00:00")  # one minute later
    AgendaStore().pick([schedule], [talk.id])
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "b.ics")]) == 0
    assert read(tmp_path / "b.ics")[event_uid(schedule, talk)]["sequence"] > first


# -- the repeated hour ---------------------------------------------------------------------

def night_schedule() -> Schedule:
    """New York, 7 Nov 2021: 01:00-01:59 happens twice (EDT, then EST)."""
    def at(h: int, m: int) -> datetime:
        return datetime(2021, 11, 7, h, m, tzinfo=NEW_YORK)  # fold=0: as readers make them

    talks = [
        Talk(id="t1", title="Before the repeat", start=at(0, 30), end=at(1, 20)),
        Talk(id="t2", title="Across the repeat", start=at(1, 45), end=at(1, 15)),
        Talk(id="t3", title="In the second hour", start=at(1, 20), end=at(1, 50)),
        Talk(id="t4", title="After the change", start=at(2, 0), end=at(2, 30)),
    ]
    session = Session(id="s", kind=SessionKind.ORAL, title="Night session", start=at(0, 30),
                      end=at(2, 30), talks=talks, line=3)
    for i, t in enumerate(talks):
        t.session_id, t.line = "s", 4 + i
    return Schedule(conference="Night Owl", year=2021, timezone="America/New_York",
                    source="night.txt", format="test", sessions=[session])


def test_the_repeated_hour_is_resolved_by_the_stated_rule_and_warned():
    sch = night_schedule()
    warnings = settle_repeated_hour(sch)
    t1, t2, t3, t4 = sch.sessions[0].talks
    edt, est = timedelta(hours=-4), timedelta(hours=-5)
    assert t1.end.utcoffset() == edt  # the first 01:20: nothing says otherwise
    assert (t2.start.utcoffset(), t2.end.utcoffset()) == (edt, est)  # ends in the second hour
    assert (t3.start.utcoffset(), t3.end.utcoffset()) == (est, est)  # follows 01:45 EDT
    # Compared in UTC: Python compares two times of one zone by wall clock, fold ignored.
    assert t2.end.astimezone(UTC) > t2.start.astimezone(UTC)
    assert t3.start.astimezone(UTC) >= t2.start.astimezone(UTC)
    assert all(d.code == "ambiguous-time" and d.severity == "warning" for d in warnings)
    assert {d.line for d in warnings} == {4, 5, 6}
    assert any("read as the second 01:15 (EST, UTC-0500)" in d.message for d in warnings)


def test_a_repeated_hour_met_again_is_settled_and_warned_again():
    # (whether a wall time occurs twice is worked out once per wall time: the answer
    # holds for every session that meets it, and each one is still settled and warned)
    sch = night_schedule()
    again = night_schedule().sessions[0]
    again.id, again.line = "s2", 20
    for i, t in enumerate(again.talks):
        t.id, t.session_id, t.line = f"u{i}", "s2", 21 + i
    sch.sessions.append(again)
    warnings = settle_repeated_hour(sch)
    first, second = sch.sessions
    assert [(t.start.astimezone(UTC), t.end.astimezone(UTC)) for t in first.talks] == \
        [(t.start.astimezone(UTC), t.end.astimezone(UTC)) for t in second.talks]
    assert {d.line for d in warnings} == {4, 5, 6, 21, 22, 23}
    assert sum("read as the second 01:15" in d.message for d in warnings) == 2


@pytest.mark.skipif(not KHAL.exists(), reason="khal is not installed in this venv")
def test_every_reader_puts_the_repeated_hour_at_the_same_instants(khal, tmp_path):  # noqa: F811
    sch = night_schedule()
    settle_repeated_hour(sch)
    path = tmp_path / "night.ics"
    build = build_calendar([(sch, sch.sessions[0], t) for t in sch.sessions[0].talks],
                           calendar_name="night", now=datetime(2021, 11, 1, tzinfo=UTC))
    path.write_bytes(build.data)
    text = build.data.decode()
    # Ambiguous wall times go out in UTC; the rest keep the zone.
    assert "DTSTART:20211107T054500Z" in text and "DTEND:20211107T061500Z" in text
    assert "DTSTART;TZID=America/New_York:20211107T020000" in text
    want = {event_uid(sch, t): (t.start.astimezone(UTC), t.end.astimezone(UTC))
            for t in sch.sessions[0].talks}
    for reader in READERS:  # ics-py and khal rejected a whole file with DTEND < DTSTART
        back = reader(path.read_text(encoding="utf-8"))
        assert {u: (e["start"], e["end"]) for u, e in back.items()} == want
        assert all(e["end"] >= e["start"] for e in back.values())
    khal.import_(path)
    out = khal.run("list", "--once", "--json", "uid", "--json", "start", "--json", "end",
                   "2021-11-06", "2021-11-08")
    berlin = ZoneInfo("Europe/Berlin")
    got = {e["uid"]: (e["start"], e["end"]) for line in out.splitlines() if line.strip()
           for e in json.loads(line)}
    assert got == {u: tuple(d.astimezone(berlin).strftime("%Y-%m-%dT%H:%M") for d in pair)
                   for u, pair in want.items()}


def test_an_end_before_its_start_is_never_written():
    sch = night_schedule()  # t2 unsettled: 01:45 EDT to 01:15 EDT
    t2 = sch.sessions[0].talks[1]
    build = build_calendar([(sch, sch.sessions[0], t2)], calendar_name="x",
                           now=datetime(2021, 11, 1, tzinfo=UTC))
    ev = Calendar.from_ical(build.data).walk("VEVENT")[0]
    assert ev.decoded("DTEND") >= ev.decoded("DTSTART")


def test_the_loader_warns_for_a_repeated_wall_time(tmp_path):
    (tmp_path / "night.txt").write_text(
        "Night Owl Conference 2021\n\nSunday, November 7, 2021\n\n"
        "00:30 - 01:50 Late Talks\n02:00 - 02:30 After the Change\n", encoding="utf-8")
    (tmp_path / "night.toml").write_text(
        'conference = "Night Owl Conference"\nyear = 2021\ntimezone = "America/New_York"\n',
        encoding="utf-8")
    schedule = load_schedule(tmp_path / "night.txt")
    found = [d for d in schedule.diagnostics if d.code == "ambiguous-time"]
    assert [d.line for d in found] == [5]
    assert "01:50 on 2021-11-07 happens twice in America/New_York" in found[0].message
    assert is_ambiguous(schedule.sessions[0].end) and not is_ambiguous(schedule.sessions[1].start)
