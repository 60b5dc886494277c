"""What the TUI's state keeps for the rooms-by-time grid (issue 17): the days that have
timed talks, each day's planner.grid.DayGrid, and the list's row of a talk (what the
detail pane shows).  A mixin `PlannerState` inherits; the grid itself is the core's."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..grid import DayGrid
    from .rows import Row


class GridState:
    """Needs from the state: zone, outline, _tables() (planner.timetable, per schedule)."""

    zone: Any
    outline: Any
    _grid_cache: tuple[Any, dict[date, DayGrid], dict[str, Row], list[date]] | None = None

    def _grids(self) -> tuple[dict[date, DayGrid], dict[str, Row], list[date]]:
        # Made again when the outline is (a new zone moves talks across days).
        cache = self._grid_cache
        if cache is None or cache[0] is not self.outline:
            from ..grid import days_of

            rows = {r.talk.id: r for day in self.outline.days for slot in day.slots
                    for block in slot for r in block.rows if r.talk is not None}
            days = days_of(self._tables(), self.zone)
            cache = self._grid_cache = (self.outline, {}, rows, days)
        return cache[1], cache[2], cache[3]

    def grid_days(self) -> list[date]:
        """The days (in the display zone) on which a timed talk starts."""
        return self._grids()[2]

    def day_grid(self, day: date) -> DayGrid:
        from ..grid import day_grid

        grids = self._grids()[0]
        grid = grids.get(day)
        if grid is None:
            grid = grids[day] = day_grid(self._tables(), day, self.zone)
        return grid

    def row_of(self, talk_id: str) -> Row | None:
        """The talk's row in the list (its session, schedule and day with it)."""
        return self._grids()[1].get(talk_id)
