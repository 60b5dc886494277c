"""The TUI on machine-readable programs: rooms in the rows and the detail, links and
tracks in the detail, and `r` reading the schedules again with the change report."""

from __future__ import annotations

import shutil

from planner.loader import load_schedule, load_schedules
from planner.tui import make_app
from planner.tui.widgets.talk_detail import TalkDetail

from ..conftest import DATA
from .helpers import line_text, row_index, talk_list

FOSDEM = DATA / "frab-xml" / "fosdem2024-excerpt.xml"
PACKETS = '"Where the !?*! are the packets going?”'


def detail_text(app) -> str:
    return str(app.screen.query_one(TalkDetail).query_one("#detail-body").render())


async def test_rows_show_the_room_and_the_detail_shows_room_track_and_links(tmp_path):
    app = make_app([load_schedule(FOSDEM)], export_dir=tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        line = line_text(app, PACKETS)
        assert line.rstrip().endswith("UB4.136") and "Luca Sani" in line
        tl = talk_list(app)
        tl.focus()
        tl.move_to(row_index(app, PACKETS))
        await pilot.pause()
        text = detail_text(app)
        assert "Room: UB4.136 · Track: Network devroom · Language: en" in text
        assert "Open Source repository: https://github.com/catchpoint/Networking.traceroute" in text
        assert "Slides: https://fosdem.org/2024/events/attachments/" in text
        assert text.count(PACKETS) == 1  # a standalone session: its title is not repeated


async def test_r_reads_the_program_again_and_reports_what_changed(tmp_path):
    copy = tmp_path / "fosdem.xml"
    shutil.copy(FOSDEM, copy)
    app = make_app(paths=[str(copy)], export_dir=tmp_path)
    async with app.run_test(size=(140, 40), notifications=True) as pilot:
        tl = talk_list(app)
        tl.focus()
        tl.move_to(row_index(app, "Creative Coding with TurtleStitch"))
        await pilot.press("space")
        await pilot.pause()
        copy.write_text(copy.read_text(encoding="utf-8").replace(
            "<room>J.1.106</room>", "<room>K.3.201</room>", 1), encoding="utf-8")
        await pilot.press("r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        moved = [m for m in messages if "moved:" in m]
        assert moved and "in J.1.106, now Sat 3 Feb 10:30–11:30 in K.3.201" in moved[0]
        assert line_text(app, "Creative Coding with TurtleStitch").rstrip().endswith("K.3.201")
        await pilot.press("r")  # again: nothing new
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert list(app._notifications)[-1].message == \
            "Schedules read again; none of your picks changed."


async def test_r_without_a_way_to_read_again_says_so(tmp_path):
    app = make_app(load_schedules([str(FOSDEM)]), export_dir=tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "nothing to refresh" in list(app._notifications)[-1].message


async def test_a_kept_copy_standing_in_for_a_server_is_said_on_opening(tmp_path):
    from planner.diagnostics import Diagnostic, Severity
    from planner.sources import NOTICE

    schedule = load_schedule(FOSDEM)
    note = "example.org refused the connection; using the copy of … fetched 3 hours ago."
    schedule.diagnostics.insert(0, Diagnostic(source="https://example.org/s.xml", line=None,
                                              severity=Severity.WARNING, code=NOTICE,
                                              message=note))
    app = make_app([schedule], export_dir=tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        assert note in [n.message for n in app._notifications]
