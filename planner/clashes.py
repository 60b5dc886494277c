"""Which picks overlap each other or the user's busy time: a sorted sweep, not all pairs.

Two intervals clash when they overlap by more than zero: a talk ending at 10:30 and
one starting at 10:30 do not clash.  Instants are compared as absolute times (POSIX
timestamps), never as wall clocks, so talks from schedules in different zones
compare correctly, and so do the two 01:30s of a DST fall-back night.  A clash
involving an estimated time is only a "possible" clash.

The sweep sorts intervals by start and keeps, per group, a heap of those still
running; each new interval is compared only with running ones it can clash with,
so the cost is O(n log n) plus the number of clashes found.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Literal

from .agenda import Agenda, ResolvedPick, resolve_picks
from .model import Schedule, Talk

IntervalKind = Literal["talk", "busy"]
ClashKind = Literal["clash", "possible"]


@dataclass(frozen=True, slots=True)
class Interval:
    """A span of time: a talk (key = talk id) or a busy event (key = uid + start)."""

    key: str
    label: str  # the talk's title or the busy event's summary
    start: datetime
    end: datetime
    estimated: bool = False
    kind: IntervalKind = "talk"
    start_ts: float = field(init=False, repr=False, compare=False)
    end_ts: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # timestamp() honours each value's own offset (and fold), unlike comparing
        # two datetimes that share a tzinfo, which compares their wall clocks.
        object.__setattr__(self, "start_ts", self.start.timestamp())
        object.__setattr__(self, "end_ts", self.end.timestamp())

    @property
    def ref(self) -> str:
        """How JSON names it: a talk by id, a busy event by its summary."""
        return self.key if self.kind == "talk" else self.label


@dataclass(frozen=True, slots=True)
class Clash:
    """`a` and `b` overlap for `overlap_minutes` (rounded up), from `start` to `end`.

    For a talk and a busy event, `a` is the talk; for two talks, `a` starts first.
    """

    a: Interval
    b: Interval
    kind: ClashKind
    overlap_minutes: int
    start: datetime
    end: datetime

    def other(self, key: str) -> Interval:
        return self.b if self.a.key == key else self.a

    def to_json(self, zone: tzinfo | None = None) -> dict:
        """`{"a", "b", "kind", "overlap_minutes", ...}`, times in `zone` when given."""
        start, end = (self.start, self.end) if zone is None else (
            self.start.astimezone(zone), self.end.astimezone(zone))
        return {
            "a": self.a.ref, "b": self.b.ref, "kind": self.kind,
            "overlap_minutes": self.overlap_minutes,
            "a_type": self.a.kind, "b_type": self.b.kind,
            "a_title": self.a.label, "b_title": self.b.label,
            "start": start.isoformat(), "end": end.isoformat(),
        }


def _clash(a: Interval, b: Interval) -> Clash | None:
    start, end = (a, b) if a.start_ts >= b.start_ts else (b, a)
    stop = a if a.end_ts <= b.end_ts else b
    seconds = stop.end_ts - start.start_ts
    if seconds <= 0:
        return None
    kind: ClashKind = "possible" if a.estimated or b.estimated else "clash"
    return Clash(a, b, kind, math.ceil(seconds / 60), start.start, stop.end)


# Groups an interval can belong to in a sweep, and which groups are compared.
PICK, BUSY, CANDIDATE = 0, 1, 2
_PARTNERS = {PICK: (PICK, BUSY, CANDIDATE), BUSY: (PICK, CANDIDATE), CANDIDATE: (PICK, BUSY)}


def _sweep(groups: dict[int, list[Interval]]) -> list[Clash]:
    """Clashes between intervals of partner groups (busy never meets busy)."""
    items = [(iv.start_ts, g, iv.key, iv) for g, ivs in groups.items() for iv in ivs
             if iv.end_ts > iv.start_ts]  # an empty interval overlaps nothing
    items.sort(key=lambda x: (x[0], x[1], x[2]))
    running: dict[int, list[tuple[float, int, Interval]]] = {g: [] for g in _PARTNERS}
    out: list[Clash] = []
    for seq, (start, group, _, iv) in enumerate(items):
        for g in _PARTNERS[group]:
            heap = running[g]
            while heap and heap[0][0] <= start:
                heapq.heappop(heap)
            for _, _, other in heap:
                a, b = _order(other, g, iv, group)
                clash = _clash(a, b)
                if clash is not None:
                    out.append(clash)
        heapq.heappush(running[group], (iv.end_ts, seq, iv))
    out.sort(key=_clash_order)
    return out


def _clash_order(c: Clash) -> tuple[float, str, str]:
    return (max(c.a.start_ts, c.b.start_ts), c.a.key, c.b.key)


def _order(first: Interval, g1: int, second: Interval, g2: int) -> tuple[Interval, Interval]:
    """Busy events go second; a candidate goes first; otherwise the earlier start."""
    if g1 == BUSY or g2 == CANDIDATE:
        return second, first
    return first, second


def find_clashes(picks: list[Interval], busy: list[Interval] | None = None) -> list[Clash]:
    """Every clash among `picks` and between a pick and a `busy` event."""
    return _sweep({PICK: picks, BUSY: busy or []})


def clashes_for(candidate: Interval, picks: list[Interval],
                busy: list[Interval] | None = None) -> list[Clash]:
    """What `candidate` would clash with if it were picked (itself excluded)."""
    out = [_clash(candidate, p) for p in picks if p.key != candidate.key]
    out += [_clash(candidate, b) for b in busy or []]
    found = [c for c in out if c is not None]
    found.sort(key=_clash_order)
    return found


def would_clash(candidates: list[Interval], picks: list[Interval],
                busy: list[Interval] | None = None) -> dict[str, list[Clash]]:
    """For many candidates at once (a TUI's whole list): key -> what it would clash with."""
    picked = {p.key for p in picks}
    out: dict[str, list[Clash]] = defaultdict(list)
    for clash in _sweep({CANDIDATE: [c for c in candidates if c.key not in picked],
                         PICK: picks, BUSY: busy or []}):
        if clash.a.key not in picked:  # pick-pick clashes come out of the sweep too
            out[clash.a.key].append(clash)
    return dict(out)


def by_key(clashes: list[Clash]) -> dict[str, list[Clash]]:
    """Each talk's clashes (a busy event's own key is left out)."""
    out: dict[str, list[Clash]] = defaultdict(list)
    for c in clashes:
        for side in (c.a, c.b):
            if side.kind == "talk":
                out[side.key].append(c)
    return dict(out)


# -- from schedules and the agenda ---------------------------------------------------

def talk_interval(talk: Talk) -> Interval | None:
    if talk.start is None or talk.end is None:
        return None
    return Interval(talk.id, talk.title, talk.start, talk.end, talk.estimated)


def pick_intervals(resolved: list[ResolvedPick]) -> list[Interval]:
    """Timed picks that still exist; untimed ones (a reading list) never clash."""
    return [
        Interval(r.id, r.title, r.start, r.end, r.estimated)  # type: ignore[arg-type]
        for r in resolved
        if r.status != "vanished" and r.start is not None and r.end is not None
    ]


def agenda_clashes(schedules: list[Schedule], agenda: Agenda,
                   busy: list[Interval] | None = None) -> list[Clash]:
    return find_clashes(pick_intervals(resolve_picks(schedules, agenda)), busy)


def clash_map(schedules: list[Schedule], agenda: Agenda,
              busy: list[Interval] | None = None) -> dict[str, list[Clash]]:
    """Picked talk id -> its clashes, for marking rows."""
    return by_key(agenda_clashes(schedules, agenda, busy))


def candidate_clash_map(schedules: list[Schedule], agenda: Agenda,
                        busy: list[Interval] | None = None) -> dict[str, list[Clash]]:
    """Unpicked talk id -> the picks and busy events it would clash with if picked."""
    picks = pick_intervals(resolve_picks(schedules, agenda))
    candidates = [iv for s in schedules for t in s.talks() if (iv := talk_interval(t))]
    return would_clash(candidates, picks, busy)
