"""frab and Pentabarf `schedule.xml`: `<schedule><day><room><event>`.

The shape (the c3voc XSD: validator/xsd/schedule.xml.xsd in voc/schedule)::

    <schedule>
      <conference><title>FOSDEM 2024</title><city>Brussels</city>
        <day_change>09:00:00</day_change> [<time_zone_name>Europe/Brussels</time_zone_name>]
      </conference>
      <day index="1" date="2024-02-03" [start="…+01:00" end="…"]>
        <room name="Janson">
          <event id="10528" [guid="…"]>
            [<date>2024-02-03T10:30:00+01:00</date>] <start>10:30</start> <duration>01:00</duration>
            <room>Janson</room> <title>…</title> <subtitle/> <track>…</track> <type>devroom</type>
            <language>en</language> <abstract>…</abstract> <description>…</description>
            <persons><person id="1774">Pauline Maas</person></persons>
            <links><link href="https://…">Slides</link></links> [<url>…</url>]
          </event>

Pentabarf (FOSDEM 2007) puts events straight under `<day>`.  An event's `<date>` is
its exact start; without one, the day's date and `<start>`, where a start before
`day_change` (or before the day's own start) belongs to the next calendar date: a
congress day runs until 04:00.  Abstracts may be HTML; they are made plain.

XML is read with lxml in recovery mode with entities left unexpanded and no network,
so an entity bomb or an external entity reads nothing it should not, and a truncated
file keeps the events before the damage.  Ids come from the event's guid, else its id
attribute.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from typing import Any

from ..diagnostics import DiagnosticSink
from ..model import Schedule
from ..zones import get_zone
from .base import ParseOptions
from .papers import gc_paused
from .events import (
    Event, ProgramBuilder, empty_schedule, join_texts, kind_of, local, parse_clock,
    parse_date, parse_duration, parse_instant, plain_text, program_schedule, program_zone,
    source_stem, speaker, unique, unreadable, web_address, year_of,
)

NAME = "frab-xml"
TITLE = "frab/Pentabarf schedule.xml"

# The document element's name, after the declaration, comments and a DOCTYPE.
_ROOT = re.compile(
    r"\s*(?:<\?.*?\?>\s*|<!--.*?-->\s*|<!DOCTYPE[^\[>]*(?:\[.*?\])?\s*>\s*)*<([A-Za-z_][\w.:-]*)",
    re.DOTALL | re.IGNORECASE)
_MAX_REPORTED = 20  # XML errors listed one by one; the rest are counted


def _root_tag(text: str) -> str | None:
    m = _ROOT.match(text[:65536].lstrip("\ufeff"))
    return m.group(1) if m else None


def sniff(text: str) -> float:
    if _root_tag(text) != "schedule":
        return 0.0
    head = text[:200_000]
    if "<event" in head or "<day" in head:
        return 0.98
    return 0.6 if "<conference" in head else 0.4


# -- reading the XML --------------------------------------------------------------------

def _text(el: Any) -> str:
    if el is None:
        return ""
    if len(el):
        return "".join(el.itertext())
    return el.text or ""


def _children(el: Any) -> dict[str, Any]:
    """An element's children by tag (the first of each), in one pass."""
    out: dict[str, Any] = {}
    for child in el:
        tag = child.tag
        if isinstance(tag, str) and tag not in out:
            out[tag] = child
    return out


def _read_xml(text: str, diag: DiagnosticSink) -> Any:
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
        recover=True, remove_comments=True, remove_pis=True, encoding="utf-8",
    )
    try:
        root = etree.fromstring(text.encode("utf-8", "surrogatepass"), parser)
    except etree.XMLSyntaxError as exc:
        root = None
        first = (exc.lineno, str(exc))
    else:
        first = None
    errors = [(e.line, e.message) for e in parser.error_log]
    if root is None:
        line, message = first or (errors[0] if errors else (None, "no document element"))
        unreadable(diag, f"the XML cannot be read: {message.rstrip('.')}", line)
        return None
    for line, message in errors[:_MAX_REPORTED]:
        diag.error("xml", f"XML damaged here ({message.strip().rstrip('.')}); what follows "
                   "it may be missing", line)
    if len(errors) > _MAX_REPORTED:
        diag.error("xml", f"{len(errors) - _MAX_REPORTED} more XML errors")
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None:
        names = [e.name for e in dtd.iterentities()]
        if names:
            diag.warning("xml-entities",
                         f"the file declares its own XML entities ({', '.join(names[:5])}); "
                         "planner does not expand them, so they stay as written", 1)
    return root


# -- events ---------------------------------------------------------------------------

def _events(root: Any) -> Iterator[tuple[Any, Any, Any]]:
    """(day, room element or None, event) for every event, in file order."""
    for day in root.iter("day"):
        for child in day:
            if child.tag == "room":
                for ev in child.iter("event"):
                    yield day, child, ev
            elif child.tag == "event":
                yield day, None, child


