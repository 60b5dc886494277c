"""The browser's rows as plain data: days, parallel-session slots, sessions, talks.

The schedule is grouped once into an outline (days -> time slots -> sessions ->
talks, then each schedule's unscheduled talks); `flatten` turns the outline into
the flat row list the virtualised list draws, keeping only matching talks and
their headings when a search is active.  No textual here, so this is cheap to test
and to time on 10,000 talks.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from itertools import groupby
from zoneinfo import ZoneInfo

from ..days import local_day, parallel_order
from ..model import Schedule, Session, Talk


class RowKind(str, Enum):
    DAY = "day"  # a calendar day in the display zone
    SLOT = "slot"  # several sessions starting at the same time (parallel tracks)
    SESSION = "session"
    TALK = "talk"
    SECTION = "section"  # a schedule's unscheduled papers and abstracts
    NOTE = "note"  # a clash under a talk in the agenda
    REMARK = "remark"  # a quieter line under a talk: "not loaded now", "vanished"
    EMPTY = "empty"  # "nothing matches" and similar


@dataclass(frozen=True, slots=True)
class Row:
    kind: RowKind
    text: str = ""
    schedule: Schedule | None = None
    session: Session | None = None
    talk: Talk | None = None
    day: date | None = None  # the day this row belongs to; None in unscheduled sections
    track: str = ""  # "A", "B" ... for sessions running in parallel
    count: int = 0  # sessions in a slot, talks in a section

    @property
    def selectable(self) -> bool:
        return self.kind in (RowKind.TALK, RowKind.SESSION)


@dataclass
class SessionBlock:
    """A session with its heading row and one prebuilt row per talk."""

    schedule: Schedule
    session: Session
    talks: list[Talk]
    track: str = ""
    heading: Row | None = None
    rows: list[Row] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)  # the talks' ids, beside their rows


@dataclass
class DayBlock:
    day: date
    slots: list[list[SessionBlock]] = field(default_factory=list)
    heading: Row = field(default_factory=lambda: Row(RowKind.DAY))


@dataclass
class Outline:
    """Everything the browser can show, grouped, with every row made once per zone.

    Rows are built here, not per search: a keystroke only chooses among them, which
    keeps filtering 10,000 talks to a few milliseconds.
    """

    days: list[DayBlock]
    unscheduled: list[tuple[Row, list[Row]]]  # (section heading, talk rows) per schedule
    _all: Rows | None = None


def _talk_order(talk: Talk, session: Session) -> tuple:
    start = talk.start or session.start
    return (start is None, start)


def build_outline(schedules: list[Schedule], zone: ZoneInfo) -> Outline:
    """Group every session by its day in `zone`, then by start time (parallel tracks)."""
    timed = [
        (sch, s) for sch in schedules for s in sch.sessions if s.start is not None
    ]
    # Same order as days.sessions_on: time, then conference, then title (naturally).
    timed.sort(key=lambda p: parallel_order(p[0], p[1]))
    days: list[DayBlock] = []
    for day, in_day in groupby(timed, key=lambda p: local_day(p[1].start, zone)):  # type: ignore[arg-type]
        block = DayBlock(day, heading=Row(RowKind.DAY, day=day))
        for _, in_slot in groupby(in_day, key=lambda p: p[1].start):
            sessions = [
                SessionBlock(sch, s, sorted(s.talks, key=lambda t, s=s: _talk_order(t, s)))
                for sch, s in in_slot
            ]
            for i, b in enumerate(sessions):
                b.track = _track_label(i, len(sessions)) if len(sessions) > 1 else ""
                # A standalone session is its one talk: shown as that talk's row alone.
                b.heading = None if b.session.standalone and b.talks else Row(
                    RowKind.SESSION, schedule=b.schedule, session=b.session, day=day,
                    track=b.track)
                b.rows = [Row(RowKind.TALK, schedule=b.schedule, session=b.session, talk=t,
                              day=day, track=b.track) for t in b.talks]
                b.ids = [t.id for t in b.talks]
            block.slots.append(sessions)
        days.append(block)
    unscheduled = [
        (Row(RowKind.SECTION, schedule=sch, count=len(sch.unscheduled)),
         [Row(RowKind.TALK, schedule=sch, talk=t) for t in sch.unscheduled])
        for sch in schedules if sch.unscheduled
    ]
    return Outline(days, unscheduled)


def _track_label(i: int, of: int = 26) -> str:
    """A, B … Z, then AA, AB … as spreadsheet columns: letters never read as a track
    number.  In a slot of more than 26 sessions every label has two letters (A is AA),
    so the labels of one slot keep one width."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if of <= len(letters):
        return letters[i]
    return letters[i // 26 % 26] + letters[i % 26] if of <= 26 * 26 else f"{i + 1:03d}"


class Rows(list):
    """The rows to draw, and where each day (or unscheduled section) starts: d/D stops."""

    stops: list[int]


def flatten(outline: Outline, keep: Collection[str] | None = None) -> Rows:
    """The rows to draw; with `keep` (talk ids), only those talks and their headings.

    Sessions without talks (opening remarks, a keynote slot) are shown in the full
    list but dropped while searching, since a search matches talks.
    """
    if keep is None:
        if outline._all is None:
            outline._all = _flatten(outline, None)
        rows = Rows(outline._all)
        rows.stops = outline._all.stops
        return rows
    return _flatten(outline, keep)


def _flatten(outline: Outline, keep: Collection[str] | None) -> Rows:
    rows = Rows()
    stops: list[int] = []
    for day_block in outline.days:
        day_rows: list[Row] = []
        for slot in day_block.slots:
            slot_rows: list[Row] = []
            shown = 0
            for b in slot:
                talks = b.rows if keep is None else [
                    r for r, talk_id in zip(b.rows, b.ids, strict=True) if talk_id in keep]
                if keep is not None and not talks:
                    continue
                shown += 1
                if b.heading is not None:
                    slot_rows.append(b.heading)
                slot_rows.extend(talks)
            if shown > 1:
                day_rows.append(Row(RowKind.SLOT, session=slot[0].session, day=day_block.day,
                                    count=shown))
            day_rows.extend(slot_rows)
        if day_rows:
            stops.append(len(rows))
            rows.append(day_block.heading)
            rows.extend(day_rows)
    for heading, talk_rows in outline.unscheduled:
        kept = talk_rows if keep is None else [r for r in talk_rows if r.talk.id in keep]  # type: ignore[union-attr]
        if not kept:
            continue
        if len(kept) != heading.count:
            heading = Row(RowKind.SECTION, schedule=heading.schedule, count=len(kept))
        stops.append(len(rows))
        rows.append(heading)
        rows.extend(kept)
    rows.stops = stops
    return rows


