"""The gap finder: the free slots of my days between my musts and busy time, with the
talks that fit in each (planner.gaps, as `planner free` prints them).

| Key(s) | Description |
| :- | :- |
| space | Pick or unpick the highlighted talk (the gaps follow) |
| m | Must / maybe |
| escape | Back to the schedule |
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...views.shared import length
from ..rows import Row, RowKind
from ..state import PlannerState
from .base import TalksScreen

NO_MUSTS = ("None of your picks is a must with a time: the whole program is free. "
            "Pick talks (space) to see the free time between them.")



def free_rows(state: PlannerState, days: list[Any]) -> list[Row]:
    """A day heading per day with a must, each gap as a section, the talks that fit."""
    if not days:
        return [Row(RowKind.EMPTY, text=NO_MUSTS)]

    def hhmm(ts: float) -> str:
        return datetime.fromtimestamp(ts, state.zone).strftime("%H:%M")

    rows: list[Row] = []
    for d in days:
        rows.append(Row(RowKind.DAY, day=d.day))
        if not d.gaps:
            rows.append(Row(RowKind.EMPTY, text="No free slot: your musts fill the day."))
        for gap in d.gaps:
            rows.append(Row(RowKind.SECTION, count=len(gap.fits), day=d.day,
                            text=f"Free {hhmm(gap.start)}–{hhmm(gap.end)} "
                                 f"({length(gap.minutes)})"))
            for s in gap.fits:
                ref = state.catalog.get(s.id)
                if ref is not None:
                    rows.append(Row(RowKind.TALK, schedule=ref.schedule, session=ref.session,
                                    talk=ref.talk, day=d.day))
            if not gap.fits:
                rows.append(Row(RowKind.EMPTY, text="No talk starts and ends in it."))
    return rows


class FreeScreen(TalksScreen):
    help_name = "free time"

    def __init__(self, state: PlannerState) -> None:
        super().__init__(state, id="free", title="Free time")

    def redraw(self) -> None:
        self.show_rows(free_rows(self.state, self.state.free_days()))
        self.set_summary(" The gaps beside your musts and busy time, and the talks that "
                         "fit in each")
