"""A re-read schedule: picks that moved, vanished or newly clash are reported, never dropped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from planner.picks.store import AgendaStore
from planner.picks.changes import acknowledge, detect_changes, needs_acknowledging
from planner.loader import load_schedules

from .conftest import DATA
from .conftest import run_cli as run

PICKS = DATA / "picks"


@pytest.fixture
def program(tmp_path) -> Path:
    """The Pacific fixture as the user's own program.txt, ready to be re-pasted."""
    path = tmp_path / "program.txt"
    shutil.copy(PICKS / "pacific.txt", path)
    shutil.copy(PICKS / "pacific.toml", tmp_path / "program.toml")
    return path


def ids_by_word(schedules) -> dict[str, str]:
    return {t.title.split()[0]: t.id for s in schedules for t in s.talks()}


def paste_new_version(program: Path) -> None:
    # Track B moves from 09:30-10:30 to 10:00-11:00; "Fusing Kernels Greedily" is gone.
    shutil.copy(PICKS / "pacific-v2.txt", program)


def test_moved_vanished_and_new_clashes_are_detected_then_acknowledged(tmp_path, program):
    berlin = str(PICKS / "berlin.txt")
    old = load_schedules([str(program), berlin])
    ids = ids_by_word(old)
    store = AgendaStore(tmp_path / "agenda.json")
    store.pick(old, [ids[w] for w in ("Log-Structured", "Congestion", "Tensor", "Fusing",
                                      "Energy-aware")])
    assert detect_changes(old, store.load()) == []

    paste_new_version(program)
    new = load_schedules([str(program), berlin])
    agenda = store.load()
    changes = detect_changes(new, agenda)
    kinds = [(c.kind, c.id) for c in changes]
    assert ("moved", ids["Congestion"]) in kinds
    assert ("vanished", ids["Fusing"]) in kinds
    moved = next(c for c in changes if c.kind == "moved")
    assert (moved.old_start.hour, moved.old_start.minute) == (9, 30)
    assert (moved.new_start.hour, moved.new_start.minute) == (10, 0)
    vanished = next(c for c in changes if c.kind == "vanished")
    assert vanished.title == "Fusing Kernels Greedily"
    # Track B now overlaps the estimated compiler talk and the Berlin poster it only
    # touched before; it no longer clashes with Track A (10:00 touches 10:00).
    new_clashes = {(c.clash.other(c.id).key, c.clash.kind) for c in changes
                   if c.kind == "new-clash"}
    assert new_clashes == {(ids["Tensor"], "possible"), (ids["Energy-aware"], "clash")}

    assert needs_acknowledging(new, agenda)
    store.update(lambda a: acknowledge(new, a))
    after = store.load()
    assert not needs_acknowledging(new, after)
    # The move is reported once; the vanished pick stays, title kept, until unpicked.
    assert [(c.kind, c.id) for c in detect_changes(new, after)] == [("vanished", ids["Fusing"])]
    stored = after.picks[ids["Fusing"]]
    assert stored.vanished and stored.title == "Fusing Kernels Greedily"
    assert after.picks[ids["Congestion"]].start == moved.new_start


def test_a_pick_from_a_schedule_not_loaded_is_left_alone(tmp_path, program):
    schedules = load_schedules([str(program)])
    store = AgendaStore(tmp_path / "agenda.json")
    store.pick(schedules, [ids_by_word(schedules)["Congestion"]])
    other = load_schedules([str(PICKS / "berlin.txt")])
    agenda = store.load()
    assert detect_changes(other, agenda) == []
    assert not needs_acknowledging(other, agenda)


def test_planner_picks_reports_a_moved_talk_once(capsys, program):
    schedules = load_schedules([str(program)])
    ids = ids_by_word(schedules)
    code, _, err = run(capsys, "pick", "-s", str(program), ids["Congestion"], ids["Fusing"])
    assert code == 0, err
    paste_new_version(program)

    code, out, err = run(capsys, "picks", str(program))
    assert code == 0, err
    out = " ".join(out.split())  # undo the wrapping
    assert (f"moved: {ids['Congestion']} Congestion Control at Line Rate: was Tue 6 Apr "
            "09:30–10:30, now Tue 6 Apr 10:00–11:00.") in out
    assert f"vanished: {ids['Fusing']} Fusing Kernels Greedily is no longer in" in out
    assert "Vanished from their schedules" in out

    code, out, err = run(capsys, "picks", str(program))
    assert "moved:" not in out and "vanished:" in out

    code, out, err = run(capsys, "picks", str(program), "--format", "json")
    entries = {e["id"]: e for e in json.loads(out)}
    assert entries[ids["Fusing"]]["status"] == "vanished"
    assert entries[ids["Fusing"]]["title"] == "Fusing Kernels Greedily"
    assert "vanished:" in err  # changes go to stderr when stdout is JSON