class _Days:
    """When each day starts: its date, and the clock time before which a start belongs
    to the next calendar date (`day_change`, else the day's own start)."""

    def __init__(self, day_change: time | None) -> None:
        self.day_change = day_change
        self.cache: dict[int, tuple[date | None, time | None]] = {}

    def of(self, day: Any) -> tuple[date | None, time | None]:
        key = id(day)
        found = self.cache.get(key)
        if found is None:
            when = parse_date(day.get("date"))
            turn = self.day_change
            starts = parse_instant(day.get("start"))
            if starts is not None and when is None:
                when = starts.date()
            if turn is None and starts is not None and starts.date() == when:
                turn = starts.time()
            found = self.cache[key] = (when, turn)
        return found


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        return _parse(text, options)


def _parse(text: str, options: ParseOptions) -> Schedule:
    diag = DiagnosticSink(options.source)
    root = _read_xml(text, diag)
    conf_el = root.find("conference") if root is not None else None
    conf = _children(conf_el) if conf_el is not None else {}
    conference = options.conference or _text(conf.get("title")).strip() or \
        _text(conf.get("acronym")).strip() or source_stem(options.source)
    if root is None:
        return empty_schedule(options, NAME, conference, diag)
    first_day = parse_date(_text(conf.get("start"))) or parse_date(
        next((d.get("date") for d in root.iter("day")), None))
    year = options.year or year_of(first_day)
    day_change = parse_clock(_text(conf.get("day_change")))
    days = _Days(day_change)

    raw: list[tuple[Any, dict[str, Any], Any, datetime | None, tuple[date, time] | None]] = []
    stated: list[datetime] = []
    for day, room, ev in _events(root):
        fields = _children(ev)
        line = ev.sourceline
        exact = parse_instant(_text(fields.get("date")))
        if exact is not None and exact.tzinfo is None:
            exact = None  # a <date> without an offset is a local time like <start>
        wall = None
        if exact is None:
            when, turn = days.of(day)
            clock = parse_clock(_text(fields.get("start")))
            if when is None or clock is None:
                title = _text(fields.get("title")).strip() or "an untitled event"
                diag.error("no-time", f"{title!r} has no readable date and start time "
                           f"({_text(fields.get('start')).strip() or 'none'}); left out", line)
                continue
            if turn is not None and clock < turn:
                when += timedelta(days=1)  # after midnight: still the previous day's program
            wall = (when, clock)
        else:
            stated.append(exact)
        raw.append((ev, fields, room, exact, wall))

    damage = next((d for d in diag.items if d.code == "xml"), None)
    if not raw and damage is not None:
        # Nothing read and the XML is damaged: the damage is why (an entity bomb, a cut).
        unreadable(diag, "the XML is damaged before its first event", damage.line)
        return empty_schedule(options, NAME, conference, diag)
    zone_name = program_zone(
        diag, option=options.timezone, declared=_text(conf.get("time_zone_name")).strip() or None,
        declared_by="time_zone_name", city=_text(conf.get("city")).strip() or None,
        stated=stated, floating=any(w is not None for *_, w in raw),
    )
    zone = get_zone(zone_name)
    base = (_text(conf.get("base_url")) or _text(root.find("url"))).strip() or None
    builder = ProgramBuilder(conference, year, diag)
    for ev, fields, room, exact, wall in raw:
        _add_event(builder, ev, fields, room, exact or local(*wall, zone), base,  # type: ignore[misc]
                   diag)
    return program_schedule(options, NAME, conference, year, zone_name, builder, diag)


def _add_event(builder: ProgramBuilder, ev: Any, f: dict[str, Any], room_el: Any,
               start: datetime, base: str | None, diag: DiagnosticSink) -> None:
    line = ev.sourceline
    title = " ".join(_text(f.get("title")).split())
    duration = parse_duration(_text(f.get("duration")))
    end = parse_instant(_text(f.get("end")))
    if end is not None and end.tzinfo is not None and end > start:
        pass  # an exact end the file states
    elif duration is not None:
        end = start + duration
    else:
        diag.warning("no-duration",
                     f"{title or 'an untitled event'!r} has no readable duration "
                     f"({_text(f.get('duration')).strip() or 'none'}); it is given none", line)
        end = start
    room = " ".join(_text(f.get("room")).split()) or (
        room_el.get("name", "").strip() if room_el is not None else "") or None
    persons = f.get("persons")
    people = unique([sp for p in (persons.iter("person") if persons is not None else ())
                     if (sp := speaker(_text(p))) is not None])
    links = []
    for group, item in (("links", "link"), ("attachments", "attachment")):
        holder = f.get(group)
        if holder is None:
            continue
        for link in holder.iter(item):
            given = (link.get("href") or "").strip()
            href = web_address(given, base)
            if given and not href:
                builder.unusable_link(given, link.sourceline)
            if href:
                links.append({"label": " ".join(_text(link).split()) or item, "url": href})
    subtitle = " ".join(_text(f.get("subtitle")).split())
    abstract = join_texts(subtitle, plain_text(_text(f.get("abstract"))),
                          plain_text(_text(f.get("description"))))
    guid = (ev.get("guid") or "").strip()
    ident = guid or (f"id:{ev.get('id').strip()}" if (ev.get("id") or "").strip() else None)
    builder.add(Event(
        title=title, start=start, end=end, line=line, uid=ident,
        kind=kind_of(_text(f.get("type")), title), speakers=people, abstract=abstract,
        room=room, track=" ".join(_text(f.get("track")).split()) or None,
        url=web_address(_text(f.get("url")), base), links=links,
        language=_text(f.get("language")).strip() or None,
    ))
