"""The user's own calendar (.ics exports) as busy time that picks can clash with.

Events are expanded with recurring-ical-events (RRULE, RDATE, EXDATE and moved
occurrences), only inside the window the schedules span, so a calendar holding
years of weekly meetings stays cheap.  Cancelled events and transparent ("free")
ones are not busy time.  All-day and floating events have no zone of their own;
they are read in the calendar's X-WR-TIMEZONE, else in the user's display zone.

icalendar and recurring_ical_events are imported inside functions: printing an
agenda or listing clashes without a busy calendar never loads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from .clashes import Interval
from .errors import PlannerError
from .model import Schedule
from .textio import read_bytes
from .zones import get_zone, local_zone_name

# Busy time just outside the conference still matters for talks at its edges, and
# the display day can differ from the schedule's day by up to a day either way.
WINDOW_MARGIN = timedelta(days=2)
# Properties whose damage makes an event's time unknowable.
_TIME_PROPERTIES = frozenset({"DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE",
                              "RECURRENCE-ID"})


@dataclass
class BusyCalendar:
    """One parsed busy file, and the events it had to skip (one sentence each)."""

    path: str
    calendar: Any  # icalendar.Calendar, with unusable events removed
    zone: tzinfo | None  # for all-day and floating events (None: the machine's zone)
    skipped: list[str] = field(default_factory=list)

    @property
    def event_count(self) -> int:
        return len(self.calendar.walk("VEVENT"))


def _read(path: str) -> str:
    data = read_bytes(path, label=f"Busy calendar {path}", kind="an .ics file")
    # RFC 5545 says UTF-8; old exports in another encoding still have readable times.
    return data.decode("utf-8-sig", errors="replace")


def _not_ical(name: str, why: str) -> PlannerError:
    return PlannerError(
        f"Busy calendar {name} is not an iCalendar file ({why}); export your calendar as .ics."
    )


def parse_busy(path: str, zone: tzinfo | None = None) -> BusyCalendar:
    """Read and parse one busy .ics; bad input raises one PlannerError sentence."""
    import icalendar

    name = str(path)
    text = _read(path)
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if first.upper() != "BEGIN:VCALENDAR":
        why = "it is empty" if not first else "it does not start with BEGIN:VCALENDAR"
        raise _not_ical(name, why)
    try:
        calendars = icalendar.Calendar.from_ical(text, multiple=True)
    except ValueError as exc:
        raise _not_ical(name, str(exc).split(":")[0].lower()) from None
    calendars = [c for c in calendars if c.name == "VCALENDAR"]
    if not calendars:
        raise _not_ical(name, "it ends before END:VCALENDAR")
    calendar = calendars[0]
    for extra in calendars[1:]:  # rare, but a concatenation of exports is still busy time
        calendar.subcomponents.extend(extra.subcomponents)
    skipped = _drop_unusable_events(calendar, name)
    return BusyCalendar(name, calendar, _calendar_zone(calendar) or zone, skipped)


def _local() -> ZoneInfo:
    return get_zone(local_zone_name())


def _calendar_zone(calendar: Any) -> ZoneInfo | None:
    declared = str(calendar.get("X-WR-TIMEZONE", "")).strip()
    if not declared:
        return None
    try:
        return get_zone(declared)
    except PlannerError:
        return None


def _drop_unusable_events(calendar: Any, name: str) -> list[str]:
    """Remove events whose time cannot be read, returning one sentence for each."""
    skipped: list[str] = []
    kept = []
    for comp in calendar.subcomponents:
        if comp.name == "VEVENT":
            problem = _time_problem(comp)
            if problem:
                summary = str(comp.get("SUMMARY", "")).strip() or str(comp.get("UID", "?"))
                skipped.append(f"Busy calendar {name}: event {summary!r} skipped ({problem}).")
                continue
        kept.append(comp)
    calendar.subcomponents[:] = kept
    return skipped


def _time_problem(event: Any) -> str | None:
    if "DTSTART" not in event:
        return "it has no start time"
    for prop, message in event.errors:
        if prop in _TIME_PROPERTIES:
            return f"{prop}: {message}"
    return None


def _is_busy(event: Any) -> bool:
    status = str(event.get("STATUS", "")).strip().upper()
    transp = str(event.get("TRANSP", "")).strip().upper()
    return status != "CANCELLED" and transp != "TRANSPARENT"


def _instant(value: date | datetime, zone: tzinfo) -> datetime:
    if not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day, tzinfo=zone)
    if value.tzinfo is None or value.utcoffset() is None:
        return value.replace(tzinfo=zone)
    return value


def expand(busy: BusyCalendar, window_start: datetime, window_end: datetime) -> list[Interval]:
    """The calendar's busy occurrences that touch [window_start, window_end]."""
    import recurring_ical_events

    zone = busy.zone or _local()  # looked up only when needed: it asks the OS
    try:
        occurrences = recurring_ical_events.of(busy.calendar).between(
            window_start.astimezone(zone), window_end.astimezone(zone)
        )
    except (ValueError, KeyError, TypeError) as exc:
        raise PlannerError(
            f"Busy calendar {busy.path} has a recurrence planner cannot expand ({exc})."
        ) from None
    out = []
    for event in occurrences:
        if not _is_busy(event):
            continue
        start = _instant(event.start, zone)
        try:
            end = _instant(event.end, zone)
        except Exception:  # icalendar raises its own IncompleteComponent here
            end = start
        summary = str(event.get("SUMMARY", "")).strip() or "(busy)"
        uid = str(event.get("UID", "")).strip() or summary
        out.append(Interval(f"busy:{uid}:{start.isoformat()}", summary, start, end,
                            kind="busy"))
    out.sort(key=lambda iv: (iv.start_ts, iv.key))
    return out


def load_busy(paths: list[str], window_start: datetime, window_end: datetime,
              zone: tzinfo | None = None, warnings: list[str] | None = None) -> list[Interval]:
    """Busy intervals from `paths` inside the window (which callers widen by a margin).

    `zone` reads all-day and floating events of calendars that declare no zone of
    their own; events whose time is unreadable are skipped and described in `warnings`.
    """
    out: list[Interval] = []
    for path in paths:
        busy = parse_busy(path, zone)
        if warnings is not None:
            warnings.extend(busy.skipped)
        out.extend(expand(busy, window_start, window_end))
    return out


def busy_window(schedules: list[Schedule],
                extra: list[datetime] | None = None) -> tuple[datetime, datetime] | None:
    """The span of every timed talk (and `extra` instants), widened by WINDOW_MARGIN."""
    instants = [x for s in schedules for t in s.talks() for x in (t.start, t.end) if x]
    instants += extra or []
    if not instants:
        return None
    lo = min(instants, key=lambda d: d.timestamp())
    hi = max(instants, key=lambda d: d.timestamp())
    return lo - WINDOW_MARGIN, hi + WINDOW_MARGIN
