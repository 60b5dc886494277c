"""Must and maybe (`m`), notes (`n`) and undoing an unpick (`u`) in the TUI."""

from __future__ import annotations

from planner.picks.store import AgendaStore
from planner.tui.screens.agenda import AgendaScreen
from planner.tui.screens.line_editor import LineEditor as NoteEditor
from planner.tui.widgets.talk_detail import TalkDetail
from planner.tui.widgets.talk_list import CLASH, MAYBE, PICKED

from .helpers import COMPILER, SPARSE, line_text, pick, row_index, screen_text, talk_list, type_text


def stored(title_id: str):
    return AgendaStore().load().picks.get(title_id)


def talk_id(app, title: str) -> str:
    return talk_list(app).rows[row_index(app, title)].talk.id


def detail_text(app) -> str:
    return str(app.screen.query_one(TalkDetail)._body.render())


async def test_m_cycles_must_and_maybe_and_a_maybe_is_an_alternative(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, SPARSE)
        await pick(pilot, COMPILER)  # parallel with Sparse: two musts clash
        assert line_text(app, SPARSE)[1] == CLASH and line_text(app, COMPILER)[1] == CLASH
        await pilot.press("m")  # on Compiler: a maybe now
        compiler = talk_id(app, COMPILER)
        assert stored(compiler).level == "maybe"
        assert line_text(app, COMPILER)[1] == MAYBE
        assert line_text(app, SPARSE)[1] == PICKED  # no conflict left, only an alternative
        text = detail_text(app)
        assert "○ Picked as a maybe" in text and "Alternatives (a maybe is involved):" in text
        assert "Sparse Attention at Scale" in text
        await pilot.press("m")  # a must again: the clash is back
        assert stored(compiler).level == "must"
        assert line_text(app, COMPILER)[1] == CLASH


async def test_m_on_an_unpicked_talk_picks_it_as_a_must(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        talk_list(app).move_to(row_index(app, SPARSE))
        await pilot.press("m")
        assert stored(talk_id(app, SPARSE)).level == "must"


async def test_n_writes_a_note_shown_in_detail_and_agenda(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, SPARSE)
        await pilot.press("n")
        assert isinstance(app.screen, NoteEditor)
        await type_text(pilot, "front row")
        await pilot.press("enter")
        await pilot.pause()
        assert stored(talk_id(app, SPARSE)).note == "front row"
        assert "Note: front row" in detail_text(app)
        await pilot.press("a")
        assert isinstance(app.screen, AgendaScreen)
        assert "Note: front row" in screen_text(app)
        # Escape in the editor leaves the note as it was.
        await pilot.press("escape", "n")
        await type_text(pilot, " and more")
        await pilot.press("escape")
        await pilot.pause()
        assert stored(talk_id(app, SPARSE)).note == "front row"


async def test_n_on_an_unpicked_talk_says_to_pick_it(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, NoteEditor)
        assert any("pick the talk first" in n.message for n in app._notifications)


async def test_unpick_in_the_agenda_toasts_and_u_undoes_with_level_and_note(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, SPARSE)
        sparse = talk_id(app, SPARSE)
        await pilot.press("m")  # a maybe
        app.state.set_note(sparse, "front row")
        await pilot.press("a")
        assert "Unpick" in screen_text(app)  # the footer says what space does here
        talk_list(app).move_to(next(i for i, r in enumerate(talk_list(app).rows)
                                    if r.talk is not None))
        await pilot.press("space")
        await pilot.pause()
        assert stored(sparse) is None
        assert any("Press u to undo" in n.message for n in app._notifications)
        await pilot.press("u")
        await pilot.pause()
        back = stored(sparse)
        assert back is not None and (back.level, back.note) == ("maybe", "front row")
        assert "Sparse Attention at Scale" in screen_text(app)
