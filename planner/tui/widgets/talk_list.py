"""The schedule as a list: day headings, parallel-session slots, sessions and talks.

A talk row reads `mark track time title  speakers  room` (the room where the source
names one and the row has space).  Marks: `●` a must, `○` a maybe (in the warning
colour when it overlaps another pick: an alternative), `✗` a must clashing with
another must or a busy event, `!` not picked but would clash if picked; a `~`
before the time means the time is an estimate, a `+` after it that a friend picked
the talk too.

| Key(s) | Description |
| :- | :- |
| space | Pick or unpick the highlighted talk |
| m | Must / maybe |
| n | Note on the pick |
"""

from __future__ import annotations

from typing import ClassVar, Protocol
from zoneinfo import ZoneInfo

from rich.text import Text
from textual.binding import BindingType
from textual.message import Message
from textual.widget import Widget

from ...model import Talk
from ...views import shared as render
from ...views.shared import display_title, names
from ..keymap import TALK_LIST_KEYS, bindings
from ..rows import Row, RowKind
from .row_list import RowList

PICKED, MAYBE, CLASH, WOULD_CLASH = "●", "○", "✗", "!"
FRIENDS = "+"  # also picked by a friend (planner tui --friend FILE)
ROOM_WIDTH = 16  # the room column at the end of a talk row


class Marks(Protocol):
    """What a talk row needs to know about picks and clashes (PlannerState has it)."""

    zone: ZoneInfo
    multi: bool

    def friends_of(self, talk_id: str) -> list[str]: ...
    def is_picked(self, talk_id: str) -> bool: ...
    def level_of(self, talk_id: str) -> str | None: ...
    def clashes_of(self, talk_id: str) -> list[str]: ...
    def alternatives_of(self, talk_id: str) -> list[str]: ...
    def would_clash(self, talk_id: str) -> bool: ...


def mark_of(m: Marks, talk_id: str) -> tuple[str, str]:
    """The talk's mark and the name of its style ("" for none): the list and the grid
    mark talks alike."""
    if m.is_picked(talk_id):
        symbol = MAYBE if m.level_of(talk_id) == "maybe" else PICKED
        if m.clashes_of(talk_id):
            return CLASH, "clash"
        if m.alternatives_of(talk_id):
            return symbol, "would-clash"
        return symbol, "picked"
    if m.would_clash(talk_id):
        return WOULD_CLASH, "would-clash"
    return " ", ""


def clock(talk: Talk, zone: ZoneInfo) -> str:
    """The talk's start as the core writes it; blank, not `--:--`, when untimed."""
    return render.clock(talk.start, zone, talk.estimated) if talk.start is not None else ""


def span(row: Row, zone: ZoneInfo) -> str:
    """The session's `start–end`; just the start when the end is unknown."""
    s = row.session
    if s is None or s.start is None:
        return ""
    if s.end is None:
        return render.clock(s.start, zone, s.start_estimated)
    return render.span(s.start, s.end, zone, s.start_estimated, s.end_estimated)


