"""Conference-site texts shaped like the seed but not identical: other time formats,
parallel tracks, CRLF, missing metadata, re-wrapped text."""

from __future__ import annotations

from datetime import date, time
from zoneinfo import ZoneInfo

import pytest

from planner.loader import LoadOptions, load_schedule, parse_text
from planner.model import SessionKind
from planner.parsers.base import ParseOptions
from planner.parsers.datetimes import find_header_time
from planner.parsers.site import parse

from .conftest import DATA, MLSYS2021

SEED_TEXT = MLSYS2021.read_text(encoding="utf-8")
META = {"conference": "MLSys", "year": 2021, "timezone": "America/Los_Angeles", "talk_minutes": 20}


@pytest.mark.parametrize(
    "line, start, end",
    [
        ("Oral: Session 3 Tue 6 Apr 01:30 p.m.", time(13, 30), None),
        ("Oral: Session 3 Tue 6 Apr 1:30 PM", time(13, 30), None),
        ("Oral: Session 3 Tue 6 Apr 1:30pm", time(13, 30), None),
        ("Oral: Session 3 Tue 6 Apr 13:30", time(13, 30), None),
        ("Oral: Session 3 Tuesday, April 6 1:30 p.m. - 3:00 p.m.", time(13, 30), time(15, 0)),
        ("Oral: Session 3 Tue 6 Apr 12:15 a.m.", time(0, 15), None),
        ("Oral: Session 3 Tue 6 Apr 12:15 p.m.", time(12, 15), None),
        ("Oral: Session 3 Tue, Apr 6th 9 am – 10:30 am", time(9, 0), time(10, 30)),
    ],
)
def test_header_time_variants(line, start, end):
    h = find_header_time(line)
    assert h is not None and h.label == "Oral: Session 3"
    assert (h.month, h.day, h.weekday) == (4, 6, 1)
    assert (h.start, h.end) == (start, end)


@pytest.mark.parametrize(
    "line",
    ["ModularNAS: Towards Modularized and Reusable Neural Architecture Search",
     "Oral: Session 3 Tue 6 Apr 25:00", "Oral: Session 3 Tue 6 Apr 13:75",
     "Oral: Session 3 Tue 6 Apr 13 pm", "Oral: Session 3 Tue 6 Apr 1330",
     "Oral: Session 3 Tue 32 Apr 10:00"],
)
def test_not_headers(line):
    assert find_header_time(line) is None


def test_windows_line_endings_and_extra_blank_lines_read_the_same():
    crlf = SEED_TEXT.replace("\n", "\r\n").replace("\r\n\r\n", "\r\n\r\n\r\n")
    a = parse_text(SEED_TEXT, "seed", META)
    b = parse_text(crlf, "seed", META)
    assert [t.id for t in a.talks()] == [t.id for t in b.talks()]
    assert [t.title for t in a.talks()] == [t.title for t in b.talks()]
    assert [s.start for s in a.sessions] == [s.start for s in b.sessions]


def test_ids_survive_case_and_whitespace_changes():
    a = parse_text(SEED_TEXT, "seed", META)
    changed = SEED_TEXT.replace(
        "Fluid: Resource-aware Hyperparameter Tuning Engine",
        "FLUID:   Resource-Aware  Hyperparameter Tuning Engine",
    )
    b = parse_text(changed, "seed", META)
    assert [t.id for t in a.talks()] == [t.id for t in b.talks()]


def test_ids_survive_a_talk_moving_to_another_session():
    a = parse_text(SEED_TEXT, "seed", META)
    moved = SEED_TEXT.replace("Tue 6 Apr 09:30 a.m.", "Tue 6 Apr 10:00 a.m.")
    b = parse_text(moved, "seed", META)
    assert [t.id for t in a.talks()] == [t.id for t in b.talks()]
    assert a.sessions[2].talks[0].start != b.sessions[2].talks[0].start


