"""VTIMEZONE blocks from zoneinfo, written the way Google, Apple and Outlook write them.

RFC 5545 (3.6.5) says an observance's DTSTART is the local time *before* the change
(the wall clock still running on TZOFFSETFROM): New York springs forward at
`DTSTART:20210314T020000` with `TZOFFSETFROM:-0500`, not at 03:00.  A yearly rule is
written as one observance with an RRULE (`FREQ=YEARLY;BYMONTH=3;BYDAY=2SU`), so a
reader that only expands rules, or that reads the block without the events' years in
mind, still gets every year right.

How a block is made: every offset change of the zone in the years asked for (plus the
year before, so the first event's offset is set by an observance that started earlier)
is found by asking zoneinfo itself, day by day and then to the second.  Changes of one
kind (same offsets, same name) that fall on the same n-th (or last) weekday of the same
month at the same wall time, one year after another, become one RRULE observance,
when the rule still runs in the last year covered.  A rule that stopped earlier and
anything irregular (Morocco's Ramadan breaks, a one-off change of standard time) is
written as RDATEs.
A zone with no change in those years gets one STANDARD observance.

`planner.ics` is the only caller; tests check every change against zoneinfo.
"""

from __future__ import annotations

import calendar as _calendar
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from icalendar import Timezone, TimezoneDaylight, TimezoneStandard

_DAY = timedelta(days=1)
_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


@dataclass(frozen=True)
class Transition:
    """One offset change: the UTC instant and the offsets and name on each side."""

    at: datetime  # UTC, aware
    offset_from: timedelta
    offset_to: timedelta
    name: str
    daylight: bool

    @property
    def kind(self) -> tuple:
        return (self.offset_from, self.offset_to, self.name, self.daylight)

    @property
    def wall_before(self) -> datetime:
        """The onset as RFC 5545 wants it: local time on the old offset, naive."""
        return (self.at + self.offset_from).replace(tzinfo=None)


def _state(zone: ZoneInfo, at: datetime) -> tuple[timedelta, str, bool]:
    local = at.astimezone(zone)
    return local.utcoffset(), local.tzname() or "", bool(local.dst())  # type: ignore[return-value]


def transitions(zone: ZoneInfo, start: datetime, end: datetime) -> list[Transition]:
    """Every change of offset, name or daylight flag in [start, end), from zoneinfo."""
    out: list[Transition] = []
    lo, state = start, _state(zone, start)
    while lo < end:
        hi = min(lo + _DAY, end)
        new = _state(zone, hi)
        if new != state:
            # Bisect to the second: the first instant that has the new state.
            a, b = lo, hi
            while b - a > timedelta(seconds=1):
                mid = a + (b - a) / 2
                mid = mid.replace(microsecond=0)
                if mid <= a:
                    break
                if _state(zone, mid) == state:
                    a = mid
                else:
                    b = mid
            after = _state(zone, b)
            if after[0] != state[0] or after[1:] != state[1:]:
                out.append(Transition(b, state[0], after[0], after[1], after[2]))
            state, lo = after, b
            continue
        lo = hi
    return out


