"""Mini-Conf's `main_calendar.json`: the timed events of a virtual conference.

The shape (Mini-Conf's sitedata/main_calendar.json, made by scripts/parse_calendar.py)::

    [{"title": "Live Q&A: Michael I. Jordan", "start": "2020-04-30T19:00:00+00:00",
      "end": "2020-04-30T19:30:00+00:00", "location": "https://…/speaker_8.html",
      "link": "https://…/speaker_8.html", "category": "time", "calendarId": "qa"}, …]

Each entry is a standalone session.  A location that is a web address (a virtual
conference's rooms are pages) is the event's link, not a room.  The file names no
zone; its offsets say where the times are.  It carries no ids, so talks get today's
title-based ids.
"""

from __future__ import annotations

import json
from typing import Any

from ..diagnostics import DiagnosticSink
from ..model import Schedule
from ..zones import get_zone
from .base import ParseOptions
from .papers import gc_paused
from .events import (
    UNREAD, read_json,
    Event, LineFinder, ProgramBuilder, empty_schedule, kind_of, parse_instant,
    program_schedule, program_zone, unreadable, year_of,
)

NAME = "miniconf-calendar"
TITLE = "Mini-Conf main_calendar.json"
DEFAULT_CONFERENCE = "Mini-Conf"



def sniff(text: str) -> float:
    head = text[:2048].lstrip("\ufeff \t\r\n")
    if not head.startswith("[") or not all(k in head for k in ('"title"', '"start"', '"end"')):
        return 0.0
    return 0.9 if '"calendarId"' in head or '"category"' in head else 0.7


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        return _parse(text, options)


def _parse(text: str, options: ParseOptions) -> Schedule:
    diag = DiagnosticSink(options.source)
    conference = options.conference or DEFAULT_CONFERENCE
    data = read_json(text, diag)
    if data is UNREAD:
        return empty_schedule(options, NAME, conference, diag)
    if not isinstance(data, list):
        unreadable(diag, "it is not a list of events", 1)
        return empty_schedule(options, NAME, conference, diag)
    if not options.conference:
        diag.info("no-conference", f"a main_calendar.json names no conference; its events "
                  f"are filed under {DEFAULT_CONFERENCE!r} (name it in a .toml beside the "
                  "file)", 1)
    lines = LineFinder(text)
    found = []
    for entry in data:
        if not isinstance(entry, dict):
            diag.error("not-an-event", f"an entry is not an object: {json.dumps(entry)[:60]}; "
                       "left out")
            continue
        title = " ".join(_str(entry.get("title")).split())
        line = lines.find(json.dumps(title)) or lines.find(json.dumps(title, ensure_ascii=False))
        start, end = parse_instant(_str(entry.get("start"))), parse_instant(_str(entry.get("end")))
        if start is None:
            diag.error("no-time", f"{title or 'an untitled event'!r} has no readable start "
                       f"({_str(entry.get('start')) or 'none'}); left out", line)
            continue
        if end is None or (end.tzinfo is None) != (start.tzinfo is None) or end < start:
            diag.warning("no-end", f"{title!r} has no readable end; it is given none", line)
            end = start
        found.append((entry, title, start, end, line))
    stated = [s for _, _, s, _, _ in found if s.tzinfo is not None]
    zone_name = program_zone(diag, option=options.timezone, stated=stated,
                             floating=len(stated) < len(found))
    zone = get_zone(zone_name)
    first = min((s if s.tzinfo else s.replace(tzinfo=zone) for _, _, s, _, _ in found),
                key=lambda d: d.timestamp(), default=None)
    year = options.year or year_of(first)
    builder = ProgramBuilder(conference, year, diag)
    for entry, title, start, end, line in found:
        if start.tzinfo is None:
            start, end = start.replace(tzinfo=zone), end.replace(tzinfo=zone)
        location = " ".join(_str(entry.get("location")).split()) or None
        link = _str(entry.get("link")).strip() or None
        if location and location.startswith(("http://", "https://")):
            link, location = link or location, None
        category = _str(entry.get("calendarId")).strip("- ")
        builder.add(Event(
            title=title, start=start, end=end, line=line, kind=kind_of(category, title),
            room=location, url=link if link and link.startswith(("http://", "https://")) else None,
        ))
    return program_schedule(options, NAME, conference, year, zone_name, builder, diag)
