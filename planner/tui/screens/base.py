"""What the screens over the state share: the state, a title, escape; and for the
screens of talks (agenda, now, free time, conflicts) the list beside its detail."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Container
from textual.screen import Screen
from textual.widgets import Header, Static

from ..keymap import CLOSE_KEYS, bindings
from ..rows import Row
from ..state import PlannerState
from ..widgets.key_footer import KeyFooter
from ..widgets.row_list import RowList
from ..widgets.talk_detail import TalkDetail
from ..widgets.talk_list import TalkList


class StateScreen(Screen):
    """A screen over the planner's state, pushed over the schedule; escape goes back.

    Subclasses add their own keys with BINDINGS; textual merges them after escape.
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(CLOSE_KEYS)

    def __init__(self, state: PlannerState, *, id: str, title: str) -> None:
        super().__init__(id=id)
        self.state = state
        self.title = title

    def action_close(self) -> None:
        self.app.pop_screen()

    def show_rows(self, rows: list, *, first_talk: bool = True) -> None:
        """Show `rows` in the screen's talk list and detail, the cursor staying on the
        talk it was on; else on the first talk (`first_talk`) or where it was."""
        from ..rows import RowKind

        talks = self.query_one(TalkList)
        current = talks.highlighted_row
        keep = current.talk.id if current is not None and current.talk is not None else None
        cursor = next((i for i, r in enumerate(rows) if r.kind is RowKind.TALK
                       and r.talk is not None and r.talk.id == keep), None)
        if cursor is None:
            cursor = next((i for i, r in enumerate(rows) if r.kind is RowKind.TALK), None) \
                if first_talk else talks.cursor
        talks.set_rows(rows, cursor)
        self.query_one(TalkDetail).show(talks.highlighted_row)


class TalksScreen(StateScreen):
    """A state screen showing talks: a summary line, the list beside the detail of the
    highlighted talk, the footer.  Subclasses build the rows in `redraw` and may give
    their own list class (its keys) and what a chosen row does (`chosen`)."""

    list_class: ClassVar[type[TalkList]] = TalkList

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id=f"{self.id}-summary", classes="summary", markup=False)
        yield from self.compose_above_list()
        with Container(classes="body"):
            yield self.list_class(self.state, id=f"{self.id}-talks")
            yield TalkDetail(self.state, id=f"{self.id}-detail")
        yield KeyFooter()

    def compose_above_list(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.redraw()
        self.query_one(TalkList).focus()

    def redraw(self) -> None:
        raise NotImplementedError

    def zone_changed(self) -> None:
        self.redraw()

    def set_summary(self, text: str) -> None:
        self.query_one(f"#{self.id}-summary", Static).update(text)

    @on(RowList.Highlighted)
    def _highlighted(self, event: RowList.Highlighted) -> None:
        self.query_one(TalkDetail).show(event.row)

    @on(RowList.Selected)
    def _selected(self, event: RowList.Selected) -> None:
        if event.row is not None and event.row.talk is not None:
            self.chosen(event.index, event.row)

    def chosen(self, index: int | None, row: Row) -> None:
        """Enter or a double click on a talk: pick or unpick it, as space does."""
        self.post_message(TalkList.PickToggled(self.query_one(TalkList), row))
