"""Busy calendars shaped like real exports (tests/data/busy/README.md): what reads is
kept, the rest is reported with its line; zones from Outlook; declines; the cache."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planner.picks.busy import load_busy, parse_busy, read_busy
from planner.picks.busy_zones import iana_name

from .conftest import DATA, ROOT

BUSY = DATA / "busy"
UTC = ZoneInfo("UTC")
BERLIN = ZoneInfo("Europe/Berlin")
LA = ZoneInfo("America/Los_Angeles")
APRIL = (datetime(2021, 4, 1, tzinfo=UTC), datetime(2021, 4, 15, tzinfo=UTC))


def read(name: str, zone=BERLIN, window=APRIL) -> tuple[list[tuple[str, str, str]], list[str]]:
    """(label, start, end) in UTC, sorted, and the warnings."""
    warnings: list[str] = []
    events = load_busy([str(BUSY / name)], *window, zone=zone, warnings=warnings)
    spans = sorted((iv.label, iv.start.astimezone(UTC).strftime("%m-%d %H:%M"),
                    iv.end.astimezone(UTC).strftime("%m-%d %H:%M")) for iv in events)
    return spans, warnings


def test_icloud_export_with_a_historical_offset_reads_whole():
    # Its Kolkata VTIMEZONE opens with TZOFFSETFROM:+5328, which icalendar refuses
    # (the whole file, before); the zone has an IANA name, so the tz database reads it.
    spans, warnings = read("icloud-home.ics")
    assert spans == [
        ("Call with parents", "04-04 13:30", "04-04 14:30"),  # 19:00 IST, weekly since 2020
        ("Call with parents", "04-11 13:30", "04-11 14:30"),
        ("Flight to Bengaluru", "04-06 16:45", "04-06 20:00"),  # 22:15 IST to 01:30
        ("Passport renewal", "04-07 18:30", "04-08 18:30"),  # all day in X-WR-TIMEZONE
        ("Visa interview", "04-12 08:30", "04-12 09:30"),  # Europe/Berlin, CEST
    ]
    assert warnings == []


def test_a_download_cut_short_keeps_the_whole_events():
    spans, warnings = read("google-cut-short.ics")
    assert spans == [("1:1 with Jonas", "04-07 12:00", "04-07 13:00"),
                     ("Quarterly planning", "04-06 08:00", "04-06 09:00")]
    assert warnings == [f"Busy calendar {BUSY / 'google-cut-short.ics'}, line 36: an event is "
                        "cut off (the file ends before its END:VEVENT); it is left out."]


def test_missing_end_vcalendar_loses_nothing():
    spans, warnings = read("thunderbird-no-end.ics")
    assert spans == [("Elternabend", "04-07 17:00", "04-07 18:30"),
                     ("Zahnarzt", "04-06 06:30", "04-06 07:30")]
    assert warnings == []


def test_old_mac_line_ends():
    data = (BUSY / "ical1-mac-cr.ics").read_bytes()
    assert b"\n" not in data and data.count(b"\r") > 10
    spans, warnings = read("ical1-mac-cr.ics", zone=LA)
    # The all-day birthday is a New York day (X-WR-TIMEZONE), not a Los Angeles one.
    assert spans == [("Lunch with Dana", "04-06 17:00", "04-06 18:00"),
                     ("Mom's birthday", "04-08 04:00", "04-09 04:00")]
    assert warnings == []


@pytest.mark.parametrize("name, label, start, end", [
    ("outlook-utf16.ics", "Übergabe Projekt Größe", "04-06 08:00", "04-06 09:30"),
    # Notes names its zone "Romance": no IANA or Windows name, so the file's VTIMEZONE.
    ("notes-latin1.ics", "Réunion d'équipe à Besançon", "04-07 07:00", "04-07 08:30"),
])
def test_utf16_and_latin1_exports(name, label, start, end):
    assert (BUSY / name).read_bytes()[:2] in (b"\xff\xfe", b"BE")
    assert read(name) == ([(label, start, end)], [])


def test_one_bad_exdate_costs_only_itself():
    spans, warnings = read("google-bad-exdate.ics")
    days = [start[:5] for _, start, _ in spans]
    # Mondays, Wednesdays, Fridays 09:30 Berlin; 5 April excluded by the good EXDATE;
    # 9 April's EXDATE lacks a digit, so that morning stays busy (the safe side).
    assert days == ["04-02", "04-07", "04-09", "04-12", "04-14"]
    assert warnings == [
        f"Busy calendar {BUSY / 'google-bad-exdate.ics'}, line 13: event 'Daily scrum' has an "
        "EXDATE that cannot be read (20210409T09300); the series is kept without it."]


def test_outlook_display_names_are_placed_whatever_the_display_zone():
    berlin = read("outlook2003-display-names.ics", zone=BERLIN)
    assert berlin == read("outlook2003-display-names.ics", zone=LA)
    spans, warnings = berlin
    assert spans == [
        # 09:00 in Sydney, whose summer time ended on 4 April: 23:00 UTC the day before
        ("Board call", "04-06 23:00", "04-07 00:00"),
        ("Supplier review (Frankfurt)", "04-08 13:00", "04-08 14:00"),  # W. Europe, CEST
    ]
    assert warnings == [
        f"Busy calendar {BUSY / 'outlook2003-display-names.ics'}, line 46: event 'Vendor demo' "
        "is left out (its zone 'Customized Time Zone' is no zone name planner knows, and "
        "the file does not define it)."]


def test_display_names_need_no_vtimezone(tmp_path):
    """Without the file's VTIMEZONE the display name alone places the event (it was
    read in the display zone before: 15 hours off in Los Angeles)."""
    text = (BUSY / "outlook2003-display-names.ics").read_bytes()
    bare = tmp_path / "bare.ics"
    bare.write_bytes(re.sub(rb"BEGIN:VTIMEZONE.*END:VTIMEZONE\r\n", b"", text, flags=re.S))
    assert b"VTIMEZONE" not in bare.read_bytes() and b"Board call" in bare.read_bytes()
    for zone in (LA, BERLIN):
        events = load_busy([str(bare)], *APRIL, zone=zone)
        board = next(iv for iv in events if iv.label == "Board call")
        assert board.start == datetime(2021, 4, 6, 23, 0, tzinfo=UTC)


@pytest.mark.parametrize("tzid, iana", [
    ("(GMT+10:00) Canberra, Melbourne, Sydney", "Australia/Canberra"),
    ("(UTC+10:00) Canberra, Melbourne, Sydney", "Australia/Canberra"),
    ("(GMT+10.00) Canberra, Melbourne, Sydney", "Australia/Canberra"),
    ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Amsterdam"),
    ("(GMT-05:00) Eastern Time (US & Canada)", "America/New_York"),
    ("(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London", "Europe/London"),
    ("(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi", "Asia/Kolkata"),
    ("(UTC+06:30) Yangon (Rangoon)", "Asia/Yangon"),
    # Chihuahua left UTC-7 in 2022: the bracketed offset picks the city still there.
    ("(UTC-07:00) Chihuahua, La Paz, Mazatlan", "America/Mazatlan"),
    ("W. Europe Standard Time", "Europe/Berlin"),
    ("AUS Eastern Standard Time", "Australia/Sydney"),
    ("/mozilla.org/20050126_1/Europe/Berlin", "Europe/Berlin"),
    ("Europe/Berlin", "Europe/Berlin"),
    ("Customized Time Zone", None),
    ("tzone://Microsoft/Custom", None),
    ("(UTC+04:00) Nowhere Town", None),
])
def test_zone_names(tzid, iana):
    assert iana_name(tzid) == iana


def test_declined_meetings_are_not_busy_and_an_all_day_event_is_a_day():
    # Google names a primary calendar after its owner's address.
    spans, _ = read("google-declined.ics", zone=BERLIN)
    assert spans == [
        ("Out of office", "04-08 07:00", "04-09 07:00"),  # DTEND = DTSTART: one LA day
        ("Roadmap review", "04-06 18:00", "04-06 19:00"),  # another guest declined
    ]
    # ("Vendor pitch", which ana.lima declined, is gone.)


def test_the_owner_is_the_address_at_most_meetings(monkeypatch):
    # Exchange names no owner: bo.chen is at all three meetings, the others at fewer.
    spans, _ = read("exchange-meetings.ics")
    assert [s[0] for s in spans] == ["Design critique", "Hiring sync"]
    assert parse_busy(str(BUSY / "exchange-meetings.ics")).me == {"bo.chen@example.com"}
    monkeypatch.setenv("PLANNER_EMAIL", "Kim.Ortiz@example.com")  # stated: no guessing
    spans, _ = read("exchange-meetings.ics")
    assert [s[0] for s in spans] == ["Budget walkthrough", "Design critique", "Hiring sync"]


def test_events_far_from_the_window_are_not_read(tmp_path):
    text = (BUSY / "mixed.ics").read_text().replace("20210406Tnoon", "20190406Tnoon")
    text = text.replace("DTEND:20210406T130000Z", "DTEND:20190406T130000Z")
    cal = tmp_path / "old.ics"
    cal.write_text(text)
    assert [w for w in parse_busy(str(cal)).skipped if "Garbled" in w]  # whole read
    _, warnings = read_busy(str(cal), *APRIL, BERLIN)
    assert warnings == []  # a 2019 event is never parsed for an April 2021 conference


CHILD = """
import json, sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo
from planner.picks.busy import read_busy
window = (datetime(2021, 4, 1, tzinfo=timezone.utc), datetime(2021, 4, 15, tzinfo=timezone.utc))
spans, warnings = read_busy(sys.argv[1], *window, ZoneInfo("Europe/Berlin"))
print(json.dumps({"icalendar": "icalendar" in sys.modules, "warnings": warnings,
                  "spans": [[s.key, s.label, s.start.isoformat(), s.end.isoformat(),
                             str(s.start.tzinfo)] for s in spans]}))
