"""A heading over a list of titles: the list's items play one part, so a title that
reads as a person's name (three capitalised words) is still a paper, and no item of the
list is lost or taken as the heading's speaker."""

from __future__ import annotations

import pytest

from .test_program_shapes import entries, read, titled

LIST = ("- Counting Cold Caches\n"
        "- Sleep States for Servers\n"
        "- Paging in the Dark\n")


@pytest.mark.parametrize("head", [
    "11:50\nOral session 2\n",                         # the time alone, the heading under it
    "11:50\nOral session 2 (session chair: Priya Nair)\n",
    "11:50 Oral session 2\n",                          # the time on the heading's line
    "10:25\tFika\n11:50\nOral session 2\n",           # under a copied table's break row
])
def test_a_heading_over_a_list_of_titles_keeps_every_title(head):
    sch = read("## Monday, June 8, 2026\n\n" + head + LIST)
    session = titled(sch, "Oral session 2")
    assert session["start"] == "11:50"
    assert session["people"] == []
    titles = [e["title"] for e in entries(sch)]
    for paper in ("Counting Cold Caches", "Sleep States for Servers", "Paging in the Dark"):
        assert paper in titles
    assert not any(e["people"] == ["Counting Cold Caches"] for e in entries(sch))


def test_two_titles_under_a_heading_are_both_papers():
    sch = read("## Monday, June 8, 2026\n\n10:25\tFika\n11:50\nOral session 2\n"
               "- Counting Cold Caches\n- Sleep States for Servers\n")
    titles = [e["title"] for e in entries(sch)]
    assert {"Oral session 2", "Counting Cold Caches", "Sleep States for Servers"} <= set(titles)


def test_a_list_of_people_under_a_heading_stays_its_people():
    # the rule is about titles: a list of names under a panel stays the panel's people
    sch = read("## Monday, June 8, 2026\n\n"
               "14:00 Panel: What Is Slow?\n"
               "- Ana Ruiz (ETH Zurich)\n"
               "- Tomas Berg (KTH)\n"
               "- Mei Chen (Tsinghua University)\n")
    panel = titled(sch, "What Is Slow?")
    assert panel["people"] == ["Ana Ruiz", "Tomas Berg", "Mei Chen"]
