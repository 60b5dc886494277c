"""Author pages: owner, entries of title / publication date / authors / abstract,
site furniture dropped, comment lines kept as notes."""

from __future__ import annotations

from datetime import date

import pytest

from planner.loader import load_schedule
from planner.parsers import author_page
from planner.parsers.base import ParseOptions

from .conftest import DATA, SCHEDULES

PAGE = SCHEDULES / "carole-jean-wu-papers.txt"
TEXT = PAGE.read_text(encoding="utf-8")
BARE = ParseOptions(source="paste.txt")
EXPECTED = [
    ("MAD Max Beyond Single-Node: Enabling Large Machine Learning Model Acceleration on "
     "Distributed Systems", date(2023, 10, 18), 8),
    ("GEVO-ML: Optimizing Machine Learning Code with Evolutionary Computation",
     date(2023, 10, 16), 3),
    ("READ: Recurrent Adaptation of Large Transformers", date(2023, 5, 24), 4),
    ("Green Federated Learning", date(2023, 3, 26), 10),
    ("Towards MoE Deployment: Mitigating Inefficiencies in Mixture-of-Expert (MoE) Inference",
     date(2023, 3, 10), 9),
    ("MP-Rec: Hardware-Software Co-Design to Enable Multi-Path Recommendation",
     date(2023, 2, 21), 8),
    ("FlexShard: Flexible Sharding for Industry-Scale Sequence Recommendation Models",
     date(2023, 1, 8), 5),
    ("FedGPO: Heterogeneity-Aware Global Parameter Optimization for Efficient Federated "
     "Learning", date(2022, 11, 30), 2),
    ("RecD: Deduplication for End-to-End Deep Learning Recommendation Model Training "
     "Infrastructure", date(2022, 11, 14), 12),
]


def summary(sch):
    return [(t.title, t.published, len(t.speakers)) for t in sch.unscheduled]


def test_seed_gives_nine_papers_with_titles_dates_and_authors():
    sch = load_schedule(PAGE)
    assert sch.format == "author-page"
    assert sch.owner == "Carole-Jean Wu"
    assert sch.label == "Carole-Jean Wu (author page)"
    assert summary(sch) == EXPECTED


def test_publication_dates_are_never_session_times():
    sch = author_page.parse(TEXT, BARE)
    assert sch.sessions == []
    for t in sch.unscheduled:
        assert t.start is None and t.end is None and not t.estimated
        assert t.published is not None


def test_owner_is_an_author_of_every_paper_and_authors_are_exact():
    sch = author_page.parse(TEXT, BARE)
    assert all("Carole-Jean Wu" in [s.name for s in t.speakers] for t in sch.unscheduled)
    green = sch.unscheduled[3]
    assert [s.name for s in green.speakers] == [
        "Ashkan Yousefpour", "Shen Guo", "Ashish Shenoy", "Sayan Ghosh", "Pierre Stock",
        "Kiwan Maeng", "Schalk-Willem Krüger", "Michael Rabbat", "Carole-Jean Wu",
        "Ilya Mironov",
    ]


def test_site_furniture_is_dropped_and_counted():
    sch = author_page.parse(TEXT, BARE)
    everything = " ".join(t.title + " " + t.abstract + " " + " ".join(t.notes)
                          for t in sch.unscheduled)
    for noise in ("Alert button", "Picture for", "Figure 1 for", "Viaarxiv icon"):
        assert noise not in everything
    noise = {d.message: d.line for d in sch.diagnostics if d.code == "noise"}
    assert noise == {
        "dropped 2 button lines (site furniture)": 1,
        "dropped 1 picture caption line (site furniture)": 2,
        "dropped 9 link icon lines (site furniture)": 15,
        "dropped 28 figure caption lines (site furniture)": 31,
    }
    assert all(d.severity.value == "info" for d in sch.diagnostics)


