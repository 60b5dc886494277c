"""The gap finder: the free time of my day between my musts (and busy events), and the
talks that fit in each gap.  Pure, over planner.timetable slots and the taken spans of
planner.filters (`taken_spans`), so `planner free` answers from the cached timetables
as `planner now` does, and the TUI from the same rows.

A day runs from its first talk's start to its last talk's end (in the display zone);
a gap is a stretch of it that no taken span touches, kept when a talk fits in it or it
is at least `min_gap` long; a talk fits a gap when it starts and ends inside it (the
"free" filter's rule: it overlaps nothing taken).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from .timetable import Slot, Timetable

MIN_GAP_SECONDS = 15 * 60  # shorter than any talk: not worth showing


@dataclass(frozen=True)
class Gap:
    start: float
    end: float
    fits: list[Slot]  # the talks wholly inside it, by start

    @property
    def minutes(self) -> int:
        return round((self.end - self.start) / 60)


@dataclass(frozen=True)
class FreeDay:
    day: date
    start: float  # the day's first talk starts
    end: float  # its last talk ends
    taken: list[tuple[float, float]]  # merged, clipped to the day
    gaps: list[Gap]


def _merged(spans: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def by_day(tables: Sequence[Timetable], zone: ZoneInfo) -> dict[date, list[Slot]]:
    """Every timed talk by its day in `zone`, each day's by start."""
    days: dict[date, list[Slot]] = {}
    for table in tables:
        for s in table.slots:
            days.setdefault(datetime.fromtimestamp(s.start, zone).date(), []).append(s)
    for slots in days.values():
        slots.sort(key=lambda s: (s.start, s.end, s.title))
    return dict(sorted(days.items()))


def free_day(day: date, slots: list[Slot], taken: Iterable[tuple[float, float]],
             min_gap: float = MIN_GAP_SECONDS) -> FreeDay:
    """The gaps of one day (`slots`: its talks by start) around the `taken` spans."""
    start = slots[0].start
    end = max(s.end for s in slots)
    busy = [(max(a, start), min(b, end)) for a, b in _merged(taken) if b > start and a < end]
    starts = [s.start for s in slots]
    gaps: list[Gap] = []
    edge = start
    for a, b in [*busy, (end, end)]:
        if a > edge:
            first = bisect_left(starts, edge)
            fits = [s for s in slots[first:bisect_left(starts, a)] if s.end <= a]
            if fits or a - edge >= min_gap:
                gaps.append(Gap(edge, a, fits))
        edge = max(edge, b)
    return FreeDay(day, start, end, busy, gaps)


def free_days(tables: Sequence[Timetable], taken: Sequence[tuple[float, float]],
              zone: ZoneInfo, days: Iterable[date] | None = None,
              min_gap: float = MIN_GAP_SECONDS) -> list[FreeDay]:
    """The free time of `days` (default: every day on which something is taken)."""
    slots = by_day(tables, zone)
    if days is None:
        wanted = [d for d, s in slots.items()
                  if any(a < max(x.end for x in s) and b > s[0].start for a, b in taken)]
    else:
        wanted = [d for d in days if d in slots]
    return [free_day(d, slots[d], taken, min_gap) for d in wanted]