def _rules(t: Transition) -> set[tuple[int, str, int]]:
    """The yearly rules (month, weekday, n-th or -1 for last) the onset fits."""
    wall = t.wall_before
    day = _WEEKDAYS[wall.weekday()]
    out = {(wall.month, day, (wall.day - 1) // 7 + 1)}
    if wall.day + 7 > _calendar.monthrange(wall.year, wall.month)[1]:
        out.add((wall.month, day, -1))
    return out


def _runs(items: list[Transition]) -> list[tuple[list[Transition], tuple[int, str, int] | None]]:
    """Transitions of one kind, grouped into runs that one yearly rule describes."""
    runs: list[tuple[list[Transition], tuple[int, str, int] | None]] = []
    current: list[Transition] = []
    rules: set[tuple[int, str, int]] = set()
    for t in items:
        if current:
            prev = current[-1]
            shared = rules & _rules(t)
            if (shared and t.wall_before.year == prev.wall_before.year + 1
                    and t.wall_before.time() == prev.wall_before.time()):
                current.append(t)
                rules = shared
                continue
            runs.append((current, min(rules, key=_rule_order) if len(current) > 1 else None))
        current, rules = [t], _rules(t)
    if current:
        runs.append((current, min(rules, key=_rule_order) if len(current) > 1 else None))
    return runs


def _rule_order(rule: tuple[int, str, int]) -> tuple:
    # "last Sunday" is how the tz data states most European rules; prefer it over "4SU".
    return (rule[2] != -1, rule[2])


def _observance(kind: tuple, onset: datetime) -> TimezoneStandard | TimezoneDaylight:
    offset_from, offset_to, name, daylight = kind
    obs = TimezoneDaylight() if daylight else TimezoneStandard()
    obs.add("DTSTART", onset)
    obs.add("TZOFFSETFROM", offset_from)
    obs.add("TZOFFSETTO", offset_to)
    if name:
        obs.add("TZNAME", name)
    return obs


def build_vtimezone(zone: ZoneInfo, first_year: int, last_year: int) -> Timezone:
    """A VTIMEZONE for `zone` that is right for every instant in [first_year, last_year].

    It starts one year early, so the offset at the first event is set by an observance
    that began before it, and it ends with the last year.  The last run of a yearly
    rule is left open (as calendar apps write it) when it reaches that year.
    """
    start = datetime(first_year - 1, 1, 1, tzinfo=timezone.utc)
    end = datetime(last_year + 1, 1, 1, tzinfo=timezone.utc)
    found = transitions(zone, start, end)
    tz = Timezone()
    tz.add("TZID", zone.key)
    offset, name, daylight = _state(zone, start)
    if not found or found[0].at >= datetime(first_year, 1, 1, tzinfo=timezone.utc):
        # No change in the year before: the state in force then gets an observance of
        # its own (FROM == TO, as RFC 5545 allows for one that is not a change).
        onset = (start + offset).replace(tzinfo=None)
        first = _observance((offset, offset, name, daylight), onset)
        first.add("RDATE", onset)
        tz.add_component(first)
    by_kind: dict[tuple, list[Transition]] = {}
    for t in found:
        by_kind.setdefault(t.kind, []).append(t)
    observances: list[tuple[datetime, TimezoneStandard | TimezoneDaylight]] = []
    for kind, items in by_kind.items():
        singles: list[Transition] = []
        for run, rule in _runs(items):
            # A rule still running in the block's last year is written open-ended, as
            # calendar apps write it.  A rule that stopped earlier is written as dates:
            # RFC 5545 allows RRULE with a UTC UNTIL there, but some readers (Home
            # Assistant's) reject a UTC UNTIL on a local DTSTART, and dates read anywhere.
            if rule is None or run[-1].wall_before.year < last_year:
                singles.extend(run)
                continue
            obs = _observance(kind, run[0].wall_before)
            month, day, nth = rule
            obs.add("RRULE", {"FREQ": "YEARLY", "BYMONTH": month, "BYDAY": f"{nth}{day}"})
            observances.append((run[0].at, obs))
        if singles:
            obs = _observance(kind, singles[0].wall_before)
            # The onset is repeated as an RDATE: RFC 5545 counts it once, and readers
            # that take onsets only from RRULE and RDATE (Home Assistant's) see it too.
            # One RDATE line each: vobject reads only the first value of a list.
            for t in singles:
                obs.add("RDATE", t.wall_before)
            observances.append((singles[0].at, obs))
    for _, obs in sorted(observances, key=lambda pair: pair[0]):
        tz.add_component(obs)
    return tz


def vtimezones(zones: Iterable[tuple[ZoneInfo, int, int]]) -> list[Timezone]:
    """One block per (zone, first year, last year), in the order given."""
    return [build_vtimezone(zone, lo, hi) for zone, lo, hi in zones]
