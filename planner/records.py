"""What the schedule's models do besides holding data, importable without pydantic.

The kinds of session and the models' derived properties (a talk's `timed`, a
session's `duration`, a schedule's `label`) live here, and planner.model's classes
take them from here.  So does planner.dayslices' reading of one day from the cache,
whose plain objects carry the same fields as the models: `planner agenda --day`
answers without importing pydantic (building the models' classes alone costs more
than the whole answer), and the views see the same properties either way.
"""

from __future__ import annotations

from datetime import timedelta, timezone
from enum import Enum


class SessionKind(str, Enum):
    REMARKS = "remarks"
    INVITED = "invited"
    KEYNOTE = "keynote"
    ORAL = "oral"
    SPOTLIGHT = "spotlight"
    POSTER = "poster"
    PANEL = "panel"
    TUTORIAL = "tutorial"
    WORKSHOP = "workshop"
    DEMO = "demo"
    SOCIAL = "social"
    BREAK = "break"
    SESSION = "session"  # a talk session whose kind the text does not say
    TALK = "talk"  # one presentation of its own (a contributed or sponsor talk, a frab event)
    OTHER = "other"  # registration, business meetings, hacking time, co-located events


class TalkRecord:
    """A talk's derived properties (fields: start, end, estimated, end_estimated)."""

    __slots__ = ()

    @property
    def timed(self) -> bool:
        return self.start is not None and self.end is not None  # type: ignore[attr-defined]

    @property
    def any_estimated(self) -> bool:
        """Whether any of its times is an estimate (a clash with it is only possible)."""
        return self.estimated or self.end_estimated  # type: ignore[attr-defined]


class SessionRecord:
    """A session's derived properties (fields: start, end, start_estimated,
    end_estimated)."""

    __slots__ = ()

    @property
    def estimated(self) -> bool:
        return self.start_estimated or self.end_estimated  # type: ignore[attr-defined]

    @property
    def duration(self) -> timedelta | None:
        start, end = self.start, self.end  # type: ignore[attr-defined]
        if start is None or end is None:
            return None
        # In one zone, `end - start` is wall-clock time: an hour off across a DST change.
        return end.astimezone(timezone.utc) - start.astimezone(timezone.utc)


class ScheduleRecord:
    """A schedule's derived properties (fields: conference, year, sessions)."""

    __slots__ = ()

    @property
    def label(self) -> str:
        """Conference name with its year, unless the name already has it."""
        conference, year = self.conference, self.year  # type: ignore[attr-defined]
        if year and str(year) not in conference:
            return f"{conference} {year}"
        return conference

    @property
    def has_sessions(self) -> bool:
        """Whether the text had a timetable (site schedules), not only a list of papers."""
        return bool(self.sessions)  # type: ignore[attr-defined]
