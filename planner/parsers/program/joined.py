"""Many short texts searched as one: which of them may hold what a per-text check looks for.

A check called once per line (`may_mention_zone`, the year pattern) costs a Python call
and a regex scan for each of 20,000-50,000 texts, and nearly all of them answer no.  The
same question asked of all the texts joined by line feeds is a handful of scans in C
(`str.find`, a regex with a literal start, `bytes.translate`), and the texts it points
at are few.  The answers here are a superset: callers still ask their exact check of
each text found, so they find exactly what the per-text loop found, in the same order.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate, compress
from operator import add, not_

# Letters of the ASCII alphabet kept, every other byte a blank (see `Joined.words`).
_UPPER_ONLY = bytes(c if 65 <= c <= 90 else 32 for c in range(256))
_LOWER = bytes(range(97, 123))


class Joined:
    """`texts` joined by line feeds, with where each one starts.

    A search never matches across two texts as long as what it looks for holds no line
    feed; a text that holds one of its own only makes a match point at a neighbour too,
    which is still a superset."""

    __slots__ = ("texts", "text", "_starts", "_ascii", "_lower")

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.text = "\n".join(texts)
        # text i starts after the lengths of those before it and i line feeds
        self._starts = list(map(add, accumulate(map(len, texts), initial=0), range(len(texts) + 1)))
        self._ascii: bytes | None = None
        self._lower: bytes | None = None

    def _index(self, at: int) -> int:
        """The text the joined text's character `at` belongs to."""
        return bisect_right(self._starts, at) - 1

    def holding(self, needle: str | bytes, out: set[int], lower: bool = False,
                within: bytes | None = None) -> None:
        """Add to `out` each text that holds `needle`.  A bytes needle is looked for in
        `ascii()` (quicker than a text beyond ASCII): ASCII characters are found as they
        are, each other character is a `?`.  With `lower`, in any ASCII case (the needle
        in lower case).  `within`: those bytes instead, laid out as `ascii()` is, or one
        byte later (then the needle's first byte stands for the one before the text)."""
        hay: str | bytes = self.text
        if within is not None:
            hay = within
        elif isinstance(needle, bytes):
            hay = self.ascii_lower() if lower else self.ascii()
        at = hay.find(needle)  # type: ignore[arg-type]
        while at >= 0:
            i = self._index(at)
            out.add(i)
            at = hay.find(needle, self._starts[i + 1])  # type: ignore[arg-type]

    def matching(self, pattern: re.Pattern[str], out: set[int]) -> None:
        """Add to `out` each text in which `pattern` finds something (a pattern with a
        literal start is a fast scan; one without is tried at every character)."""
        found = pattern.search(self.text)
        while found is not None:
            i = self._index(found.start())
            out.add(i)
            found = pattern.search(self.text, self._starts[i + 1])

    def ascii(self) -> bytes:
        """The joined text as ASCII bytes, each other character a `?` (so that byte
        offsets are character offsets)."""
        if self._ascii is None:
            self._ascii = self.text.encode("ascii", "replace")
        return self._ascii

    def ascii_lower(self) -> bytes:
        """`ascii()` with its capital letters lower-cased."""
        if self._lower is None:
            self._lower = self.ascii().lower()
        return self._lower

    def upper_words(self) -> set[bytes]:
        """Every run of capital ASCII letters, as bytes; lower-case letters are dropped,
        so that `ESTa` gives `EST` (a superset of the capital words that stand alone)."""
        return set(self.ascii().translate(_UPPER_ONLY, _LOWER).split())

    def longer_than(self, n: int, out: set[int]) -> None:
        """Add to `out` every text longer than `n` characters."""
        if self.texts and max(map(len, self.texts)) > n:
            out.update(compress(range(len(self.texts)), map(n.__lt__, map(len, self.texts))))

    def not_ascii(self, out: set[int]) -> None:
        """Add to `out` every text with a character beyond ASCII."""
        if not self.text.isascii():
            out.update(compress(range(len(self.texts)), map(not_, map(str.isascii, self.texts))))
