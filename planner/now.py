"""What is on now and what comes next, my picks first: pure, over `planner.timetable`.

"Now" is every talk running at the instant asked about (start <= at < end).  "Next"
is every talk of the first time slot that starts after it (the parallel talks of the
next slot), and, when my next pick starts later than that slot, my next pick too, so
the answer always says where I am going next.  Within each list my musts come first,
then my maybes, then the rest; each by start, room (naturally: Room 2 before Room 10)
and title.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .natural import natural_key
from .timetable import Slot, Timetable

_RANK = {"must": 0, "maybe": 1}


@dataclass(frozen=True)
class Entry:
    slot: Slot
    schedule: str  # the schedule's label
    level: str | None  # "must" / "maybe" when picked
    note: str = ""


@dataclass(frozen=True)
class NowNext:
    at: float
    now: list[Entry]
    next: list[Entry]
    first: float | None  # the earliest start of any loaded talk (None: no timed talk)
    last: float | None  # the latest end


def _order(e: Entry) -> tuple:
    return (_RANK.get(e.level or "", 2), e.slot.start, natural_key(e.slot.room),
            e.slot.title, e.slot.id)


def now_and_next(tables: Sequence[Timetable], at: float,
                 picks: Mapping[str, tuple[str, str]] | None = None,
                 only_picks: bool = False) -> NowNext:
    """Running at `at` and starting next; `picks` maps talk id -> (level, note).
    With `only_picks`, only picks: those running, and those of my next pick's slot."""
    picks = picks or {}
    if only_picks:
        tables = [Timetable(t.label, t.timezone, [s for s in t.slots if s.id in picks])
                  for t in tables]

    def entry(table: Timetable, s: Slot) -> Entry:
        level, note = picks.get(s.id, (None, ""))
        return Entry(s, table.label, level, note)

    now: list[Entry] = []
    upcoming: list[Entry] = []
    for table in tables:
        now += [entry(table, s) for s in table.running_at(at, table.longest())]
        upcoming += [entry(table, s) for s in table.starting_after(at)]
    soonest = min((e.slot.start for e in upcoming), default=None)
    upcoming = [e for e in upcoming if e.slot.start == soonest]
    if picks and not any(e.level for e in upcoming):
        mine = _next_pick(tables, at, picks)
        if mine is not None and all(e.slot.id != mine.slot.id for e in now):
            upcoming.append(mine)
    firsts = [t.slots[0].start for t in tables if t.slots]
    lasts = [max(s.end for s in t.slots) for t in tables if t.slots]
    return NowNext(at, sorted(now, key=_order), sorted(upcoming, key=_order),
                   min(firsts, default=None), max(lasts, default=None))


def _next_pick(tables: Sequence[Timetable], at: float,
               picks: Mapping[str, tuple[str, str]]) -> Entry | None:
    """My first pick starting after `at`, musts before maybes at the same time."""
    found = [Entry(s, table.label, *picks[s.id]) for table in tables
             for s in table.slots[bisect_right(table.starts, at):] if s.id in picks]
    return min(found, key=lambda e: (e.slot.start, _order(e)), default=None)
