"""The detail pane: everything about the highlighted talk or session."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar, Protocol
from zoneinfo import ZoneInfo

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...model import Schedule, Session, Talk
from ...views.shared import display_title, people
from ...zones import get_zone
from ..rows import Row, RowKind

# A pasted page can hold a megabyte in one paragraph; wrapping all of it on every
# cursor move would stall the terminal, and nobody reads that much in a side pane.
ABSTRACT_SHOWN = 4000


class DetailSource(Protocol):
    zone: ZoneInfo

    def is_picked(self, talk_id: str) -> bool: ...
    def friends_of(self, talk_id: str) -> list[str]: ...
    def level_of(self, talk_id: str) -> str | None: ...
    def note_of(self, talk_id: str) -> str: ...
    def alternatives_of(self, talk_id: str) -> list[str]: ...
    def clash_lines(self, talk: Talk) -> list[str]: ...
    def match_reason(self, talk: Talk) -> str | None: ...


def when(start: datetime | None, end: datetime | None, zone: ZoneInfo, estimated: bool) -> str:
    """`Tue 6 Apr 2021 09:30–09:50 America/Los_Angeles`, the end's day added if it differs."""
    if start is None:
        return ""
    a = start.astimezone(zone)
    out = f"{a:%a} {a.day} {a:%b %Y} {a:%H:%M}"
    if end is not None:
        b = end.astimezone(zone)
        out += f"–{b:%H:%M}" if b.date() == a.date() else f" – {b:%a} {b.day} {b:%b} {b:%H:%M}"
    out += f" {zone.key}"
    return out + (" (estimated)" if estimated else "")


