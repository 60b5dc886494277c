"""Must and maybe: how much a pick matters, and what an overlap between picks means.

A pick is a *must* (the user means to go) or a *maybe* (worth going if nothing better
is on).  Only an overlap that leaves the user unable to keep a promise is a conflict:

* two musts overlapping, or a must overlapping busy time, is a **conflict**;
* a maybe overlapping anything (a must, another maybe, busy time) is an
  **alternative**: something to choose between on the day, not an error.

Pure functions over `planner.clashes.Clash` and a talk id -> level map; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # kept light: the TUI's state imports this before the agenda store
    from .clashes import Clash, Interval

Level = Literal["must", "maybe"]
Role = Literal["conflict", "alternative"]
LEVELS: tuple[Level, ...] = ("must", "maybe")
MUST: Level = "must"
MAYBE: Level = "maybe"
NO_LEVELS: Mapping[str, str] = {}  # every pick a must: clashes read as before levels


def next_level(level: Level | None) -> Level:
    """The level one key press gives: not picked -> must -> maybe -> must ..."""
    return MAYBE if level == MUST else MUST


def _is_maybe(side: Interval, levels: Mapping[str, str]) -> bool:
    return side.kind == "talk" and levels.get(side.key) == MAYBE


def role(clash: Clash, levels: Mapping[str, str]) -> Role:
    """A conflict when neither side is a maybe, else an alternative."""
    if _is_maybe(clash.a, levels) or _is_maybe(clash.b, levels):
        return "alternative"
    return "conflict"


def conflicts(clashes: Iterable[Clash], levels: Mapping[str, str]) -> list[Clash]:
    return [c for c in clashes if role(c, levels) == "conflict"]


def alternatives(clashes: Iterable[Clash], levels: Mapping[str, str]) -> list[Clash]:
    return [c for c in clashes if role(c, levels) == "alternative"]


def levels_of(picks: Mapping[str, object]) -> dict[str, str]:
    """Talk id -> level, from the agenda's picks (a missing level is a must)."""
    return {key: getattr(p, "level", MUST) or MUST for key, p in picks.items()}
