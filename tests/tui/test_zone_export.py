"""The time-zone picker and the export key."""

from __future__ import annotations

from datetime import timedelta

import icalendar
from textual.widgets import Checkbox, Input

from planner.picks.store import AgendaStore
from planner.tui import make_app
from planner.tui.screens.browser import BrowserScreen
from planner.tui.screens.export import ExportDialog
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


async def export_via_dialog(pilot, *, path: str | None = None, alarm: str = "",
                            papers: bool | None = None) -> None:
    """Press e, fill the dialog as a user would, and press enter."""
    await pilot.press("e")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, ExportDialog)
    if path is not None:
        dialog.query_one("#export-path", Input).value = path
    if papers is not None and dialog.query_one("#export-papers", Checkbox).value != papers:
        dialog.query_one("#export-papers", Checkbox).focus()
        await pilot.press("space")
    if alarm:
        dialog.query_one("#export-alarm", Input).focus()
        await type_text(pilot, alarm)
    dialog.query_one("#export-path", Input).focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_export_writes_an_ics_that_icalendar_reads(app_for, tmp_path):
    app = app_for()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pick(pilot, SPARSE)
        await pick(pilot, COMPILER)
        await pilot.press("e")
        await pilot.pause()
        assert "Export your picks" in screen_text(app)
        assert "2 picks with a time" in screen_text(app)
        await pilot.press("enter")  # the suggested folder as it is
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)
        path = app.last_export
        assert path.parent == tmp_path
        assert any(f"Wrote 2 events to {path}." in n.message for n in app._notifications)
        assert "Exported" in screen_text(app)
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    events = cal.walk("VEVENT")
    assert sorted(str(e["SUMMARY"]) for e in events) == sorted([SPARSE, COMPILER])
    starts = {e.decoded("DTSTART").isoformat() for e in events}
    assert starts == {"2024-06-03T09:00:00-04:00"}
    assert not any(e.walk("VALARM") for e in events)


async def test_export_dialog_takes_a_file_name_and_an_alarm(app_for, tmp_path):
    app = app_for()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pick(pilot, SPARSE)
        await export_via_dialog(pilot, path="mine/talks.ics", alarm="10m")
        assert isinstance(app.screen, ExportDialog)  # no folder mine/: said, dialog stays
        assert "There is no folder" in screen_text(app)
        (tmp_path / "mine").mkdir()
        await pilot.press("enter")
        await pilot.pause()
        assert app.last_export == tmp_path / "mine" / "talks.ics"
    event = icalendar.Calendar.from_ical(app.last_export.read_bytes()).walk("VEVENT")[0]
    (alarm,) = event.walk("VALARM")
    assert alarm.decoded("TRIGGER") == -timedelta(minutes=10)


async def test_a_bad_alarm_is_said_in_the_dialog_and_nothing_is_written(app_for, tmp_path):
    app = app_for()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pick(pilot, SPARSE)
        await export_via_dialog(pilot, alarm="soon")
        assert isinstance(app.screen, ExportDialog)
        assert "Alarm 'soon' is not a duration" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, BrowserScreen)
    assert not list(tmp_path.glob("*.ics"))


async def test_papers_without_a_time_export_as_todos_when_ticked(tmp_path):
    from planner.loader import load_schedules

    schedules = load_schedules(None)
    paper = next(s for s in schedules if s.label == "MLSys 2023").unscheduled[0]
    app = make_app(schedules, export_dir=tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pick(pilot, paper.title)
        # Only a paper picked: unticked, the dialog says so in its own words.
        await export_via_dialog(pilot, papers=False)
        text = screen_text(app)
        assert "tick “Papers without a time as to-dos”" in text
        assert "--include-papers" not in text and not list(tmp_path.glob("*.ics"))
        app.screen.query_one("#export-papers", Checkbox).focus()
        await pilot.press("space")  # ticked again
        app.screen.query_one("#export-path", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert any("Wrote 1 to-do to" in n.message for n in app._notifications)
    (todo,) = icalendar.Calendar.from_ical(app.last_export.read_bytes()).walk("VTODO")
    assert str(todo["SUMMARY"]) == paper.title


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


async def test_the_dialog_suggests_the_documents_folder_not_the_current_one(
        two_track, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "Papers"))
    (tmp_path / "Papers").mkdir()
    app = make_app([two_track])  # no export folder given, as `planner tui` runs it
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, SPARSE)
        await pilot.press("e")
        await pilot.pause()
        assert app.screen.query_one("#export-path", Input).value == "~/Papers"
        assert "Suggested: your documents folder" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.last_export.parent == tmp_path / "Papers"


async def test_enter_on_the_checkbox_writes_and_space_ticks_it(app_for, tmp_path):
    from planner.loader import load_schedules

    schedules = load_schedules(None)
    paper = next(s for s in schedules if s.label == "MLSys 2023").unscheduled[0]
    app = make_app(schedules, export_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pick(pilot, paper.title)
        await pilot.press("e", "tab", "tab")  # the path, the alarm, the checkbox
        box = app.screen.query_one("#export-papers", Checkbox)
        assert box.has_focus and box.value  # only a paper picked: ticked already
        await pilot.press("space", "space")  # unticked, ticked again
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BrowserScreen)
        assert box.value and any("Wrote 1 to-do to" in n.message for n in app._notifications)
