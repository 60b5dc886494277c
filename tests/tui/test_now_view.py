"""The now-and-next view (`o`), and `planner` opening on it during a conference."""

from __future__ import annotations

from planner.tui.screens.browser import BrowserScreen
from planner.tui.screens.now import NowScreen
from planner.tui.widgets.talk_list import CLASH

from .helpers import COMPILER, SPARSE, pick, screen_text, talk_list

DURING = "2024-06-03T13:10:00+00:00"  # 09:10 in New York: the two 09:00 talks are on


def now_titles(app) -> list[str]:
    return [r.talk.title for r in talk_list(app).rows if r.talk is not None]


async def test_o_shows_now_and_next_with_my_picks_first(app_for, monkeypatch):
    monkeypatch.setenv("PLANNER_NOW", DURING)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, COMPILER)
        await pilot.press("o")
        assert isinstance(app.screen, NowScreen)
        # On now: my pick first, then the parallel talk; next: the 09:30 slot.
        assert now_titles(app) == [COMPILER, SPARSE, "Autotuning Kernels Quickly",
                                   "Pruning Without Tears"]
        text = screen_text(app)
        assert "On now · 2 entries" in text and "Next, in 20 min · 2 entries" in text
        assert "Mon 3 Jun 09:10 America/New_York" in text
        await pilot.press("p")  # only my picks: the compiler talk, nothing next
        assert now_titles(app) == [COMPILER]
        await pilot.press("p", "down", "space")  # picking works here too: two musts clash
        assert talk_list(app).highlighted_row.talk.title == SPARSE
        assert app.state.is_picked(talk_list(app).highlighted_row.talk.id)
        assert talk_list(app).render_row(talk_list(app).rows[2], 100, False).plain[1] == CLASH
        await pilot.press("escape")
        assert isinstance(app.screen, BrowserScreen)


async def test_outside_the_conference_the_view_says_when_it_starts(app_for, monkeypatch):
    monkeypatch.setenv("PLANNER_NOW", "2024-06-01T12:00:00+00:00")
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("o")
        text = screen_text(app)
        assert "Nothing is on yet: it starts Mon 3 Jun 09:00." in text
        assert "Next, at Mon 3 Jun 09:00" in text


async def test_open_now_opens_there_only_during_the_conference(app_for, monkeypatch):
    monkeypatch.setenv("PLANNER_NOW", DURING)
    app = app_for(open_now=True)
    async with app.run_test(size=(120, 40)):
        assert isinstance(app.screen, NowScreen)
    monkeypatch.setenv("PLANNER_NOW", "2024-07-01T12:00:00+00:00")
    app = app_for(open_now=True)
    async with app.run_test(size=(120, 40)):
        assert isinstance(app.screen, BrowserScreen)
