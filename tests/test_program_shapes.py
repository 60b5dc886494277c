"""One test per layout that issues 13 and 14 list, on small texts written as program pages
write them.  Each asserts what a careful reader takes from the text (the truth), through
the core (`parse_text`) or the CLI in a subprocess.  Where the reader does not do it yet the
test is a strict xfail whose reason says what it does instead.

The clock is fixed (tests/conftest.py); texts whose year must be inferred get `today`
through LoadOptions, so nothing here depends on the wall clock.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from planner.diagnostics import Severity
from planner.errors import PlannerError
from planner.loader import LoadOptions, load_schedule, parse_text
from planner.model import Schedule, SessionKind
from planner.days import build_day
from planner.views.json import agenda_json
from planner.zones import get_zone

from .conftest import ROOT, seed_path

SHAPES = Path(__file__).resolve().parent / "data" / "program" / "shapes"
TODAY = date(2026, 11, 22)


def read(text: str, name: str = "program.txt", **opts) -> Schedule:
    return parse_text(text, name, {}, LoadOptions(today=TODAY, **opts))


def hm(dt) -> str | None:
    return None if dt is None else dt.strftime("%H:%M")


def entries(sch: Schedule) -> list[dict]:
    """Sessions and talks as flat dicts with wall-clock times in the schedule's zone; a
    standalone session's own talk is not listed twice."""
    out = []
    for s in sch.sessions:
        out.append({"title": s.title, "kind": s.kind,
                    "date": s.start.date() if s.start and not s.start_estimated else None,
                    "start": None if s.start_estimated else hm(s.start),
                    "end": None if s.end_estimated else hm(s.end), "people": [p.name for p in s.speakers],
                    "affs": [p.affiliation for p in s.speakers], "room": s.location, "url": s.url,
                    "session": None, "obj": s})
        if s.standalone:
            continue
        for t in s.talks:
            out.append({"title": t.title, "kind": t.kind, "date": t.start.date() if t.start and not t.estimated else None,
                        "start": None if t.estimated else hm(t.start),
                        "end": None if t.any_estimated else hm(t.end),
                        "people": [p.name for p in t.speakers],
                        "affs": [p.affiliation for p in t.speakers], "room": t.location,
                        "url": t.url, "session": s.title, "obj": t})
    for t in sch.unscheduled:
        out.append({"title": t.title, "kind": t.kind, "date": None, "start": None, "end": None,
                    "people": [p.name for p in t.speakers], "affs": [p.affiliation for p in t.speakers],
                    "room": t.location, "url": t.url, "session": None, "obj": t})
    return out


