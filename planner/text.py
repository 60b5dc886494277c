"""Folding text for comparison (case, accents, punctuation and spacing), and making text
from a schedule safe to print on a terminal."""

from __future__ import annotations

import re
import unicodedata
from itertools import compress
from operator import not_

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
_NON_WORD_IN_LINE = re.compile(r"[^\w\n]+")


def folded_bytes(texts: list[str]) -> list[bytes]:
    """`fold(t).encode()` for each text, what hashing wants, done for all texts at once.

    The ASCII texts are joined by line feeds and folded by one byte translate; the
    others by one normalization and one substitution over all of them, which keep
    line feeds.  Three times faster than a `fold` per title; the same result (a text
    with a line feed of its own makes it fold them one by one).
    """
    flags = list(map(str.isascii, texts))
    easy = _fold_ascii(list(compress(texts, flags)))
    hard = _fold_unicode(list(compress(texts, map(not_, flags))))
    if easy is None or hard is None:
        return [fold(t).encode() for t in texts]
    if not hard:
        return easy
    ascii_folds, other_folds = iter(easy), map(str.encode, hard)
    return [next(ascii_folds) if ok else next(other_folds) for ok in flags]


def folded_by_text(texts: list[str]) -> dict[str, bytes]:
    """`fold(t).encode()` of each distinct text, keyed by the text: a text that repeats
    (a session and its one talk share their title) is folded once."""
    distinct = list(dict.fromkeys(texts))
    return dict(zip(distinct, folded_bytes(distinct)))


def _fold_ascii(texts: list[str]) -> list[bytes] | None:
    if not texts:
        return []
    folded = "\n".join(texts).encode("ascii").translate(_ASCII_FOLD)
    # Single-spaced over the whole text, where a split and a join per text cost a third
    # more (`: ` and ` - ` make the runs; each replace halves the longest); the blank
    # at either end of a line (`(Part 1)`) stripped line by line, a sixth fewer
    # instructions than two more replaces over the whole text
    while b"  " in folded:
        folded = folded.replace(b"  ", b" ")
    lines = folded.split(b"\n")
    return [line.strip(b" ") for line in lines] if len(lines) == len(texts) else None


def _fold_unicode(texts: list[str]) -> list[str] | None:
    if not texts:
        return []
    # As `fold`, over all texts: NFKD and marks dropped and case folding work a
    # character at a time; `_` joins the non-word runs as a blank would.
    text = _COMBINING.sub("", unicodedata.normalize("NFKD", "\n".join(texts)))
    lines = _NON_WORD_IN_LINE.sub(" ", text.casefold().replace("_", " ")).split("\n")
    return list(map(str.strip, lines)) if len(lines) == len(texts) else None


def fold_many(texts: list[str]) -> list[str]:
    """`fold(t)` for each text, done for all texts at once (see `folded_bytes`)."""
    return [f.decode() for f in folded_bytes(texts)]


def squash(text: str) -> str:
    """Collapse runs of whitespace (including NBSP) to one space."""
    return _SPACES.sub(" ", text).strip()


# What a terminal acts on instead of showing: C0 controls but tab and line feed (ESC
# starts the sequences that move the cursor, clear the screen, set the title or plant
# links), DEL, the C1 controls (U+009B is a one-character CSI), and the bidirectional
# embeddings, overrides and isolates that reorder the text after them.
_TERMINAL_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# Visible stand-ins of the same width: the control pictures (␛ for ESC, ␍ for CR) for
# C0 and DEL, the replacement character for the rest.
_STAND_INS = {c: 0x2400 + c for c in range(32)} | {0x7F: 0x2421}
_STAND_INS |= {c: 0xFFFD for c in (*range(0x80, 0xA0), *range(0x202A, 0x202F),
                                   *range(0x2066, 0x206A))}
del _STAND_INS[9], _STAND_INS[10]


def printable(text: str) -> str:
    """`text` with every character a terminal would act on shown as a visible stand-in,
    for all terminal output: a title holding an escape sequence prints as text."""
    if _TERMINAL_UNSAFE.search(text) is None:  # nearly always: one C-level scan
        return text
    return text.translate(_STAND_INS)


def printable_json(text: str) -> str:
    """JSON text with the same characters written as \\u escapes: the same data, but
    nothing a terminal acts on (json.dumps escapes C0 controls only)."""
    if _TERMINAL_UNSAFE.search(text) is None:
        return text
    return _TERMINAL_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
