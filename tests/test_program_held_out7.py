"""The seventh held-out set's failing layouts (real pages kept outside the repository),
each as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from datetime import date

from .test_program_shapes import entries, read, titled


def test_names_ending_in_a_colon_over_the_talks_title():
    # `• 9:30 – 10:15 Helen Gleeson:` with the title on the next, indented line: the colon
    # hands the line over to the title; the names are its speakers, not its title
    sch = read(
        "Spring workshop on soft matter, 12 March 2024\n\n"
        "  • 9:30 – 10:15 Ada Lovelace:\n"
        "    Engines that weave algebraic patterns\n"
        "  • 10:15 – 11:00 Charles Babbage and Mary Somerville:\n"
        "    Difference engines in practice\n")
    assert [e["title"] for e in entries(sch)] == ["Engines that weave algebraic patterns",
                                                  "Difference engines in practice"]
    assert titled(sch, "Engines that weave algebraic patterns")["people"] == ["Ada Lovelace"]
    assert titled(sch, "Difference engines in practice")["people"] == ["Charles Babbage", "Mary Somerville"]


def test_a_registration_deadline_is_no_day_of_the_program():
    # `Registration deadline: 4 January 2020` above `All talks will take place on the
    # 7 January 2020`: the deadline's date is no day heading
    sch = read(
        "Spring workshop on soft matter\n\n"
        "Please register on the booking page.\n"
        "Registration deadline: 4 March 2024\n\n"
        "All talks will take place on the 12 March 2024 in room G.04.\n\n"
        "  • 9:30 – 10:15 Ada Lovelace: Engines that weave algebraic patterns\n")
    assert titled(sch, "Engines that weave algebraic patterns")["date"] == date(2024, 3, 12)
