"""Stable, typeable ids derived from content.

A talk's id is a hash of the conference and its folded title (or, for an untitled
talk, its folded authors and abstract), so it survives re-parsing, re-wrapping,
case changes and a talk moving to another slot.  Picks refer to talks by these ids.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from .text import fold, folded_bytes

ID_LENGTH = 7  # 35 bits: collisions are rare below a million talks, and still handled

_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"  # RFC 4648 base32, lower-cased
# Two characters per 10 bits, low bits first, as a 5-bit loop would emit them.
_PAIRS = [_ALPHABET[i & 31] + _ALPHABET[i >> 5] for i in range(1024)]


def digest(*parts: str, length: int = ID_LENGTH) -> str:
    """`length` (at most 8) base32 characters of a BLAKE2b hash of the parts."""
    return _hashed("\x1f".join(parts).encode("utf-8"), length)


def _hashed(data: bytes, length: int = ID_LENGTH) -> str:
    return _characters(hashlib.blake2b(data, digest_size=8).digest())[:length]


def _characters(digest: bytes) -> str:
    """The eight characters of an 8-byte digest: its low 40 bits read big-endian, five
    bits at a time, lowest first."""
    n = int.from_bytes(digest, "big")
    return _PAIRS[n & 1023] + _PAIRS[(n >> 10) & 1023] + _PAIRS[(n >> 20) & 1023] + \
        _PAIRS[(n >> 30) & 1023]


def conference_key(conference: str, year: int | None) -> str:
    key = fold(conference)
    if year and str(year) not in key:
        key = f"{key} {year}"
    return key


def talk_id(
    conference: str, title: str | None, speakers: Iterable[str], abstract: str
) -> str:
    """From the folded title; an untitled talk from its folded authors and abstract."""
    if title:
        return digest("talk", conference, fold(title))
    return digest("talk", conference, fold(" ".join(speakers)), fold(abstract)[:2000])


def title_ids(conference: str, titles: list[str], folded: list[bytes] | None = None) -> list[str]:
    """`talk_id(conference, title, ...)` for many stated titles, folded in one go
    (`folded`: their `folded_bytes`, where the caller has them)."""
    prefix = "\x1f".join(("talk", conference, "")).encode("utf-8")  # as `digest` joins
    base = hashlib.blake2b(prefix, digest_size=8)
    copy = base.copy
    digests = []
    for f in folded_bytes(titles) if folded is None else folded:
        h = copy()
        h.update(f)
        digests.append(h.digest())
    return _encoded_all(digests)


def session_id(conference: str, kind: str, title: str, day: str) -> str:
    return "s" + digest("session", conference, kind, fold(title), day, length=ID_LENGTH - 1)


def session_ids(conference: str, sessions: list[tuple[str, str, str]],
                folded: list[bytes] | None = None) -> list[str]:
    """`session_id(conference, kind, title, day)` for many (kind, title, day), the titles
    folded in one go (`folded`: their `folded_bytes`, where the caller has them)."""
    head = "\x1f".join(("session", conference, "")).encode("utf-8")  # as `digest` joins
    if folded is None:
        folded = folded_bytes([title for _, title, _ in sessions])
    # (a program has a few kinds and days: each kind's hash of the bytes before the
    # title, and each day's bytes after it, are made once, and looked up only where the
    # kind or the day is not the last session's, most sessions following one of theirs)
    bases: dict[str, Any] = {}
    tails: dict[str, bytes] = {}
    digests = []
    last_kind = last_day = base = tail = None
    for (kind, _, day), f in zip(sessions, folded):
        if kind is not last_kind:
            last_kind, base = kind, bases.get(kind)
            if base is None:
                base = bases[kind] = hashlib.blake2b(head + kind.encode("utf-8") + b"\x1f",
                                                     digest_size=8)
        if day is not last_day:
            last_day, tail = day, tails.get(day)
            if tail is None:
                tail = tails[day] = b"\x1f" + day.encode("utf-8")
        h = base.copy()
        h.update(f + tail)
        digests.append(h.digest())
    return _encoded_all(digests, ID_LENGTH - 1, "s")


def _encoded_all(digests: list[bytes], length: int = ID_LENGTH, head: str = "") -> list[str]:
    """`head + ` the first `length` of each 8-byte digest's `_characters`, all in one go.
    Hashes are streamed from a copy of the hash of the bytes all ids share (making a
    BLAKE2b hash costs twice what copying one does); the characters of every id come out
    of a few operations on one integer.

    `_characters` writes the low 40 bits of the digest read big-endian, five bits at a
    time, lowest first.  The digests joined in reverse order, read as one big-endian
    integer, hold each digest in a 64-bit lane, the first lowest; three rounds of masks
    and shifts (`_SPREAD`) move each lane's eight groups of five bits into a byte each,
    lowest group in the lowest byte; the integer's bytes, lowest first, are then each
    id's groups in `_characters`' order, which one translation makes characters.  A loop
    per id (as base64's base32, a Python loop per five bytes) cost five times more."""
    if not digests:
        return []
    n = len(digests)
    lanes = int.from_bytes(b"".join(reversed(digests)), "big")
    for shift, gap, mask in _SPREAD:
        m = int.from_bytes(mask * n, "big")
        lanes = (lanes & m) | ((lanes >> shift) & m) << gap
    text = lanes.to_bytes(8 * n, "little").translate(_GROUP_LETTERS).decode("ascii")
    if head:
        return [head + text[k:k + length] for k in range(0, 8 * n, 8)]
    return [text[k:k + length] for k in range(0, 8 * n, 8)]


# (shift, gap, one lane's mask): a lane's low 40 bits, split in two 20-bit halves 32
# bits apart, each half in two 10-bit quarters 16 bits apart, each quarter in two 5-bit
# groups 8 bits apart (the bits above 40 are masked away in the first round)
_SPREAD = ((20, 32, (0xFFFFF).to_bytes(8, "big")),
           (10, 16, (0x3FF | 0x3FF << 32).to_bytes(8, "big")),
           (5, 8, (0x1F | 0x1F << 16 | 0x1F << 32 | 0x1F << 48).to_bytes(8, "big")))
# a group's value (0-31) -> its character
_GROUP_LETTERS = bytes.maketrans(bytes(range(32)), _ALPHABET.encode("ascii"))


def _encoded_each(digests: list[bytes], length: int = ID_LENGTH, head: str = "") -> list[str]:
    """`_encoded_all`'s plain twin: `_characters` of each digest in turn."""
    return [head + _characters(d)[:length] for d in digests]


class IdAllocator:
    """Hands out ids, disambiguating the rare duplicate (the same title twice)."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def claim(self, base: str) -> str:
        n = self.seen.get(base, 0) + 1
        self.seen[base] = n
        return base if n == 1 else f"{base}-{n}"

    def claim_all(self, bases: Iterable[str]) -> list[str]:
        """`claim` of each base in turn (a loop here, not a method call per id).  Bases
        that are all distinct and none claimed before (nearly always) are each their
        own id: told by one set, no loop."""
        seen = self.seen
        bases = list(bases)
        distinct = set(bases)
        if len(distinct) == len(bases) and seen.keys().isdisjoint(distinct):
            seen.update(dict.fromkeys(bases, 1))
            return bases
        out = []
        for base in bases:
            n = seen.get(base, 0) + 1
            seen[base] = n
            out.append(base if n == 1 else f"{base}-{n}")
        return out
