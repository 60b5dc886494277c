"""The rooms-by-time grid's model (planner.grid): columns, time steps, cells, lanes."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from planner.grid import choose_step, day_grid, days_of
from planner.loader import load_schedule
from planner.timetable import Slot, Timetable, of_schedule

from .conftest import DATA
from .test_levels_notes import TWO_TRACK

FOSDEM = DATA / "frab-xml" / "fosdem2024-excerpt.xml"
CCC = DATA / "frab-xml" / "31c3-excerpt.xml"
BRUSSELS = ZoneInfo("Europe/Brussels")
NY = ZoneInfo("America/New_York")


def slot(start: str, end: str, title: str, room: str = "", track: str = "",
         session: str = "", zone: ZoneInfo = NY) -> Slot:
    def ts(clock: str) -> float:
        return datetime.fromisoformat(f"2024-06-03T{clock}").replace(tzinfo=zone).timestamp()

    return Slot(ts(start), ts(end), f"id-{title}", title, room, track, "talk", "", False,
                session)


def table(*slots: Slot) -> Timetable:
    return Timetable("test", "America/New_York", sorted(slots, key=lambda s: s.start))


def test_step_is_the_starts_gcd_clamped_to_5_to_30_minutes():
    assert choose_step([540, 550, 560]) == 10  # every ten minutes
    assert choose_step([540, 555, 615]) == 15
    assert choose_step([540, 600, 660]) == 30  # on the hour: half-hour rows
    assert choose_step([540, 542]) == 5  # two minutes apart: no finer than five
    assert choose_step([540]) == 30


def test_fosdem_day_has_its_rooms_in_order_and_every_talk_once():
    tables = [of_schedule(load_schedule(FOSDEM))]
    assert days_of(tables, BRUSSELS) == [date(2024, 2, 3)]
    grid = day_grid(tables, date(2024, 2, 3), BRUSSELS)
    assert grid.by == "room"
    assert [c.label for c in grid.columns] == [
        "J.1.106", "K.4.601", "UB2.252A (Lameere)", "UB4.136"]
    assert grid.step == 5 * 60  # starts at 10:30, 10:50, 10:55 …
    assert grid.row_start(0) == datetime(2024, 2, 3, 10, 30, tzinfo=BRUSSELS)
    placed = [p for c in grid.columns for p in c.talks]
    assert sorted(p.slot.id for p in placed) == sorted(s.id for s in tables[0].slots)
    for c, column in enumerate(grid.columns):
        for p in column.talks:
            assert p.slot.room == column.label
            # The row holding its start, through the row holding its last minute.
            assert grid.row_start(p.first).timestamp() <= p.slot.start < (
                grid.row_start(p.first).timestamp() + grid.step)
            assert grid.row_start(p.last).timestamp() < p.slot.end <= (
                grid.row_start(p.last).timestamp() + grid.step)
            assert all(grid.at(c, r) is p for r in range(p.first, p.last + 1))
            assert grid.find(p.slot.id) == (c, p.first)


def test_a_talk_spanning_rows_occupies_them_all_and_empty_cells_are_empty():
    grid = day_grid([of_schedule(load_schedule(FOSDEM))], date(2024, 2, 3), BRUSSELS)
    j = 0  # J.1.106: "Creative Coding with TurtleStitch", an hour: twelve 5-minute rows
    first = grid.columns[j].talks[0]
    assert first.slot.title.startswith("Creative Coding")
    assert first.last - first.first + 1 == (first.slot.end - first.slot.start) // grid.step
    assert grid.at(j, first.last + 1) is None  # the gap before MicroBlocks
    nxt = grid.columns[j].after(first.first)
    assert nxt is not None and nxt.slot.title == "MicroBlocks"
    assert grid.columns[j].before(nxt.first) is first


def test_parallel_sessions_without_rooms_sit_side_by_side():
    tables = [of_schedule(load_schedule(TWO_TRACK))]
    grid = day_grid(tables, date(2024, 6, 3), NY)
    assert grid.by == "session"
    assert [c.label for c in grid.columns] == ["A", "B"]
    assert [p.slot.title for p in grid.columns[0].talks] == [
        "Sparse Attention at Scale", "Pruning Without Tears", "Checkpointing Large Models"]
    assert [p.slot.title for p in grid.columns[1].talks] == [
        "A Compiler for Tiny Devices", "Autotuning Kernels Quickly"]
    assert grid.step == 30 * 60 and grid.rows == 11  # 09:00 to 14:30


def test_rooms_sort_naturally_and_overlaps_in_a_room_get_lanes():
    t = table(
        slot("09:00", "10:00", "Ten", room="Room 10"),
        slot("09:00", "09:30", "Two", room="Room 2"),
        slot("09:15", "09:45", "Two again", room="Room 2"),  # overlaps "Two"
        slot("09:30", "10:00", "Two later", room="Room 2"),
        slot("09:00", "09:30", "Roomless"),
    )
    grid = day_grid([t], date(2024, 6, 3), NY)
    assert grid.step == 15 * 60
    labels = [(c.label, c.lane, c.lanes) for c in grid.columns]
    assert labels == [("Room 2", 0, 2), ("Room 2", 1, 2), ("Room 10", 0, 1), ("", 0, 1)]
    assert [p.slot.title for p in grid.columns[0].talks] == ["Two", "Two later"]
    assert [p.slot.title for p in grid.columns[1].talks] == ["Two again"]
    assert grid.at(1, 0) is None and grid.at(1, 1).slot.title == "Two again"


def test_tracks_are_columns_when_no_room_is_named():
    t = table(slot("09:00", "09:30", "X", track="Track 10"),
              slot("09:00", "09:30", "Y", track="Track 2"))
    grid = day_grid([t], date(2024, 6, 3), NY)
    assert grid.by == "track"
    assert [c.label for c in grid.columns] == ["Track 2", "Track 10"]


def test_days_follow_the_display_zone():
    # 31C3 runs in Hamburg; late talks fall on the next day in Tokyo.
    tables = [of_schedule(load_schedule(CCC))]
    berlin = days_of(tables, ZoneInfo("Europe/Berlin"))
    tokyo = days_of(tables, ZoneInfo("Asia/Tokyo"))
    assert berlin and tokyo and berlin != tokyo
    for day in tokyo:
        grid = day_grid(tables, day, ZoneInfo("Asia/Tokyo"))
        assert grid.row_start(0).date() == day
        assert grid.talk_count > 0


def test_a_day_without_talks_is_an_empty_grid():
    grid = day_grid([of_schedule(load_schedule(FOSDEM))], date(2024, 2, 4), BRUSSELS)
    assert grid.columns == [] and grid.rows == 0 and grid.at(0, 0) is None


@pytest.mark.parametrize("zone", ["Europe/Brussels", "America/Los_Angeles"])
def test_a_talk_running_past_midnight_is_cut_at_the_days_end(zone):
    z = ZoneInfo(zone)
    t = table(slot("22:00", "23:00", "Late", room="R", zone=z),
              Slot(datetime(2024, 6, 3, 23, tzinfo=z).timestamp(),
                   datetime(2024, 6, 5, 1, tzinfo=z).timestamp(), "long", "All night", "R",
                   "", "talk", "", False, ""))
    grid = day_grid([t], date(2024, 6, 3), z)
    assert grid.row_start(grid.rows - 1) == datetime(2024, 6, 3, 23, 30, tzinfo=z)
    assert grid.columns[0].talks[-1].last == grid.rows - 1


# -- planner timetable: the same grid as text -------------------------------------------

def test_timetable_prints_the_day_rooms_across_with_my_picks_marked(capsys):
    from .conftest import run_cli

    beam = next(s.id for s in of_schedule(load_schedule(FOSDEM)).slots
                if s.title == "BEAM me up, Scotty")
    assert run_cli(capsys, "pick", beam, "-s", str(FOSDEM))[0] == 0
    code, out, err = run_cli(capsys, "timetable", str(FOSDEM), "--width", "80")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("Saturday 3 February 2024 · 16 talks by room · 5-minute rows · "
                        "Europe/Brussels")
    assert lines[1].split() == ["J.1.106", "K.4.601", "UB2.252A", "(Lameer…", "UB4.136"]
    assert lines[2] == ("10:30 ┌ Creative Coding ┌●BEAM me up,     ┌ DIY Private     "
                        "┌ \"Where the !?*!")
    assert lines[3].startswith("10:35 │ with            │ Scotty ")
    # Broom (10:50-11:10) fills four 5-minute rows of the fourth room, then Improving.
    broom = [line[60:] for line in lines if "10:50" <= line[:5] < "11:15"]
    assert broom == ["┌ Broom not", "│ included:", "│ curling the", "│ modern way",
                     "┌ Improving"]
    assert len(lines) == 2 + day_grid([of_schedule(load_schedule(FOSDEM))],
                                      date(2024, 2, 3), BRUSSELS).rows


def test_timetable_puts_rooms_that_do_not_fit_in_blocks(capsys):
    from .conftest import run_cli

    code, out, _ = run_cli(capsys, "timetable", str(FOSDEM), "--width", "50", "--day", "sat")
    assert code == 0
    assert "\nRooms 1–2 of 4\n      J.1.106" in out and "\nRooms 3–4 of 4\n" in out
    assert max(len(line) for line in out.splitlines()[1:]) <= 50


def test_timetable_of_a_day_without_talks_says_so_in_one_sentence(capsys):
    from .conftest import run_cli

    code, out, err = run_cli(capsys, "timetable", str(FOSDEM), "--day", "sunday")
    assert code != 0 and out == ""
    assert err.strip() == ("planner: Nothing is scheduled on a Sunday; the schedule has "
                           "Sat 2024-02-03.")
