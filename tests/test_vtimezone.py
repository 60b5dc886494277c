"""VTIMEZONE blocks checked against zoneinfo by three readers that know nothing of the zone.

Each block is renamed to a TZID no zone database has, so a reader cannot fall back on
its own copy of the zone and must use the block.  Events are placed an hour before and
after every change zoneinfo knows in the years covered (and mid-way between changes),
at wall times that are neither skipped nor repeated, and each reader must put every one
at the instant zoneinfo does: icalendar, Home Assistant's `ical` (its own RRULE and
observance code) and vobject (tests/readers.py), and khal reading the calendar
as a file.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from planner.vtimezone import build_vtimezone, transitions

from .readers import READERS, by_ics_py, by_vobject
from .test_ics_khal import KHAL, khal  # noqa: F401  (the khal fixture)

UTC = timezone.utc
# The zones the bundled schedules and tests use, and the ones that break naive writers:
# southern summers, half-hour and 45-minute offsets, abolished and irregular DST, rule
# changes (US 2007, Moscow 2011 and 2014, Samoa skipping a day).
ZONES = [
    "America/Los_Angeles", "Europe/Berlin", "Europe/Lisbon", "America/New_York", "UTC",
    "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata",
    "Asia/Tokyo", "America/Sao_Paulo", "Asia/Tehran", "Africa/Casablanca",
    "America/Santiago", "Europe/Moscow", "Europe/Dublin", "Pacific/Apia",
    "America/Havana", "Asia/Gaza",
]
WINDOWS = [(2006, 2008), (2010, 2015), (2019, 2023), (2024, 2030)]


def probes(zone: ZoneInfo, first: int, last: int) -> list[datetime]:
    """UTC instants around every change in the years, with unambiguous wall times."""
    start = datetime(first, 1, 1, tzinfo=UTC)
    end = datetime(last + 1, 1, 1, tzinfo=UTC) - timedelta(days=1)
    found = transitions(zone, start, end)
    instants = [start + timedelta(days=40 * i) for i in range((end - start).days // 40)]
    for t in found:
        instants += [t.at - timedelta(minutes=61), t.at + timedelta(minutes=61),
                     t.at + timedelta(days=20)]
    out = []
    for u in sorted(set(instants)):
        if not start <= u < end:
            continue
        wall = u.astimezone(zone).replace(tzinfo=None)
        # Skip wall times that name no instant or two: no block could say which is meant.
        if all(wall.replace(tzinfo=zone, fold=f).astimezone(UTC) == u for f in (0, 1)):
            out.append(u)
    return out


def calendar_text(zone: ZoneInfo, first: int, last: int, instants: list[datetime]) -> str:
    # icalendar remembers a zone by its TZID for the whole process: one name per block.
    fake = f"Planner-Test/{zone.key.replace('/', '-')}-{first}-{last}"
    block = build_vtimezone(zone, first, last).to_ical().decode()
    block = block.replace(f"TZID:{zone.key}", f"TZID:{fake}")
    events = []
    for i, u in enumerate(instants):
        wall = u.astimezone(zone).strftime("%Y%m%dT%H%M%S")
        events.append(
            f"BEGIN:VEVENT\r\nUID:probe-{i}\r\nDTSTAMP:20200101T000000Z\r\n"
            f"DTSTART;TZID={fake}:{wall}\r\nDURATION:PT1M\r\nSUMMARY:probe {i}\r\nEND:VEVENT\r\n")
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//planner tests//EN\r\n" + block
            + "".join(events) + "END:VCALENDAR\r\n")


def cases():
    for reader in BLOCK_READERS:
        for name in ZONES:
            for first, last in WINDOWS:
                marks = []
                if reader is by_vobject and name == "Europe/Lisbon" and first == 2024:
                    # vobject takes a zone for UTC when it matches UTC on the days it
                    # samples, and drops it (dateutil, which it wraps, reads this right).
                    marks = [pytest.mark.xfail(strict=True, reason="vobject's UTC test")]
                yield pytest.param(name, first, last, reader, marks=marks,
                                   id=f"{name}-{first}-{last}-{reader.__name__}")


# ics-py is left out here: version 0.7 never reads VTIMEZONE blocks (an unknown TZID is
# taken as UTC), so it can only be asked about real zone names (test_ics_lifecycle).
BLOCK_READERS = [r for r in READERS if r is not by_ics_py]


@pytest.mark.parametrize(("name", "first", "last", "reader"), list(cases()))
def test_every_change_read_back_by_three_parsers(name, first, last, reader):
    zone = ZoneInfo(name)
    instants = probes(zone, first, last)
    assert len(instants) >= (last - first + 1) * 8
    # A TZID of its own per reader too: icalendar and vobject both remember zones by name.
    text = calendar_text(zone, first, last, instants).replace(
        "Planner-Test/", f"Planner-Test-{reader.__name__}/")
    want = {f"probe-{i}": u for i, u in enumerate(instants)}
    assert {uid: row["start"] for uid, row in reader(text).items()} == want


def onsets(block, until: datetime) -> set[tuple]:
    """Every onset the block states: (local wall time, offset from, offset to)."""
    from dateutil.rrule import rrulestr

    out = set()
    for obs in block.walk():
        if obs.name not in ("STANDARD", "DAYLIGHT"):
            continue
        start = obs.decoded("DTSTART")
        frm, to = obs.decoded("TZOFFSETFROM"), obs.decoded("TZOFFSETTO")
        times = {start}
        rdates = obs.get("RDATE", [])
        for prop in rdates if isinstance(rdates, list) else [rdates]:
            times |= {d.dt for d in prop.dts}
        if "RRULE" in obs:
            rule = rrulestr(obs["RRULE"].to_ical().decode(), dtstart=start)
            times |= set(rule.between(start, until.replace(tzinfo=None), inc=True))
        out |= {(t, frm, to) for t in times}
    return out


@pytest.mark.parametrize("name", ZONES)
def test_every_change_is_an_onset_in_the_old_wall_time(name):
    """RFC 5545: an onset is local time on TZOFFSETFROM (02:00 in New York's March, not
    03:00), and the block states every change of the years, and no other."""
    zone = ZoneInfo(name)
    block = build_vtimezone(zone, 2019, 2023)
    found = transitions(zone, datetime(2018, 1, 1, tzinfo=UTC), datetime(2024, 1, 1, tzinfo=UTC))
    stated = onsets(block, datetime(2024, 1, 1))
    changes = {(t.wall_before, t.offset_from, t.offset_to) for t in found}
    assert changes <= stated
    extra = stated - changes
    # Besides the changes, at most the opening observance (FROM == TO) of a block whose
    # year before had no change.
    assert all(frm == to for _, frm, to in extra) and len(extra) <= 1


def test_new_york_is_two_rules_as_calendar_apps_write_it():
    block = build_vtimezone(ZoneInfo("America/New_York"), 2021, 2021).to_ical().decode()
    assert "BEGIN:DAYLIGHT\r\nDTSTART:20200308T020000\r\nRRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3" in block
    assert "DTSTART:20201101T020000\r\nRRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11" in block
    assert block.count("BEGIN:DAYLIGHT") == block.count("BEGIN:STANDARD") == 1
    assert "UNTIL" not in block and "RDATE" not in block


def test_a_rule_that_stopped_is_written_as_dates():
    """The US moved its dates in 2007: the old April rule's last onset is 2006."""
    block = build_vtimezone(ZoneInfo("America/New_York"), 2006, 2008).to_ical().decode()
    assert "DTSTART:20050403T020000\r\nRDATE:20050403T020000\r\nRDATE:20060402T020000\r\n" in block
    assert "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3" in block


@pytest.mark.skipif(not KHAL.exists(), reason="khal is not installed in this venv")
@pytest.mark.parametrize("name", ["America/New_York", "Australia/Sydney", "Africa/Casablanca"])
def test_khal_reads_the_block_alone(khal, tmp_path, name):  # noqa: F811
    zone = ZoneInfo(name)
    instants = probes(zone, 2021, 2022)
    path = tmp_path / "probes.ics"
    path.write_text(calendar_text(zone, 2021, 2022, instants), encoding="utf-8", newline="")
    khal.import_(path)
    events = khal.events("2020-12-25", "2023-01-05")
    berlin = ZoneInfo("Europe/Berlin")
    got = {e["uid"]: e["start"] for e in events}
    assert got == {f"probe-{i}": u.astimezone(berlin).strftime("%Y-%m-%dT%H:%M")
                   for i, u in enumerate(instants)}