"""


def _child(path, env) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                         text=True, cwd=ROOT, env=env, check=True).stdout
    return json.loads(out)


def test_a_repeated_read_comes_from_the_cache_until_the_file_changes(tmp_path):
    cal = tmp_path / "google.ics"
    cal.write_bytes((BUSY / "google-bad-exdate.ics").read_bytes())
    env = {**os.environ, "PLANNER_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("PLANNER_CACHE", None)
    first = _child(cal, env)
    second = _child(cal, env)
    assert first["icalendar"] and not second["icalendar"]  # answered without parsing
    assert second["spans"] == first["spans"] and second["warnings"] == first["warnings"]
    assert len(first["spans"]) == 5 and first["warnings"]
    assert {s[4] for s in second["spans"]} == {"Europe/Berlin"}  # zones come back
    [entry] = (tmp_path / "cache").glob("*.busy")
    assert b"pickle" not in entry.read_bytes() and entry.stat().st_mode & 0o077 == 0

    # The file changes (the bad EXDATE fixed): read again, not from the cache.
    cal.write_bytes(cal.read_bytes().replace(b"T09300\r\n", b"T093000\r\n"))
    third = _child(cal, env)
    assert third["icalendar"] and len(third["spans"]) == 4 and third["warnings"] == []

    # A damaged entry is thrown away and the calendar read again.
    for entry in (tmp_path / "cache").glob("*.busy"):
        data = bytearray(entry.read_bytes())
        data[-3] ^= 0x20
        entry.write_bytes(bytes(data))
    fourth = _child(cal, env)
    assert fourth["icalendar"] and fourth["spans"] == third["spans"]


def _busy_gen():
    import importlib.util

    spec = importlib.util.spec_from_file_location("busy_gen", ROOT / "bench" / "busy_gen.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """2,000 synthetic events of twelve years (weekly and monthly rules, UNTILs, EXDATEs,
    moved occurrences), and the calendar read whole."""
    cal = tmp_path_factory.mktemp("gen") / "work.ics"
    cal.write_bytes(_busy_gen().calendar(events=2000, seed=7).encode())
    return cal, parse_busy(str(cal), BERLIN)


@pytest.mark.parametrize("window", [
    (datetime(2021, 3, 30, tzinfo=UTC), datetime(2021, 4, 12, tzinfo=UTC)),
    (datetime(2014, 1, 1, tzinfo=UTC), datetime(2014, 2, 20, tzinfo=UTC)),
    (datetime(2026, 12, 20, tzinfo=UTC), datetime(2027, 1, 10, tzinfo=UTC)),
])
def test_reading_only_near_the_window_finds_what_reading_all_finds(generated, window):
    """The fast path (events judged by their text's dates, most never parsed) against
    the plain one (every event parsed)."""
    from planner.picks.busy import expand

    cal, whole = generated
    fast = parse_busy(str(cal), BERLIN, window=window)
    assert len(fast.calendar.subcomponents) < len(whole.calendar.subcomponents) / 5
    found = expand(fast, *window)
    assert found == expand(whole, *window) and len(found) > 10


def test_an_unreadable_observance_costs_only_itself(tmp_path):
    """A zone only the file defines ("Romance", Lotus Notes) with a bad historical
    observance added in front, as iCloud writes them: the zone loses that observance."""
    text = (BUSY / "notes-latin1.ics").read_bytes()
    bad = (b"BEGIN:STANDARD\r\nDTSTART:18910315T000000\r\nTZOFFSETFROM:+5328\r\n"
           b"TZOFFSETTO:+0100\r\nEND:STANDARD\r\n")
    at = text.index(b"BEGIN:STANDARD")
    cal = tmp_path / "notes.ics"
    cal.write_bytes(text[:at] + bad + text[at:])
    spans, warnings = read_busy(str(cal), *APRIL, BERLIN)
    [meeting] = spans
    assert meeting.start == datetime(2021, 4, 7, 7, 0, tzinfo=UTC)
    assert warnings == [f"Busy calendar {cal}, line 8: an observance of zone 'Romance' "
                        "cannot be read; the zone is read without it."]


def test_two_files_may_define_one_zone_name_differently(tmp_path):
    """Outlook calls every zone it cannot name "Customized Time Zone"; icalendar keeps
    zones by name for the whole process, so each file's own definition must win."""
    def export(offset: str) -> str:
        return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Microsoft Corporation//Outlook "
                "16.0 MIMEDIR//EN\r\nBEGIN:VTIMEZONE\r\nTZID:Customized Time Zone\r\n"
                f"BEGIN:STANDARD\r\nDTSTART:16010101T000000\r\nTZOFFSETFROM:{offset}\r\n"
                f"TZOFFSETTO:{offset}\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\n"
                "UID:x\r\nDTSTART;TZID=\"Customized Time Zone\":20210407T090000\r\n"
                "DTEND;TZID=\"Customized Time Zone\":20210407T100000\r\nSUMMARY:Call\r\n"
                "END:VEVENT\r\nEND:VCALENDAR\r\n")

    (tmp_path / "east.ics").write_text(export("+1000"), newline="")
    (tmp_path / "west.ics").write_text(export("-0500"), newline="")
    starts = [read_busy(str(tmp_path / name), *APRIL, BERLIN)[0][0].start.astimezone(UTC)
              for name in ("east.ics", "west.ics")]
    assert starts == [datetime(2021, 4, 6, 23, 0, tzinfo=UTC),
                      datetime(2021, 4, 7, 14, 0, tzinfo=UTC)]