def fold(s: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", s.casefold()).split())


def titled(sch: Schedule, title: str) -> dict:
    """The item with this title: exactly, else equal but for punctuation and case (as
    shared/tools/score.py compares titles)."""
    found = ([e for e in entries(sch) if e["title"] == title]
             or [e for e in entries(sch) if fold(e["title"]) == fold(title)])
    assert found, f"no item titled {title!r}; items: {[e['title'] for e in entries(sch)]}"
    return found[0]


def slots(sch: Schedule) -> set[tuple[str, str | None, str | None]]:
    return {(e["title"], e["start"], e["end"]) for e in entries(sch) if e["start"]}


def titles(sch: Schedule) -> list[str]:
    return [e["title"] for e in entries(sch)]


def planner(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def xfail(reason: str):
    return pytest.mark.xfail(strict=True, reason=reason)


# ---------------------------------------------------------------------------------------
# Time first, or alone, with the day given once above
# ---------------------------------------------------------------------------------------

def test_time_range_then_title_comma_speaker_under_a_day_heading():
    sch = read("# Systems Workshop 2025\n\n## Monday, June 16, 2025\n\n"
               "9:00 - 9:30  Opening Remarks, Ana Ruiz\n"
               "9:30 - 10:15  Scaling Vector Search on a Budget, Tomasz Kowalski\n"
               "10:15 - 10:45  Coffee Break\n")
    assert slots(sch) >= {("Opening Remarks", "09:00", "09:30"),
                          ("Scaling Vector Search on a Budget", "09:30", "10:15"),
                          ("Coffee Break", "10:15", "10:45")}
    assert titled(sch, "Scaling Vector Search on a Budget")["people"] == ["Tomasz Kowalski"]
    assert titled(sch, "Opening Remarks")["date"] == date(2025, 6, 16)
    assert titled(sch, "Coffee Break")["kind"] == SessionKind.BREAK


def test_time_range_alone_with_the_title_on_the_next_line():
    sch = read("## Tuesday, March 4, 2025\n\n10:45 am–12:05 pm\nSession 2: Storage at Scale\n\n"
               "12:05 pm–1:30 pm\nLunch\n")
    assert ("Session 2: Storage at Scale", "10:45", "12:05") in slots(sch)
    assert ("Lunch", "12:05", "13:30") in slots(sch)


def test_heading_that_starts_with_a_time_range_is_a_session():
    sch = read("# Program\n\n## Wednesday, April 9, 2025\n\n"
               "### 10:45-12:00 Session 1: Memory Madness\n\n"
               "**Tiered Memory Without Tears**  \nJun Park, Seoul National University\n\n"
               "**Pointer Chasing Considered Harmful**  \nMaria Lindqvist, KTH\n")
    s = titled(sch, "Session 1: Memory Madness")
    assert (s["start"], s["end"]) == ("10:45", "12:00")
    children = [e["title"] for e in entries(sch) if e["session"] == "Session 1: Memory Madness"]
    assert children == ["Tiered Memory Without Tears", "Pointer Chasing Considered Harmful"]


STACKED = ("## Wednesday, April 9, 2025\n\n### 10:45-12:00 Session 1: Memory Madness\n\n"
           "Paged Attention Revisited\nEmil Sandberg\n\n"
           "Compilers for Sparse Tensors\nLi Wei\n\n"
           "* Zoned Storage\n  Ana Ruiz\n* Rust Kernels\n  Bo Chen\n")


def test_titles_stacked_over_their_speakers_in_markdown_are_talks():
    """A title over its speaker, pair after pair, where some titles read like names
    (`Paged Attention Revisited`, `Zoned Storage`): the pairs' layout says which is which,
    and a Markdown soft break between two short lines is not a wrapped paragraph."""
    sch = read(STACKED, "program.md")
    children = [(e["title"], e["people"]) for e in entries(sch)
                if e["session"] == "Session 1: Memory Madness"]
    assert children == [("Paged Attention Revisited", ["Emil Sandberg"]),
                        ("Compilers for Sparse Tensors", ["Li Wei"]),
                        ("Zoned Storage", ["Ana Ruiz"]), ("Rust Kernels", ["Bo Chen"])]
    assert titled(sch, "Session 1: Memory Madness")["people"] == []


def test_titles_over_affiliated_speakers_without_blank_lines():
    """A USENIX-style paste with no blank lines: session line, then title / people with
    affiliations; no title ends with a function word, yet none is read as a person."""
    sch = read("Tuesday, June 3, 2025\n"
               "10:45 am - 12:05 pm   Session 1: Memory Madness\n"
               "Paged Attention Revisited\n"
               "Emil Sandberg (Uppsala University), Sara Novak (ETH Zurich)\n"
               "Sparse Tensors Everywhere\nLi Wei (Tsinghua University)\n"
               "1:30 pm - 2:30 pm   Session 2: Storage\n"
               "Zoned Storage in Practice\nAna Ruiz (MIT)\n")
    t = titled(sch, "Paged Attention Revisited")
    assert t["session"] == "Session 1: Memory Madness"
    assert t["people"] == ["Emil Sandberg", "Sara Novak"]
    assert t["affs"] == ["Uppsala University", "ETH Zurich"]
    assert titled(sch, "Sparse Tensors Everywhere")["people"] == ["Li Wei"]
    z = titled(sch, "Zoned Storage in Practice")
    assert z["session"] == "Session 2: Storage" and z["people"] == ["Ana Ruiz"]
    assert titled(sch, "Session 1: Memory Madness")["people"] == []


def test_a_list_of_speakers_one_per_line_stays_people():
    """The pairs rule needs evidence of titles: a plain list of names stays a list."""
    sch = read("## Wednesday, April 9, 2025\n\n### 13:00-14:00 Panel: Future of Systems\n\n"
               "Emil Sandberg\nLi Wei\nAna Ruiz\nBo Chen\n")
    assert titled(sch, "Future of Systems")["people"] == [
        "Emil Sandberg", "Li Wei", "Ana Ruiz", "Bo Chen"]


def test_twelve_hour_range_with_a_label_a_quoted_title_and_a_speaker_with_affiliation():
    sch = read("Friday, December 13, 2024\n\n"
               '8:10 AM - 8:55 AM:  Invited Talk - "Why Sparse Models Generalize", Priya Natarajan (IIT Madras)\n'
               "8:55 AM - 9:10 AM:  Coffee Break\n")
    e = titled(sch, "Why Sparse Models Generalize")
    assert (e["start"], e["end"]) == ("08:10", "08:55")
    assert e["kind"] == SessionKind.INVITED
    assert e["people"] == ["Priya Natarajan"] and e["affs"] == ["IIT Madras"]


def test_label_dash_quoted_title_comma_speaker_sets_the_kind():
    sch = read("Friday, December 13, 2024\n\n"
               '08:10 - 08:55  Invited Talk - "Why Sparse Models Generalize", Priya Natarajan (IIT Madras)\n'
               "08:55 - 09:10  Coffee Break\n")
    e = titled(sch, "Why Sparse Models Generalize")
    assert e["kind"] == SessionKind.INVITED
    assert e["people"] == ["Priya Natarajan"] and e["affs"] == ["IIT Madras"]


def test_bulleted_double_dash_range_with_keynote_label_and_no_title():
    sch = read("## Thursday, July 17, 2025\n\n"
               "* 14:05 -- 14:55 Keynote: Yejin Choi (University of Washington)\n"
               "* 14:55 -- 15:30 Poster Session\n")
    e = [x for x in entries(sch) if x["start"] == "14:05"][0]
    assert e["kind"] == SessionKind.KEYNOTE
    assert e["people"] == ["Yejin Choi"] and e["affs"] == ["University of Washington"]
    assert "Yejin Choi" not in e["title"]
    assert ("Poster Session", "14:55", "15:30") in slots(sch)


def test_time_range_in_parentheses_after_the_title():
    sch = read("MONDAY, October 28, 2019\n\nMachines, Learning (09:00-10:20)\n\n"
               "TITLE PipeDream: Generalized Pipeline Parallelism for DNN Training\n"
               "AUTHORS Deepak Narayanan (Stanford University), Aaron Harlap (Carnegie Mellon University)\n\n"
               "BREAK (10:20-10:50)\n")
    assert ("Machines, Learning", "09:00", "10:20") in slots(sch)
    p = titled(sch, "PipeDream: Generalized Pipeline Parallelism for DNN Training")
    assert p["session"] == "Machines, Learning"
    assert p["people"] == ["Deepak Narayanan", "Aaron Harlap"]
    assert p["affs"] == ["Stanford University", "Carnegie Mellon University"]


def test_title_room_time_and_utc_offset_on_one_line():
    sch = read("ICML 2024 Workshop on Efficient Systems\nSat Jul 27, 2024\n\n"
               "Opening Remarks Mirror 1 08:00 - 08:30 (UTC-07:00)\n"
               "Invited Talk: Serving LLMs at the Edge Mirror 1 08:30 - 09:15 (UTC-07:00)\n")
    e = [x for x in entries(sch) if x["start"] == "08:00"][0]
    assert e["title"] == "Opening Remarks" and e["end"] == "08:30"
    assert e["room"] == "Mirror 1"
    assert sch.sessions[0].start.utcoffset() == timedelta(hours=-7)


def test_weekday_date_range_and_room_after_an_at_sign():
    sch = read("NeurIPS 2018 Tutorials\n\nAdversarial Robustness: Theory and Practice\n"
               "Mon Dec 3rd 08:30 -- 10:30 AM @ Room 220 E\n")
    e = titled(sch, "Adversarial Robustness: Theory and Practice")
    assert (e["date"], e["start"], e["end"]) == (date(2018, 12, 3), "08:30", "10:30")
    assert e["room"] == "Room 220 E"


def test_tutorials_each_over_a_day_time_and_room_line_and_over_their_speakers():
    sch = read("NeurIPS 2018 Tutorials\n\n"
               "Adversarial Robustness: Theory and Practice\nMon Dec 3rd 08:30 -- 10:30 AM @ Room 220 E\n"
               "Zico Kolter, Aleksander Madry\n\n"
               "Scalable Bayesian Inference\nMon Dec 3rd 08:30 -- 10:30 AM @ Rooms 220 CD\n"
               "David Dunson (Duke University)\n\n"
               "Unsupervised Deep Learning\nMon Dec 3rd 11:00 AM -- 1:00 PM @ Room 517 CD\n"
               "Alex Graves, Marc Aurelio Ranzato\n")
    assert slots(sch) >= {("Adversarial Robustness: Theory and Practice", "08:30", "10:30"),
                          ("Scalable Bayesian Inference", "08:30", "10:30"),
                          ("Unsupervised Deep Learning", "11:00", "13:00")}
    e = titled(sch, "Scalable Bayesian Inference")
    assert (e["room"], e["people"], e["affs"]) == ("Rooms 220 CD", ["David Dunson"], ["Duke University"])
    assert titled(sch, "Unsupervised Deep Learning")["people"] == ["Alex Graves", "Marc Aurelio Ranzato"]


def test_the_same_room_before_the_time_of_several_titles_is_their_room():
    sch = read("Sat Jul 27, 2024\n\n"
               "Poster Session West Hall 2 10:00 - 11:00\nLunch Break West Hall 2 11:00 - 12:00\n"
               "Session 3 12:00 - 13:00\nOral Session 4 13:00 - 14:00\n")
    assert titled(sch, "Poster Session")["room"] == "West Hall 2"
    assert titled(sch, "Lunch Break")["room"] == "West Hall 2"
    # `Session 3`, `Session 4`: numbered sessions, not a room
    assert titled(sch, "Oral Session 4")["room"] is None


def test_twelve_am_after_a_morning_is_noon():
    sch = read("Workshop on Data Systems 2025\n\nThursday, 12 June 2025\n\n"
               "9.00 am - 10.30 am Session 1: Query Processing\n10.30 am - 11.00 am Coffee break\n"
               "11.00 am - 12.00 am Session 2: Storage\n12.00 am - 1.30 pm Lunch\n"
               "1.30 pm - 3.00 pm Session 3: Streams\n")
    assert slots(sch) >= {("Session 2: Storage", "11:00", "12:00"), ("Lunch", "12:00", "13:30"),
                          ("Session 3: Streams", "13:30", "15:00")}


def test_a_session_after_midnight_stays_after_midnight():
    sch = read("## Saturday, December 27, 2025\n\n22:00 - 23:30 Lightning Talks\n"
               "00:30 - 02:00 Late Night Hacking\n")
    assert ("Late Night Hacking", "00:30", "02:00") in slots(sch)


def test_noon_and_midnight_after_twelve_only():
    """`12 noon` and `12:00 midnight` are clock words; after any other hour `Midnight`
    begins the title (it was read as the end's clock word and cut from the title)."""
    sch = read("## Monday, June 2, 2025\n\n21:00 - 22:00 Evening Keynote\n"
               "23:30 - 00:30 Midnight Session\n10:00 - 12 noon Workshop\n"
               "10:00 pm - 12:00 midnight Hack Night\n")
    assert {("Midnight Session", "23:30", "00:30"), ("Workshop", "10:00", "12:00"),
            ("Hack Night", "22:00", "00:00")} <= slots(sch)


def test_a_table_row_running_past_the_one_above_is_not_inside_it():
    """Under a date header, `09:15 - 12:00 Session A` then `11:45 - 12:45 Lunch`: lunch
    starts inside the session but ends after it, so both are entries of their own (the
    session was taken for lunch's container: lunch was listed as its one talk)."""
    sch = read("|       July 6th     |        First Day        |\n|---|---|\n"
               "|09:00 - 09:15    |Conference Opening     |\n|09:15 - 12:00   |Session A   |\n"
               "|11:45 - 12:45    |Lunch            |\n|12:45 - 15:15    |Session B     |\n")
    assert {("Session A", "09:15", "12:00"), ("Lunch", "11:45", "12:45"),
            ("Session B", "12:45", "15:15")} <= slots(sch)
    [session_a] = [s for s in sch.sessions if s.title == "Session A"]
    assert "Lunch" not in [t.title for t in session_a.talks]


def test_a_table_headed_by_its_date_and_a_banner_gives_its_rows_that_date():
    """`| July 6th | EnFI - First Day |` over the rows is their day, not a header of column
    names (the rows were placed on today)."""
    sch = read("| July 5th | EnFI School |\n|---|---|\n|15:00 |Pre-Registration |\n\n\n"
               "|  July 6th | EnFI - First Day |\n|---|---|\n|08:00 - 9:00 |Registration |\n"
               "|09:00 - 09:15 |Conference Opening |\n", year=2015)
    assert str(titled(sch, "Pre-Registration")["date"]) == "2015-07-05"
    assert str(titled(sch, "Registration")["date"]) == "2015-07-06"
    assert str(titled(sch, "Conference Opening")["date"]) == "2015-07-06"


@pytest.mark.parametrize(("heading", "name"), [
    ("Workshop on Program Synthesis 2025", "Workshop on Program Synthesis 2025"),
    ("Full Program of ACME 2025", "ACME 2025"),
    ("ICML 2025 Schedule", "ICML 2025"),
    ("MLSys 2025 Program Overview", "MLSys 2025"),
])
def test_words_naming_the_page_leave_the_name_only_at_its_ends(heading, name):
    """`Program`, `Schedule`, `Talks` name the page at either end of a heading; inside a
    name they are the event's own (`Program Synthesis` lost its first word)."""
    sch = read(f"# {heading}\n\n## Monday, June 2, 2025\n\n09:00 - 10:00 Opening Talk\n")
    assert sch.conference == name


def test_dotted_range_glued_to_the_title_and_a_speaker_label():
    """A PDF or web paste that lost the space after the time: `11.30-11.50Invited Speaker: Name`."""
    sch = read("Workshop programme, 28 June 2022. All times are local time:\n\n"
               "11.30-11.50Invited Speaker: Ana Ruiz\n11.50-12.10Keynote: Bo Chen (ETH Zurich)\n"
               "12.10-12.30Wrap up and Close\n")
    assert ("Invited Speaker", "11:30", "11:50") in slots(sch)
    assert titled(sch, "Invited Speaker")["people"] == ["Ana Ruiz"]
    k = titled(sch, "Keynote")
    assert (k["start"], k["end"], k["people"], k["affs"]) == ("11:50", "12:10", ["Bo Chen"], ["ETH Zurich"])
    assert ("Wrap up and Close", "12:10", "12:30") in slots(sch)


def test_range_in_parentheses_followed_by_its_duration():
    sch = read("MONDAY, October 28, 2019\n\nMachines, Learning (09:00-10:20) (1:20 duration)\n\n"
               "PipeDream: Generalized Pipeline Parallelism\nDeepak Narayanan, Aaron Harlap\n\n"
               "BREAK (10:20-10:50) (0:30 duration)\n\nIt Must Be Secure (10:50-11:50) (60 min)\n")
    assert ("Machines, Learning", "09:00", "10:20") in slots(sch)
    assert ("It Must Be Secure", "10:50", "11:50") in slots(sch)
    assert titled(sch, "BREAK")["kind"] == SessionKind.BREAK
    assert titled(sch, "PipeDream: Generalized Pipeline Parallelism")["people"] == [
        "Deepak Narayanan", "Aaron Harlap"]


def test_full_date_then_twelve_hour_range_then_title_on_one_line():
    sch = read("Tuesday, April 6, 2021 9:30 AM - 10:45 AM Session 1\n"
               "Tuesday, April 6, 2021 11:00 AM - 12:15 PM Session 2\n")
    assert ("Session 1", "09:30", "10:45") in slots(sch)
    assert ("Session 2", "11:00", "12:15") in slots(sch)
    assert titled(sch, "Session 1")["date"] == date(2021, 4, 6)


def test_meridiem_on_the_end_only_applies_where_it_makes_sense():
    sch = read("## Friday, May 9, 2025\n\n9:00 - 10:30 am  Morning Tutorial\n"
               "11:00 - 1:00 pm  Hands-on Lab\n1:00 - 2:00 pm  Lunch\n")
    assert ("Morning Tutorial", "09:00", "10:30") in slots(sch)
    assert ("Hands-on Lab", "11:00", "13:00") in slots(sch)
    assert ("Lunch", "13:00", "14:00") in slots(sch)


def test_twelve_hour_times_without_meridiem_are_read_in_context():
    sch = read("## Monday, October 28, 2019\n\n9:00-10:20  Machines, Learning\n"
               "10:50-11:50  It Must Be Secure\n11:50-1:40  Lunch\n1:40-3:00  Systems: Still Buggy\n"
               "5:00-7:30  Poster Session and Reception\n")
    assert ("Lunch", "11:50", "13:40") in slots(sch)
    assert ("Systems: Still Buggy", "13:40", "15:00") in slots(sch)
    assert ("Poster Session and Reception", "17:00", "19:30") in slots(sch)


# ---------------------------------------------------------------------------------------
# Day headings
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("heading", "day"), [
    pytest.param("# NeurIPS 2019\n\n# Dec 9, Monday\n", date(2019, 12, 9), id="dec-9-monday"),
    pytest.param("## Monday, 3.12.2018  Tutorials\n", date(2018, 12, 3), id="monday-3.12.2018-tutorials"),
    pytest.param("# ICSE 2024\n\n## Wednesday, September 4th\n", date(2024, 9, 4), id="wednesday-september-4th"),
    pytest.param("Tuesday 23/04/2024\n", date(2024, 4, 23), id="tuesday-23/04/2024"),
    pytest.param("# MLSys 2023\n\n## Schedule for Day 1: Tue, April 25\n", date(2023, 4, 25),
                 id="schedule-for-day-1-tue-april-25"),
    pytest.param("June 20, 2019, Thursday\n", date(2019, 6, 20), id="june-20-2019-thursday"),
])
def test_day_heading_dates_the_times_under_it(heading: str, day: date):
    sch = read(heading + "\n09:00 - 10:00  Welcome and Introductions\n"
               "10:00 - 10:30  Coffee Break\n")
    e = titled(sch, "Welcome and Introductions")
    assert (e["date"], e["start"], e["end"]) == (day, "09:00", "10:00")
    assert titled(sch, "Coffee Break")["date"] == day


def test_one_day_workshop_whose_date_is_stated_once():
    sch = read("# Workshop on Robot Learning in the Wild\n\n"
               "**July 11, 2026, 9:00-17:00, Coex Convention Center, Room 402**\n\n"
               "## Schedule\n\n| Time | Event |\n|---|---|\n"
               "| 09:00 - 09:15 | Opening Remarks |\n| 09:15 - 10:00 | Invited Talk: Learning from Play, Corey Lynch |\n"
               "| 10:00 - 10:30 | Coffee Break |\n")
    for title in ("Opening Remarks", "Coffee Break"):
        assert titled(sch, title)["date"] == date(2026, 7, 11)
    # The event's own line (9:00-17:00 at the venue) is not a session of its own.
    assert not any(e["start"] == "09:00" and e["end"] == "17:00" for e in entries(sch))


@pytest.mark.parametrize("text, name", [
    ("Skip to main content\nWelcome\n\n# ICML 2024 Workshop on Efficient Systems\n\n", "ICML Workshop on Efficient Systems 2024"),
    ("Home\nProceedings\n\n# Workshop on Robot Learning in the Wild\n\n", "Workshop on Robot Learning in the Wild"),
    ("The\nSchedule\n\n", "Conference program"),
], ids=["nav-then-heading", "generic-then-heading", "no-name"])
def test_the_conference_name_is_the_event_not_the_navigation(text: str, name: str):
    sch = read(text + "## Monday, July 14, 2025\n\n09:00 - 10:00 Opening Remarks\n10:00 - 10:30 Coffee Break\n",
               name="page.md")
    assert sch.conference == name


# ---------------------------------------------------------------------------------------
# Programs in German, French and Spanish
# ---------------------------------------------------------------------------------------

def test_german_program_with_uhr_and_pause_words():
    sch = read("# Herbsttagung Verteilte Systeme 2024\n\n## Montag, 3. Juni 2024\n\n"
               "- 9:00 Uhr Begrüßung\n"
               "- 9:15 - 10:30 Uhr Konsensprotokolle in der Praxis, Anna Schmidt\n"
               "- 10:30 - 11:00 Uhr Kaffeepause\n- 12:30 - 13:30 Uhr Mittagspause\n\n"
               "## Dienstag, 4. Juni 2024\n\n- von 9 bis 10 Uhr Keynote: Verifizierte Compiler, Maria Weber\n",
               name="tagung.md")
    e = titled(sch, "Konsensprotokolle in der Praxis")
    assert (e["date"], e["start"], e["end"], e["people"]) == (date(2024, 6, 3), "09:15", "10:30", ["Anna Schmidt"])
    assert titled(sch, "Begrüßung")["kind"] == SessionKind.REMARKS
    assert titled(sch, "Mittagspause")["kind"] == titled(sch, "Kaffeepause")["kind"] == SessionKind.BREAK
    e = titled(sch, "Verifizierte Compiler")
    assert (e["date"], e["start"], e["end"], e["kind"]) == (date(2024, 6, 4), "09:00", "10:00", SessionKind.KEYNOTE)


def test_french_program_with_h_clocks():
    sch = read("Journées Systèmes 2025\n\nMardi 10 juin 2025\n"
               "9h30 - 10h30 Ordonnancement des tâches sur GPU, Claire Dubois\n"
               "10h30 - 11h00 Pause café\n12h30 - 14h00 Déjeuner\n\n"
               "Mercredi 11 juin 2025\n9h30 - 10h30 Systèmes de fichiers distribués, Paul Martin\n")
    e = titled(sch, "Ordonnancement des tâches sur GPU")
    assert (e["date"], e["start"], e["end"], e["people"]) == (date(2025, 6, 10), "09:30", "10:30", ["Claire Dubois"])
    assert titled(sch, "Déjeuner")["kind"] == SessionKind.BREAK
    assert titled(sch, "Systèmes de fichiers distribués")["date"] == date(2025, 6, 11)


def test_spanish_program_with_de_dates_and_a_ranges():
    sch = read("Jornadas de Sistemas 2025\n\nMiércoles, 5 de noviembre de 2025\n"
               "09:00 a 09:30 Bienvenida\n09:30 a 10:30 Planificación de tareas en clústeres, Lucía Fernández\n"
               "10:30 a 11:00 Pausa café\n")
    e = titled(sch, "Planificación de tareas en clústeres")
    assert (e["date"], e["start"], e["end"], e["people"]) == (date(2025, 11, 5), "09:30", "10:30", ["Lucía Fernández"])
    assert titled(sch, "Bienvenida")["kind"] == SessionKind.REMARKS
    assert titled(sch, "Pausa café")["kind"] == SessionKind.BREAK


# ---------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------

def test_markdown_pipe_table_with_time_title_speaker_room_columns():
    sch = read("# RustConf 2025\n\n## Tuesday, September 2, 2025\n\n"
               "| Time | Title | Speaker | Room |\n|---|---|---|---|\n"
               "| 09:00–09:45 | Async Drop, Finally | Niko Matsakis | Hall A |\n"
               "| 10:00–10:30 | Embedded Rust in Production | Ana Hobden | Hall B |\n")
    e = titled(sch, "Async Drop, Finally")
    assert (e["date"], e["start"], e["end"]) == (date(2025, 9, 2), "09:00", "09:45")
    assert e["people"] == ["Niko Matsakis"] and e["room"] == "Hall A"
    assert titled(sch, "Embedded Rust in Production")["room"] == "Hall B"


def test_table_columns_in_another_order_found_from_the_header():
    sch = read("# Data Day 2024\n\nSaturday, March 16, 2024\n\n"
               "| Speaker | Time (CET) | Title |\n|---|---|---|\n"
               "| Sofia Marchetti | 10:00 - 10:40 | Columnar Formats Beyond Parquet |\n"
               "| Organizers | 10:40 - 11:00 | Coffee Break |\n")
    e = titled(sch, "Columnar Formats Beyond Parquet")
    assert (e["start"], e["end"]) == ("10:00", "10:40")
    assert e["people"] == ["Sofia Marchetti"]
    assert titled(sch, "Coffee Break")["people"] == []


def test_html_table_inside_markdown():
    sch = read("---\nlayout: page\ntitle: Schedule\n---\n\n## Friday, October 24, 2025\n\n<table>\n"
               "  <tr><th>Time</th><th>Talk</th><th>Speaker</th></tr>\n"
               "  <tr><td>9:00</td><td>Welcome</td><td>Program Chairs</td></tr>\n"
               "  <tr><td>9:15</td><td><a href=\"https://example.org/t/1\">Fuzzing the Kernel at Scale</a></td>"
               "<td>Dmitry Vyukov</td></tr>\n</table>\n", name="schedule.md")
    e = titled(sch, "Fuzzing the Kernel at Scale")
    assert (e["date"], e["start"]) == (date(2025, 10, 24), "09:15")
    assert e["people"] == ["Dmitry Vyukov"] and e["url"] == "https://example.org/t/1"


def test_pipe_rows_pasted_without_a_delimiter_row():
    """A table copied as pipes with no `|---|` row, a day row over a `Start | End | Location
    | Activity` header, and cells whose lines were joined with ` · `."""
    sch = read("Agenda\n| Tuesday October 24, 2023 | |||\n| Start | End | Location | Activity |\n"
               "| 8:30 AM | 9:00 AM | Foyer | Morning Refreshments |\n"
               "| 9:00 AM | 10:30 AM | Hall 3713 | Opening Plenary Session · Keynote talk and Q&A with the director |\n"
               "| \n | |||\n| Wednesday October 25, 2023 | |||\n| Start | End | Location | Activity |\n"
               "| 11:00 AM | 12:15 PM | Room 5600 | Breakout Session 2: Data Curation |\n")
    e = titled(sch, "Morning Refreshments")
    assert (e["date"], e["start"], e["end"], e["room"]) == (date(2023, 10, 24), "08:30", "09:00", "Foyer")
    e = titled(sch, "Opening Plenary Session")
    assert (e["start"], e["end"], e["room"]) == ("09:00", "10:30", "Hall 3713")
    e = titled(sch, "Breakout Session 2: Data Curation")
    assert (e["date"], e["start"], e["end"]) == (date(2023, 10, 25), "11:00", "12:15")
    assert not any(t in ("Start", "End", "Activity") for t in titles(sch))


@pytest.mark.parametrize("sep", ["\t", " | "])
def test_table_day_rows_of_two_cells_date_the_rows_under_them(sep: str):
    """`Day 2 | 2024-05-14` rows (with the day's course title under the date) in a copied
    or Markdown table, under a zone stated with a Unicode minus (`UTC−04:00`)."""
    rows = [["Time", "Topic", "Location"], ["Day 1", "2024-05-13"], ["Genome Assembly Basics"],
            ["12:00 PM", "Welcome and Getting Started", "Main Room"], ["1:45 PM", "Break"],
            ["Day 2", "2024-05-14"], ["Variant Calling"],
            ["12:00 PM", "Aligning Short Reads", "Main Room"], ["5:00 PM", "End"]]
    if sep == "\t":
        body = "\n".join("\t".join(r) for r in rows)
    else:
        body = "\n".join("| " + " | ".join(r) + " |" for r in rows[:1]) + "\n|---|---|---|\n" + \
            "\n".join("| " + " | ".join(r) + " |" for r in rows[1:] if len(r) > 1)
    sch = read("Workshop schedule\nAll times are EDT (UTC−04:00)\n\n" + body + "\n")
    assert titled(sch, "Welcome and Getting Started")["date"] == date(2024, 5, 13)
    e = titled(sch, "Aligning Short Reads")
    assert (e["date"], e["start"]) == (date(2024, 5, 14), "12:00")
    assert not any(e["start"] == "04:00" for e in entries(sch))
    assert sch.sessions[0].start.utcoffset() == timedelta(hours=-4)


def test_tab_separated_paste_of_a_table():
    sch = read("PGConf.dev 2025\nTuesday, May 13, 2025\n"
               "Time\tSession\tSpeaker\tRoom\n"
               "09:00 - 09:50\tThe Future of Logical Replication\tAmit Kapila\tPlenary\n"
               "10:00 - 10:50\tVacuum Internals Deep Dive\tMelanie Plageman\tRoom 1\n"
               "10:00 - 10:50\tBuilding Extensions in Rust\tJelte Fennema-Nio\tRoom 2\n")
    e = titled(sch, "Vacuum Internals Deep Dive")
    assert (e["date"], e["start"], e["end"]) == (date(2025, 5, 13), "10:00", "10:50")
    assert e["people"] == ["Melanie Plageman"] and e["room"] == "Room 1"
    assert titled(sch, "Building Extensions in Rust")["room"] == "Room 2"


def test_hard_line_breaks_inside_a_phrase_are_wraps():
    """A page whose every line ends in a hard break (two blanks): a line broken inside
    a parenthesis, after a word that asks for more, or over a line that opens with `(`
    or a lower-case word is one phrase wrapped, not two lines of the program."""
    text = "\n".join(x + "  " for x in """## Program

#### 09:10-10:10 - Applications

Accessing Weather Data in OCaml
([paper](p/weather.pdf), [slides](s/carrow.pdf)), by Hester Carrow (Meteo Systems
LLC, USA)

The Frenetic Network Controller ([paper](p/frenetic.pdf),
[slides](s/foster.pdf)), by Nils Foster (Cornell University, USA),
Arjun Guha (UMass Amherst, USA)
""".split("\n"))
    sch = read(text, "program.md")
    got = {e["title"]: e["people"] for e in entries(sch) if e["title"] != "Applications"}
    assert got == {"Accessing Weather Data in OCaml": ["Hester Carrow"],
                   "The Frenetic Network Controller": ["Nils Foster", "Arjun Guha"]}


def test_an_event_held_virtual_names_no_one():
    """`3rd Open Robotics (OR) Hackathon (Virtual)` over a pasted page: how the event is
    held, in parentheses, is no speaker (`Title (Speaker)` reads one word there as a
    surname), so the page's title line is no entry of its own."""
    sch = read("""3rd Open Robotics (OR) Hackathon (Virtual)

June 3-4, 2025

Toggle navigation
Home
Committees
Call for Hacks
HACKS
Program
Judging

Program

Tuesday, June 3, 2025

9:00 am - 11:00 am PDT\tOpening remarks, project pitches
11:00 am - 12:00 pm PDT\tDemos and judging
""", "hack.txt")
    assert sch.unscheduled == []
    assert [e["title"] for e in entries(sch)] == ["Opening remarks, project pitches", "Demos and judging"]


def test_name_then_affiliation_then_country_and_a_subject_that_is_no_one():
    """`Name, Place of work (Country); …`: what stands before a country is the place of
    work however much it reads as a name (`UC San Diego`, `KU Leuven`), and a name may
    be one word written twice (`Ramyaa Ramyaa`).  A keynote's title whose words are a
    subject (`Functional Programming and Hardware Design: …`) names no one."""
    sch = read("""### 09:00-10:00 Keynote: Mira Okafor, Chalmers University of Technology (Sweden)

Functional Programming and Hardware Design: Still Interesting after All These Years

### 10:30-11:50 Session 1: Types

Bounded Refinement Types

Niki Vazquez, UC San Diego (USA); Tom Schrader, KU Leuven (Belgium); Ramyaa Ramyaa, Wesleyan University (USA)

An Optimizing Compiler for the Web

Adam Chlipek, MIT CSAIL (USA)
""", "icfp.md")
    talk = titled(sch, "Bounded Refinement Types")
    assert talk["people"] == ["Niki Vazquez", "Tom Schrader", "Ramyaa Ramyaa"]
    assert titled(sch, "An Optimizing Compiler for the Web")["people"] == ["Adam Chlipek"]
    t = next(t for s in sch.sessions for t in s.talks if t.title == "An Optimizing Compiler for the Web")
    assert t.speakers[0].affiliation == "MIT CSAIL (USA)"
    assert not any(p.name in ("Functional Programming", "Hardware Design")
                   for s in sch.sessions for p in [*s.speakers, *(x for t in s.talks for x in t.speakers)])


def test_a_pasted_committee_list_and_a_lone_word_under_a_list_are_no_items():
    """A page pasted without its heading styles: `Program Committee:` over a paragraph
    of `Name, Affiliation` / `Name - Affiliation` lines is a list of people in a role,
    reported, not read as talks; `License` alone under the last `Title - Speaker` is
    no speaker of it."""
    sch = read("""Talks

Life of an async fn - Tyler Mandel
Shipping a stable compiler every six weeks - Pietro Alberti
The human cost of development - Katharina Feyer

License

This work is licensed under a Creative Commons Attribution-ShareAlike 4.0 International License.

Program Committee:

Bernhard Rumpf, Software Engineering - RWTH Aachen
Federico Tomasi - Strumenta
Wim Basten - Modeling Value Group
""", "talks.txt")
    got = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert got == {"Life of an async fn": ["Tyler Mandel"],
                   "Shipping a stable compiler every six weeks": ["Pietro Alberti"],
                   "The human cost of development": ["Katharina Feyer"]}
    reported = " ".join(d.message for d in sch.diagnostics)
    assert "Program Committee" in reported or "Federico Tomasi" in reported


def test_a_role_word_inside_a_paste_without_blank_lines_opens_no_list():
    """In a paste without blank lines every line shares one paragraph: `Location` or
    `Registration` there is a line like any other, and the talks after it are read."""
    sch = read("""LangDev Meetup 21-22 March 2019
Location
Amazon Amsterdam - Meester Treublaan 7
Registration
Please register on the form by January 31, 2019.
Talks and abstracts
Wim Basten: Reactive Rules for MPS Languages
Dclare for MPS is a plugin that adds a rules aspect to language definitions. All rules behave incrementally.
Jos Warmelo: ProjectIt – A Framework for Projectional Web Editors
ProjectIt is a TypeScript framework to create projectional editors for domain-specific languages.
""", "meetup.txt")
    got = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert got["Reactive Rules for MPS Languages"] == ["Wim Basten"]
    assert got["ProjectIt – A Framework for Projectional Web Editors"] == ["Jos Warmelo"]


def test_attribute_debris_in_a_pasted_table_is_no_entry():
    """`scope="col" align="left" width="100%"`: a page whose markup went wrong shows a
    tag's attributes as text in every row; pasted, each such line is debris, and the
    row's title and speaker under it are its entry."""
    sch = read("""Thursday 25th Oct 2012

10:00 am - 10:45 am

scope="col" align="left" width="100%"

Building Predictable Systems with Security Models

John Benning

scope="col" align="left" width="100%"

Top Ten Web Defenses

Jim Mancini
""", "appsec.txt")
    titles = [e["title"] for e in entries(sch)]
    assert not any("scope=" in t for t in titles)
    assert any(t.title == "Top Ten Web Defenses" and [p.name for p in t.speakers] == ["Jim Mancini"]
               for s in sch.sessions for t in [s, *s.talks])


def test_a_catalogue_number_after_a_pasted_title_is_a_note():
    """`Title (Spotlight Session #1, ID #2)` over its authors, pasted without the link
    that set the title apart: the numbered parenthesis is a note, not title."""
    sch = read("""Accepted Papers

Removing Backdoors with Unlabeled Data (Oral)
Lu Pang (Stony Brook University), Tao Sun (Stony Brook University)
Inserting Trojans During Knowledge Distillation (Spotlight Session #1, ID #2)
Leonard Tang (Harvard University), Tom Shlomi (Harvard University)
""", "papers.txt")
    got = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert got["Inserting Trojans During Knowledge Distillation"] == ["Leonard Tang", "Tom Shlomi"]


def test_who_may_come_and_a_day_to_be_decided_name_no_one():
    """`Synthesis Time (Open)`: who may come, in parentheses, is no speaker; nor is a
    `Day TBD` line under the page's `Schedule` heading."""
    sch = read("""Schedule

Day TBD

8:30 - 10:00 - Oral session + discussion

5:00 - 5:30 - Synthesis/Discussion Time (Open)
""", "schedule.txt")
    assert sch.unscheduled == []
    assert all(not e["people"] for e in entries(sch))


def test_a_link_icon_after_a_title_is_no_part_of_it():
    """`(🔗)` after a title: the icon of a link the paste dropped, in a `Title:` field
    or at the end of a title line."""
    sch = read("""Invited Talks

Title: AI Risk Management (🔗)
Speaker: Elham Tabari (NIST)

Trust and Perception of an AI System (🔗)
Brian Stanley (NIST)
""", "talks.txt")
    titles = sorted(t.title for t in sch.unscheduled)
    assert titles == ["AI Risk Management", "Trust and Perception of an AI System"]


def test_tab_separated_paste_with_day_rows_keeps_its_header():
    """A copied table whose days are rows spanning the table: each day is a line of its
    own (one cell, no tab) between rows of times, and the rows under every day keep
    the header's columns, the second day's as the first's."""
    sch = read("Agenda\n\nTime\tSession\tSpeaker\n"
               "Monday, 2025-06-02\n"
               "9:00-9:50 AM\tKeynote Talk\tDr. Ana Ruiz\n"
               "10:00-10:30 AM\tInvited Talks\tDrs. Bo Chen, Li Wei\n"
               "Tuesday, 2025-06-03\n"
               "9:00-9:50 AM\tInvited Talks\tDrs. Marta Kowalska, Ines Duarte\n"
               "10:00-10:15 AM\tBreak\n"
               "10:15-11:00 AM\tContributed Talks\tDrs. Tomás Ferreira, Priya Raman\n")
    got = [(e["date"], e["start"], e["title"], e["people"]) for e in entries(sch)
           if e["title"] != "Break"]
    assert got == [
        (date(2025, 6, 2), "09:00", "Keynote Talk", ["Ana Ruiz"]),
        (date(2025, 6, 2), "10:00", "Invited Talks", ["Bo Chen", "Li Wei"]),
        (date(2025, 6, 3), "09:00", "Invited Talks", ["Marta Kowalska", "Ines Duarte"]),
        (date(2025, 6, 3), "10:15", "Contributed Talks", ["Tomás Ferreira", "Priya Raman"]),
    ]


def test_days_as_columns_with_a_title_and_a_speaker_in_each_cell():
    sch = read("# Rust Summer School 2025\n\nJune 2-3, 2025\n\n| Time | Monday | Tuesday |\n|---|---|---|\n"
               "| 9:00 - 10:00 | Intro to Rust<br>Ana Ruiz | Async Rust<br>Bo Chen |\n"
               "| 10:00 - 11:00 | Ownership<br>Li Wei | Unsafe Rust<br>Sara Olsen |\n", name="school.md")
    e = titled(sch, "Async Rust")
    assert (e["date"], e["start"], e["end"], e["people"]) == (date(2025, 6, 3), "09:00", "10:00", ["Bo Chen"])
    e = titled(sch, "Ownership")
    assert (e["date"], e["start"], e["people"]) == (date(2025, 6, 2), "10:00", ["Li Wei"])
    assert titled(sch, "Unsafe Rust")["date"] == date(2025, 6, 3)


def test_pipe_rows_without_a_delimiter_row_days_over_columns_and_space_only_ranges():
    sch = read("Storage Systems Workshop 2024\n\n"
               "| | Monday 15 July | Tuesday 16 July |\n"
               "| 08:45 09:00 | Welcome | |\n"
               "| 09:00 10:00 | Tiered Caching | Learned Indexes |\n"
               "| 10:00 10:30 | Coffee Break | Coffee Break |\n"
               "| 10:30 12:00 | Session 1: Flash | Session 3: Networks |\n")
    assert ("Welcome", "08:45", "09:00") in slots(sch)
    e = titled(sch, "Session 3: Networks")
    assert (e["date"], e["start"], e["end"]) == (date(2024, 7, 16), "10:30", "12:00")
    assert titled(sch, "Session 1: Flash")["date"] == date(2024, 7, 15)
    assert titled(sch, "Learned Indexes")["date"] == date(2024, 7, 16)


def test_csv_with_a_header_row():
    sch = read("date,start,end,title,speakers,room\n"
               "2025-06-03,09:00,09:45,Opening Keynote: The Road to 1.0,Guido van Rossum,Main Hall\n"
               "2025-06-03,10:00,10:30,\"Typing, Gradually\",\"Łukasz Langa, Carl Meyer\",Room B\n",
               name="schedule.csv")
    e = titled(sch, "Typing, Gradually")
    assert (e["date"], e["start"], e["end"]) == (date(2025, 6, 3), "10:00", "10:30")
    assert e["people"] == ["Łukasz Langa", "Carl Meyer"] and e["room"] == "Room B"


def test_seed_001_without_blank_lines_still_gives_its_sessions_and_talks():
    text = seed_path("001_31bcfe18b15d1aa4.txt").read_text(encoding="utf-8")
    compact = "\n".join(ln for ln in text.splitlines() if ln.strip()) + "\n"
    sch = read(compact, name="mlsys2021-compact.txt")
    assert len(sch.sessions) == 6
    assert sum(len(s.talks) for s in sch.sessions) == 18


# ---------------------------------------------------------------------------------------
# Parallel sessions and rooms
# ---------------------------------------------------------------------------------------

def test_parallel_sessions_under_one_time():
    sch = read("## Thursday, November 6, 2025\n\n### 13:30 - 15:00\n\n"
               "**Session A: Networking** (Room 101)\n\n- Congestion Control for AI Clusters — Li Wei\n\n"
               "**Session B: Security** (Room 102)\n\n- Side Channels in Confidential VMs — Sara Olsen\n")
    a, b = titled(sch, "Session A: Networking"), titled(sch, "Session B: Security")
    assert (a["start"], a["end"]) == (b["start"], b["end"]) == ("13:30", "15:00")
    assert (a["room"], b["room"]) == ("Room 101", "Room 102")
    assert titled(sch, "Side Channels in Confidential VMs")["session"] == "Session B: Security"


def test_parallel_tracks_as_deeper_headings_under_one_time():
    sch = read("## Friday, November 7, 2025\n\n### 10:30 - 12:00\n\n"
               "#### Track 1: Storage (Hall A)\n\n- Log-Structured Merge Trees on ZNS — Ana Ruiz\n"
               "- Tiered Caching for Object Stores — Bo Chen\n\n"
               "#### Track 2: Compilers (Hall B)\n\n- Incremental SSA Repair — Omar Haddad\n\n"
               "### 12:00 - 13:00 Lunch\n")
    a, b = titled(sch, "Track 1: Storage"), titled(sch, "Track 2: Compilers")
    assert (a["start"], a["end"], a["room"]) == ("10:30", "12:00", "Hall A")
    assert (b["start"], b["end"], b["room"]) == ("10:30", "12:00", "Hall B")
    assert titled(sch, "Tiered Caching for Object Stores")["session"] == "Track 1: Storage"
    assert titled(sch, "Incremental SSA Repair")["session"] == "Track 2: Compilers"


def test_rooms_as_columns():
    sch = read("# DevConf 2025\n\n## Friday, June 13, 2025\n\n"
               "| Time | Room A | Room B |\n|---|---|---|\n"
               "| 10:00 | Kubernetes Without YAML | Rust for Pythonistas |\n"
               "| 11:00 | Lunch | Lunch |\n")
    assert titled(sch, "Kubernetes Without YAML")["room"] == "Room A"
    assert titled(sch, "Rust for Pythonistas")["room"] == "Room B"
    assert titled(sch, "Rust for Pythonistas")["start"] == "10:00"


# ---------------------------------------------------------------------------------------
# Kind labels
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("label", "kind"), [
    ("Oral", SessionKind.ORAL), ("Invited Talk", SessionKind.INVITED),
    ("Keynote", SessionKind.KEYNOTE), ("Talk", SessionKind.TALK), ("Poster", SessionKind.POSTER),
    ("Panel", SessionKind.PANEL), ("Lightning talk", SessionKind.TALK),
])
def test_kind_label_sets_the_kind_and_leaves_the_title(label: str, kind: SessionKind):
    sch = read(f"## Monday, May 5, 2025\n\n09:00 - 09:40  {label}: Learning to Route Packets\n"
               "09:40 - 10:00  Coffee Break\n")
    e = [x for x in entries(sch) if x["start"] == "09:00"][0]
    assert e["title"] == "Learning to Route Packets"
    assert e["kind"] == kind


