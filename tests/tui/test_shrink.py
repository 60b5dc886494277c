"""Shrinking the terminal (issue 17's polish list): the cursor stays on screen and the
day bar is drawn again for the new width."""

from __future__ import annotations

from planner.loader import load_schedules
from planner.tui import make_app

from .helpers import screen_text, talk_list


async def test_after_shrinking_the_cursor_is_still_on_screen():
    app = make_app(load_schedules(None))
    async with app.run_test(size=(120, 40)) as pilot:
        tl = talk_list(app)
        tl.focus()
        for _ in range(30):
            await pilot.press("down")
        await pilot.pause()
        cursor = tl.cursor
        assert cursor is not None and cursor > 15
        await pilot.resize_terminal(60, 15)
        await pilot.pause()
        top, height = int(tl.scroll_offset.y), tl.scrollable_content_region.height
        assert height > 0 and top <= cursor < top + height
        title = tl.highlighted_row.talk.title
        assert any(title[:20] in line for line in screen_text(app).splitlines())


async def test_after_shrinking_the_day_bar_fits_the_new_width():
    app = make_app(load_schedules(None), zone="Europe/Berlin")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 15)
        await pilot.pause()
        bar = next(line for line in screen_text(app).splitlines() if "Europe/Berlin" in line)
        n = sum(1 for _ in app.state.diagnostics())
        # Drawn for 60 columns: the tail is whole at the right end, days cut with ›.
        assert bar.rstrip().endswith(f"Europe/Berlin · {n} warnings (w)")
        assert "›" in bar


async def test_session_titles_stay_in_their_column_whatever_times_are_estimates(app_for):
    from planner.tui.rows import RowKind

    app = app_for()
    async with app.run_test(size=(120, 40)):
        tl = talk_list(app)
        row = next(r for r in tl.rows if r.kind is RowKind.SESSION)
        session = row.session
        columns = set()
        for start_est, end_est in ((False, False), (True, False), (False, True), (True, True)):
            variant = session.model_copy(update={"start_estimated": start_est,
                                                 "end_estimated": end_est})
            line = tl.render_row(type(row)(row.kind, schedule=row.schedule, session=variant,
                                           track=row.track), 100, False).plain
            assert ("~" in line) == (start_est or end_est)
            columns.add(line.index(session.title))
        assert len(columns) == 1
