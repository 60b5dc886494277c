"""What the reader makes of a program before it becomes the model: days and entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import time

from ...model import Link, SessionKind
from .doc import Line
from .people import Person
from .when import DayMark


@dataclass(slots=True)
class DayRef:
    """A day as the text names it; resolved to a date once the whole text is read."""

    mark: DayMark | None  # None: the text never said which day
    order: int  # how many day headings came before (0 for the first)
    line: int
    column: str | None = None  # a day given by a table column header

    def key(self) -> tuple:
        m = self.mark
        if m is None:
            return (self.order,)
        return (m.weekday, m.day, m.month, m.year, m.ordinal, self.column)


@dataclass(slots=True, init=False)
class Draft:
    """One entry (a session, a talk, a paper, a break) as read."""

    line: int
    title: str | None = None
    label: str | None = None  # the kind label as written (`Keynote`)
    kind: SessionKind | None = None
    day: DayRef | None = None
    start: time | None = None
    end: time | None = None
    end_guess: bool = False  # the end is the next entry's start, not written
    open: str | None = None  # "after", "until", "allday"
    bare: bool = False  # the start had no meridiem and may need one from context
    people: list[Person] = field(default_factory=list)
    chairs: list[Person] = field(default_factory=list)
    room: str | None = None
    track: str | None = None
    url: str | None = None
    links: list[Link] = field(default_factory=list)
    abstract: list[str] = field(default_factory=list)
    bio: list[str] = field(default_factory=list)
    venue: str | None = None  # where a listed paper appeared (`OSDI 2024`): the talk's note
    notes: list[str] = field(default_factory=list)  # lines read as nothing else
    children: list[Draft] = field(default_factory=list)
    body: list[Line] = field(default_factory=list)  # lines under its header, read on close
    level: int = 0  # heading level of its header (0: not a heading)
    column: int | None = None  # table column of a parallel item
    zone: str | None = None
    slot: bool = False  # a time with no title of its own: the items under it take it
    is_session: bool = False  # named as a session (holds talks even if none are listed)
    used: set[int] = field(default_factory=set)
    title_from_label: bool = False
    names_over: bool = False  # its header was only names ending in `:` or `.`: the title is below
    placeholder: bool = False
    body_para: int = 0  # the paragraph of its header line
    span_all: bool = False  # a table cell across every column (a plenary entry)
    from_table: bool = False  # read from a table row: lines after the table are not its own
    in_run: bool = False  # one of several items run into one line: it ends at the next
    day_on_line: bool = False  # its header line named its day (`July 11, 2026, 9:00-17:00`)
    container: bool = False  # an untimed heading over items: their section, not an item

    def __init__(self, line, title=None, label=None, kind=None, day=None, start=None,
                 end=None, end_guess=False, open=None, bare=False, people=None,
                 chairs=None, room=None, track=None, url=None, links=None, abstract=None,
                 bio=None, venue=None, notes=None, children=None, body=None, level=0,
                 column=None, zone=None, slot=False, is_session=False, used=None,
                 title_from_label=False, names_over=False, placeholder=False, body_para=0,
                 span_all=False, from_table=False, in_run=False, day_on_line=False,
                 container=False) -> None:
        """The fields as the dataclass's own `__init__` sets them, the lists and the set
        made only where none is given (`[]` rather than a call of the default factory
        for each: a program's reading makes a draft for every entry and item)."""
        self.line = line
        self.title = title
        self.label = label
        self.kind = kind
        self.day = day
        self.start = start
        self.end = end
        self.end_guess = end_guess
        self.open = open
        self.bare = bare
        self.people = [] if people is None else people
        self.chairs = [] if chairs is None else chairs
        self.room = room
        self.track = track
        self.url = url
        self.links = [] if links is None else links
        self.abstract = [] if abstract is None else abstract
        self.bio = [] if bio is None else bio
        self.venue = venue
        self.notes = [] if notes is None else notes
        self.children = [] if children is None else children
        self.body = [] if body is None else body
        self.level = level
        self.column = column
        self.zone = zone
        self.slot = slot
        self.is_session = is_session
        self.used = set() if used is None else used
        self.title_from_label = title_from_label
        self.names_over = names_over
        self.placeholder = placeholder
        self.body_para = body_para
        self.span_all = span_all
        self.from_table = from_table
        self.in_run = in_run
        self.day_on_line = day_on_line
        self.container = container

    @property
    def timed(self) -> bool:
        return self.start is not None or self.end is not None or self.open == "allday"