def test_breaks_and_meals_are_breaks():
    sch = read("## Monday, May 5, 2025\n\n08:00 - 09:00  Breakfast\n10:30 - 11:00  Coffee Break\n"
               "12:30 - 13:30  Lunch\n")
    assert {titled(sch, t)["kind"] for t in ("Breakfast", "Coffee Break", "Lunch")} == {SessionKind.BREAK}


def test_unknown_label_is_not_glued_into_the_title():
    sch = read("## Monday, May 5, 2025\n\n09:00 - 09:40  Fireside Chat: Building Open Models in Public\n"
               "09:40 - 10:00  Coffee Break\n")
    e = [x for x in entries(sch) if x["start"] == "09:00"][0]
    assert e["title"] == "Building Open Models in Public"


# ---------------------------------------------------------------------------------------
# The zone stated in the text
# ---------------------------------------------------------------------------------------

ZONE_BODY = "\n\n## Monday, July 14, 2025\n\n09:00 - 10:00  Opening Keynote\n10:00 - 10:30  Coffee Break\n"


@pytest.mark.parametrize(("statement", "offset", "zones"), [
    ("Timezone: Pacific/Honolulu", -10, {"Pacific/Honolulu"}),
    ("All times are CEST.", 2, {"Europe/Berlin", "Europe/Paris", "Europe/Vienna", "Europe/Brussels",
                                "Europe/Amsterdam", "Europe/Rome", "Europe/Madrid", "Europe/Zurich",
                                "Europe/Stockholm", "Europe/Oslo", "Europe/Copenhagen", "Europe/Prague",
                                "Europe/Warsaw", "CET", "Europe/Budapest"}),
    ("All sessions are in Pacific Daylight Time (PDT).", -7, {"America/Los_Angeles"}),
    ("Times are shown as (UTC-07:00).", -7, None),
    ("All times EDT.", -4, {"America/New_York"}),
    ("Times are GMT+1 (Vienna Time).", 2, {"Europe/Vienna"}),
], ids=["iana", "cest", "pdt-words", "utc-offset", "edt", "gmt+1-vienna"])
def test_stated_zone_is_the_schedules_zone(statement: str, offset: int, zones: set[str] | None):
    sch = read("# Summer Systems Summit 2025\n\n" + statement + ZONE_BODY)
    if zones is not None:
        assert sch.timezone in zones
    first = titled(sch, "Opening Keynote")["obj"]
    assert first.start.utcoffset() == timedelta(hours=offset)
    assert hm(first.start) == "09:00"


