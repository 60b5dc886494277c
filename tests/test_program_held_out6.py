"""The sixth held-out set's failing layouts (real pages kept outside the repository),
each as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from datetime import date

from .test_program_shapes import entries, read, titled


def test_a_day_number_before_the_days_full_date_in_a_heading():
    # `#### Day 1 – May 25th, 2020`: the `1` is the day's number in the programme, not
    # the first of May (nor the start of a range `1 – 25 May`)
    sch = read(
        "#### Day 1 – March 9th, 2021\n\n"
        "- Opening talk / 09:00 – 09:30\n\n"
        "#### Day 2 – March 10th, 2021\n\n"
        "- Closing talk / 16:00 – 16:30\n", "week.md")
    assert titled(sch, "Opening talk")["date"] == date(2021, 3, 9)
    assert titled(sch, "Closing talk")["date"] == date(2021, 3, 10)


def test_a_day_heading_with_its_number_date_and_hours_is_no_entry():
    # `#### Day 2 – May 26th, 2020 | 5pm – 7 pm (CEST)`: the day's hours under its number
    # and date head the day; `Day 2` is no event at 17:00
    sch = read(
        "#### Day 1 – March 9th, 2021 | 5pm – 7 pm (CET)\n\n"
        "- 17:00 – 17:40 Session A – Sensing\n\n"
        "#### Day 2 – March 10th, 2021 | 5pm – 7 pm (CET)\n\n"
        "- 17:00 – 17:40 Session B – Haptics\n", "week.md")
    assert [e["title"] for e in entries(sch)] == ["Session A – Sensing", "Session B – Haptics"]
    assert titled(sch, "Session B – Haptics")["date"] == date(2021, 3, 10)


def test_a_title_then_a_range_to_an_open_end():
    # `After-event on Mozilla Hubs / 19:00 – open-end`: the title comes first, the
    # separator ` / ` is no part of it, and the range has only its start
    sch = read(
        "## Monday, March 8, 2021\n\n"
        "- Session 1 – Sensing / 17:00 – 17:40\n"
        "- After-event in the lounge / 19:00 – open-end\n", "week.md")
    assert [e["title"] for e in entries(sch)] == ["Session 1 – Sensing", "After-event in the lounge"]
    e = titled(sch, "After-event in the lounge")
    assert (e["start"], e["end"]) == ("19:00", None)


def test_a_slot_heading_naming_its_day_between_slashes():
    # `Session 1 / Wednesday, September 27 / 11 AM`: the slot's day is the one between
    # the slashes, not the day heading above it
    text = ("### Tuesday, September 26, 2017\n\n- 10.00 AM: Workshop on Sketching\n\n"
            "### Session 1 / Wednesday, September 27, 2017 / 11 AM\n\nPaper on Dwell Times\n")
    sch = read(text, "program.md")
    assert titled(sch, "Workshop on Sketching")["date"] == date(2017, 9, 26)
    e = titled(sch, "Session 1")
    assert (e["date"], e["start"]) == (date(2017, 9, 27), "11:00")