class TalkList(RowList[Row]):
    BINDINGS: ClassVar[list[BindingType]] = bindings(TALK_LIST_KEYS)

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "row-list--cursor", "talk-list--day", "talk-list--slot", "talk-list--session",
        "talk-list--track", "talk-list--time", "talk-list--speakers", "talk-list--picked",
        "talk-list--clash", "talk-list--would-clash", "talk-list--note", "talk-list--remark",
        "talk-list--empty", "talk-list--placeholder", "talk-list--match",
        "talk-list--friends",
    }

    class LevelCycled(Message):
        """`m` on a talk: the app picks it as a must, or swaps must and maybe."""

        def __init__(self, row: Row) -> None:
            super().__init__()
            self.row = row

    class NoteWanted(Message):
        """`n` on a talk: the app asks for the note."""

        def __init__(self, row: Row) -> None:
            super().__init__()
            self.row = row

    class PickToggled(Message):
        """Space on a talk (in the list or the grid): the app picks or unpicks it."""

        def __init__(self, talk_list: Widget, row: Row) -> None:
            super().__init__()
            self.talk_list = talk_list
            self.row = row

        @property
        def control(self) -> Widget:
            return self.talk_list

    def __init__(self, marks: Marks, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.marks = marks

    def is_selectable(self, row: Row) -> bool:
        return row.selectable

    def action_toggle_pick(self) -> None:
        row = self.highlighted_row
        if row is not None and row.talk is not None:
            self.post_message(self.PickToggled(self, row))

    def action_cycle_level(self) -> None:
        row = self.highlighted_row
        if row is not None and row.talk is not None:
            self.post_message(self.LevelCycled(row))

    def action_edit_note(self) -> None:
        row = self.highlighted_row
        if row is not None and row.talk is not None:
            self.post_message(self.NoteWanted(row))

    # -- drawing ----------------------------------------------------------------------

    def _style(self, name: str):
        return self.component_style(f"talk-list--{name}")

    def render_row(self, row: Row, width: int, highlighted: bool) -> Text:
        kind = row.kind
        if kind is RowKind.TALK and row.talk is not None:
            return self._talk_line(row, row.talk, width)
        if kind is RowKind.SESSION:
            return self._session_line(row)
        if kind is RowKind.DAY and row.day is not None:
            return Text(f" {render.day_heading(row.day)}", self._style("day"))
        if kind is RowKind.SLOT:
            when = span(row, self.marks.zone).split("–")[0]
            return Text(f"   {when}  {row.count} parallel sessions", self._style("slot"))
        if kind is RowKind.SECTION:
            what = "entry" if row.count == 1 else "entries"
            title = row.text or f"Unscheduled · {row.schedule.label if row.schedule else ''}"
            return Text(f" {title} · {row.count} {what}", self._style("day"))
        if kind is RowKind.NOTE:
            return Text(f"     {row.text}", self._style("note"))
        if kind is RowKind.REMARK:
            return Text(f"     {row.text}", self._style("remark"))
        return Text(f"  {row.text}", self._style("empty"))

    def _session_line(self, row: Row) -> Text:
        s = row.session
        assert s is not None
        line = Text("  ")
        line.append(f"{row.track or ' '}", self._style("track"))
        line.append(f" {span(row, self.marks.zone):<13} ", self._style("time"))
        title = s.title
        if self.marks.multi and row.schedule is not None:
            title = f"[{row.schedule.label}] {title}"
        line.append(title)
        line.append(f" · {s.kind.value}", self._style("speakers"))
        line.stylize(self._style("session"))
        return line

    def _talk_line(self, row: Row, talk: Talk, width: int) -> Text:
        m = self.marks
        symbol, style = mark_of(m, talk.id)
        mark = Text(symbol, self._style(style) if style else "")
        line = Text(" ")
        line.append_text(mark)
        line.append(row.track or " ", self._style("track"))
        if m.friends_of(talk.id):  # between the time and the title: no column moves
            line.append(f" {clock(talk, m.zone):>6}", self._style("time"))
            line.append(f"{FRIENDS} ", self._style("friends"))
        else:
            line.append(f" {clock(talk, m.zone):>6}  ", self._style("time"))
        title = display_title(talk)
        who = names(talk.speakers)
        room = width - line.cell_len
        title_style = self._style("placeholder") if talk.title_source != "stated" else ""
        where = talk.location or (row.session.location if row.session is not None else None)
        if where and room > 44:  # else the room would squeeze the title
            # The room in a column at the right, where the row has space for it (the
            # detail pane shows it whole): rows keep their titles aligned.
            place = where if len(where) <= ROOM_WIDTH else where[:ROOM_WIDTH - 1] + "…"
            room -= ROOM_WIDTH + 2
            line_end = Text(f"  {place:>{ROOM_WIDTH}}", self._style("speakers"))
        else:
            line_end = None
        if who and room > 40:
            # Titles in a column, speakers aligned after them.
            title_room = room * 3 // 5
            if len(title) > title_room - 2:
                title = title[: title_room - 3] + "…"
            line.append(f"{title:<{title_room}}", title_style)
            speaker_room = room - title_room
            if line_end is not None and len(who) > speaker_room:
                who = who[: max(0, speaker_room - 1)] + "…"
            line.append(f"{who:<{speaker_room}}" if line_end is not None else who,
                        self._style("speakers"))
        else:
            if line_end is not None:
                title = title if len(title) <= room else title[: max(0, room - 1)] + "…"
                line.append(f"{title:<{room}}", title_style)
            else:
                line.append(title, title_style)
        if line_end is not None:
            line.append_text(line_end)
        words = getattr(m, "query", "").split()
        if words:  # the searched words, where the title and speakers show them
            line.highlight_words([w for w in words if len(w) > 1], self._style("match"),
                                 case_sensitive=False)
        return line