def test_abstracts_are_whole_and_comment_lines_become_notes():
    sch = author_page.parse(TEXT, BARE)
    read = sch.unscheduled[2]
    assert read.abstract.startswith("Fine-tuning large-scale Transformers has led")
    assert read.abstract.endswith("a highly scalable solution for fine-tuning large Transformers.")
    fedgpo = sch.unscheduled[7]
    assert fedgpo.notes == [
        "12 pages, 12 figures, IEEE International Symposium on Workload Characterization "
        "(IISWC)"
    ]
    assert "12 pages" not in fedgpo.abstract
    assert [t.notes for t in sch.unscheduled].count([]) == 8


@pytest.mark.parametrize("reshape", [
    lambda t: t.replace("\n", "\r\n"),
    lambda t: t.replace("\n\n", "\n\n\n\n"),
    lambda t: "\n".join(line for line in t.split("\n") if line.strip()),
], ids=["crlf", "extra-blank-lines", "no-blank-lines"])
def test_reshaped_pages_read_the_same(reshape):
    sch = author_page.parse(reshape(TEXT), BARE)
    assert summary(sch) == EXPECTED
    assert sch.owner == "Carole-Jean Wu"
    assert [t.abstract for t in sch.unscheduled] == [
        t.abstract for t in author_page.parse(TEXT, BARE).unscheduled
    ]


def test_page_without_its_header_infers_the_owner():
    body = TEXT[TEXT.index("MAD Max"):]
    sch = author_page.parse(body, BARE)
    assert summary(sch) == EXPECTED
    assert sch.owner == "Carole-Jean Wu"
    assert any(d.code == "owner-inferred" for d in sch.diagnostics)


def test_other_date_formats_a_bad_date_and_other_buttons():
    sch = load_schedule(DATA / "author-page" / "no-owner.txt")
    assert sch.owner == "Søren Dvořák"
    assert [t.published for t in sch.unscheduled] == [date(2023, 10, 18), date(2023, 10, 16), None]
    assert sch.unscheduled[1].notes == ["Accepted at a workshop"]
    [bad] = [d for d in sch.diagnostics if d.code == "bad-date"]
    assert bad.line == 23 and "Feb 30, 2023" in bad.message


@pytest.mark.parametrize(("line", "expected"), [
    ("Oct 18, 2023", (True, date(2023, 10, 18))),
    ("October 18, 2023", (True, date(2023, 10, 18))),
    ("18 Oct 2023", (True, date(2023, 10, 18))),
    ("2023-10-18", (True, date(2023, 10, 18))),
    ("Feb 30, 2023", (True, None)),
    ("Oct 18 talks in 2023", (False, None)),
    ("Tue 6 Apr 09:30 a.m.", (False, None)),
])
def test_parse_date(line, expected):
    assert author_page.parse_date(line) == expected


def test_truncated_paste_keeps_every_complete_paper_and_reports_the_broken_one():
    # Cut in the middle of RecD's abstract: the paper stays, flagged.
    cut = TEXT[: TEXT.index("preprocessing, and training overheads")]
    sch = author_page.parse(cut, BARE)
    assert len(sch.unscheduled) == 9 and sch.unscheduled[-1].abstract_truncated
    [d] = [d for d in sch.diagnostics if d.code == "truncated-entry"]
    assert d.line == 111 and d.severity.value == "warning"

    # Cut after the next paper's title, before its date: that title is left out.
    cut = TEXT + "\nSome Next Paper: Cut Before Its Da"
    sch = author_page.parse(cut, BARE)
    assert summary(sch) == EXPECTED
    [d] = [d for d in sch.diagnostics if d.code == "truncated-entry"]
    assert d.severity.value == "error" and d.line == 124 and "Some Next Paper" in d.message


def test_entry_without_an_author_line_is_kept_and_reported():
    text = "A Title\n\nOct 1, 2023\n\nWe show that this abstract has no authors above it.\n"
    sch = author_page.parse(text, BARE)
    [t] = sch.unscheduled
    assert t.speakers == [] and t.abstract.startswith("We show")
    assert any(d.code == "no-authors" and d.line == 3 for d in sch.diagnostics)
