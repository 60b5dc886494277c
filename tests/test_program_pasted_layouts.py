"""Layouts of real pasted pages (held-out sets kept outside the repository) that the
reader misread, each as an invented program of the same layout read through
`parse_text`."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_a_time_alone_after_a_list_is_the_next_entrys():
    # `• Name (Aff), Title` bullets, then `15.00-16.15` at the margin with no blank line:
    # the time opens the next entry (its title on the line under it), it does not close
    # the last bullet as that bullet's time (a list written title then time times each
    # of its items)
    sch = read(
        "Thursday 13 June 2024\n\n"
        "13.40-14.55\n"
        "Panel 1 Old Voices\n"
        "  • Ana Ruiz (MIT), A history of bridges: the long view\n"
        "  • Bo Chen (ETH), Rivers and towns in the north\n"
        "15.00-16.15\n\n"
        "Panel 2 New Voices\n\n"
        "  • Cy Young (UCL), Songs of the harbour: a case study\n"
        "  • Dee Park (York), Maps we drew\n"
        "17.00-18.00\n\n"
        "Closing words\n")
    assert [(e["title"], e["start"]) for e in entries(sch) if e["start"]] == [
        ("Panel 1 Old Voices", "13:40"), ("Panel 2 New Voices", "15:00"), ("Closing words", "17:00")]
    assert titled(sch, "Panel 2 New Voices")["end"] == "16:15"


def test_a_pasted_header_row_over_a_time_alone_is_no_title():
    # `Time Event` (a table's header row pasted as a line) right over `11.00-12.30`, on
    # each day: the entry's title is the line under the time, not the header row
    sch = read(
        "Thursday 13 June 2024\n\n"
        "Time Event\n11.00-12.30\n\nMorning workshop on archives.\n\n"
        "12.30-13.30 Lunch\n\n"
        "Friday 14 June 2024\n\n"
        "Time Event\n09.30-10.00\n\nBreakfast\n\n"
        "10.00-11.30 Closing panel\n")
    assert [(e["title"], e["start"]) for e in entries(sch) if e["start"]] == [
        ("Morning workshop on archives", "11:00"), ("Lunch", "12:30"),
        ("Breakfast", "09:30"), ("Closing panel", "10:00")]
