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
