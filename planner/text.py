"""Folding text for comparison: case, accents, punctuation and spacing."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^\w]+")
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Lower-case, accent-free, punctuation as spaces, single-spaced.

    `Gonçalves`, `GONCALVES` and ` goncalves ` all fold to `goncalves`.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NON_WORD.sub(" ", stripped.casefold()).replace("_", " ").strip()


def squash(text: str) -> str:
    """Collapse runs of whitespace (including NBSP) to one space."""
    return _SPACES.sub(" ", text).strip()