def test_stated_zone_wins_over_the_machines_zone(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    sch = read("# Summit 2025\n\nAll times are CEST." + ZONE_BODY)
    assert sch.sessions[0].start.utcoffset() == timedelta(hours=2)


def test_source_tz_wins_over_the_stated_zone():
    sch = read("# Summit 2025\n\nAll times are CEST." + ZONE_BODY, source_tz="America/Chicago")
    assert sch.timezone == "America/Chicago"
    assert sch.sessions[0].start.utcoffset() == timedelta(hours=-5)


def test_ambiguous_abbreviation_says_what_was_assumed():
    sch = read("# Workshop 2025 (Sydney, Australia)\n\nAll times in EST." + ZONE_BODY)
    said = " ".join(d.message for d in sch.diagnostics)
    assert "EST" in said


# ---------------------------------------------------------------------------------------
# The year
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("statement", [
    "# ICML 2023 Workshop on Sparsity",
    "USENIX ATC '23 co-located workshop",
    "Slides: https://example.org/2023/slides/",
    "[Call for papers](https://example.org/2023/cfp)",
    "© 2023 The Organizers",
], ids=["heading", "apostrophe-year", "link", "href", "copyright"])
def test_year_stated_anywhere_wins_over_weekday_inference(statement: str):
    # 24 July is a Monday in 2023 and in 2028: the stated year must win.
    sch = read(statement + "\n\n## Monday, July 24\n\n09:00 - 10:00  Opening\n10:00 - 10:30  Coffee Break\n")
    assert titled(sch, "Opening")["date"] == date(2023, 7, 24)


def test_weekday_only_warns_and_names_other_years():
    sch = read("## Monday, July 24\n\n09:00 - 10:00  Opening\n10:00 - 10:30  Coffee Break\n")
    warnings = [d for d in sch.diagnostics if d.severity == Severity.WARNING]
    years = [d for d in warnings if re.search(r"\b20\d\d\b.*\b20\d\d\b", d.message)]
    assert years, [str(d) for d in sch.diagnostics]


# ---------------------------------------------------------------------------------------
# Rooms and links everywhere
# ---------------------------------------------------------------------------------------

ROOMS_AND_LINKS = (
    "# Compilers Day 2025\n\n## Thursday, October 2, 2025\n\nLocation: Auditorium B\n\n"
    "### 09:00 - 10:30 Session 1: Register Allocation\n\n"
    "- [Linear Scan Revisited](https://example.org/papers/linear-scan) — Karin Holm\n"
    "- <a href=\"https://example.org/papers/ssa\">SSA Without Tears</a> — Omar Haddad\n"
)


def test_location_line_gives_the_room_of_the_block():
    sch = read(ROOMS_AND_LINKS, name="rooms.md")
    assert titled(sch, "Session 1: Register Allocation")["room"] == "Auditorium B"
    assert titled(sch, "Linear Scan Revisited")["room"] == "Auditorium B"


def test_location_line_ends_at_the_next_day():
    sch = read("# Compilers Day 2025\n\n## Thursday, October 2, 2025\n\nLocation: Auditorium B\n\n"
               "09:00 - 10:30 Session 1: Register Allocation\n10:30 - 11:00 Coffee Break\n\n"
               "## Friday, October 3, 2025\n\n09:00 - 10:30 Session 2: Vectorisation\n"
               "10:30 - 11:00 Coffee Break\n", name="rooms.md")
    assert titled(sch, "Session 1: Register Allocation")["room"] == "Auditorium B"
    assert titled(sch, "Session 2: Vectorisation")["room"] is None


def test_links_on_titles_become_urls():
    sch = read(ROOMS_AND_LINKS, name="rooms.md")
    assert titled(sch, "Linear Scan Revisited")["url"] == "https://example.org/papers/linear-scan"
    assert titled(sch, "SSA Without Tears")["url"] == "https://example.org/papers/ssa"


def test_rooms_and_links_show_in_the_agenda_json():
    sch = read(ROOMS_AND_LINKS, name="rooms.md")
    zone = get_zone(sch.timezone)
    ag = agenda_json(build_day([sch], date(2025, 10, 2), zone))
    s = ag["sessions"][0]
    assert s["location"] == "Auditorium B"
    assert {t["url"] for t in s["talks"]} == {"https://example.org/papers/linear-scan",
                                              "https://example.org/papers/ssa"}


def test_rooms_and_links_show_in_talks_json(tmp_path):
    src = tmp_path / "rooms.md"
    src.write_text("# Compilers Day 2025\n\n## Thursday, October 2, 2025\n\n"
                   "09:00 - 09:45 [Linear Scan Revisited](https://example.org/papers/linear-scan) "
                   "@ Room 220 E\n10:00 - 10:30 Coffee Break\n", encoding="utf-8")
    p = planner("talks", str(src), "--format", "json")
    assert p.returncode == 0, p.stderr
    talks = {t["title"]: t for t in json.loads(p.stdout)}
    t = talks["Linear Scan Revisited"]
    assert (t["location"], t["url"]) == ("Room 220 E", "https://example.org/papers/linear-scan")


def test_rooms_and_links_reach_the_ics_export(tmp_path):
    src = tmp_path / "rooms.md"
    src.write_text("# Compilers Day 2025\n\n## Thursday, October 2, 2025\n\n"
                   "09:00 - 09:45 [Linear Scan Revisited](https://example.org/papers/linear-scan) "
                   "@ Room 220 E\n", encoding="utf-8")
    out = tmp_path / "out.ics"
    p = planner("export", str(src), "--all", "-o", str(out))
    assert p.returncode == 0, p.stderr
    ics = out.read_text(encoding="utf-8").replace("\r\n ", "")
    assert "LOCATION:Room 220 E" in ics
    assert "URL:https://example.org/papers/linear-scan" in ics or \
        "URL;VALUE=URI:https://example.org/papers/linear-scan" in ics


def test_saved_html_page_reads_like_its_text(tmp_path):
    html = ("<!DOCTYPE html><html><head><title>Program</title><style>td{padding:2px}</style>"
            "<script>var x = '09:00 - 10:00 Not A Talk';</script></head><body>"
            "<nav><a href='/'>Home</a> | <a href='/cfp'>Call for Papers</a></nav>"
            "<h1>Program Synthesis Workshop 2025</h1><h2>Monday, June 23, 2025</h2>"
            "<table><tr><th>Time</th><th>Title</th><th>Speaker</th></tr>"
            "<tr><td>09:00 - 10:00</td><td><a href='https://example.org/k'>Keynote: Programs that Write Programs</a></td>"
            "<td>Armando Solar-Lezama (MIT)</td></tr>"
            "<tr><td>10:00 - 10:30</td><td>Coffee Break</td><td></td></tr></table></body></html>")
    sch = read(html, name="program.html")
    e = titled(sch, "Programs that Write Programs")
    assert (e["date"], e["start"], e["end"]) == (date(2025, 6, 23), "09:00", "10:00")
    assert e["kind"] == SessionKind.KEYNOTE and e["url"] == "https://example.org/k"
    assert e["people"] == ["Armando Solar-Lezama"] and e["affs"] == ["MIT"]
    assert "Not A Talk" not in " ".join(titles(sch))
    assert not any("Call for Papers" in t for t in titles(sch))


def test_html_table_whose_day_is_a_cell_outside_any_row():
    """`<table><th colspan="3">Friday, October 23rd 2020</th><tr>…`: the day cell written
    straight inside the table, which the HTML parser leaves outside any row."""
    html = ("<p>Talks run 9AM to 5PM PDT, UTC−07:00.</p>"
            "<table border='1'><th colspan='3'>Friday, October 23rd 2020</th>"
            "<tr><th></th><th>Presentation</th><th>Workshop Track</th></tr>"
            "<tr><td>9:00</td><td colspan='2'><strong>Welcoming Remarks</strong></td></tr>"
            "<tr><td>10:00</td><td>Threat Hunting on a Budget</td><td>Lockpicking 101</td></tr>"
            "<th colspan='3'>Saturday, October 24th 2020</th>"
            "<tr><td>9:00</td><td colspan='2'>Day Two Welcome</td></tr></table>")
    sch = read(html, name="schedule.html")
    e = titled(sch, "Welcoming Remarks")
    assert (e["date"], e["start"]) == (date(2020, 10, 23), "09:00")
    assert titled(sch, "Lockpicking 101")["date"] == date(2020, 10, 23)
    assert titled(sch, "Day Two Welcome")["date"] == date(2020, 10, 24)
    assert sch.timezone == "America/Los_Angeles"


def test_div_rows_nested_inside_a_div_row_cell_are_read(tmp_path):
    """A Bootstrap-style page whose talk cell holds div rows of its own (a time beside a
    bio); once raised AttributeError from the HTML front."""
    html = ("<h1>Workshop on Hardware Security</h1><p>All times are in Pacific Time. "
            "Saturday, June 19, 2021.</p>"
            "<div class='row'><div class='col'><div class='time'>08:00 am - 08:05 am</div>"
            "<div class='entry'>Opening Remarks</div></div></div>"
            "<div class='row'><div class='col'><div class='time'>08:05 am - 09:05 am</div>"
            "<div class='entry'><div class='title'>Keynote: Secure Enclaves Ten Years On</div>"
            "<div class='speakers'>Maria Lopez (Example University)</div>"
            "<div class='details'><div class='bio-row'><div class='when'>9:00</div>"
            "<div class='bio'>Maria Lopez is a professor.</div></div></div></div></div></div>")
    sch = read(html, name="program.html")
    e = titled(sch, "Secure Enclaves Ten Years On")
    assert (e["date"], e["start"], e["end"]) == (date(2021, 6, 19), "08:05", "09:05")
    assert e["people"] == ["Maria Lopez"]
    assert titled(sch, "Opening Remarks")["start"] == "08:00"


# ---------------------------------------------------------------------------------------
# Issue 14: affiliations
# ---------------------------------------------------------------------------------------

AFFILIATION_FORMS = [
    ("Ana Ruiz (ETH Zurich); Li Wei (Tsinghua University)",
     ["Ana Ruiz", "Li Wei"], ["ETH Zurich", "Tsinghua University"]),
    ("Ana Ruiz and Bo Chen, University of Toronto; Carla Dias, Microsoft Research",
     ["Ana Ruiz", "Bo Chen", "Carla Dias"], ["University of Toronto", "University of Toronto", "Microsoft Research"]),
    ("Dat Nguyen, Khanh Nguyen (Texas A&M University)",
     ["Dat Nguyen", "Khanh Nguyen"], ["Texas A&M University", "Texas A&M University"]),
    pytest.param("AUTHORS Deepak Narayanan (Stanford University), Amar Phanishayee (Microsoft Research)",
                 ["Deepak Narayanan", "Amar Phanishayee"], ["Stanford University", "Microsoft Research"]),
    pytest.param("Ana Ruiz, Bo Chen (*Orange Labs*) and Carla Dias (*KAIST*)",
                 ["Ana Ruiz", "Bo Chen", "Carla Dias"], ["Orange Labs", "Orange Labs", "KAIST"]),
]


@pytest.mark.parametrize(("line", "names", "affs"), AFFILIATION_FORMS,
                         ids=["name-paren-semicolon", "usenix", "group-paren", "authors-label", "italic"])
def test_affiliations_are_kept_beside_the_names(line: str, names: list[str], affs: list[str]):
    sch = read("## Monday, May 5, 2025\n\n### 09:00 - 10:30 Session 1: Storage\n\n"
               "Fast Crash Recovery for Persistent Memory\n" + line + "\n\n"
               "Log-Structured Merge Trees on Zoned Disks\nEmil Sandberg (Uppsala University)\n")
    e = titled(sch, "Fast Crash Recovery for Persistent Memory")
    assert e["people"] == names
    assert e["affs"] == affs


def test_affiliation_on_a_second_line():
    sch = read("## Monday, May 5, 2025\n\n09:00 - 09:45  Invited Talk: Verified Compilers in Practice\n"
               "Xavier Leroy\nCollège de France\n\n09:45 - 10:15  Coffee Break\n")
    e = titled(sch, "Verified Compilers in Practice")
    assert e["people"] == ["Xavier Leroy"] and e["affs"] == ["Collège de France"]


def test_affiliation_line_under_the_names_of_a_talk_in_a_session():
    sch = read("## Monday, May 5, 2025\n\n### 09:00 - 10:30 Session 1: Storage\n\n"
               "Fast Crash Recovery for Persistent Memory\nAna Ruiz, Bo Chen\nETH Zurich\n\n"
               "Log-Structured Merge Trees on Zoned Disks\nEmil Sandberg\nJun Park\n")
    e = titled(sch, "Fast Crash Recovery for Persistent Memory")
    assert e["people"] == ["Ana Ruiz", "Bo Chen"] and e["affs"] == ["ETH Zurich", "ETH Zurich"]
    e = titled(sch, "Log-Structured Merge Trees on Zoned Disks")
    assert e["people"] == ["Emil Sandberg", "Jun Park"] and e["affs"] == [None, None]


# ---------------------------------------------------------------------------------------
# People who are not "Firstname Lastname"
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "names"), [
    ("Martin Haase/maha", ["Martin Haase"]),
    ("exide", ["exide"]),
    ("Prof. Dr. Sören Auer, Dr. Sebastian Tramp", ["Sören Auer", "Sebastian Tramp"]),
    ("J. R. R. Tolkien, C. S. Lewis", ["J. R. R. Tolkien", "C. S. Lewis"]),
    ("Ludwig van Beethoven, Marc de Kruijf", ["Ludwig van Beethoven", "Marc de Kruijf"]),
    ("李雷, 韩梅梅", ["李雷", "韩梅梅"]),
    ("Wang Wei et al.", ["Wang Wei"]),
], ids=["handle", "mononym", "honorifics", "initials", "particles", "non-latin", "et-al"])
def test_people_line_under_a_timed_talk(line: str, names: list[str]):
    sch = read("## Day 1: Saturday, December 27, 2025\n\n"
               "11:00 - 11:40  Reverse Engineering Smart Meters\n" + line + "\n\n"
               "11:40 - 12:00  Coffee Break\n")
    e = titled(sch, "Reverse Engineering Smart Meters")
    assert e["people"] == names
    assert not any(t.startswith("Untitled talk") for t in titles(sch))


def test_organisation_as_host_is_kept_as_the_speaker():
    sch = read("## Saturday, December 27, 2025\n\n14:00 - 15:00  Lockpicking Workshop\nSSDeV\n\n"
               "15:00 - 15:30  Coffee Break\n")
    assert titled(sch, "Lockpicking Workshop")["people"] == ["SSDeV"]


@pytest.mark.parametrize("line", ["Hall 2", "Lightning Talks", "Workshop", "Room 101"])
def test_a_room_or_kind_under_a_timed_talk_is_no_speaker(line: str):
    sch = read("## Saturday, December 27, 2025\n\n14:00 - 15:00  Lockpicking for Beginners\n"
               + line + "\n\n15:00 - 15:30  Coffee Break\n")
    assert titled(sch, "Lockpicking for Beginners")["people"] == []


# ---------------------------------------------------------------------------------------
# One-line items
# ---------------------------------------------------------------------------------------

ONE_LINE = [
    ("Verified Parsers for Binary Formats, Ana Ruiz, ETH Zurich",
     "Verified Parsers for Binary Formats", ["Ana Ruiz"], ["ETH Zurich"], None),
    ('"Verified Parsers for Binary Formats" - Ana Ruiz (ETH Zurich)',
     "Verified Parsers for Binary Formats", ["Ana Ruiz"], ["ETH Zurich"], None),
    ("Invited Talk: Ana Ruiz (ETH Zurich): Verified Parsers for Binary Formats",
     "Verified Parsers for Binary Formats", ["Ana Ruiz"], ["ETH Zurich"], SessionKind.INVITED),
    ('Keynote - Ana Ruiz: "Verified Parsers for Binary Formats"',
     "Verified Parsers for Binary Formats", ["Ana Ruiz"], [None], SessionKind.KEYNOTE),
    ("*Verified Parsers for Binary Formats*, Ana Ruiz",
     "Verified Parsers for Binary Formats", ["Ana Ruiz"], [None], None),
    ("**Verified Parsers for Binary Formats**: Ana Ruiz, Bo Chen",
     "Verified Parsers for Binary Formats", ["Ana Ruiz", "Bo Chen"], [None, None], None),
    ("(Poster #01): Ana Ruiz, Bo Chen. [Verified Parsers for Binary Formats](https://example.org/p1)",
     "Verified Parsers for Binary Formats", ["Ana Ruiz", "Bo Chen"], [None, None], SessionKind.POSTER),
    ("Verified Parsers for Binary Formats. Ana Ruiz and Bo Chen.",
     "Verified Parsers for Binary Formats", ["Ana Ruiz", "Bo Chen"], [None, None], None),
]


@pytest.mark.parametrize(("line", "title", "names", "affs", "kind"), ONE_LINE,
                         ids=["title-speaker-affil", "quoted-dash", "invited-name-affil-title",
                              "keynote-dash-name-quoted", "italic-title", "bold-title-colon",
                              "poster-number", "title-period-authors"])
def test_one_line_item(line, title, names, affs, kind):
    sch = read("## Monday, May 5, 2025\n\n### 09:00 - 10:30 Session 1\n\n- " + line + "\n"
               "- Lazy Evaluation Strikes Back, Emil Sandberg, Uppsala University\n")
    e = titled(sch, title)
    assert e["people"] == names
    assert [a or None for a in e["affs"]] == affs
    if kind is not None:
        assert e["kind"] == kind


@pytest.mark.parametrize("line", ["Deep Learning. Big Data", "Export capabilities. 6. AI Assistant",
                                  "SS7: Locate. Track. Manipulate."])
def test_a_full_stop_inside_a_title_does_not_split_off_people(line: str):
    sch = read("## Monday, May 5, 2025\n\n09:00 - 09:30  " + line + "\n09:30 - 10:00  Coffee Break\n")
    e = [x for x in entries(sch) if x["start"] == "09:00"][0]
    assert e["people"] == [] and fold(e["title"]) == fold(line)


def test_title_and_authors_labels():
    sch = read("TITLE Verified Parsers for Binary Formats\nAUTHORS Ana Ruiz (ETH Zurich), Bo Chen (EPFL)\n\n"
               "TITLE Lazy Evaluation Strikes Back\nAUTHORS Emil Sandberg (Uppsala University)\n")
    e = titled(sch, "Verified Parsers for Binary Formats")
    assert e["people"] == ["Ana Ruiz", "Bo Chen"] and e["affs"] == ["ETH Zurich", "EPFL"]


@pytest.mark.parametrize(("line", "title", "kind"), [
    ("Talk by Amir Houmansadr", "Talk", SessionKind.TALK),
    ("Invited Talk by Vitaly Shmatikov", "Invited Talk", SessionKind.INVITED),
    ("Keynote Talk by Yang Zhang", "Keynote Talk", SessionKind.KEYNOTE),
], ids=["talk-by", "invited-talk-by", "keynote-talk-by"])
def test_talk_by_x_has_the_label_as_title_and_x_as_speaker(line, title, kind):
    sch = read("## Friday, May 5, 2023\n\n09:10 - 09:55  " + line + "\n09:55 - 10:10  Coffee Break\n")
    e = [x for x in entries(sch) if x["start"] == "09:10"][0]
    assert e["title"] == title
    assert e["people"] == [line.split(" by ", 1)[1]]
    assert e["kind"] == kind
    assert not any(t.startswith("Untitled") for t in titles(sch))


def test_timed_item_with_people_line_under_it_is_one_talk_with_speakers():
    sch = read("## Day 1 - Saturday, December 27, 2025\n\n"
               "12:45 - 13:45  Practical EMV PIN interception and fraud detection\n"
               "Andrea Barisani, Daniele Bianco\n\n"
               "14:00 - 15:00  SS7: Locate. Track. Manipulate.\nTobias Engel\n")
    e = titled(sch, "Practical EMV PIN interception and fraud detection")
    assert e["people"] == ["Andrea Barisani", "Daniele Bianco"]
    assert titled(sch, "SS7: Locate. Track. Manipulate.")["people"] == ["Tobias Engel"]
    assert not any(t.startswith("Untitled talk") for t in titles(sch))


def test_titles_that_look_like_something_else():
    long_title = ("Towards a Unified Theory of Robust Distributed Consensus Protocols for "
                  "Heterogeneous Edge Devices Operating Under Intermittent Connectivity, Partial "
                  "Synchrony and Byzantine Faults in the Wild, with Lessons Learned from Three "
                  "Years of Deployment in Rural Clinics")
    assert len(long_title.split()) >= 28
    sch = read("## Monday, May 5, 2025\n\n### 09:00 - 10:30 Session 1: Odd Titles\n\n"
               "Practical EMV PIN interception and fraud detection\nAndrea Barisani, Daniele Bianco\n\n"
               "SS7: Locate. Track. Manipulate.\nTobias Engel\n\n"
               + long_title + "\nMaria Lindqvist, Jun Park\n")
    kids = [e for e in entries(sch) if e["session"] == "Session 1: Odd Titles"]
    assert [fold(e["title"]) for e in kids] == [fold(t) for t in (
        "Practical EMV PIN interception and fraud detection", "SS7: Locate. Track. Manipulate.",
        long_title)]
    assert kids[2]["people"] == ["Maria Lindqvist", "Jun Park"]


# ---------------------------------------------------------------------------------------
# Label lines inside a program
# ---------------------------------------------------------------------------------------

LABELS = ("## Wednesday, November 5, 2025\n\n### 13:30 - 15:00 Session 4: Scheduling\n\n"
          "Session Chair: Kim Keeton (HP Labs)\n\n"
          "**Fair Queuing for Accelerators**\nLena Olson (Google)\n"
          "Abstract: We show how to share accelerators fairly across tenants.\n"
          "Bio: Lena Olson works on datacenter scheduling.\n"
          "Paper: https://example.org/fq.pdf\nSlides\nVideo\n[PDF](https://example.org/fq-full.pdf)\n\n"
          "**Deadline-Aware Batching**\nOmar Haddad (EPFL)\n")


def test_session_chair_line_gives_the_chairs():
    sch = read(LABELS, name="labels.md")
    s = titled(sch, "Session 4: Scheduling")["obj"]
    assert [c.name for c in s.chairs] == ["Kim Keeton"]
    assert "Kim Keeton" not in [p.name for t in s.talks for p in t.speakers]


def test_abstract_and_bio_attach_to_their_talk():
    sch = read(LABELS, name="labels.md")
    t = titled(sch, "Fair Queuing for Accelerators")["obj"]
    assert "share accelerators fairly" in t.abstract
    assert "datacenter scheduling" in t.bio


def test_link_label_lines_become_links_not_talks():
    sch = read(LABELS, name="labels.md")
    assert titles(sch) == ["Session 4: Scheduling", "Fair Queuing for Accelerators",
                           "Deadline-Aware Batching"]
    t = titled(sch, "Fair Queuing for Accelerators")["obj"]
    assert {link.url for link in t.links} >= {"https://example.org/fq.pdf",
                                              "https://example.org/fq-full.pdf"}


# ---------------------------------------------------------------------------------------
# Listings, arXiv pastes, publication pages
# ---------------------------------------------------------------------------------------

LISTINGS = {
    "unnumbered": ("## Accepted Papers\n\n"
                   "- Verified Parsers for Binary Formats. Ana Ruiz, Bo Chen\n"
                   "- Lazy Evaluation Strikes Back. Emil Sandberg\n"
                   "- Sound Gradual Typing at Scale. Li Wei, Priya Natarajan\n"),
    "bold-title-author-line": ("## Accepted Papers\n\n**Verified Parsers for Binary Formats**\n\n"
                               "_Ana Ruiz, Bo Chen_\n\n**Lazy Evaluation Strikes Back**\n\n_Emil Sandberg_\n\n"
                               "**Sound Gradual Typing at Scale**\n\n_Li Wei, Priya Natarajan_\n"),
    "title-period-authors": ("Accepted papers\n\nVerified Parsers for Binary Formats. Ana Ruiz, Bo Chen.\n"
                             "Lazy Evaluation Strikes Back. Emil Sandberg.\n"
                             "Sound Gradual Typing at Scale. Li Wei, Priya Natarajan.\n"),
    "numbered-posters": ("## Posters\n\n1. Verified Parsers for Binary Formats — Ana Ruiz, Bo Chen\n"
                         "2. Lazy Evaluation Strikes Back — Emil Sandberg\n"
                         "3. Sound Gradual Typing at Scale — Li Wei, Priya Natarajan\n"),
    "with-affiliations": ("## Accepted Papers\n\n**Verified Parsers for Binary Formats**  \n"
                          "Ana Ruiz (ETH Zurich), Bo Chen (EPFL)\n\n**Lazy Evaluation Strikes Back**  \n"
                          "Emil Sandberg (Uppsala University)\n\n**Sound Gradual Typing at Scale**  \n"
                          "Li Wei (Tsinghua University), Priya Natarajan (IIT Madras)\n"),
}


@pytest.mark.parametrize("shape", list(LISTINGS))
def test_listing_beyond_the_seed(shape: str):
    sch = read(LISTINGS[shape], name=f"{shape}.md")
    got = {e["title"]: e["people"] for e in entries(sch)}
    assert got == {"Verified Parsers for Binary Formats": ["Ana Ruiz", "Bo Chen"],
                   "Lazy Evaluation Strikes Back": ["Emil Sandberg"],
                   "Sound Gradual Typing at Scale": ["Li Wei", "Priya Natarajan"]}
    assert not sch.sessions
    if shape == "with-affiliations":
        assert titled(sch, "Sound Gradual Typing at Scale")["affs"] == ["Tsinghua University", "IIT Madras"]


