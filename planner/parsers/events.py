"""What the machine-readable program formats share: timed events in, standalone sessions out.

frab/Pentabarf XML, the c3voc/pretalx JSON, a program's .ics and Mini-Conf's calendar
all list events with exact times, a room, a track, links and people.  Each reader
turns its events into `Event` records; `ProgramBuilder` makes each one a standalone
session holding its one talk:

* Ids come from the source's own identifier (frab guid, iCalendar UID, pretalx code),
  so a corrected title keeps the talk's id, its pick and its calendar UID.  An
  identifier that several events share (one UID on 67 events) identifies none of
  them: those events get today's title-based ids, and a warning says so.
* Times are exact, never estimated, and shown in the file's own zone
  (`program_zone` decides which that is and says how it knew).
* Kinds come from the event type (`lecture` is a talk, `workshop` a workshop ...),
  else from the title's first words.

Nothing here reads a file format; nothing here raises on bad input.  The shared
helpers for words and for times live in event_text and event_time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import TypeAdapter

from ..diagnostics import DiagnosticSink
from ..ids import IdAllocator, conference_key, digest, talk_id
from ..model import Schedule, Session, SessionKind, Speaker, Talk
from ..zones import get_zone
from .base import ParseOptions

# The readers import what they share from here: words (event_text), times and
# zones (event_time), and the builder below.
from .event_text import (  # noqa: F401
    LineFinder,
    join_texts,
    kind_of,
    plain_text,
    speaker,
    speakers_from_line,
    title_kind,
    type_kind,
    unique,
    web_address,
)
from .event_time import (  # noqa: F401
    fixed_zone_name,
    local,
    offset_text,
    parse_clock,
    parse_date,
    parse_duration,
    parse_instant,
    program_zone,
    zone_of_city,
)

SESSIONS = TypeAdapter(list[Session])
UNTITLED = "Untitled event"


@dataclass(slots=True)
class Event:
    """One timed event as a reader found it, before it becomes a session."""

    title: str
    start: datetime  # time-zone aware
    end: datetime
    line: int | None = None
    uid: str | None = None  # the source's own identifier (guid, UID, code, id)
    kind: SessionKind = SessionKind.TALK
    speakers: list[Speaker] = field(default_factory=list)
    abstract: str = ""
    room: str | None = None
    track: str | None = None
    url: str | None = None
    links: list[dict[str, str]] = field(default_factory=list)  # {label, url}: made Links in bulk
    language: str | None = None


# -- building -------------------------------------------------------------------------

class ProgramBuilder:
    """Makes a program's events into standalone sessions, with ids from the source."""

    def __init__(self, conference: str, year: int | None, diag: DiagnosticSink,
                 id_kind: str = "guid", id_label: str = "id") -> None:
        self.conf_key = conference_key(conference, year)
        self.diag = diag
        self.id_kind = id_kind  # what the source calls its identifiers, hashed into ids
        self.id_label = id_label  # ... and how a diagnostic names them ("guid", "UID")
        self.events: list[Event] = []
        self.left_out: list[tuple[str, int | None]] = []  # links with no usable address

    def add(self, event: Event) -> None:
        self.events.append(event)

    def unusable_link(self, given: str, line: int | None) -> None:
        """A link whose address cannot be opened (relative, with no base to resolve it
        against; another scheme): counted, and reported once when the sessions are made."""
        self.left_out.append((given, line))

    def _report_links(self) -> None:
        if not self.left_out:
            return
        n = len(self.left_out)
        given, line = self.left_out[0]
        self.diag.info("links-left-out",
                       f"{n} link{'s' if n != 1 else ''} give{'' if n != 1 else 's'} no web "
                       f"address planner can open (such as {given!r}: relative with no base "
                       "address, or not http); left out", line)

    def _ids(self, events: list[Event]) -> list[str]:
        counts = Counter(e.uid for e in events if e.uid)
        shared = {uid for uid, n in counts.items() if n > 1}
        for uid in sorted(shared, key=lambda u: -counts[u]):
            first = next(e.line for e in events if e.uid == uid)
            self.diag.warning(
                "shared-id",
                f"{counts[uid]} events share the {self.id_label} {uid!r}, so it tells none "
                "of them apart; their ids come from their titles instead (a corrected title "
                "then counts as a new talk)", first)
        allocator = IdAllocator()
        out = []
        for e in events:
            if e.uid and e.uid not in shared:
                base = digest(self.id_kind, self.conf_key, e.uid)
            else:
                base = talk_id(self.conf_key, e.title, [s.key for s in e.speakers], e.abstract)
            out.append(allocator.claim(base))
        return out

    def sessions(self, zone: ZoneInfo | timezone) -> list[Session]:
        """Every event as a standalone session in `zone`, in time order."""
        self._report_links()
        events = sorted(self.events, key=lambda e: (e.start.timestamp(), e.room or "",
                                                    e.title, e.line or 0))
        ids = self._ids(events)
        rows: list[dict[str, Any]] = []
        for e, tid in zip(events, ids):
            start = e.start if e.start.tzinfo is zone else e.start.astimezone(zone)
            end = e.end if e.end.tzinfo is zone else e.end.astimezone(zone)
            sid = "s" + tid
            talk: dict[str, Any] = {"id": tid, "title": e.title, "start": start, "end": end,
                                    "session_id": sid, "kind": e.kind, "line": e.line}
            session: dict[str, Any] = {"id": sid, "kind": e.kind, "title": e.title,
                                       "start": start, "end": end, "talks": [talk],
                                       "standalone": True, "line": e.line}
            if not e.title.strip():
                talk["title"] = session["title"] = UNTITLED
                talk["title_source"] = "placeholder"
            # Only what differs from the defaults: validating each field costs, at 10,000.
            for key, value in (("speakers", e.speakers), ("location", e.room),
                               ("url", e.url), ("track", e.track)):
                if value:
                    talk[key] = session[key] = value
            for key, value in (("abstract", e.abstract), ("links", e.links),
                               ("language", e.language)):
                if value:
                    talk[key] = value
            rows.append(session)
        return SESSIONS.validate_python(rows)

    def sessions_one_by_one(self, zone: ZoneInfo | timezone) -> list[Session]:
        """`sessions`, built plainly: one Talk and one Session at a time with every field
        (the twin `sessions` must agree with; it is three times slower at 10,000)."""
        events = sorted(self.events, key=lambda e: (e.start.timestamp(), e.room or "",
                                                    e.title, e.line or 0))
        out = []
        for e, tid in zip(events, self._ids(events)):
            title = e.title if e.title.strip() else UNTITLED
            source = "stated" if e.title.strip() else "placeholder"
            start, end = e.start.astimezone(zone), e.end.astimezone(zone)
            talk = Talk(id=tid, title=title, title_source=source, speakers=e.speakers,
                        abstract=e.abstract, start=start, end=end, session_id="s" + tid,
                        kind=e.kind, url=e.url, links=e.links, location=e.room,
                        track=e.track, language=e.language, line=e.line)
            out.append(Session(id="s" + tid, kind=e.kind, title=title, start=start, end=end,
                               speakers=e.speakers, location=e.room, url=e.url,
                               track=e.track, talks=[talk], standalone=True, line=e.line))
        return out


