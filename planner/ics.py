"""The only module that writes iCalendar: talks become VEVENTs (papers VTODOs).

What calendar apps get wrong with conference exports, and how this avoids it:

* Times off by an hour.  Every DTSTART/DTEND carries the schedule's IANA zone as
  TZID, and the calendar holds a VTIMEZONE for each TZID it uses (built by icalendar
  from zoneinfo for the calendar years of the events), so nothing is floating and no
  pytz LMT offset can sneak in.  UTC schedules are written with `Z` instead.
* Duplicates after re-import.  The UID is `<talk id>@<conference key>.planner`: the
  talk id is derived from the conference and the title, so the same talk always gets
  the same UID and a re-import updates it.  SEQUENCE and LAST-MODIFIED come from the
  export state kept in the agenda: they rise only when what is written changed.
* Broken text.  icalendar does the escaping and the folding (75 octets, never inside
  a UTF-8 character); this module only normalises what TEXT cannot carry (a CR, other
  control characters), so the text read back equals the text written.

`build_calendar` is pure: the same entries, clock value and previous state give the
same bytes.  `planner.export` does the "picks -> file" job around it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, Timezone, Todo, vText

from . import lifecycle
from .catalog import Entry
from .errors import PlannerError
from .ids import conference_key
from .model import Schedule, Session, Talk
from .views.shared import display_title
from .text import squash
from .vtimezone import build_vtimezone
from .walltime import is_ambiguous
from .zones import get_zone

PRODID = "-//planner//planner conference schedule export//EN"
ESTIMATED_NOTE = "Times are estimated: the program gives only session start times."
ESTIMATED_CATEGORY = "Estimated time"
UNTITLED = "Untitled talk"

ExportState = dict[str, dict[str, Any]]

# TEXT values cannot carry CR or other control characters (RFC 5545 3.3.11); a CR LF
# or lone CR becomes the LF that `\n` stands for, the rest are dropped.
_NEWLINES = re.compile(r"\r\n?")
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_ALARM_PART = re.compile(r"(\d+)\s*(min|d|h|m|s)?", re.IGNORECASE)
_ALARM_UNITS = {"d": 86400, "h": 3600, "m": 60, "min": 60, "s": 1, None: 60}
_MAX_ALARM = timedelta(days=28)


def clean_text(text: str) -> str:
    """`text` as iCalendar TEXT can carry it: newlines as LF, no other controls."""
    return _CONTROLS.sub("", _NEWLINES.sub("\n", text))


def event_uid(schedule: Schedule, talk: Talk) -> str:
    """Stable forever for this talk: never random, never from the clock."""
    key = conference_key(schedule.conference, schedule.year).replace(" ", "-") or "conference"
    return f"{talk.id}@{key}.planner"


def parse_alarm(spec: str) -> timedelta:
    """`10m`, `1h`, `1h30m`, `2d`, `90s` or plain minutes (`15`) before the start."""
    text = spec.strip().lower().replace(" ", "")
    pos, total = 0, 0
    while pos < len(text):
        m = _ALARM_PART.match(text, pos)
        if m is None:
            break
        digits = m.group(1)
        # Ten digits are past four weeks in any unit; more would only overflow timedelta.
        total += (int(digits) if len(digits) < 10 else 10**10) * _ALARM_UNITS[m.group(2)]
        pos = m.end()
    if not text or pos != len(text):
        raise PlannerError(
            f"Alarm {spec!r} is not a duration; use minutes like 10m, hours like 1h, or 1h30m."
        )
    if total > _MAX_ALARM.total_seconds():
        raise PlannerError(f"Alarm {spec!r} is more than four weeks before the talk.")
    return timedelta(seconds=total)


@dataclass(frozen=True)
class _Item:
    """What one talk exports as, in plain values: hashed for state, then written."""

    uid: str
    todo: bool
    summary: str
    description: str
    start: datetime | None
    end: datetime | None
    categories: tuple[str, ...]
    location: str | None
    url: str | None

    def content_hash(self, alarms: Sequence[timedelta]) -> str:
        utc = [d.astimezone(timezone.utc).isoformat() if d else None for d in (self.start, self.end)]
        zones = [_tzid(d) for d in (self.start, self.end)]
        payload = [
            self.todo, self.summary, self.description, utc, zones, list(self.categories),
            self.location, self.url, [int(a.total_seconds()) for a in alarms],
        ]
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        return hashlib.blake2b(data, digest_size=12).hexdigest()


@dataclass
class CalendarBuild:
    """The written calendar and what goes back into the agenda's export state."""

    data: bytes
    state: ExportState  # previous state with the exported items updated
    events: list[str] = field(default_factory=list)  # UIDs of the VEVENTs, in file order
    todos: list[str] = field(default_factory=list)  # UIDs of the VTODOs
    left_out: list[Talk] = field(default_factory=list)  # untimed talks not written
    changed: list[str] = field(default_factory=list)  # UIDs whose SEQUENCE rose
    cancelled: list[str] = field(default_factory=list)  # UIDs written as STATUS:CANCELLED


