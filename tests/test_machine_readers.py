"""The machine-readable program readers on real files: counts, instants, rooms, links.

Every expectation is computed here from the file itself with plain ElementTree, json,
csv or icalendar, never from planner.  The excerpts in tests/data/ always run (CI
checks out the repository alone); the whole files in ../shared/data/real/ run when
they are beside the checkout.
"""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
from collections import Counter
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest

from planner.loader import load_schedule
from planner.model import Schedule, SessionKind
from planner.parsers import detect

from .conftest import DATA, ROOT

REAL = ROOT.parent / "shared" / "data" / "real"


def real(name: str) -> Path:
    path = REAL / name
    if not path.is_file():
        pytest.skip(f"{path} is not beside this checkout")
    return path


FRAB = {
    "31c3": DATA / "frab-xml" / "31c3-excerpt.xml",
    "fosdem2007": DATA / "frab-xml" / "fosdem2007-excerpt.xml",
    "fosdem2024": DATA / "frab-xml" / "fosdem2024-excerpt.xml",
    "real-31c3": "frab_31c3_schedule.xml",
    "real-fosdem2007": "frab_fosdem2007_schedule.xml",
    "real-fosdem2024": "frab_fosdem2024_schedule.xml",
}
JSON = {
    "camp2019": DATA / "schedule-json" / "frab-camp2019-excerpt.json",
    "rc3": DATA / "schedule-json" / "pretalx-rc3-excerpt.json",
    "democon": DATA / "schedule-json" / "pretalx-democon-excerpt.json",
    "hub": DATA / "schedule-json" / "hub-schedule2.json",
    "real-camp2019": "json_voc_frab-camp2019.json",
    "real-rc3": "json_voc_pretalx-rc3.json",
    "real-democon": "json_voc_pretalx-democon.json",
    "real-hub": "json_voc_hub-schedule2.json",
}
ICS = {
    "pyconuk": DATA / "ics" / "pyconuk2015-excerpt.ics",
    "moca": DATA / "ics" / "moca2024-excerpt.ics",
    "real-pyconuk": "ics_pyconuk2015_schedule.ics",
    "real-moca": "ics_moca2024_schedule.ics",
}


def path_of(spec: Path | str) -> Path:
    return spec if isinstance(spec, Path) else real(spec)


def talks_by_line(schedule: Schedule) -> dict[int, object]:
    return {t.line: t for t in schedule.talks()}


def assert_in_own_zone(schedule: Schedule) -> None:
    for t in schedule.talks():
        assert getattr(t.start.tzinfo, "key", None) == schedule.timezone, t
        assert not t.estimated and not t.end_estimated
    for s in schedule.sessions:
        assert s.standalone and len(s.talks) == 1 and s.talks[0].title == s.title
        assert s.location == s.talks[0].location and s.start == s.talks[0].start


# -- frab / Pentabarf XML -------------------------------------------------------------

def frab_truth(path: Path) -> list[dict]:
    """Each event as the file states it, with its line (iterparse counts lines)."""
    root = ET.parse(path).getroot()
    conf = root.find("conference")
    day_change = conf.findtext("day_change") if conf is not None else None
    out = []
    for day in root.iter("day"):
        for ev in day.iter("event"):
            links = [a.get("href") for tag in ("links/link", "attachments/attachment")
                     for a in ev.findall(tag) if (a.get("href") or "").strip()]
            out.append({
                "guid": ev.get("guid"), "id": ev.get("id"), "title": ev.findtext("title"),
                "room": ev.findtext("room"), "date": ev.findtext("date"),
                "day": day.get("date"), "start": ev.findtext("start"),
                "duration": ev.findtext("duration"), "links": links,
                "persons": [p.text for p in ev.iter("person")], "day_change": day_change,
                "track": ev.findtext("track"),
            })
    return out


def frab_instant(ev: dict, zone: ZoneInfo) -> datetime:
    if ev["date"]:
        return datetime.fromisoformat(ev["date"])
    h, m = map(int, ev["start"].split(":")[:2])
    day = date.fromisoformat(ev["day"])
    if ev["day_change"] and time(h, m) < time.fromisoformat(ev["day_change"]):
        day += timedelta(days=1)
    return datetime.combine(day, time(h, m), tzinfo=zone)


def duration(text: str) -> timedelta:
    parts = [int(p) for p in text.split(":")]
    return timedelta(hours=parts[0], minutes=parts[1], seconds=parts[2] if len(parts) > 2 else 0)


