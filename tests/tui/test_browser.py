"""The schedule browser and the detail pane, driven with keys and the mouse."""

from __future__ import annotations

import shutil

from planner.loader import load_schedules
from planner.tui import make_app
from planner.tui.rows import RowKind
from planner.tui.screens.browser import BrowserScreen
from planner.tui.screens.diagnostics import DiagnosticsScreen
from planner.tui.screens.help import HelpScreen
from planner.tui.widgets.day_bar import DayBar
from planner.tui.widgets.talk_detail import TalkDetail

from .helpers import (
    AUTOTUNE,
    TWO_TRACK,
    CHECKPOINT,
    COMPILER,
    KEYNOTE_TALK,
    PRUNING,
    SPARSE,
    line_text,
    row_index,
    screen_text,
    talk_list,
    talk_titles,
)


async def test_days_sessions_and_talks_in_time_order(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)):
        rows = talk_list(app).rows
        kinds = [r.kind for r in rows]
        assert kinds[:3] == [RowKind.DAY, RowKind.SLOT, RowKind.SESSION]
        assert talk_titles(app) == [SPARSE, PRUNING, COMPILER, AUTOTUNE, CHECKPOINT, KEYNOTE_TALK]
        days = [r.day.isoformat() for r in rows if r.kind is RowKind.DAY]
        assert days == ["2024-06-03", "2024-06-04"]
        slot = rows[1]
        assert slot.count == 2  # sessions A and B run in parallel, grouped under one slot
        tracks = [r.track for r in rows if r.kind is RowKind.SESSION]
        assert tracks == ["A", "B", "", ""]


async def test_talk_row_shows_time_title_speakers_and_estimate_mark(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)):
        line = line_text(app, COMPILER)
        assert "~09:00" in line  # estimated: the page gives only the session start
        assert COMPILER in line and "Barbara Liskov" in line


