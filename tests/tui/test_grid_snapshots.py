"""How the rooms-by-time grid looks, at 80x24 and 120x40 (review the SVGs before updating).

    uv run pytest tests/tui/test_grid_snapshots.py --snapshot-update   # after reviewing
"""

from __future__ import annotations

import pytest

from planner.loader import load_schedules
from planner.tui import make_app

from ..conftest import DATA
from .helpers import COMPILER, SPARSE, pick
from .test_snapshots import SIZES


@SIZES
def test_grid_of_parallel_sessions_with_clashing_picks(snap_compare, app_for, size):
    # No rooms: the parallel sessions side by side; two musts at 09:00 clash (✗), and
    # the cursor (on the second) fills its cell, the detail saying why.
    async def setup(pilot):
        await pick(pilot, SPARSE)
        await pick(pilot, COMPILER)
        await pilot.press("v")
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app_for(), terminal_size=size, run_before=setup)


@pytest.mark.parametrize("size", [(60, 15), (80, 24), (120, 40)],
                         ids=["60x15", "80x24", "120x40"])
def test_grid_of_rooms_with_a_pick(snap_compare, size, tmp_path):
    # FOSDEM's rooms across, five-minute rows down, a pick in the last room and the
    # talks it would clash with marked; at 60 columns the view has moved right with
    # the cursor (‹ says a room is hidden to the left).
    app = make_app(load_schedules([str(DATA / "frab-xml" / "fosdem2024-excerpt.xml")]),
                   export_dir=tmp_path)

    async def setup(pilot):
        await pilot.press("v", "l", "l", "j", "space")
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=setup)