@pytest.mark.parametrize("spec", FRAB.values(), ids=FRAB.keys())
def test_frab_counts_instants_rooms_and_links(spec):
    path = path_of(spec)
    truth = frab_truth(path)
    schedule = load_schedule(path)
    assert schedule.format == "frab-xml"
    talks = schedule.talks()
    assert len(schedule.sessions) == len(talks) == len(truth)
    assert_in_own_zone(schedule)
    zone = ZoneInfo(schedule.timezone)
    # Every event is found once, by its title and start, with its room, links, people.
    found = Counter((t.title, t.start.timestamp(), t.location) for t in talks)
    for ev in truth:
        start = frab_instant(ev, zone)
        key = (" ".join(ev["title"].split()), start.timestamp(), ev["room"])
        assert found[key] >= 1, key
    assert Counter(t.location for t in talks) == Counter(ev["room"] for ev in truth)
    # Every link is kept, or counted among those with no address to open (FOSDEM 2007's
    # `../../slides/…`, relative to a page nobody names).
    left_out = next((int(d.message.split()[0]) for d in schedule.diagnostics
                     if d.code == "links-left-out"), 0)
    assert sum(len(t.links) for t in talks) + left_out == sum(len(ev["links"]) for ev in truth)
    assert all(link.url.startswith(("http://", "https://")) for t in talks for link in t.links)
    assert sum(len(t.speakers) for t in talks) == sum(
        len(set(p.strip().casefold() for p in ev["persons"] if p and p.strip()))
        for ev in truth)
    assert {t.track for t in talks} == {ev["track"] or None for ev in truth}
    for t in talks:  # ends are start + duration, exactly
        ev = next(e for e in truth if " ".join(e["title"].split()) == t.title
                  and frab_instant(e, zone).timestamp() == t.start.timestamp())
        assert t.end - t.start == duration(ev["duration"])
    assert len({t.id for t in talks}) == len(talks)


def test_31c3_names_no_zone_so_its_offset_shows_and_midnight_stays_with_its_day():
    schedule = load_schedule(FRAB["31c3"])
    assert schedule.timezone == "Etc/GMT-1" and schedule.label == \
        "31. Chaos Communication Congress 2014"
    assert [d.code for d in schedule.diagnostics] == ["zone-from-offsets"]
    late = [t for t in schedule.talks() if t.start.hour < 4]
    assert late  # 00:15 in the file: the next calendar date, as its <date> says
    for t in late:
        assert t.start.isoformat()[:10] in ("2014-12-28", "2014-12-29", "2014-12-30",
                                            "2014-12-31")
    keynote = next(t for t in schedule.talks() if t.title == "31C3 Keynote")
    assert keynote.start.isoformat() == "2014-12-27T11:30:00+01:00"
    assert keynote.abstract.startswith("A New Dawn")  # the subtitle leads the abstract
    german = next(t for t in schedule.talks() if t.title == "Mit Kunst die Gesellschaft hacken")
    assert german.language == "de" and german.track == "Ethics, Society & Politics"


def test_fosdem_2024_is_in_brussels_by_its_city_and_abstracts_are_plain_text():
    schedule = load_schedule(FRAB["fosdem2024"])
    assert schedule.timezone == "Europe/Brussels" and schedule.label == "FOSDEM 2024"
    assert [d.code for d in schedule.diagnostics] == ["zone-from-city"]
    for t in schedule.talks():
        assert "<p>" not in t.abstract and "&lt;" not in t.abstract
    first = min(schedule.talks(), key=lambda t: (t.start, t.title))
    assert first.start.isoformat() == "2024-02-03T10:30:00+01:00"
    packets = next(t for t in schedule.talks() if "packets going" in t.title)
    assert [link.label for link in packets.links] == ["Open Source repository", "Slides"]
    assert packets.location == "UB4.136" and packets.kind is SessionKind.TALK


def test_fosdem_2007_pentabarf_events_under_the_day_with_html_abstracts():
    schedule = load_schedule(FRAB["fosdem2007"])
    aiglx = next(t for t in schedule.talks() if t.title == "AIGLX")
    assert aiglx.start.isoformat() == "2007-02-25T15:00:00+01:00"
    assert aiglx.end.isoformat() == "2007-02-25T15:45:00+01:00"
    assert aiglx.location == "Chavanne" and aiglx.track == "Desktop Applications"
    assert aiglx.abstract.startswith("In this talk, Kristian will take a look")
    assert "AIGLX fits in the larger picture." in aiglx.abstract and "<a" not in aiglx.abstract
    assert [(link.label, link.url) for link in aiglx.links] == [
        ("Video (Ogg/Theora)", "http://video.fosdem.org/2007/FOSDEM2007-AIGLX.ogg")]
    assert [s.name for s in aiglx.speakers] == ["Kristian Høgsberg"]
    # Not sorted in the file; sorted by time here.
    starts = [s.start for s in schedule.sessions]
    assert starts == sorted(starts)


