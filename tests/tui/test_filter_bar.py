"""The TUI's filter (`f`, `F`) and the bar that shows it."""

from __future__ import annotations

from planner.tui.screens.browser import BrowserScreen
from planner.tui.screens.line_editor import LineEditor

from .helpers import AUTOTUNE, COMPILER, PRUNING, SPARSE, pick, screen_text, talk_titles, type_text


async def filter_to(pilot, words: str) -> None:
    await pilot.press("f")
    assert isinstance(pilot.app.screen, LineEditor)
    await pilot.press("ctrl+u")  # whatever was there
    await type_text(pilot, words)
    await pilot.press("enter")
    await pilot.pause()


async def test_filter_to_a_track_shows_the_bar_and_f_clears(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        assert "Showing" not in screen_text(app)  # no bar without a filter
        await filter_to(pilot, "track:compilers")
        assert isinstance(app.screen, BrowserScreen)
        assert talk_titles(app) == [COMPILER, AUTOTUNE]
        assert "Showing track compilers · 2 talks   (f change · F clear)" in screen_text(app)
        await pilot.press("F")
        assert len(talk_titles(app)) == 6 and "Showing" not in screen_text(app)


async def test_filter_words_combine_with_search_and_picks(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, SPARSE)
        await pick(pilot, AUTOTUNE)
        await filter_to(pilot, "picks day:mon")
        assert talk_titles(app) == [SPARSE, AUTOTUNE]
        await pilot.press("slash")
        await type_text(pilot, "sparse")
        assert talk_titles(app) == [SPARSE]
        await pilot.press("escape")
        # Free slots: both slots of Monday morning hold a must now.
        await filter_to(pilot, "free")
        assert SPARSE not in talk_titles(app) and PRUNING not in talk_titles(app)
        assert "Checkpointing Large Models" in talk_titles(app)


async def test_a_word_that_is_not_a_filter_is_said_in_the_box(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f")
        await type_text(pilot, "colour:red")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LineEditor)  # still open, saying why
        assert "“colour:red” is not a filter" in screen_text(app)
        await pilot.press("ctrl+u")
        await type_text(pilot, "day:sunday")
        await pilot.press("enter")
        await pilot.pause()
        assert "Nothing is scheduled on a Sunday" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, BrowserScreen) and len(talk_titles(app)) == 6
