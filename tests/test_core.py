"""The Planner (planner.core): the rules the CLI and the TUI share, checked through both.

A pick from a schedule that is not loaded now keeps its last-seen time, and busy time
is read in a window that includes it, so it still clashes with the user's calendar
(the TUI once read busy time only around the loaded talks); a broken remembered
calendar is reported with how to forget it, by the CLI and the TUI alike.
"""

from __future__ import annotations

from datetime import timezone

import pytest

from planner.cli import main
from planner.core import Planner
from planner.errors import PlannerError
from planner.loader import load_schedule
from planner.picks.store import AgendaStore
from planner.tui.state import PlannerState

from .conftest import MLSYS2021, ROOT

TWO_TRACK = ROOT / "tests" / "tui" / "data" / "two-track.txt"


def _ics_stamp(dt) -> str:
    return dt.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


@pytest.fixture
def away_pick(tmp_path):
    """A picked MLSys 2021 talk, and a busy calendar with a meeting during it."""
    mlsys = load_schedule(MLSYS2021)
    talk = next(t for t in mlsys.talks() if t.start is not None)
    AgendaStore().pick([mlsys], [talk.id])
    busy = tmp_path / "work.ics"
    busy.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//planner tests//core//EN\r\n"
        "BEGIN:VEVENT\r\nUID:review@example.org\r\nDTSTAMP:20210301T120000Z\r\n"
        f"DTSTART:{_ics_stamp(talk.start)}\r\nDTEND:{_ics_stamp(talk.end)}\r\n"
        "SUMMARY:Design review\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", encoding="utf-8")
    return talk, busy


def test_busy_window_spans_the_picks_last_seen_times(away_pick):
    talk, busy = away_pick
    planner = Planner.open([str(TWO_TRACK)], busy_paths=[str(busy)])  # June 2024 only
    lo, hi = planner.busy_window()
    assert lo < talk.start < hi  # April 2021, from the pick's last-seen time
    [only] = planner.resolved()
    assert only.status == "not-loaded"
    [clash] = planner.clashes()
    other = clash.other(talk.id)
    assert other.kind == "busy" and other.label == "Design review"


def test_the_cli_and_the_tui_see_the_same_clash_with_a_not_loaded_pick(away_pick, capsys):
    talk, busy = away_pick
    code = main(["clashes", str(TWO_TRACK), "--busy", str(busy)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Design review" in out and talk.id in out
    state = PlannerState([load_schedule(TWO_TRACK)], busy_paths=(str(busy),))
    state.load_picks()
    [line] = state.clashes_of(talk.id)
    assert line.startswith("busy: Design review, ")


def test_a_broken_remembered_calendar_says_how_to_forget_it(tmp_path):
    gone = tmp_path / "gone.ics"
    AgendaStore().update(lambda agenda: agenda.busy.append(str(gone)))
    planner = Planner([load_schedule(TWO_TRACK)])
    planner.read_agenda()
    with pytest.raises(PlannerError) as caught:
        planner.load_busy()
    assert caught.value.message == (
        f"Busy calendar {gone} does not exist (it is remembered in your agenda: fix it, or "
        f"forget it with planner busy remove {gone}).")
    # Given for this run only, it is the user's typo, not something to forget.
    given = Planner([load_schedule(TWO_TRACK)], busy_paths=[str(gone)])
    given.read_agenda()
    with pytest.raises(PlannerError) as caught:
        given.load_busy()
    assert "planner busy remove" not in caught.value.message


def test_toggle_and_would_clash_agree_with_the_store():
    schedule = load_schedule(TWO_TRACK)
    planner = Planner([schedule])
    first, parallel = schedule.sessions[0].talks[0], None
    for session in schedule.sessions[1:]:
        for t in session.talks:
            if t.start is not None and t.start < first.end and first.start < t.end:
                parallel = t
    assert parallel is not None, "the two-track fixture has parallel talks"
    assert planner.toggle(first.id) is True
    assert set(AgendaStore().load().picks) == {first.id}
    assert parallel.id in planner.would_clash()
    assert first.id not in planner.would_clash()  # picked: it clashes, it would not
    assert planner.toggle(first.id) is False
    assert AgendaStore().load().picks == {}
    assert planner.would_clash() == {}


def test_pick_given_a_file_where_ids_belong_says_so_before_searching(capsys, tmp_path):
    program = tmp_path / "program.txt"
    program.write_text(TWO_TRACK.read_text(encoding="utf-8"), encoding="utf-8")
    code = main(["pick", str(program), "--search", "model"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""  # nothing listed from the bundled schedules
    assert f"{program} is a file: pass schedules with --schedule {program}" in err
    assert AgendaStore().load().picks == {}
