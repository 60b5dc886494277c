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
from datetime import datetime, tzinfo
from typing import Literal, NamedTuple

from .gcpause import gc_paused
from .model import Talk

IntervalKind = Literal["talk", "busy"]
ClashKind = Literal["clash", "possible"]


class Interval:
    """A span of time: a talk (key = talk id) or a busy event (key = uid + start).

    Treat it as immutable.  A plain slotted class rather than a frozen dataclass:
    building 15,000 of them is a measurable part of a TUI refresh otherwise.
    """

    __slots__ = ("key", "label", "start", "end", "estimated", "kind", "start_ts", "end_ts")

    def __init__(self, key: str, label: str, start: datetime, end: datetime,
                 estimated: bool = False, kind: IntervalKind = "talk") -> None:
        self.key, self.label, self.start, self.end = key, label, start, end
        self.estimated, self.kind = estimated, kind
        # timestamp() honours each value's own offset (and fold), unlike comparing
        # two datetimes that share a tzinfo, which compares their wall clocks.
        self.start_ts = start.timestamp()
        self.end_ts = end.timestamp()

    @property
    def ref(self) -> str:
        """How JSON names it: a talk by id, a busy event by its summary."""
        return self.key if self.kind == "talk" else self.label

    def _fields(self) -> tuple:
        return (self.key, self.label, self.start_ts, self.end_ts, self.estimated, self.kind)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Interval) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Interval({self.key!r}, {self.label!r}, {self.start.isoformat()}, "
                f"{self.end.isoformat()}, estimated={self.estimated}, kind={self.kind!r})")


class Clash(NamedTuple):
    """`a` and `b` overlap for `overlap_minutes` (rounded up), from `start` to `end`.

    For a talk and a busy event, `a` is the talk; for a candidate (would it clash if
    picked?), `a` is the candidate; for two picks, `a` starts first.
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
    """The clash of `a` and `b` in that order, or None when they overlap by nothing."""
    start = a if a.start_ts >= b.start_ts else b
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
    with gc_paused():
        return _sweep_unpaused(groups)


def _sweep_unpaused(groups: dict[int, list[Interval]]) -> list[Clash]:
    """Clashes between intervals of partner groups (busy never meets busy).

    Intervals arrive by start; each meets the running intervals of its partner
    groups.  Every running one ends after the newcomer starts, and the newcomer
    starts no earlier than any of them, so each meeting is a clash that starts
    where the newcomer does: no test is needed, and the clashes come out ordered by
    start (then by the arrival order of the later interval, and the heap's order).
    This loop is the benchmark's hot path, hence the inlining.
    """
    # The index makes every tuple distinct, so the sort never compares Intervals.
    items = [(iv.start_ts, g, iv.key, i, iv) for g, ivs in groups.items()
             for i, iv in enumerate(ivs) if iv.end_ts > iv.start_ts]  # empty ones never clash
    items.sort()
    running: dict[int, list[tuple[float, int, Interval]]] = {g: [] for g in _PARTNERS}
    heappop, heappush, ceil = heapq.heappop, heapq.heappush, math.ceil
    new = tuple.__new__  # Clash(...) without the generated __new__'s Python frame
    out: list[Clash] = []
    append = out.append
    for seq, (start, group, key, _, iv) in enumerate(items):
        end_ts, estimated = iv.end_ts, iv.estimated
        for g in _PARTNERS[group]:
            heap = running[g]
            while heap and heap[0][0] <= start:
                heappop(heap)
            # Busy events go second and a candidate goes first; else the earlier start.
            new_first = g == BUSY or group == CANDIDATE
            for other_end, _, other in heap:
                stop, stop_ts = (other.end, other_end) if other_end <= end_ts else (iv.end, end_ts)
                kind = "possible" if estimated or other.estimated else "clash"
                minutes = ceil((stop_ts - start) / 60)
                if new_first:
                    append(new(Clash, (iv, other, kind, minutes, iv.start, stop)))
                else:
                    append(new(Clash, (other, iv, kind, minutes, iv.start, stop)))
        heappush(running[group], (end_ts, seq, iv))
    return out


def _clash_order(c: Clash) -> tuple[float, str, str]:
    return (max(c.a.start_ts, c.b.start_ts), c.a.key, c.b.key)


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


# -- from talks ---------------------------------------------------------------------

def talk_interval(talk: Talk) -> Interval | None:
    if talk.start is None or talk.end is None:
        return None
    return Interval(talk.id, talk.title, talk.start, talk.end, talk.any_estimated)
