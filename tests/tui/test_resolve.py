"""Resolving conflicts (`c`): two musts that overlap, keep one, the other a maybe."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from planner.picks.store import AgendaStore
from planner.model import Schedule, Session, SessionKind, Talk
from planner.tui.screens.resolve import ResolveScreen
from planner.tui.widgets.talk_list import CLASH, PICKED

from .helpers import COMPILER, SPARSE, line_text, pick, screen_text, talk_list


async def settle(pilot, done) -> None:
    """Let the app handle Enter: on a loaded machine one pause may not be enough."""
    for _ in range(40):
        await pilot.pause(0.05)
        if done():
            return


async def test_keep_one_of_two_clashing_musts(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, SPARSE)
        await pick(pilot, COMPILER)
        await pilot.press("c")
        assert isinstance(app.screen, ResolveScreen)
        text = screen_text(app)
        assert "1 conflict" in text and "Conflict Mon 3 Jun 09:00–09:30 · 2 entries" in text
        rows = talk_list(app).rows
        assert sorted(r.talk.title for r in rows if r.talk is not None) == [COMPILER, SPARSE]
        assert "Keep" in text  # the footer says what Enter does here
        talk_list(app).move_to(next(i for i, r in enumerate(rows)
                                    if r.talk is not None and r.talk.title == COMPILER))
        await pilot.press("enter")
        await settle(pilot, lambda: "No conflicts" in screen_text(app))
        levels = {p.title: p.level for p in AgendaStore().load().picks.values()}
        assert levels == {COMPILER: "must", SPARSE: "maybe"}
        assert "No conflicts" in screen_text(app)
        await pilot.press("escape")
        assert line_text(app, COMPILER)[1] == PICKED and line_text(app, SPARSE)[1] != CLASH


def _repeated() -> Schedule:
    """A talk given twice (Monday and Tuesday) and another on Monday at the same time."""
    mon = datetime(2025, 5, 5, 9, tzinfo=timezone.utc)
    hour = timedelta(hours=1)

    def session(i: str, title: str, start: datetime) -> Session:
        return Session(id=f"s{i}", kind=SessionKind.TALK, title=f"Room {i}", start=start,
                       end=start + hour, talks=[Talk(id=f"t{i}", title=title, start=start,
                                                     end=start + hour)])

    return Schedule(conference="Rep", year=2025, timezone="UTC", source="rep.txt",
                    format="program", sessions=[session("1", "Kernels", mon),
                                                session("2", "Compilers", mon),
                                                session("3", "Kernels", mon + 24 * hour)])


async def test_a_repeat_is_offered_and_enter_on_it_keeps_that_one(app_for):
    app = app_for([_repeated()])
    async with app.run_test(size=(120, 40)) as pilot:
        store = AgendaStore()
        store.pick(app.state.schedules, ["t1", "t2"])
        app.state.load_picks()
        await pilot.press("c")
        await pilot.pause()
        assert "also given Tue 6 May 09:00" in screen_text(app)
        rows = talk_list(app).rows
        talk_list(app).move_to(next(i for i, r in enumerate(rows)
                                    if r.talk is not None and r.talk.id == "t3"))
        await pilot.press("enter")
        await settle(pilot, lambda: "No conflicts" in screen_text(app))
        picks = AgendaStore().load().picks
        assert picks["t3"].level == "must"
        assert {picks["t1"].level, picks["t2"].level} == {"maybe", "must"}
        assert "No conflicts" in screen_text(app)
