"""Wall-clock times that name two instants: the hour repeated when clocks go back.

On 7 Nov 2021 New York's clocks went from 01:59 EDT back to 01:00 EST, so "01:30"
happened twice.  A program that says "01:45-01:15" means the first 01:45 and the
second 01:15; read naively (both the first) the talk ends before it starts, and khal
and ics-py then reject the whole calendar.

The rule, stated once: a wall time is the first occurrence (as RFC 5545 3.3.5 says
for a DTSTART that occurs twice), unless that puts it before the time it follows in
the schedule (a talk's end before its start, a talk before the talk before it in its
session) while the second occurrence does not; then it is the second.  Every time
that was ambiguous is reported as a warning with its line, the way a time that does
not exist (the hour skipped in spring) is.  The export writes such times in UTC, so
no reader has to resolve anything (`planner.ics`).
"""

from __future__ import annotations

from datetime import datetime, timezone

from .diagnostics import Diagnostic, Severity
from .model import Schedule

UTC = timezone.utc


def is_ambiguous(dt: datetime | None) -> bool:
    """Whether `dt`'s wall time occurs twice in its zone (fold changes the instant)."""
    if dt is None or dt.tzinfo is None or dt.tzinfo is UTC:
        return False
    return dt.replace(fold=0).utcoffset() != dt.replace(fold=1).utcoffset()


def _instant(dt: datetime) -> datetime:
    return dt.astimezone(UTC)


def _later_of_two(dt: datetime, after: datetime) -> datetime:
    """`dt` as the second occurrence when the first is not after `after` and it is."""
    first, second = dt.replace(fold=0), dt.replace(fold=1)
    if _instant(first) <= _instant(after) < _instant(second):
        # Re-attach through UTC: the value then carries fold=1 the way zoneinfo makes it.
        return _instant(second).astimezone(dt.tzinfo)
    return dt


def _may_repeat(schedule: Schedule) -> bool:
    """False when no time in `schedule` is ambiguous, for certain: then
    `settle_repeated_hour` changes nothing and says nothing (it moves and reports
    ambiguous times only).  Asked of each distinct time once, where all are of one zone
    (times of one zone are equal, and hash alike, by their wall time, which is all
    ambiguity depends on); a schedule of several zones, or with a time of none, is
    always settled."""
    times: set[datetime | None] = set()
    add = times.add
    for session in schedule.sessions:
        add(session.start)
        add(session.end)
        for talk in session.talks:
            add(talk.start)
            add(talk.end)
    times.discard(None)
    zones = {dt.tzinfo for dt in times}  # type: ignore[union-attr]
    if len(zones) != 1 or None in zones:
        return bool(zones)
    return any(map(is_ambiguous, times))


def settle_repeated_hour(schedule: Schedule) -> list[Diagnostic]:
    """Resolve ambiguous times in `schedule` by the rule above; one warning for each."""
    out: list[Diagnostic] = []
    if not _may_repeat(schedule):
        return out  # (nearly every schedule: no session on the day the clocks go back)

    def note(what: str, dt: datetime, line: int | None) -> None:
        local = dt.astimezone(dt.tzinfo)
        which = "second" if _instant(dt) != _instant(dt.replace(fold=0)) else "first"
        out.append(Diagnostic(
            source=schedule.source, line=line, severity=Severity.WARNING,
            code="ambiguous-time",
            message=(f"{what} {local:%H:%M} on {local:%Y-%m-%d} happens twice in "
                     f"{schedule.timezone} (the clocks go back); read as the {which} "
                     f"{local:%H:%M} ({local:%Z}, UTC{local:%z})"),
        ))

    # A program repeats its times (every session at 09:00 on a day starts at one wall
    # time): whether a wall time occurs twice is asked once per wall time and zone.
    # Times of one zone compare by their wall time, fold aside, as the answer goes.
    answers: dict[tuple[datetime, object], bool] = {}

    def ambiguous(dt: datetime | None) -> bool:
        if dt is None or dt.tzinfo is None or dt.tzinfo is UTC:
            return False
        key = (dt, dt.tzinfo)
        got = answers.get(key)
        if got is None:
            got = answers[key] = is_ambiguous(dt)
        return got

    def later_of_two(dt: datetime, after: datetime) -> datetime:
        # (a time that occurs once is its own second occurrence)
        return _later_of_two(dt, after) if dt.tzinfo is None or ambiguous(dt) else dt

    for session in schedule.sessions:
        if session.start is not None and session.end is not None:
            session.end = later_of_two(session.end, session.start)
        for dt, what in ((session.start, "the session start"), (session.end, "the session end")):
            if ambiguous(dt):
                note(what, dt, session.line)  # type: ignore[arg-type]
        previous: datetime | None = None
        for talk in session.talks:
            if talk.start is not None and previous is not None:
                talk.start = later_of_two(talk.start, previous)
            if talk.start is not None and talk.end is not None:
                talk.end = later_of_two(talk.end, talk.start)
            for dt, what in ((talk.start, "a talk's start"), (talk.end, "a talk's end")):
                if ambiguous(dt) and not (
                    session.standalone and dt in (session.start, session.end)
                ):
                    note(what, dt, talk.line or session.line)  # type: ignore[arg-type]
            previous = talk.start or previous
    return out
