"""The plain-text front's shortcuts give what its plain steps give.

`text_front` strips a line (or a table cell) whose blanks are single spaces instead of
squashing its blanks, and asks `_BULLET` only of a line that may open with a list
marker.  These tests hold both to the steps they skip: on real titles and names (the
frab schedules), on every blank `str.split` knows, and on odd strings.
"""

from __future__ import annotations

import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.parsers.program import text_front
from planner.parsers.program.inline import _squash
from planner.parsers.program.joined import Joined
from planner.parsers.program.text_front import ODD_BLANKS, _BULLET, _may_be_bullet, _unevenly_spaced

from .test_program_fast_paths import FRAB, _frab_items


def test_odd_blanks_are_every_blank_but_the_space_and_the_line_feed():
    every = {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()}
    assert set(ODD_BLANKS) == every - {" ", "\n"}


def _lines_hold(lines: list[str]) -> None:
    uneven = _unevenly_spaced(Joined(lines))
    for k, raw in enumerate(lines):
        if k not in uneven and "\t" not in raw:
            assert raw.strip() == _squash(raw), raw


def _real_lines() -> list[str]:
    out = []
    for path in FRAB:
        for k, (title, names) in enumerate(_frab_items(path)):
            out += [f"8:00 - 8:10 {title} ({k}), {', '.join(names)}", f" | {title} | ",
                    f"  {title}\t{names[0]}", f"- {title}"]
    return out


def test_real_lines_stripped_are_squashed_where_evenly_spaced():
    lines = _real_lines()
    assert len(lines) > 500
    _lines_hold(lines)


_BLANKY = st.text(alphabet=st.sampled_from(list(" \n\t\xa0\u2003\u3000ab-1.)(*•") + ["\u200b"]),
                  max_size=30)


@settings(max_examples=400, deadline=None)
@given(st.lists(_BLANKY, max_size=6))
def test_odd_strings_stripped_are_squashed_where_evenly_spaced(parts):
    # (a part with a line feed is split at it: the front's lines hold none)
    _lines_hold("\n".join(parts).split("\n"))


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \t\xa0123456789٣.):(*+-•·[]ab")), max_size=12))
def test_a_line_told_no_bullet_has_none(raw):
    stripped = raw.strip()
    if stripped and not _may_be_bullet(stripped):
        assert _BULLET.match(raw) is None


def test_real_lines_told_no_bullet_have_none():
    for raw in _real_lines() + ["10. Talk", "1) Talk", "(2) Talk", "[12] Talk", "12.30 Talk",
                                "8:00 Talk", "١٢. Talk", "2024) x"]:
        stripped = raw.strip()
        if stripped and not _may_be_bullet(stripped):
            assert _BULLET.match(raw) is None, raw


def test_a_page_reads_the_same_with_every_line_squashed():
    lines = _real_lines()[:400] + ["", "| Time | Title |", "|---|---|", "| 9:00 |  Two  spaces |",
                                   "| 9:10 | A\xa0title |", "", "Tab\there", "  lead", ""]
    text = "\n".join(lines)
    fast = text_front.read_text(text, markdown=True)
    real = text_front._unevenly_spaced
    try:
        text_front._unevenly_spaced = lambda joined: set(range(len(joined.texts)))
        slow = text_front.read_text(text, markdown=True)
    finally:
        text_front._unevenly_spaced = real
    assert fast == slow
