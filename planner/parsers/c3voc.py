"""The c3voc `schedule.json` that frab, pretalx and the CCC hub export.

Two shapes (the c3voc schemas: validator/json/schema.json and schema2.json in
voc/schedule)::

    {"schedule": {"conference": {"title": "…", "time_zone_name": "Europe/Berlin",
        "days": [{"date": "…", "day_start": "…", "rooms": {"Curie": [event, …]}}]}}}

    {"schedule": {"conference": {…, "rooms": […], "tracks": [{"name", "slug"}]},
                  "events": [{"guid", "start": "…+01:00", "end": "…+01:00",
                              "room": {"name"}, "track": {"slug"}, "participants": […]}]}}

A version-1 event (frab, pretalx) has `date` (its exact start with offset), `start`
(HH:MM, for files without `date`) and `duration` (HH:MM); a "schedule 2" event (the
hub) has ISO `start` and `end`, a duration in ISO 8601 if any, room and track as
references, texts possibly per language, and a `state` (cancelled events are left
out).  People are `persons` (`public_name` or `name`) or `participants` (speakers
and moderators first).  Ids come from the event's guid, else its pretalx code, else
its id.  Line numbers are found by the event's guid in the text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from ..diagnostics import DiagnosticSink
from ..model import Schedule
from ..zones import get_zone
from .base import ParseOptions
from .papers import gc_paused
from .events import (
    UNREAD, read_json,
    Event, LineFinder, ProgramBuilder, empty_schedule, join_texts, kind_of, local,
    parse_clock, parse_date, parse_duration, parse_instant, plain_text, program_schedule,
    program_zone, source_stem, speaker, unique, unreadable, web_address, year_of,
)

NAME = "schedule-json"
TITLE = "c3voc/pretalx/frab schedule.json"

_CANCELLED = {"CANCELED", "CANCELLED", "WITHDRAWN", "DELETED", "REJECTED"}
_SPEAKING_ROLES = {"SPEAKER", "MODERATOR", "HOST"}



def sniff(text: str) -> float:
    head = text[:4096].lstrip("\ufeff \t\r\n")
    if not head.startswith("{"):
        return 0.0
    if '"schedule"' in head and '"conference"' in head:
        return 0.98
    if '"conference"' in head and ('"days"' in head or '"events"' in head):
        return 0.9
    return 0.6 if '"schedule"' in head[:300] else 0.0


def _str(value: Any) -> str:
    """A text field: a string, a number, or the English (else first) of a language map."""
    if type(value) is str:
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, dict):
        for key in ("en", "name", *value.keys()):
            got = value.get(key)
            if isinstance(got, str):
                return got
    return ""


def _one_line(value: Any) -> str:
    return " ".join((value if type(value) is str else _str(value)).split())


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _events(sch: dict[str, Any], conf: dict[str, Any]) -> Iterator[tuple[dict[str, Any],
                                                                      dict[str, Any], str]]:
    """(day, event, room name from the rooms map) for every event, in file order."""
    for day in _list(conf.get("days")):
        day = _dict(day)
        for room, events in _dict(day.get("rooms")).items():
            for ev in _list(events):
                yield day, ev, room
    for ev in _list(sch.get("events")):
        yield {}, ev, ""


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        return _parse(text, options)


def _parse(text: str, options: ParseOptions) -> Schedule:
    diag = DiagnosticSink(options.source)
    data = read_json(text, diag)
    if data is UNREAD:
        return empty_schedule(options, NAME, options.conference or source_stem(options.source),
                              diag)
    root = _dict(data)
    sch = _dict(root.get("schedule")) or root
    conf = _dict(sch.get("conference"))
    conference = options.conference or _one_line(conf.get("title")) or \
        _one_line(conf.get("acronym")) or source_stem(options.source)
    if not conf:
        unreadable(diag, "it has no schedule.conference, so it is no c3voc schedule.json", 1)
        return empty_schedule(options, NAME, conference, diag)
    base = _str(sch.get("base_url")).strip() or _str(conf.get("base_url")).strip() or None
    tracks = {_str(t.get("slug")): _one_line(t.get("name")) for t in map(_dict, _list(
        conf.get("tracks"))) if t.get("slug")}

    lines = LineFinder(text)
    raw: list[tuple[dict[str, Any], str, str, datetime | None, Any, int | None]] = []
    stated: list[datetime] = []
    seen: set[str] = set()
    for day, ev, room in _events(sch, conf):
        if not isinstance(ev, dict):
            diag.error("not-an-event", f"an entry of the events is not an object: "
                       f"{json.dumps(ev)[:60]}; left out")
            continue
        guid = _str(ev.get("guid")).strip()
        line = lines.find(f'"{guid}"') if guid else None
        if guid and guid in seen and not day:
            continue  # a file with both shapes lists its events twice
        if guid:
            seen.add(guid)
        title = _one_line(ev.get("title"))
        state = ev.get("state")
        if state and _str(state).upper() in _CANCELLED:
            state = _str(state).upper()
            diag.info("cancelled", f"{title or 'an untitled event'!r} is {state.lower()}; "
                      "left out", line)
            continue
        exact = parse_instant(_str(ev.get("date"))) or parse_instant(_str(ev.get("start")))
        wall = None
        if exact is None or exact.tzinfo is None:
            when = parse_date(_str(day.get("date")))
            clock = parse_clock(_str(ev.get("start")))
            if exact is not None:  # a local date-time: placed in the zone below
                wall, exact = exact, None
            elif when is not None and clock is not None:
                turn = parse_instant(_str(day.get("day_start")))
                if turn is not None and turn.date() == when and clock < turn.time():
                    when += timedelta(days=1)
                wall = datetime.combine(when, clock)
            else:
                diag.error("no-time", f"{title or 'an untitled event'!r} has no readable "
                           "date and start time; left out", line)
                continue
        else:
            stated.append(exact)
        raw.append((ev, title, room, exact, wall, line))

    zone_name = program_zone(
        diag, option=options.timezone, declared=_str(conf.get("time_zone_name")).strip() or None,
        declared_by="time_zone_name", stated=stated,
        floating=any(w is not None for *_, w, _ in raw),
    )
    zone = get_zone(zone_name)
    first = min((e or local(w.date(), w.time(), zone) for *_, e, w, _ in raw),
                key=lambda d: d.timestamp(), default=None)
    year = options.year or year_of(parse_date(_str(conf.get("start"))), first)
    builder = ProgramBuilder(conference, year, diag)
    for ev, title, room, exact, wall, line in raw:
        start = exact or local(wall.date(), wall.time(), zone)
        _add_event(builder, ev, title, room, start, tracks, base, line, diag)
    return program_schedule(options, NAME, conference, year, zone_name, builder, diag)


def _people(ev: dict[str, Any]) -> list[Any]:
    persons = ev.get("persons")
    if persons and type(persons) is list:
        return [p.get("public_name") or p.get("name") if type(p) is dict else p
                for p in persons]
    participants = [p for p in map(_dict, _list(ev.get("participants"))) if p]
    speaking = [p for p in participants if _str(p.get("role")).upper() in _SPEAKING_ROLES]
    return [p.get("name") for p in speaking or participants]


def _links(ev: dict[str, Any], base: str | None, builder: ProgramBuilder,
           line: int | None) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    if not ev.get("links") and not ev.get("attachments"):
        return out
    for group in ("links", "attachments"):
        for item in _list(ev.get(group)):
            if isinstance(item, str):
                url, label = item, group[:-1]
            else:
                item = _dict(item)
                url = _str(item.get("url"))
                label = _one_line(item.get("title")) or _str(item.get("type")).lower() or \
                    group[:-1]
            address = web_address(url, base)
            if url.strip() and not address:
                builder.unusable_link(url, line)
            if address:
                out.append({"label": label, "url": address})
    return out


def _add_event(builder: ProgramBuilder, ev: dict[str, Any], title: str, room: str,
               start: datetime, tracks: dict[str, str], base: str | None, line: int | None,
               diag: DiagnosticSink) -> None:
    get = ev.get
    end = parse_instant(_str(get("end"))) if "end" in ev else None
    duration = parse_duration(_str(get("duration")))
    if end is not None and end.tzinfo is not None and end >= start:
        pass
    elif duration is not None:
        end = start + duration
    else:
        diag.warning("no-duration", f"{title or 'an untitled event'!r} has no readable end "
                     "or duration; it is given none", line)
        end = start
    room_field = get("room")
    room_name = _one_line(room_field.get("name") if type(room_field) is dict else room_field)
    track_field = get("track")
    if type(track_field) is dict:
        slug = _str(track_field.get("slug"))
        track = _one_line(track_field.get("name")) or tracks.get(slug) or slug
    else:
        track = _one_line(track_field)
    people = [sp for name in _people(ev) if (sp := speaker(_str(name))) is not None]
    guid = _str(get("guid")).strip()
    if guid:
        ident: str | None = guid
    else:
        code, number = _str(get("code")).strip(), _str(get("id"))
        ident = f"code:{code}" if code else f"id:{number}" if number else None
    abstract = join_texts(_one_line(get("subtitle")), plain_text(_str(get("abstract"))),
                          plain_text(_str(get("description"))))
    url = get("url")
    builder.add(Event(
        title, start, end, line, ident, kind_of(_str(get("type")), title),
        unique(people), abstract, room_name or room or None, track or None,
        web_address(_str(url), base) if url else None, _links(ev, base, builder, line),
        _one_line(get("language")) or None,
    ))
