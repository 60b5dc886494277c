"""The keys of the screen underneath, read from its live bindings, and what the marks mean."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..keymap import KeySpec, bindings
from ..widgets.talk_list import CLASH, PICKED, WOULD_CLASH

HELP_KEYS = (
    KeySpec("help.close", "escape,question_mark,q", "close", "Close", "Close the help.",
            palette=False),
)

LEGEND = (
    f"{PICKED} picked   {CLASH} picked, clashes   {WOULD_CLASH} would clash if picked   "
    "~ estimated time (the page gave only the session's start)"
)


def _where(node: DOMNode) -> str:
    from textual.app import App

    if isinstance(node, App):
        return "Everywhere"
    if isinstance(node, Screen):
        return "On this screen"
    return f"In the {type(node).__name__.lower().replace('list', ' list').strip()}"


def key_table(active: dict[str, ActiveBinding], key_display) -> Table:
    """One row per action: its keys, its description and what it does."""
    groups: dict[str, dict[tuple[str, str], list[str]]] = {}
    texts: dict[tuple[str, str], str] = {}
    for item in active.values():
        b = item.binding
        if not b.description or b.system:
            continue
        action = (b.action, b.description)
        where = groups.setdefault(_where(item.node), {})
        where.setdefault(action, []).append(key_display(b))
        texts[action] = b.tooltip
    table = Table(show_header=False, box=None, expand=True, padding=(0, 1))
    table.add_column("Key", no_wrap=True, style="bold")
    table.add_column("Action", no_wrap=True)
    table.add_column("What it does", ratio=1)
    order = ["Everywhere", "On this screen"]
    for where in sorted(groups, key=lambda w: (order.index(w) if w in order else 2, w)):
        table.add_row(Text(where, style="bold underline"), "", "")
        for action, keys in groups[where].items():
            table.add_row(" ".join(dict.fromkeys(keys)), action[1], texts[action])
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings(HELP_KEYS)

    def __init__(self, active: dict[str, ActiveBinding], where: str) -> None:
        super().__init__(id="help")
        self.active = active
        self.where = where

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(f"Keys: {self.where}", classes="help-title")
            yield Static(key_table(self.active, self.app.get_key_display), id="help-keys")
            yield Static(LEGEND, classes="help-legend")
            yield Static("Ctrl+P opens the command palette with the same actions; the mouse "
                         "works too (click a row, a day, a key). Escape closes this.",
                         classes="help-legend")

    def action_close(self) -> None:
        self.dismiss(None)