def test_arxiv_list_paste_uses_the_stated_titles():
    text = ("Showing new listings for Monday, 23 February 2026\n\nTotal of 2 entries\n\n"
            "[1] arXiv:2602.17675 [pdf, html, other]\n"
            "Title: Elastic Pipelines for Serving Mixture-of-Experts Models\n"
            "Ana Ruiz, Bo Chen, Li Wei\nComments: 12 pages\nSubjects: Distributed, Parallel, and Cluster Computing (cs.DC)\n"
            "In this issue, we conduct extensive experiments on pipeline elasticity and show that "
            "mixture-of-experts serving benefits from it.\n\n"
            "[2] arXiv:2602.17701 [pdf, other]\n"
            "Title: Checkpointing Without Stopping the World\nEmil Sandberg, Priya Natarajan\n"
            "Subjects: Distributed, Parallel, and Cluster Computing (cs.DC)\n"
            "We present a checkpointing protocol that never pauses training.\n")
    sch = read(text, name="arxiv.txt")
    got = {t.title: ([p.name for p in t.speakers], t.title_source) for t in sch.talks()}
    assert got == {
        "Elastic Pipelines for Serving Mixture-of-Experts Models": (["Ana Ruiz", "Bo Chen", "Li Wei"], "stated"),
        "Checkpointing Without Stopping the World": (["Emil Sandberg", "Priya Natarajan"], "stated"),
    }


def test_arxiv_search_results_paste_reads_as_papers_not_abstracts(tmp_path):
    """A search-results page pasted: numbered ids with link labels, subject codes, the
    title, an `Authors:` line and an `Abstract:` paragraph per paper.  It is read as the
    papers (title, authors), not refused as fitting the abstract list equally."""
    text = ("Skip to main content\n\nShowing 1–2 of 2 results for author: Ruiz, A\n\n"
            "  1. arXiv:2511.00421  [pdf, other\n\n    cs.DC cs.LG\n\n"
            "    Elastic Pipelines for Serving Mixture-of-Experts Models\n\n"
            "    Authors: Ana Ruiz, Bo Chen, Li Wei\n\n"
            "    Abstract: Serving mixture-of-experts models needs pipelines that grow and shrink …\n\n"
            "    Submitted 3 November, 2025; originally announced November 2025.\n\n"
            "  2. arXiv:2510.01877  [pdf, ps, other\n\n    cs.OS\n\n"
            "    Checkpointing Without Stopping the World\n\n"
            "    Authors: Emil Sandberg, Ana Ruiz\n\n"
            "    Abstract: We present a checkpointing protocol that never pauses training …\n\n"
            "    Submitted 2 October, 2025; originally announced October 2025.\n")
    path = tmp_path / "search.txt"
    path.write_text(text, encoding="utf-8")
    sch = load_schedule(path, LoadOptions(today=TODAY))
    got = {t.title: [p.name for p in t.speakers] for t in sch.talks()}
    assert got == {
        "Elastic Pipelines for Serving Mixture-of-Experts Models": ["Ana Ruiz", "Bo Chen", "Li Wei"],
        "Checkpointing Without Stopping the World": ["Emil Sandberg", "Ana Ruiz"],
    }


def test_publication_page_keeps_venue_and_year_as_a_note_and_no_date():
    text = ("# Publications\n\n"
            "- **Verified Parsers for Binary Formats.** Ana Ruiz, Bo Chen. *OSDI 2024*.\n"
            "- **Lazy Evaluation Strikes Back.** Ana Ruiz, Emil Sandberg. *ICFP 2022*.\n")
    sch = read(text, name="publications.md")
    t = {x.title: x for x in sch.talks()}
    assert set(t) == {"Verified Parsers for Binary Formats", "Lazy Evaluation Strikes Back"}
    assert [p.name for p in t["Lazy Evaluation Strikes Back"].speakers] == ["Ana Ruiz", "Emil Sandberg"]
    assert all(x.start is None for x in t.values())
    assert any("OSDI 2024" in n for n in t["Verified Parsers for Binary Formats"].notes)


# ---------------------------------------------------------------------------------------
# No silent loss, and clear refusals
# ---------------------------------------------------------------------------------------

COVERAGE_TEXT = ("# Tiny Workshop 2025\n\n## Monday, May 5, 2025\n\n"
                 "09:00 - 09:30  Opening Remarks\n09:30 - 10:30  Fast Joins on GPUs, Ana Ruiz\n"
                 "Please remember to register by April 1.\n"
                 "10:30 - 11:00  Coffee Break\n"
                 "Follow us on Mastodon @tinyworkshop\n")


def test_check_says_how_many_lines_were_used_and_reported(tmp_path):
    src = tmp_path / "program.txt"
    src.write_text(COVERAGE_TEXT, encoding="utf-8")
    p = planner("check", str(src))
    assert p.returncode == 0, p.stderr
    m = re.search(r"(\d+) of (\d+) lines used; (\d+) reported", p.stdout)
    assert m, p.stdout
    used, total, reported = map(int, m.groups())
    assert total == sum(1 for ln in COVERAGE_TEXT.splitlines() if ln.strip())
    assert used + reported == total


