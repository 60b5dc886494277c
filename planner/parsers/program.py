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

Nothing here reads a file format; nothing here raises on bad input.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from datetime import date, datetime, time, timedelta, timezone
from typing import Any
from urllib.parse import urljoin
from zoneinfo import ZoneInfo

from pydantic import TypeAdapter

from ..diagnostics import DiagnosticSink
from ..ids import IdAllocator, conference_key, digest, talk_id
from ..model import Schedule, Session, SessionKind, Speaker, Talk
from ..speakers import make_speaker, name_key, split_author_line
from ..zones import get_zone, local_zone_name
from .base import ParseOptions

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


# -- kinds ----------------------------------------------------------------------------

# Words of an event type or title, and the kind they make (first match wins).
_KIND_WORDS: tuple[tuple[str, SessionKind], ...] = (
    ("keynote", SessionKind.KEYNOTE), ("plenary", SessionKind.KEYNOTE),
    ("invited", SessionKind.INVITED),
    ("workshop", SessionKind.WORKSHOP), ("hands-on", SessionKind.WORKSHOP),
("junior", SessionKind.WORKSHOP),
    ("tutorial", SessionKind.TUTORIAL), ("training", SessionKind.TUTORIAL),
    ("panel", SessionKind.PANEL), ("podium", SessionKind.PANEL),
    ("discussion", SessionKind.PANEL), ("round table", SessionKind.PANEL),
    ("poster", SessionKind.POSTER), ("demo", SessionKind.DEMO),
    ("lightning", SessionKind.TALK), ("spotlight", SessionKind.SPOTLIGHT),
    ("oral", SessionKind.ORAL),
    ("break", SessionKind.BREAK), ("lunch", SessionKind.BREAK), ("coffee", SessionKind.BREAK),
    ("breakfast", SessionKind.BREAK), ("dinner", SessionKind.SOCIAL),
    ("social", SessionKind.SOCIAL), ("party", SessionKind.SOCIAL),
    ("concert", SessionKind.SOCIAL), ("performance", SessionKind.SOCIAL),
    ("meetup", SessionKind.SOCIAL), ("meeting", SessionKind.OTHER),
    ("game", SessionKind.SOCIAL),
    ("opening", SessionKind.REMARKS), ("closing", SessionKind.REMARKS),
    ("welcome", SessionKind.REMARKS), ("remarks", SessionKind.REMARKS),
    ("registration", SessionKind.OTHER), ("sprint", SessionKind.OTHER),
    ("talk", SessionKind.TALK), ("lecture", SessionKind.TALK), ("devroom", SessionKind.TALK),
    ("presentation", SessionKind.TALK), ("maintrack", SessionKind.TALK),
    ("contribution", SessionKind.TALK), ("session", SessionKind.TALK),
    ("other", SessionKind.OTHER),
)
# The words that say what an event is when they open its title ("Keynote: …", "Lunch").
_TITLE_KIND = re.compile(
    r"^\W*(?:(?:opening|closing)\s+)?(keynote)\b|"
    r"^\W*(workshop|tutorial|panel|poster|demo|lunch|coffee|break|breakfast|registration|"
    r"opening|closing|welcome|social|dinner)\b", re.IGNORECASE)


def kind_of(event_type: str | None, title: str = "") -> SessionKind:
    """The kind an event's type names; an empty or unknown type asks the title, and a
    title that says nothing makes a talk (what programs mostly hold)."""
    stated = type_kind(event_type or "")
    if stated is not None and stated is not SessionKind.TALK:
        return stated
    # "lecture" and "talk" say little: a title opening with "Keynote:" says more.
    return title_kind(title) or stated or SessionKind.TALK


def title_kind(title: str) -> SessionKind | None:
    """The kind a title's opening words name ("Keynote: …", "Lunch"), else None."""
    m = _TITLE_KIND.match(title)
    return type_kind(m.group(1) or m.group(2)) if m else None


@lru_cache(maxsize=512)  # a program has a handful of types, repeated on every event
def type_kind(event_type: str) -> SessionKind | None:
    low = event_type.strip().lower().replace("_", " ")
    if not low:
        return None
    for word, kind in _KIND_WORDS:
        if re.search(rf"\b{re.escape(word)}", low):
            return kind
    return None


# -- text -----------------------------------------------------------------------------

_HTML_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)(?:\s[^<>]*)?/?>")
_BLOCKS = frozenset("p div ul ol h1 h2 h3 h4 h5 h6 blockquote pre table tr section".split())
_PARAGRAPHS = re.compile(r"\n[ \t\r\f\v]*\n\s*")


def _tag_text(m: re.Match[str]) -> str:
    """What an HTML tag leaves in plain text: a line break, a paragraph break, a bullet."""
    name = m.group(2).lower()
    if name == "br":
        return "\n"
    if name == "li":
        return "" if m.group(1) else "\n\n• "
    return "\n\n" if name in _BLOCKS else ""


