"""Resolving conflicts: each pair of musts that overlap, the picks and their repeats;
Enter keeps the highlighted talk and turns the conflict's other picks into maybes.

| Key(s) | Description |
| :- | :- |
| enter | Keep the highlighted talk (the others of its conflict become maybes) |
| space | Pick or unpick the highlighted talk |
| escape | Back |
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from textual.binding import BindingType

from ..keymap import RESOLVE_KEYS, bindings
from ..rows import Row, RowKind
from ..state import PlannerState
from ..widgets.talk_list import TalkList
from .base import TalksScreen


def _span(c: Any, state: PlannerState) -> str:
    a, b = c.start.astimezone(state.zone), c.end.astimezone(state.zone)
    return f"{a:%a} {a.day} {a:%b} {a:%H:%M}–{b:%H:%M}"


def resolve_rows(state: PlannerState) -> tuple[list[Row], list[Any]]:
    """The rows, and for each row the conflict it belongs to (None for headings)."""
    rows: list[Row] = []
    owners: list[Any] = []

    def add(row: Row, owner: Any = None) -> None:
        rows.append(row)
        owners.append(owner)

    for conflict in state.conflicts():
        c = conflict.clash
        busy = [side.label for side in (c.a, c.b) if side.kind == "busy"]
        what = f" with busy time: {busy[0]}" if busy else ""
        add(Row(RowKind.SECTION, text=f"Conflict {_span(c, state)}{what}",
                count=len(conflict.picks)))
        for talk_id in conflict.picks:
            ref = state.catalog.get(talk_id)
            if ref is None:
                continue
            add(Row(RowKind.TALK, schedule=ref.schedule, session=ref.session, talk=ref.talk),
                conflict)
            for repeat in conflict.repeats.get(talk_id, ()):
                other = state.catalog[repeat]
                start = datetime.fromtimestamp(other.talk.start.timestamp(), state.zone)
                add(Row(RowKind.REMARK, text=f"also given {start:%a} {start.day} {start:%b} "
                        f"{start:%H:%M} (enter on it keeps that one):", talk=other.talk))
                add(Row(RowKind.TALK, schedule=other.schedule, session=other.session,
                        talk=other.talk), conflict)
    if not rows:
        add(Row(RowKind.EMPTY, text="No conflicts: no two musts overlap (overlaps with a "
                "maybe are alternatives)."))
    return rows, owners


class ResolveList(TalkList):
    """Enter keeps the highlighted talk here, and the footer says so."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(RESOLVE_KEYS)


class ResolveScreen(TalksScreen):
    list_class = ResolveList  # enter keeps here
    help_name = "resolving conflicts"

    def __init__(self, state: PlannerState) -> None:
        super().__init__(state, id="resolve", title="Resolve conflicts")
        self.owners: list[Any] = []

    def redraw(self) -> None:
        rows, self.owners = resolve_rows(self.state)
        self.show_rows(rows)
        n = sum(1 for r in rows if r.kind is RowKind.SECTION)
        self.set_summary(f" {n} conflict{'s' if n != 1 else ''} · enter keeps the highlighted "
                         f"talk, the others become maybes · times in {self.state.zone.key}")

    def chosen(self, index: int | None, row: Row) -> None:
        """Keep the talk in its conflict."""
        if index is None or row.talk is None or self.owners[index] is None:
            return
        talk = row.talk
        others = self.app._change_picks(lambda: self.state.keep(self.owners[index], talk.id))
        if others is None:
            return
        n = len(others)
        self.notify(f"Kept “{talk.title}”; {n} other pick{'s are' if n != 1 else ' is'} a "
                    "maybe now.", timeout=4, markup=False)
        self.app.refresh_views()
