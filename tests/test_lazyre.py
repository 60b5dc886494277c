"""planner.lazyre: a pattern compiled on first use answers as the compiled one does."""

from __future__ import annotations

import re

from planner.lazyre import LazyPattern, lazy
from planner.parsers.program.anycase import AnyCase

SOURCE = r"(?P<h>\d{1,2}):(?P<m>\d\d)"
LINES = ["9:30 Opening", "no time here", "10:00 - 11:15 Talks", ""]


def test_lazy_pattern_matches_as_the_compiled_one() -> None:
    plain, late = re.compile(SOURCE), lazy(SOURCE)
    for line in LINES:
        for method in ("match", "search", "fullmatch"):
            got, want = getattr(late, method)(line), getattr(plain, method)(line)
            assert (got and got.groupdict()) == (want and want.groupdict())
        assert late.findall(line) == plain.findall(line)
        assert [m.span() for m in late.finditer(line)] == [m.span() for m in plain.finditer(line)]
        assert late.sub("T", line) == plain.sub("T", line)
        assert late.split(line) == plain.split(line)
    assert late.groupindex == plain.groupindex and late.groups == plain.groups


def test_text_and_flags_are_read_without_compiling() -> None:
    late = LazyPattern(SOURCE, re.IGNORECASE)
    assert (late.pattern, late.flags) == (SOURCE, re.IGNORECASE)
    assert "search" not in vars(late)  # nothing compiled yet
    late.search("9:30")
    assert "search" in vars(late)  # compiled once, its methods kept


def test_anycase_over_a_lazy_pattern() -> None:
    words = AnyCase(lazy(r"\b(?:lunch|straße)\b", re.IGNORECASE))
    assert words.found("LUNCH break")  # ASCII: the lower-case twin
    assert words.found("die STRAßE")  # not ASCII: the lazy pattern, compiled now
    assert not words.found("dinner") and not words.found("Café")
