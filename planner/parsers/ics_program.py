"""A whole program as iCalendar: a pretalx or Indico export, a Google calendar of a workshop.

Each VEVENT is one standalone session: SUMMARY the title, LOCATION the room, URL the
link, DESCRIPTION the abstract; people come from ATTENDEE and ORGANIZER names, a
`Speakers:` line in the description (Indico), `Title (talk by Name)` (PyCon UK) or
pretalx's `Title - Name, Name`.  Recurring events (RRULE, RDATE, moved occurrences)
are expanded.  Times in UTC or with a TZID are exact; floating times are read in
X-WR-TIMEZONE, else in the zone the file is shown in.

Sloppy files are read tolerantly (moca's): values with leading blanks, a calendar-level
`VTIMEZONE: Europe/Rome` line taken as the calendar's zone, one UID on many events
(they then get title-based ids), events in any order.  What cannot be used (no start,
all-day events, unreadable properties) is reported with the line its event starts on.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, datetime, timedelta, timezone
from typing import Any

from ..diagnostics import DiagnosticSink
from ..model import Schedule, SessionKind, Speaker
from .names import looks_like_name
from ..zones import get_zone
from .base import ParseOptions
from .papers import gc_paused
from .events import (
    Event, ProgramBuilder, empty_schedule, plain_text, program_schedule, program_zone,
    source_stem, speaker, speakers_from_line, title_kind, type_kind, unique, unreadable,
    year_of,
)

NAME = "ics"
TITLE = "iCalendar program (.ics)"

_BEGIN_EVENT = re.compile(r"^BEGIN:VEVENT\s*$", re.IGNORECASE | re.MULTILINE)
_SPEAKERS_LINE = re.compile(
    r"^\s*(?:speakers?|presenters?|presented by|referent(?:en|in)?|sprecher(?:in)?)\s*:\s*(.+)$",
    re.IGNORECASE | re.MULTILINE)
_BY = re.compile(r"^(?P<title>.*?)\s*\((?P<kind>[\w ]+?) by (?P<who>[^()]+)\)\s*$")
_URL_ONLY = re.compile(r"^\s*(https?://\S+)\s*$")
_CALENDAR_WORD = re.compile(r"\s+(?:schedule|program|programme|agenda|calendar|timetable)$",
                            re.IGNORECASE)
RECURRENCE_YEARS = 1  # an open-ended rule is expanded this far past its first occurrence
MAX_OCCURRENCES = 1000  # per recurring event


def sniff(text: str) -> float:
    head = text[:1024].lstrip("\ufeff \t\r\n")
    if not head[:15].upper().startswith("BEGIN:VCALENDAR"):
        return 0.0
    return 0.97 if "BEGIN:VEVENT" in text or "begin:vevent" in text else 0.5


def _value(comp: Any, name: str) -> str:
    value = comp.get(name)
    if value is None:
        return ""
    if isinstance(value, list):
        value = value[0] if value else ""
    return " ".join(str(value).split()) if name not in ("DESCRIPTION",) else str(value).strip()


def _people(comp: Any, name: str) -> list[str]:
    values = comp.get(name)
    if values is None:
        return []
    if not isinstance(values, list):
        values = [values]
    out = []
    for v in values:
        cn = getattr(v, "params", {}).get("CN")
        # A CN with a comma in it comes back as a list of its parts: several people.
        for part in cn if isinstance(cn, (list, tuple)) else [cn]:
            name = " ".join(str(part or "").split()).strip('"')
            if name:
                out.append(name)
    return out


def _when(comp: Any, prop: str) -> Any:
    value = comp.get(prop)
    return getattr(value, "dt", None) if value is not None else None


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        return _parse(text, options)


def _parse(text: str, options: ParseOptions) -> Schedule:
    import icalendar

    diag = DiagnosticSink(options.source)
    try:
        calendars = icalendar.Calendar.from_ical(text, multiple=True)
    except Exception as exc:  # icalendar raises ValueError and others on broken structure
        unreadable(diag, f"the iCalendar cannot be read: {str(exc).splitlines()[0][:120]}")
        return empty_schedule(options, NAME, options.conference or source_stem(options.source),
                              diag)
    calendars = [c for c in calendars if c.name == "VCALENDAR"]
    if not calendars:
        unreadable(diag, "it holds no VCALENDAR", 1)
        return empty_schedule(options, NAME, options.conference or source_stem(options.source),
                              diag)
    cal = calendars[0]
    named = _value(cal, "X-WR-CALNAME") or _value(cal, "NAME")
    conference = options.conference or _CALENDAR_WORD.sub("", named) or \
        _CALENDAR_WORD.sub("", source_stem(options.source)) or source_stem(options.source)
    starts = [m.start() for m in _BEGIN_EVENT.finditer(text)]
    events = [e for c in calendars for e in c.walk("VEVENT")]
    lines: list[int | None] = _line_numbers(text, starts) \
        if len(starts) == len(events) else [None] * len(events)

    declared, declared_by = _declared_zone(cal, events, diag)
    usable: list[tuple[Any, int | None]] = []
    recurring: list[tuple[Any, int | None]] = []
    for comp, line in zip(events, lines):
        for prop, message in comp.errors:
            diag.warning("ics-property", f"{prop} could not be read ({message}); it is ignored",
                         line)
        title = _value(comp, "SUMMARY") or "an untitled event"
        if _value(comp, "STATUS").upper() == "CANCELLED":
            diag.info("cancelled", f"{title!r} is cancelled; left out", line)
            continue
        start = _when(comp, "DTSTART")
        if start is None:
            diag.error("no-time", f"{title!r} has no DTSTART; left out", line)
            continue
        if not isinstance(start, datetime):
            diag.info("all-day", f"{title!r} is an all-day event, not a talk with a time; "
                      "left out", line)
            continue
        if comp.get("RRULE") is not None or comp.get("RDATE") is not None or \
                comp.get("RECURRENCE-ID") is not None:
            recurring.append((comp, line))
        else:
            usable.append((comp, line))

    occurrences = _expand(cal, recurring, usable, diag)
    found = usable + occurrences
    stated = [s for comp, _ in found if (s := _when(comp, "DTSTART")) is not None
              and s.tzinfo is not None]
    floating = len(stated) < len(found)
    zone_name = program_zone(diag, option=options.timezone, declared=declared,
                             declared_by=declared_by, stated=stated, floating=floating and
                             not declared)
    zone = get_zone(zone_name)
    floating_zone = get_zone(declared) if declared and _valid(declared) else zone
    owner = _calendar_owner(found, diag)
    pretalx = "pretalx" in _value(cal, "PRODID").lower()
    first = min((s for c, _ in found if (s := _start(c, floating_zone)) is not None),
                key=lambda d: d.timestamp(), default=None)
    year = options.year or year_of(first)
    builder = ProgramBuilder(conference, year, diag, id_kind="uid", id_label="UID")
    for comp, line in found:
        event = _event(comp, line, floating_zone, owner, pretalx, diag)
        if event is not None:
            builder.add(event)
    return program_schedule(options, NAME, conference, year, zone_name, builder, diag)


def _line_numbers(text: str, positions: list[int]) -> list[int | None]:
    """The line of each position (in order), counting each stretch of text once."""
    out: list[int | None] = []
    line, last = 1, 0
    for pos in positions:
        line += text.count("\n", last, pos)
        last = pos
        out.append(line)
    return out


def _valid(name: str) -> bool:
    try:
        get_zone(name)
    except Exception:
        return False
    return True


def _declared_zone(cal: Any, events: list[Any], diag: DiagnosticSink) -> tuple[str | None, str]:
    """The zone the calendar names: X-WR-TIMEZONE, else the TZID most events use, else a
    stray calendar-level `VTIMEZONE: Zone` line (read, and said so)."""
    wr = _value(cal, "X-WR-TIMEZONE")
    if wr:
        return wr, "X-WR-TIMEZONE"
    keys = Counter(getattr(s.tzinfo, "key", None) for e in events
                   if isinstance(s := _when(e, "DTSTART"), datetime) and s.tzinfo is not None)
    keys.pop(None, None)
    keys.pop("UTC", None)
    if keys:
        return keys.most_common(1)[0][0], "its events' TZID"
    stray = _value(cal, "VTIMEZONE")
    if stray and _valid(stray):
        diag.info("stray-timezone", f"the calendar has a line 'VTIMEZONE: {stray}', which is "
                  f"not iCalendar; it is read as the calendar's zone, {stray}", None)
        return stray, "its VTIMEZONE line"
    return None, "the file"


Located = list[tuple[Any, int | None]]  # components with the line each starts on


def _expand(cal: Any, recurring: Located, usable: Located, diag: DiagnosticSink) -> Located:
    """The occurrences of the recurring events (with their moved ones), each paired with
    the line its master event starts on."""
    if not recurring:
        return []
    import icalendar
    import recurring_ical_events

    masters = [(c, ln) for c, ln in recurring if c.get("RECURRENCE-ID") is None]
    if not masters:  # moved occurrences of nothing: each stands as it is
        return recurring
    first = min((s for c, _ in masters if isinstance(s := _when(c, "DTSTART"), datetime)),
                key=_naive_key)
    last = max([_when(c, "DTEND") or _when(c, "DTSTART") for c, _ in usable] or [first],
               key=_naive_key)
    # Rules end at UNTIL, or after COUNT occurrences (within the cap); an open-ended one
    # is expanded for RECURRENCE_YEARS.
    cap = first + timedelta(days=366 * 5)
    open_ended = False
    for comp, _ in masters:
        rule = comp.get("RRULE")
        rules = rule if isinstance(rule, list) else [rule] if rule is not None else []
        for r in rules:
            until = r.get("UNTIL")
            if until:
                last = max(last, until[0], key=_naive_key)
            elif r.get("COUNT"):
                last = max(last, cap, key=_naive_key)
            else:
                open_ended = True
                last = max(last, first + timedelta(days=366 * RECURRENCE_YEARS), key=_naive_key)
        if comp.get("RDATE") is not None:
            last = max(last, cap, key=_naive_key)
    last = min(last, cap, key=_naive_key)
    mini = icalendar.Calendar()
    for key in ("X-WR-TIMEZONE",):
        if cal.get(key) is not None:
            mini.add(key, cal.get(key))
    for tz in cal.walk("VTIMEZONE"):
        mini.add_component(tz)
    line_of: dict[str, int | None] = {}
    for comp, line in recurring:
        mini.add_component(comp)
        line_of.setdefault(_value(comp, "UID"), line)
    try:
        found = recurring_ical_events.of(mini).between(_day(first), _day(last) + timedelta(days=2))
    except Exception as exc:  # the library raises several kinds on rules it cannot expand
        diag.error("recurrence", f"the recurring events cannot be expanded ({exc}); their "
                   "first occurrences are kept", recurring[0][1])
        return masters
    per_uid: Counter[str] = Counter()
    out = []
    for occ in found:
        uid = _value(occ, "UID")
        per_uid[uid] += 1
        if per_uid[uid] > MAX_OCCURRENCES:
            continue
        out.append((occ, line_of.get(uid)))
    for uid, n in per_uid.items():
        if n > MAX_OCCURRENCES:
            diag.warning("recurrence", f"the recurring event {uid!r} has {n} occurrences; only "
                         f"the first {MAX_OCCURRENCES} are kept", line_of.get(uid))
    if open_ended:
        diag.info("recurrence", f"an open-ended recurring event is expanded for "
                  f"{RECURRENCE_YEARS} year from its first occurrence", masters[0][1])
    return out


def _naive_key(dt: date | datetime) -> datetime:
    if not isinstance(dt, datetime):
        return datetime(dt.year, dt.month, dt.day)
    return dt.astimezone(timezone.utc).replace(tzinfo=None) if dt.tzinfo else dt


def _day(dt: date | datetime) -> date:
    return _naive_key(dt).date()


def _start(comp: Any, floating: Any) -> datetime | None:
    start = _when(comp, "DTSTART")
    if not isinstance(start, datetime):
        return None
    return start.replace(tzinfo=floating) if start.tzinfo is None else start


def _calendar_owner(found: list[tuple[Any, int | None]], diag: DiagnosticSink) -> str | None:
    """An ORGANIZER named on most events is whoever keeps the calendar, not a speaker."""
    counts = Counter(name for comp, _ in found for name in _people(comp, "ORGANIZER"))
    if not counts:
        return None
    name, n = counts.most_common(1)[0]
    if n >= 5 and n * 2 > len(found):
        diag.info("organizer", f"{name!r} organizes {n} of the {len(found)} events, so is "
                  "taken for the calendar's keeper, not a speaker", None)
        return name
    return None


def _event(comp: Any, line: int | None, floating: Any, owner: str | None, pretalx: bool,
           diag: DiagnosticSink) -> Event | None:
    start = _start(comp, floating)
    if start is None:
        return None
    title = _value(comp, "SUMMARY")
    end = _when(comp, "DTEND")
    duration = _when(comp, "DURATION")
    if isinstance(end, datetime):
        end = end.replace(tzinfo=floating) if end.tzinfo is None else end
    elif isinstance(duration, timedelta):
        end = start + duration
    else:
        diag.info("no-end", f"{title or 'an untitled event'!r} has no end; as iCalendar says, "
                  "it ends when it starts", line)
        end = start
    if end < start:
        diag.warning("end-before-start", f"{title!r} ends before it starts; it is given no "
                     "length", line)
        end = start

    names = [n for n in _people(comp, "ORGANIZER") if n != owner] + _people(comp, "ATTENDEE")
    people: list[Speaker] = [sp for n in names if (sp := speaker(n)) is not None]
    description = _value(comp, "DESCRIPTION")
    url = _value(comp, "URL") or None
    m = _URL_ONLY.match(description)
    if m:
        url = url or m.group(1)
        description = ""
    for found in _SPEAKERS_LINE.finditer(description):
        people += speakers_from_line(found.group(1))
    description = _SPEAKERS_LINE.sub("", description)

    kind: SessionKind | None = None
    titled = title_kind(title)
    track = None
    for category in _categories(comp):
        category_kind = type_kind(category)
        if category_kind is not None and kind is None:
            kind = category_kind
        elif track is None:
            track = category
    by = _BY.match(title)
    if by and type_kind(by.group("kind")) is not None:
        who = by.group("who").strip()
        if looks_like_name(who.split(",")[0].strip()):
            people += speakers_from_line(who)
        title = by.group("title").strip() or title
        kind = kind or titled or type_kind(by.group("kind"))
    elif pretalx and " - " in title:
        head, _, tail = title.rpartition(" - ")
        if head and all(looks_like_name(n.strip()) for n in tail.split(",") if n.strip()):
            title = head
            people += speakers_from_line(tail)
    location = _value(comp, "LOCATION") or None
    if location and _URL_ONLY.match(location):
        url, location = url or location, None
    links = [{"label": str(getattr(a, "params", {}).get("FMTTYPE") or "attachment"),
              "url": str(a).strip()}
             for a in _list(comp.get("ATTACH")) if str(a).strip().startswith(("http://", "https://"))]
    uid = _value(comp, "UID") or None
    rid = _when(comp, "RECURRENCE-ID")
    if uid and rid is not None:
        uid = f"{uid} {rid.isoformat()}"
    return Event(
        title=title, start=start, end=end, line=line, uid=uid,
        kind=kind or titled or SessionKind.TALK, speakers=unique(people),
        abstract=plain_text(description), room=location, track=track, url=url, links=links,
    )


def _list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _categories(comp: Any) -> list[str]:
    out = []
    for value in _list(comp.get("CATEGORIES")):
        cats = getattr(value, "cats", None)
        for c in cats if cats is not None else str(value).split(","):
            c = " ".join(str(c).split())
            if c:
                out.append(c)
    return out
