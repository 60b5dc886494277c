"""One day read from the cache's day slices (planner.dayslices) prints byte for byte
what the whole schedule prints: every day of real programs, in their own zone and in
zones far from it, picks, every format, sessions crossing midnight.

Each warm run is made to prove it read the slices: loading a schedule whole then fails
the test.  The reference is the same command with PLANNER_CACHE=off.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, datetime, time, timezone
from pathlib import Path

import pytest

from planner import cache, dayslices
from planner.days import schedule_days
from planner.loader import LoadOptions, load_schedule
from planner.zones import get_zone

from .conftest import DATA, MLSYS2021, ROOT, run_cli

REAL = ROOT.parent / "shared" / "data" / "real"
SYNTH = ROOT.parent / "shared" / "tools" / "synth.py"
FAR_ZONES = (None, "Pacific/Auckland", "America/Los_Angeles", "Asia/Kolkata")

# A program in Lisbon time with a session across midnight and one just after it.
MIDNIGHT_ICS = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//planner tests//midnight//EN
X-WR-CALNAME:Night Conf 2025
BEGIN:VEVENT
UID:a@night
SUMMARY:Morning Talk
DTSTART;TZID=Europe/Lisbon:20250505T090000
DTEND;TZID=Europe/Lisbon:20250505T093000
LOCATION:Room 1
END:VEVENT
BEGIN:VEVENT
UID:b@night
SUMMARY:Midnight Session
DTSTART;TZID=Europe/Lisbon:20250505T233000
DTEND;TZID=Europe/Lisbon:20250506T003000
LOCATION:Room 1
END:VEVENT
BEGIN:VEVENT
UID:c@night
SUMMARY:After Midnight
DTSTART;TZID=Europe/Lisbon:20250506T001500
DTEND;TZID=Europe/Lisbon:20250506T010000
LOCATION:Room 2
END:VEVENT
BEGIN:VEVENT
UID:d@night
SUMMARY:Tuesday Talk
DTSTART;TZID=Europe/Lisbon:20250506T100000
DTEND;TZID=Europe/Lisbon:20250506T103000
LOCATION:Room 2
END:VEVENT
END:VCALENDAR
"""


@pytest.fixture
def warm(tmp_path, monkeypatch):
    """A private cache folder; files count as settled, so their slices are kept."""
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("planner.cache.settled", lambda signature: True)
    return tmp_path / "cache"


def agenda(capsys, monkeypatch, *args: str, sliced: bool) -> tuple[int, str, str]:
    """`planner agenda ARGS` answered from the day slices (a whole load fails the
    test), or with the cache off."""
    with monkeypatch.context() as m:
        if sliced:
            m.setattr("planner.core.load_schedules", _no_whole_load)
        else:
            m.setenv("PLANNER_CACHE", "off")
        return run_cli(capsys, "agenda", *args)


def _no_whole_load(*args, **kwargs):
    raise AssertionError("the schedule was loaded whole, not read from its day slices")


def days_of(path: Path, zone: str | None) -> list[date]:
    sch = load_schedule(path)
    return schedule_days([sch], get_zone(zone or sch.timezone))


def same_every_day(capsys, monkeypatch, path: Path, zones=FAR_ZONES, formats=("text",),
                   extra: tuple[str, ...] = (), days_in: str | None = None) -> int:
    """Compare every day of `path` in each zone and format (its days those of `days_in`
    when given: the agenda's stored zone); the number of days compared."""
    code, _, err = run_cli(capsys, "agenda", str(path), *extra)  # keeps the slices
    assert code == 0, err
    compared = 0
    for zone in zones:
        tz = ("--tz", zone) if zone else ()
        for day in days_of(path, days_in or zone):
            for fmt in formats:
                args = (str(path), "--day", day.isoformat(), "--format", fmt, "--width", "90",
                        *tz, *extra)
                whole = agenda(capsys, monkeypatch, *args, sliced=False)
                sliced = agenda(capsys, monkeypatch, *args, sliced=True)
                assert sliced == whole, (path.name, zone, day, fmt)
                assert whole[0] == 0 and whole[1]
                compared += 1
    return compared


