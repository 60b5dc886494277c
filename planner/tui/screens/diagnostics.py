"""What the parsers could not read cleanly, with the file and line of each note.

| Key(s) | Description |
| :- | :- |
| up / down | Scroll |
| escape | Back to the schedule |
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Header, Static

from ..state import PlannerState
from ..widgets.key_footer import KeyFooter
from .base import StateScreen


class DiagnosticsScreen(StateScreen):
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "diagnostics--error", "diagnostics--warning", "diagnostics--info",
    }

    def __init__(self, state: PlannerState) -> None:
        super().__init__(state, id="diagnostics", title="Parser warnings")

    def compose(self) -> ComposeResult:
        yield Header()
        found = self.state.diagnostics()
        files = len({sch.source for sch in self.state.schedules})
        summary = (f" {len(found)} note{'s' if len(found) != 1 else ''} from {files} "
                   f"file{'s' if files != 1 else ''}; an error means text was left out.")
        yield Static(summary, id="diagnostics-summary", classes="summary")
        with VerticalScroll(id="diagnostics-scroll"):
            yield Static(id="diagnostics-table")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = Table(box=None, expand=True, padding=(0, 1), header_style="bold")
        table.add_column("File:line", no_wrap=True)
        table.add_column("Severity", no_wrap=True)
        table.add_column("What happened", ratio=1)
        for sch, d in self.state.diagnostics():
            where = sch.source.rsplit("/", 1)[-1] + (f":{d.line}" if d.line else "")
            style = self.get_component_rich_style(f"diagnostics--{d.severity.value}", partial=True)
            table.add_row(where, Text(d.severity.value, style=style), d.message)
        if not table.row_count:
            table.add_row("", "", "The parsers read every line cleanly.")
        self.query_one("#diagnostics-table", Static).update(table)
        self.query_one("#diagnostics-scroll").focus()