def test_every_reported_line_is_in_a_diagnostic_with_its_number(tmp_path):
    src = tmp_path / "program.txt"
    src.write_text(COVERAGE_TEXT, encoding="utf-8")
    p = planner("check", str(src), "--format", "json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    lines = out["lines"]
    assert lines["used"] + lines["reported"] == lines["total"]
    text_lines = COVERAGE_TEXT.splitlines()
    named: set[int] = set()  # the lines the diagnostics name: their own, and ranges they quote
    for d in out["diagnostics"]:
        if d["line"]:
            named.add(d["line"])
        for a, b in re.findall(r"lines? (\d+)(?:\s*[–-]\s*(\d+))?", d["message"]):
            named.update(range(int(a), int(b or a) + 1))
    named = {n for n in named if 1 <= n <= len(text_lines) and text_lines[n - 1].strip()}
    assert len(named) >= lines["reported"], out["diagnostics"]


def test_as_format_that_reads_nothing_exits_1_with_one_sentence(tmp_path):
    src = tmp_path / "program.txt"
    src.write_text(COVERAGE_TEXT, encoding="utf-8")
    p = planner("check", str(src), "--as", "abstracts")
    assert p.returncode == 1
    err = p.stderr.strip()
    assert err and "\n" not in err and "Traceback" not in err
    assert "abstracts" in err


def test_shopping_list_is_refused_with_one_sentence(tmp_path):
    src = tmp_path / "groceries.txt"
    src.write_text("Shopping list\n\n- 2 litres of milk\n- eggs (a dozen)\n- sourdough bread\n"
                   "- coffee beans, dark roast\n- 3 lemons\n- olive oil\n", encoding="utf-8")
    p = planner("check", str(src))
    assert p.returncode == 1
    err = p.stderr.strip()
    assert err and "\n" not in err and "Traceback" not in err
    with pytest.raises(PlannerError):
        load_schedule(src, LoadOptions(today=TODAY))


@pytest.mark.parametrize("first", ["Timezone: Pacific/Honolulu", "All times are HST",
                                   "Location: Hilton Hawaiian Village"])
def test_a_fact_line_on_top_does_not_name_the_conference(first: str):
    sch = read(first + "\n\n## Monday, June 2, 2025\n\n* 14:00 -- 14:05 Opening\n"
               "* 14:05 -- 14:55 Oral: Faster Sorting, Li Wei\n")
    assert sch.conference == "Conference program"
    assert ("Faster Sorting", "14:05", "14:55") in slots(sch)


@pytest.mark.parametrize("head", ['<meta charset="windows-1252">',
                                  '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">',
                                  ""])
def test_a_saved_page_in_a_legacy_charset_reads_as_a_browser_reads_it(head, tmp_path):
    """A page saved in Windows-1252 (declared, or undeclared as old PHP fragments are):
    read in that charset with a warning saying so; plain text that is not UTF-8 is still
    refused (tests/test_cli_agenda.py)."""
    page = (f"<html><head>{head}<title>Tagung 2015</title></head><body>"
            "<h2>Wednesday, March 11, 2015</h2><table><tr><th>Zeit</th><th>Talk</th></tr>"
            "<tr><td>9:00 \u2013 10:45</td><td>Eröffnung und Grußworte</td></tr>"
            "<tr><td>11:00 \u2013 12:00</td><td>Lernen im Museum \u2013 José Gonçalves</td></tr>"
            "</table></body></html>")
    path = tmp_path / "programm.html"
    path.write_bytes(page.encode("cp1252"))
    sch = load_schedule(path, LoadOptions(today=TODAY))
    assert ("Eröffnung und Grußworte", "09:00", "10:45") in slots(sch)
    assert any(d.code == "charset" and "windows-1252" in d.message for d in sch.diagnostics)
    ran = planner("check", str(path))
    assert ran.returncode == 0 and "read as windows-1252" in ran.stdout, ran.stderr


def test_kramdown_class_lines_give_rooms_and_bold_name_colon_title_gives_the_speaker():
    """A Jekyll page: a time heading, the room with a kramdown class line `{: .loc}`, the
    block's title as a smaller heading; talks as `**Speaker: Title**`."""
    sch = read("## Saturday, October 5, 2013\n\n"
               "### 09:00--10:00\nConference center lobby\n{: .loc}\n\n"
               "#### Registration & Welcome coffee\n\n"
               "### 10:10--10:45\n**Chris Jones: Getting the Goods**\n{: .desc}\n\n"
               "Good reporting is essential to telling true stories, but there is more to "
               "reporting than the simple gathering of facts.\n{: .desc}\n", "schedule.md")
    reg = titled(sch, "Registration & Welcome coffee")
    assert (reg["start"], reg["end"], reg["room"]) == ("09:00", "10:00", "Conference center lobby")
    assert "Conference center lobby" not in titles(sch)
    talk = titled(sch, "Getting the Goods")
    assert (talk["start"], talk["people"]) == ("10:10", ["Chris Jones"])


def test_four_digit_clock_ranges_are_times_but_years_and_room_numbers_are_not():
    sch = read("# Workshop on Differentiable Vision 2020\n\nFriday, December 11, 2020\n\n"
               "| Time | Talk |\n|---|---|\n| 0945 - 1000 | Opening Remarks |\n"
               "| 1000 - 1025 | Invited Talk: Scene Graphs Revisited, Ana Ruiz |\n"
               "| 1030 - 1100 | Poster session, Rooms 1201-1205 |\n\n"
               "Copyright 2019-2020 the organizers.\n")
    assert ("Opening Remarks", "09:45", "10:00") in slots(sch)
    assert ("Scene Graphs Revisited", "10:00", "10:25") in slots(sch)
    starts = {e["start"] for e in entries(sch)}
    assert "12:01" not in starts and "20:19" not in starts


def test_invited_talk_by_a_linked_name_over_the_title_in_a_table_cell():
    sch = read("# Workshop Program\n\nMonday, June 2, 2025\n\n| Time | Session |\n|---|---|\n"
               "| 09:00 - 09:40 | Invited Talk by **[Aleksandr Petiushko](https://p.example/)**<br>"
               "*Safety and Uncertainty in Autonomous Driving* |\n"
               "| 09:40 - 10:00 | Talk by Ana Ruiz |\n", "program.md")
    t = titled(sch, "Safety and Uncertainty in Autonomous Driving")
    assert (t["start"], t["people"], t["kind"]) == ("09:00", ["Aleksandr Petiushko"], SessionKind.INVITED)
    assert "Aleksandr Petiushko" not in titles(sch)
    assert titled(sch, "Talk")["people"] == ["Ana Ruiz"]


def test_a_timetable_of_start_times_ends_each_entry_at_the_next_start():
    sch = read("## Friday, November 24, 2000\n\n| Time | Activity | Venue |\n|---|---|---|\n"
               "| 9:00 | Arrival and set up | Main Foyer |\n"
               "| 10:00 | Registration and Coffee | |\n"
               "| 10:30 | President's Welcome | Lecture Theatre |\n"
               "| 11:00 | Session A | Various Rooms |\n")
    arrival = titled(sch, "Arrival and set up")["obj"]
    assert arrival.end.strftime("%H:%M") == "10:00" and arrival.end_estimated
    welcome = titled(sch, "President's Welcome")["obj"]
    assert welcome.end.strftime("%H:%M") == "11:00" and welcome.end_estimated
    assert titled(sch, "Session A")["obj"].end_estimated  # the last: estimated as before


@pytest.mark.parametrize(("line", "title", "names", "affs"), [
    ("Scaling Vector Search on a Budget, Tomasz Kowalski (ETH Zurich)",
     "Scaling Vector Search on a Budget", ["Tomasz Kowalski"], ["ETH Zurich"]),
    ("Paper Cuts, Ana Ruiz and Bo Chen (MIT)", "Paper Cuts", ["Ana Ruiz", "Bo Chen"], ["MIT", "MIT"]),
    ("Machines, Learning (Deepak Narayanan)", "Machines, Learning", ["Deepak Narayanan"], [None]),
])
def test_title_comma_name_then_affiliation_in_parentheses(line, title, names, affs):
    sch = read("## Monday, June 16, 2025\n\n9:00 - 9:30  Opening Remarks, Ana Ruiz\n"
               f"9:30 - 10:15  {line}\n")
    e = titled(sch, title)
    assert (e["start"], e["people"], e["affs"]) == ("09:30", names, affs)


def test_invited_talk_by_over_a_title_that_reads_like_a_name():
    sch = read("| Time | Talk |\n|---|---|\n| 0945 - 1000 | Opening Remarks |\n"
               "| 1000 - 1025 | Invited Talk by **[Ana Ruiz](https://example.org/)**<br>"
               "*Scene Graphs Revisited* |\n\nFriday, December 11, 2020.\n", "program.md")
    e = titled(sch, "Scene Graphs Revisited")
    assert (e["start"], e["people"]) == ("10:00", ["Ana Ruiz"])


@pytest.mark.parametrize(("line", "pairs"), [
    ("Ana Ruiz, ETH Zurich", [("Ana Ruiz", "ETH Zurich")]),
    ("Ana Ruiz, Bo Chen, KTH Royal Institute of Technology",
     [("Ana Ruiz", "KTH Royal Institute of Technology"), ("Bo Chen", "KTH Royal Institute of Technology")]),
    ("JINOOK SONG, COLBY BANBURY", [("JINOOK SONG", None), ("COLBY BANBURY", None)]),
])
def test_an_acronym_led_institution_after_the_names_is_their_affiliation(line, pairs):
    from planner.parsers.program.people import read_people

    got = read_people(line)
    assert [(p.name, p.affiliation) for p in got.people] == pairs


@pytest.mark.parametrize("line", ["Deep Neural Networks", "Persistent memory made usable through a small library"])
def test_a_line_under_the_names_that_only_mentions_an_organisation_word_is_no_affiliation(line: str):
    sch = read("## Monday, May 5, 2025\n\n09:00 - 09:45  Ensembles Without Retraining\n"
               "Ana Ruiz, Bo Chen\n" + line + "\n\n09:45 - 10:15  Coffee Break\n")
    e = titled(sch, "Ensembles Without Retraining")
    assert e["people"][:2] == ["Ana Ruiz", "Bo Chen"] and e["affs"][:2] == [None, None]


def test_role_labels_in_a_table_cell_give_the_entry_its_people():
    """A workshop agenda's activity cell: the title, a `Topic:`, and the people by the
    roles they hold (`Session Lead:`, `Subject Matter Experts:`), set apart by `·`."""
    sch = read("## Tuesday October 24, 2023\n\n| Start | End | Location | Activity |\n|---|---|---|---|\n"
               "| 11:00 AM | 12:15 PM | Room 5600 | Breakout Session 1: Remote Labs · Topic: Data Set "
               "Curation · Session Lead: Ana Ruiz · Subject Matter Experts: Bo Chen, Li Wei, and "
               "Emil Sandberg |\n| 12:15 PM | 1:30 PM | Suite | Lunch |\n", "agenda.md")
    e = titled(sch, "Breakout Session 1: Remote Labs")
    assert e["start"] == "11:00"
    assert e["people"] == ["Ana Ruiz", "Bo Chen", "Li Wei", "Emil Sandberg"]
    assert not any(t.startswith("Topic") for t in titles(sch))


USENIX_SESSION = ("## Monday, May 7, 2007\n\n11:00 a.m.–12:30 p.m.\nSession: Coping with Concurrency\n"
                  "Session Chair: Ana Ruiz, University of California, Berkeley\n\n"
                  "Lock-Free Queues Revisited\nBo Chen, Li Wei, and Emil Sandberg, University of Toronto\n"
                  "Read the paper in PDF | HTML\n\n"
                  "Automatic Mutual Exclusion\nPriya Natarajan and Jun Park, Microsoft Research, Silicon Valley\n"
                  "Read the paper in PDF | HTML\n\n"
                  "Relaxed Determinism: Making Redundant Execution Practical\n"
                  "Jesse Pool, Ian Sin Kwok Wong, and David Lie, University of Toronto\n"
                  "Read the paper in PDF | HTML\n\n"
                  "Hype and Virtue\nTimothy Roscoe, ETH Zürich; Kevin Elphinstone and Gernot Heiser, National ICT Australia\n"
                  "Read the paper in PDF | HTML\n\n12:30 p.m.–2:00 p.m.    Lunch\n")


def test_usenix_session_titles_that_read_as_names_long_names_and_link_lines():
    sch = read(USENIX_SESSION)
    kids = [e for e in entries(sch) if e["session"] == "Session: Coping with Concurrency"
            or e["session"] == "Coping with Concurrency"]
    assert [e["title"] for e in kids] == [
        "Lock-Free Queues Revisited", "Automatic Mutual Exclusion",
        "Relaxed Determinism: Making Redundant Execution Practical", "Hype and Virtue"]
    assert kids[1]["people"] == ["Priya Natarajan", "Jun Park"]
    assert kids[2]["people"] == ["Jesse Pool", "Ian Sin Kwok Wong", "David Lie"]
    assert kids[3]["people"] == ["Timothy Roscoe", "Kevin Elphinstone", "Gernot Heiser"]
    assert kids[3]["affs"] == ["ETH Zürich", "National ICT Australia", "National ICT Australia"]
    assert not any("Read the paper" in t for t in titles(sch))


@pytest.mark.parametrize("order", ["speaker-first", "title-first"])
def test_dash_order_is_decided_per_page_by_the_lines_that_can_only_be_read_one_way(order: str):
    """`Li Wei - Graph Databases Explained` reads either way; the page's other lines,
    where only one side reads as people, say which side is which."""
    pairs = [("Ana Ruiz", "Welcome to the Conference"), ("Bo Chen", "Rust in Production"),
             ("Li Wei", "Graph Databases Explained"), ("Emil Sandberg", "Mobile Testing"),
             ("Jun Park", "Security for the Rest of Us")]
    rows = "".join(f"{9 + k}:00 - {9 + k}:30  " + (f"{who} - {what}" if order == "speaker-first" else f"{what} - {who}")
                   + "\n" for k, (who, what) in enumerate(pairs))
    sch = read("## Saturday, March 2, 2024\n\n" + rows)
    for who, what in pairs:
        assert titled(sch, what)["people"] == [who]


def test_a_label_the_page_puts_before_names_is_a_label_on_every_line():
    sch = read("## Friday, June 24, 2022\n\n11.30-11.50 Position Paper: Sofa Kiromilli\n"
               "11.50-12.10 Invited Speaker: Joey Jones\n12.10-12.30 Invited Speaker: Mark Bernstein\n"
               "13.00-13.20 Position Paper: David Millard\n13.20-13.40 Invited Speaker: Alex Mitchell\n"
               "14.00-14.20 Wrap up and Close\n")
    got = {(e["start"], e["title"], tuple(e["people"])) for e in entries(sch) if e["start"]}
    assert ("11:30", "Position Paper", ("Sofa Kiromilli",)) in got
    assert ("13:00", "Position Paper", ("David Millard",)) in got
    assert ("11:50", "Invited Speaker", ("Joey Jones",)) in got


def test_a_talk_long_only_by_its_affiliated_authors_after_by_is_no_abstract():
    sch = read("#### 14:00-15:00 - Compilation\n\n"
               "Partial Evaluation for Fun ([paper](p/pe.pdf), [slides](s/pe.pdf)), by Ana Ruiz "
               "(Université Pierre et Marie Curie, LIP6 UMR 7606, France), Bo Chen (Université Pierre "
               "et Marie Curie, LIP6 UMR 7606, France) and Li Wei (University of Cambridge, UK)\n\n"
               "Improving Inlining Heuristics ([paper](p/inl.pdf)), by Emil Sandberg (OCamlPro SAS, France)\n\n"
               "#### 15:00-15:20 - Break\n", "program.md", year=2013)
    assert titled(sch, "Partial Evaluation for Fun")["people"] == ["Ana Ruiz", "Bo Chen", "Li Wei"]
    assert titled(sch, "Improving Inlining Heuristics")["people"] == ["Emil Sandberg"]


def test_a_pages_menu_among_its_papers_is_reported_not_listed(tmp_path):
    text = ("Distributed Computing\n\n  • New submissions\n  • Cross-lists\n  • Replacements\n\n"
            "[1] arXiv:2602.17675 [pdf, html, other]\n"
            "Title: Elastic Pipelines for Serving Mixture-of-Experts Models\nAna Ruiz, Bo Chen\n"
            "Subjects: Distributed, Parallel, and Cluster Computing (cs.DC)\n\n"
            "[2] arXiv:2602.17701 [pdf, other]\nTitle: Checkpointing Without Stopping the World\n"
            "Emil Sandberg\nSubjects: Distributed, Parallel, and Cluster Computing (cs.DC)\n")
    sch = read(text, name="arxiv.txt")
    assert {t.title for t in sch.talks()} == {"Elastic Pipelines for Serving Mixture-of-Experts Models",
                                             "Checkpointing Without Stopping the World"}
    assert any("'Cross-lists'" in d.message and d.line == 4 for d in sch.diagnostics)


# ---------------------------------------------------------------------------------------
# More real shapes (the held-out pages' layouts): days as columns over alternating rows,
# titles over their day and time, run-together outlines, speaker rows, seminar tables
# ---------------------------------------------------------------------------------------

ALTERNATING = ("# Summer School on Verification\n\n## Programme, June 2025\n\n"
               "| Tuesday 10 June | Wednesday 11 June | Thursday 12 June | Friday 13 June |\n"
               "|---|---|---|---|\n"
               "| 9:00 - 10:00 | 9:00 - 10:30 | 9:00 - 10:30 | 9:00 - 10:30 |\n"
               "| Registration | Model Checking I | Separation Logic I | Proof Assistants I |\n"
               "| 10:00 - 10:30 | 10:30 - 11:00 | 10:30 - 11:00 | 10:30 - 11:00 |\n"
               "| Opening | Coffee Break | Coffee Break | Coffee Break |\n"
               "| 10:30 - 12:00 | 11:00 - 12:30 | 11:00 - 12:30 | |\n"
               "| Parallel Sessions | Model Checking II | Separation Logic II | |\n"
               "| 12:00 - 13:30 | 12:30 - 14:00 | 12:30 - 14:00 | 12:30 |\n"
               "| Lunch | Lunch | Lunch | Closing |\n"
               "| 14:00 - 15:30 | 14:00 - 15:30 | | |\n"
               "| Abstract Interpretation | Student Talks |\n")


@pytest.mark.parametrize("form", ["markdown", "tabs"])
def test_days_as_columns_over_rows_that_alternate_times_and_titles(form: str):
    """Each title is under the time of its own column, on that column's day; a row of
    times whose titles row has fewer cells, and empty cells, give nothing more."""
    text = ALTERNATING
    if form == "tabs":
        rows = [ln for ln in text.splitlines() if ln.startswith("|") and "---" not in ln]
        text = "Summer School on Verification, June 2025\n\n" + "\n".join(
            "\t".join(c.strip() for c in r.strip("|").split("|")) for r in rows) + "\n"
    sch = read(text, "program.md" if form == "markdown" else "program.txt", year=2025)
    got = {(e["date"], e["start"], e["end"], e["title"]) for e in entries(sch) if e["start"]}
    assert got >= {(date(2025, 6, 10), "09:00", "10:00", "Registration"),
                   (date(2025, 6, 11), "09:00", "10:30", "Model Checking I"),
                   (date(2025, 6, 12), "09:00", "10:30", "Separation Logic I"),
                   (date(2025, 6, 13), "09:00", "10:30", "Proof Assistants I"),
                   (date(2025, 6, 10), "10:30", "12:00", "Parallel Sessions"),
                   (date(2025, 6, 12), "11:00", "12:30", "Separation Logic II"),
                   (date(2025, 6, 11), "14:00", "15:30", "Student Talks"),
                   (date(2025, 6, 10), "14:00", "15:30", "Abstract Interpretation")}
    assert ("Closing", date(2025, 6, 13), "12:30") in {(e["title"], e["date"], e["start"]) for e in entries(sch)}
    assert not any(re.match(r"^\d", t) for t in titles(sch))
    assert len([e for e in entries(sch) if e["title"] == "Coffee Break"]) == 3


USENIX_EVENTS = ("2007 USENIX Annual Technical Conference\n\nConference Program\n\n"
                 "Welcome Get-Together, 4th Floor Atrium\nSunday, June 24, 6:00 pm-7:00 pm\n\n"
                 "Birds-of-a-Feather Sessions, Salons A and B\nWednesday, June 27, 7:30 pm-10:30 pm\n"
                 "Thursday, June 28, 7:30 pm-10:30 pm\n\n"
                 "Poster Session, Grand Ballroom\nFriday, June 29, begins at 12:30 pm\n\n"
                 "Conference Reception, Pier 39\nThursday, June 28, 6:00 pm-12:00 am\n\n"
                 "Closing Session: Lightning Talks\nSalon F, Friday, June 29, 4:00 pm-5:30 pm\n\n"
                 "THURSDAY-\n11:00 am-12:30 pm\nThe Web Is Broken, and How to Mend It\n"
                 "Ana Ruiz, Stanford University\n\n2:00 pm-3:30 pm\nFile Systems Under Pressure\n"
                 "Bo Chen, University of Toronto\n")


def test_titles_over_their_day_and_time_with_the_room_after_the_last_comma():
    sch = read(USENIX_EVENTS)
    assert sch.format == "program"
    got = {(e["title"], e["date"], e["start"], e["end"], e["room"]) for e in entries(sch)
           if e["session"] is None}
    assert got >= {("Welcome Get-Together", date(2007, 6, 24), "18:00", "19:00", "4th Floor Atrium"),
                   ("Birds-of-a-Feather Sessions", date(2007, 6, 27), "19:30", "22:30", "Salons A and B"),
                   ("Birds-of-a-Feather Sessions", date(2007, 6, 28), "19:30", "22:30", "Salons A and B"),
                   ("Conference Reception", date(2007, 6, 28), "18:00", "00:00", "Pier 39"),
                   ("Closing Session: Lightning Talks", date(2007, 6, 29), "16:00", "17:30", "Salon F")}
    poster = titled(sch, "Poster Session")
    assert (poster["date"], poster["start"], poster["room"]) == (date(2007, 6, 29), "12:30", "Grand Ballroom")
    assert poster["people"] == []
    reception = titled(sch, "Conference Reception")["obj"]
    assert reception.end - reception.start == timedelta(hours=6)  # ends at midnight
    web = titled(sch, "The Web Is Broken, and How to Mend It")
    assert (web["date"], web["start"], web["people"]) == (date(2007, 6, 28), "11:00", ["Ana Ruiz"])
    assert titled(sch, "File Systems Under Pressure")["affs"] == ["University of Toronto"]


OUTLINE = ("Workshop on Program Synthesis 2025\nMonday, March 3, 2025 to Wednesday, March 5, 2025\n\n"
           "Day 1\n8:30 Registration and Breakfast 9:00 Session 1: Foundations 10:00 Coffee "
           "10:30 Session 2: Neural Synthesis 12:00 Lunch 2:00 Session 3: Verification 3:30 Coffee "
           "4:00 Panel Discussion 5:30 Reception\n\n"
           "Day 2\n9:00 Session 4: Applications 10:30 Coffee 11:00 Session 5: Tools 12:30 Lunch "
           "1:30 Session 6: Open Problems 3:00 Closing\n")


def test_an_outline_run_into_one_line_under_day_labels():
    """Each time starts an item that ends where the next starts; the clocks are 12-hour,
    read in context (`2:00` after `12:00` is 14:00); `Day 2` is the day after `Day 1`."""
    sch = read(OUTLINE)
    got = {(e["date"], e["start"], e["title"]) for e in entries(sch) if e["start"]}
    assert got >= {(date(2025, 3, 3), "08:30", "Registration and Breakfast"),
                   (date(2025, 3, 3), "09:00", "Session 1: Foundations"),
                   (date(2025, 3, 3), "14:00", "Session 3: Verification"),
                   (date(2025, 3, 3), "15:30", "Coffee"),
                   (date(2025, 3, 3), "17:30", "Reception"),
                   (date(2025, 3, 4), "09:00", "Session 4: Applications"),
                   (date(2025, 3, 4), "13:30", "Session 6: Open Problems"),
                   (date(2025, 3, 4), "15:00", "Closing")}
    s1 = titled(sch, "Session 1: Foundations")["obj"]
    assert s1.end.strftime("%H:%M") == "10:00" and s1.end_estimated
    assert len(entries(sch)) == 15
    assert not any(re.search(r"\d:\d\d", t) for t in titles(sch))


def test_a_sentence_with_three_times_in_it_is_no_outline():
    sch = read("## Monday, March 3, 2025\n\n"
               "9:00 - 10:00 Opening\n"
               "10:00 Doors open at 10:00, the buses leave at 11:30 and again at 12:15 from the hotel\n")
    assert "Opening" in titles(sch)
    assert not any(t in ("Doors open at", "the buses leave at") for t in titles(sch))


COMPACT_BULLETS = ("# Open Hardware Meetup 2025\n\n###Saturday, May 3th\n\n"
                   "- 10am - Welcome! Doors open, coffee and pastries\n"
                   '- 10:15am - Keynote: "Open Silicon for Everyone" by Ana Ruiz\n'
                   "- 11am - Lightning talks\n"
                   '- 11:45am - "Debugging FPGAs with Logic Analyzers" by Bo Chen\n'
                   "- 12:30pm - Lunch\n- 4pm - Closing\n\n###Sunday, May 4th\n\n- 10am - Hack day\n")


@pytest.mark.parametrize("name", ["meetup.md", "meetup.txt"])
def test_bullets_with_compact_am_pm_under_a_day_with_an_ordinal_typo(name: str):
    sch = read(COMPACT_BULLETS, name)
    keynote = titled(sch, "Open Silicon for Everyone")
    assert (keynote["date"], keynote["start"], keynote["people"]) == (date(2025, 5, 3), "10:15", ["Ana Ruiz"])
    assert keynote["kind"] == SessionKind.KEYNOTE
    fpga = titled(sch, "Debugging FPGAs with Logic Analyzers")
    assert (fpga["start"], fpga["people"]) == ("11:45", ["Bo Chen"])
    assert titled(sch, "Closing")["start"] == "16:00"
    assert (titled(sch, "Hack day")["date"], titled(sch, "Hack day")["start"]) == (date(2025, 5, 4), "10:00")


SEMINAR = ("# Systems Seminar, Fall 2024\n\n"
           "The seminar takes place on Tuesdays at 4:00-5:00 pm in Room 164, Gates Hall, unless noted.\n\n"
           "| Date | Speaker | Affiliation | Title |\n|---|---|---|---|\n"
           "| September 10 | Ana Ruiz | MIT | Tiered Memory Without Tears |\n"
           "| September 17 | Bo Chen | University of Toronto | Scheduling for Serverless |\n"
           "| September 24 | | | No meeting this week: fall break |\n"
           "| October 1 | Li Wei | Tsinghua University | Learned Indexes in Practice |\n"
           "| October 8 | TBA | | |\n")


def test_a_seminar_table_of_dates_under_the_time_its_prose_states_once():
    sch = read(SEMINAR, "seminar.md")
    got = [(e["title"], e["date"], e["start"], e["end"], e["room"], e["people"], e["affs"])
           for e in entries(sch) if e["session"] is None]
    assert got == [
        ("Tiered Memory Without Tears", date(2024, 9, 10), "16:00", "17:00", "Room 164, Gates Hall",
         ["Ana Ruiz"], ["MIT"]),
        ("Scheduling for Serverless", date(2024, 9, 17), "16:00", "17:00", "Room 164, Gates Hall",
         ["Bo Chen"], ["University of Toronto"]),
        ("Learned Indexes in Practice", date(2024, 10, 1), "16:00", "17:00", "Room 164, Gates Hall",
         ["Li Wei"], ["Tsinghua University"])]
    assert any(d.line == 9 and "no talk" in d.message for d in sch.diagnostics)
    assert sch.unscheduled == []


def test_a_dated_table_with_times_of_its_own_ignores_a_time_in_the_prose_above():
    sch = read("# Reading Group 2024\n\nWe usually meet 12:00-13:00 in the lounge.\n\n"
               "| Date | Time | Speaker | Title |\n|---|---|---|---|\n"
               "| September 10 | 15:00-16:00 | Ana Ruiz | Tiered Memory Without Tears |\n"
               "| September 17 | 10:00-11:00 | Bo Chen | Scheduling for Serverless |\n", "group.md")
    assert (titled(sch, "Scheduling for Serverless")["date"], titled(sch, "Scheduling for Serverless")["start"]) \
        == (date(2024, 9, 17), "10:00")
    assert titled(sch, "Tiered Memory Without Tears")["room"] is None


SPEAKER_ROWS = ("# Summer School on Data Systems 2024\n\n## Monday, July 8, 2024\n\n"
                "| Time | Program |\n|---|---|\n| 09:00 - 09:15 | Opening |\n"
                "| 09:15 - 12:00 | [**Session A: Stream Processing**](a.html) |\n"
                "| Tutorial Speaker | [Prof. M Tiemann, Paderborn University](t.html) |\n"
                "| 12:00 - 13:30 | Lunch |\n"
                "| 13:30 - 15:00 | [**Session B: Query Compilation**](b.html) |\n"
                "| Session Chair | Bo Chen |\n"
                "| Tutorial Speaker | [Dr. Ana Ruiz, ETH Zurich](r.html) |\n"
                "| 15:00 - 15:30 | Coffee Break |\n")


def test_a_row_labelled_by_a_role_gives_the_entry_above_its_people():
    sch = read(SPEAKER_ROWS, "school.md")
    a = titled(sch, "Session A: Stream Processing")
    assert (a["start"], a["people"], a["affs"]) == ("09:15", ["M Tiemann"], ["Paderborn University"])
    b = titled(sch, "Session B: Query Compilation")
    assert (b["people"], b["affs"]) == (["Ana Ruiz"], ["ETH Zurich"])
    assert [p.name for p in b["obj"].chairs] == ["Bo Chen"]
    assert sch.unscheduled == [] and len(entries(sch)) == 5


TITLE_FIELD_HTML = (
    "<html><body><h2>Tuesday, 9 July 2024</h2><table>\n"
    "<tr><td>0930 - 0945</td><td><p><b>Welcome</b></p></td></tr>\n"
    '<tr><td>0945 - 1045</td><td><p>Keynote 1: <a href="/speakers#ruiz">Ana Ruiz</a>. <br /> '
    "<strong>Title: Memory Disaggregation at Scale</strong></p></td></tr>\n"
    "<tr><td>1045 - 1100</td><td><p>Break</p></td></tr>\n"
    "<tr><td>1100 - 1200</td><td><p><b>Learned Query Optimizers</b></p><p>Bo Chen, University of Toronto</p></td></tr>\n"
    '<tr><td>1200 - 1300</td><td><p>Keynote 2: <a href="/speakers#wei">Li Wei</a>. <br /> '
    "<strong>Title: Serverless Databases</strong></p></td></tr>\n</table></body></html>\n")


def test_a_kind_label_before_the_name_and_the_title_after_title_colon():
    sch = read(TITLE_FIELD_HTML, "program.html")
    k = titled(sch, "Memory Disaggregation at Scale")
    assert (k["date"], k["start"], k["end"], k["people"]) == (date(2024, 7, 9), "09:45", "10:45", ["Ana Ruiz"])
    assert k["kind"] == SessionKind.KEYNOTE
    assert titled(sch, "Serverless Databases")["people"] == ["Li Wei"]
    assert titled(sch, "Learned Query Optimizers")["affs"] == ["University of Toronto"]
    assert not any(t in ("Ana Ruiz", "Li Wei") for t in titles(sch))


def test_french_hours_and_portuguese_feira_weekdays():
    sch = read("Journées du Logiciel Libre 2025\n\nMardi 10 juin 2025\n9h-10h30 Accueil et café\n"
               "10h30 Ouverture\n14h Atelier Rust embarqué, Claire Dubois\n14h30 - 15h Pause café\n"
               "Mercredi 11 juin 2025\n9h Atelier (2h) sur les 24h du code\n")
    got = {(e["date"], e["start"], e["end"], e["title"]) for e in entries(sch) if e["start"]}
    assert got >= {(date(2025, 6, 10), "09:00", "10:30", "Accueil et café"),
                   (date(2025, 6, 10), "14:30", "15:00", "Pause café")}
    assert (titled(sch, "Atelier Rust embarqué")["start"], titled(sch, "Atelier Rust embarqué")["people"]) \
        == ("14:00", ["Claire Dubois"])
    assert titled(sch, "Ouverture")["start"] == "10:30"
    assert (titled(sch, "Atelier (2h) sur les 24h du code")["date"],
            titled(sch, "Atelier (2h) sur les 24h du code")["start"]) == (date(2025, 6, 11), "09:00")
    pt = read("Semana de Sistemas, novembro de 2025\n\n## segunda-feira, 3 de novembro\n\n"
              "09:00 - 10:00 Abertura\n\n## Terça-feira\n\n09:00 - 10:00 Sessão técnica 1\n", year=2025)
    assert titled(pt, "Abertura")["date"] == date(2025, 11, 3)
    assert titled(pt, "Sessão técnica 1")["date"] == date(2025, 11, 4)


def test_check_reports_undated_times_once_with_their_lines_and_not_the_conference_name():
    sch = read("Workshop on Type Systems 2025\n\n"
               "Held on March 3, 2025; the reception is on March 4, 2025.\n\n"
               "9:00 - 9:30 Opening\n9:30 - 10:30 Session 1: Foundations\n10:30 - 11:00 Coffee\n")
    notes = [d for d in sch.diagnostics if d.code == "date-stated"]
    assert len(notes) == 1 and "lines 5, 6, 7" in notes[0].message and "2025-03-03" in notes[0].message
    assert sch.conference == "Workshop on Type Systems 2025"
    assert not any(d.code == "not-read" and d.line == 1 for d in sch.diagnostics)
    dated = read("Workshop on Program Synthesis 2025\n\nHeld on March 3, 2025; the reception is on "
                 "March 4, 2025.\n\n## Monday, March 3, 2025\n\n9:00 - 9:30 Opening\n")
    assert not any(d.code == "date-stated" for d in dated.diagnostics)


def test_everyday_words_deep_in_a_long_title_do_not_set_its_kind():
    """`Social`, `Introduction`, `Report`, `Hacking` inside a talk's own long title are
    its subject, not a social event, remarks or hacking time; at its start, or in a short
    title, they still tell the kind, and a format's name (`Panel`, `Workshop`) does
    anywhere."""
    sch = read("""# Causal Days 2026

## Thursday, February 26, 2026

| Time | Session |
|------|---------|
| 09:00-09:10 | Opening Remarks |
| 09:10-09:30 | Evaluation in Social Media Research: Challenges and Opportunities |
| 09:30-09:50 | A Gentle Introduction to Causal Discovery with Missing Data |
| 09:50-10:10 | The Journey of Hacking a New Storage Format into the Engine |
| 10:10-10:40 | Lunch on your own in the atrium or nearby cafes |
| 10:40-11:20 | The Great Evaluation Panel at Causal Days 2026 |
| 11:20-11:40 | Welcome Reception |
""")
    kinds = {e["title"]: e["kind"] for e in entries(sch)}
    assert kinds["Evaluation in Social Media Research: Challenges and Opportunities"] == SessionKind.TALK
    assert kinds["A Gentle Introduction to Causal Discovery with Missing Data"] == SessionKind.TALK
    assert kinds["The Journey of Hacking a New Storage Format into the Engine"] == SessionKind.TALK
    assert kinds["Opening Remarks"] == SessionKind.REMARKS
    assert kinds["Lunch on your own in the atrium or nearby cafes"] == SessionKind.BREAK
    assert kinds["The Great Evaluation Panel at Causal Days 2026"] == SessionKind.PANEL
    assert kinds["Welcome Reception"] == SessionKind.REMARKS  # `welcome` comes first in order


def test_one_letter_meridiem_and_the_title_in_the_cell_after_a_kind_only_cell():
    """`9:00a - 9:15a`, `12:00p`: the one-letter a.m./p.m. some US workshop sites write.
    `| **Contributed Talk:**<br />Name | Title<br /><details>Abstract: …</details> |`: the
    event cell holds only the kind and who; the title leads the next cell, its abstract
    after it.  A room-like `10a` after a bare number stays text."""
    sch = read("""Workshop at the Learning Conference 2025 in Lowell, MA.

July 18, 2025, 9am - 4pm

## Schedule

| **Time** | **Event** | **Details** |
| 9:00a - 9:15a | **Opening Remarks** | |
| 9:15a - 9:30a | **Contributed Talk:**<br />Mira Okafor | Sparse Rewards Are Enough: A Study of Exploration <br/><details>Abstract: We study exploration when rewards are rare.</details> |
| 9:30a - 9:45a | **Contributed Talk:**<br />Tomas Lindqvist | Learning to Wait <br/><details>Abstract: Waiting is an action too.</details> |
| 10:30a - 11:00a | Coffee in Room 10a |
| 11:00a - 12:00p | **Invited Talk:**<br />[Priya Raman](https://example.org/~priya),<br />University of Lowell | Agents that Ask<br /><details>Abstract: Asking is cheap.</details>
| 12:00p - 1:00p | Lunch |
""")
    got = {(e["start"], e["end"]): e for e in entries(sch)}
    assert got[("09:15", "09:30")]["title"] == "Sparse Rewards Are Enough: A Study of Exploration"
    assert got[("09:15", "09:30")]["people"] == ["Mira Okafor"]
    assert got[("09:15", "09:30")]["kind"] == SessionKind.TALK
    assert got[("09:30", "09:45")]["title"] == "Learning to Wait"
    assert got[("10:30", "11:00")]["title"] == "Coffee in Room 10a"
    assert got[("11:00", "12:00")]["title"] == "Agents that Ask"
    assert got[("11:00", "12:00")]["kind"] == SessionKind.INVITED
    assert got[("11:00", "12:00")]["people"] == ["Priya Raman"]
    assert got[("12:00", "13:00")]["title"] == "Lunch"
    talk = next(t for s in sch.sessions for t in s.talks if t.title == "Learning to Wait")
    assert "Waiting is an action too." in talk.abstract


def test_a_call_for_papers_page_lists_its_papers_not_its_deadlines():
    """A workshop page: its important dates (in AoE/UTC-12) are neither entries nor the
    program's zone; `SMT-Based Goal and Plan Recognition` is a title, not two people;
    a name of four words leads its list of authors."""
    sch = read("""## Important Dates

* **Paper submission deadline: May 25, 2026 UTC-12**
* Notification of acceptance: June 10, 2026 UTC-12
* Camera-ready paper submissions: June 24, 2026 UTC-12

## Accepted Papers

- **[Bounded Lookahead for Epistemic Planners](https://example.org/p1.pdf)**  
  Rosa Lindholm, Tarek Aziz

- **[Hardness of Routing under Uncertain Goals](https://example.org/p2.pdf)**  
  P. Maurice Ekwueme

- **[SMT-Based Goal and Plan Recognition](https://example.org/p3.pdf)**  
  Ana Lucia Ferreira Campos, Jonas Wirth, Mei Tanaka
""", "cfp.md")
    titles = [t.title for t in sch.unscheduled]
    assert titles == ["Bounded Lookahead for Epistemic Planners",
                      "Hardness of Routing under Uncertain Goals",
                      "SMT-Based Goal and Plan Recognition"]
    people = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert people["Hardness of Routing under Uncertain Goals"] == ["P. Maurice Ekwueme"]
    assert people["SMT-Based Goal and Plan Recognition"] == [
        "Ana Lucia Ferreira Campos", "Jonas Wirth", "Mei Tanaka"]
    assert not any(d.code == "zone-stated" for d in sch.diagnostics)
    assert "Notification" not in sch.conference


def test_a_jekyll_workshop_page_with_html_blocks_and_continuation_rows():
    """A workshop home page in Markdown with raw HTML: an `<html lang="en">` block (which
    lxml reads as a document, not a fragment: it raised), the date in a sentence of the
    announcements (`We've posted … for the event on <b>August 9, 2024</b>`), a table
    opening with its delimiter row, `__AM__`/`__PM__` banner rows, clocks that never pass
    12:59 (`12:00 - 01:00`, `01:00 - 02:00`), and `Keynote: <b>Name</b>` rows whose title
    is on the row under them with an empty time cell."""
    sch = read("""---
layout: default
title: home
title: <h3  align="center">Workshop on Careful Agents</h3>
---

<html lang="en">

<div class="news-box">
  <ol>
  <li>We've posted the <a href="/call">call for papers</a>! The paper submission deadline is <b>May 17, 2024</b>.</li>
  <li>We've posted a <a href="#schedule">tentative schedule</a> for the full-day event on <b>August 9, 2024</b> in <b>Lowell, MA</b>.</li>
  </ol>
</div>
</html>

## Schedule

|-------------|:-------------|
|__AM__&nbsp;&nbsp;&nbsp;&nbsp;||
| 08:55 - 09:00 | Opening remarks |
| 09:00 - 09:40 | Keynote: <b>Ines Varga</b> |
| | &nbsp;&nbsp;&nbsp;&nbsp;<i>Contextual Ranking Systems</i>
| 11:20 - 12:00 | Keynote: <b>Tomas Lindqvist</b> |
| | &nbsp;&nbsp;&nbsp;&nbsp;<i>Waiting for Rewards: Lessons from Deployed Agents</i>


|-------------|:-------------|
|__PM__&nbsp;&nbsp;&nbsp;&nbsp;||
| 12:00 - 01:00 | Lunch break (on your own)
| 01:00 - 02:00 | Panel: <b>Mira Okafor</b>, <b>Priya Raman</b>, <b>Ana Ruiz</b> |
|| &nbsp;&nbsp;&nbsp;&nbsp;<i>Challenges Surrounding Deployment</i>
| 02:00 - 02:40 | Afternoon poster session + coffee break |
""", "index.md")
    assert sch.conference.startswith("Workshop on Careful Agents")
    got = {e["title"]: e for e in entries(sch)}
    assert got["Contextual Ranking Systems"]["people"] == ["Ines Varga"]
    assert got["Contextual Ranking Systems"]["kind"] == SessionKind.KEYNOTE
    assert got["Waiting for Rewards: Lessons from Deployed Agents"]["people"] == ["Tomas Lindqvist"]
    panel = got["Challenges Surrounding Deployment"]
    assert panel["people"] == ["Mira Okafor", "Priya Raman", "Ana Ruiz"]
    assert (panel["start"], panel["end"]) == ("13:00", "14:00")
    assert got["Afternoon poster session + coffee break"]["start"] == "14:00"
    assert {e["date"] for e in got.values() if e["date"]} == {date(2024, 8, 9)}


def test_a_table_inside_a_section_wrapper_with_combined_headers():
    """`<section id="schedule">`, a blank line, then Markdown: the table is read as a
    table (the section was read as one HTML block, the table flattened into one line).
    `Theme / Session` and `Lead / Speaker` name the title and speaker columns, and a
    speaker cell that holds a role or a placeholder (`Presenter 1`, `Session Chair`,
    `Moderators / Panelists`, `Theme block`) names no one."""
    sch = read("""# Shift Happens Workshop 2026

**June 12, 2026**

<section id="schedule">

## Schedule {#schedule}

| Time | Theme / Session | Lead / Speaker |
| --- | --- | --- |
| 09:00-09:15 | Opening Remarks | Organizers |
| 09:15-10:30 | Adaptation under uncertainty | Theme block |
| 09:15-09:35 | Invited Talk I | Ines Varga |
| 10:00-10:15 | Spotlight Talk I - Selected Submission | Presenter 1 |
| 12:05-12:50 | Panel Discussion | Moderators / Panelists |
| 16:00-16:15 | Open Q&A and Discussion | Session Chair |

</section>
""", "index.md")
    got = {e["title"]: e for e in entries(sch)}
    assert got["Invited Talk I"]["people"] == ["Ines Varga"]
    assert got["Invited Talk I"]["start"] == "09:15"
    for title in ("Opening Remarks", "Adaptation under uncertainty", "Panel Discussion",
                  "Spotlight Talk I - Selected Submission", "Open Q&A and Discussion"):
        assert got[title]["people"] == [], title
    assert got["Panel Discussion"]["kind"] == SessionKind.PANEL
    assert {e["date"] for e in got.values()} == {date(2026, 6, 12)}


def test_an_html_fragment_with_the_talk_in_the_details_cell():
    """A saved fragment of a page that opens with a comment (`<!-- Schedule -->`) is read
    by its tags, not as text with tags in it; `| Invited Talk 1 | **Name** (Affil) —
    Title |`: the title and speaker are in the details cell, `| Invited Talk 3 | **Name**
    (Affil) |` names only the speaker, and `| Coffee Break | Poster presentations |`
    keeps its own title."""
    sch = read("""<!-- Schedule -->
<div class="ws-section">
  <h2>Program Schedule</h2>
  <p>October 3, 2026</p>
  <table class="schedule-table">
    <thead><tr><th>Time</th><th>Session</th><th>Details</th></tr></thead>
    <tbody>
      <tr><td class="time-col">8:35 – 9:00</td><td>Invited Talk 1</td>
        <td><strong>Ines Varga</strong> (MIT) &mdash; Grounding Symbols for Robot Teams</td></tr>
      <tr><td class="time-col">9:25 – 9:50</td><td>Invited Talk 3</td>
        <td><strong>M. Ani Okafor</strong> (University of Lowell)</td></tr>
      <tr class="break-row"><td class="time-col">10:30 – 11:00</td><td>Coffee Break</td>
        <td>Poster presentations and networking</td></tr>
      <tr><td class="time-col">10:15 – 10:30</td><td>Contributed Spotlight Talks</td>
        <td>Lightning presentations from accepted submissions</td></tr>
    </tbody>
  </table>
</div>
""", "schedule.html")
    got = {e["start"]: e for e in entries(sch)}
    assert got["08:35"]["title"] == "Grounding Symbols for Robot Teams"
    assert (got["08:35"]["people"], got["08:35"]["affs"]) == (["Ines Varga"], ["MIT"])
    assert got["08:35"]["kind"] == SessionKind.INVITED
    assert got["09:25"]["title"] == "Invited Talk 3"
    assert got["09:25"]["people"] == ["M. Ani Okafor"]
    assert got["10:30"]["title"] == "Coffee Break"
    assert got["10:15"]["title"] == "Contributed Spotlight Talks"


def test_a_company_under_a_speakers_name_is_the_affiliation():
    """`Google DeepMind` reads like a two-word name; on the line under a speaker's name
    it is where they work, as `University of Lowell` is."""
    sch = read("""# Agents Day 2024

## August 9, 2024

13:00 - 14:00 Toward a Science of Agency
Davide Abelardo
Google DeepMind

14:00 - 15:00 Measuring Helpfulness
Rosa Lindholm
Microsoft Research
""")
    got = {e["title"]: e for e in entries(sch)}
    assert (got["Toward a Science of Agency"]["people"], got["Toward a Science of Agency"]["affs"]) \
        == (["Davide Abelardo"], ["Google DeepMind"])
    assert got["Measuring Helpfulness"]["affs"] == ["Microsoft Research"]


def test_a_panels_people_listed_one_a_line_in_the_cell_beside_it():
    """`| Panel Discussion | - [Name](…), University of X<br />- Name, UMass Amherst<br />… |`:
    one person a line, each `Name, Affiliation` (as the plain ones show), not a title."""
    sch = read("""## Schedule

August 9, 2024

| **Time** | **Event** | **Details** |
| 2:00p - 2:45p | **Panel Discussion** | - [Mira Okafor](https://example.org/mira), University of Lowell<br />- [Tomas Lindqvist](https://example.org/tl), UMass Amherst<br />- Priya Raman, UC Berkeley (moderator) |
| 2:45p - 4:00p | Coffee & **Poster Session** | |
""", "index.md")
    panel = next(e for e in entries(sch) if e["title"] == "Panel Discussion")
    assert panel["people"] == ["Mira Okafor", "Tomas Lindqvist", "Priya Raman"]
    assert panel["affs"] == ["University of Lowell", "UMass Amherst", "UC Berkeley"]
    assert (panel["start"], panel["end"]) == ("14:00", "14:45")
# ---------------------------------------------------------------------------------------
# Layouts seen on real program pages the reader had not met (realtexts2)
# ---------------------------------------------------------------------------------------

TIME_FIELD_PAGE = """---
layout: page
title: "Program"
---
<h2 style="text-align: center;">Opening Keynote</h2>

<p style="text-align: center;">
<strong>Time</strong>: 09:00 - 10:00 &emsp;&emsp;
<strong>Chair</strong>: Marta Okonkwo
</p>

<h2 style="text-align: center;">Coffee Break</h2>

<p style="text-align: center;">
  <strong>Time</strong>: 10:00 - 10:30 &emsp;&emsp;
</p>
<h2 style="text-align: center;">Poster Session on Sparse Sensing</h2>

<p style="text-align: center;">
  <strong>Time</strong>: 10:30 - 12:00 &emsp;&emsp;
  <strong>Chair</strong>: Jonas Feld
</p>
"""


def test_a_time_field_under_a_heading_gives_the_heading_its_time():
    """`<h2>Title</h2>` then `<p><strong>Time</strong>: 09:00 - 10:00  Chair: X</p>`: the
    line is a field of the heading above, whose title it times; `Time` is no title."""
    sch = read(TIME_FIELD_PAGE, "program.md")
    assert slots(sch) == {("Opening Keynote", "09:00", "10:00"), ("Coffee Break", "10:00", "10:30"),
                          ("Poster Session on Sparse Sensing", "10:30", "12:00")}
    assert [p.name for p in titled(sch, "Opening Keynote")["obj"].chairs] == ["Marta Okonkwo"]
    assert "Time" not in titles(sch)


def test_a_bulleted_link_holding_the_time_range_and_the_title():
    """`* [9:30 to 11:00: Title, Part 1](session1)`: a range with `to`, a colon after its
    end, and the link text after the time is all title (its commas part no speakers)."""
    sch = read("# Tuesday, March 11, 2025\n\n"
               "* [9:30 to 11:00: Getting Started with Task Graphs - Part 1 (basics)](session1)\n"
               "* [11:15 to 13:00: Scheduling, Stealing and Other Tricks](session2)\n", "program.md")
    assert slots(sch) == {("Getting Started with Task Graphs - Part 1 (basics)", "09:30", "11:00"),
                          ("Scheduling, Stealing and Other Tricks", "11:15", "13:00")}
    assert titled(sch, "Scheduling, Stealing and Other Tricks")["people"] == []


def test_a_range_broken_after_its_dash_in_a_pasted_layout_table():
    """A layout table pasted a cell a line: `4:00 pm - |` then `6:00 pm |` then the
    title; the range is one, its title the line under it (a start with an empty end cell
    is a start only)."""
    sch = read("|\n|\nMonday, May 10th, 2027 |\n|\n|\n4:00 pm - |\n6:00 pm |\nBadge Pickup |\n"
               "|\n7:30 pm - |\n|\nHallway Track |\nTuesday, May 11th, 2027 |\n|\n|\n"
               "8:30 am - |\n10:00 am |\nOpening Plenary |\n|\n10:30 am - |\n12:00 pm |\n"
               "Parallel Sessions |\n")
    assert slots(sch) == {("Badge Pickup", "16:00", "18:00"), ("Hallway Track", "19:30", None),
                          ("Opening Plenary", "08:30", "10:00"), ("Parallel Sessions", "10:30", "12:00")}
    assert titled(sch, "Opening Plenary")["date"] == date(2027, 5, 11)


def test_the_one_line_under_a_bare_time_is_its_title_though_it_reads_as_a_name():
    """`7:30 am - 10:00 am` over `Registration`, `8:30 am - 5:00 pm` over `Developers Day`
    (two capitalised words, as a name is written): each is the title of its time."""
    sch = read("Friday, May 14, 2027\n\n7:30 am - 10:00 am\nRegistration\n\n"
               "8:30 am - 5:00 pm\nDevelopers Day\n\n12:00 pm - 1:30 pm\nLunch\n")
    assert slots(sch) == {("Registration", "07:30", "10:00"), ("Developers Day", "08:30", "17:00"),
                          ("Lunch", "12:00", "13:30")}
    assert titled(sch, "Developers Day")["people"] == []


def test_rows_with_an_empty_time_cell_are_the_papers_of_the_session_row_above():
    """`| 10:05 | **Session 1** |` then `|  | [*Title*](paper.pdf). A, B and C. |` rows:
    the papers of that session, in order, with their authors (a browser's tab-separated
    copy of the same table too, where the rows are plain `Title. A, B and C.`)."""
    md = ("## Monday, June 2, 2025\n\n| Time (Lisbon) | Title |\n|:---:|:---|\n"
          "| 9:00 | Opening Remarks |\n| 10:05 | **Session 1** |\n"
          "|  | [*Tiered Memory Without Tears: Placement Policies for Disaggregated Hosts*](papers/p3.pdf)."
          " Jun Park, Maria Lindqvist and Tomas Berg. |\n"
          "|  | [*Pointer Chasing Considered Harmful, Again and Again*](papers/p7.pdf). Emil Sandberg,"
          " Li Wei and Ana Ruiz. |\n| 10:35 | Coffee break |\n")
    pasted = ("Monday, June 2, 2025\n\nTime (Lisbon)\tTitle\n9:00\tOpening Remarks\n10:05\tSession 1\n"
              "\tTiered Memory Without Tears: Placement Policies for Disaggregated Hosts. Jun Park,"
              " Maria Lindqvist and Tomas Berg.\n"
              "\tPointer Chasing Considered Harmful, Again and Again. Emil Sandberg, Li Wei and Ana Ruiz.\n"
              "10:35\tCoffee break\n")
    for sch in (read(md, "program.md"), read(pasted)):
        papers = [(e["title"], e["people"]) for e in entries(sch) if e["session"] == "Session 1"]
        assert papers == [
            ("Tiered Memory Without Tears: Placement Policies for Disaggregated Hosts",
             ["Jun Park", "Maria Lindqvist", "Tomas Berg"]),
            ("Pointer Chasing Considered Harmful, Again and Again", ["Emil Sandberg", "Li Wei", "Ana Ruiz"])]
        assert titled(sch, "Session 1")["start"] == "10:05"


def test_a_plain_title_stop_authors_line_is_a_paper_however_long():
    """`Title. A, B, C and D.` with no styling, long enough to read as a sentence by its
    length, or with a title capitalised as names are: a paper and its authors."""
    sch = read("Monday, June 2, 2025\n\n10:05 - 11:00 Session 2: Storage\n\n"
               "Speculative Prefetching for Learned Index Structures on Tiered Memory Hardware. "
               "Ana Ruiz, Bo Chen, Jun Park, Maria Lindqvist and Tomas Berg.\n\n"
               "Adaptive Compaction and Tiering (ACT) Policies for Log Structured Stores. "
               "Emil Sandberg, Li Wei and Sara Novak.\n")
    papers = [(e["title"], e["people"]) for e in entries(sch) if e["session"] == "Session 2: Storage"]
    assert papers == [
        ("Speculative Prefetching for Learned Index Structures on Tiered Memory Hardware",
         ["Ana Ruiz", "Bo Chen", "Jun Park", "Maria Lindqvist", "Tomas Berg"]),
        ("Adaptive Compaction and Tiering (ACT) Policies for Log Structured Stores",
         ["Emil Sandberg", "Li Wei", "Sara Novak"])]


def test_month_slash_day_over_each_table_starts_a_day_and_its_morning():
    """US pages write the day as `4/11` beside its weekday, over each day's table; the
    12-hour clocks without am/pm start again in the morning on the next day's table."""
    sch = read("# Spring Hack Days 2019\n\n### Agenda\n\n *4/11* | Thursday\n -- | --\n"
               "12:00 - 12:45 | Welcome & Lunch\n12:45 - 1:45 | Intro to Policy Gradients\n"
               "6:30 - 8:30 | Team Dinner\n\n*4/12* | Friday\n-- | --\n8:30 - 9:00 | Breakfast\n"
               "9:00 - 10:30 | Build a Racing Agent\n12:30 - 1 | Closing Thoughts\n", "README.md")
    got = {(e["title"], e["date"], e["start"], e["end"]) for e in entries(sch) if e["start"]}
    assert got == {("Welcome & Lunch", date(2019, 4, 11), "12:00", "12:45"),
                   ("Intro to Policy Gradients", date(2019, 4, 11), "12:45", "13:45"),
                   ("Team Dinner", date(2019, 4, 11), "18:30", "20:30"),
                   ("Breakfast", date(2019, 4, 12), "08:30", "09:00"),
                   ("Build a Racing Agent", date(2019, 4, 12), "09:00", "10:30"),
                   ("Closing Thoughts", date(2019, 4, 12), "12:30", "13:00")}


ROWS_OF_CELLS = """<html><body><table>
<tr><td colspan="2" class="day-header">Monday, December 8, 2025</td></tr>
<tr><td>09:20–11:00</td><td>
  <div class="session-header">Session 4: Privacy and Storage Protocols (Learning-Based)</div>
  <div class="chair">Session Chair: Marta Okonkwo</div>
  <ul class="paper-list">
    <li><span class="paper-id">[Paper 43]</span> <span class="paper-title">Graph Sketches for Encrypted Logs</span><br>
        <span class="authors">Ana Ruiz, Bo Chen and Li Wei</span></li>
    <li><span class="paper-id">[Paper 7]</span> <span class="paper-title">Oblivious Caching at Scale</span><br>
        <span class="authors">Emil Sandberg and Sara Novak</span></li>
  </ul></td></tr>
<tr><td>11:20–12:20</td><td>
  <div class="keynote-header">Keynote Speech 2</div>
  <div>Professor Tomasz Kowalski</div>
  <div>Lisbon Institute of Technology</div>
  <div><strong>Coding Theory Meets Distributed Storage</strong></div>
  <div>Talk Outline: Erasure codes are everywhere. We survey what they buy a storage system.</div>
</td></tr>
<tr><td>16:00–16:30</td><td>
  <div>Invited Talk</div><div>Dr.Jun Park</div><div>University of Tartu</div>
  <div><strong>Secret Sharing for the Working Engineer</strong></div>
</td></tr>
</table></body></html>
"""


def test_a_numbered_session_its_bracket_numbered_papers_and_keynote_blocks():
    """A table of cells: `Session 4: Theme (Learning-Based)` (its theme, no person in the
    parenthesis), `[Paper 43]` numbers before the titles (numbering, not title), and
    `Keynote Speech 2` over the speaker, the speaker's affiliation and the talk's title."""
    sch = read(ROWS_OF_CELLS, "program.html")
    s = titled(sch, "Session 4: Privacy and Storage Protocols (Learning-Based)")
    assert (s["date"], s["start"], s["end"], s["people"]) == (date(2025, 12, 8), "09:20", "11:00", [])
    papers = [(e["title"], e["people"]) for e in entries(sch) if e["session"] == s["title"]]
    assert papers == [("Graph Sketches for Encrypted Logs", ["Ana Ruiz", "Bo Chen", "Li Wei"]),
                      ("Oblivious Caching at Scale", ["Emil Sandberg", "Sara Novak"])]
    k = titled(sch, "Coding Theory Meets Distributed Storage")
    assert (k["start"], k["kind"], k["people"], k["affs"]) == \
        ("11:20", SessionKind.KEYNOTE, ["Tomasz Kowalski"], ["Lisbon Institute of Technology"])
    i = titled(sch, "Secret Sharing for the Working Engineer")
    assert (i["start"], i["people"], i["affs"]) == ("16:00", ["Jun Park"], ["University of Tartu"])


def test_a_link_on_some_words_of_a_cell_leaves_the_whole_cell_the_title():
    """`| 15:45 | Meetup for the [Social Event](#social-event) |`: the link names the section
    further down; the entry is the whole cell, not the linked words."""
    sch = read("# Thursday, 2025-07-03\n\n| Time  | Activity |\n|-------|----------|\n"
               "| 15:20 | [Information](slides/02_social.pdf) Regarding the [Social Event](#social-event) |\n"
               "| 15:45 | Meetup for the [Social Event](#social-event) |\n"
               "| 18:30 | [Dinner](#social-event) at 1965m Altitude |\n"
               "| 19:00 | [Keynote 2](#keynote-2) |\n", "program.md")
    assert {(e["title"], e["start"]) for e in entries(sch)} == {
        ("Information Regarding the Social Event", "15:20"), ("Meetup for the Social Event", "15:45"),
        ("Dinner at 1965m Altitude", "18:30"), ("Keynote 2", "19:00")}


def test_a_bold_title_wrapped_over_two_lines_then_authors_and_a_liquid_abstract():
    """`**Title ... Cluster` / `Applications**  ` (a hard break after the wrapped bold
    title), the authors, then a multi-line `{% include abstract.html text="..." %}`: the
    title, the authors and the abstract stay lines of their own."""
    from planner.parsers.program import read_doc

    doc = read_doc("# Detailed Program\n\n## Technical Session 3\n\n*Session Chair: Marta Okonkwo*\n\n"
                   "**Tiered Placement for Learned Indexes**  \nJun Park and Maria Lindqvist\n\n"
                   "**A High-level API for End-to-end Compression in Multi-GPU Cluster\nApplications**  \n"
                   "Ana Ruiz, Bo Chen and Li Wei\n{% include abstract.html \n"
                   "text=\"Large data sizes call for compression. We propose an API that hides the\n"
                   "codecs from the application.\" %}\n")
    texts = [ln.text for ln in doc.lines]
    assert "A High-level API for End-to-end Compression in Multi-GPU Cluster Applications" in texts
    assert "Ana Ruiz, Bo Chen and Li Wei" in texts


def test_no_talk_length_is_announced_when_every_entry_has_its_own_range():
    """A page of ranges only (`09:00 - 10:00 Opening Keynote`): no talk is placed by an
    assumed length, so `planner check` says nothing of one."""
    sch = read("## Monday, June 2, 2025\n\n09:00 - 10:00 Opening Keynote\n10:00 - 10:30 Coffee Break\n"
               "10:30 - 12:00 Panel on Open Hardware\n")
    assert not any(d.code == "talk-length" for d in sch.diagnostics)
    placed = read("## Monday, June 2, 2025\n\n### 10:30 - 12:00 Session 1: Storage\n\n"
                  "**Tiered Caching**  \nAna Ruiz\n\n**Learned Indexes**  \nBo Chen\n", "program.md")
    assert any(d.code == "talk-length" for d in placed.diagnostics)


def test_the_year_in_the_title_line_wins_over_a_weekday_that_does_not_fit_it():
    """`Spring Systems Workshop 2023` over `Monday, June 3` (a Saturday in 2023): the
    stated year is kept, with a warning, not replaced by a year that fits the weekday."""
    sch = read("Spring Systems Workshop 2023\n\nMonday, June 3\n\n09:00 - 10:00 Opening\n"
               "10:00 - 11:00 Tiered Caching, Ana Ruiz\n")
    assert titled(sch, "Opening")["date"] == date(2023, 6, 3)
    assert any(d.code == "weekday-mismatch" and "2023" in d.message for d in sch.diagnostics)
    assert sch.conference == "Spring Systems Workshop 2023"


def test_markdown_inside_nested_html_wrappers_is_read_as_markdown():
    """`<div class="content">`, a blank line, `<section>`, a blank line, then a Markdown
    table: each wrapper is a block of its own (CommonMark ends one at a blank line), and
    the table is a table (both wrappers were read as one HTML block, the table flattened)."""
    sch = read("""<div class="content">

<section id="program">

## Program, May 5, 2025

| Time | Title | Speaker |
|---|---|---|
| 09:00 - 09:30 | Opening Remarks | Organizers |
| 09:30 - 10:15 | Sparse Rewards Are Enough | Mira Okafor |

</section>

</div>
""", "index.md")
    got = {e["title"]: e for e in entries(sch)}
    assert got["Sparse Rewards Are Enough"]["people"] == ["Mira Okafor"]
    assert (got["Sparse Rewards Are Enough"]["start"], got["Sparse Rewards Are Enough"]["date"]) \
        == ("09:30", date(2025, 5, 5))


def test_a_publication_lines_materials_on_lines_of_their_own_are_links():
    """`Paper ([PDF](…)),` and `SysML Slides ([PDF](…), [PPTX](…)),` on lines of their
    own under an entry (ended with a Markdown hard break) are its links, not entries."""
    sch = read("""# Papers 2018

  * *Serving Models at Scale with Little Fuss.* Mira Okafor, Tomas Lindqvist, Ana Ruiz.  
    Paper ([PDF](/files/a.pdf) ),  
    Slides ([PDF](/files/a-slides.pdf), [PPTX](/files/a-slides.pptx))  
  * *Coded Elastic Training.* Priya Raman, Ines Varga.  
    Paper ([PDF](/files/b.pdf))
""", "papers.md")
    titles = [t.title for t in sch.unscheduled]
    assert titles == ["Serving Models at Scale with Little Fuss", "Coded Elastic Training"]
    assert [p.name for p in sch.unscheduled[0].speakers] == ["Mira Okafor", "Tomas Lindqvist", "Ana Ruiz"]


def test_a_pasted_publication_list_of_plain_citations():
    """A publications page pasted from the browser: no bold or italics left, each entry
    `Authors. Title. Venue, place, date.` (or no venue) with its abstract under it; each
    citation starts an entry of its own, even right after an abstract."""
    sch = read("""Accepted Papers

Mira Okafor and Tomas Lindqvist. Behavioural Theory of Reflective Schedulers.
We develop a theory of schedulers that can modify their own behaviour.

Ana Ruiz, Bo Chen, Priya Raman and Ines Varga. Using Symbolic Execution to Detect Flaws in Smart Contracts. The 30th International Conference on Software Engineering (ICSE 2015), Lincoln, Nebraska, November 2015.
Smart contracts are programs that automate agreements between parties.

Lasse H. Hansen. Safely Encoding Proof Obligations in SMT-LIB.
This paper presents a sound encoding of proof obligations.
""", "papers.txt")
    got = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert got == {
        "Behavioural Theory of Reflective Schedulers": ["Mira Okafor", "Tomas Lindqvist"],
        "Using Symbolic Execution to Detect Flaws in Smart Contracts":
            ["Ana Ruiz", "Bo Chen", "Priya Raman", "Ines Varga"],
        "Safely Encoding Proof Obligations in SMT-LIB": ["Lasse H. Hansen"],
    }
    talk = next(t for t in sch.unscheduled if t.title.startswith("Behavioural"))
    assert "modify their own behaviour" in talk.abstract


def test_a_pasted_title_first_citation_list():
    """`Title. Author, Author, Author. Workshop. Paper (PDF), Poster (PDF)`, pasted: the
    title first, then two people or more, then the venue and the links."""
    sch = read("""I am happy to announce that my team has four papers accepted at the workshops this year:

Coded Elastic Training. Yaoqing Yan, Mira Okafor, Pulkit Grover. Systems for ML Workshop. Paper (PDF), Poster (PDF)
A Neural Framework for Learning Graph to Graph Translation. M. Clara De Paolis Kaluza, Ana Ruiz, Rose Yu. Relational Representation Learning Workshop. Paper (PDF)
""", "news.txt")
    got = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert got == {
        "Coded Elastic Training": ["Yaoqing Yan", "Mira Okafor", "Pulkit Grover"],
        "A Neural Framework for Learning Graph to Graph Translation":
            ["M. Clara De Paolis Kaluza", "Ana Ruiz", "Rose Yu"],
    }


def test_a_pasted_list_of_titles_run_on_into_their_people():
    """`**Title** Ana Ruiz and Bo Chen` pasted from a browser: the bold is gone and a
    blank is all that stands between the title and its people.  The names are read off
    the end (a list of two or more names beyond doubt, the first taking two words, or
    three with an initial); a line of the same list that a comma splits after its first
    name gives that name back to the people."""
    sch = read("""Research Session 2: Storage

Learned Cardinality Estimation Revisited Marta Kowalska and Tomás Ferreira
A Study of Join Orders under Skew Peter H. Hochschild and Ines Duarte
Scalable Vector Search on Tiered Memory Ana Ruiz, Bo Chen and Li Wei
""", "session.txt")
    got = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert got == {
        "Learned Cardinality Estimation Revisited": ["Marta Kowalska", "Tomás Ferreira"],
        "A Study of Join Orders under Skew": ["Peter H. Hochschild", "Ines Duarte"],
        "Scalable Vector Search on Tiered Memory": ["Ana Ruiz", "Bo Chen", "Li Wei"],
    }


def test_an_author_page_pasted_gives_its_author_back_to_the_people():
    """A publications page pasted as text: one entry's title lost its full stop and runs
    on into the page's own author, whom the other entries name as a person; the name
    goes back to the people.  A two-word title before three names is a citation too."""
    sch = read("""Publications

Explicit Stage Imports Mira Okafor, Ana Ruiz, Bo Chen. TFP 2025 (PDF) (Awarded best paper)
Staging with Class: Typed Templates. Bo Chen, Mira Okafor, Li Wei. POPL 2022 (PDF)
Staged Selective Parsers. Ana Ruiz, Mira Okafor. ICFP 2020 (PDF)
Pattern Synonyms. Mira Okafor, Gergő Érdi, Priya Raman. Haskell Symposium 2015 (PDF)
""", "pubs.txt")
    got = {t.title: [p.name for p in t.speakers] for t in sch.unscheduled}
    assert got == {
        "Explicit Stage Imports": ["Mira Okafor", "Ana Ruiz", "Bo Chen"],
        "Staging with Class: Typed Templates": ["Bo Chen", "Mira Okafor", "Li Wei"],
        "Staged Selective Parsers": ["Ana Ruiz", "Mira Okafor"],
        "Pattern Synonyms": ["Mira Okafor", "Gergő Érdi", "Priya Raman"],
    }


def test_a_title_ending_in_capitalised_words_keeps_them_before_a_comma():
    """`Intel TDX Deep Dive, Ana Ruiz and Bo Chen` alone (no other line of the list run
    on into its names): the comma is the separator, and the title keeps `Deep Dive`."""
    sch = read("""Talks

Intel TDX Deep Dive, Ana Ruiz and Bo Chen
""", "talks.txt")
    assert [(t.title, [p.name for p in t.speakers]) for t in sch.unscheduled] == [
        ("Intel TDX Deep Dive", ["Ana Ruiz", "Bo Chen"])]


_TALKS_PAGE = """Talks and abstracts

Wim Bastiaans: Reactive Rules for Language Workbenches

Dclare is a plugin that adds a rules aspect to language definitions. Rules behave incrementally and immediately.

Based on joint work with Ana Ruiz, Bo Chen, and Priya Raman

Jos Warmelo: ProjectIt – A Framework for Building Projectional Web Editors

ProjectIt is a TypeScript framework to create and implement projectional editors for domain-specific languages.

Berndt Kolbe: Convecton - an update

At last year's meetup we presented the idea of Convecton. A lot has happened since then, and we will show demos.
"""


@pytest.mark.parametrize("blank_lines", [True, False], ids=["paragraphs", "compact"])
def test_pasted_speaker_colon_title_lines_after_abstracts(blank_lines: bool):
    """`Name: Title` lines after the last abstract (a page of bold `**Name: Title**`
    headings pasted as plain text), each in a paragraph of its own or, pasted without
    blank lines, right after the abstract's last sentence and itself no sentence: each
    is a talk.  An abstract's own paragraph that reads as a title with people (`Based on
    joint work with …`) stays in the abstract."""
    text = _TALKS_PAGE if blank_lines else "\n".join(x for x in _TALKS_PAGE.split("\n") if x)
    sch = read(text, "talks.txt")
    assert {t.title: [p.name for p in t.speakers] for t in sch.unscheduled} == {
        "Reactive Rules for Language Workbenches": ["Wim Bastiaans"],
        "ProjectIt – A Framework for Building Projectional Web Editors": ["Jos Warmelo"],
        "Convecton - an update": ["Berndt Kolbe"],
    }


def test_pasted_titles_over_time_fields():
    """A page of `<h2>` titles over `Time: … Chair: …` lines, pasted as plain text: the
    headings are gone, but a `Time:` field still times the short line above it."""
    sch = read("""Workshop on Sensing Arrays 2025
June 3, 2025

Keynote Speech

Time: 14:00 - 15:30    Chair: Robin Rajala

Tea/Coffee Break

Time: 15:30 - 16:00

Lightning Talk

Time: 16:00 - 16:18    Chair: Robin Rajala
""", "program.txt")
    got = {e["title"]: (e["start"], e["end"]) for e in entries(sch)}
    assert got == {"Keynote Speech": ("14:00", "15:30"), "Tea/Coffee Break": ("15:30", "16:00"),
                   "Lightning Talk": ("16:00", "16:18")}
