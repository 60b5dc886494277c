"""What the parsers could not read cleanly, with the file and line of each note."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from ..keymap import CLOSE_KEYS, bindings
from ..state import PlannerState
from ..widgets.key_footer import KeyFooter


class DiagnosticsScreen(Screen):
    BINDINGS: ClassVar[list[BindingType]] = bindings(CLOSE_KEYS)
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "diagnostics--error", "diagnostics--warning", "diagnostics--info",
    }

    def __init__(self, state: PlannerState) -> None:
        super().__init__(id="diagnostics")
        self.state = state
        self.title = "Parser warnings"

    def compose(self) -> ComposeResult:
        yield Header()
        found = self.state.diagnostics()
        files = len({sch.source for sch in self.state.schedules})
        summary = (f" {len(found)} note{'s' if len(found) != 1 else ''} from {files} "
                   f"file{'s' if files != 1 else ''}; errors mean text was left out.")
        yield Static(summary, id="diagnostics-summary", classes="summary")
        table: DataTable = DataTable(id="diagnostics-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("File", "Line", "Severity", "Message")
        for sch, d in self.state.diagnostics():
            style = self.get_component_rich_style(f"diagnostics--{d.severity.value}")
            severity = Text(d.severity.value, style=style)
            table.add_row(sch.source.rsplit("/", 1)[-1], str(d.line or ""),
                          severity, d.message)
        if not table.row_count:
            table.add_row("", "", "", "The parsers read every line cleanly.")
        table.focus()

    def action_close(self) -> None:
        self.app.pop_screen()
