"""Turning stated session starts into start and end instants for every session and talk.

The source states session starts; everything else is estimated and marked so:

* a session with no time of its own follows the session before it;
* a session ends where the next later session that day starts, but no later than
  its talks need (so a session before lunch does not stretch across the lunch gap);
* talks get consecutive slots of the typical talk length inside their session,
  squeezed evenly when the session is shorter than that; poster talks span the
  whole session, since posters stand side by side.

The typical talk length comes from metadata, else from the schedule's cleanly
bounded sessions (the gap to the next session divided by the talks in it).
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from operator import attrgetter
from statistics import median
from zoneinfo import ZoneInfo

from ..diagnostics import DiagnosticSink
from ..model import Schedule, Session, SessionKind, Talk

DEFAULT_TALK_MINUTES = 20
# How long a session of these kinds lasts when nothing else bounds it.
_KIND_MINUTES = {
    SessionKind.REMARKS: 15,
    SessionKind.BREAK: 30,
    SessionKind.SOCIAL: 60,
    SessionKind.POSTER: 90,
    SessionKind.PANEL: 60,
    SessionKind.TUTORIAL: 120,
    SessionKind.WORKSHOP: 240,
}
# Minutes per talk for kinds whose talks are not ordinary paper slots.
_TALK_MINUTES = {SessionKind.INVITED: 60, SessionKind.KEYNOTE: 60, SessionKind.TUTORIAL: 120}
_TALK_KINDS = (SessionKind.ORAL, SessionKind.SPOTLIGHT, SessionKind.SESSION)


class _Clock:
    """Instants moved between UTC and the schedule's zone, each one once: a program
    repeats its times (every session at 09:00 on a day starts then, a talk ends where
    the next starts), and `astimezone` was most of the cost of assigning times."""

    __slots__ = ("zone", "_local", "_utc", "_day")

    def __init__(self, zone: ZoneInfo) -> None:
        self.zone = zone
        self._local: dict[datetime, datetime] = {}
        self._utc: dict[tuple, datetime] = {}
        self._day: dict[datetime, date] = {}

    def local(self, dt: datetime) -> datetime:
        """`dt.astimezone(zone)`."""
        if dt.tzinfo is not timezone.utc:
            return dt.astimezone(self.zone)
        # (UTC times are equal exactly when their instants are)
        got = self._local.get(dt)
        if got is None:
            got = self._local[dt] = dt.astimezone(self.zone)
        return got

    def day(self, dt: datetime) -> date:
        """`dt.astimezone(zone).date()`, the day a UTC instant falls on in the zone."""
        got = self._day.get(dt)
        if got is None:
            got = self._day[dt] = self.local(dt).date()
        return got

    def to_utc(self, sessions: list[Session]) -> bool:
        """Each session's start and end moved to UTC, in place (`utc` of each); whether
        a session's end is open (none, or estimated)."""
        cache = self._utc
        open_end = False
        for fields in map(_FIELDS, sessions):  # (see `_set`)
            if fields["end"] is None or fields["end_estimated"]:
                open_end = True
            for name in ("start", "end"):
                dt = fields[name]
                if dt is None:
                    continue
                key = (dt, dt.fold, dt.tzinfo)  # (as `utc`, without a call per instant)
                got = cache.get(key)
                if got is None:
                    got = cache[key] = dt.astimezone(timezone.utc)
                fields[name] = got
        return open_end

    def settle(self, sessions: list[Session]) -> None:
        """What `assign_times` does to sessions that `_all_stated` holds: each start and
        end moved to UTC and back into the zone (a wall time the clocks skip comes back
        as the hour after it), and a session's one talk given its times and whether they
        are estimated.  The instants moved once each, keyed as in `to_utc`."""
        settled: dict[tuple, datetime] = {}
        utc, zone = timezone.utc, self.zone
        for fields in map(_FIELDS, sessions):
            dt = fields["start"]
            key = (dt, dt.fold, dt.tzinfo)
            start = settled.get(key)
            if start is None:
                start = settled[key] = dt.astimezone(utc).astimezone(zone)
            dt = fields["end"]
            key = (dt, dt.fold, dt.tzinfo)
            end = settled.get(key)
            if end is None:
                end = settled[key] = dt.astimezone(utc).astimezone(zone)
            fields["start"], fields["end"] = start, end
            for t in fields["talks"]:  # (its one talk, where it has one)
                talk = t.__dict__
                talk["start"], talk["end"] = start, end
                talk["estimated"], talk["end_estimated"] = (fields["start_estimated"],
                                                            fields["end_estimated"])

    def utc(self, dt: datetime) -> datetime:
        """`dt.astimezone(timezone.utc)`."""
        # Two times of one zone are equal by their wall time, fold aside: the fold and
        # the zone are part of the key, so that equal keys are one instant.
        key = (dt, dt.fold, dt.tzinfo)
        got = self._utc.get(key)
        if got is None:
            got = self._utc[key] = dt.astimezone(timezone.utc)
        return got


