"""The paper listing (`MLSYS.2023`, `#N Title [PDF3] ...`, `Authors:`) read exactly."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from planner.loader import load_schedule, parse_text
from planner.parsers import listing
from planner.parsers.base import ParseOptions

from .conftest import DATA, ROOT, SCHEDULES

LISTING = SCHEDULES / "mlsys2023-papers.txt"
EXPECTED = json.loads((DATA / "listing" / "mlsys2023-expected.json").read_text(encoding="utf-8"))
TEXT = LISTING.read_text(encoding="utf-8")
BARE = ParseOptions(source="paste.txt")  # no metadata: everything from the text itself


def load_generator():
    """bench/listing_gen.py, the synthetic listing the benchmarks parse."""
    if "listing_gen" in sys.modules:
        return sys.modules["listing_gen"]
    spec = importlib.util.spec_from_file_location("listing_gen", ROOT / "bench" / "listing_gen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["listing_gen"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def codes(schedule) -> list[str]:
    return [d.code for d in schedule.diagnostics]


def test_seed_gives_25_unscheduled_talks_with_exact_titles_and_authors():
    sch = load_schedule(LISTING)
    assert sch.format == "listing"
    assert sch.sessions == []
    assert len(sch.unscheduled) == 25
    got = [
        {"number": i + 1, "line": t.line, "title": t.title,
         "authors": [s.name for s in t.speakers]}
        for i, t in enumerate(sch.unscheduled)
    ]
    assert got == EXPECTED
    assert all(t.start is None and t.end is None and t.title_source == "stated"
               for t in sch.unscheduled)


def test_header_names_conference_and_year_without_metadata():
    sch = listing.parse(TEXT, BARE)
    assert (sch.conference, sch.year, sch.label) == ("MLSys", 2023, "MLSys 2023")
    assert "no-conference" not in codes(sch)


def test_announced_total_is_compared_with_entries_found():
    sch = listing.parse(TEXT, BARE)
    [warning] = [d for d in sch.diagnostics if d.code == "count-mismatch"]
    assert warning.line == 3 and warning.severity.value == "warning"
    assert "46" in warning.message and "25" in warning.message


def test_matching_total_gives_no_warning():
    sch = load_schedule(DATA / "listing" / "neurips-oral.txt")
    assert "count-mismatch" not in codes(sch)
    assert len(sch.unscheduled) == 3


def test_link_markers_are_stripped_but_real_brackets_stay():
    titles = [t.title for t in load_schedule(DATA / "listing" / "neurips-oral.txt").unscheduled]
    assert titles[0] == "Scaling Data-Constrained Language Models"
    assert titles[1] == "[Re] Reproducing Sparse Mixture Routing [Extended Abstract]"
    assert listing.strip_markers("X [PDF3] [Copy] [Kimi9] [REL]") == "X"
    assert listing.strip_markers("[PDF] [Copy]") == "[PDF] [Copy]"  # nothing would be left


def test_single_author_line_and_abstract_kept_whole():
    sch = listing.parse(TEXT, BARE)
    breadth = sch.unscheduled[3]
    assert breadth.title == "Breadth-First Pipeline Parallelism"
    assert [s.name for s in breadth.speakers] == ["Joel Lamy-Poirier"]
    assert breadth.abstract.startswith("We introduce Breadth-First Pipeline Parallelism")
    assert breadth.abstract.endswith("on a large GPU cluster.")
    assert not breadth.abstract_truncated


def test_multi_paragraph_abstract_and_subject_note():
    first = load_schedule(DATA / "listing" / "neurips-oral.txt").unscheduled[0]
    assert first.abstract.count("\n\n") == 1
    assert first.abstract.endswith("data-constrained regimes.")
    assert first.notes == ["Subject: NeurIPS.2023 - Oral"]


def test_name_error_is_reported_not_indexed():
    sch = listing.parse(TEXT, BARE)
    rpc = sch.unscheduled[12]
    assert rpc.title.startswith("PyTorch RPC")
    assert "NameError" not in [s.name for s in rpc.speakers]
    assert len(rpc.speakers) == 25
    [d] = [d for d in sch.diagnostics if d.code == "not-a-name"]
    assert d.line == 91 and "NameError" in d.message


def test_odd_cases_are_kept_as_written():
    sch = listing.parse(TEXT, BARE)
    names = {s.name for t in sch.unscheduled for s in t.speakers}
    assert {"JINOOK SONG", "colby banbury", "yuxuan han", "WU ZHAOMIN"} <= names
    assert "odd-author" not in codes(sch)


@pytest.mark.parametrize("reshape", [
    lambda t: t.replace("\n", "\r\n"),
    lambda t: t.replace("\n", "\r"),
    lambda t: t.replace("\n\n", "\n\n\n\n"),
    lambda t: "\n".join(line for line in t.split("\n") if line.strip()),
    lambda t: "\n".join("   " + line + "\t" for line in t.split("\n")),
], ids=["crlf", "cr", "extra-blank-lines", "no-blank-lines", "indented"])
def test_reshaped_text_reads_the_same(reshape):
    sch = listing.parse(reshape(TEXT), BARE)
    assert [t.title for t in sch.unscheduled] == [e["title"] for e in EXPECTED]
    assert [[s.name for s in t.speakers] for t in sch.unscheduled] == [
        e["authors"] for e in EXPECTED
    ]
    assert [t.abstract for t in sch.unscheduled] == [
        t.abstract for t in listing.parse(TEXT, BARE).unscheduled
    ]


def test_missing_header_reads_entries_and_says_so():
    body = TEXT.split("\n", 4)[4]
    sch = listing.parse(body, BARE)
    assert len(sch.unscheduled) == 25
    assert sch.conference == "Paper listing" and sch.year is None
    assert "no-conference" in codes(sch) and "count-mismatch" not in codes(sch)
    with_meta = parse_text(body, "x.txt", {"conference": "MLSys", "year": 2023})
    assert with_meta.label == "MLSys 2023"


def test_ids_are_stable_and_ignore_the_markers():
    a = listing.parse(TEXT, BARE)
    b = listing.parse(TEXT.replace("[PDF3] [Copy] [Kimi9] [REL]", "[PDF] [Copy] [Kimi] [REL]"),
                      BARE)
    assert [t.id for t in a.unscheduled] == [t.id for t in b.unscheduled]
    assert len({t.id for t in a.unscheduled}) == 25


def _cut(text: str, marker: str, keep: int = 0) -> str:
    at = text.index(marker) + keep
    return text[:at]


def test_paste_cut_inside_the_last_abstract_keeps_every_entry_and_flags_the_last():
    text = _cut(TEXT, "we can transcend the runtime-memory")
    sch = listing.parse(text, BARE)
    assert len(sch.unscheduled) == 25
    last = sch.unscheduled[-1]
    assert last.abstract_truncated
    assert last.abstract.endswith("with a fusion aware checkpointing algorithm,")
    [d] = [d for d in sch.diagnostics if d.code == "truncated-entry"]
    assert d.line == 173 and d.severity.value == "warning" and "#25" in d.message
    assert all(not t.abstract_truncated for t in sch.unscheduled[:-1])


def test_paste_cut_inside_a_title_keeps_complete_entries_and_reports_the_broken_one():
    text = _cut(TEXT, "#25 Transcending Runtime-Memory", keep=len("#25 Transcending Run"))
    sch = listing.parse(text, BARE)
    assert len(sch.unscheduled) == 24
    assert [t.title for t in sch.unscheduled] == [e["title"] for e in EXPECTED[:24]]
    [d] = [d for d in sch.diagnostics if d.code == "truncated-entry"]
    assert d.line == 173 and d.severity.value == "error" and "Transcending Run" in d.message


def test_paste_cut_in_an_author_line_keeps_the_entry_and_flags_it():
    text = _cut(TEXT, "Authors: Horace He, Shangdi Yu", keep=len("Authors: Horace He, Shan"))
    sch = listing.parse(text, BARE)
    assert len(sch.unscheduled) == 25
    assert sch.unscheduled[-1].abstract == ""
    assert any(d.code == "truncated-entry" and d.line == 173 for d in sch.diagnostics)


def test_entries_missing_in_the_middle_are_reported():
    lines = TEXT.split("\n")
    start = lines.index(next(ln for ln in lines if ln.startswith("#10 ")))
    end = lines.index(next(ln for ln in lines if ln.startswith("#13 ")))
    sch = listing.parse("\n".join(lines[:start] + lines[end:]), BARE)
    assert len(sch.unscheduled) == 22
    [d] = [d for d in sch.diagnostics if d.code == "missing-entries"]
    assert "#10 to #12" in d.message and d.line == start + 1


def test_stray_lines_are_reported_with_their_line():
    text = "Random words before anything\n\n" + TEXT + "\nAuthors: Someone Else\n"
    sch = listing.parse(text, BARE)
    assert len(sch.unscheduled) == 25
    before = [d for d in sch.diagnostics if d.code == "before-first-entry"]
    assert [d.line for d in before] == [1]
    stray = [d for d in sch.diagnostics if d.code == "stray-authors"]
    assert len(stray) == 1 and "Someone Else" in stray[0].message


def test_generated_listing_round_trips_every_entry():
    gen = load_generator()
    items = gen.entries(300, seed=7)
    sch = listing.parse(gen.render(items, conference="ICML", year=2024), BARE)
    assert sch.label == "ICML 2024"
    assert [t.title for t in sch.unscheduled] == [e.title for e in items]
    assert [[s.name for s in t.speakers] for t in sch.unscheduled] == [e.authors for e in items]
    assert [t.abstract for t in sch.unscheduled] == [e.abstract for e in items]
    assert [d for d in sch.diagnostics if d.severity.value != "info"] == []


def test_generator_is_deterministic():
    gen = load_generator()
    assert gen.listing(50, seed=3) == gen.listing(50, seed=3)
    assert gen.listing(50, seed=3) != gen.listing(50, seed=4)
