"""The schedule as data: pydantic models with time-zone-aware instants, no display code.

Every datetime stored here carries a `zoneinfo.ZoneInfo` (or UTC).  A pytz zone
attached with `tzinfo=` silently uses the zone's first historical offset (LMT,
-07:53 for Los Angeles), so the validator below turns any pytz-aware value into the
equivalent zoneinfo one: a localized pytz value keeps its instant, an unlocalized one
(the LMT trap) keeps its wall-clock time, which is what its author meant.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import TzInfo

from .diagnostics import Diagnostic
from .records import ScheduleRecord, SessionKind, SessionRecord, TalkRecord


def _is_pytz(tz: object) -> bool:
    return type(tz).__module__.startswith("pytz")


def _pytz_unlocalized(dt: datetime) -> bool:
    """True when a pytz zone was attached with `tzinfo=` instead of `localize()`.

    `pytz.timezone(name)` returns one shared object that carries the zone's first
    (LMT) offset; `localize()` and `normalize()` attach other per-offset objects.
    """
    tz = dt.tzinfo
    if getattr(tz, "_tzinfos", None) is None:  # StaticTzInfo: UTC and fixed zones
        return False
    import pytz

    return tz is pytz.timezone(tz.zone)  # type: ignore[union-attr]


# Zones whose offset is never None: a time in one needs no look at its zone.  Times read
# back from JSON (the parse cache) carry pydantic_core's TzInfo: 25,000 of them a
# 10,000-talk schedule, each checked here.
_PLAIN_ZONES = (ZoneInfo, timezone, TzInfo)


def _to_zoneinfo(dt: datetime) -> datetime:
    if type(dt.tzinfo) in _PLAIN_ZONES:
        return dt
    if dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError("datetime must be time-zone aware")
    tz = dt.tzinfo
    if _is_pytz(tz):
        name = getattr(tz, "zone", None) or "UTC"
        zone = ZoneInfo(name) if name != "UTC" else timezone.utc
        if _pytz_unlocalized(dt):
            return dt.replace(tzinfo=zone)  # keep the wall time its author meant
        return dt.astimezone(zone)
    return dt


Instant = Annotated[datetime, AfterValidator(_to_zoneinfo)]


class Speaker(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str  # as written in the source, for display
    key: str  # normalised: case, accents and spacing folded (see parsers.names.name_key)
    # Where the person is from, as the source states it ("Stanford University"); never
    # part of the name or the key, so one person with and without it is one person.
    affiliation: str | None = None


class Link(BaseModel):
    """A link the source gives beside an item: slides, video, paper, recording."""

    model_config = ConfigDict(frozen=True)

    label: str
    url: str


TitleSource = Literal["stated", "placeholder", "derived"]


class Talk(TalkRecord, BaseModel):
    id: str
    title: str
    # "placeholder": the text had no title and this one was made up from the authors;
    # "derived": made from the abstract's opening words.  Show it marked as such.
    title_source: TitleSource = "stated"
    speakers: list[Speaker] = Field(default_factory=list)
    abstract: str = ""
    abstract_truncated: bool = False  # the pasted abstract ends in "…"
    bio: str = ""
    notes: list[str] = Field(default_factory=list)
    start: Instant | None = None
    end: Instant | None = None
    # `estimated`: the slot was made up (the source gave only its session's start), so
    # start and end both are estimates.  `end_estimated`: the source stated the start
    # and only the end was made up (a grid that lists start times only).
    estimated: bool = False
    end_estimated: bool = False
    published: date | None = None  # a publication date (author pages), never a slot
    session_id: str | None = None
    kind: SessionKind | None = None  # None: an ordinary talk or paper of its session
    url: str | None = None  # the link the title points to
    links: list[Link] = Field(default_factory=list)  # slides, video, paper ...
    location: str | None = None  # the room, as the source names it
    track: str | None = None  # a topic track (frab/pretalx), not a room
    language: str | None = None  # as the source states it ("en", "de")
    line: int | None = None  # where the entry starts in the source text


class Session(SessionRecord, BaseModel):
    id: str
    kind: SessionKind
    title: str
    start: Instant | None = None
    end: Instant | None = None
    start_estimated: bool = False
    end_estimated: bool = False
    speakers: list[Speaker] = Field(default_factory=list)  # its speakers (or chairs, seed texts)
    chairs: list[Speaker] = Field(default_factory=list)  # "Session Chair: ..."
    description: str = ""
    location: str | None = None  # the room, as the source names it
    url: str | None = None
    track: str | None = None
    talks: list[Talk] = Field(default_factory=list)
    # A session that is one talk of its own (a keynote at 9:00, a frab event): its only
    # talk carries the same title, times and speakers.  Views show one entry, and
    # picking it picks that talk.
    standalone: bool = False
    line: int | None = None


class Schedule(ScheduleRecord, BaseModel):
    conference: str
    year: int | None = None
    timezone: str  # IANA name the source's wall-clock times are in
    source: str  # file the schedule was read from
    format: str  # registry name of the format it was read as
    owner: str | None = None  # for author pages: whose page it is
    sessions: list[Session] = Field(default_factory=list)
    unscheduled: list[Talk] = Field(default_factory=list)  # talks with no time at all
    diagnostics: list[Diagnostic] = Field(default_factory=list)
    # How much of the text the reader used: non-blank lines, and those that went into
    # an item or were recognised as page furniture (None: the format does not count).
    lines_total: int | None = None
    lines_used: int | None = None

    def talks(self) -> list[Talk]:
        """Every talk, scheduled first in session order, then the unscheduled ones."""
        out = [t for s in self.sessions for t in s.talks]
        out.extend(self.unscheduled)
        return out


_new = object.__new__
# The setters of the four slots a model keeps its state in (`BaseModel.__slots__`):
# each slot's own setter skips the lookup `object.__setattr__` makes on every call,
# which was a third of making a model.
_set_dict, _set_fields_set, _set_extra, _set_private = (
    BaseModel.__dict__[slot].__set__ for slot in (
        "__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"))


def made(model: type[BaseModel], fields: dict[str, Any], fields_set: set[str]) -> Any:
    """`model` with `fields` as its own dict (every field, in the model's order, each
    already what validation would make of it), as `model_construct` makes it, without
    validating them again; `fields_set`: the set of the fields recorded as set, taken as
    it is (a reader may share one among the models it makes: see `parsers.program.build`).
    For readers that make their values valid themselves (`parsers.program.fields`,
    `parsers.names`)."""
    m = _new(model)
    _set_dict(m, fields)
    _set_fields_set(m, fields_set)
    _set_extra(m, None)
    _set_private(m, None)
    return m
