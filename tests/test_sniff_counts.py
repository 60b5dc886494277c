"""The program format's sniff counts its signs only as far as it needs to.

`program.sniff` asks whether a pattern matches at least twice; it stops at the second
match where it used to find them all (`len(findall)`).  These tests hold it to that
plain count on every text in tests/data and the shared pasted and real texts, on
texts cut at every line of a program, and on odd strings.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.parsers import program
from planner.parsers.program import (
    _LEAD_TIME,
    _LISTING_MARKS,
    _PEOPLE_PAIR,
    _SNIFF_READ_LIMIT,
    _TIMEISH,
    _found,
    _items_in,
)

from .conftest import ROOT

SHARED = ROOT.parent / "shared" / "data"


def plain_sniff(text: str) -> float:
    """The sniff as it was: every match found, then counted."""
    head = text[:200_000]
    if not head.strip():
        return 0.0
    if len(_LEAD_TIME.findall(head)) >= 2:
        return 0.8
    if len(_TIMEISH.findall(head)) >= 2:
        return 0.55
    if len(_PEOPLE_PAIR.findall(head)) + len(_LISTING_MARKS.findall(head)) >= 2:
        return 0.5
    if len(text) <= _SNIFF_READ_LIMIT:
        items = _items_in(text)
        return 0.5 if items >= 2 else 0.35 if items == 1 else 0.0
    return 0.0


def _texts() -> list[Path]:
    out = [p for p in sorted((ROOT / "tests" / "data").rglob("*")) if p.is_file()]
    for sub in ("pasted", "real"):
        if (SHARED / sub).is_dir():
            out += [p for p in sorted((SHARED / sub).rglob("*")) if p.is_file()]
    return [p for p in out if p.stat().st_size < 3_000_000]


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None


def test_every_text_on_hand_gets_the_plain_fit():
    texts = [t for t in map(_read, _texts()) if t is not None]
    assert len(texts) > 50
    for text in texts:
        assert program.sniff(text) == plain_sniff(text)


def test_counts_stop_at_enough_and_not_before():
    text = "9:00 a\n10:00 b\n11:00 c\n"
    assert _found(_LEAD_TIME, text, 2) == 2
    assert _found(_LEAD_TIME, text, 5) == 3
    assert _found(_LEAD_TIME, "9:00 only one\n", 2) == 1
    assert _found(_LEAD_TIME, "no time here\n", 2) == 0


def test_texts_cut_line_by_line_get_the_plain_fit():
    # A program and a listing cut short: every count from none to many is met.
    for name in ("program", "listing"):
        folder = ROOT / "tests" / "data" / name
        path = next((p for p in sorted(folder.rglob("*")) if p.is_file()), None)
        if path is None:
            continue
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)[:40]
        for k in range(len(lines) + 1):
            text = "".join(lines[:k])
            assert program.sniff(text) == plain_sniff(text), (path, k)


_SIGNY = st.lists(st.sampled_from(
    list("0123456789:.-– \n\t#*|>apmAPM,;&()") + ["Ada Lovelace", "Alan Turing", "to",
                                                  "Authors:", "**Bold title here**"]),
    max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(_SIGNY)
def test_odd_strings_get_the_plain_fit(text):
    assert program.sniff(text) == plain_sniff(text)


# -- the author page's furniture: one pattern tried before the four ----------------------

def plain_noise_kind(line: str):
    """author_page._noise_kind as it was: the four patterns in turn."""
    from planner.parsers.author_page import _which_noise

    return None if len(line) > 400 else _which_noise(line)


def _same_noise(line: str) -> None:
    from planner.parsers.author_page import _noise_kind

    got, want = _noise_kind(line), plain_noise_kind(line)
    assert (got is None) == (want is None), line
    if got is not None:
        assert got[0] == want[0] and got[1].groupdict() == want[1].groupdict(), line


def test_every_line_on_hand_gets_the_plain_noise_kind():
    lines = {ln.strip() for t in map(_read, _texts()) if t is not None for ln in t.splitlines()}
    furniture = ["via arXiv icon", "Via Semantic.Scholar icon", "Share button", "code icon",
                 "Add to library", "Picture for Ada Lovelace", "Figure 3 for A Title",
                 "figure 1234 for x", "picture for ", "via  icon", "SAVE BUTTON"]
    assert len(lines) > 5_000
    for line in [*lines, *furniture]:
        _same_noise(line)


_NOISY = st.lists(st.sampled_from(
    ["via", "icon", "arxiv", " ", "\t", ".", "alert", "share", "save", "bookmark", "button",
     "code", "add to library", "picture", "figure", "for", "12", "1234", "x", "İ", "ſ",
     "\u212a"]), max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(_NOISY)
def test_odd_lines_get_the_plain_noise_kind(line):
    _same_noise(line)
