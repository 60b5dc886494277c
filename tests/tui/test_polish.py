"""The TUI polish of issue 17: search feedback, Escape, help, natural order of parallel
sessions, the zone and warnings always shown, the detail pane reachable by keyboard."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from planner.loader import load_schedules
from planner.model import Schedule, Session, SessionKind, Talk
from planner.tui import make_app
from planner.tui.rows import build_outline, flatten
from planner.tui.screens.help import HelpScreen
from planner.tui.widgets.talk_detail import TalkDetail
from planner.zones import get_zone

from .helpers import screen_text, talk_list, talk_titles, type_text


async def test_search_says_how_many_why_and_escape_in_the_list_clears(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("slash")
        await type_text(pilot, "hopper")  # a speaker of "Pruning Without Tears"
        await pilot.press("enter")  # to the first match, in the list
        await pilot.pause()
        assert talk_titles(app) == ["Pruning Without Tears"]
        text = screen_text(app)
        assert "Showing search “hopper” · 1 talk   (esc clears · f filter)" in text
        assert "Matched a speaker: Grace Hopper" in text
        await pilot.press("escape")  # the list has focus: the search goes
        await pilot.pause()
        assert len(talk_titles(app)) == 6 and "Showing" not in screen_text(app)


async def test_help_lists_only_planners_keys_each_once(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause()
        text = screen_text(app)
        for boilerplate in ("Focus Next", "Copy selected text", "Open the command palette"):
            assert boilerplate not in text
        assert "d/D" in text and "Previous day" not in text  # D is said with d, once


async def test_the_zone_and_the_warnings_count_are_always_in_the_day_bar():
    app = make_app(load_schedules(None), zone="Europe/Berlin")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = next(line for line in screen_text(app).splitlines() if "Europe/Berlin" in line)
        n = sum(1 for _ in app.state.diagnostics())
        assert bar.rstrip().endswith(f"Europe/Berlin · {n} warnings (w)")


async def test_tab_reaches_the_detail_pane_and_no_list_has_a_horizontal_bar(app_for):
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        assert not talk_list(app).show_horizontal_scrollbar
        await pilot.press("tab")
        assert isinstance(app.focused, TalkDetail)
        await pilot.press("tab")
        assert app.focused is talk_list(app) or app.focused.id == "search"


def _parallel(n: int) -> Schedule:
    start = datetime(2025, 5, 1, 9, tzinfo=timezone.utc)
    sessions = [Session(id=f"s{i}", kind=SessionKind.TALK, title=f"Track {i}", start=start,
                        end=start + timedelta(hours=1),
                        talks=[Talk(id=f"t{i}", title=f"Talk {i}", start=start,
                                    end=start + timedelta(hours=1))])
                for i in range(1, n + 1)]
    return Schedule(conference="Big", year=2025, timezone="UTC", source="big.txt",
                    format="program", sessions=sessions)


def test_parallel_sessions_sort_naturally_and_labels_stay_letters():
    rows = flatten(build_outline([_parallel(30)], get_zone("UTC")))
    sessions = [r for r in rows if r.session is not None and r.talk is None
                and r.kind.value == "session"]
    assert [r.session.title for r in sessions[:3]] == ["Track 1", "Track 2", "Track 3"]
    assert sessions[9].session.title == "Track 10"
    labels = [r.track for r in sessions]
    assert labels[:3] == ["AA", "AB", "AC"] and labels[26:28] == ["BA", "BB"]
    assert all(label.isalpha() and len(label) == 2 for label in labels)
    few = flatten(build_outline([_parallel(3)], get_zone("UTC")))
    assert [r.track for r in few if r.kind.value == "session"] == ["A", "B", "C"]


async def test_zone_picker_says_when_nothing_matches(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await type_text(pilot, "atlantisxyz")
        await pilot.pause()
        assert "No zone matches “atlantisxyz”" in screen_text(app)
        await pilot.press("enter")  # nothing chosen, the picker stays
        assert app.screen.id == "zones"

