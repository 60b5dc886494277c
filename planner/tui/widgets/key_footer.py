"""The footer of key bindings, compact when the terminal is narrow so all keys fit."""

from __future__ import annotations

from textual import events
from textual.widgets import Footer

COMPACT_BELOW = 110  # columns


class KeyFooter(Footer):
    def on_resize(self, event: events.Resize) -> None:
        narrow = event.size.width < COMPACT_BELOW
        self.compact = narrow
        # Ctrl+P stays in the help screen and the header's icon when space is short.
        self.show_command_palette = not narrow
