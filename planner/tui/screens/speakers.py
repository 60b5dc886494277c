"""Speakers across every loaded schedule; choosing one lists all their talks.

| Key(s) | Description |
| :- | :- |
| / | Filter the speakers by name (escape: back to the list) |
| up / down | Move through the speakers |
| enter | On a speaker: their talks; on a talk: show it in the schedule |
| escape | Back to the schedule |

The list has the focus, not the name box, so q, a, t, e and ? mean what they mean on
every screen; `/` starts typing a name, as it starts a search on the schedule.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Container, Vertical
from textual.widgets import Header, Input

from ...days import local_day
from ..keymap import KeySpec, bindings
from ..rows import Row, RowKind
from ..state import PlannerState
from ..widgets.key_footer import KeyFooter
from ..widgets.row_list import RowList
from ..widgets.talk_detail import TalkDetail
from ..widgets.talk_list import TalkList
from .base import StateScreen


class PersonList(RowList[Any]):
    """One row per person: name and how many talks they have."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(b for b in RowList.BINDINGS if getattr(b, "key", "") != "enter"),
        *bindings((KeySpec("speakers.talks", "enter", "select", "Their talks",
                           "Go to the highlighted speaker's talks.", palette=False),))]

    COMPONENT_CLASSES: ClassVar[set[str]] = {"row-list--cursor", "person-list--count"}

    def render_row(self, person: Any, width: int, highlighted: bool) -> Text:
        n = len(person.talks)
        line = Text(f" {person.name}")
        line.append(f"  {n}", self.component_style("person-list--count"))
        return line


def person_rows(state: PlannerState, person: Any) -> list[Row]:
    """The person's talks, by schedule, then day in the display zone, then time."""
    rows: list[Row] = []
    by_schedule: dict[str, list[Any]] = {}
    for sch, talk in person.talks:
        by_schedule.setdefault(sch.label, []).append((sch, talk))
    for label, items in by_schedule.items():
        items.sort(key=lambda p: (p[1].start is None, p[1].start.timestamp() if p[1].start else 0))
        rows.append(Row(RowKind.SECTION, schedule=items[0][0], text=label, count=len(items)))
        day = None
        for sch, talk in items:
            if talk.start is not None:
                this_day = local_day(talk.start, state.zone)
                if this_day != day:
                    day = this_day
                    rows.append(Row(RowKind.DAY, day=day))
            ref = state.catalog.get(talk.id)
            rows.append(Row(RowKind.TALK, schedule=sch, talk=talk, day=day,
                            session=ref.session if ref is not None else None))
    return rows


class PersonTalks(TalkList):
    """A speaker's talks: Enter shows the talk in the schedule, and the footer says so."""

    BINDINGS: ClassVar[list[BindingType]] = bindings((KeySpec(
        "speakers.goto", "enter", "select", "Show in schedule",
        "Show the highlighted talk in the schedule.", palette=False),))


SPEAKER_KEYS = (
    KeySpec("speakers.filter", "slash", "focus_filter", "Filter names",
            "Type part of a name to narrow the speakers.", key_display="/"),
    KeySpec("speakers.down", "down", "move(1)", "Down", "Next speaker.", show=False,
            palette=False),
    KeySpec("speakers.up", "up", "move(-1)", "Up", "Previous speaker.", show=False,
            palette=False),
)


class SpeakersScreen(StateScreen):
    BINDINGS: ClassVar[list[BindingType]] = bindings(SPEAKER_KEYS)  # after escape

    def __init__(self, state: PlannerState) -> None:
        super().__init__(state, id="speakers", title="Speakers")
        self.index = state.speaker_index()
        self.people: list[Any] = self.index.people()

    def compose(self) -> ComposeResult:
        yield Header()
        with Container(classes="body"):
            with Vertical(id="people-pane"):
                yield Input(placeholder="/ filter speakers by name", id="speaker-query")
                yield PersonList(id="people")
            with Vertical(id="person-pane"):
                yield PersonTalks(self.state, id="person-talks")
                yield TalkDetail(self.state, id="person-detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(PersonList).set_rows(self.people)
        self.query_one(PersonList).focus()

    def action_focus_filter(self) -> None:
        self.query_one("#speaker-query", Input).focus()

    def action_close(self) -> None:
        """Escape: from the name box back to the list; else back to the schedule."""
        if isinstance(self.focused, Input):
            self.query_one(PersonList).focus()
            return
        super().action_close()

    def redraw(self) -> None:
        self.query_one(TalkList).redraw()
        self.query_one(TalkDetail).redraw()

    def zone_changed(self) -> None:
        self._show_person(self.query_one(PersonList).highlighted_row)

    def _show_person(self, person: Any) -> None:
        talks = self.query_one(TalkList)
        if person is None:
            talks.set_rows([Row(RowKind.EMPTY, text="No speaker matches.")])
        else:
            talks.set_rows(person_rows(self.state, person))
        self.query_one(TalkDetail).show(talks.highlighted_row)

    @on(Input.Changed, "#speaker-query")
    def _filter(self, event: Input.Changed) -> None:
        people = self.index.match(event.value) if event.value.strip() else self.people
        self.query_one(PersonList).set_rows(people)
        if not people:
            self._show_person(None)

    @on(Input.Submitted, "#speaker-query")
    def _filter_done(self) -> None:
        self.query_one(TalkList).focus()

    def action_move(self, step: int) -> None:
        """Up/down while typing a name move through the speakers."""
        people = self.query_one(PersonList)
        (people.action_cursor_down if step > 0 else people.action_cursor_up)()

    @on(RowList.Highlighted, "#people")
    def _person_highlighted(self, event: RowList.Highlighted) -> None:
        self._show_person(event.row)

    @on(RowList.Selected, "#people")
    def _person_chosen(self) -> None:
        self.query_one(TalkList).focus()

    @on(RowList.Highlighted, "#person-talks")
    def _talk_highlighted(self, event: RowList.Highlighted) -> None:
        self.query_one(TalkDetail).show(event.row)

    @on(RowList.Selected, "#person-talks")
    def _talk_chosen(self, event: RowList.Selected) -> None:
        row = event.row
        if row is None or row.talk is None:
            return
        self.app.pop_screen()
        show = getattr(self.app.screen, "show_talk", None)
        if show is not None:
            show(row.talk.id)
