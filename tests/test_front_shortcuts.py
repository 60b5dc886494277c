"""The plain-text front's shortcuts give what its plain steps give.

`text_front` strips a line (or a table cell) whose blanks are single spaces instead of
squashing its blanks, and asks `_BULLET` only of a line that may open with a list
marker.  These tests hold both to the steps they skip: on real titles and names (the
frab schedules), on every blank `str.split` knows, and on odd strings.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

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


# `_MD_SIGNS` before its lookahead: the plain pattern it must agree with.
_MD_SIGNS_PLAIN = re.compile(
    r"^ {0,3}#{1,6} |^\s*\|.*\|\s*$|\*\*[^*\n]+\*\*|\[[^\]\n]+\]\([^)\n]+\)|^ {0,3}[*+-] |"
    r"^---\s*$",
    re.MULTILINE | re.IGNORECASE,
)


def _md_signs_agree(text: str) -> None:
    got = [(m.start(), m.end()) for m in text_front._MD_SIGNS.finditer(text)]
    assert got == [(m.start(), m.end()) for m in _MD_SIGNS_PLAIN.finditer(text)], text


def test_markdown_signs_are_found_where_the_plain_pattern_finds_them_on_real_pages():
    """The lookahead only turns away the characters no sign opens with: the signs found
    in every program text of the repository (Markdown, pastes, HTML) stay the same."""
    roots = [Path(__file__).parent / "data",  # (and the shared pasted pages, where present)
             Path(__file__).resolve().parents[2] / "shared" / "data" / "pasted"]
    texts = [p for root in roots for p in root.rglob("*")
             if p.suffix in {".md", ".txt", ".html"} and p.is_file()]
    assert len(texts) > 10
    for path in texts:
        _md_signs_agree(path.read_text(encoding="utf-8", errors="replace"))
    _md_signs_agree("\n".join(_real_lines()))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["#", "## ", "   ", "|", " | ", "**", "[a](b)", "[", "](",
                                           ")", "- ", "* ", "+ ", "---", "\n", "\t", "\u2003",
                                           "\r\n", "x", "Title"]),
                          st.text(max_size=2)), max_size=12).map("".join))
def test_markdown_signs_are_found_where_the_plain_pattern_finds_them(text):
    _md_signs_agree(text)


def test_a_pipe_table_ends_at_its_blank_line_whatever_the_spacing_of_its_rows():
    """A row's blanks (single spaces or not) say how its cells are squashed, nothing
    more: a Markdown table still ends at a blank line, and the paragraph after it is no
    row (h-tab6 had the row's spacing overwrite the table's own `spaced` flag)."""
    text = ("## Tuesday, June 16, 2026\n\n| Time | Title | Speaker |\n|---|---|---|\n"
            "| 9:00 - 9:30 | Opening remarks | Ana Ruiz |\n"
            "| 9:30 - 10:00 | Reliable queues | Bo Chen |\n\n"
            "Lunch is served in the atrium.\n")
    lines = {ln.no: ln for ln in text_front.read_text(text).lines}
    assert lines[6].table and lines[6].cells
    assert lines[8].text == "Lunch is served in the atrium."
    assert not lines[8].table and lines[8].cells is None


def _both_ways(text: str) -> None:
    """`read_text` with the lines of open paragraphs that open with a clock read at once
    gives the `Doc` of reading each line by the steps every line takes."""
    for markdown in (True, False):
        quick = text_front.read_text(text, markdown=markdown)
        assert quick == text_front.read_text(text, markdown=markdown, plain_timed=False), text


def _timed_page() -> str:
    lines = ["---", "title: Days", "---", "## Monday, May 1, 2025", ""]
    for k, (title, names) in enumerate(_frab_items(FRAB[0])[:300]):
        clock = f"{8 + k % 10}:{k % 6}0"
        lines.append(f"{clock} - {clock} {title} ({k}), {', '.join(names)}")
        if k % 37 == 5:
            lines += [f"  {title} (indented)", f"* {title}", f"1. {title}", ""]
        if k % 41 == 7:
            lines += [f"{clock}  two  spaces, {names[0]}", f"{clock}\ttab", f"{clock} a|b",
                      f"{clock} *bold* <br> x", "**Day two**", f"{clock} [link](u)", ""]
        if k % 43 == 9:
            lines += [f"- {title}", f"{clock} under a bullet", "| Time | Title |",
                      "|---|---|", f"| {clock} | {title} |", f"{clock} after a table",
                      f"Abstract of {title}  ", f"{clock} after a hard break", ""]
    return "\n".join(lines) + "\n"


def test_timed_lines_read_at_once_are_read_as_each_lines_steps_read_them():
    _both_ways(_timed_page())
    _both_ways(_timed_page().replace("\n\n", "\n"))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["8:00", "12:30 ", " 9:15", "10:00 - 11:00 ", "- ",
                                           "1. ", "\n", "\n\n", "|", "*", "<br>", "\t",
                                           "  ", "\xa0", "Title, Name", ":", "**x**", "٨:٠٠"]),
                          st.text(max_size=3)), max_size=14).map("".join))
def test_odd_timed_lines_read_at_once_are_read_as_each_lines_steps_read_them(text):
    _both_ways(text)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(list("\\`*_[]<&{·}|() \t") + ["Title", "é", "<br>"]),
                          st.text(max_size=3)), max_size=8).map("".join))
def test_a_cell_told_plain_holds_none_of_the_marks_a_cell_is_read_for(raw):
    """`_cell_plain` tells a cell with a mark by `in`, as `_CELL_MARKS` tells it."""
    assert (text_front._cell_plain(raw) is None) == (text_front._CELL_MARKS.search(raw) is not None)


def test_real_cells_told_plain_hold_none_of_the_marks_a_cell_is_read_for():
    for raw in _real_lines():
        for cell in raw.split("|"):
            assert (text_front._cell_plain(cell) is None) \
                == (text_front._CELL_MARKS.search(cell) is not None), cell


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(list("-–— \t\xa0\u2003x") + [" - ", "Title"]),
                          st.text(max_size=2)), max_size=8).map("".join))
def test_a_spaced_dash_is_found_where_the_pattern_finds_one(t):
    from planner.parsers.program.items import _SPACED_DASH, _spaced_dash

    assert _spaced_dash(t) == (_SPACED_DASH.search(t) is not None)


_INLINE_BITS = st.lists(st.one_of(st.sampled_from(["&", "&amp;", "&#38;", "&#x26;", "& ", "&x",
                                                   ";", "*", "_", "[", "]", "<b>", "{", "\\",
                                                   "`", "é", "  ", "\t", "Title"]),
                                  st.text(max_size=3)), max_size=8).map("".join)


@settings(max_examples=800, deadline=None)
@given(_INLINE_BITS)
def test_markup_is_told_by_character_as_the_pattern_tells_it(text):
    from planner.parsers.program.inline import _MARKUP, has_markup

    assert has_markup(text) == (_MARKUP.search(text) is not None)


@settings(max_examples=800, deadline=None)
@given(_INLINE_BITS)
def test_a_line_read_without_its_tokens_reads_as_its_tokens_read_it(text):
    """`parse_inline` reads a line whose only marks are ampersands that open no entity
    (`status & plans`) without tokens: as the tokens read it."""
    from planner.parsers.program.inline import _parse_marked, has_markup, parse_inline

    if has_markup(text):
        assert parse_inline(text) == _parse_marked(text, None), text


def test_real_titles_with_ampersands_read_as_their_tokens_read_them():
    from planner.parsers.program.inline import _parse_marked, parse_inline

    for raw in _real_lines():
        for text in (raw, raw.replace(" and ", " & "), raw + " &amp; more", raw + " R&D;"):
            if "&" in text:
                assert parse_inline(text) == _parse_marked(text, None), text
