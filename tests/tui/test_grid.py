"""The rooms-by-time grid (v): toggling, moving both ways, picking, days, narrow sizes."""

from __future__ import annotations

from planner.loader import load_schedule
from planner.tui.screens.help import HelpScreen
from planner.tui.widgets.day_bar import DayBar
from planner.tui.widgets.grid_view import GridView
from planner.tui.widgets.talk_detail import TalkDetail

from ..conftest import DATA
from .helpers import (
    AUTOTUNE,
    CHECKPOINT,
    COMPILER,
    KEYNOTE_TALK,
    PRUNING,
    SPARSE,
    pick,
    row_index,
    screen_text,
    talk_list,
)

FOSDEM = DATA / "frab-xml" / "fosdem2024-excerpt.xml"


def grid_of(app) -> GridView:
    return app.screen.query_one(GridView)


def on(app) -> str | None:
    """The title of the talk under the grid's cursor."""
    placed = grid_of(app).highlighted
    return placed.slot.title if placed is not None else None


def detail_text(app) -> str:
    return str(app.screen.query_one(TalkDetail)._body.render())


async def test_v_toggles_between_list_and_grid_on_the_same_talk(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        tl = talk_list(app)
        tl.move_to(row_index(app, COMPILER))
        await pilot.press("v")
        await pilot.pause()
        grid = grid_of(app)
        assert grid.display and not tl.display and grid.has_focus
        assert on(app) == COMPILER
        text = screen_text(app)
        assert "A  " in text and "B  " in text  # the parallel sessions as columns
        assert "09:00" in text and "09:30" in text
        await pilot.press("j")  # the next talk in B
        assert on(app) == AUTOTUNE
        await pilot.press("v")
        await pilot.pause()
        assert tl.display and not grid.display and tl.has_focus
        assert tl.highlighted_row.talk.title == AUTOTUNE


async def test_cursor_moves_both_ways_and_the_detail_follows(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("v")
        await pilot.pause()
        assert on(app) == SPARSE
        await pilot.press("l")
        assert on(app) == COMPILER
        await pilot.press("down")
        assert on(app) == AUTOTUNE
        await pilot.pause()
        assert AUTOTUNE in detail_text(app)
        await pilot.press("h")  # same time, the room to the left
        assert on(app) == PRUNING
        await pilot.press("j")  # past the empty midday to the poster
        assert on(app) == CHECKPOINT
        await pilot.press("k", "k")
        assert on(app) == SPARSE
        await pilot.press("end")
        assert on(app) == CHECKPOINT
        await pilot.press("home")
        assert on(app) == SPARSE
        await pilot.press("right", "end")
        assert on(app) == AUTOTUNE  # the last talk in B
        await pilot.press("down")  # no talk below: one empty step
        await pilot.pause()
        assert on(app) is None
        assert "Nothing in B at 10:00." in detail_text(app)
        await pilot.press("up")
        assert on(app) == AUTOTUNE


async def test_pick_from_the_grid_marks_the_cell_and_the_list(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("v")
        await pilot.pause()
        await pilot.press("space")  # Sparse Attention
        await pilot.pause()
        state = app.state
        sparse = grid_of(app).highlighted.slot.id
        assert state.is_picked(sparse) and state.level_of(sparse) == "must"
        assert "● Sparse" in screen_text(app)
        await pilot.press("l", "enter")  # the parallel talk: a clash with the first
        await pilot.pause()
        compiler = grid_of(app).highlighted.slot.id
        assert state.is_picked(compiler)
        text = screen_text(app)
        assert "✗ Sparse" in text and "✗ A Compiler" in text
        await pilot.press("m")  # a maybe: an alternative, no longer a clash
        await pilot.pause()
        assert state.level_of(compiler) == "maybe"
        assert "○ A Compiler" in screen_text(app)
        await pilot.press("space")  # unpick, with undo
        await pilot.pause()
        assert not state.is_picked(compiler)
        await pilot.press("u")
        await pilot.pause()
        assert state.is_picked(compiler)
        await pilot.press("v")
        await pilot.pause()
        assert talk_list(app).highlighted_row.talk.id == compiler


async def test_d_and_D_switch_the_grids_day(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("v")
        await pilot.pause()
        assert grid_of(app).grid.day.isoformat() == "2024-06-03"
        await pilot.press("d")
        await pilot.pause()
        assert grid_of(app).grid.day.isoformat() == "2024-06-04"
        assert on(app) == KEYNOTE_TALK
        assert "Tue 4 Jun" in str(app.screen.query_one(DayBar).render())
        await pilot.press("d")  # the last day: said, not an error
        await pilot.pause()
        assert grid_of(app).grid.day.isoformat() == "2024-06-04"
        assert any("last day" in str(n.message) for n in app._notifications)
        await pilot.press("D")
        await pilot.pause()
        assert grid_of(app).grid.day.isoformat() == "2024-06-03"
        assert grid_of(app).has_focus


async def test_the_grid_scrolls_sideways_at_60_columns(app_for):
    app = app_for([load_schedule(FOSDEM)])
    async with app.run_test(size=(60, 15)) as pilot:
        await pilot.press("v")
        await pilot.pause()
        grid = grid_of(app)
        assert [c.label for c in grid.grid.columns][:2] == ["J.1.106", "K.4.601"]
        header = screen_text(app).splitlines()[3]
        assert "J.1.106" in header and "UB4.136" not in header and "›" in header
        assert on(app) == "BEAM me up, Scotty"  # the list's first talk, in K.4.601
        await pilot.press("l", "l", "l")  # to the last room, UB4.136, and no further
        await pilot.pause()
        header = screen_text(app).splitlines()[3]
        assert "UB4.136" in header and "J.1.106" not in header and "‹" in header
        assert grid.highlighted.slot.room == "UB4.136"
        for _ in range(4):
            await pilot.press("j")
        await pilot.pause()
        assert on(app) == "Load balancing using XDP"
        assert "11:30" in screen_text(app)  # scrolled down with the cursor
        row = grid.row
        await pilot.press("pageup")  # a screenful earlier: two rows here, then the talk's start
        assert grid.row < row and grid.highlighted.first == grid.row
        await pilot.press("home")
        await pilot.pause()
        assert grid.top == 0 and on(app).startswith('"Where the')


async def test_help_and_footer_name_the_grid_key(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(50):  # a loaded machine can take a few frames to draw the footer
            await pilot.pause()
            if screen_text(app).splitlines()[-1].strip():
                break
        assert "v Grid" in screen_text(app).splitlines()[-1]
        await pilot.press("v")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "In the grid" in text and "The next room, same time." in text
        assert "Switch between the list" in text


async def test_a_filter_dims_the_talks_it_leaves_out_and_search_goes_to_the_list(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("v")
        await pilot.pause()
        await pilot.press("l", "f", *"track:compilers", "enter")
        await pilot.pause()
        grid = grid_of(app)
        kept = {p.slot.title for c in grid.grid.columns for p in c.talks
                if p.slot.id in grid.keep}
        assert kept == {COMPILER, AUTOTUNE}
        assert SPARSE in screen_text(app)  # still in its place, dimmed
        dim = grid.get_component_rich_style("grid-view--dim")
        line = grid.render_line(1)  # the 09:00 row: Sparse (left out), Compiler (kept)
        styles = {seg.text.strip(): seg.style for seg in line if seg.text.strip()}
        assert styles["Sparse Attention at Scale"].color == dim.color
        line = grid.render_line(2)  # 09:30: Pruning (left out), Autotuning (kept)
        styles |= {seg.text.strip(): seg.style for seg in line if seg.text.strip()}
        assert styles["Pruning Without Tears"].color == dim.color
        assert styles["Autotuning Kernels Quickly"].color != dim.color
        await pilot.press("F")
        await pilot.pause()
        assert grid.keep is None
        await pilot.press("slash")  # a search narrows the list: the list comes back
        await pilot.pause()
        assert talk_list(app).display and not grid.display


async def test_a_new_zone_redraws_the_grid_around_the_same_talk(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("v", "l", "j")  # Autotuning, Mon 09:30 in New York
        await pilot.pause()
        app.set_zone("Asia/Tokyo")  # as the zone picker (t) does: 22:30 the same day
        await pilot.pause()
        grid = grid_of(app)
        assert on(app) == AUTOTUNE
        assert grid.grid.zone.key == "Asia/Tokyo"
        assert grid.grid.row_start(grid.row).strftime("%a %H:%M") == "Mon 22:30"
        assert "22:30" in screen_text(app)
