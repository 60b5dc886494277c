"""Resolving conflicts: for each pair of musts that overlap, what the user can do.

For every conflict (planner.levels: two musts, or a must and busy time) this gathers
the picks involved and their *repeats*: the same talk (same folded title, same
conference) given again at another time that the conflict does not cover.  Keeping
one pick turns the other musts of that conflict into maybes, so nothing is lost: they
stay as alternatives, in the agenda and in the calendar.  Pure, over clashes and talks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .levels import role
from .text import fold


@dataclass
class Conflict:
    clash: object  # planner.clashes.Clash
    picks: list[str]  # the talk ids involved (one when the other side is busy time)
    repeats: dict[str, list[str]] = field(default_factory=dict)  # id -> ids of its repeats


def conflicts(clashes: Iterable, levels: Mapping[str, str]) -> list:
    """The conflicts among `clashes` (each once), by start."""
    seen, out = set(), []
    for c in clashes:
        key = (c.a.key, c.b.key, c.start)
        if key in seen or role(c, levels) != "conflict":
            continue
        seen.add(key)
        out.append(c)
    out.sort(key=lambda c: (c.start.timestamp(), c.a.key, c.b.key))
    return out


def with_options(found: Sequence, talks: Iterable) -> list[Conflict]:
    """Each conflict with its picks' repeats.  `talks`: (conference label, talk) of every
    loaded talk; a repeat is a talk of the same conference and title at another time
    that does not overlap the conflict."""
    by_title: dict[tuple[str, str], list] = defaultdict(list)
    for label, talk in talks:
        if talk.start is not None and talk.end is not None:
            by_title[(label, fold(talk.title))].append(talk)
    titles = {t.id: key for key, ts in by_title.items() for t in ts}
    out = []
    for c in found:
        ids = [side.key for side in (c.a, c.b) if side.kind == "talk"]
        repeats = {}
        for talk_id in ids:
            others = [t.id for t in by_title.get(titles.get(talk_id, ("", "")), ())
                      if t.id != talk_id and (t.end <= c.start or t.start >= c.end)]
            if others:
                repeats[talk_id] = others
        out.append(Conflict(c, ids, repeats))
    return out


def keep(conflict: Conflict, kept: str) -> list[str]:
    """The picks of `conflict` to make maybes when the user keeps `kept`: the others
    when it is one of the picks; the pick it repeats when it is a repeat (the other
    side of the conflict is then free to stay a must)."""
    for pick, repeats in conflict.repeats.items():
        if kept in repeats:
            return [pick]
    return [i for i in conflict.picks if i != kept]
