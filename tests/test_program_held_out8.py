"""The eighth held-out set's failing layouts (real pages kept outside the repository),
each as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_four_digit_clocks_opening_each_line():
    # `0830 Welcome: …`, `1315 Break`: an agenda in four-digit 24-hour clocks, each line
    # opened by its start alone (no range): each a timed entry
    sch = read(
        "Tuesday, March 12, 2024\n\n"
        "0830 Welcome and introductions\n"
        "0915 Plenary Keynote: Ada Lovelace (University of London)\n"
        "1000 Break\n"
        "1030 Engines that weave algebraic patterns\n"
        "1315 Lunch\n")
    got = {(e["title"], e["start"]) for e in entries(sch)}
    assert ("Welcome and introductions", "08:30") in got
    assert ("Break", "10:00") in got
    assert ("Engines that weave algebraic patterns", "10:30") in got
    assert ("Lunch", "13:15") in got
    assert titled(sch, "Plenary Keynote")["people"] == ["Ada Lovelace"]


def test_a_year_or_a_count_opening_a_line_is_no_clock():
    # `2012 Program` names a year, `1500 participants` a count: neither is a time
    sch = read(
        "2012 Program\n\n"
        "Tuesday, March 12, 2024\n\n"
        "9:00 Welcome\n"
        "1500 participants are expected this year.\n"
        "10:00 Engines that weave algebraic patterns\n")
    assert [(e["title"], e["start"]) for e in entries(sch)] == [
        ("Welcome", "09:00"), ("Engines that weave algebraic patterns", "10:00")]


def test_a_name_and_its_place_of_work_over_the_talks_title():
    # `9:30-10:15Judith Kroll (Penn State)` with the title on the next line: the name and
    # its place in parentheses hand the line over to the title, as `Helen Gleeson:` does
    sch = read(
        "Friday, May 2, 2014\n\n"
        "9:00-9:30Breakfast (provided)\n"
        "9:30-10:15Ada Lovelace (University of London)\n"
        "Engines that weave algebraic patterns\n"
        "10:15-11:00 Charles Babbage (Cambridge)\n"
        "Difference engines in practice\n"
        "11:00-11:15Coffee Break\n")
    e = titled(sch, "Engines that weave algebraic patterns")
    assert (e["start"], e["people"], e["affs"]) == ("09:30", ["Ada Lovelace"], ["University of London"])
    assert titled(sch, "Difference engines in practice")["people"] == ["Charles Babbage"]
    assert titled(sch, "Coffee Break")["start"] == "11:00"


def test_a_slot_naming_only_its_speaker_and_place():
    # `10:30 – 10:45 Ada Lovelace (UCL)` alone: the talk is known by its speaker's name,
    # the name its speaker, the parentheses her place of work (not a second person)
    sch = read(
        "Monday 18 October 2021\n\n"
        "10:30 – 10:45 Ada Lovelace (University of London)\n"
        "10:45 – 11:00 Charles Babbage (Cambridge)\n"
        "11:00 – 11:20 Open floor\n")
    e = titled(sch, "Ada Lovelace")
    assert (e["people"], e["affs"]) == (["Ada Lovelace"], ["University of London"])


def test_a_kind_label_with_words_before_a_quoted_title_then_by():
    # `Invited Talk on "Cloud Forensics" by Prof. Ragib Hasan`: the quote is the title,
    # the people come after the `by`, though the label's words stand before the quote
    sch = read(
        "Tuesday, October 10, 2017\n\n"
        "09:00 AM to 10:30 AM   Invited Talk on \"Engines that weave\" by Prof. Ada Lovelace\n\n"
        "10:30 AM to 11:00 AM   Networking Break\n")
    e = titled(sch, "Engines that weave")
    assert (e["start"], e["people"]) == ("09:00", ["Ada Lovelace"])
