"""Abstract lists: one paper per `Abstract:` paragraph, titles derived and marked."""

from __future__ import annotations

import pytest

from planner.loader import load_schedule
from planner.parsers import abstracts
from planner.parsers.base import ParseOptions
from planner.parsers.papers import DERIVED_TITLE_CHARS, derive_title
from planner.views.shared import display_title

from .conftest import DATA, SCHEDULES

ABSTRACTS = SCHEDULES / "abstract-list.txt"
TEXT = ABSTRACTS.read_text(encoding="utf-8")
RAW = [line.removeprefix("Abstract:") for line in TEXT.splitlines() if line.strip()]
BARE = ParseOptions(source="paste.txt")


def test_seed_gives_ten_untitled_unscheduled_papers_with_whole_abstracts():
    sch = load_schedule(ABSTRACTS)
    assert sch.format == "abstracts" and sch.label == "Abstract list"
    assert len(RAW) == 10 and len(sch.unscheduled) == 10
    assert [t.abstract for t in sch.unscheduled] == RAW
    for t in sch.unscheduled:
        assert t.speakers == [] and t.start is None and t.published is None
        assert t.title_source == "derived" and not t.abstract_truncated
    assert [t.line for t in sch.unscheduled] == list(range(1, 11))
    assert sch.diagnostics == []


def test_derived_titles_come_from_the_opening_words_and_are_marked():
    sch = abstracts.parse(TEXT, BARE)
    titles = [t.title for t in sch.unscheduled]
    assert titles[0] == "Communication overhead is a key challenge in distributed deep learning…"
    assert titles[8] == "We present a graph neural network to learn graph coloring heuristics…"
    for t in sch.unscheduled:
        assert len(t.title) <= DERIVED_TITLE_CHARS + 1
        assert t.abstract.startswith(t.title.rstrip("…"))
        assert display_title(t) == f"{t.title} [title from abstract]"


@pytest.mark.parametrize(("abstract", "title"), [
    ("We present Xylo. It is fast.", "We present Xylo"),
    ("Work by J. Smith on GPUs. It is fast.", "Work by J. Smith on GPUs"),
    ("Graph Neural Networks (GNNs) are a powerful tool for handling structured graph data "
     "and addressing tasks.", "Graph Neural Networks (GNNs) are a powerful tool for handling "
     "structured…"),
    ("As the accuracy of machine learning models increases at a fast rate, so does their "
     "demand for energy.", "As the accuracy of machine learning models increases at a fast "
     "rate…"),
    ("In this work we study the behaviour of the new and the old of the many things of",
     "In this work we study the behaviour of the new and the old of the many…"),
    ("", "Untitled abstract"),
])
def test_derive_title(abstract, title):
    assert derive_title(abstract) == title


def test_derived_title_never_ends_on_a_dangling_word_or_open_bracket():
    text = "Deep learning systems (which are, in the broad sense of the word, " + "x " * 40
    title = derive_title(text)
    assert title.endswith("…") and "(" not in title
    assert title.split()[-1].rstrip("…") not in {"the", "of", "and", "in"}


def test_ids_are_stable_and_follow_the_abstract_not_its_position():
    a = abstracts.parse(TEXT, BARE)
    b = abstracts.parse("\n".join(reversed(TEXT.splitlines())), BARE)
    assert sorted(t.id for t in a.unscheduled) == sorted(t.id for t in b.unscheduled)
    assert len({t.id for t in a.unscheduled}) == 10


@pytest.mark.parametrize("reshape", [
    lambda t: t.replace("\n", "\r\n"),
    lambda t: t.replace("\n", "\n\n\n"),
    lambda t: t.replace("Abstract:", "Abstract: "),
    lambda t: t.replace("Abstract:", "ABSTRACT."),
], ids=["crlf", "extra-blank-lines", "space-after-label", "capitals-and-stop"])
def test_reshaped_lists_read_the_same(reshape):
    sch = abstracts.parse(reshape(TEXT), BARE)
    assert [t.abstract for t in sch.unscheduled] == RAW
    assert sch.diagnostics == []


def test_wrapped_abstracts_with_stray_text_and_an_empty_label():
    sch = load_schedule(DATA / "abstracts" / "wrapped.txt")
    assert len(sch.unscheduled) == 3
    first = sch.unscheduled[0]
    assert first.abstract == (
        "We study how sparsity patterns interact with tensor cores, and show that 2:4 "
        "structured sparsity doubles throughput on recent GPUs.\n\n"
        "A second paragraph of the same abstract explains the kernels."
    )
    assert sch.unscheduled[2].abstract.startswith("Carbon footprints")
    by_code = {d.code: d for d in sch.diagnostics}
    assert by_code["before-first-entry"].line == 1
    assert "Papers we liked" in by_code["before-first-entry"].message
    assert by_code["empty-abstract"].line == 12


def test_truncated_paste_keeps_every_abstract_and_flags_the_last():
    cut = TEXT[: TEXT.rindex("We close by speculating") + len("We close by")]
    sch = abstracts.parse(cut, BARE)
    assert len(sch.unscheduled) == 10
    assert sch.unscheduled[-1].abstract_truncated
    [d] = sch.diagnostics
    assert d.code == "truncated-entry" and d.line == 10


def test_text_without_any_label_gives_no_papers_and_says_why():
    sch = abstracts.parse("just some words\nand more\n", BARE)
    assert sch.unscheduled == []
    assert [d.code for d in sch.diagnostics] == ["before-first-entry"] * 2


# A seminar list pasted compactly: each talk opens with its date and speaker, then its
# labelled title and abstract. The titles are stated, so it is a program, not a list of
# bare abstracts whose titles must be derived.
SEMINAR_LIST = """\
March 14: Priya Olangwe
Title: Tilings that never repeat
Abstract: We look at aperiodic tilings of the plane and why some sets of tiles force them.
March 7: Tomasz Verhoeven
Title: Counting lattice paths with a mirror
Abstract: A reflection trick counts the paths that stay above a diagonal, and more.
February 28: Ines Dalgaard
Title: How to cut a cake fairly
Abstract: Envy-free division for three people, with pictures and a knife.
"""


def test_a_seminar_list_with_stated_titles_is_read_as_a_program_not_abstracts(tmp_path):
    assert abstracts.sniff(SEMINAR_LIST) < 0.5
    path = tmp_path / "seminar.txt"
    path.write_text(SEMINAR_LIST, encoding="utf-8")
    sch = load_schedule(path)
    assert sch.format == "program"
    talks = [*sch.unscheduled, *(t for s in sch.sessions for t in s.talks)]
    assert [(t.title, [s.name for s in t.speakers]) for t in talks] == [
        ("Tilings that never repeat", ["Priya Olangwe"]),
        ("Counting lattice paths with a mirror", ["Tomasz Verhoeven"]),
        ("How to cut a cake fairly", ["Ines Dalgaard"]),
    ]
