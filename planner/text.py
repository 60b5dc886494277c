"""Folding text for comparison: case, accents, punctuation and spacing."""

from __future__ import annotations

import re
import unicodedata
from itertools import compress

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


# fold() on ASCII bytes: letters lower-cased, digits and line feeds kept, the rest blanks.
_ASCII_FOLD = bytes(
    c + 32 if 65 <= c <= 90 else c if 48 <= c <= 57 or 97 <= c <= 122 or c == 10 else 32
    for c in range(256)
)


def folded_bytes(texts: list[str]) -> list[bytes]:
    """`fold(t).encode()` for each text, what hashing wants: the ASCII ones in bulk.

    One translate over all the ASCII texts joined by line feeds replaces a regex
    substitution per text (three times faster on 50,000 titles).
    """
    flags = list(map(str.isascii, texts))
    easy = list(compress(texts, flags))
    lines = "\n".join(easy).encode("ascii").translate(_ASCII_FOLD).split(b"\n")
    if len(lines) != len(easy):  # a text held a line break of its own, or there are none
        return [fold(t).encode() for t in texts]
    bulk = map(b" ".join, map(bytes.split, lines))
    if len(easy) == len(texts):
        return list(bulk)
    return [next(bulk) if ok else fold(t).encode() for t, ok in zip(texts, flags)]


def fold_many(texts: list[str]) -> list[str]:
    """`fold(t)` for each text, the ASCII ones in bulk (see `folded_bytes`)."""
    return [f.decode() for f in folded_bytes(texts)]


def squash(text: str) -> str:
    """Collapse runs of whitespace (including NBSP) to one space."""
    return _SPACES.sub(" ", text).strip()
