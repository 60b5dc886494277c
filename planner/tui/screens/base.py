"""What the agenda, speakers and diagnostics screens share: the state, a title, escape."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.screen import Screen

from ..keymap import CLOSE_KEYS, bindings
from ..state import PlannerState


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
        from ..widgets.talk_detail import TalkDetail
        from ..widgets.talk_list import TalkList

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