def infer_talk_minutes(sessions: list[Session], clock: _Clock,
                       starts: dict[date, list[datetime]] | None = None) -> tuple[int, int]:
    """(minutes, how many sessions it was inferred from); (default, 0) when none fit.
    `starts`: `_stated_starts_by_day(sessions, clock)`, where the caller has them."""
    if starts is None:
        starts = _stated_starts_by_day(sessions, clock)
    samples: list[float] = []
    for s in sessions:
        if s.start is None or s.start_estimated or s.kind not in _TALK_KINDS or len(s.talks) < 2:
            continue
        if s.end is not None and not s.end_estimated:
            span = (s.end - s.start).total_seconds() / 60
        else:
            nxt = _next_start(starts, s.start, clock)
            if nxt is None:
                continue
            span = (nxt - s.start).total_seconds() / 60
        samples.append(span / len(s.talks))
    # A gap often holds a break or lunch too, so the smaller samples are the cleaner.
    clean = [x for x in samples if 5 <= x <= 90]
    if not clean:
        return DEFAULT_TALK_MINUTES, 0
    low = sorted(clean)[: max(1, (len(clean) + 1) // 2)]
    return max(5, int(median(low)) // 5 * 5), len(clean)


def _stated_starts_by_day(sessions: list[Session], clock: _Clock) -> dict[date, list[datetime]]:
    by_day: dict[date, list[datetime]] = defaultdict(list)
    for s in sessions:
        if s.start is not None and not s.start_estimated:
            by_day[clock.day(s.start)].append(s.start)
    for v in by_day.values():
        v.sort()
    return by_day


def _next_start(
    starts: dict[date, list[datetime]], start: datetime, clock: _Clock
) -> datetime | None:
    day = starts.get(clock.day(start), [])
    i = bisect.bisect_right(day, start)
    return day[i] if i < len(day) else None


def _places_talks(sessions: list[Session]) -> bool:
    """Whether the assumed talk length places anything: a talk without a time of its
    own, or a session whose end it estimates (no end, and no length of its kind)."""
    for s in sessions:  # (plain loops: a program of timed talks goes through them all)
        for t in s.talks:
            if t.start is None:
                return True
    for s in sessions:
        if s.end is None and (s.talks or s.kind not in _KIND_MINUTES):
            return True
    return False


def _all_stated(sessions: list[Session]) -> bool:
    """Whether every session states its start and its end, and has no talk or is its
    one talk (standalone): then `assign_times` places nothing.  Its general loop gives
    such a session the start and end it has (each through UTC), and its talk the same
    times; no talk length is inferred (that needs a session of two talks), none is
    used (no session is without an end, no talk placed in a session of its own), and
    the talk-length note is given only where a talk had no start of its own."""
    for fields in map(_FIELDS, sessions):
        talks = fields["talks"]
        if fields["start"] is None or fields["end"] is None \
                or talks and (len(talks) > 1 or not fields["standalone"]):
            return False
    return True


def assign_times(
    schedule: Schedule, talk_minutes: int | None, diag: DiagnosticSink
) -> Schedule:
    """Fill in estimated times in place and return the schedule.

    Arithmetic runs on UTC instants: adding to an aware datetime adds wall-clock time,
    which is an hour off across a DST change.  Results go back to the schedule's zone.
    """
    sessions = schedule.sessions
    clock = _Clock(ZoneInfo(schedule.timezone))
    if _all_stated(sessions):
        # (nearly every table and list of timed entries: nothing to place, see `_settle`)
        if talk_minutes is None and sessions and _places_talks(sessions):
            diag.info("talk-length", f"talk slots assumed to be {DEFAULT_TALK_MINUTES} minutes")
        clock.settle(sessions)
        schedule.sessions = list(sessions)
        schedule.unscheduled = [] + schedule.unscheduled
        return schedule
    # (nothing below changes a stated start before the loop: the starts are read once,
    # and only where a session's end is open, the one place the next start is asked for;
    # a program whose sessions all state their ends, a table or a list of timed entries,
    # never reads them)
    starts = _stated_starts_by_day(sessions, clock) if clock.to_utc(sessions) else {}
    if talk_minutes is None and any(s.start is not None for s in sessions):
        talk_minutes, n = infer_talk_minutes(sessions, clock, starts)
        if n:
            diag.info(
                "talk-length",
                f"talk slots estimated at {talk_minutes} minutes, from {n} sessions' lengths",
            )
        elif _places_talks(sessions):
            diag.info("talk-length", f"talk slots assumed to be {talk_minutes} minutes")
    talk_minutes = talk_minutes or DEFAULT_TALK_MINUTES
    per_kind: dict[SessionKind, timedelta] = {}  # each kind's minutes per talk
    previous_end: datetime | None = None  # (UTC; the session before is back in the zone)
    orphans: list[Talk] = []
    kept: list[Session] = []
    local, known_local = clock.local, clock._local.get
    for s in sessions:
        fields = s.__dict__  # (see `_set`)
        if fields["start"] is None:
            if previous_end is None:
                diag.warning(
                    "untimed-session",
                    f"session {s.title!r} has no time and follows no timed session; "
                    "its talks are listed as unscheduled",
                    s.line,
                )
                for t in s.talks:
                    t.session_id = None
                orphans.extend(s.talks)
                continue
            fields["start"], fields["start_estimated"] = previous_end, True
        per_talk = per_kind.get(s.kind)
        if per_talk is None:
            per_talk = per_kind[s.kind] = timedelta(minutes=_TALK_MINUTES.get(s.kind, talk_minutes))
        if fields["end"] is None:
            if s.talks and s.kind is not SessionKind.POSTER:
                need = per_talk * len(s.talks)
            else:
                need = timedelta(minutes=_KIND_MINUTES.get(s.kind, talk_minutes))
            end = s.start + need
            nxt = _next_start(starts, s.start, clock)
            fields["end"], fields["end_estimated"] = nxt if nxt is not None and nxt < end else end, True
        previous_end = fields["end"]
        # (`local` of each, its cache looked up here: every instant here is in UTC)
        start = known_local(fields["start"])
        if start is None:
            start = local(fields["start"])
        end = known_local(previous_end)
        if end is None:
            end = local(previous_end)
        if fields["standalone"] and fields["talks"]:
            # the session is its talk: the same times, stated or not (`_slot_talks`;
            # `_set_times` written out, a call per talk saved)
            for t in fields["talks"]:
                talk = t.__dict__
                talk["start"], talk["end"] = start, end
                talk["estimated"], talk["end_estimated"] = (fields["start_estimated"],
                                                            fields["end_estimated"])
        else:
            _slot_talks(s, per_talk, clock)
        # (back in the zone once its talks are placed: they were placed from UTC)
        fields["start"], fields["end"] = start, end
        kept.append(s)
    schedule.sessions = kept
    schedule.unscheduled = orphans + schedule.unscheduled
    return schedule


def _slot_talks(s: Session, per_talk: timedelta, clock: _Clock) -> None:
    """Give the session's talks their slots (from UTC instants, shown in `zone`); a
    standalone session's talk takes the session's times, which `assign_times` sets."""
    assert s.start is not None and s.end is not None and not (s.standalone and s.talks)
    if not s.talks:
        return
    if any(t.start is not None and not t.estimated for t in s.talks):
        _keep_stated(s, clock)
        return
    if s.kind is SessionKind.POSTER:
        start, end = clock.local(s.start), clock.local(s.end)
        for t in s.talks:
            _set_times(t, start, end, s.estimated)
        return
    span = s.end - s.start
    slot = per_talk
    if slot * len(s.talks) > span:
        slot = max(timedelta(minutes=1), span // len(s.talks))
        slot -= timedelta(seconds=slot.seconds % 60)  # whole minutes
    at = s.start
    for t in s.talks:
        _set_times(t, clock.local(at), clock.local(at + slot), True)
        at += slot


def _keep_stated(s: Session, clock: _Clock) -> None:
    """Talks with a start of their own (a grid's rows) keep it; each ends where the next
    stated start of the session begins, else with the session; talks without one span
    the session, estimated."""
    assert s.start is not None and s.end is not None
    starts = sorted({clock.utc(t.start) for t in s.talks
                     if t.start is not None and not t.estimated})
    session_end = clock.utc(s.end)
    for t in s.talks:
        if t.start is None or t.estimated:
            _set_times(t, clock.local(s.start), clock.local(s.end), True)
            continue
        st = clock.utc(t.start)
        if t.end is not None and not t.end_estimated:
            continue
        i = bisect.bisect_right(starts, st)
        end = starts[i] if i < len(starts) else max(session_end, st + timedelta(minutes=15))
        _set_times(t, clock.local(st), clock.local(end), False, True)


def _set_times(t: Talk, start: datetime, end: datetime, estimated: bool,
               end_estimated: bool | None = None) -> None:
    fields = t.__dict__  # (see `_set`; a call per talk, so without the keywords' dict)
    fields["start"], fields["end"], fields["estimated"] = start, end, estimated
    fields["end_estimated"] = estimated if end_estimated is None else end_estimated


_FIELDS = attrgetter("__dict__")


def _set(model: Session | Talk, **values: object) -> None:
    # Straight into the instance dict: pydantic's __setattr__ costs more than the whole
    # slot arithmetic on a 10,000-talk program, and these values are already valid.
    model.__dict__.update(values)
