"""The time-zone picker and the export key."""

from __future__ import annotations

import icalendar

from planner.picks.store import AgendaStore
from planner.tui.screens.browser import BrowserScreen
from planner.tui.screens.zones import ZonePicker

from .helpers import COMPILER, SPARSE, line_text, pick, screen_text, type_text


async def test_zone_change_moves_the_displayed_times(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        assert "~09:00" in line_text(app, SPARSE)
        await pilot.press("t")
        assert isinstance(app.screen, ZonePicker)
        await type_text(pilot, "berlin")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)
        assert "~15:00" in line_text(app, SPARSE)  # 09:00 EDT is 15:00 CEST
        assert "times in Europe/Berlin" in screen_text(app)
    assert AgendaStore().load().timezone == "Europe/Berlin"  # remembered for the CLI too


async def test_remembered_zone_is_used_on_the_next_start(app_for):
    AgendaStore().set_timezone("Asia/Tokyo")
    app = app_for()
    async with app.run_test(size=(120, 40)):
        assert "~22:00" in line_text(app, SPARSE)  # 09:00 EDT is 22:00 JST
        assert "Monday 3 June 2024" in screen_text(app)


async def test_zone_picker_finds_zones_by_country_and_lists_common_ones_first(app_for):
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        options = app.screen.query_one("#zone-options")
        first = [options.get_option_at_index(i).id for i in range(4)]
        assert first[:2] == ["America/New_York", "UTC"]  # current (and conference), local
        await type_text(pilot, "new zealand")
        ids = {options.get_option_at_index(i).id for i in range(options.option_count)}
        assert ids == {"Pacific/Auckland", "Pacific/Chatham"}
        await pilot.press("escape")
        assert isinstance(app.screen, BrowserScreen)
        assert "~09:00" in line_text(app, SPARSE)  # escape keeps the zone


async def test_export_writes_an_ics_that_icalendar_reads(app_for, tmp_path):
    app = app_for()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pick(pilot, SPARSE)
        await pick(pilot, COMPILER)
        await pilot.press("e")
        await pilot.pause()
        path = app.last_export
        assert path.parent == tmp_path
        assert any(str(path) in n.message for n in app._notifications)
        assert "Exported" in screen_text(app)
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    events = cal.walk("VEVENT")
    assert sorted(str(e["SUMMARY"]) for e in events) == sorted([SPARSE, COMPILER])
    starts = {e.decoded("DTSTART").isoformat() for e in events}
    assert starts == {"2024-06-03T09:00:00-04:00"}


def shown_errors(app) -> list[str]:
    return [n.message for n in app._notifications if n.severity == "error"]


async def test_export_with_no_picks_is_a_notice_in_the_tuis_words(app_for, tmp_path):
    app = app_for()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("e")  # nothing picked: not a red "Export failed", no CLI flags
        await pilot.pause()
        assert shown_errors(app) == []
        assert "Nothing to export yet: pick talks with space" in screen_text(app)
        assert "--all" not in screen_text(app) and not list(tmp_path.glob("*.ics"))


async def test_an_unwritable_export_folder_is_an_error_not_a_crash(app_for, tmp_path):
    app = app_for(export_dir=tmp_path / "missing")
    async with app.run_test(size=(120, 40)) as pilot:
        await pick(pilot, SPARSE)
        await pilot.press("e")
        await pilot.pause()
        errors = shown_errors(app)
        assert len(errors) == 1 and errors[0].startswith("Cannot write ")
        assert isinstance(app.screen, BrowserScreen)
