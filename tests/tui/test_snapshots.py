"""How each screen looks, at 80x24 and at 120x40 (review the SVGs before updating).

    uv run pytest tests/tui/test_snapshots.py --snapshot-update   # after reviewing
"""

from __future__ import annotations

import pytest

from planner.loader import load_schedules
from planner.tui import make_app

from .helpers import CHECKPOINT, COMPILER, SPARSE, pick

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@pytest.fixture(autouse=True)
def _pick_notices_stay(monkeypatch):
    """The clash notice a pick raises is part of the picture; on a loaded machine the
    picks can take longer than it stays up, so here it stays until the snapshot."""
    monkeypatch.setattr("planner.tui.app.PICK_NOTICE_SECONDS", 3600.0)


async def pick_clashing_pair(pilot) -> None:
    for title in (CHECKPOINT, SPARSE, COMPILER):  # the cursor ends on a clashing pick
        await pick(pilot, title)


@SIZES
def test_browser(snap_compare, app_for, size):
    # Two parallel picks clash; the highlighted talk's detail names the clash.
    assert snap_compare(app_for(), terminal_size=size, run_before=pick_clashing_pair)


@SIZES
def test_browser_in_another_zone_while_searching(snap_compare, app_for, size):
    assert snap_compare(app_for(zone="Europe/Berlin"), terminal_size=size,
                        press=["slash", "t", "i", "n", "y"])


@SIZES
def test_agenda(snap_compare, app_for, size, two_track):
    async def setup(pilot):
        await pick_clashing_pair(pilot)
        await pilot.press("a")

    assert snap_compare(app_for(), terminal_size=size, run_before=setup)


@SIZES
def test_speakers(snap_compare, app_for, size):
    assert snap_compare(app_for(), terminal_size=size, press=["s", "slash", "a", "d", "a"])


@SIZES
def test_zone_picker(snap_compare, app_for, size):
    assert snap_compare(app_for(), terminal_size=size, press=["t", "e", "u", "r", "o", "p"])


@SIZES
def test_help(snap_compare, app_for, size):
    assert snap_compare(app_for(), terminal_size=size, press=["question_mark"])


@SIZES
def test_diagnostics_of_the_bundled_schedules(snap_compare, size):
    assert snap_compare(make_app(load_schedules(None)), terminal_size=size, press=["w"])


@SIZES
def test_bundled_schedules_on_the_reading_list(snap_compare, size):
    # The last day-bar stop: an unscheduled listing, papers without times.
    assert snap_compare(make_app(load_schedules(None)), terminal_size=size,
                        press=["d", "d", "d", "down"])


@SIZES
def test_program_with_rooms_and_links(snap_compare, size):
    # FOSDEM's own schedule.xml: rooms at the end of the rows where they fit, and the
    # highlighted talk's room, track, language and links in the detail.
    from ..conftest import DATA

    app = make_app(load_schedules([str(DATA / "frab-xml" / "fosdem2024-excerpt.xml")]))

    async def setup(pilot):
        for _ in range(3):
            await pilot.press("down")

    assert snap_compare(app, terminal_size=size, run_before=setup)


@SIZES
def test_now_and_next(snap_compare, app_for, size, monkeypatch):
    # 09:10 in New York: my maybe and the parallel talk are on, the 09:30 slot is next.
    monkeypatch.setenv("PLANNER_NOW", "2024-06-03T13:10:00+00:00")

    async def setup(pilot):
        await pick(pilot, COMPILER)
        await pilot.press("m")  # a maybe now
        await pilot.press("o")
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app_for(), terminal_size=size, run_before=setup)


@SIZES
def test_filter_bar(snap_compare, app_for, size):
    async def setup(pilot):
        await pick(pilot, COMPILER)
        await pilot.press("f")
        for ch in "track:compilers":
            await pilot.press(ch)
        await pilot.press("enter")
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app_for(), terminal_size=size, run_before=setup)


@SIZES
def test_resolve(snap_compare, app_for, size):
    async def setup(pilot):
        await pick(pilot, SPARSE)
        await pick(pilot, COMPILER)
        await pilot.press("c")
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app_for(), terminal_size=size, run_before=setup)


@SIZES
def test_export_dialog(snap_compare, app_for, size, tmp_path, monkeypatch):
    # No export folder given: the dialog suggests home (here without a documents folder).
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)

    async def setup(pilot):
        await pick_clashing_pair(pilot)
        await pilot.press("e")
        await pilot.pause()
        # A blinking cursor is drawn or not depending on when the picture is taken.
        pilot.app.screen.query_one("#export-path").cursor_blink = False
        await pilot.pause()

    assert snap_compare(app_for(export_dir=None), terminal_size=size, run_before=setup)


@SIZES
def test_free_time(snap_compare, app_for, size):
    async def setup(pilot):
        await pick(pilot, SPARSE)
        await pilot.press("g")

    assert snap_compare(app_for(), terminal_size=size, run_before=setup)