REAL_FILES = sorted(p for p in REAL.glob("*") if p.suffix in (".xml", ".ics", ".json", ".rst"))


@pytest.mark.skipif(not REAL_FILES, reason="shared/data/real is not beside this checkout")
@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_every_day_of_every_real_program_is_the_same_sliced(capsys, monkeypatch, warm, path):
    zones = FAR_ZONES if path.stat().st_size < 400_000 else FAR_ZONES[:2]
    assert same_every_day(capsys, monkeypatch, path, zones) >= 2
    assert list(warm.glob("*.days"))


def test_the_seed_program_in_every_format_and_zone(capsys, monkeypatch, warm):
    formats = ("text", "json", "markdown", "html")
    assert same_every_day(capsys, monkeypatch, MLSYS2021, formats=formats) >= 4 * 4


@pytest.mark.parametrize("name", ["frab-xml/31c3-excerpt.xml", "ics/moca2024-excerpt.ics",
                                  "schedule-json/pretalx-rc3-excerpt.json"])
def test_the_excerpts_in_this_checkout(capsys, monkeypatch, warm, name):
    assert same_every_day(capsys, monkeypatch, DATA / name, formats=("text", "json")) >= 2


def test_sessions_across_midnight(capsys, monkeypatch, warm, tmp_path):
    program = tmp_path / "night.ics"
    program.write_text(MIDNIGHT_ICS, encoding="utf-8")
    zones = (None, "UTC", "Pacific/Auckland", "America/New_York", "Asia/Kathmandu")
    assert same_every_day(capsys, monkeypatch, program, zones, ("text", "json")) >= 10
    # The session across midnight is Monday's in Lisbon and Tuesday's in Auckland.
    _, out, _ = agenda(capsys, monkeypatch, str(program), "--day", "2025-05-06", "--tz",
                       "Pacific/Auckland", sliced=True)
    assert "Midnight Session" in out and "Morning Talk" not in out


@pytest.fixture
def synth_program(tmp_path) -> Path:
    if not SYNTH.is_file() or not (REAL / "frab_fosdem2024_schedule.xml").is_file():
        pytest.skip("shared/tools is not beside this checkout")
    out = tmp_path / "synth.txt"
    subprocess.run([sys.executable, str(SYNTH), str(REAL / "frab_fosdem2024_schedule.xml"),
                    "400", str(out)], check=True, capture_output=True, timeout=60)
    return out


def test_a_synth_program_with_picks_in_a_far_zone(capsys, monkeypatch, warm, synth_program):
    """Picks whose sessions began the evening before in the display zone belong to their
    own day, sliced or not."""
    code, out, _ = run_cli(capsys, "talks", str(synth_program), "--format", "json")
    assert code == 0
    ids = [t["id"] for t in json.loads(out)][::7]
    assert run_cli(capsys, "pick", "-s", str(synth_program), *ids)[0] == 0
    for zone in ("Pacific/Auckland", "America/Los_Angeles"):
        assert same_every_day(capsys, monkeypatch, synth_program, (zone,),
                              ("text", "json", "markdown"), extra=("--picked",)) >= 3
    assert same_every_day(capsys, monkeypatch, synth_program, FAR_ZONES) >= 5


