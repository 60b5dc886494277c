"""Must and maybe picks, and notes: stored in the agenda file, shown by picks and
clashes, written into the exported DESCRIPTION; agenda files from before both read."""

from __future__ import annotations

import json
from pathlib import Path

import icalendar
import pytest

from planner.picks.store import AgendaStore
from planner.clashes import Interval, find_clashes
from planner.levels import alternatives, conflicts, next_level, role
from planner.loader import load_schedule

from .test_picks_cli import run

TWO_TRACK = Path(__file__).resolve().parent / "tui" / "data" / "two-track.txt"


@pytest.fixture(scope="module")
def ids() -> dict[str, str]:
    """First title word -> id: Sparse and Compiler run in parallel at 09:00, Pruning and
    Autotuning at 09:30 (the times are estimates, so overlaps are 'possible')."""
    return {t.title.split()[0]: t.id for t in load_schedule(TWO_TRACK).talks()}


def agenda(tmp_path: Path) -> dict:
    return json.loads((tmp_path / "agenda.json").read_text(encoding="utf-8"))


def test_roles_of_overlaps_by_level():
    from datetime import datetime, timezone

    t = lambda h: datetime(2024, 6, 3, h, tzinfo=timezone.utc)  # noqa: E731
    a, b, c = (Interval(k, k, t(9), t(10)) for k in ("a", "b", "c"))
    busy = Interval("meeting", "Meeting", t(9), t(10), kind="busy")
    found = find_clashes([a, b, c], [busy])
    levels = {"a": "must", "b": "must", "c": "maybe"}
    assert {(x.a.key, x.b.key) for x in conflicts(found, levels)} == {("a", "b"), ("a", "meeting"),
                                                                      ("b", "meeting")}
    assert {(x.a.key, x.b.key) for x in alternatives(found, levels)} == {
        ("a", "c"), ("b", "c"), ("c", "meeting")}
    # A pick with no level (an agenda from before levels) is a must.
    assert role(found[0], {}) == "conflict"
    assert [next_level(None), next_level("must"), next_level("maybe")] == ["must", "maybe", "must"]


def test_maybe_clashing_a_must_is_an_alternative_and_two_musts_conflict(capsys, tmp_path, ids):
    s = str(TWO_TRACK)
    assert run(capsys, "pick", "-s", s, ids["Sparse"], ids["Pruning"])[0] == 0
    code, out, err = run(capsys, "pick", "-s", s, "--maybe", ids["A"])
    assert code == 0, err
    assert out.startswith(f"Picked (maybe) {ids['A']}")
    assert f"= alternative to {ids['Sparse']} Sparse Attention at Scale (30 min)" in out
    assert agenda(tmp_path)["picks"][ids["A"]]["level"] == "maybe"

    code, out, _ = run(capsys, "pick", "-s", s, ids["Autotuning"])  # a must beside a must
    assert f"? may clash with {ids['Pruning']} Pruning Without Tears" in out

    code, out, _ = run(capsys, "clashes", s, "--format", "json")
    roles = {frozenset((c["a"], c["b"])): c["role"] for c in json.loads(out)}
    assert roles == {frozenset((ids["Sparse"], ids["A"])): "alternative",
                     frozenset((ids["Pruning"], ids["Autotuning"])): "conflict"}
    code, out, _ = run(capsys, "clashes", s)
    assert "1 possible clash" in out and "1 alternative" in out and "= either" in out

    # --must turns the maybe back: both 09:00 picks are musts and conflict again.
    code, out, _ = run(capsys, "pick", "-s", s, "--must", ids["A"])
    assert out.startswith(f"Now a must {ids['A']}")
    code, out, _ = run(capsys, "picks", s, "--format", "json")
    entry = {e["id"]: e for e in json.loads(out)}[ids["A"]]
    assert entry["level"] == "must" and entry["clashes"][0]["role"] == "conflict"