def _tzid(dt: datetime | None) -> str | None:
    return getattr(dt.tzinfo, "key", None) if dt is not None else None


def _zone_for(schedule: Schedule) -> ZoneInfo | timezone:
    zone = get_zone(schedule.timezone)
    return timezone.utc if zone.key in ("UTC", "Etc/UTC", "Zulu") else zone


def describe(schedule: Schedule, session: Session | None, talk: Talk, note: str = "") -> str:
    """The user's note, an estimate note, speakers, session, the source's notes, the
    abstract and the speaker's bio, as plain lines.

    The user's note comes first (what they wrote for the moment the alarm rings), then
    the estimate note: the DESCRIPTION's first lines are what Google, Apple and Outlook
    show under the title in their event pop-ups and lists."""
    head = [f"My note: {note}"] if note else []
    if talk.timed and _estimated(session, talk):
        head.append(ESTIMATED_NOTE)
    if talk.speakers:
        head.append("Speakers: " + ", ".join(
            f"{s.name} ({s.affiliation})" if s.affiliation else s.name for s in talk.speakers))
    if session is not None:
        head.append(f"Session: {session.title} ({schedule.label})")
    else:
        head.append(f"From: {schedule.label}")
    if talk.track:
        head.append(f"Track: {talk.track}")
    head += [f"{link.label}: {link.url}" for link in talk.links]
    head += talk.notes  # what the source said beside the talk: venue, subject
    parts = ["\n".join(head)]
    if talk.abstract:
        parts.append(talk.abstract)
    if talk.bio:
        parts.append(f"About the speaker:\n{talk.bio}")
    return clean_text("\n\n".join(parts))


def _estimated(session: Session | None, talk: Talk) -> bool:
    return talk.any_estimated or (session is not None and session.estimated)


def _item(schedule: Schedule, session: Session | None, talk: Talk, uid: str | None = None,
          note: str = "") -> _Item:
    zone = _zone_for(schedule)
    timed = talk.timed
    kind = session.kind.value.capitalize() if session is not None else ("Talk" if timed else "Paper")
    return _Item(
        uid=uid or event_uid(schedule, talk),
        todo=not timed,
        summary=clean_text(display_title(talk) if talk.title.strip() else UNTITLED),
        description=describe(schedule, session, talk, note),
        start=talk.start.astimezone(zone) if timed else None,  # type: ignore[union-attr]
        end=talk.end.astimezone(zone) if timed else None,  # type: ignore[union-attr]
        # A category of its own, so a calendar app can colour or filter guessed slots.
        categories=(kind, ESTIMATED_CATEGORY) if timed and _estimated(session, talk) else (kind,),
        location=clean_text(talk.location or (session.location if session else None) or "") or None,
        url=clean_text(talk.url) if talk.url else None,
    )


def _sort_key(item: _Item) -> tuple:
    when = item.start.astimezone(timezone.utc) if item.start else datetime.max.replace(tzinfo=timezone.utc)
    return (item.todo, when, item.summary.casefold(), item.uid)


def _stamp(dt: datetime) -> datetime:
    return dt.astimezone(timezone.utc).replace(microsecond=0)


def _component(item: _Item, now: datetime, sequence: int, modified: datetime,
               alarms: Sequence[timedelta]) -> Event | Todo:
    comp: Event | Todo = Todo() if item.todo else Event()
    comp.add("UID", item.uid)
    comp.add("DTSTAMP", now)
    if item.start is not None:
        start, end = written_times(item.start, item.end)  # type: ignore[arg-type]
        comp.add("DTSTART", start)
        comp.add("DTEND", end)
        comp.add("STATUS", "CONFIRMED")  # undoes an earlier export's CANCELLED
    else:
        comp.add("STATUS", "NEEDS-ACTION")
    comp.add("SEQUENCE", sequence)
    comp.add("LAST-MODIFIED", modified)
    comp.add("SUMMARY", item.summary)
    comp.add("DESCRIPTION", item.description)
    if item.location:
        comp.add("LOCATION", item.location)
    comp.add("CATEGORIES", list(item.categories))
    if item.url:
        comp.add("URL", item.url)
    if item.start is not None:
        for before in alarms:
            alarm = Alarm()
            alarm.add("ACTION", "DISPLAY")
            alarm.add("DESCRIPTION", item.summary)
            alarm.add("TRIGGER", -before)
            comp.add_component(alarm)
    return comp