def test_the_stored_zone_and_errors_are_the_same(capsys, monkeypatch, warm):
    assert run_cli(capsys, "timezone", "Asia/Tokyo")[0] == 0
    assert same_every_day(capsys, monkeypatch, MLSYS2021, (None,), days_in="Asia/Tokyo") >= 1
    for day in ("sun", "2031-01-01", "tomorrow"):
        whole = agenda(capsys, monkeypatch, str(MLSYS2021), "--day", day, sliced=False)
        assert whole[0] != 0 and whole[2].startswith("planner: ")
        assert agenda(capsys, monkeypatch, str(MLSYS2021), "--day", day, sliced=True) == whole
    # No picks with a time: the same sentence either way.
    whole = agenda(capsys, monkeypatch, str(MLSYS2021), "--picked", sliced=False)
    assert agenda(capsys, monkeypatch, str(MLSYS2021), "--picked", sliced=True) == whole
    assert whole[0] != 0 and "None of your picks has a time" in whole[2]


def test_filters_read_the_whole_schedule(capsys, monkeypatch, warm):
    run_cli(capsys, "agenda", str(MLSYS2021))
    args = (str(MLSYS2021), "--day", "tue", "--kind", "oral")
    whole = agenda(capsys, monkeypatch, *args, sliced=False)
    with monkeypatch.context() as m:
        m.setattr("planner.dayslices.read", _no_whole_load)  # not even looked at
        assert run_cli(capsys, "agenda", *args) == whole


# -- the entry -------------------------------------------------------------------------

def test_the_plain_objects_carry_every_field_of_the_models(warm):
    """Each session and talk read from a slice equals the model's, field by field (a
    new field, a new time or kind the reader does not convert, fails here)."""
    path = DATA / "frab-xml" / "31c3-excerpt.xml"
    sch = load_schedule(path)
    signature = cache.file_signature(path)
    dayslices.keep(path, sch, LoadOptions(), signature)
    entry = dayslices.read(path, LoadOptions())
    assert entry is not None
    zone = get_zone(sch.timezone)
    seen = 0
    for day in sorted(entry.days(zone)):
        light = entry.schedule_on(day, zone)
        assert light.label == sch.label and light.has_sessions
        for s in light.sessions:
            model = next(m for m in sch.sessions if m.id == s.id)
            for name in type(model).model_fields:
                if name != "talks":
                    _same(getattr(s, name), getattr(model, name), name)
            assert s.estimated == model.estimated and s.duration == model.duration
            for t, mt in zip(s.talks, model.talks, strict=True):
                for name in type(mt).model_fields:
                    _same(getattr(t, name), getattr(mt, name), name)
                assert t.timed == mt.timed and t.any_estimated == mt.any_estimated
                seen += 1
    assert seen == sum(len(s.talks) for s in sch.sessions if s.start)


def _same(light, model, name):
    if isinstance(model, list):
        assert len(light) == len(model), name
        for a, b in zip(light, model):
            _same(a, b, name)
    elif hasattr(type(model), "model_fields"):
        for field in type(model).model_fields:
            _same(getattr(light, field), getattr(model, field), f"{name}.{field}")
    else:
        assert light == model and type(light) is type(model), name
        if getattr(model, "tzinfo", None) is not None:
            assert light.tzinfo == model.tzinfo, name  # the zone, not only the instant


def _flip(entry: Path, at: int) -> None:
    data = bytearray(entry.read_bytes())
    data[at] ^= 1
    entry.write_bytes(bytes(data))


