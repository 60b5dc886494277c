"""Writing the note of a pick: one line, enter keeps it, escape leaves it as it was.

| Key(s) | Description |
| :- | :- |
| enter | Keep the note (an empty one removes it) |
| escape | Leave the note as it was |
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...agenda import MAX_NOTE_CHARS
from ..keymap import KeySpec, bindings

NOTE_KEYS = (
    KeySpec("note.close", "escape", "close", "Cancel", "Leave the note as it was.",
            palette=False),
)


class NoteEditor(ModalScreen[str | None]):
    """Returns the new note, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(NOTE_KEYS)
    help_name = "the note"

    def __init__(self, title: str, note: str) -> None:
        super().__init__(id="note")
        self.talk_title = title
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="note-box"):
            yield Static(f"Note on “{self.talk_title}”", classes="note-title", markup=False)
            yield Input(self.note, placeholder="a few words; enter keeps it, escape cancels",
                        max_length=MAX_NOTE_CHARS, id="note-input")

    def on_mount(self) -> None:
        self.query_one("#note-input", Input).focus()

    @on(Input.Submitted, "#note-input")
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_close(self) -> None:
        self.dismiss(None)
