"""Busy time from real calendar exports: recurrences, all-day events, zones, bad files."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from planner.picks.busy import busy_window, load_busy, parse_busy
from planner.clashes import Interval, find_clashes
from planner.errors import PlannerError
from planner.loader import load_schedules

from .conftest import DATA, MLSYS2021, ROOT

BUSY = DATA / "busy"
WORK = str(BUSY / "work-calendar.ics")  # Google export, Europe/Berlin
OUTLOOK = str(BUSY / "outlook-export.ics")  # Windows zone names
MIXED = str(BUSY / "mixed.ics")  # floating, all-day without end, one garbled event
BERLIN = ZoneInfo("Europe/Berlin")
LA = ZoneInfo("America/Los_Angeles")
UTC = ZoneInfo("UTC")


def spring(zone=UTC) -> tuple[datetime, datetime]:
    return datetime(2021, 3, 1, tzinfo=zone), datetime(2021, 6, 1, tzinfo=zone)


def local(iv: Interval, zone=BERLIN) -> tuple[str, str, str]:
    return (iv.label, iv.start.astimezone(zone).strftime("%Y-%m-%d %H:%M"),
            iv.end.astimezone(zone).strftime("%Y-%m-%d %H:%M"))


def test_weekly_rule_with_exdate_rdate_and_a_moved_occurrence():
    standups = [local(iv)[:2] for iv in load_busy([WORK], *spring()) if "standup" in iv.label]
    weekly = ["03-16", "03-23", "03-30", "04-06", "04-27", "05-04", "05-11", "05-18", "05-25"]
    expected = [("Team standup", f"2021-{d} 18:00") for d in weekly]
    expected.append(("Team standup", "2021-04-08 18:00"))  # RDATE: an extra Thursday
    expected.append(("Team standup (moved)", "2021-04-20 19:00"))  # RECURRENCE-ID override
    assert sorted(standups, key=lambda s: s[1]) == sorted(expected, key=lambda s: s[1])
    assert not any(day.startswith("2021-04-13") for _, day in standups)  # EXDATE
    # Berlin summer time starts 28 March: the wall clock stays 18:00, the instant moves.
    offsets = {iv.start.utcoffset() for iv in load_busy([WORK], *spring())
               if iv.label == "Team standup"}
    assert offsets == {timedelta(hours=1), timedelta(hours=2)}


def test_all_day_cancelled_and_transparent_events():
    events = load_busy([WORK], *spring())
    labels = {iv.label for iv in events}
    assert "Cancelled review" not in labels and "Focus time (free)" not in labels
    [vacation] = [iv for iv in events if iv.label == "Vacation day"]
    # An all-day event has no zone of its own: it is the calendar's (X-WR-TIMEZONE) day.
    assert local(vacation) == ("Vacation day", "2021-04-09 00:00", "2021-04-10 00:00")
    [dentist] = [iv for iv in events if iv.label == "Dentist"]
    assert dentist.start == datetime(2021, 4, 7, 16, 0, tzinfo=UTC)


def test_outlook_windows_zone_names_and_count_with_exdate():
    events = load_busy([OUTLOOK], *spring(), zone=LA)
    syncs = [iv.start.astimezone(LA).strftime("%a %d %H:%M") for iv in events
             if iv.label == "Sync with Priya"]
    assert syncs == ["Mon 05 09:30", "Tue 06 09:30", "Thu 08 09:30", "Fri 09 09:30"]
    assert "Lunch, with a comma" in {iv.label for iv in events}


def test_floating_and_all_day_events_use_the_given_zone_and_bad_events_are_reported():
    warnings: list[str] = []
    events = load_busy([MIXED], *spring(), zone=LA, warnings=warnings)
    by_label = {iv.label: iv for iv in events}
    assert set(by_label) == {"Good event", "Floating coffee", "Offsite (one day, no end)"}
    assert local(by_label["Floating coffee"], LA)[1:] == ("2021-04-06 10:00", "2021-04-06 10:30")
    assert local(by_label["Offsite (one day, no end)"], LA)[1:] == (
        "2021-04-07 00:00", "2021-04-08 00:00")
    assert len(warnings) == 1 and "Garbled start" in warnings[0] and "DTSTART" in warnings[0]


def test_expansion_stays_inside_the_window():
    window = (datetime(2021, 4, 5, tzinfo=UTC), datetime(2021, 4, 7, tzinfo=UTC))
    days = sorted(iv.start.date().isoformat() for iv in load_busy([WORK], *window))
    assert days == ["2021-04-06"]


def test_busy_window_spans_the_schedules_with_a_margin():
    [mlsys] = load_schedules([str(MLSYS2021)])
    lo, hi = busy_window([mlsys])
    first = min(t.start for t in mlsys.talks() if t.start)
    assert first - lo == timedelta(days=2)
    assert busy_window([]) is None


def test_picks_clash_with_a_recurring_meeting_across_zones():
    [mlsys] = load_schedules([str(MLSYS2021)])
    invited = next(t for t in mlsys.talks() if t.title.startswith("Directions"))
    pick = Interval(invited.id, invited.title, invited.start, invited.end, invited.estimated)
    # The Berlin standup at 18:00 CEST is 09:00 in Los Angeles, during the invited
    # talk (08:15-09:15, estimated), so it may clash for 15 minutes.
    [clash] = find_clashes([pick], load_busy([WORK], *busy_window([mlsys])))
    assert (clash.b.label, clash.kind, clash.overlap_minutes) == ("Team standup", "possible", 15)


@pytest.mark.parametrize("name, message", [
    ("outlook-export.csv", "is not an iCalendar file (it does not start with BEGIN:VCALENDAR)"),
    ("missing.ics", "does not exist"),
])
def test_bad_busy_files_are_one_sentence(name, message):
    with pytest.raises(PlannerError) as info:
        parse_busy(str(BUSY / name))
    assert message in info.value.message
    assert info.value.message.startswith(f"Busy calendar {BUSY / name} ")


def test_empty_and_directory_busy_files(tmp_path):
    empty = tmp_path / "empty.ics"
    empty.write_bytes(b"")
    with pytest.raises(PlannerError, match="it is empty"):
        parse_busy(str(empty))
    with pytest.raises(PlannerError, match="is a directory"):
        parse_busy(str(tmp_path))


def test_clashes_module_does_not_load_icalendar():
    code = ("import sys, planner.picks.store, planner.clashes, planner.picks.changes, planner.picks.busy; "
            "print(any(m.split('.')[0] in ('icalendar', 'recurring_ical_events') "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.strip() == "False"
