"""Case-insensitive searches that only ask whether a pattern is there, quick on ASCII.

Python's regex engine folds the case of every character it compares under IGNORECASE,
which makes a search for a list of words (`university|institute|…`) several times
slower than the same search without it.  On an ASCII line, lower-casing the line once
and searching it with the pattern compiled without IGNORECASE finds a match exactly
where the case-insensitive pattern does, provided the pattern names its letters in
lower case (`[A-Za-z]`, `\\w`, `\\d` and `\\b` are the same either way).  Other lines
are searched the usual way: Unicode case folding has its own rules (`ſ` is an `s`).
"""

from __future__ import annotations

import re


class AnyCase:
    """`pattern` (compiled with IGNORECASE, its letters in lower case) for `found`."""

    __slots__ = ("pattern", "_lower")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._lower = re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)

    def found(self, text: str) -> bool:
        """Whether `self.pattern.search(text)` finds anything."""
        if text.isascii():
            return self._lower.search(text.lower()) is not None
        return self.pattern.search(text) is not None