async def test_cursor_starts_on_first_talk_and_detail_follows(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        detail = app.screen.query_one(TalkDetail)
        assert talk_list(app).highlighted_row.talk.title == SPARSE
        await pilot.press("down")
        text = str(detail.query_one("#detail-body").render())
        assert PRUNING in text
        assert "Grace Hopper, Edsger Dijkstra" in text
        assert "Oral: Session A: Sparsity" in text
        assert "Mon 3 Jun 2024 09:30–10:00 America/New_York (estimated)" in text
        assert "Magnitude pruning" in text


async def test_detail_shows_conference_time_when_the_zone_differs(app_for):
    app = app_for(zone="Europe/Berlin")
    async with app.run_test(size=(120, 40)):
        text = str(app.screen.query_one("#detail-body").render())
        assert "Mon 3 Jun 2024 15:00–15:30 Europe/Berlin (estimated)" in text
        assert "Mon 3 Jun 2024 09:00–09:30 America/New_York (estimated) (conference time)" in text


async def test_d_and_shift_d_move_between_days(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        row = talk_list(app).highlighted_row
        assert row.day.isoformat() == "2024-06-04"
        await pilot.press("D")
        assert talk_list(app).highlighted_row.day.isoformat() == "2024-06-03"
        bar = str(app.screen.query_one(DayBar).render())
        assert "Mon 3 Jun" in bar and "Tue 4 Jun" in bar


async def test_unscheduled_papers_have_their_own_sections():
    schedules = load_schedules(None)  # the bundled program, listing, abstracts, author page
    from planner.tui import make_app

    app = make_app(schedules)
    async with app.run_test(size=(120, 40)) as pilot:
        rows = talk_list(app).rows
        sections = [r.schedule.label for r in rows if r.kind is RowKind.SECTION]
        assert "MLSys 2023" in sections and "Abstract list" in sections
        # d walks the day, then each unscheduled section.
        for _ in range(len(sections)):
            await pilot.press("d")
        assert talk_list(app).highlighted_row.talk.start is None


async def test_clicking_a_row_highlights_it(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        target = row_index(app, CHECKPOINT)
        await pilot.click("#talks", offset=(10, target))
        assert talk_list(app).highlighted_row.talk.title == CHECKPOINT


async def test_clicking_a_day_in_the_day_bar_jumps_there(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        bar = str(app.screen.query_one(DayBar).render())
        await pilot.click(DayBar, offset=(bar.index("Tue") + 1, 0))
        assert talk_list(app).highlighted_row.talk.title == KEYNOTE_TALK


async def test_diagnostics_show_the_untitled_talk_with_its_line():
    from planner.tui import make_app

    app = make_app(load_schedules(None))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("w")
        assert isinstance(app.screen, DiagnosticsScreen)
        await pilot.pause()
        text = screen_text(app)
        assert "mlsys2021-program.txt:106" in text
        assert "talk has no title line" in text
        assert "mlsys2023-papers.txt:3" in text  # the truncated listing
        assert "announces 46 entries" in text
        await pilot.press("escape")
        assert isinstance(app.screen, BrowserScreen)


async def test_help_is_built_from_the_live_bindings(app_for):
    # Remap pick to "p": the help screen must show the key that really works.
    app = app_for(keymap={"talks.pick": "p"})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for description in ("Search", "Agenda", "Speakers", "Zone", "Export", "Quit"):
            assert any(description in line for line in lines)
        pick_line = next(line for line in lines if " Pick " in line)
        inside_box = pick_line[pick_line.index("│") + 1:]  # the list shows behind the box
        assert inside_box.split()[0] == "p"  # the remapped key, not space
        await pilot.press("escape")
        await pilot.press("p")
        assert app.state.is_picked(talk_list(app).highlighted_row.talk.id)


async def test_command_palette_offers_the_same_actions(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Agenda", "Speakers", "Time zone", "Export", "Warnings", "Search", "Day"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        for ch in "warnings":
            await pilot.press(ch)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DiagnosticsScreen)


async def test_double_click_picks_a_talk(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        target = row_index(app, CHECKPOINT)
        await pilot.click("#talks", offset=(10, target))
        await pilot.click("#talks", offset=(10, target), times=2)
        assert app.state.is_picked(talk_list(app).rows[target].talk.id)


async def test_escape_sequences_in_a_schedule_are_drawn_as_visible_stand_ins(tmp_path):
    text = (TWO_TRACK.read_text(encoding="utf-8")
            .replace(SPARSE, SPARSE + "\x1b[2J\x1b]0;owned\x07\u202e"))
    path = tmp_path / "two-track.txt"
    path.write_text(text, encoding="utf-8")
    shutil.copy(TWO_TRACK.with_suffix(".toml"), path.with_suffix(".toml"))
    app = make_app(load_schedules([str(path)]), export_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        tl = talk_list(app)
        tl.focus()
        tl.move_to(next(i for i, r in enumerate(tl.rows) if r.talk and SPARSE in r.talk.title))
        await pilot.pause()
        shown = screen_text(app)
        assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
        assert SPARSE + "␛[2J␛]0;owned" in shown  # (Rich itself drops the BEL)


async def test_detail_shows_the_speakers_bio_and_the_sources_notes():
    # The site's "About the speaker" text and a listing's `Subject:` line were read
    # from the page and then shown nowhere.
    from planner.loader import load_schedule

    from ..conftest import DATA, MLSYS2021

    mlsys = load_schedule(MLSYS2021)
    papers = load_schedule(DATA / "listing" / "neurips-oral.txt")
    (invited,) = mlsys.sessions[1].talks
    app = make_app([mlsys, papers])
    async with app.run_test(size=(120, 40)) as pilot:
        body = app.screen.query_one("#detail-body")
        for talk, wanted in ((invited, ["About the speaker", invited.bio[:60]]),
                             (papers.unscheduled[0], ["Subject: NeurIPS.2023 - Oral"])):
            talk_list(app).move_to(next(i for i, r in enumerate(talk_list(app).rows)
                                        if r.talk is talk))
            await pilot.pause()
            text = str(body.render())
            assert all(w in text for w in wanted), text
