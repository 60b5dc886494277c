"""The user's own calendar (.ics exports) as busy time that picks can clash with.

Events are expanded with recurring-ical-events (RRULE, RDATE, EXDATE and moved
occurrences), only inside the window the schedules span, so a calendar holding
years of weekly meetings stays cheap.  Expanding a rule still steps through every
period from its DTSTART to the window (dateutil has no shortcut), so a rule that
would take more than `MAX_RULE_STEPS` (every second since 1970, say) or make more than
`MAX_RULE_OCCURRENCES` inside the window is refused with
a sentence naming the event, as are INTERVAL=0 (which never advances) and events
lasting over a century (whose end overflows); the rest of the calendar still counts,
and a remembered calendar can never make a command hang.  Cancelled events and
transparent ("free") ones are not busy time.  All-day and floating events have no zone of their own;
they are read in the calendar's X-WR-TIMEZONE, else in the user's display zone.

icalendar and recurring_ical_events are imported inside functions: printing an
agenda or listing clashes without a busy calendar never loads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from ..clashes import Interval
from ..errors import PlannerError
from ..model import Schedule
from ..textio import read_bytes
from ..zones import get_zone, local_zone_name
from . import busy_people, busy_read
from .busy_ical import read_components
from .busy_zones import iana_name

# Busy time just outside the conference still matters for talks at its edges, and
# the display day can differ from the schedule's day by up to a day either way.
WINDOW_MARGIN = timedelta(days=2)
# What expanding recurrences may cost.  recurring-ical-events and dateutil step through
# every occurrence from a rule's DTSTART to the window's end (about 10 µs each on the
# 2-core machine: 1 s for one rule, 2 s for a calendar), and make each one inside the
# window an event of its own (about 100 µs each: 1 s for a rule, 2 s for a calendar).
MAX_RULE_STEPS = 100_000
MAX_CALENDAR_STEPS = 200_000
MAX_RULE_OCCURRENCES = 10_000
MAX_CALENDAR_OCCURRENCES = 20_000
MAX_DURATION = timedelta(days=36_600)  # a century: longer is no meeting, and overflows
_PERIOD_SECONDS = {"SECONDLY": 1, "MINUTELY": 60, "HOURLY": 3600, "DAILY": 86400,
                   "WEEKLY": 7 * 86400, "MONTHLY": 28 * 86400, "YEARLY": 365 * 86400}
_FREQS = tuple(_PERIOD_SECONDS)  # shortest first
# BY parts that make more occurrences in each period of these frequencies (RFC 5545
# 3.3.10; with other frequencies they only filter), and how often a bare weekday recurs.
_EXPANDS = {
    "BYSECOND": _FREQS[1:], "BYMINUTE": _FREQS[2:], "BYHOUR": _FREQS[3:], "BYDAY": _FREQS[4:],
    "BYMONTHDAY": _FREQS[5:], "BYYEARDAY": _FREQS[6:], "BYWEEKNO": _FREQS[6:],
    "BYMONTH": _FREQS[6:],
}
_WEEKDAY_REPEATS = {"MONTHLY": 5, "YEARLY": 53}
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
    total: int | None = None  # VEVENTs in the file, read or not (None: the calendar's)
    lines: dict[int, int] = field(default_factory=dict)  # id(event) -> its BEGIN line
    me: frozenset[str] = frozenset()  # the user's addresses (see planner.busy_people)

    @property
    def event_count(self) -> int:
        return self.total if self.total is not None else len(self.calendar.walk("VEVENT"))

    def where(self, event: Any) -> str:
        """"Busy calendar NAME, line N" for an event read from the file."""
        line = self.lines.get(id(event))
        return f"Busy calendar {self.path}" + (f", line {line}" if line else "")


def _not_ical(name: str, why: str) -> PlannerError:
    return PlannerError(
        f"Busy calendar {name} is not an iCalendar file ({why}); export your calendar as .ics."
    )


def check_busy(path: str) -> str:
    """The calendar's text, or the PlannerError sentence saying why it is no calendar
    (without parsing it: a quick check before a long run, such as the TUI's)."""
    name = str(path)
    data = read_bytes(path, label=f"Busy calendar {name}", kind="an .ics file")
    text = busy_read.decode(data)
    first = next(busy_read.logical_lines(text), (0, ""))[1].strip().lstrip("\ufeff")
    if first.upper() != "BEGIN:VCALENDAR":
        why = "it is empty" if not first else "it does not start with BEGIN:VCALENDAR"
        raise _not_ical(name, why)
    return text


def parse_busy(path: str, zone: tzinfo | None = None,
               window: tuple[datetime, datetime] | None = None,
               me: frozenset[str] | None = None) -> BusyCalendar:
    """Read one busy .ics, keeping every event that reads (see planner.busy_read);
    a file that is no calendar at all raises one PlannerError sentence.

    With a `window`, events that do not recur and whose DTSTART and DTEND lines say
    they are days away from it are not parsed (nor checked) at all."""
    name = str(path)
    scan = busy_read.scan(check_busy(path))
    where = f"Busy calendar {name}"
    skipped = [f"{where}, {p}." for p in scan.problems]
    days = None
    if window is not None:
        days = ((window[0] - WINDOW_MARGIN).date(), (window[1] + WINDOW_MARGIN).date())
    calendar, blocks = read_components(scan, name, days, skipped)
    skipped += _drop_unusable_events(calendar, name, blocks)
    lines = {key: block.line for key, block in blocks.items()}
    owner = me if me is not None else busy_people.owner(scan)
    # With a window, the calendar holds only the events near it: count the file's.
    total = scan.events if window is not None else None
    return BusyCalendar(name, calendar, _calendar_zone(calendar) or zone, skipped,
                        total, lines, owner)


def _local() -> ZoneInfo:
    return get_zone(local_zone_name())


def _calendar_zone(calendar: Any) -> ZoneInfo | None:
    declared = str(calendar.get("X-WR-TIMEZONE", "")).strip()
    name = iana_name(declared) if declared else None  # Outlook writes Windows names here
    if name is None:
        return None
    try:
        return get_zone(name)
    except PlannerError:
        return None


def _drop_unusable_events(calendar: Any, name: str,
                          blocks: dict[int, busy_read.Block]) -> list[str]:
    """Remove events whose time cannot be read, returning one sentence for each, with
    the line of the property at fault; an EXDATE or RDATE that cannot be read costs
    only itself, with a sentence too."""
    skipped: list[str] = []
    kept = []
    for comp in calendar.subcomponents:
        if comp.name == "VEVENT":
            block = blocks.get(id(comp))

            def where(value: str = "", prop: str = "") -> str:
                at = block.line_of(prop, value) if block is not None else None
                return f"Busy calendar {name}" + (f", line {at}" if at else "")

            for prop, value in _drop_broken_dates(comp):
                skipped.append(f"{where(value, prop)}: event {_summary(comp)!r} has an {prop} "
                               f"that cannot be read ({value}); the series is kept without it.")
            problem = _time_problem(comp)
            if problem:
                prop = problem.split(":")[0] if ":" in problem else "DTSTART"
                skipped.append(f"{where('', prop)}: event {_summary(comp)!r} skipped "
                               f"({problem}).")
                continue
        kept.append(comp)
    calendar.subcomponents[:] = kept
    return skipped


def _drop_broken_dates(event: Any) -> list[tuple[str, str]]:
    """Take the unreadable EXDATE and RDATE values out of `event`: (name, text) of each."""
    from icalendar.prop import vBroken

    dropped = []
    for prop in ("EXDATE", "RDATE"):
        value = event.get(prop)
        values = [v for v in (value if isinstance(value, list) else [value]) if v is not None]
        good = [v for v in values if not isinstance(v, vBroken)]
        if len(good) < len(values):
            dropped += [(prop, str(v.to_ical().decode() if hasattr(v, "to_ical") else v))
                        for v in values if isinstance(v, vBroken)]
            del event[prop]
            if good:
                event[prop] = good if len(good) > 1 else good[0]
    names = {prop for prop, _ in dropped}
    event.errors[:] = [e for e in event.errors if e[0] not in names]
    return dropped


def _time_problem(event: Any) -> str | None:
    if "DTSTART" not in event:
        return "it has no start time"
    for prop, message in event.errors:
        if prop in _TIME_PROPERTIES:
            return f"{prop}: {message}"
    start = _naive(event["DTSTART"].dt)
    if start is None:
        return "its start time cannot be read"
    length = None
    if "DURATION" in event and isinstance(event["DURATION"].dt, timedelta):
        length = event["DURATION"].dt
    elif "DTEND" in event and (end := _naive(event["DTEND"].dt)) is not None:
        length = end - start
    if length is not None:
        if abs(length) > MAX_DURATION:
            return "it lasts longer than a century"
        try:
            start + length + WINDOW_MARGIN
        except OverflowError:
            return "it ends after the year 9999"
    for rule in _rules(event):
        interval = rule.get("INTERVAL", [1])[0]
        if not isinstance(interval, int) or interval < 1:
            return f"its RRULE has INTERVAL={interval}, which never moves on"
        if rule.get("FREQ", [None])[0] not in _PERIOD_SECONDS:
            return "its RRULE has no valid FREQ"
    return None


def _rules(event: Any) -> list[Any]:
    """The event's RRULE and EXRULE values (icalendar gives one or a list)."""
    out = []
    for name in ("RRULE", "EXRULE"):
        value = event.get(name)
        out += value if isinstance(value, list) else [] if value is None else [value]
    return [r for r in out if hasattr(r, "get")]


def _naive(value: Any) -> datetime | None:
    """A DTSTART/DTEND/UNTIL value as a naive UTC-ish datetime, for estimates only."""
    if isinstance(value, datetime):
        return value.astimezone(timezone.utc).replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    return None


def rule_cost(rule: Any, start: datetime, window_start: datetime,
              window_end: datetime) -> tuple[int, int]:
    """About how many occurrences expanding `rule` (an icalendar vRecur) from `start` up
    to `window_end` walks through, and how many of them fall inside the window (all
    naive UTC).  An upper bound: BY parts that only filter are not counted."""
    freq = rule["FREQ"][0]
    step = _PERIOD_SECONDS[freq] * rule.get("INTERVAL", [1])[0]
    end = min((u for u in map(_naive, rule.get("UNTIL", [])) if u is not None),
              default=window_end)
    end = min(end, window_end)
    per_period = 1
    for part, frequencies in _EXPANDS.items():
        if part in rule and freq in frequencies:
            values = len(rule[part])
            if part == "BYDAY" and freq in _WEEKDAY_REPEATS:
                values *= _WEEKDAY_REPEATS[freq]
            per_period *= max(1, values)

    def periods(since: datetime) -> int:
        return int((end - since).total_seconds() // step) + 1 if end >= since else 0

    return max(1, periods(start)) * per_period, periods(max(start, window_start)) * per_period


def _refuse_runaway_rules(busy: BusyCalendar, window_start: datetime,
                          window_end: datetime) -> None:
    """Take out events whose rules cost more than the MAX_RULE_ limits to expand over
    the window, or that would take the calendar past the MAX_CALENDAR_ ones, each with
    a sentence in `busy.skipped`."""
    lo, hi = _naive(window_start), _naive(window_end)
    assert lo is not None and hi is not None
    walked_total = inside_total = 0
    refused: set[str] = set()
    for comp in busy.calendar.subcomponents:
        rules = _rules(comp) if comp.name == "VEVENT" else []
        if not rules:
            continue
        start = _naive(comp["DTSTART"].dt)
        costs = [rule_cost(r, start, lo, hi) for r in rules]  # type: ignore[arg-type]
        walked, inside = sum(c[0] for c in costs), sum(c[1] for c in costs)
        if walked > MAX_RULE_STEPS or inside > MAX_RULE_OCCURRENCES:
            why = "it repeats too often to expand"
        elif (walked_total + walked > MAX_CALENDAR_STEPS
              or inside_total + inside > MAX_CALENDAR_OCCURRENCES):
            why = "the calendar's other recurring events took all the time allowed"
        else:
            walked_total, inside_total = walked_total + walked, inside_total + inside
            continue
        refused.add(str(comp.get("UID", "")) or str(id(comp)))
        busy.skipped.append(
            f"{busy.where(comp)}: event {_summary(comp)!r} skipped ({why}: about "
            f"{walked:,} occurrences from its start to the conference's end, {inside:,} "
            "of them during it).")
    if refused:
        busy.calendar.subcomponents[:] = [
            c for c in busy.calendar.subcomponents
            if c.name != "VEVENT" or (str(c.get("UID", "")) or str(id(c))) not in refused]


def _summary(event: Any) -> str:
    return str(event.get("SUMMARY", "")).strip() or str(event.get("UID", "?"))


def _is_busy(event: Any, me: frozenset[str]) -> bool:
    status = str(event.get("STATUS", "")).strip().upper()
    transp = str(event.get("TRANSP", "")).strip().upper()
    return (status != "CANCELLED" and transp != "TRANSPARENT"
            and not busy_people.declined(event, me))


def _instant(value: date | datetime, zone: tzinfo) -> datetime:
    if not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day, tzinfo=zone)
    if value.tzinfo is None or value.utcoffset() is None:
        return value.replace(tzinfo=zone)
    return value


def _occurrences(busy: BusyCalendar, lo: datetime, hi: datetime) -> list[Any]:
    """recurring-ical-events' occurrences in [lo, hi]; when it fails on the calendar,
    series by series, leaving out (with a sentence) the ones it fails on."""
    import icalendar
    import recurring_ical_events

    errors = (ValueError, KeyError, TypeError, OverflowError, AttributeError,
              icalendar.error.BrokenCalendarProperty)
    try:
        return list(recurring_ical_events.of(busy.calendar).between(lo, hi))
    except errors:
        pass
    series: dict[str, list[Any]] = {}
    for comp in busy.calendar.subcomponents:
        if comp.name == "VEVENT":
            series.setdefault(str(comp.get("UID", "")) or str(id(comp)), []).append(comp)
    out: list[Any] = []
    for comps in series.values():
        one = icalendar.Calendar()
        one.subcomponents.extend(c for c in busy.calendar.subcomponents if c.name == "VTIMEZONE")
        one.subcomponents.extend(comps)
        try:
            out.extend(recurring_ical_events.of(one).between(lo, hi))
        except errors as exc:
            busy.skipped.append(f"{busy.where(comps[0])}: event {_summary(comps[0])!r} "
                                f"skipped (its recurrence cannot be expanded: {exc}).")
    return out


def expand(busy: BusyCalendar, window_start: datetime, window_end: datetime) -> list[Interval]:
    """The calendar's busy occurrences that touch [window_start, window_end]."""
    _refuse_runaway_rules(busy, window_start, window_end)
    zone = busy.zone or _local()  # looked up only when needed: it asks the OS
    out = []
    for event in _occurrences(busy, window_start.astimezone(zone), window_end.astimezone(zone)):
        if not _is_busy(event, busy.me):
            continue
        start = _instant(event.start, zone)
        try:
            end = _instant(event.end, zone)
        except Exception:  # icalendar raises its own IncompleteComponent here
            end = start
        if not isinstance(event.start, datetime) and end <= start:
            # DTEND equal to an all-day DTSTART (Outlook, some Google exports): a day.
            day = event.start + timedelta(days=1)
            end = datetime(day.year, day.month, day.day, tzinfo=zone)
        summary = str(event.get("SUMMARY", "")).strip() or "(busy)"
        uid = str(event.get("UID", "")).strip() or summary
        out.append(Interval(f"busy:{uid}:{start.isoformat()}", summary, start, end,
                            kind="busy"))
    out.sort(key=lambda iv: (iv.start_ts, iv.key))
    return out


def read_busy(path: str, window_start: datetime, window_end: datetime,
              zone: tzinfo | None = None) -> tuple[list[Interval], list[str]]:
    """One calendar's busy intervals inside the window and the warnings of reading it,
    from planner.busy_cache when the file has not changed since it was last read."""
    from . import busy_cache

    window = (window_start, window_end)
    ident = busy_cache.identity(path)
    entry = busy_cache.entry_path(path, ident, window, zone) if ident else None
    if entry is not None and (hit := busy_cache.load(entry)) is not None:
        return hit
    busy = parse_busy(path, zone, window=window)
    intervals = expand(busy, window_start, window_end)  # adds the rules it refuses
    if entry is not None and busy_cache.identity(path) == ident:
        busy_cache.store(entry, intervals, busy.skipped)
    return intervals, busy.skipped


def load_busy(paths: list[str], window_start: datetime, window_end: datetime,
              zone: tzinfo | None = None, warnings: list[str] | None = None) -> list[Interval]:
    """Busy intervals from `paths` inside the window (which callers widen by a margin).

    `zone` reads all-day and floating events of calendars that declare no zone of
    their own; events whose time is unreadable are skipped and described in `warnings`.
    """
    out: list[Interval] = []
    for path in paths:
        intervals, skipped = read_busy(path, window_start, window_end, zone)
        out.extend(intervals)
        if warnings is not None:
            warnings.extend(skipped)
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
