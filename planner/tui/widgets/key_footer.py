"""The footer of key bindings, compact when the terminal is narrow.

Help and quit come first: when a narrow terminal cuts the row off at the right, what
is lost is a screen's rarer keys, never the way to find every key (`?`) or to leave.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer

COMPACT_BELOW = 130  # columns: below, the footer keys are drawn tight
FIRST = ("app.show_help", "show_help", "app.quit", "quit")


class KeyFooter(Footer):
    def on_resize(self, event: events.Resize) -> None:
        narrow = event.size.width < COMPACT_BELOW
        self.compact = narrow
        # Ctrl+P stays in the help screen and the header's icon when space is short.
        self.show_command_palette = not narrow

    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        first = [k for k in keys if getattr(k, "action", None) in FIRST]
        yield from first + [k for k in keys if k not in first]
