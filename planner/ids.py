"""Stable, typeable ids derived from content.

A talk's id is a hash of the conference and its folded title (or, for an untitled
talk, its folded authors and abstract), so it survives re-parsing, re-wrapping,
case changes and a talk moving to another slot.  Picks refer to talks by these ids.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from .text import fold, folded_bytes

ID_LENGTH = 7  # 35 bits: collisions are rare below a million talks, and still handled

_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"  # RFC 4648 base32, lower-cased
# Two characters per 10 bits, low bits first, as a 5-bit loop would emit them.
_PAIRS = [_ALPHABET[i & 31] + _ALPHABET[i >> 5] for i in range(1024)]


def digest(*parts: str, length: int = ID_LENGTH) -> str:
    """`length` (at most 8) base32 characters of a BLAKE2b hash of the parts."""
    return _hashed("\x1f".join(parts).encode("utf-8"), length)


def _hashed(data: bytes, length: int = ID_LENGTH) -> str:
    n = int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")
    out = _PAIRS[n & 1023] + _PAIRS[(n >> 10) & 1023] + _PAIRS[(n >> 20) & 1023] + \
        _PAIRS[(n >> 30) & 1023]
    return out[:length]


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
    return _hashed_all([prefix + f for f in (folded_bytes(titles) if folded is None else folded)])


def session_id(conference: str, kind: str, title: str, day: str) -> str:
    return "s" + digest("session", conference, kind, fold(title), day, length=ID_LENGTH - 1)


def session_ids(conference: str, sessions: list[tuple[str, str, str]],
                folded: list[bytes] | None = None) -> list[str]:
    """`session_id(conference, kind, title, day)` for many (kind, title, day), the titles
    folded in one go (`folded`: their `folded_bytes`, where the caller has them)."""
    head = "\x1f".join(("session", conference, "")).encode("utf-8")  # as `digest` joins
    if folded is None:
        folded = folded_bytes([title for _, title, _ in sessions])
    # (a program has a few kinds and days: each pair's bytes are made once)
    pairs: dict[tuple[str, str], tuple[bytes, bytes]] = {}
    data = []
    for (kind, _, day), f in zip(sessions, folded):
        pair = pairs.get((kind, day))
        if pair is None:
            pair = pairs[kind, day] = (head + kind.encode("utf-8") + b"\x1f",
                                       b"\x1f" + day.encode("utf-8"))
        data.append(pair[0] + f + pair[1])
    return _hashed_all(data, ID_LENGTH - 1, "s")


def _hashed_all(data: list[bytes], length: int = ID_LENGTH, head: str = "") -> list[str]:
    """`head + _hashed(d, length)` for each, in one loop (a Python call per id cost about
    as much as its hash)."""
    blake2b, from_bytes, pairs = hashlib.blake2b, int.from_bytes, _PAIRS
    out = []
    for d in data:
        n = from_bytes(blake2b(d, digest_size=8).digest(), "big")
        out.append(head + (pairs[n & 1023] + pairs[(n >> 10) & 1023] + pairs[(n >> 20) & 1023]
                           + pairs[(n >> 30) & 1023])[:length])
    return out


class IdAllocator:
    """Hands out ids, disambiguating the rare duplicate (the same title twice)."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def claim(self, base: str) -> str:
        n = self.seen.get(base, 0) + 1
        self.seen[base] = n
        return base if n == 1 else f"{base}-{n}"

    def claim_all(self, bases: Iterable[str]) -> list[str]:
        """`claim` of each base in turn (a loop here, not a method call per id)."""
        seen = self.seen
        out = []
        for base in bases:
            n = seen.get(base, 0) + 1
            seen[base] = n
            out.append(base if n == 1 else f"{base}-{n}")
        return out
