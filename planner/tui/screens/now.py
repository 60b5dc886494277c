"""What is on now and what starts next, my picks first, with rooms (planner now).

| Key(s) | Description |
| :- | :- |
| space | Pick or unpick the highlighted talk |
| p | Only my picks / everything |
| escape | Back to the schedule |

The view follows the clock: it is rebuilt every half minute, so it stays true while
it is left open between two talks.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from textual.binding import BindingType

from ... import clock
from ..keymap import NOW_KEYS, bindings
from ..rows import Row, RowKind
from ..state import PlannerState
from .base import TalksScreen

REFRESH_SECONDS = 30.0


def _day(ts: float, state: PlannerState) -> str:
    d = datetime.fromtimestamp(ts, state.zone)
    return f"{d:%a} {d.day} {d:%b} {d:%H:%M}"


def now_rows(state: PlannerState, at: float, only_picks: bool = False) -> list[Row]:
    found = state.now_next(at, only_picks)
    mine = "of your picks " if only_picks else ""
    rows: list[Row] = []

    def talks(entries: list[Any]) -> None:
        for e in entries:
            ref = state.catalog.get(e.slot.id)
            if ref is not None:
                rows.append(Row(RowKind.TALK, schedule=ref.schedule, session=ref.session,
                                talk=ref.talk))

    if found.first is None:
        return [Row(RowKind.EMPTY, text="None of your picks has a time." if only_picks
                    else "The loaded schedules have no timed talks.")]
    if found.now:
        rows.append(Row(RowKind.SECTION, text="On now", count=len(found.now)))
        talks(found.now)
    elif at < found.first:
        rows.append(Row(RowKind.EMPTY, text=f"Nothing {mine}is on yet: it starts "
                        f"{_day(found.first, state)}."))
    elif found.last is not None and at >= found.last:
        rows.append(Row(RowKind.EMPTY, text=f"Nothing {mine}is on: it ended "
                        f"{_day(found.last, state)}."))
    else:
        rows.append(Row(RowKind.EMPTY, text=f"Nothing {mine}is on right now."))
    if found.next:
        first = min(e.slot.start for e in found.next)
        minutes = round((first - at) / 60)
        soon = f"in {minutes} min" if minutes < 120 else f"at {_day(first, state)}"
        rows.append(Row(RowKind.SECTION, text=f"Next, {soon}", count=len(found.next)))
        talks(found.next)
    return rows


class NowScreen(TalksScreen):
    BINDINGS: ClassVar[list[BindingType]] = bindings(NOW_KEYS)
    help_name = "now and next"

    def __init__(self, state: PlannerState) -> None:
        super().__init__(state, id="now", title="Now and next")
        self.only_picks = False

    def on_mount(self) -> None:  # after TalksScreen's: the view follows the clock
        self.set_interval(REFRESH_SECONDS, self.redraw)

    def redraw(self) -> None:
        at = clock.now().timestamp()
        self.show_rows(now_rows(self.state, at, self.only_picks))
        which = "your picks only (p: everything)" if self.only_picks else \
            "your picks first (p: only your picks)"
        self.set_summary(f" {_day(at, self.state)} {self.state.zone.key} · {which}")

    def action_toggle_picks_only(self) -> None:
        self.only_picks = not self.only_picks
        self.redraw()
