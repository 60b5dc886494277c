"""Natural order for labels people number: "Track 2" before "Track 10", "Room B.1"
before "Room B.12".  Digits compare as numbers, the rest case- and accent-blind."""

from __future__ import annotations

import re

from .text import fold

_PARTS = re.compile(r"(\d+)")


def natural_key(text: str | None) -> tuple:
    """A sort key: runs of digits as numbers, the rest folded; None and "" sort last."""
    if not text:
        return ((2, ""),)
    out = []
    for i, part in enumerate(_PARTS.split(fold(text))):
        if i % 2:
            out.append((0, int(part)))
        elif part:
            out.append((1, part))
    return tuple(out)
