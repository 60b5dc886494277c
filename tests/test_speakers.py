"""One speaker index across schedules: variants of a name merge, people never do."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from planner.loader import load_schedules
from planner.model import Schedule, Talk
from planner.parsers import site
from planner.parsers.base import ParseOptions
from planner.people import SpeakerIndex
from planner.parsers.names import is_artefact, looks_like_name, make_speaker

from .conftest import ROOT

CAROLE_PAPERS = {
    "TT-Rec: Tensor Train Compression for Deep Learning Recommendation Models",
    "MAD Max Beyond Single-Node: Enabling Large Machine Learning Model Acceleration on "
    "Distributed Systems",
    "GEVO-ML: Optimizing Machine Learning Code with Evolutionary Computation",
    "READ: Recurrent Adaptation of Large Transformers",
    "Green Federated Learning",
    "Towards MoE Deployment: Mitigating Inefficiencies in Mixture-of-Expert (MoE) Inference",
    "MP-Rec: Hardware-Software Co-Design to Enable Multi-Path Recommendation",
    "FlexShard: Flexible Sharding for Industry-Scale Sequence Recommendation Models",
    "FedGPO: Heterogeneity-Aware Global Parameter Optimization for Efficient Federated Learning",
    "RecD: Deduplication for End-to-End Deep Learning Recommendation Model Training "
    "Infrastructure",
}


CREW = ["Ann Bo", "Cy Dee", "Ed Fu", "Gil Ho", "Ida Jo", "Kim Lu", "Mo Ng", "Oz Pi"]


@pytest.fixture(scope="module")
def bundled() -> list[Schedule]:
    return load_schedules(None)


@pytest.fixture(scope="module")
def index(bundled) -> SpeakerIndex:
    return SpeakerIndex(bundled)


def planner(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def talk(title: str, *names: str) -> Talk:
    return Talk(id=title[:7], title=title, speakers=[make_speaker(n) for n in names])


def schedule(*talks: Talk, name: str = "Conf") -> Schedule:
    return Schedule(conference=name, timezone="UTC", source=f"{name}.txt", format="listing",
                    unscheduled=list(talks))


def test_case_variants_are_one_person_with_the_best_spelling(index):
    colby = index.find("colby banbury")
    assert colby is not None and colby is index.find("COLBY  BANBURY")
    assert colby.name == "Colby Banbury"
    assert sorted(colby.spellings) == ["Colby Banbury", "colby banbury"]
    titles = sorted(t.title for _, t in colby.talks)
    assert [t[:10] for t in titles] == ["Edge Impul", "MicroNets:", "XRBench: A"]
    assert {s.label for s in colby.schedules} == {"MLSys 2021", "MLSys 2023"}


def test_all_capitals_are_found_and_kept_as_written(index):
    song = index.find("Jinook Song")
    assert song is not None and song.name == "JINOOK SONG" and song.count == 1


def test_accents_and_spacing_do_not_split_a_person():
    sch = schedule(talk("One", "Larissa Rozales Gonçalves"),
                   talk("Two", "Larissa  Rozales Goncalves"),
                   talk("Three", "LARISSA ROZALES GONÇALVES"))
    ix = SpeakerIndex([sch])
    [person] = ix.people()
    assert person.count == 3
    assert person.name == "Larissa Rozales Gonçalves"  # mixed case, accents kept
    assert ix.find("larissa rozales goncalves") is person


def test_different_people_are_never_merged_on_a_guess():
    sch = schedule(talk("One", "J. Song", "Li Zhicheng"), talk("Two", "Jinook Song", "Zhicheng Li"),
                   talk("Three", "Carole-Jean Wu", "Carole Wu"))
    names = [p.name for p in SpeakerIndex([sch]).people()]
    assert names == ["Carole-Jean Wu", "Carole Wu", "J. Song", "Jinook Song", "Li Zhicheng",
                     "Zhicheng Li"]


def test_a_name_repeated_on_one_talk_counts_once(index):
    rocky = index.find("Rocky Rhodes")
    assert rocky is not None and rocky.count == 1
    sch = schedule(talk("Twice", "Ann Bo", "Ann Bo", "ann bo"))
    assert [p.count for p in SpeakerIndex([sch]).people()] == [1]


def test_artefacts_are_flagged_not_indexed(bundled, index):
    assert index.find("NameError") is None
    listing = next(s for s in bundled if s.format == "listing")
    assert any(d.code == "not-a-name" and "NameError" in d.message for d in listing.diagnostics)
    # A parser that keeps odd author entries (the site parser) is caught by the index.
    text = ("Oral: Session 1: Things Tue 6 Apr 09:30 a.m.\n\nA Talk About Things\n"
            f"{', '.join(CREW)}, NameError\n\nWe study things in depth and report results.\n")
    sch = site.parse(text, ParseOptions(source="s.txt", conference="C", year=2021,
                                        timezone="UTC"))
    ix = SpeakerIndex([sch])
    assert [p.name for p in ix.people()] == sorted(CREW)
    assert [name for _, _, name in ix.skipped] == ["NameError"]


@pytest.mark.parametrize(("name", "artefact"), [
    ("NameError", True), ("KeyError", True), ("N/A", True), ("et al.", True), ("null", True),
    ("3D Team", True), ("someone@example.org", True),
    ("Mausam", False), ("Keyerror", False), ("Colby Banbury", False), ("O'Brien Smith", False),
])
def test_is_artefact(name, artefact):
    assert is_artefact(name) is artefact


@pytest.mark.parametrize(("name", "plausible"), [
    ("colby k. banbury", True), ("carole-jean yang", True), ("JINOOK SONG", True),
    ("Green Federated Learning", True),  # names and titles look alike; context decides
    ("the model of things", False), ("NameError", False), ("x86 Kernels", False),
])
def test_looks_like_name(name, plausible):
    assert looks_like_name(name) is plausible


def test_carole_jean_wu_across_the_program_and_her_author_page(index):
    person = index.find("Carole-Jean Wu")
    assert person is not None and person.count == 10
    assert {t.title for _, t in person.talks} == CAROLE_PAPERS
    assert [s.format for s in person.schedules] == ["site", "author-page"]


def test_people_are_sorted_by_display_name(index):
    people = index.people()
    keys = [p.name.casefold() for p in people]
    assert keys == sorted(keys)
    assert len(people) == len(index) > 300


def test_match_finds_by_parts_of_a_name(index):
    assert [p.name for p in index.match("carole wu")] == ["Carole-Jean Wu"]
    assert {p.name for p in index.match("wu")} >= {"Carole-Jean Wu", "Chuan Wu", "Xinyu Wu"}
    assert index.match("   ") == []


def test_speakers_command_lists_counts_across_schedules():
    p = planner("speakers", "--format", "json")
    assert p.returncode == 0, p.stderr
    people = {row["name"]: row for row in json.loads(p.stdout)}
    assert people["Colby Banbury"]["talks"] == 3
    assert people["Carole-Jean Wu"]["talks"] == 10
    assert people["Carole-Jean Wu"]["schedules"] == ["MLSys 2021", "Carole-Jean Wu (author page)"]
    assert "NameError" not in people and "colby banbury" not in people
    text = planner("speakers", "--sort", "talks").stdout.splitlines()
    assert text[1].split() == ["10", "Carole-Jean", "Wu", "MLSys", "2021,", "Carole-Jean", "Wu",
                               "(author", "page)"]


def test_talks_for_a_speaker_span_every_schedule():
    p = planner("talks", "--speaker", "carole-jean WU", "--format", "json")
    assert p.returncode == 0, p.stderr
    rows = json.loads(p.stdout)
    assert {r["title"] for r in rows} == CAROLE_PAPERS
    tt_rec = next(r for r in rows if r["title"].startswith("TT-Rec"))
    assert tt_rec["schedule"] == "MLSys 2021" and tt_rec["start"] and tt_rec["estimated"]
    papers = [r for r in rows if r["schedule"] == "Carole-Jean Wu (author page)"]
    assert len(papers) == 9 and all(r["start"] is None and r["end"] is None for r in papers)
    text = planner("talks", "--speaker", "Carole-Jean Wu").stdout
    assert text.startswith("Carole-Jean Wu: 10 talks and papers in 2 schedules")
    assert "published 2023-10-18" in text


def test_unknown_or_ambiguous_speaker_is_one_clear_error():
    p = planner("talks", "--speaker", "wu")
    assert p.returncode == 3 and "speakers match 'wu'" in p.stderr and p.stdout == ""
    p = planner("talks", "--speaker", "Carol-Jean Wuu")
    assert p.returncode == 1
    assert p.stderr == ("planner: No speaker called 'Carol-Jean Wuu' in the loaded schedules; "
                        "did you mean 'Carole-Jean Wu'?\n")
