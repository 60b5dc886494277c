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