# -- c3voc / pretalx JSON ---------------------------------------------------------------

def json_truth(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))["schedule"]
    out = []
    for day in data["conference"].get("days", []):
        for room, events in day.get("rooms", {}).items():
            for ev in events:
                out.append(dict(ev, _room=room))
    for ev in data.get("events", []):
        out.append(dict(ev, _room=ev["room"]["name"]))
    return out


@pytest.mark.parametrize("spec", JSON.values(), ids=JSON.keys())
def test_json_counts_instants_rooms_and_links(spec):
    path = path_of(spec)
    truth = json_truth(path)
    schedule = load_schedule(path)
    assert schedule.format == "schedule-json"
    assert_in_own_zone(schedule)
    talks = {t.line: t for t in schedule.talks()}
    assert len(schedule.sessions) == len(truth) == len(talks)
    by_title_start = {(t.title, t.start.timestamp()): t for t in schedule.talks()}
    for ev in truth:
        start = datetime.fromisoformat(ev.get("date") or ev["start"])
        t = by_title_start[(" ".join(ev["title"].split()), start.timestamp())]
        end = datetime.fromisoformat(ev["end"]) if "T" in str(ev.get("end", "")) else \
            start + duration(ev["duration"])
        assert t.end.timestamp() == end.timestamp()
        assert t.location == ev["_room"]
        assert t.url == ev.get("url")
        links = [x for k in ("links", "attachments") for x in ev.get(k) or []]
        assert len(t.links) == len(links)
        assert all(link.url.startswith(("http://", "https://")) for link in t.links)
        people = ev.get("persons") or [p for p in ev.get("participants", [])
                                       if p.get("role") in ("SPEAKER", "MODERATOR", "HOST")]
        assert len(t.speakers) == len(people)
        assert t.language == ev.get("language")


def test_pretalx_rc3_names_no_zone_and_democon_says_utc_against_its_offsets():
    rc3 = load_schedule(JSON["rc3"])
    assert rc3.timezone == "Etc/GMT-1"
    assert [d.code for d in rc3.diagnostics] == ["zone-from-offsets"]
    first = rc3.sessions[0].talks[0]
    assert first.start.isoformat() == "2020-12-27T11:30:00+01:00"
    assert [s.name for s in first.speakers] == ["Chris Fiege", "Kasa"]
    democon = load_schedule(JSON["democon"])
    assert democon.timezone == "UTC"
    assert [d.code for d in democon.diagnostics] == ["zone-disagrees"]
    # 09:00+01:00 in the file: the same instant, shown at 08:00 UTC.
    assert democon.sessions[0].start.isoformat() == "2020-12-14T08:00:00+00:00"


def test_hub_schedule2_flat_events_with_references():
    hub = load_schedule(JSON["hub"])
    assert hub.timezone == "Europe/Berlin" and len(hub.sessions) == 2
    opening, night = (s.talks[0] for s in hub.sessions)
    assert opening.start.isoformat() == "2024-12-27T10:30:00+01:00"
    assert opening.kind is SessionKind.OTHER and opening.track == "CCC"
    assert [s.name for s in opening.speakers] == ["Gabriela Bogk", "Aline Blankertz"]
    assert [link.label for link in opening.links] == ["foo bar", "origin", "feedback", "slides"]
    assert night.start.isoformat() == "2024-12-28T00:15:00+01:00"
    assert night.track == "Hardware & Making" and night.location == "Saal ZIGZAG"
    assert night.abstract.startswith("Most Wanted Using Deep Reinforcement Learning")


# -- iCalendar --------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ICS.values(), ids=ICS.keys())
def test_ics_counts_instants_and_rooms(spec):
    path = path_of(spec)
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    events = cal.walk("VEVENT")
    schedule = load_schedule(path)
    assert schedule.format == "ics"
    assert_in_own_zone(schedule)
    assert len(schedule.sessions) == len(events)
    got = Counter((t.start.timestamp(), t.location) for t in schedule.talks())
    want = Counter((e.decoded("DTSTART").timestamp(), str(e["LOCATION"]).strip())
                   for e in events)
    assert got == want
    ends = Counter(t.end.timestamp() for t in schedule.talks())
    assert ends == Counter((e.decoded("DTEND") if "DTEND" in e else e.decoded("DTSTART"))
                           .timestamp() for e in events)
    assert sum(1 for t in schedule.talks() if t.url) == sum(1 for e in events if "URL" in e)
    assert len({t.id for t in schedule.talks()}) == len(events)


