"""Real program texts, read by the real parser, scored against hand-made truth.

Every NAME.truth.json with its NAME beside it, in each of these folders, is one test:
  - tests/data/program/real/          texts the project keeps itself
  - ../shared/data/pasted/            the development set (beside the checkout, and beside CI's clone)
  - each folder in $PLANNER_REAL_TEXTS (os.pathsep-separated), for texts kept outside the repo

The score is program_scoring.score_text (the rules of shared/tools/score.py, in-process).
Each text must stay at or above its floor in tests/data/program/real/floors.json (a little
below what the reader scored when the floor was set, never below 0.5; 0.5 for a text with
no entry), and each folder's mean at or above its mean floor.  A text that scored below 0.5
when its floor was set is listed under "below_half" and expected to fail until the reader
reads it: strict, so the day it passes the test says so and the floor can go up.

Run with -s to see every text's figures.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import pytest

from .conftest import DATA, ROOT
from .program_scoring import Score, load_truth, score_text, truth_files

REAL = DATA / "program" / "real"
DEV = ROOT.parent / "shared" / "data" / "pasted"
FLOORS = json.loads((REAL / "floors.json").read_text(encoding="utf-8"))
MIN_FLOOR = 0.5


def _folders() -> list[tuple[str, Path]]:
    out = [("real", REAL), ("dev", DEV)]
    for extra in os.environ.get("PLANNER_REAL_TEXTS", "").split(os.pathsep):
        if extra:
            out.append((Path(extra).name, Path(extra)))
    return out


def _cases() -> list:
    cases = []
    for label, folder in _folders():
        for text, truth in truth_files(folder):
            marks = []
            if text.name in FLOORS.get("below_half", {}):
                marks.append(pytest.mark.xfail(
                    strict=True, reason=f"scored {FLOORS['below_half'][text.name]} when the floor "
                    f"was set: {FLOORS['why'].get(text.name, 'see floors.json')}"))
            cases.append(pytest.param(text, truth, id=f"{label}/{text.name}", marks=marks))
    return cases


@lru_cache(maxsize=None)
def _score(text: Path, truth: Path) -> Score:
    return score_text(text, load_truth(truth))


def floor_of(name: str) -> float:
    return max(MIN_FLOOR, FLOORS["texts"].get(name, MIN_FLOOR))


@pytest.mark.parametrize(("text", "truth"), _cases())
def test_real_text_reaches_its_floor(text: Path, truth: Path) -> None:
    s = _score(text, truth)
    print(s.line())
    floor = floor_of(text.name)
    assert s.value >= floor, f"{s.line()}  (floor {floor:.2f})"


def test_truth_files_are_well_formed() -> None:
    """Every truth file follows the schema of shared/data/pasted/README.md."""
    keys = {"date", "start", "end", "kind", "title", "speakers", "affiliations", "room", "url",
            "parent"}
    kinds = {"session", "paper", "talk", "keynote", "invited", "panel", "poster", "break",
             "social", "remarks", "other"}
    seen = 0
    for _, folder in _folders():
        for text, tp in truth_files(folder):
            seen += 1
            t = load_truth(tp)
            assert t["file"] == text.name
            assert t["shape"] in {"schedule", "listing", "author-page", "abstracts"}
            if t.get("timezone_evidence"):
                assert t["timezone_evidence"] in text.read_text(encoding="utf-8"), tp.name
            titles = {i["title"] for i in t["items"]}
            for it in t["items"]:
                assert set(it) == keys, (tp.name, it)
                assert it["kind"] in kinds, (tp.name, it["kind"])
                assert not it["affiliations"] or len(it["affiliations"]) == len(it["speakers"]), (
                    tp.name, it["title"])
                assert it["parent"] is None or it["parent"] in titles, (tp.name, it["parent"])
    if not seen:
        pytest.skip("no real texts beside this checkout")


def _mean_cases() -> list:
    out = []
    for label, _ in _folders():
        marks = []
        if label in FLOORS.get("means_below_half", {}):
            marks.append(pytest.mark.xfail(
                strict=True, reason=f"mean {FLOORS['means_below_half'][label]} when the floor was set"))
        out.append(pytest.param(label, id=label, marks=marks))
    return out


@pytest.mark.parametrize("label", _mean_cases())
def test_mean_over_each_folder_reaches_its_floor(label: str) -> None:
    folder = dict(_folders())[label]
    pairs = truth_files(folder)
    if not pairs:
        pytest.skip(f"no texts in {folder}")
    scores = [_score(text, truth) for text, truth in pairs]
    mean = sum(s.value for s in scores) / len(scores)
    print(f"\n{label}: mean {mean:.3f} over {len(scores)} texts")
    for s in scores:
        print("  " + s.line())
    floor = FLOORS["means"].get(label, MIN_FLOOR)
    assert mean >= floor, f"mean {mean:.3f} below {floor:.2f} over {folder}"
