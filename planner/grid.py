"""One day of the loaded schedules as a rooms-by-time grid: rooms across, time down.

Built from planner.timetable's slots (every timed talk, sorted by start, instants as
POSIX seconds).  The columns are the day's rooms in natural order ("Room 2" before
"Room 10"); when no talk of the day names a room, its tracks; failing those, its
sessions, those running at once side by side, lettered A, B … as the list letters
them.  A talk without a room (or track) sits in a last, unnamed column.  Two talks
that overlap in one room (a source's mistake, or tracks standing in for rooms) each
get a lane: the column splits in two, as a calendar's does, so a cell holds one talk.

The rows are time steps from the day's first start: the greatest common divisor of
the starts' minutes after midnight, clamped to 5..30 minutes (talks every 10 minutes
give 10-minute rows; talks on the hour, 30-minute ones).  A talk occupies every row
from the one holding its start to the one holding its last minute; a start between
two steps falls in the row above it.

Looking up a cell is a bisection in its column, so drawing a screenful of a day with
thousands of talks costs a few hundred lookups, and building the grid one sort.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from math import gcd
from zoneinfo import ZoneInfo

from .natural import natural_key
from .timetable import Slot, Timetable

MIN_STEP, MAX_STEP = 5, 30  # minutes per row
_DAY = 24 * 60


@dataclass(frozen=True, slots=True)
class Placed:
    """A talk in the grid: its slot, and the first and last rows it occupies."""

    slot: Slot
    first: int
    last: int


@dataclass
class Column:
    """A room (or track, or session), or one lane of it when its talks overlap."""

    label: str  # "" for talks that name none
    lane: int = 0
    lanes: int = 1
    talks: list[Placed] = field(default_factory=list)  # by first row; never overlapping
    _firsts: list[int] = field(default_factory=list, repr=False)

    def index_at(self, row: int) -> int:
        """The position in `talks` of the talk occupying `row`; -1 when none does."""
        i = bisect_right(self._firsts, row) - 1
        return i if i >= 0 and self.talks[i].last >= row else -1

    def at(self, row: int) -> Placed | None:
        """The talk occupying `row`, if any."""
        i = self.index_at(row)
        return self.talks[i] if i >= 0 else None

    def after(self, row: int) -> Placed | None:
        """The first talk starting below `row`."""
        i = bisect_right(self._firsts, row)
        return self.talks[i] if i < len(self.talks) else None

    def before(self, row: int) -> Placed | None:
        """The last talk starting above `row`."""
        i = bisect_left(self._firsts, row) - 1
        return self.talks[i] if i >= 0 else None


@dataclass
class DayGrid:
    day: date
    by: str  # what the columns are: "room", "track" or "session"
    origin: float  # the first row's start (POSIX seconds)
    step: int  # seconds per row
    rows: int
    columns: list[Column]
    zone: ZoneInfo

    def row_start(self, row: int) -> datetime:
        return datetime.fromtimestamp(self.origin + row * self.step, self.zone)

    def at(self, column: int, row: int) -> Placed | None:
        if not 0 <= column < len(self.columns):
            return None
        return self.columns[column].at(row)

    def find(self, talk_id: str) -> tuple[int, int] | None:
        """(column, first row) of a talk on this day."""
        for c, col in enumerate(self.columns):
            for p in col.talks:
                if p.slot.id == talk_id:
                    return c, p.first
        return None

    def row_of(self, at: float) -> int:
        """The row holding instant `at`, within the grid."""
        return max(0, min(self.rows - 1, int((at - self.origin) // self.step)))

    @property
    def talk_count(self) -> int:
        return sum(len(c.talks) for c in self.columns)


def days_of(tables: Iterable[Timetable], zone: ZoneInfo) -> list[date]:
    """The days in `zone` on which a timed talk starts."""
    seen: set[date] = set()
    for table in tables:
        last_day_end = None
        for start in table.starts:
            if last_day_end is not None and start < last_day_end:
                continue  # still the day just counted: skip to the next day's talks
            day = datetime.fromtimestamp(start, zone).date()
            seen.add(day)
            last_day_end = _bounds(day, zone)[1]
    return sorted(seen)


def _bounds(day: date, zone: ZoneInfo) -> tuple[float, float]:
    """The day's first and next day's first instant in `zone`."""
    start = datetime.combine(day, time(0), zone)
    end = datetime.combine(day + timedelta(days=1), time(0), zone)
    return start.timestamp(), end.timestamp()


def _slots_on(tables: Iterable[Timetable], day: date, zone: ZoneInfo) -> list[Slot]:
    lo, hi = _bounds(day, zone)
    out: list[Slot] = []
    for table in tables:
        out.extend(table.slots[bisect_left(table.starts, lo):bisect_left(table.starts, hi)])
    return out


def choose_step(minutes: Sequence[int]) -> int:
    """Minutes per row for talks starting `minutes` after midnight."""
    g = 0
    for m in minutes:
        g = gcd(g, m)
    return max(MIN_STEP, min(MAX_STEP, g or MAX_STEP))


def _label_field(slots: Sequence[Slot]) -> str:
    if any(s.room for s in slots):
        return "room"
    if any(s.track for s in slots):
        return "track"
    return "session"


def day_grid(tables: Iterable[Timetable], day: date, zone: ZoneInfo) -> DayGrid:
    """The grid of `day` (in `zone`) over the timetables' talks."""
    midnight, next_midnight = _bounds(day, zone)
    slots = _slots_on(tables, day, zone)
    by = _label_field(slots)
    if not slots:
        return DayGrid(day, by, midnight, MAX_STEP * 60, 0, [], zone)
    minutes = [int(s.start - midnight) // 60 for s in slots]
    step = choose_step(minutes) * 60
    first_start = min(s.start for s in slots)
    origin = midnight + (first_start - midnight) // step * step
    # A talk running past midnight (or a days-long one) is cut at the day's end.
    stop = min(max(s.end for s in slots), next_midnight)
    rows = max(1, int(-(-(stop - origin) // step)))

    placed = []
    for s in slots:
        first = int((s.start - origin) // step)
        last = max(first, min(rows - 1, int(-(-(s.end - origin) // step)) - 1))
        placed.append(Placed(s, first, last))
    by_label: dict[str, list[Placed]] = {}
    if by == "session":
        labels = _parallel_labels(placed)
        for p in placed:
            by_label.setdefault(labels[_session_key(p.slot)], []).append(p)
        order = sorted(by_label, key=lambda label: (len(label), label))  # A … Z, AA …
    else:
        for p in placed:
            by_label.setdefault(p.slot.room if by == "room" else p.slot.track, []).append(p)
        order = sorted(by_label, key=natural_key)

    columns: list[Column] = []
    for label in order:
        in_column = sorted(by_label[label], key=lambda p: (p.first, p.last, p.slot.title,
                                                           p.slot.id))
        lanes: list[list[Placed]] = []
        for p in in_column:  # each talk in the first lane that is free by its first row
            for lane in lanes:
                if lane[-1].last < p.first:
                    lane.append(p)
                    break
            else:
                lanes.append([p])
        for i, lane in enumerate(lanes):
            columns.append(Column(label, i, len(lanes), lane, [p.first for p in lane]))
    return DayGrid(day, by, origin, step, rows, columns, zone)


def _session_key(slot: Slot) -> str:
    return slot.session or "\0" + slot.id  # a standalone talk is a session of its own


def _parallel_labels(placed: list[Placed]) -> dict[str, str]:
    """Without rooms or tracks, sessions that run at once side by side: each session in
    the first column free from its first row, the columns lettered A, B … as the list
    letters parallel sessions (so a day of one session after another is one column)."""
    spans: dict[str, list[int]] = {}
    for p in placed:
        key = _session_key(p.slot)
        span = spans.get(key)
        if span is None:
            spans[key] = [p.first, p.last]
        else:
            span[0], span[1] = min(span[0], p.first), max(span[1], p.last)
    ends: list[int] = []  # the last row taken in each column so far
    out: dict[str, str] = {}
    for key in sorted(spans, key=lambda k: (spans[k][0], natural_key(k))):
        first, last = spans[key]
        free = next((i for i, end in enumerate(ends) if end < first), len(ends))
        if free == len(ends):
            ends.append(last)
        ends[free] = last
        out[key] = _letters(free)
    return out


def _letters(i: int) -> str:
    """A … Z, AA, AB …: letters, never read as a track's number."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out