def test_pyconuk_speaker_in_summary_and_utc_without_a_zone():
    schedule = load_schedule(ICS["pyconuk"])
    assert schedule.label == "PyCon UK 2015" and schedule.timezone == "UTC"
    codes = Counter(d.code for d in schedule.diagnostics)
    assert codes == {"zone-from-offsets": 1, "no-end": 5}
    pylint = next(t for t in schedule.talks() if t.title == "Analyzing Python with Pylint")
    assert [s.name for s in pylint.speakers] == ["Claudiu Popa"]
    assert pylint.url == "http://www.pyconuk.org/talks/analyzing-python-with-pylint/"
    assert pylint.abstract == ""  # the description was only the address
    keynote = next(t for t in schedule.talks() if t.title.startswith("Keynote: Daniele"))
    assert keynote.kind is SessionKind.KEYNOTE  # the title's word beats "(talk by …)"
    assert keynote.title == "Keynote: Daniele Procida All I really want is power"
    assert [s.name for s in keynote.speakers] == ["Daniele Procida"]
    social = next(t for t in schedule.talks() if t.title.startswith("The Friday Night"))
    assert social.start == social.end  # no DTEND: it ends as it starts (RFC 5545)


def test_pyconuk_in_its_own_zone_when_told():
    from planner.loader import LoadOptions

    utc = load_schedule(ICS["pyconuk"])
    london = load_schedule(ICS["pyconuk"], LoadOptions(source_tz="Europe/London"))
    assert london.timezone == "Europe/London"
    assert [t.start.timestamp() for t in london.talks()] == \
        [t.start.timestamp() for t in utc.talks()]
    assert london.sessions[0].start.isoformat() == "2015-09-18T08:00:00+01:00"


def test_moca_sloppy_calendar_is_read_with_diagnostics():
    schedule = load_schedule(ICS["moca"])
    assert schedule.timezone == "Europe/Rome"
    codes = [d.code for d in schedule.diagnostics]
    assert "stray-timezone" in codes and "shared-id" in codes
    shared = next(d for d in schedule.diagnostics if d.code == "shared-id")
    assert "22 events share the UID '46939'" in shared.message and shared.line
    closing = next(t for t in schedule.talks() if t.title == "Closing ceremony")
    assert closing.start.isoformat() == "2024-09-15T15:00:00+02:00"
    assert closing.location == "XOR"  # the leading blank of ' XOR' is gone
    two = next(t for t in schedule.talks() if t.title == "Curious Minds, Converging Interests")
    assert [s.name for s in two.speakers] == ["Riccardo Degli Espositi 'partywave'",
                                              "Christopher Bianchi 'calfcrusher'"]
    starts = [s.start for s in schedule.sessions]
    assert starts == sorted(starts)  # the file runs backwards