def test_second_fixture_parallel_days_ranges_and_lunch():
    sch = load_schedule(DATA / "site" / "two-days-24h.txt")
    lisbon = ZoneInfo("Europe/Lisbon")
    kinds = [(s.kind, s.title) for s in sch.sessions]
    assert kinds == [
        (SessionKind.KEYNOTE, "Keynote: Opening Keynote"),
        (SessionKind.ORAL, "Paper Session: Storage"),
        (SessionKind.BREAK, "Lunch"),
        (SessionKind.ORAL, "Paper Session: Networks"),
        (SessionKind.ORAL, "Paper Session: Compilers"),
    ]
    keynote = sch.sessions[0]
    assert (keynote.start.astimezone(lisbon).time(), keynote.end.astimezone(lisbon).time()) == (
        time(9), time(10))
    assert not keynote.end_estimated  # the header gave a range
    assert [p.name for p in keynote.talks[0].speakers] == ["Grace Hopper"]
    storage = sch.sessions[1]
    assert [p.name for p in storage.talks[0].speakers] == ["Ana Lima", "Bo Chen"]
    # 25-minute slots from metadata; the session ends when its talks do, before lunch.
    assert storage.end.astimezone(lisbon).time() == time(11, 20)
    nets = sch.sessions[3]
    assert [p.name for p in nets.talks[0].speakers] == ["Dan Evans", "Eve Ford", "Fay Gold"]
    compilers = sch.sessions[4]
    assert compilers.start.astimezone(lisbon).date() == date(2024, 10, 10)
    assert compilers.start.astimezone(lisbon).time() == time(9, 30)
    assert any(d.code == "navigation" for d in sch.diagnostics)


def test_session_never_stretches_across_lunch():
    sch = load_schedule(MLSYS2021)
    s2 = sch.sessions[3]  # 11:10 with four 20-minute talks, next session at 13:30
    la = ZoneInfo("America/Los_Angeles")
    assert s2.end.astimezone(la).time() == time(12, 30)
    assert s2.talks[-1].end == s2.end


def test_talks_squeeze_when_the_next_session_comes_early():
    text = SEED_TEXT.replace("Tue 6 Apr 11:10 a.m.", "Tue 6 Apr 10:10 a.m.")
    sch = parse_text(text, "seed", META)
    s1 = sch.sessions[2]
    la = ZoneInfo("America/Los_Angeles")
    assert s1.end.astimezone(la).time() == time(10, 10)
    assert [t.start.astimezone(la).strftime("%H:%M") for t in s1.talks] == [
        "09:30", "09:40", "09:50", "10:00"]


def test_talk_length_inferred_without_metadata():
    meta = {k: v for k, v in META.items() if k != "talk_minutes"}
    sch = parse_text(SEED_TEXT, "seed", meta)
    info = [d for d in sch.diagnostics if d.code == "talk-length"]
    assert info and "25 minutes" in info[0].message
    s1 = sch.sessions[2]
    assert (s1.talks[1].start - s1.talks[0].start).total_seconds() == 25 * 60


def test_year_inferred_from_weekdays_when_nothing_states_it():
    sch = parse(SEED_TEXT, ParseOptions(source="seed", timezone="America/Los_Angeles",
                                        today=date(2021, 11, 1)))
    assert sch.year == 2021
    d = next(d for d in sch.diagnostics if d.code == "year-inferred")
    assert "2021" in d.message
    # Today's date matters: from 2026 the nearest year where 6 April is a Tuesday is 2027.
    later = parse(SEED_TEXT, ParseOptions(source="seed", timezone="America/Los_Angeles",
                                          today=date(2026, 11, 22)))
    assert later.year == 2027