def plain_text(text: str | None) -> str:
    """Text as a reader shows it: HTML (FOSDEM's abstracts) made plain, paragraphs kept
    apart by a blank line, other blanks single."""
    if not text:
        return ""
    if "\n" not in text and "<" not in text and "&" not in text and "\r" not in text:
        return " ".join(text.split())  # one plain paragraph, as most are
    if "<" in text:
        text = _HTML_TAG.sub(_tag_text, text)  # one pass; no tag left, no text touched
    if "&" in text:
        text = html.unescape(text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = (" ".join(p.split()) for p in _PARAGRAPHS.split(text))
    return "\n\n".join(p for p in paragraphs if p)


def join_texts(*parts: str) -> str:
    """Non-empty parts, each once, as paragraphs (an abstract, then a description that
    does not merely repeat it)."""
    given = [p for p in parts if p]
    if len(given) < 2:
        return given[0] if given else ""
    out: list[str] = []
    for part in parts:
        if part and not any(part in seen for seen in out):
            out.append(part)
    return "\n\n".join(out)


_BARE_HOST = re.compile(r"^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#]\S*)?$",
                        re.IGNORECASE)


def web_address(url: str | None, base: str | None = None) -> str | None:
    """A link as a reader can open it: http(s) as given, a path resolved against the
    file's base URL, a bare host name (`nymtech.net`) as https; else None."""
    url = (url or "").strip()
    if not url:
        return None
    low = url.lower()
    if low.startswith(("http://", "https://")):
        return url
    if url.startswith("//"):
        return "https:" + url
    if ":" in url.split("/", 1)[0]:
        return None  # another scheme (javascript:, file:, mailto:): not a web page
    if _BARE_HOST.match(url):
        return "https://" + url
    if base and base.lower().startswith(("http://", "https://")):
        return urljoin(base, url)
    return None


def speaker(name: str, affiliation: str | None = None) -> Speaker | None:
    """A speaker with the key every other schedule gives the same name; None for blanks."""
    if not affiliation:
        return _plain_speaker(name)
    sp = make_speaker(name)
    if not sp.key:
        return None
    if affiliation and affiliation.strip():
        return Speaker(name=sp.name, key=sp.key, affiliation=" ".join(affiliation.split()))
    return sp


@lru_cache(maxsize=1 << 16)  # programs name the same people on many events
def _plain_speaker(name: str) -> Speaker | None:
    sp = make_speaker(name)
    return sp if sp.key else None


_AFFILIATION = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<aff>[^()]+)\)\s*$")


def speakers_from_line(line: str) -> list[Speaker]:
    """The people on a `Speakers:` line: `Ana Ruiz (MIT), Bo Li` — affiliations kept."""
    out = []
    # Affiliations may hold commas ("University of X, Y"): split outside parentheses only.
    depth, start, parts = 0, 0, []
    for i, c in enumerate(line):
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and c in ",;":
            parts.append(line[start:i])
            start = i + 1
    parts.append(line[start:])
    for part in parts:
        for name in split_author_line(part) if "(" not in part else [part.strip()]:
            m = _AFFILIATION.match(name)
            sp = speaker(m.group("name"), m.group("aff")) if m else speaker(name)
            if sp is not None:
                out.append(sp)
    return unique(out)


def unique(speakers: Iterable[Speaker]) -> list[Speaker]:
    """Each person once (by key), in order."""
    if type(speakers) is list and len(speakers) < 2:
        return speakers
    seen: set[str] = set()
    out = []
    for sp in speakers:
        if sp.key not in seen:
            seen.add(sp.key)
            out.append(sp)
    return out


