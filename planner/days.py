"""Which calendar day the user means (an ISO date, a weekday name, or `today`), and what
is on it.

Days are days in the display zone: a remote attendee's Tuesday is what their clock
says, so sessions late in the conference's day may fall on their Wednesday.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from typing import TYPE_CHECKING

from . import clock
from .errors import PlannerError

if TYPE_CHECKING:
    from .model import Schedule, Session, Talk

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def local_day(dt: datetime, zone: ZoneInfo) -> date:
    return dt.astimezone(zone).date()


def schedule_days(
    schedules: list[Schedule], zone: ZoneInfo, only: set[str] | None = None
) -> list[date]:
    """Days with sessions in `zone`; with `only`, days with one of those talks."""
    if only is None:
        days = {local_day(s.start, zone) for sch in schedules for s in sch.sessions if s.start}
    else:
        days = {
            local_day(t.start, zone)
            for sch in schedules for s in sch.sessions for t in s.talks
            if t.id in only and t.start is not None
        }
    return sorted(days)


def today(zone: ZoneInfo) -> date:
    return clock.now().astimezone(zone).date()


def _describe(days: list[date]) -> str:
    if not days:
        return "the schedule has no timed sessions"
    shown = ", ".join(f"{d:%a} {d.isoformat()}" for d in days[:7])
    more = f" and {len(days) - 7} more" if len(days) > 7 else ""
    return f"the schedule has {shown}{more}"


def resolve_day(spec: str | None, days: list[date], zone: ZoneInfo) -> date:
    """The day `spec` names among `days`; without a spec, today if listed, else the first."""
    if not days:
        raise PlannerError("The loaded schedules have no timed sessions to show by day.")
    if spec is None:
        t = today(zone)
        return t if t in days else days[0]
    text = spec.strip().lower()
    if text == "today":
        wanted = today(zone)
        if wanted not in days:
            raise PlannerError(f"Nothing is scheduled today ({wanted.isoformat()}); {_describe(days)}.")
        return wanted
    if text == "tomorrow":
        raise PlannerError("Use an ISO date or a weekday name for --day, not 'tomorrow'.")
    matches = [i for i, name in enumerate(_WEEKDAYS) if len(text) >= 2 and name.startswith(text)]
    if len(matches) == 1:
        for d in days:
            if d.weekday() == matches[0]:
                return d
        raise PlannerError(f"Nothing is scheduled on a {_WEEKDAYS[matches[0]].title()}; {_describe(days)}.")
    try:
        wanted = date.fromisoformat(text)
    except ValueError:
        raise PlannerError(
            f"Unknown day {spec!r}; use an ISO date (2021-04-06), a weekday name or 'today'."
        ) from None
    if wanted not in days:
        raise PlannerError(f"Nothing is scheduled on {wanted.isoformat()}; {_describe(days)}.")
    return wanted


def sessions_on(schedules: list[Schedule], day: date, zone: ZoneInfo) -> list[tuple[Schedule, Session]]:
    """Sessions starting on `day` in `zone`, in time order (parallel ones by title, in
    natural order: Track 2 before Track 10)."""
    out = [
        (sch, s)
        for sch in schedules
        for s in sch.sessions
        if s.start is not None and local_day(s.start, zone) == day
    ]
    out.sort(key=lambda p: parallel_order(p[0], p[1]))
    return out


@dataclass(frozen=True)
class DayAgenda:
    day: date
    zone: ZoneInfo
    entries: list[tuple[Schedule, Session, list[Talk]]]

    @property
    def conferences(self) -> list[str]:
        seen: list[str] = []
        for sch, _, _ in self.entries:
            if sch.label not in seen:
                seen.append(sch.label)
        return seen


def build_day(
    schedules: list[Schedule], day: date, zone: ZoneInfo, only: set[str] | None = None
) -> DayAgenda:
    """The day's sessions; with `only`, just the talks whose ids are in it."""
    if only is None:
        entries = [(sch, s, s.talks) for sch, s in sessions_on(schedules, day, zone)]
        return DayAgenda(day, zone, entries)
    # A pick belongs to the day its own start falls on, even if its session began the
    # evening before in the display zone.
    entries = []
    for sch in schedules:
        for s in sch.sessions:
            talks = [t for t in s.talks
                     if t.id in only and t.start and local_day(t.start, zone) == day]
            if talks:
                entries.append((sch, s, talks))
    entries.sort(key=lambda e: (e[2][0].start, e[0].label, e[1].title))
    return DayAgenda(day, zone, entries)


def parallel_order(schedule: Schedule, session: Session) -> tuple:
    """Sessions by start, then conference, then title read naturally (Track 2 before
    Track 10), then room."""
    from .natural import natural_key

    return (session.start, schedule.label, natural_key(session.title),
            natural_key(session.location))