def _slice_at(entry: Path, day: str) -> int:
    """Where in the entry file the first slice of the UTC day `day` begins."""
    data = entry.read_bytes()
    start = len(dayslices.MAGIC) + dayslices._HEAD.size
    _, size = dayslices._HEAD.unpack_from(data, len(dayslices.MAGIC))
    header = json.loads(data[start:start + size])
    midnight = datetime.combine(date.fromisoformat(day), time(), tzinfo=timezone.utc)
    return start + size + next(at for h, at, _, _ in header["slices"]
                               if h // 24 == int(midnight.timestamp()) // 86400)


def test_a_changed_or_damaged_entry_is_never_used(capsys, monkeypatch, warm, tmp_path):
    program = tmp_path / "night.ics"
    program.write_text(MIDNIGHT_ICS, encoding="utf-8")
    args = (str(program), "--day", "2025-05-06")
    monday = (str(program), "--day", "2025-05-05")
    whole = agenda(capsys, monkeypatch, *args, sliced=False)
    whole_monday = agenda(capsys, monkeypatch, *monday, sliced=False)
    assert run_cli(capsys, "agenda", *args) == whole  # keeps the slices
    [entry] = warm.glob("*.days")
    # A bit of Tuesday's slice: Monday never reads it and is still answered from the
    # slices; Tuesday's checksum fails, the schedule is loaded whole and kept anew.
    _flip(entry, _slice_at(entry, "2025-05-06") + 3)
    assert agenda(capsys, monkeypatch, *monday, sliced=True) == whole_monday
    with pytest.raises(AssertionError, match="loaded whole"):
        agenda(capsys, monkeypatch, *args, sliced=True)
    assert not entry.exists()  # the damaged entry is gone
    assert run_cli(capsys, "agenda", *args) == whole
    assert agenda(capsys, monkeypatch, *args, sliced=True) == whole
    # A bit of the header: the entry is not used at all.
    _flip(entry, len(dayslices.MAGIC) + dayslices._HEAD.size + 7)
    assert run_cli(capsys, "agenda", *monday) == whole_monday
    assert agenda(capsys, monkeypatch, *monday, sliced=True) == whole_monday
    # A bit of the timed talks' line, which only picks read.
    _flip(entry, entry.stat().st_size - 5)
    with dayslices.read(program, LoadOptions()) as e:
        assert e.schedule_on(date(2025, 5, 6), get_zone("Europe/Lisbon")).sessions
        with pytest.raises(dayslices.Damaged):
            e.schedule_on(date(2025, 5, 6), get_zone("Europe/Lisbon"), only={"x"})
    assert not entry.exists()
    # The file changes: its old slices no longer match its signature.
    assert run_cli(capsys, "agenda", *args) == whole
    program.write_text(MIDNIGHT_ICS.replace("Tuesday Talk", "Changed Talk"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "agenda", *args)
    assert code == 0 and "Changed Talk" in out
    assert agenda(capsys, monkeypatch, *args, sliced=True)[1] == out


def test_day_slices_and_timetables_are_evicted(warm, monkeypatch):
    warm.mkdir(mode=0o700)
    monkeypatch.setattr(cache, "MAX_TOTAL_BYTES", 10)
    for i, suffix in enumerate((".days", ".timetable", ".schedule")):
        p = warm / f"{i:040x}{suffix}"
        p.write_bytes(b"x" * 100)
        os.utime(p, (1000 + i, 1000 + i))
    cache.write_entry(warm / ("f" * 40 + ".days"), [b"y" * 5])
    assert sorted(p.name[-9:] for p in warm.iterdir()) == ["ffff.days"]


def test_a_warm_day_imports_no_pydantic(tmp_path):
    """The point of the slices: the models' classes are not even built."""
    env = {**os.environ, "PLANNER_CACHE_DIR": str(tmp_path / "cache"),
           "PLANNER_AGENDA": str(tmp_path / "agenda.json"), "PLANNER_NOW": "2026-11-22T12:00"}
    program = REAL / "json_voc_pretalx-rc3.json"
    if not program.is_file():
        program = MLSYS2021  # old enough to count as settled in any checkout
    cmd = [sys.executable, "-X", "importtime", "-m", "planner", "agenda", str(program)]
    first = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert first.returncode == 0 and "pydantic" in first.stderr  # loaded whole once
    again = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert again.returncode == 0 and again.stdout == first.stdout
    imported = [line.rsplit("|", 1)[-1].strip() for line in again.stderr.splitlines()
                if line.startswith("import time:")]
    assert "planner.dayslices" in imported
    assert not [m for m in imported if m.split(".")[0] == "pydantic" or m == "planner.model"]