def written_times(start: datetime, end: datetime) -> tuple[datetime, datetime]:
    """DTSTART and DTEND as written: in UTC when either wall time happens twice (the
    hour repeated when clocks go back), so no reader has to guess which one is meant;
    and never an end before the start."""
    if is_ambiguous(start) or is_ambiguous(end):
        start, end = start.astimezone(timezone.utc), end.astimezone(timezone.utc)
    if end.astimezone(timezone.utc) < start.astimezone(timezone.utc):
        end = start
    return start, end


def _timezones(times: Iterable[datetime]) -> list[Timezone]:
    """One VTIMEZONE per TZID used, right for every year its events fall in."""
    years: dict[str, tuple[ZoneInfo, int, int]] = {}
    for dt in times:
        key = _tzid(dt)
        if key is None:
            continue  # UTC: written with Z
        zone, lo, hi = years.get(key, (dt.tzinfo, dt.year, dt.year))  # type: ignore[assignment]
        years[key] = (zone, min(lo, dt.year), max(hi, dt.year))
    return [build_vtimezone(zone, lo, hi) for _, (zone, lo, hi) in sorted(years.items())]


def build_calendar(
    entries: Iterable[Entry],
    *,
    calendar_name: str,
    now: datetime,
    alarms: Sequence[timedelta] = (),
    previous: ExportState | None = None,
    include_papers: bool = False,
    cancel: Iterable[str] = (),
    picked: bool = False,
    notes: Mapping[str, str] | None = None,
) -> CalendarBuild:
    """The calendar for `entries`, and the export state to keep for next time.

    `notes` (talk id -> the user's note) go first in each DESCRIPTION.
    `now` (from `planner.clock.now()`) is the DTSTAMP, and the LAST-MODIFIED of an
    item that is new or changed since `previous`; an unchanged item keeps its
    SEQUENCE and LAST-MODIFIED, so identical inputs give identical bytes.  The UIDs
    in `cancel` (events of `previous` no longer wanted, see `planner.lifecycle`) are
    written as STATUS:CANCELLED.  `picked`: the entries are the user's picks.
    """
    now = _stamp(now)
    alarm_list = sorted(set(alarms), reverse=True)
    state: ExportState = {uid: dict(v) for uid, v in (previous or {}).items()}
    kept_uids = lifecycle.uids_by_talk(state)
    result = CalendarBuild(data=b"", state=state)
    items: dict[str, _Item] = {}
    labels: dict[str, tuple[str, str]] = {}
    for schedule, session, talk in entries:
        if not talk.timed and not include_papers:
            result.left_out.append(talk)
            continue
        item = _item(schedule, session, talk, kept_uids.get(talk.id),
                     (notes or {}).get(talk.id, ""))
        items.setdefault(item.uid, item)  # the same talk twice is one event
        labels.setdefault(item.uid, (talk.id, schedule.label))
    ordered = sorted(items.values(), key=_sort_key)

    cal = Calendar()
    cal.add("PRODID", PRODID)
    cal.add("VERSION", "2.0")
    cal.add("CALSCALE", "GREGORIAN")
    cal.add("METHOD", "PUBLISH")
    # icalendar 7 treats NAME and X-WR-CALNAME as unknown (unescaped) values; both are
    # TEXT to calendar apps (RFC 7986), so escape them as TEXT, on one line.
    name = vText(squash(clean_text(calendar_name)))
    cal.add("NAME", name)
    cal.add("X-WR-CALNAME", name)
    written = [t for item in ordered if item.start is not None
               for t in written_times(item.start, item.end)]  # type: ignore[arg-type]
    for tz in _timezones(written):
        cal.add_component(tz)
    for item in ordered:
        digest = item.content_hash(alarm_list if not item.todo else ())
        prev = state.get(item.uid)
        sequence, modified = lifecycle.next_version(prev, digest, now)
        if prev is not None and sequence != prev.get("sequence", sequence):
            result.changed.append(item.uid)
        talk_id, label = labels[item.uid]
        state[item.uid] = {
            "hash": digest, "sequence": sequence, "last_modified": modified.isoformat(),
            **lifecycle.remembered(item.start, item.end, item.summary, talk_id, label,
                                   picked or bool((prev or {}).get("picked"))),
        }
        cal.add_component(_component(item, now, sequence, modified, alarm_list))
        (result.todos if item.todo else result.events).append(item.uid)
    for uid in cancel:
        if uid in state and uid not in items:
            cal.add_component(lifecycle.cancelled_event(uid, state[uid], now))
            result.cancelled.append(uid)
    lifecycle.prune(state, now)
    result.data = cal.to_ical()
    return result