def test_a_calendar_named_zone_may_be_a_windows_name(tmp_path):
    """Outlook.com writes X-WR-TIMEZONE with a Windows name: all-day events are days
    there, not in the display zone."""
    text = (BUSY / "ical1-mac-cr.ics").read_bytes().replace(
        b"X-WR-TIMEZONE:America/New_York", b"X-WR-TIMEZONE:Eastern Standard Time")
    cal = tmp_path / "outlook-com.ics"
    cal.write_bytes(text)
    events = load_busy([str(cal)], *APRIL, zone=BERLIN)
    birthday = next(iv for iv in events if iv.label == "Mom's birthday")
    assert birthday.start == datetime(2021, 4, 8, 4, 0, tzinfo=UTC)


def test_a_pipe_is_read_but_never_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(tmp_path / "cache"))
    fifo = tmp_path / "calendar.ics"
    os.mkfifo(fifo)
    data = (BUSY / "thunderbird-no-end.ics").read_bytes()
    assert len(data) < 16_384  # fits in the pipe's buffer
    # The calendar is in the pipe before planner opens it (planner never blocks on a
    # FIFO, so a writer still starting would be a race): a reader held open here keeps
    # the pipe alive while the writer fills it and closes.
    keep = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        w = os.open(fifo, os.O_WRONLY)
        os.write(w, data)
        os.close(w)
        spans, _ = read_busy(str(fifo), *APRIL, BERLIN)
    finally:
        os.close(keep)
    assert len(spans) == 2 and not list((tmp_path / "cache").glob("*.busy"))