RECURRING = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//seminar//EN
X-WR-CALNAME:Reading group
X-WR-TIMEZONE:Europe/Berlin
BEGIN:VEVENT
UID:seminar@example.org
DTSTART:20240102T100000
DTEND:20240102T110000
RRULE:FREQ=WEEKLY;COUNT=4
EXDATE:20240116T100000
SUMMARY:Seminar
LOCATION:Room 3
DESCRIPTION:Speakers: Ana Ruiz (KU Leuven), Bo Li\\nWe read a paper.
END:VEVENT
BEGIN:VEVENT
UID:seminar@example.org
RECURRENCE-ID:20240109T100000
DTSTART:20240109T140000
DTEND:20240109T150000
SUMMARY:Seminar (moved)
LOCATION:Room 4
END:VEVENT
BEGIN:VEVENT
UID:allday@example.org
DTSTART;VALUE=DATE:20240105
SUMMARY:Reading day
END:VEVENT
BEGIN:VEVENT
UID:gone@example.org
DTSTART:20240103T100000
DTEND:20240103T110000
STATUS:CANCELLED
SUMMARY:Cancelled talk
END:VEVENT
END:VCALENDAR
"""


def test_recurring_events_expand_in_the_calendars_zone(tmp_path):
    path = tmp_path / "group.ics"
    path.write_text(RECURRING, encoding="utf-8")
    schedule = load_schedule(path)
    assert schedule.timezone == "Europe/Berlin" and schedule.label == "Reading group 2024"
    got = [(t.title, t.start.isoformat(), t.location) for t in schedule.talks()]
    assert got == [
        ("Seminar", "2024-01-02T10:00:00+01:00", "Room 3"),
        ("Seminar (moved)", "2024-01-09T14:00:00+01:00", "Room 4"),
        ("Seminar", "2024-01-23T10:00:00+01:00", "Room 3"),
    ]
    first = schedule.talks()[0]
    assert [(s.name, s.affiliation) for s in first.speakers] == [("Ana Ruiz", "KU Leuven"),
                                                                 ("Bo Li", None)]
    assert first.abstract == "We read a paper."
    assert len({t.id for t in schedule.talks()}) == 3
    codes = {d.code for d in schedule.diagnostics}
    assert {"all-day", "cancelled"} <= codes


# -- Mini-Conf --------------------------------------------------------------------------

def test_miniconf_papers_are_a_reading_list_with_ids_from_their_uids():
    path = DATA / "miniconf" / "papers.csv"
    rows = list(csv.DictReader(path.open(encoding="utf-8", newline="")))
    schedule = load_schedule(path)
    assert schedule.format == "miniconf-papers" and not schedule.sessions
    assert len(schedule.unscheduled) == len(rows)
    for row, talk in zip(rows, schedule.unscheduled):
        assert talk.title == " ".join(row["title"].split())
        assert [s.name for s in talk.speakers] == [a.strip().rstrip("*") for a in
                                                  row["authors"].split("|")]
        assert talk.start is None
    sessions = [t for t in schedule.unscheduled if any("Sessions:" in n for n in t.notes)]
    assert [n for n in sessions[0].notes if n.startswith("Sessions")] == [
        "Sessions: Tues Session 1, Mon Session 1"]
    assert all(n.startswith("Keywords: ") for t in schedule.unscheduled for n in t.notes[:1])
    # A corrected title keeps the id: it comes from the UID.
    fixed = path.read_text(encoding="utf-8").replace("Enabling Deep Spiking",
                                                     "Enabling Spiking")
    from planner.loader import parse_text

    again = parse_text(fixed, str(path), {})
    assert again.unscheduled[0].title.startswith("Enabling Spiking")
    assert [t.id for t in again.unscheduled] == [t.id for t in schedule.unscheduled]


def test_miniconf_calendar_events_with_addresses_for_rooms():
    path = DATA / "miniconf" / "main_calendar.json"
    entries = json.loads(path.read_text(encoding="utf-8"))
    schedule = load_schedule(path)
    assert schedule.format == "miniconf-calendar" and schedule.timezone == "UTC"
    assert len(schedule.sessions) == len(entries)
    assert Counter(t.start.isoformat() for t in schedule.talks()) == Counter(
        datetime.fromisoformat(e["start"]).isoformat() for e in entries)
    jordan = next(t for t in schedule.talks() if t.title == "Live Q&A: Michael I. Jordan")
    assert jordan.url == "https://iclr.cc/virtual/speaker_8.html" and jordan.location is None
    assert len({t.id for t in schedule.talks()}) == len(entries)


# -- detection by content ------------------------------------------------------------

@pytest.mark.parametrize("path, name", [
    (FRAB["31c3"], "frab-xml"), (FRAB["fosdem2007"], "frab-xml"),
    (JSON["hub"], "schedule-json"), (JSON["rc3"], "schedule-json"),
    (ICS["moca"], "ics"), (DATA / "miniconf" / "papers.csv", "miniconf-papers"),
    (DATA / "miniconf" / "main_calendar.json", "miniconf-calendar"),
])
def test_detected_by_content_whatever_the_file_is_called(path, name, tmp_path):
    renamed = tmp_path / "program.txt"
    renamed.write_bytes(path.read_bytes())
    assert detect(renamed.read_text(encoding="utf-8")).name == name
    assert load_schedule(renamed).format == name


# -- the bulk path and its plain twin --------------------------------------------------

@pytest.mark.parametrize("path", [FRAB["31c3"], FRAB["fosdem2007"], JSON["hub"], JSON["rc3"],
                                  ICS["moca"], ICS["pyconuk"]],
                         ids=["31c3", "fosdem2007", "hub", "rc3", "moca", "pyconuk"])
def test_sessions_built_in_bulk_equal_those_built_one_at_a_time(path, monkeypatch):
    from planner.parsers import events

    built = {}
    real_sessions = events.ProgramBuilder.sessions

    def both(self, zone):
        bulk = real_sessions(self, zone)
        built["bulk"], built["plain"] = bulk, self.sessions_one_by_one(zone)
        return bulk

    monkeypatch.setattr(events.ProgramBuilder, "sessions", both)
    load_schedule(path)
    assert built["bulk"] == built["plain"] and len(built["bulk"]) >= 2
