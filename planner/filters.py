"""Narrowing the talks shown: by track, room, kind, day, my picks, hiding what is over,
and only what fits the free time of my day.  Pure, over `planner.timetable` slots.

Track, room and kind match case- and accent-blind, a part of the name being enough
("k.1" finds "K.1.105"); several values of one filter are alternatives (--room A
--room B: either room), different filters must all hold.  A track is the talk's or
its session's track, else the session's title (a program's parallel sessions are
its tracks).  A talk without a time has no room, day or slot: only "my picks" and
"hide past" (which keeps it: it is never over) apply to it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from itertools import accumulate
from zoneinfo import ZoneInfo

from .text import fold
from .timetable import Slot, Timetable


@dataclass(frozen=True)
class TalkFilter:
    tracks: tuple[str, ...] = ()
    rooms: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    day: date | None = None  # in `zone`
    zone: ZoneInfo | None = None
    picked: frozenset[str] | None = None  # only these talk ids
    after: float | None = None  # hide past: only talks still running or to come then
    # Only talks that fit my free time: these (start, end) spans are taken (my musts and
    # busy events), sorted by start.
    taken: tuple[tuple[float, float], ...] | None = None
    _folded: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._folded.update(tracks=[fold(t) for t in self.tracks],
                            rooms=[fold(r) for r in self.rooms],
                            kinds=[fold(k) for k in self.kinds],
                            starts=[a for a, _ in self.taken or ()],
                            reach=list(accumulate((b for _, b in self.taken or ()), max)))

    @property
    def active(self) -> bool:
        return bool(self.tracks or self.rooms or self.kinds or self.day is not None
                    or self.picked is not None or self.after is not None
                    or self.taken is not None)

    @property
    def needs_time(self) -> bool:
        """Whether only timed talks can pass."""
        return bool(self.tracks or self.rooms or self.kinds or self.day is not None
                    or self.taken is not None)

    def describe(self) -> list[str]:
        """What is active, one short phrase each: for the CLI's heading and the TUI bar."""
        out = [f"track {' or '.join(self.tracks)}"] if self.tracks else []
        if self.rooms:
            out.append(f"room {' or '.join(self.rooms)}")
        if self.kinds:
            out.append(f"kind {' or '.join(self.kinds)}")
        if self.day is not None:
            out.append(f"{self.day:%a} {self.day.day} {self.day:%b}")
        if self.picked is not None:
            out.append("my picks")
        if self.after is not None:
            out.append("hiding past talks")
        if self.taken is not None:
            out.append("free slots only")
        return out

    def without(self, name: str) -> TalkFilter:
        """This filter with one of its parts (a field name) turned off."""
        empty = () if name in ("tracks", "rooms", "kinds") else None
        return replace(self, **{name: empty}, _folded={})

    # -- judging ----------------------------------------------------------------------

    def keeps(self, s: Slot) -> bool:
        if self.picked is not None and s.id not in self.picked:
            return False
        if self.after is not None and s.end <= self.after:
            return False
        f = self._folded
        if f["tracks"] and not _any_in(f["tracks"], s.track or s.session):
            return False
        if f["rooms"] and not _any_in(f["rooms"], s.room):
            return False
        if f["kinds"] and fold(s.kind) not in f["kinds"]:
            return False
        if self.day is not None and datetime.fromtimestamp(
                s.start, self.zone).date() != self.day:
            return False
        if self.taken is not None and _overlaps(f["starts"], f["reach"], s.start, s.end):
            return False
        return True

    def keeps_untimed(self, talk_id: str) -> bool:
        if self.needs_time:
            return False
        return self.picked is None or talk_id in self.picked

    def ids(self, tables: Sequence[Timetable], untimed: Iterable[str] = ()) -> set[str]:
        """The ids of the timed talks of `tables`, and of the `untimed` ids, it keeps."""
        kept = {s.id for t in tables for s in t.slots if self.keeps(s)}
        kept.update(i for i in untimed if self.keeps_untimed(i))
        return kept


def _any_in(needles: list[str], text: str) -> bool:
    if not text:
        return False
    hay = fold(text)
    return any(n in hay for n in needles)


def _overlaps(starts: list[float], reach: list[float], start: float, end: float) -> bool:
    """Whether (start, end) overlaps a taken span by more than nothing: some span that
    starts before `end` ends after `start`.  `reach[i]` is the latest end among the
    first i + 1 spans (sorted by start), so one bisection answers."""
    i = bisect_left(starts, end)
    return i > 0 and reach[i - 1] > start


def taken_spans(tables: Sequence[Timetable], musts: Iterable[str],
                busy: Iterable[tuple[float, float]] = ()) -> tuple[tuple[float, float], ...]:
    """The time my must picks (by id) and busy events take, sorted: for `taken`."""
    wanted = set(musts)
    spans = [(s.start, s.end) for t in tables for s in t.slots if s.id in wanted]
    spans += list(busy)
    return tuple(sorted(spans))


# -- typed filters (the TUI's filter box) ----------------------------------------------

FILTER_WORDS = "track:TEXT room:TEXT kind:KIND day:DAY picks past free"


@dataclass(frozen=True)
class FilterSpec:
    """A filter as the user typed it, before it is applied to a zone, picks and a clock."""

    tracks: tuple[str, ...] = ()
    rooms: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    day: str | None = None
    picks: bool = False
    past: bool = False  # hide past talks
    free: bool = False

    def words(self) -> str:
        """The spec as words that `parse_words` reads back."""
        def quoted(v: str) -> str:
            return f'"{v}"' if " " in v else v

        out = [f"track:{quoted(t)}" for t in self.tracks]
        out += [f"room:{quoted(r)}" for r in self.rooms]
        out += [f"kind:{quoted(k)}" for k in self.kinds]
        if self.day:
            out.append(f"day:{self.day}")
        out += [w for w, on in (("picks", self.picks), ("past", self.past),
                                ("free", self.free)) if on]
        return " ".join(out)


def parse_words(text: str) -> FilterSpec:
    """`track:rust room:"main hall" picks past` as a spec; ValueError names what is
    not understood, in a sentence for the user."""
    import shlex

    try:
        words = shlex.split(text)
    except ValueError:
        raise ValueError("A quote is not closed.") from None
    parts: dict[str, list[str]] = {"track": [], "room": [], "kind": [], "day": []}
    flags = {"picks": False, "past": False, "free": False}
    for word in words:
        key, sep, value = word.partition(":")
        key = key.lower()
        if sep and key in parts and value.strip():
            parts[key].append(value.strip())
        elif not sep and key in flags:
            flags[key] = True
        else:
            raise ValueError(f"“{word}” is not a filter; use {FILTER_WORDS}.")
    if len(parts["day"]) > 1:
        raise ValueError("Give one day:DAY.")
    return FilterSpec(tuple(parts["track"]), tuple(parts["room"]), tuple(parts["kind"]),
                      parts["day"][0] if parts["day"] else None, **flags)
