"""The gap finder (planner.gaps, planner free): the free slots of my day beside my musts
and busy time, with the talks that fit in each."""

from __future__ import annotations

import json
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from planner.filters import TalkFilter, taken_spans
from planner.gaps import by_day, free_days
from planner.loader import load_schedule
from planner.timetable import of_schedule

from .test_levels_notes import TWO_TRACK
from .conftest import DATA, MLSYS2021
from .test_now import FOSDEM
from .test_picks_cli import run

NY = ZoneInfo("America/New_York")


def at(text: str, zone: ZoneInfo = NY) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=zone).timestamp()


def hhmm(ts: float, zone: ZoneInfo = NY) -> str:
    return datetime.fromtimestamp(ts, zone).strftime("%H:%M")


def two_track():
    table = of_schedule(load_schedule(TWO_TRACK))
    return table, {s.title.split()[0]: s.id for s in table.slots}


def test_gaps_lie_between_my_musts_and_busy_time_with_the_talks_that_fit():
    table, ids = two_track()
    # Musts 09:00-09:30 (A) and 09:30-10:00 (B): one taken stretch; a busy hour at 13:30.
    taken = taken_spans([table], [ids["Sparse"], ids["Autotuning"]],
                        [(at("2024-06-03T13:30"), at("2024-06-03T14:00"))])
    (monday,) = free_days([table], taken, NY)  # Tuesday has nothing taken: not listed
    assert monday.day == date(2024, 6, 3)
    assert [(hhmm(a), hhmm(b)) for a, b in monday.taken] == [("09:00", "10:00"),
                                                             ("13:30", "14:00")]
    gaps = [(hhmm(g.start), hhmm(g.end), [s.title for s in g.fits]) for g in monday.gaps]
    # The poster (13:00-14:30) overlaps the busy hour: it fits no gap.
    assert gaps == [("10:00", "13:30", []), ("14:00", "14:30", [])]
    assert monday.gaps[0].minutes == 210


def test_a_short_gap_shows_only_when_a_talk_fits_in_it():
    table, ids = two_track()
    taken = taken_spans([table], [ids["Sparse"]], [(at("2024-06-03T10:00"),
                                                    at("2024-06-03T14:20"))])
    (monday,) = free_days([table], taken, NY, min_gap=45 * 60)
    # 09:30-10:00 is short, but two talks fit; 14:20-14:30 is short and empty.
    assert [(hhmm(g.start), hhmm(g.end)) for g in monday.gaps] == [("09:30", "10:00")]
    assert sorted(s.title for s in monday.gaps[0].fits) == ["Autotuning Kernels Quickly",
                                                            "Pruning Without Tears"]


@pytest.mark.parametrize("path", [FOSDEM, DATA / "frab-xml" / "31c3-excerpt.xml",
                                  DATA / "frab-xml" / "fosdem2007-excerpt.xml", MLSYS2021],
                         ids=lambda p: p.name)
def test_the_talks_in_the_gaps_are_what_the_free_filter_keeps(path):
    """Two answers to "what fits my day" from two modules: they agree on real programs."""
    table = of_schedule(load_schedule(path))
    zone = ZoneInfo(table.timezone)
    musts = [s.id for s in table.slots[::7]]
    taken = taken_spans([table], musts)
    days = free_days([table], taken, zone, min_gap=10**9)  # every gap a talk fits in
    in_gaps = {s.id for d in days for g in d.gaps for s in g.fits}
    assert in_gaps
    for d in days:
        kept = TalkFilter(day=d.day, zone=zone, taken=taken).ids([table])
        assert {s.id for s in by_day([table], zone)[d.day] if s.id in in_gaps} == kept


def test_planner_free_prints_the_gaps_of_the_days_with_musts(capsys):
    code, out, _ = run(capsys, "free", str(TWO_TRACK))
    assert code == 0 and out.startswith("None of your picks is a must with a time")
    table, ids = two_track()
    assert run(capsys, "pick", "-s", str(TWO_TRACK), ids["Sparse"])[0] == 0
    code, out, _ = run(capsys, "free", str(TWO_TRACK))
    assert code == 0
    lines = out.splitlines()
    assert "Monday 3 June: talks 09:00–14:30" in lines
    start = lines.index("  Free 09:30–14:30 (5 h)")
    assert [ln.split()[1] for ln in lines[start + 1:]] == [
        "Autotuning", "Pruning", "Checkpointing"]
    assert "Tuesday" not in out  # no must that day
    code, out, _ = run(capsys, "free", str(TWO_TRACK), "--day", "tue", "--format", "json")
    (tuesday,) = json.loads(out)["days"]
    assert [t["title"] for g in tuesday["gaps"] for t in g["talks"]] == [
        "Software Engineering for Learning Systems"]
    code, _, err = run(capsys, "free", str(TWO_TRACK), "--day", "wed")
    assert code == 1 and err.count("\n") == 1 and "Wednesday" in err