def line_at(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


class LineFinder:
    """Line numbers of things that appear in a text in order (events of a JSON file, by
    their guid): each search starts where the last one ended, so finding them all
    reads the text once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1

    def find(self, needle: str | None) -> int | None:
        if not needle:
            return None
        at = self.text.find(needle, self.pos)
        if at < 0:
            return None
        self.line += self.text.count("\n", self.pos, at)
        self.pos = at
        return self.line


# -- times ----------------------------------------------------------------------------

_CLOCK = re.compile(r"^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$")
_DURATION = re.compile(r"^(\d{1,3}):(\d{2})(?::(\d{2}))?$")
_ISO_DURATION = re.compile(
    r"^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


@lru_cache(maxsize=4096)  # a program has a few dozen distinct start times
def parse_clock(text: str | None) -> time | None:
    m = _CLOCK.match(text or "")
    if not m:
        return None
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    return time(h, mi, s)


@lru_cache(maxsize=4096)  # ... and fewer durations
def parse_duration(text: str | None) -> timedelta | None:
    """`00:30`, `01:30:00` (hours, minutes, seconds) or ISO 8601 `PT1H30M`."""
    if not text or not isinstance(text, str):
        return None
    text = text.strip()
    m = _DURATION.match(text)
    if m:
        h, mi, s = m.groups()
        if int(mi) > 59 or (s and int(s) > 59):
            return None
        return timedelta(hours=int(h), minutes=int(mi), seconds=int(s or 0))
    m = _ISO_DURATION.match(text.upper())
    if m and text.upper() not in ("P", "PT"):
        w, d, h, mi, s = m.groups()
        return timedelta(weeks=int(w or 0), days=int(d or 0), hours=int(h or 0),
                         minutes=int(mi or 0), seconds=float(s or 0))
    return None


def parse_instant(text: str | None) -> datetime | None:
    """An ISO 8601 date-time; naive when it carries no offset, None when it is none."""
    if not text or not isinstance(text, str):
        return None
    value = text.strip()
    if value.endswith(("z", "Z")):
        value = value[:-1] + "+00:00"
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def parse_date(text: str | None) -> date | None:
    if not text or not isinstance(text, str):
        return None
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None


def local(day: date, clock: time, zone: ZoneInfo | timezone) -> datetime:
    return datetime.combine(day, clock, tzinfo=zone)


def offset_text(offset: timedelta) -> str:
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "−"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def fixed_zone_name(offset: timedelta) -> str | None:
    """The IANA name of a whole-hour offset (`Etc/GMT-1` is UTC+01:00), else None."""
    seconds = int(offset.total_seconds())
    if seconds == 0:
        return "UTC"
    if seconds % 3600 or not -12 <= seconds // 3600 <= 14:
        return None
    hours = seconds // 3600
    return f"Etc/GMT{'-' if hours > 0 else '+'}{abs(hours)}"


_REGIONS = ("Europe", "America", "Asia", "Africa", "Australia", "Pacific", "Atlantic",
            "Indian", "America/Argentina", "America/Indiana")


def zone_of_city(city: str | None) -> str | None:
    """`Brussels` -> `Europe/Brussels`: the IANA zone named after the city, if any."""
    if not city:
        return None
    name = "_".join(city.split(",")[0].split())
    if not name or not name.replace("_", "").replace("-", "").isalpha():
        return None
    name = name[:1].upper() + name[1:]
    for region in _REGIONS:
        try:
            return get_zone(f"{region}/{name}").key
        except Exception:
            continue
    return None


def _fits(zone: str, instants: Sequence[datetime]) -> bool:
    tz = get_zone(zone)
    # Offsets change on the hour at most: one instant per hour and offset tells for all.
    hours = {(dt.year, dt.month, dt.day, dt.hour, dt.utcoffset()): dt for dt in instants}
    return all(dt.astimezone(tz).utcoffset() == dt.utcoffset() for dt in hours.values())


def program_zone(
    diag: DiagnosticSink, *, option: str | None, declared: str | None = None,
    declared_by: str = "the file", city: str | None = None,
    stated: Sequence[datetime] = (), floating: bool = False, line: int | None = None,
) -> str:
    """The IANA zone a program's times are shown in (`Schedule.timezone`), saying how
    it was found when the file does not name it.

    `option`: --source-tz or the metadata file, which win.  `declared`: the zone the
    file names (time_zone_name, X-WR-TIMEZONE).  `stated`: instants that carried their
    own offset (their instants never change; only how they are shown).  `floating`:
    the file has local times with no zone, which the returned zone will place.
    """
    if option:
        if declared and declared != option:
            diag.info("zone-overridden",
                      f"{declared_by} names the time zone {declared}; {option} is used instead, "
                      "as asked", line)
        return option
    if declared:
        try:
            key = get_zone(declared).key
        except Exception:
            diag.warning("unknown-zone",
                         f"{declared_by} names the time zone {declared!r}, which is no IANA "
                         "zone name; it is ignored", line)
        else:
            # Times in UTC say nothing about the zone; other offsets should agree with it.
            if any(dt.utcoffset() for dt in stated) and not _fits(key, stated):
                shown = offset_text(Counter(dt.utcoffset() for dt in stated).most_common(1)[0][0])
                diag.info("zone-disagrees",
                          f"{declared_by} names the time zone {key}, but its times are stated "
                          f"at {shown}; they are kept as the instants they state and shown "
                          f"in {key}", line)
            return key
    by_city = zone_of_city(city)
    if by_city and (not stated or _fits(by_city, stated)):
        diag.info("zone-from-city",
                  f"the file names no time zone; its city, {city}, is in {by_city}", line)
        return by_city
    if stated:
        offset = Counter(dt.utcoffset() for dt in stated).most_common(1)[0][0]
        name = fixed_zone_name(offset) or "UTC"
        diag.warning("zone-from-offsets",
                     f"the file names no time zone; its times are stated at "
                     f"{offset_text(offset)}, so they are shown in {name} (name the "
                     "conference's zone with --source-tz to follow its daylight-saving time)",
                     line)
        return name
    name = local_zone_name()
    if floating:
        diag.warning("zone-assumed",
                     f"the file names no time zone and its times carry none; they are read "
                     f"in this machine's zone, {name} (use --source-tz ZONE if that is wrong)",
                     line)
    return name


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


def name_keys(speakers: Iterable[Speaker]) -> list[str]:
    return [s.key or name_key(s.name) for s in speakers]
