"""The gap finder (`g`): the free slots beside my musts and busy time, and the talks
that fit in each; picking there moves the gaps."""

from __future__ import annotations

from planner.tui.screens.browser import BrowserScreen
from planner.tui.screens.free import FreeScreen

from .helpers import AUTOTUNE, BUSY_ICS, CHECKPOINT, PRUNING, SPARSE, pick, screen_text, talk_list


def shown(app) -> list[str]:
    """The free view's rows as a user reads them: headings and talk titles."""
    return [r.talk.title if r.talk is not None else r.text or str(r.day)
            for r in talk_list(app).rows]


async def test_g_shows_the_gaps_of_my_day_and_picking_there_moves_them(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, FreeScreen)
        assert "None of your picks is a must with a time" in screen_text(app)
        await pilot.press("escape")
        await pick(pilot, SPARSE)  # a must, 09:00-09:30 on Monday
        await pilot.press("g")
        assert shown(app) == ["2024-06-03", "Free 09:30–14:30 (5 h)", AUTOTUNE, PRUNING,
                              CHECKPOINT]
        assert "Free 09:30–14:30 (5 h) · 3 entries" in screen_text(app)
        assert talk_list(app).highlighted_row.talk.title == AUTOTUNE
        await pilot.press("space")  # pick it here: the gap now starts at 10:00
        await pilot.pause()
        assert shown(app) == ["2024-06-03", "Free 10:00–14:30 (4 h 30 min)", CHECKPOINT]
        assert talk_list(app).highlighted_row.talk.title == CHECKPOINT
        await pilot.press("g")  # g again goes back
        assert isinstance(app.screen, BrowserScreen)


async def test_busy_time_takes_its_part_of_the_day(app_for):
    # busy.ics: a standup 13:15-13:45 New York time on Monday.
    app = app_for(busy_paths=[str(BUSY_ICS)])
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, SPARSE)
        await pilot.press("g")
        # The poster (13:00-14:30) overlaps the standup: it fits neither gap.
        assert shown(app) == ["2024-06-03", "Free 09:30–13:15 (3 h 45 min)", AUTOTUNE,
                              PRUNING, "Free 13:45–14:30 (45 min)",
                              "No talk starts and ends in it."]
