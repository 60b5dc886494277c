"""One line to write over the screen it was opened from: a pick's note, the filter.

| Key(s) | Description |
| :- | :- |
| enter | Keep what is written (a check may refuse it, saying why) |
| escape | Leave it as it was |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..keymap import KeySpec, bindings

EDITOR_KEYS = (
    KeySpec("editor.close", "escape", "close", "Cancel", "Leave it as it was.", palette=False),
)


class LineEditor(ModalScreen[str | None]):
    """Returns the text written, or None when cancelled.  `check` returns a sentence
    saying what is wrong with a text, or None when it is fine."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(EDITOR_KEYS)

    def __init__(self, title: str, value: str, *, placeholder: str = "",
                 hint: str = "", max_length: int = 0,
                 check: Callable[[str], str | None] | None = None, id: str = "editor") -> None:
        super().__init__(id=id)
        self.heading, self.value, self.placeholder = title, value, placeholder
        self.hint, self.max_length, self.check = hint, max_length, check
        self.help_name = title

    def compose(self) -> ComposeResult:
        with Vertical(id="editor-box"):
            yield Static(self.heading, classes="editor-title", markup=False)
            yield Input(self.value, placeholder=self.placeholder, max_length=self.max_length,
                        id="editor-input")
            yield Static(self.hint, id="editor-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#editor-input", Input).focus()

    @on(Input.Submitted, "#editor-input")
    def _submitted(self, event: Input.Submitted) -> None:
        problem = self.check(event.value) if self.check is not None else None
        if problem:
            hint = self.query_one("#editor-hint", Static)
            hint.update(problem)
            hint.add_class("-problem")
            return
        self.dismiss(event.value)

    def action_close(self) -> None:
        self.dismiss(None)
