"""Choosing the display zone: common zones first, then all, searchable by country.

| Key(s) | Description |
| :- | :- |
| up / down | Move through the zones while typing |
| enter | Use the highlighted zone |
| escape | Keep the current zone |
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ... import clock
from ...zones import local_zone_name
from ..keymap import KeySpec, bindings
from ..state import PlannerState
from ..zone_catalog import ZoneEntry, catalogue, matches

ZONE_KEYS = (
    KeySpec("zones.close", "escape", "close", "Cancel", "Keep the current zone.", palette=False),
    KeySpec("zones.down", "down", "move(1)", "Down", "Next zone.", show=False, palette=False),
    KeySpec("zones.up", "up", "move(-1)", "Up", "Previous zone.", show=False, palette=False),
)


class ZonePicker(ModalScreen[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings(ZONE_KEYS)

    def __init__(self, state: PlannerState) -> None:
        super().__init__(id="zones")
        self.state = state
        first = [state.zone.key, *state.conference_zones, local_zone_name()]
        self.common, self.rest = catalogue(first)
        # Offsets as they are during the conference, not today (DST may differ).
        starts = [s.start for sch in state.schedules for s in sch.sessions if s.start]
        self.at: datetime = min(starts) if starts else clock.now()

    def compose(self) -> ComposeResult:
        with Vertical(id="zones-box"):
            yield Static(f"Show times in… (now {self.state.zone.key})", classes="zones-title")
            yield Input(placeholder="zone, city or country", id="zone-query")
            yield OptionList(id="zone-options")

    def on_mount(self) -> None:
        self._fill("")
        self.query_one("#zone-query").focus()

    def _option(self, z: ZoneEntry) -> Option:
        countries = ", ".join(z.countries)
        if len(countries) > 28:
            countries = countries[:27] + "…"
        current = "  (current)" if z.name == self.state.zone.key else ""
        return Option(f"{z.name:<30} {z.offset(self.at):<10} {countries}{current}", id=z.name)

    def _fill(self, query: str) -> None:
        options = self.query_one(OptionList)
        common = [z for z in self.common if matches(z, query)]
        rest = [z for z in self.rest if matches(z, query)]
        items: list[Option | None] = [self._option(z) for z in common]
        if common and rest:
            items.append(None)  # a separator between the common zones and the rest
        items.extend(self._option(z) for z in rest)
        if not items:  # say so in the list, where the eye is, not only on enter
            items.append(Option(f"No zone matches “{query.strip()}”: try a city or a "
                                "country", id=None, disabled=True))
        options.set_options(items)
        if common or rest:
            options.highlighted = 0

    @on(Input.Changed, "#zone-query")
    def _query_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#zone-query")
    def _submitted(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None and \
                options.get_option_at_index(options.highlighted).id is not None:
            self.dismiss(options.get_option_at_index(options.highlighted).id)
        else:
            self.notify("No zone matches that.", severity="warning", timeout=3)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_move(self, step: int) -> None:
        """Up/down while typing move through the zones."""
        options = self.query_one(OptionList)
        (options.action_cursor_down if step > 0 else options.action_cursor_up)()

    def action_close(self) -> None:
        self.dismiss(None)
