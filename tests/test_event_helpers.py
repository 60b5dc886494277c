"""The program readers' small helpers, and days that run past midnight."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from planner.loader import load_schedule
from planner.model import SessionKind
from planner.parsers.events import (
    fixed_zone_name, kind_of, parse_clock, parse_duration, plain_text, speakers_from_line,
    web_address, zone_of_city,
)


@pytest.mark.parametrize("text, expected", [
    ("00:30", timedelta(minutes=30)), ("01:30:15", timedelta(hours=1, minutes=30, seconds=15)),
    ("26:00", timedelta(hours=26)), ("PT1H30M", timedelta(hours=1, minutes=30)),
    ("PT45M", timedelta(minutes=45)), ("P1DT2H", timedelta(days=1, hours=2)),
    ("", None), ("soon", None), ("00:75", None), ("PT", None), (None, None),
])
def test_durations(text, expected):
    assert parse_duration(text) == expected


def test_clock_times():
    assert parse_clock("09:05").isoformat() == "09:05:00"
    assert parse_clock(" 23:59:59 ").isoformat() == "23:59:59"
    assert parse_clock("24:00") is None and parse_clock("9h") is None


@pytest.mark.parametrize("url, base, expected", [
    ("https://a.org/x", None, "https://a.org/x"),
    ("nymtech.net", None, "https://nymtech.net"),
    ("//cdn.org/s.pdf", None, "https://cdn.org/s.pdf"),
    ("/system/a.pdf?1", "https://fahrplan.events.ccc.de/camp/2019/Fahrplan/",
     "https://fahrplan.events.ccc.de/system/a.pdf?1"),
    ("../../slides/x.pdf", None, None),
    ("javascript:alert(1)", "https://a.org/", None),
    ("ftp://ftp.cs.man.ac.uk/pub/x.ppt", None, None),
    ("  ", None, None),
])
def test_web_addresses(url, base, expected):
    assert web_address(url, base) == expected


@pytest.mark.parametrize("event_type, title, kind", [
    ("lecture", "Opening Ceremony", SessionKind.REMARKS),
    ("lecture", "31C3 Keynote", SessionKind.TALK),
    ("Talk 30 min + 10min Q&A", "x", SessionKind.TALK),
    ("workshop", "x", SessionKind.WORKSHOP), ("WORKSHOP", "x", SessionKind.WORKSHOP),
    ("devroom", "x", SessionKind.TALK), ("junior", "x", SessionKind.WORKSHOP),
    ("podium", "x", SessionKind.PANEL), ("LIGHTNING_TALK", "x", SessionKind.TALK),
    ("breakout session", "x", SessionKind.TALK), ("", "Lunch", SessionKind.BREAK),
    ("", "Opening Keynote", SessionKind.KEYNOTE), ("other", "x", SessionKind.OTHER),
    (None, "A talk about coffee", SessionKind.TALK),
])
def test_kinds(event_type, title, kind):
    assert kind_of(event_type, title) is kind


def test_plain_text_from_html_and_from_text():
    assert plain_text("<p>A <b>bold</b> &amp; x</p>\n<p>B</p><ul><li>one</li><li>two</li></ul>") \
        == "A bold & x\n\nB\n\n• one\n\n• two"
    assert plain_text("  one   line\t") == "one line"
    assert plain_text("first\r\n\r\nsecond\r\nline") == "first\n\nsecond line"
    assert plain_text("3 < 4 and R&D") == "3 < 4 and R&D"
    assert plain_text(None) == ""


def test_speaker_lines_keep_affiliations_with_commas():
    people = speakers_from_line("Ana Ruiz (University of Leuven, Belgium), Bo Li and Cy Ng")
    assert [(p.name, p.affiliation) for p in people] == [
        ("Ana Ruiz", "University of Leuven, Belgium"), ("Bo Li", None), ("Cy Ng", None)]


def test_zones_by_city_and_by_offset():
    assert zone_of_city("Brussels") == "Europe/Brussels"
    assert zone_of_city("New York") == "America/New_York"
    assert zone_of_city("Atlantis") is None and zone_of_city("") is None
    assert fixed_zone_name(timedelta(hours=1)) == "Etc/GMT-1"
    assert fixed_zone_name(timedelta(hours=-5)) == "Etc/GMT+5"
    assert fixed_zone_name(timedelta(0)) == "UTC"
    assert fixed_zone_name(timedelta(hours=5, minutes=30)) is None


def test_frab_day_change_puts_small_hours_on_the_next_date(tmp_path):
    path = tmp_path / "late.xml"
    path.write_text("""<schedule>
  <conference><title>Late</title><day_change>06:00</day_change>
    <time_zone_name>Europe/Berlin</time_zone_name></conference>
  <day index="1" date="2024-03-30"><room name="Club">
    <event guid="a"><start>23:30</start><duration>01:00</duration><title>Late set</title></event>
    <event guid="b"><start>02:00</start><duration>01:00</duration><title>Night set</title></event>
  </room></day>
</schedule>""", encoding="utf-8")
    late, night = load_schedule(path).talks()
    assert late.start.isoformat() == "2024-03-30T23:30:00+01:00"
    # 02:00 on the 31st does not exist in Berlin (clocks go forward): zoneinfo keeps the
    # wall time and the offset of before the change, as Python does.
    assert night.start.isoformat()[:16] == "2024-03-31T02:00"
    assert late.end.isoformat() == "2024-03-31T00:30:00+01:00"


def test_json_events_without_a_date_roll_over_at_the_days_start(tmp_path):
    data = {"schedule": {"conference": {"title": "Camp", "time_zone_name": "Europe/Berlin",
            "days": [{"index": 1, "date": "2019-08-21", "day_start": "2019-08-21T09:00:00+02:00",
                      "rooms": {"Curie": [
                          {"guid": "a", "title": "Evening", "start": "22:00",
                           "duration": "01:00"},
                          {"guid": "b", "title": "Night", "start": "01:30",
                           "duration": "00:30"}]}}]}}}
    path = tmp_path / "camp.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    evening, night = load_schedule(path).talks()
    assert evening.start.isoformat() == "2019-08-21T22:00:00+02:00"
    assert night.start.isoformat() == "2019-08-22T01:30:00+02:00"
