"""Every timed talk as a small row sorted by start: what `planner now` and the filters read.

A `Timetable` holds, per schedule, one `Slot` per timed talk (instants as POSIX
seconds, the room and track, falling back to the session's, the kind, a short line
of speakers) sorted by start, so "what is on at t" is a bisection.  Made from a parsed
`Schedule`, or read back from planner's cache folder: `planner now` on a 10,000-talk
program then neither parses nor loads the models (the parsed schedule, even cached,
costs most of a second; this file a few milliseconds).

The cache entry follows planner.search_store's rules: keyed by the file's real path,
the options, today's date and planner's own code; valid while the text and its
metadata keep their size, times and inode; sealed with a CRC-32; JSON only; anything
that does not check out is deleted and made again, never trusted, never fatal.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from . import cache

if TYPE_CHECKING:
    from .loader import LoadOptions
    from .model import Schedule

MAGIC = b"planner timetable 1\n"
SUFFIX = ".timetable"


class Slot(NamedTuple):
    """One timed talk.  `who` is its speakers' names joined by commas."""

    start: float
    end: float
    id: str
    title: str
    room: str
    track: str
    kind: str
    who: str
    estimated: bool
    session: str  # the session's title ("" for a standalone talk)


@dataclass
class Timetable:
    label: str
    timezone: str
    slots: list[Slot]  # by start, then room, then title
    starts: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.starts:
            self.starts = [s.start for s in self.slots]

    def running_at(self, at: float, longest: float) -> list[Slot]:
        """Slots with start <= at < end.  Only those starting in (at - longest, at] can
        be running, `longest` being the longest slot's length."""
        hi = bisect_right(self.starts, at)
        lo = bisect_right(self.starts, at - longest, 0, hi)
        return [s for s in self.slots[lo:hi] if s.end > at]

    def starting_after(self, at: float) -> list[Slot]:
        """The slots of the first start after `at` (one time slot: parallel talks)."""
        i = bisect_right(self.starts, at)
        if i == len(self.starts):
            return []
        first = self.starts[i]
        j = bisect_right(self.starts, first, i)
        return self.slots[i:j]

    def longest(self) -> float:
        return max((s.end - s.start for s in self.slots), default=0.0)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "timezone": self.timezone,
                "slots": [list(s) for s in self.slots]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Timetable:
        return cls(data["label"], data["timezone"], [Slot(*row) for row in data["slots"]])


def of_schedule(schedule: Schedule) -> Timetable:
    """The schedule's timed talks, a talk without a room of its own in its session's."""
    slots = []
    for s in schedule.sessions:
        session_title = "" if s.standalone else s.title
        for t in s.talks:
            if t.start is None or t.end is None:
                continue
            slots.append(Slot(
                t.start.timestamp(), t.end.timestamp(), t.id, t.title,
                t.location or s.location or "", t.track or s.track or "",
                (t.kind or s.kind).value, ", ".join(p.name for p in t.speakers),
                bool(t.estimated or t.end_estimated or s.start_estimated), session_title))
    slots.sort(key=_slot_order)
    return Timetable(schedule.label, schedule.timezone, slots)


def _slot_order(s: Slot) -> tuple:
    from .natural import natural_key

    return (s.start, natural_key(s.room), s.title, s.id)


# -- kept in the cache folder ----------------------------------------------------------

def timetables(paths: list[str | Path], options: LoadOptions) -> list[Timetable]:
    """The timetables of the schedule files `paths`: each from the cache while the file
    is unchanged, else read (planner.loader) and kept for next time."""
    folder = cache.cache_dir()
    out = []
    for p in paths:
        signature = cache.file_signature(p) if folder is not None else None
        if folder is None or signature is None:
            out.append(of_schedule(_load(p, options)))
            continue
        where = cache.index_path(folder, p, options, SUFFIX)
        table = _read(where, signature)
        if table is None:
            table = of_schedule(_load(p, options))
            if cache.file_signature(p) == signature and cache.settled(signature):
                body = json.dumps({"signature": signature, "table": table.to_json()},
                                  ensure_ascii=False, separators=(",", ":"))
                cache.write_entry(where, cache.seal([body.encode("utf-8", "surrogatepass")],
                                                    MAGIC))
        out.append(table)
    return out


def _read(path: Path, signature: dict[str, Any]) -> Timetable | None:
    def parse(data: bytes, start: int) -> Timetable | None:
        body = json.loads(data[start:])
        return (Timetable.from_json(body["table"]) if body["signature"] == signature
                else None)  # a changed file: made again

    return cache.read_entry(path, MAGIC, parse)


def _load(path: str | Path, options: LoadOptions) -> Schedule:
    from .loader import load_schedule

    return load_schedule(path, options)