def test_notes_are_kept_shown_and_exported(capsys, tmp_path, ids):
    s = str(TWO_TRACK)
    run(capsys, "pick", "-s", s, ids["Checkpointing"])
    code, out, err = run(capsys, "note", ids["Checkpointing"], "ask", "about", "the  dataset")
    assert code == 0, err
    assert out == f"Note on {ids['Checkpointing']}: ask about the dataset\n"
    assert agenda(tmp_path)["picks"][ids["Checkpointing"]]["note"] == "ask about the dataset"
    assert run(capsys, "note", ids["Checkpointing"])[1] == "ask about the dataset\n"

    code, out, _ = run(capsys, "picks", s)
    assert "Note: ask about the dataset" in out
    code, out, _ = run(capsys, "picks", s, "--format", "json")
    assert json.loads(out)[0]["note"] == "ask about the dataset"

    ics = tmp_path / "out.ics"
    assert run(capsys, "export", s, "-o", str(ics))[0] == 0
    event = icalendar.Calendar.from_ical(ics.read_bytes()).walk("VEVENT")[0]
    assert str(event["DESCRIPTION"]).startswith("My note: ask about the dataset\n")
    sequence = int(event.get("SEQUENCE", 0))

    # A changed note is a changed event: the next export raises its SEQUENCE.
    run(capsys, "note", ids["Checkpointing"], "bring", "questions")
    run(capsys, "export", s, "-o", str(ics))
    event = icalendar.Calendar.from_ical(ics.read_bytes()).walk("VEVENT")[0]
    assert "My note: bring questions" in str(event["DESCRIPTION"])
    assert int(event["SEQUENCE"]) == sequence + 1

    code, out, _ = run(capsys, "note", ids["Checkpointing"], "--clear")
    assert out == f"No note on {ids['Checkpointing']} now.\n"
    assert agenda(tmp_path)["picks"][ids["Checkpointing"]]["note"] == ""


def test_note_on_a_talk_not_picked_is_one_sentence(capsys, ids):
    code, out, err = run(capsys, "note", ids["Sparse"], "hello")
    assert code != 0 and out == ""
    assert err.startswith(f"planner: Unknown picked talk id '{ids['Sparse']}'; no note was kept.")
    assert len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "note", "x", "y" * 600)
    assert code != 0 and "at most 500 characters" in err


def test_agenda_files_from_before_levels_read_as_musts_without_notes(capsys, tmp_path, ids):
    old = {"version": 1, "picks": {ids["Sparse"]: {
        "title": "Sparse Attention at Scale", "schedule": "TinyConf 2024",
        "start": "2024-06-03T09:00:00-04:00", "end": "2024-06-03T09:30:00-04:00",
        "estimated": True}}, "busy": [], "timezone": None}
    (tmp_path / "agenda.json").write_text(json.dumps(old), encoding="utf-8")
    pick = AgendaStore().load().picks[ids["Sparse"]]
    assert (pick.level, pick.note) == ("must", "")
    code, out, _ = run(capsys, "picks", str(TWO_TRACK), "--format", "json")
    assert json.loads(out)[0]["level"] == "must"


def test_unpick_then_restore_keeps_level_and_note(tmp_path, ids):
    schedule = load_schedule(TWO_TRACK)
    store = AgendaStore()
    store.pick([schedule], [ids["Sparse"]], "maybe")
    store.set_note(ids["Sparse"], "front row")
    removed = store.unpick([ids["Sparse"]])
    assert ids["Sparse"] not in store.load().picks
    assert store.restore(removed) == [ids["Sparse"]]
    pick = store.load().picks[ids["Sparse"]]
    assert (pick.level, pick.note) == ("maybe", "front row")


def test_picks_json_is_read_back_by_pick_from(capsys, tmp_path, ids, monkeypatch):
    s = str(TWO_TRACK)
    run(capsys, "pick", "-s", s, ids["Sparse"])
    run(capsys, "pick", "-s", s, "--maybe", ids["Autotuning"])
    run(capsys, "note", ids["Sparse"], "mine")
    shared = tmp_path / "friend.json"
    shared.write_text(run(capsys, "picks", s, "--format", "json")[1], encoding="utf-8")

    monkeypatch.setenv("PLANNER_AGENDA", str(tmp_path / "other.json"))
    run(capsys, "pick", "-s", s, "--maybe", ids["Sparse"])  # already mine, as a maybe
    code, out, err = run(capsys, "pick", "-s", s, "--from", str(shared))
    assert code == 0, err
    assert f"Picked (maybe) {ids['Autotuning']}" in out
    assert f"Already picked {ids['Sparse']}" in out  # my level stays mine
    picks = json.loads((tmp_path / "other.json").read_text())["picks"]
    assert picks[ids["Sparse"]]["level"] == "maybe" and picks[ids["Sparse"]]["note"] == ""
    assert picks[ids["Autotuning"]]["level"] == "maybe"

    junk = tmp_path / "junk.json"
    junk.write_text('{"picks": 1}', encoding="utf-8")
    code, out, err = run(capsys, "pick", "-s", s, "--from", str(junk))
    assert code != 0 and out == ""
    assert err == f"planner: {junk} is not a picks file (write one with planner picks --format json).\n"
    other = tmp_path / "elsewhere.json"
    other.write_text('[{"id": "zzzzzzz", "level": "must"}]', encoding="utf-8")
    code, _, err = run(capsys, "pick", "-s", s, "--from", str(other))
    assert code != 0 and "None of the 1 picks" in err
