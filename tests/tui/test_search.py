"""Search as you type, Enter to the first match, Escape to clear; the speakers screen."""

from __future__ import annotations

from planner.tui.screens.browser import BrowserScreen
from planner.tui.screens.speakers import SpeakersScreen
from planner.tui.widgets.search_box import SearchBox

from .helpers import (
    AUTOTUNE,
    CHECKPOINT,
    COMPILER,
    KEYNOTE_TALK,
    PRUNING,
    SPARSE,
    screen_text,
    talk_list,
    talk_titles,
    type_text,
)

ALL = [SPARSE, PRUNING, COMPILER, AUTOTUNE, CHECKPOINT, KEYNOTE_TALK]


async def test_search_narrows_the_list_as_you_type(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("slash")
        assert isinstance(app.focused, SearchBox)
        await type_text(pilot, "mem")  # "memory" is in two abstracts only
        assert talk_titles(app) == [SPARSE, COMPILER]
        await type_text(pilot, "ory kilo")  # and "kilobytes" in one of them
        assert talk_titles(app) == [COMPILER]
        assert "Oral: Session B: Compilers" in screen_text(app)
        assert "Session A" not in screen_text(app)  # headings of hidden talks go too


async def test_search_matches_speakers_and_says_when_nothing_matches(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("slash")
        await type_text(pilot, "lovelace")
        assert talk_titles(app) == [SPARSE, CHECKPOINT]
        await type_text(pilot, " zzz")
        assert talk_titles(app) == []
        assert "No talk matches “lovelace zzz”." in screen_text(app)


async def test_enter_goes_to_the_first_match_and_space_picks_it(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("slash")
        await type_text(pilot, "kernels")
        await pilot.press("enter")
        assert app.focused is talk_list(app)
        assert talk_list(app).highlighted_row.talk.title == AUTOTUNE
        await pilot.press("space")
        assert app.state.is_picked(talk_list(app).highlighted_row.talk.id)


async def test_escape_clears_the_search(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("slash")
        await type_text(pilot, "pruning")
        assert talk_titles(app) == [PRUNING]
        await pilot.press("escape")
        assert app.screen.query_one(SearchBox).value == ""
        assert talk_titles(app) == ALL
        assert app.focused is talk_list(app)
        assert talk_list(app).highlighted_row.talk.title == PRUNING  # the cursor stays put


async def test_speakers_lists_people_and_their_talks(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SpeakersScreen)
        await pilot.press("slash")  # the list has the focus: / types a name
        await type_text(pilot, "ada")
        people = app.screen.query_one("#people").rows
        assert [p.name for p in people] == ["Ada Lovelace"]
        titles = [r.talk.title for r in app.screen.query_one("#person-talks").rows if r.talk]
        assert titles == [SPARSE, CHECKPOINT]
        # Enter goes to her talks; Enter on one shows it in the schedule.
        await pilot.press("enter")
        await pilot.press("down")
        await pilot.press("enter")
        assert isinstance(app.screen, BrowserScreen)
        assert talk_list(app).highlighted_row.talk.title == CHECKPOINT


async def test_speakers_across_schedules():
    from planner.loader import load_schedules
    from planner.tui import make_app

    app = make_app(load_schedules(None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s", "slash")
        await type_text(pilot, "carole-jean wu")
        people = app.screen.query_one("#people").rows
        assert people[0].name == "Carole-Jean Wu"
        labels = {r.schedule.label for r in app.screen.query_one("#person-talks").rows
                  if r.talk is not None}
        assert labels == {"MLSys 2021", "Carole-Jean Wu (author page)"}


async def test_speakers_screen_keys_mean_what_they_mean_everywhere(app_for):
    from planner.tui.screens.agenda import AgendaScreen

    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()  # the footer is drawn after the screen is pushed
        text = screen_text(app)
        for entry in ("/ Filter names", "⏎ Their talks", "q Quit", "? Help", "esc Back"):
            assert entry in text.replace("  ", " ")
        await pilot.press("q")  # quits, not a search for "q" (Jessica Quaye)
        await pilot.pause()
        assert not app.is_running
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s", "slash")
        await type_text(pilot, "ada")
        await pilot.press("escape")  # out of the name box, still on the speakers
        assert isinstance(app.screen, SpeakersScreen)
        await pilot.press("tab")  # to her talks: Enter there shows a talk in the schedule
        await pilot.pause()
        assert "Show in schedule" in screen_text(app)
        await pilot.press("a")
        assert isinstance(app.screen, AgendaScreen)
