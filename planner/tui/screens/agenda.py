"""My agenda: the picks by day in time order, their clashes, and the reading list.

| Key(s) | Description |
| :- | :- |
| space | Unpick the highlighted talk |
| escape | Back to the schedule |
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from ...days import local_day
from ..keymap import AGENDA_LIST_KEYS, bindings
from ..rows import Row, RowKind
from ..state import PlannerState
from ..widgets.talk_list import TalkList
from .base import TalksScreen


def agenda_rows(state: PlannerState) -> list[Row]:
    rows: list[Row] = []
    reading: list[Row] = []
    day = None
    for r in state.resolved_picks():
        ref = state.catalog.get(r.id)
        talk = r.as_talk()
        session = ref.session if ref is not None else None
        schedule = r.schedule
        row = Row(RowKind.TALK, schedule=schedule, session=session, talk=talk)
        notes = []
        if r.status == "vanished":
            notes.append(Row(RowKind.REMARK, text=f"no longer in {r.schedule_label}: it was "
                             "dropped or renamed", talk=talk))
        elif r.status == "not-loaded":
            notes.append(Row(RowKind.REMARK, text=f"from {r.schedule_label}, which is not "
                             "loaded now", talk=talk))
        if r.pick.note:
            notes.append(Row(RowKind.REMARK, text=f"Note: {r.pick.note}", talk=talk))
        notes += [Row(RowKind.NOTE, text=f"✗ clashes with {line}", talk=talk)
                  for line in state.clashes_of(r.id)]
        notes += [Row(RowKind.REMARK, text=f"= alternative to {line}", talk=talk)
                  for line in state.alternatives_of(r.id)]
        if talk.start is None:
            reading.append(row)
            reading.extend(notes)
            continue
        this_day = local_day(talk.start, state.zone)
        if this_day != day:
            day = this_day
            rows.append(Row(RowKind.DAY, day=day))
        rows.append(Row(row.kind, schedule=schedule, session=session, talk=talk, day=day))
        rows.extend(notes)
    if reading:
        count = sum(1 for r in reading if r.kind is RowKind.TALK)
        rows.append(Row(RowKind.SECTION, text="Reading list (picks without a time)",
                        count=count))
        rows.extend(reading)
    if not rows:
        rows.append(Row(RowKind.EMPTY, text="No picks yet: press space on a talk in the "
                        "schedule to pick it."))
    return rows


class AgendaList(TalkList):
    """The picks: space unpicks here, and the footer says so."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(AGENDA_LIST_KEYS)


class AgendaScreen(TalksScreen):
    list_class = AgendaList  # space unpicks here; enter and a double click too

    def __init__(self, state: PlannerState) -> None:
        super().__init__(state, id="agenda", title="My agenda")

    def compose_above_list(self) -> ComposeResult:
        changes = self.state.describe_changes()
        if changes:
            yield Static("Changed since the schedule was last read:\n" + "\n".join(
                f"  {line}" for line in changes), id="agenda-changes", markup=False)

    def redraw(self) -> None:
        self.show_rows(agenda_rows(self.state), first_talk=False)
        self.set_summary(self._summary())

    def _summary(self) -> str:
        picks = self.state.resolved_picks()
        clashing = sum(1 for r in picks if self.state.clashes_of(r.id))
        timed = sum(1 for r in picks if r.timed)
        parts = [f"{len(picks)} pick{'s' if len(picks) != 1 else ''}",
                 f"{timed} timed", f"{len(picks) - timed} to read"]
        maybes = sum(1 for r in picks if self.state.level_of(r.id) == "maybe")
        if maybes:
            parts.append(f"{maybes} maybe")
        if clashing:
            parts.append(f"{clashing} clashing")
        if self.state.busy:
            n = len(self.state.busy)
            parts.append(f"{n} busy event{'s' if n != 1 else ''}")
        return " " + " · ".join(parts) + f" · times in {self.state.zone.key}"