def test_missing_zone_assumes_local_with_warning(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    sch = parse(SEED_TEXT, ParseOptions(source="seed", year=2021))
    warn = [d for d in sch.diagnostics if d.code == "zone-assumed"]
    assert len(warn) == 1 and warn[0].severity.value == "warning"
    assert sch.timezone == "Asia/Tokyo"
    assert sch.sessions[2].start.utcoffset().total_seconds() == 9 * 3600


def test_source_tz_option_overrides_metadata():
    sch = load_schedule(MLSYS2021, LoadOptions(source_tz="Europe/Berlin"))
    assert sch.timezone == "Europe/Berlin"
    assert sch.sessions[2].start.utcoffset().total_seconds() == 2 * 3600


def test_text_before_first_header_is_reported_not_dropped():
    text = "Welcome to our conference, everyone, we hope you enjoy it.\n\n" + SEED_TEXT
    sch = parse_text(text, "seed", META)
    d = [d for d in sch.diagnostics if d.code == "before-first-session"]
    assert d and d[0].line == 1 and "Welcome" in d[0].message


def test_untimed_session_first_goes_to_unscheduled():
    text = "Invited Talk: Jane Roe\n\nA Keynote Title\n\nAbstract words here, plenty of them.\n"
    sch = parse_text(text, "t", {**META, "format": "site"})
    assert sch.sessions == []
    assert [t.title for t in sch.unscheduled] == ["A Keynote Title"]
    assert any(d.code == "untimed-session" for d in sch.diagnostics)


def test_title_then_blank_then_authors_variant():
    text = (
        "Oral: Session 1: Things Tue 6 Apr 09:30 a.m.\n\n"
        "A Study of Things\n\nAna Lima, Bo Chen\n\nWe study things in depth here today.\n\n"
        "Another Study of Things\n\nCarla Diaz, Dan Evans\n\nMore things were studied.\n"
    )
    sch = parse_text(text, "t", META)
    talks = sch.sessions[0].talks
    assert [t.title for t in talks] == ["A Study of Things", "Another Study of Things"]
    assert [p.name for p in talks[1].speakers] == ["Carla Diaz", "Dan Evans"]
    assert talks[0].abstract == "We study things in depth here today."


def test_time_in_a_dst_gap_is_reported_and_read_after_the_change():
    text = "Oral: Session 1: Night Owls Sun 14 Mar 02:30 a.m.\n\nA Talk\nAna Lima, Bo Chen\n\nWords.\n"
    sch = parse_text(text, "t", META)
    d = [d for d in sch.diagnostics if d.code == "nonexistent-time"]
    assert len(d) == 1 and d[0].line == 1 and "03:30" in d[0].message
    la = ZoneInfo("America/Los_Angeles")
    assert sch.sessions[0].start.astimezone(la).strftime("%H:%M") == "03:30"


def test_sessions_after_a_dst_change_keep_their_wall_times():
    text = (
        "Oral: Session 1: Before Sat 13 Mar 09:00 a.m.\n\nA Talk\nAna Lima, Bo Chen\n\nWords.\n\n"
        "Oral: Session 2: After Mon 15 Mar 09:00 a.m.\n\nB Talk\nAna Lima, Bo Chen\n\nWords.\n"
    )
    sch = parse_text(text, "t", META)
    from datetime import timezone

    utc = [s.start.astimezone(timezone.utc).strftime("%H:%M") for s in sch.sessions]
    assert utc == ["17:00", "16:00"]  # PST then PDT


def test_slots_across_a_dst_fall_back_are_real_minutes():
    # 01:00 on the night clocks go back: four 20-minute talks span 80 real minutes.
    text = ("Oral: Session 1: Late Sun 7 Nov 01:00 a.m.\n\n"
            + "".join(f"Talk {i}\nAna Lima, Bo Chen\n\nWords here.\n\n" for i in range(4)))
    sch = parse_text(text, "t", {**META, "year": 2021})
    s = sch.sessions[0]
    from datetime import timezone

    # Subtracting two datetimes in one zone gives wall-clock time; compare instants.
    assert (s.end.astimezone(timezone.utc) - s.start.astimezone(timezone.utc)).seconds == 80 * 60
    assert s.duration.total_seconds() == 80 * 60

    utc = [t.start.astimezone(timezone.utc).strftime("%H:%M") for t in s.talks]
    assert utc == ["08:00", "08:20", "08:40", "09:00"]
    assert s.end.astimezone(timezone.utc).strftime("%H:%M") == "09:20"
