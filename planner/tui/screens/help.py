"""The keys of the screen underneath, read from its live bindings, and what the marks mean."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from .. import keymap
from ..keymap import KeySpec, bindings
from ..widgets.talk_list import CLASH, MAYBE, PICKED, WOULD_CLASH

HELP_KEYS = (
    KeySpec("help.close", "escape,question_mark,q", "close", "Close", "Close the help.",
            palette=False),
)

LEGEND = (
    f"{PICKED} a must   {MAYBE} a maybe (in the warning colour: an alternative to another "
    f"pick)   {CLASH} a must clashing   {WOULD_CLASH} would clash if picked   "
    "~ estimated time (the page gave only the session's start)"
)
# The first part of every id in planner.tui.keymap (and of the screens' own KeySpecs).
OUR_PREFIXES = {spec.id.split(".")[0] for name in dir(keymap) if name.endswith("_KEYS")
                for spec in getattr(keymap, name)} | {
    "speakers", "zones", "help", "editor", "now", "resolve"}


def _where(node: DOMNode) -> str:
    from textual.app import App

    if isinstance(node, App):
        return "Everywhere"
    if isinstance(node, Screen):
        return "On this screen"
    named = getattr(node, "help_name", None)
    return f"In the {named or type(node).__name__.lower().replace('list', ' list').strip()}"


def ours(binding) -> bool:
    """planner's own bindings carry an id from planner.tui.keymap; textual's built-in
    ones (focus next, copy text, the palette's key) are not planner's to explain."""
    return bool(binding.id) and binding.id.split(".")[0] in OUR_PREFIXES


def key_table(active: dict[str, ActiveBinding], key_display) -> Group:
    """Per place (everywhere, this screen, the focused widget): one row per action.
    A key another entry already shows (`D` in `d/D`) is not listed again."""
    groups: dict[str, dict[tuple[str, str], list[str]]] = {}
    texts: dict[tuple[str, str], str] = {}
    hidden: dict[tuple[str, str], bool] = {}
    shown_keys = {k for item in active.values() if item.binding.key_display
                  for k in item.binding.key_display.split("/") if ours(item.binding)}
    for item in active.values():
        b = item.binding
        if not b.description or b.system or not ours(b):
            continue
        if b.key_display is None and b.key in shown_keys:
            continue
        action = (b.action, b.description)
        where = groups.setdefault(_where(item.node), {})
        where.setdefault(action, []).append(key_display(b))
        texts[action] = b.tooltip
        hidden.setdefault(action, not b.show)
    # The focused list's keys first (what the user is doing), then the screen's, then
    # those that work everywhere; within each, the footer's keys before the rest.
    order = ["On this screen", "Everywhere"]
    tables = []
    for where in sorted(groups, key=lambda w: (order.index(w) + 1 if w in order else 0, w)):
        table = Table(title=where, title_justify="left", title_style="bold underline",
                      show_header=False, box=None, padding=(0, 1))
        table.add_column("Key", no_wrap=True, style="bold", min_width=8)
        table.add_column("Action", no_wrap=True, min_width=12)
        table.add_column("What it does")
        for action, keys in sorted(groups[where].items(), key=lambda kv: hidden[kv[0]]):
            table.add_row(" ".join(dict.fromkeys(keys)), action[1], texts[action])
        tables.append(table)
    return Group(*tables)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings(HELP_KEYS)

    def __init__(self, active: dict[str, ActiveBinding], where: str) -> None:
        super().__init__(id="help")
        self.active = active
        self.where = where

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(f"Keys on {self.where}", classes="help-title")
            yield Static(key_table(self.active, self.app.get_key_display), id="help-keys")
            yield Static(LEGEND, classes="help-legend")
            yield Static("Ctrl+P opens the command palette with the same actions; the mouse "
                         "works too (click a row, a day, a key). Escape closes this.",
                         classes="help-legend")

    def action_close(self) -> None:
        self.dismiss(None)
