"""The tenth round's held-out layouts (real pages kept outside the repository), each as
an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_an_untimed_break_row_twice_in_a_headerless_table_is_no_header():
    # `\t15 min break` twice in a tab-separated `time | name | place | topic` table: a row
    # repeated with one cell of text is an event that happens twice, not a banner over
    # the columns, so the columns keep their roles (people, place, topic)
    sch = read(
        "Date: March 3, 2021\n\n"
        "09:00 to 09:30\tArrival\n"
        "09:30 to 11:00\tStudents present their work\n"
        "09:30\tAda Lovelace\tBabbage, London\tEngines that weave algebraic patterns\n"
        "09:40\tGrace Hopper\tAiken, Harvard\tCompilers for everyone in the lab\n"
        "\t15 min break\n"
        "10:05\tAlan Turing\tNewman, Manchester\tMorphogenesis of patterns on shells\n"
        "10:15\tKatherine Johnson\tNASA, Langley\tOrbits computed by hand and checked\n"
        "\t15 min break\n"
        "10:40\tEdsger Dijkstra\tWijngaarden, Amsterdam\tShortest paths through the city\n"
        "10:50\tBarbara Liskov\tMIT, Cambridge\tAbstract types for data\n"
        "11:00\tJohn Backus\tIBM, New York\tFormulas translated at speed\n")
    got = {(e["title"], e["start"]) for e in entries(sch)}
    assert ("Engines that weave algebraic patterns", "09:30") in got
    assert ("Shortest paths through the city", "10:40") in got
    assert titled(sch, "Morphogenesis of patterns on shells")["people"] == ["Alan Turing"]
    assert not any(e["title"] in ("Ada Lovelace", "Grace Hopper") for e in entries(sch))