def program_schedule(
    options: ParseOptions, name: str, conference: str, year: int | None, zone: str,
    builder: ProgramBuilder, diag: DiagnosticSink,
) -> Schedule:
    """The schedule of a timed program: its events as standalone sessions in `zone`."""
    sessions = builder.sessions(get_zone(zone))
    return Schedule(
        conference=conference, year=year, timezone=zone, source=options.source, format=name,
        sessions=sessions, diagnostics=sorted(diag.items, key=lambda d: d.line or 0),
    )


def empty_schedule(options: ParseOptions, name: str, conference: str,
                   diag: DiagnosticSink) -> Schedule:
    """What a reader returns for a file it could not read at all (an `unreadable`
    diagnostic says why; the loader turns it into one sentence)."""
    return Schedule(conference=conference, timezone=options.timezone or "UTC",
                    source=options.source, format=name, diagnostics=list(diag.items))


def unreadable(diag: DiagnosticSink, message: str, line: int | None = None) -> None:
    diag.error("unreadable", message, line)


UNREAD = object()  # what `read_json` gives for a text json.loads cannot read


def read_json(text: str, diag: DiagnosticSink) -> Any:
    """The JSON value of `text`, or UNREAD with an `unreadable` diagnostic saying why."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        unreadable(diag, f"the JSON cannot be read: {exc.msg}", exc.lineno)
    except RecursionError:  # arrays in arrays, thousands deep: no program is built so
        unreadable(diag, "the JSON nests deeper than any program does", 1)
    return UNREAD


def year_of(*days: date | datetime | None) -> int | None:
    for d in days:
        if d is not None:
            return d.year
    return None


def source_stem(source: str) -> str:
    """A name for a program that names none: its file's name without the ending."""
    tail = source.rstrip("/").rsplit("/", 1)[-1].split("?")[0]
    stem = tail.rsplit(".", 1)[0] if "." in tail else tail
    return " ".join(stem.replace("_", " ").replace("-", " ").split()) or "Program"
