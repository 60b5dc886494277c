"""Folding text for comparison: case, accents, punctuation and spacing."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[\W_]+")
_SPACES = re.compile(r"\s+")
# The combining-mark blocks; NFKD puts accents there (ç -> c + U+0327).
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold(text: str) -> str:
    """Lower-case, accent-free, punctuation as spaces, single-spaced.

    `Gonçalves`, `GONCALVES` and ` goncalves ` all fold to `goncalves`.
    """
    if not text.isascii():
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    return _NON_WORD.sub(" ", text.casefold()).strip()


def squash(text: str) -> str:
    """Collapse runs of whitespace (including NBSP) to one space."""
    return _SPACES.sub(" ", text).strip()
