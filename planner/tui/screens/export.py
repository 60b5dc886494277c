"""Exporting the picks from the TUI: where to, an alarm, and papers as to-dos.

The file is written by the core export (Planner.export, planner.export), as
`planner export` writes it; this dialog only asks what the CLI's options ask.

| Key(s) | Description |
| :- | :- |
| enter | Write the file |
| tab | Move between the fields |
| space | Tick or untick papers as to-dos |
| escape | Leave without writing |
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Static

from ...errors import PlannerError
from ..keymap import KeySpec, bindings
from ..state import PlannerState

if TYPE_CHECKING:
    from ...export import ExportReport

EXPORT_KEYS = (
    KeySpec("export.close", "escape", "close", "Cancel", "Leave without writing.",
            palette=False),
    # Before the fields' own enter (a checkbox would tick itself): enter always writes.
    KeySpec("export.write", "enter", "write", "Write", "Write the file.", palette=False,
            priority=True),
)


def shown_path(path: Path) -> str:
    """`path` as a user would type it: the home folder as ~."""
    home = Path.home()
    try:
        return "~/" + str(path.relative_to(home)) if path != home else "~"
    except ValueError:
        return str(path)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class ExportDialog(ModalScreen["ExportReport | None"]):
    """Returns the core's report of what was written, or None when cancelled.  A problem
    (no such folder, an alarm that is not a duration, nothing to write) is said in the
    dialog, which stays open to fix it."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(EXPORT_KEYS)

    def __init__(self, state: PlannerState) -> None:
        super().__init__(id="export")
        self.state = state
        self.help_name = "Export"
        self.folder, self.folder_name = state.export_folder()
        picks = state.resolved_picks()
        self.timed = sum(1 for p in picks if p.start is not None)
        self.untimed = len(picks) - self.timed

    def compose(self) -> ComposeResult:
        with Vertical(id="export-box"):
            yield Static("Export your picks to a calendar file (.ics)",
                         classes="editor-title")
            what = plural(self.timed, "pick") + " with a time"
            if self.untimed:
                what += f", {plural(self.untimed, 'paper')} without one"
            yield Static(what + ".", id="export-summary", markup=False)
            yield Static("Save in (a folder, or a file ending .ics)", classes="export-label")
            yield Input(shown_path(self.folder), id="export-path")
            yield Static(f"Suggested: {self.folder_name}; the file is named after the "
                         "conference.", classes="export-note", markup=False)
            yield Static("Alarm before each talk (e.g. 10m, 1h; empty: none)",
                         classes="export-label")
            yield Input(placeholder="none", id="export-alarm")
            yield Checkbox("Papers without a time as to-dos", self.timed == 0,
                           id="export-papers")
            yield Static("enter writes · tab moves · space ticks · escape cancels", id="editor-hint",
                         markup=False)

    def on_mount(self) -> None:
        self.query_one("#export-path", Input).focus()

    def _problem(self, text: str) -> None:
        hint = self.query_one("#editor-hint", Static)
        hint.update(text)
        hint.add_class("-problem")

    def _target(self) -> tuple[Path | None, Path | None] | None:
        """(output file, folder) as typed; a relative path is taken from the suggested
        folder.  None after saying what is wrong."""
        typed = self.query_one("#export-path", Input).value.strip()
        path = Path(typed).expanduser() if typed else self.folder
        if not path.is_absolute():
            path = self.folder / path
        if path.suffix.lower() == ".ics" and not path.is_dir():
            if not path.parent.is_dir():
                self._problem(f"There is no folder {shown_path(path.parent)}.")
                return None
            return path, None
        if not path.is_dir():
            self._problem(f"There is no folder {shown_path(path)}; give a folder that "
                          "exists, or a file ending .ics.")
            return None
        return None, path

    def action_write(self) -> None:
        target = self._target()
        if target is None:
            return
        output, folder = target
        from ...ics import parse_alarm

        alarm = self.query_one("#export-alarm", Input).value.strip()
        papers = self.query_one("#export-papers", Checkbox).value
        try:
            alarms = [parse_alarm(alarm)] if alarm else []
            report = self.state.export(output=output, directory=folder, alarms=alarms,
                                       include_papers=papers)
        except PlannerError as exc:
            if self.timed == 0 and not papers:
                self._problem("Your picks have no times: tick “Papers without a time as "
                              "to-dos” to write them as to-dos.")
            else:
                self._problem(exc.fact)
            return
        self.dismiss(report)

    def action_close(self) -> None:
        self.dismiss(None)


def export_message(report: ExportReport) -> tuple[str, bool]:
    """What the TUI says after an export, and whether it needs the user's attention."""
    written = [plural(n, w) for n, w in ((report.events, "event"), (report.todos, "to-do"))
               if n]
    lines = [f"Wrote {' and '.join(written) or 'the calendar'} to {report.path}."]
    if report.left_out:
        lines.append(f"{plural(len(report.left_out), 'paper')} without a time left out "
                     "(export again with “Papers without a time as to-dos” ticked).")
    if report.missing:
        n = len(report.missing)
        lines.append(f"{plural(n, 'pick')} from schedules not open now "
                     f"{'was' if n == 1 else 'were'} left out.")
    return "\n".join(lines), bool(report.left_out or report.missing)
