"""Picking in the TUI: saved through the agenda store, clash marks, the agenda screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from planner.picks.store import AgendaStore
from planner.tui.screens.agenda import AgendaScreen
from planner.tui.screens.browser import BrowserScreen
from planner.tui.widgets.talk_list import CLASH, PICKED, WOULD_CLASH

from .helpers import (
    AUTOTUNE,
    BUSY_ICS,
    CHECKPOINT,
    COMPILER,
    PRUNING,
    ROOT,
    SPARSE,
    TWO_TRACK,
    line_text,
    pick,
    screen_text,
    talk_list,
)


def mark(app, title: str) -> str:
    return line_text(app, title)[1]


def planner_cli(*args: str) -> subprocess.CompletedProcess:
    """The real `planner` command in a subprocess, sharing this test's agenda file."""
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, env=os.environ.copy(), cwd=ROOT, timeout=60)


async def test_space_picks_and_planner_picks_sees_it(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down")  # from Sparse Attention to Pruning Without Tears
        await pilot.press("space")
        assert mark(app, PRUNING) == PICKED
    out = planner_cli("picks", str(TWO_TRACK), "--format", "json")
    assert out.returncode == 0, out.stderr
    assert [p["title"] for p in json.loads(out.stdout)] == [PRUNING]


async def test_space_again_unpicks(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space")
        assert AgendaStore().load().picks  # saved at once, not on quit
        await pilot.press("space")
        assert not AgendaStore().load().picks
        assert mark(app, SPARSE) == " "


async def test_picks_made_with_the_cli_show_up(app_for, two_track):
    AgendaStore().pick([two_track], [two_track.sessions[0].talks[1].id])  # before opening
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        assert mark(app, PRUNING) == PICKED
        out = planner_cli("pick", "-s", str(TWO_TRACK), two_track.sessions[0].talks[0].id)
        assert out.returncode == 0, out.stderr
        await pilot.pause(2.5)  # the app re-reads a changed agenda file every 2 s
        assert mark(app, SPARSE) == PICKED


async def test_clash_marks_with_two_parallel_picks(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, SPARSE)
        # Not picked, same slot in the parallel session: would clash.
        assert mark(app, COMPILER) == WOULD_CLASH
        assert mark(app, AUTOTUNE) == " "  # 09:30, after the pick ends
        await pick(pilot, COMPILER)
        assert mark(app, SPARSE) == CLASH
        assert mark(app, COMPILER) == CLASH
        assert mark(app, PRUNING) == " "
        text = screen_text(app)
        assert "Clashes with:" in text
        assert f"✗ {SPARSE}, Mon 3 Jun" in text  # the pick it clashes with, in the detail


async def test_agenda_lists_picks_by_day_with_clashes_and_unpicks(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        for title in (CHECKPOINT, SPARSE, COMPILER):
            await pick(pilot, title)
        await pilot.press("a")
        assert isinstance(app.screen, AgendaScreen)
        titles = [r.talk.title for r in talk_list(app).rows if r.kind.value == "talk"]
        assert titles == [COMPILER, SPARSE, CHECKPOINT]  # time order, parallel ones by title
        text = screen_text(app)
        assert "Monday 3 June 2024" in text
        assert f"✗ clashes with {COMPILER}" in text and f"✗ clashes with {SPARSE}" in text
        assert "3 picks · 3 timed · 0 to read · 2 clashing" in text
        # The cursor is on the first pick: space unpicks it, and the clash goes away.
        await pilot.press("space")
        assert set(AgendaStore().load().picks) == {
            r.talk.id for r in talk_list(app).rows if r.kind.value == "talk"}
        assert "clashes with" not in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, BrowserScreen)
        assert mark(app, COMPILER) == WOULD_CLASH
        assert mark(app, SPARSE) == PICKED


async def test_busy_calendar_events_clash_with_picks(app_for):
    app = app_for(busy_paths=[str(BUSY_ICS)])
    async with app.run_test(size=(120, 40)) as pilot:
        assert mark(app, CHECKPOINT) == WOULD_CLASH  # the 13:15 standup
        await pick(pilot, CHECKPOINT)
        assert mark(app, CHECKPOINT) == CLASH
        await pilot.press("a")
        text = screen_text(app)
        assert "✗ clashes with busy: Team standup, Mon 3 Jun 13:15–13:45" in text
        assert "1 busy event " in text


async def test_reading_list_keeps_untimed_picks_apart():
    from planner.loader import load_schedules
    from planner.tui import make_app

    schedules = load_schedules(None)
    listing = next(s for s in schedules if s.label == "MLSys 2023")
    app = make_app(schedules)
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, listing.unscheduled[0].title)
        await pick(pilot, schedules[0].sessions[2].talks[0].title)
        await pilot.press("a")
        rows = talk_list(app).rows
        kinds = [r.kind.value for r in rows]
        assert kinds == ["day", "talk", "section", "talk"]
        assert rows[2].text.startswith("Reading list")
        assert rows[3].talk.title == listing.unscheduled[0].title


async def test_moved_pick_is_reported_in_the_agenda(app_for, two_track, tmp_path):
    # A pick stored with an older time: the schedule has moved it since.
    store = AgendaStore()
    talk = two_track.sessions[0].talks[0]
    store.pick([two_track], [talk.id])

    def move(agenda):
        p = agenda.picks[talk.id]
        p.start = p.start.replace(hour=8)
        p.end = p.end.replace(hour=8)

    store.update(move)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a")
        text = screen_text(app)
        assert "Changed since the schedule was last read" in text
        assert f"moved: {talk.id} {SPARSE}: was Mon 3 Jun ~08:00" in text
    assert AgendaStore().load().picks[talk.id].start.hour == 9  # recorded, reported once


async def test_an_unreadable_remembered_calendar_keeps_the_picks(app_for, two_track, tmp_path):
    store = AgendaStore()
    store.pick([two_track], [two_track.sessions[0].talks[0].id])
    gone = tmp_path / "gone.ics"
    gone.write_bytes(BUSY_ICS.read_bytes())
    store.add_busy([str(gone)])
    gone.unlink()  # remembered, then deleted
    app = app_for()
    async with app.run_test(size=(120, 40)):
        assert mark(app, SPARSE) == PICKED
        errors = [n.message for n in app._notifications if n.severity == "error"]
        # Worded by the core as for `planner picks`: how to forget the calendar too.
        assert errors == [f"Busy calendar {gone} does not exist (it is remembered in your "
                          f"agenda: fix it, or forget it with planner busy remove {gone})."]
