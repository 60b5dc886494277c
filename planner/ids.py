"""Stable, typeable ids derived from content.

A talk's id is a hash of the conference and its folded title (or, for an untitled
talk, its folded authors and abstract), so it survives re-parsing, re-wrapping,
case changes and a talk moving to another slot.  Picks refer to talks by these ids.
"""

from __future__ import annotations

import hashlib

from .text import fold

ID_LENGTH = 7  # 35 bits: collisions are rare below a million talks, and still handled


_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"  # RFC 4648 base32, lower-cased


def digest(*parts: str, length: int = ID_LENGTH) -> str:
    """`length` base32 characters of a BLAKE2b hash of the parts."""
    h = hashlib.blake2b("\x1f".join(parts).encode("utf-8"), digest_size=8).digest()
    n = int.from_bytes(h, "big")
    chars = []
    for _ in range(length):
        chars.append(_ALPHABET[n & 31])
        n >>= 5
    return "".join(chars)


def conference_key(conference: str, year: int | None) -> str:
    key = fold(conference)
    if year and str(year) not in key:
        key = f"{key} {year}"
    return key


def talk_id(conference: str, title: str | None, speakers: list[str], abstract: str) -> str:
    if title:
        return digest("talk", conference, fold(title))
    return digest("talk", conference, fold(" ".join(speakers)), fold(abstract)[:2000])


def session_id(conference: str, kind: str, title: str, day: str) -> str:
    return "s" + digest("session", conference, kind, fold(title), day, length=ID_LENGTH - 1)


class IdAllocator:
    """Hands out ids, disambiguating the rare duplicate (the same title twice)."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def claim(self, base: str) -> str:
        n = self.seen.get(base, 0) + 1
        self.seen[base] = n
        return base if n == 1 else f"{base}-{n}"
