"""The search box above the schedule: filters as you type, Enter goes to the first match.

| Key(s) | Description |
| :- | :- |
| escape | Clear the search and go back to the list |
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Input

from ..keymap import SEARCH_KEYS, bindings


class SearchBox(Input):
    BINDINGS: ClassVar[list[BindingType]] = bindings(SEARCH_KEYS)

    class Cleared(Message):
        """Escape: the search is empty again and the list should take the focus."""

    def __init__(self, *, id: str | None = None, placeholder: str = "") -> None:
        super().__init__(placeholder=placeholder, id=id, select_on_focus=False)

    def action_clear_search(self) -> None:
        self.value = ""
        self.post_message(self.Cleared())
