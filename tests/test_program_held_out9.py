"""The ninth held-out set's failing layouts (real pages kept outside the repository),
each as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_a_bracketed_link_word_after_the_title_is_no_part_of_it():
    # `10:00 am Engines that weave [abstract]`: a pasted page keeps its link's text in
    # brackets; it is a link to the abstract, not the title's last words
    sch = read(
        "FRIDAY, March 27, 2009\n"
        "10:00 am Engines that weave algebraic patterns [abstract]\n"
        "Ada Lovelace, University of London\n"
        "10:30 am Difference engines in practice [slides]\n"
        "Charles Babbage, Cambridge\n"
        "11:00 am BREAK\n")
    got = [(e["title"], e["start"]) for e in entries(sch)]
    assert ("Engines that weave algebraic patterns", "10:00") in got
    assert ("Difference engines in practice", "10:30") in got
    assert titled(sch, "Engines that weave algebraic patterns")["people"] == ["Ada Lovelace"]

