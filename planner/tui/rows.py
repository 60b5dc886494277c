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

from ..days import local_day
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
    schedule: Schedule
    session: Session
    talks: list[Talk]
    track: str = ""


@dataclass
class DayBlock:
    day: date
    slots: list[list[SessionBlock]] = field(default_factory=list)


@dataclass
class Outline:
    """Everything the browser can show, grouped; built once per display zone."""

    days: list[DayBlock]
    unscheduled: list[tuple[Schedule, list[Talk]]]
    multi: bool  # more than one schedule loaded: label sessions with their conference

    @property
    def talk_count(self) -> int:
        timed = sum(len(b.talks) for d in self.days for slot in d.slots for b in slot)
        return timed + sum(len(talks) for _, talks in self.unscheduled)


def _talk_order(talk: Talk, session: Session) -> tuple:
    start = talk.start or session.start
    return (start is None, start)


def build_outline(schedules: list[Schedule], zone: ZoneInfo) -> Outline:
    """Group every session by its day in `zone`, then by start time (parallel tracks)."""
    timed = [
        (sch, s) for sch in schedules for s in sch.sessions if s.start is not None
    ]
    # Same order as days.sessions_on: time, then conference, then title.
    timed.sort(key=lambda p: (p[1].start, p[0].label, p[1].title))
    days: list[DayBlock] = []
    for day, in_day in groupby(timed, key=lambda p: local_day(p[1].start, zone)):  # type: ignore[arg-type]
        block = DayBlock(day)
        for _, in_slot in groupby(in_day, key=lambda p: p[1].start):
            sessions = [
                SessionBlock(sch, s, sorted(s.talks, key=lambda t, s=s: _talk_order(t, s)))
                for sch, s in in_slot
            ]
            if len(sessions) > 1:
                for i, b in enumerate(sessions):
                    b.track = _track_label(i)
            block.slots.append(sessions)
        days.append(block)
    unscheduled = [(sch, list(sch.unscheduled)) for sch in schedules if sch.unscheduled]
    return Outline(days, unscheduled, multi=len(schedules) > 1)


def _track_label(i: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i] if i < len(letters) else str(i + 1)


def flatten(outline: Outline, keep: Collection[str] | None = None) -> list[Row]:
    """The rows to draw; with `keep` (talk ids), only those talks and their headings.

    Sessions without talks (opening remarks, a keynote slot) are shown in the full
    list but dropped while searching, since a search matches talks.
    """
    rows: list[Row] = []
    append = rows.append
    for day_block in outline.days:
        day_rows: list[Row] = []
        for slot in day_block.slots:
            slot_rows: list[Row] = []
            shown = 0
            for b in slot:
                talks = b.talks if keep is None else [t for t in b.talks if t.id in keep]
                if keep is not None and not talks:
                    continue
                shown += 1
                slot_rows.append(Row(RowKind.SESSION, schedule=b.schedule, session=b.session,
                                     day=day_block.day, track=b.track))
                slot_rows.extend(
                    Row(RowKind.TALK, schedule=b.schedule, session=b.session, talk=t,
                        day=day_block.day, track=b.track)
                    for t in talks
                )
            if shown > 1:
                first = slot[0].session
                day_rows.append(Row(RowKind.SLOT, session=first, day=day_block.day, count=shown))
            day_rows.extend(slot_rows)
        if day_rows:
            append(Row(RowKind.DAY, day=day_block.day))
            rows.extend(day_rows)
    for sch, talks in outline.unscheduled:
        kept = talks if keep is None else [t for t in talks if t.id in keep]
        if not kept:
            continue
        append(Row(RowKind.SECTION, schedule=sch, count=len(kept)))
        rows.extend(Row(RowKind.TALK, schedule=sch, talk=t) for t in kept)
    return rows


def day_starts(rows: list[Row]) -> list[int]:
    """Indexes of the rows that start a day or an unscheduled section: d/D stops."""
    return [i for i, r in enumerate(rows) if r.kind in (RowKind.DAY, RowKind.SECTION)]