class TalkDetail(VerticalScroll, can_focus=True):
    """Focusable (Tab from the list) so that the arrows and page keys scroll a long
    abstract; J and K scroll it from the list too."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "talk-detail--title", "talk-detail--label", "talk-detail--picked",
        "talk-detail--clash", "talk-detail--muted", "talk-detail--alternative",
        "talk-detail--match", "talk-detail--friends",
    }

    def __init__(self, source: DetailSource, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = source
        self._body = Static("", id="detail-body")
        self._row: Row | None = None
        self._reason: str | None = None  # why the shown talk matches the search

    def compose(self):
        yield self._body

    def show(self, row: Row | None) -> None:
        # A search keeps the cursor on the same talk: no need to lay the pane out again.
        if row is not None and self._row is not None and row.kind is self._row.kind and (
                row.talk is self._row.talk and row.session is self._row.session) and (
                row.talk is None or self.source.match_reason(row.talk) == self._reason):
            return
        self._row = row
        self.redraw()
        self.scroll_home(animate=False)

    def redraw(self) -> None:
        """Describe the row again: picks, clashes or the zone changed."""
        self._body.update(self._describe(self._row))

    def _style(self, name: str):
        return self.get_component_rich_style(f"talk-detail--{name}")

    def _describe(self, row: Row | None) -> Text:
        if row is None:
            return Text("Nothing highlighted.", self._style("muted"))
        if row.kind is RowKind.TALK and row.talk is not None:
            return self._talk(row.schedule, row.session, row.talk)
        if row.kind is RowKind.SESSION and row.session is not None:
            return self._session(row.schedule, row.session)
        return Text(row.text, self._style("muted"))

    def _times(self, out: Text, start, end, estimated: bool, sch: Schedule | None) -> None:
        zone = self.source.zone
        out.append(when(start, end, zone, estimated) + "\n")
        if sch is not None and sch.timezone != zone.key:
            home = get_zone(sch.timezone)
            # Same offset, same wall clock: a second line would only repeat the first.
            if start is not None and start.astimezone(home).utcoffset() != \
                    start.astimezone(zone).utcoffset():
                out.append(when(start, end, home, estimated) + " (conference time)\n",
                           self._style("muted"))

    def _talk(self, sch: Schedule | None, session: Session | None, talk: Talk) -> Text:
        out = Text()
        out.append(display_title(talk) + "\n", self._style("title"))
        if talk.title_source == "placeholder":
            out.append("The text gives no title; this one is made from the authors.\n",
                       self._style("muted"))
        if talk.speakers:
            out.append(people(talk.speakers) + "\n")
        reason = self._reason = self.source.match_reason(talk)
        if reason:
            out.append(reason + "\n", self._style("match"))
        # A standalone session is the talk itself: its title would only repeat.
        where = [session.title] if session is not None and not session.standalone else []
        if sch is not None:
            where.append(sch.label)
        if where:
            out.append(" · ".join(where) + "\n", self._style("muted"))
        if talk.start is not None:
            self._times(out, talk.start, talk.end, talk.any_estimated, sch)
        else:
            note = "No time: picking it adds it to the reading list."
            if talk.published is not None:
                note = f"Published {talk.published:%d %b %Y}. " + note
            out.append(note + "\n", self._style("muted"))
        self._place(out, talk, session)
        picked = self.source.is_picked(talk.id)
        if picked:
            if self.source.level_of(talk.id) == "maybe":
                out.append("○ Picked as a maybe", self._style("picked"))
                out.append(" · m: make it a must · n: note\n", self._style("muted"))
            else:
                out.append("● Picked as a must", self._style("picked"))
                out.append(" · m: make it a maybe · n: note\n", self._style("muted"))
            note = self.source.note_of(talk.id)
            if note:
                out.append("Note: ", self._style("label"))
                out.append(note + "\n")
        friends = self.source.friends_of(talk.id)
        if friends:
            out.append("+ Also picked by ", self._style("friends"))
            out.append(", ".join(friends) + "\n")
        clashes = self.source.clash_lines(talk)
        if clashes:
            verb = "Clashes with" if picked else "Would clash with"
            out.append(f"{verb}:\n", self._style("clash"))
            for line in clashes:
                out.append(f"  ✗ {line}\n", self._style("clash"))
        alternatives = self.source.alternatives_of(talk.id) if picked else []
        if alternatives:
            out.append("Alternatives (a maybe is involved):\n", self._style("alternative"))
            for line in alternatives:
                out.append(f"  = {line}\n", self._style("alternative"))
        for line in talk.notes:  # what the source said beside the talk: venue, subject
            out.append(line + "\n", self._style("muted"))
        if talk.abstract:
            out.append("\n")
            self._long_text(out, talk.abstract)
            if talk.abstract_truncated:
                out.append("\n(the pasted abstract is cut off here)", self._style("muted"))
            out.append("\n")
        if talk.bio:
            out.append("\nAbout the speaker\n", self._style("label"))
            self._long_text(out, talk.bio)
            out.append("\n")
        if talk.line is not None and sch is not None:
            out.append(f"\n{Path(sch.source).name}, line {talk.line}", self._style("muted"))
        return out

    def _long_text(self, out: Text, text: str) -> None:
        """An abstract or a bio, its first ABSTRACT_SHOWN characters."""
        out.append(text[:ABSTRACT_SHOWN])
        if len(text) > ABSTRACT_SHOWN:
            more = len(text) - ABSTRACT_SHOWN
            out.append(f"… ({more:,} more characters)", self._style("muted"))

    def _place(self, out: Text, talk: Talk, session: Session | None) -> None:
        """Room, track and language, then the talk's links, one a line."""
        room = talk.location or (session.location if session is not None else None)
        facts = [f"{label}: {value}" for label, value in (
            ("Room", room), ("Track", talk.track), ("Language", talk.language)) if value]
        if facts:
            out.append(" · ".join(facts) + "\n")
        if talk.url:
            out.append("Link: ", self._style("label"))
            out.append(talk.url + "\n")
        for link in talk.links:
            out.append(f"{link.label}: ", self._style("label"))
            out.append(link.url + "\n")

    def _session(self, sch: Schedule | None, s: Session) -> Text:
        out = Text()
        out.append(s.title + "\n", self._style("title"))
        label = f"{s.kind.value}" + (f" · {sch.label}" if sch is not None else "")
        out.append(label + "\n", self._style("muted"))
        self._times(out, s.start, s.end, s.estimated, sch)
        if s.speakers:
            out.append(people(s.speakers, " · ") + "\n")
        if s.chairs:
            out.append("Chair: " + people(s.chairs, " · ") + "\n", self._style("muted"))
        facts = [f"{label}: {value}" for label, value in (
            ("Room", s.location), ("Track", s.track), ("Link", s.url)) if value]
        if facts:
            out.append(" · ".join(facts) + "\n")
        if s.description:
            out.append("\n" + s.description + "\n")
        count = len(s.talks)
        out.append(f"\n{count} talk{'s' if count != 1 else ''}; pick talks, not sessions.",
                   self._style("muted"))
        return out
