"""planner pick / unpick / picks / clashes / busy / timezone, and agenda --picked."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from planner.loader import load_schedules

from .conftest import DATA, MLSYS2021, ROOT
from .conftest import run_cli as run

PICKS = DATA / "picks"
BUSY = DATA / "busy"
PACIFIC, BERLIN, READING = (str(PICKS / n) for n in ("pacific.txt", "berlin.txt", "reading.txt"))
TALK_KEYS = {"id", "title", "speakers", "schedule", "start", "end", "estimated"}


@pytest.fixture(scope="module")
def ids() -> dict[str, str]:
    """First title word -> talk id, over the MLSys program and the fixtures."""
    schedules = load_schedules([str(MLSYS2021), PACIFIC, BERLIN, READING])
    return {t.title.split()[0].rstrip(":"): t.id for s in schedules for t in s.talks()}


def agenda_file(tmp_path: Path) -> dict:
    return json.loads((tmp_path / "agenda.json").read_text(encoding="utf-8"))


def test_pick_list_unpick_round_trip(capsys, tmp_path, ids):
    code, out, err = run(capsys, "pick", ids["Cortex"], ids["ModularNAS"])
    assert code == 0, err
    assert out.startswith(f"Picked {ids['Cortex']}  Tue 6 Apr ~11:10–~11:30  Cortex")

    code, out, _ = run(capsys, "picks", "--format", "json")
    entries = json.loads(out)
    assert [e["id"] for e in entries] == [ids["ModularNAS"], ids["Cortex"]]  # by time
    assert TALK_KEYS <= set(entries[0]) and entries[0]["clashes_with"] == []
    assert entries[0]["schedule"] == "MLSys 2021" and entries[0]["estimated"] is True

    code, out, _ = run(capsys, "picks")
    assert "Tuesday 6 April 2021" in out and ids["Cortex"] in out

    code, out, _ = run(capsys, "pick", ids["Cortex"])
    assert out.startswith(f"Already picked {ids['Cortex']}")

    code, out, _ = run(capsys, "unpick", ids["Cortex"])
    assert code == 0 and out.startswith(f"Unpicked {ids['Cortex']}  Cortex")
    assert list(agenda_file(tmp_path)["picks"]) == [ids["ModularNAS"]]


def test_unknown_ids_name_themselves_and_change_nothing(capsys, tmp_path, ids):
    run(capsys, "pick", ids["Cortex"])
    before = (tmp_path / "agenda.json").read_bytes()
    code, out, err = run(capsys, "pick", ids["Fluid"], "nosuch1")
    assert code == 1 and out == ""
    assert err == ("planner: Unknown talk id 'nosuch1' (find ids with planner talks or "
                   "planner pick --search); nothing was picked.\n")
    code, _, err = run(capsys, "unpick", ids["Cortex"], "nosuch1")
    assert code == 1 and "'nosuch1'" in err and "nothing was unpicked" in err
    assert (tmp_path / "agenda.json").read_bytes() == before


def test_a_schedule_given_where_an_id_belongs_gets_a_hint(capsys):
    code, _, err = run(capsys, "pick", PACIFIC)
    assert code == 1 and f"pass schedules with --schedule {PACIFIC}" in err


def test_pick_needs_ids_or_a_search(capsys):
    code, _, err = run(capsys, "pick")
    assert code == 2 and "Give talk ids, or --search WORDS" in err


def test_pick_by_search(capsys, tmp_path, ids):
    code, out, err = run(capsys, "pick", "--search", "recursive cortex")
    assert code == 0, err
    assert out.startswith(f"Picked {ids['Cortex']}")

    code, out, err = run(capsys, "pick", "--search", "compiler")
    assert code == 3
    listed = [line.split()[0] for line in out.splitlines()]
    assert ids["Cortex"] in listed and ids["CODE"] in listed and len(listed) >= 2
    assert "matches" in err and "nothing was picked" in err
    assert list(agenda_file(tmp_path)["picks"]) == [ids["Cortex"]]

    code, out, err = run(capsys, "pick", "--search", "no such words anywhere")
    assert code == 1 and "No talk" in err


def test_clashes_across_two_schedules_and_zones(capsys, ids):
    code, _, err = run(capsys, "pick", "-s", PACIFIC, "-s", BERLIN,
                       ids["Log-Structured"], ids["Congestion"], ids["Persistent"],
                       ids["Energy-aware"], ids["Tensor"])
    assert code == 0, err
    code, out, _ = run(capsys, "clashes", PACIFIC, BERLIN, "--format", "json")
    got = [(c["a"], c["b"], c["kind"], c["overlap_minutes"]) for c in json.loads(out)]
    assert got == [
        (ids["Log-Structured"], ids["Congestion"], "clash", 30),
        (ids["Log-Structured"], ids["Persistent"], "clash", 15),
        (ids["Congestion"], ids["Persistent"], "clash", 30),
        # Track B ends at 10:30 as the Berlin late poster starts: touching, no clash.
        (ids["Tensor"], ids["Energy-aware"], "possible", 20),
    ]
    assert set(json.loads(out)[0]) >= {"a", "b", "kind", "overlap_minutes"}
    code, out, _ = run(capsys, "clashes", PACIFIC, BERLIN, "--tz", "Europe/Berlin")
    assert out.startswith("3 clashes and 1 possible clash")
    assert "! clash    18:30–19:00 (30 min)" in out  # Track A x Track B, in Berlin time

    code, out, _ = run(capsys, "picks", PACIFIC, BERLIN, "--format", "json")
    by_id = {e["id"]: e for e in json.loads(out)}
    assert sorted(by_id[ids["Congestion"]]["clashes_with"]) == sorted(
        [ids["Log-Structured"], ids["Persistent"]])
    assert by_id[ids["Energy-aware"]]["start"] == "2021-04-06T10:30:00-07:00"


def test_reading_list_is_shown_apart_and_never_clashes(capsys, ids):
    run(capsys, "pick", "-s", READING, "-s", PACIFIC, ids["Software"], ids["Congestion"])
    code, out, _ = run(capsys, "picks", READING, PACIFIC)
    reading = out.split("Reading list (no time; never clashes)")[1]
    assert ids["Software"] in reading and "Software Engineering for Flight" in reading
    assert "1 timed pick, 1 to read" in out
    code, out, _ = run(capsys, "clashes", READING, PACIFIC, "--format", "json")
    assert json.loads(out) == []


def test_picks_of_a_schedule_not_loaded_stay_listed(capsys, ids):
    run(capsys, "pick", "-s", BERLIN, ids["Persistent"])
    code, out, _ = run(capsys, "picks")  # only the bundled schedules are loaded
    assert ids["Persistent"] in out and "not loaded" in out
    assert "vanished" not in out.lower()


def test_picks_by_day(capsys, ids):
    run(capsys, "pick", ids["Cortex"])
    code, out, _ = run(capsys, "picks", "--day", "tue", "--format", "json")
    assert [e["id"] for e in json.loads(out)] == [ids["Cortex"]]
    code, out, err = run(capsys, "picks", "--day", "2021-04-09")
    assert code == 1 and "Nothing is scheduled on 2021-04-09" in err


def test_busy_calendar_on_the_command_line(capsys, ids):
    run(capsys, "pick", ids["Directions"], ids["Cortex"])
    work = str(BUSY / "work-calendar.ics")
    code, out, err = run(capsys, "picks", "--busy", work, "--format", "json")
    assert code == 0, err
    by_id = {e["id"]: e for e in json.loads(out)}
    assert by_id[ids["Directions"]]["clashes_with"] == ["Team standup"]
    assert by_id[ids["Directions"]]["clashes"][0]["type"] == "busy"
    code, out, _ = run(capsys, "clashes", "--busy", work, "--format", "json")
    [clash] = json.loads(out)
    assert (clash["a"], clash["b"], clash["kind"], clash["overlap_minutes"]) == (
        ids["Directions"], "Team standup", "possible", 15)
    code, out, _ = run(capsys, "picks", "--busy", work, "--tz", "Europe/Berlin")
    assert "? may clash with busy: Team standup (15 min)" in out


def test_busy_add_list_remove(capsys, tmp_path, ids):
    cal = tmp_path / "work.ics"
    shutil.copy(BUSY / "work-calendar.ics", cal)
    code, out, err = run(capsys, "busy", "add", str(cal))
    assert code == 0, err
    assert out == f"Remembered {cal} (6 events)\n"
    assert agenda_file(tmp_path)["busy"] == [str(cal)]
    code, out, _ = run(capsys, "busy", "list")
    assert out == f"{cal}  (6 events)\n"

    run(capsys, "pick", ids["Directions"])
    code, out, _ = run(capsys, "clashes", "--format", "json")
    assert [c["b"] for c in json.loads(out)] == ["Team standup"]  # remembered, no --busy

    cal.unlink()  # the export was deleted: say so, and how to forget it
    code, _, err = run(capsys, "clashes")
    assert code == 1 and "does not exist" in err and f"planner busy remove {cal}" in err

    code, out, _ = run(capsys, "busy", "remove", str(cal))
    assert out == f"Forgot {cal}\n" and agenda_file(tmp_path)["busy"] == []
    code, _, err = run(capsys, "busy", "remove", str(cal))
    assert code == 1 and "is not one of the remembered busy calendars" in err


@pytest.mark.parametrize("name, words", [
    ("outlook-export.csv", "is not an iCalendar file"),
    ("nowhere.ics", "does not exist"),
])
def test_bad_busy_files_leave_the_agenda_unchanged(capsys, tmp_path, ids, name, words):
    run(capsys, "pick", ids["Cortex"])
    before = (tmp_path / "agenda.json").read_bytes()
    path = str(BUSY / name)
    for args in (["busy", "add", path], ["picks", "--busy", path], ["clashes", "--busy", path],
                 ["pick", ids["Fluid"], "--busy", path]):
        code, out, err = run(capsys, *args)
        assert code == 1 and out == "" and words in err
        assert err.count("\n") == 1 and err.startswith("planner: Busy calendar")
    assert (tmp_path / "agenda.json").read_bytes() == before


def test_an_unsafe_cache_folder_is_not_blamed_on_the_calendar(capsys, tmp_path, monkeypatch):
    cal = tmp_path / "work.ics"
    shutil.copy(BUSY / "work-calendar.ics", cal)
    run(capsys, "busy", "add", str(cal))
    shared = tmp_path / "shared-cache"
    shared.mkdir()
    shared.chmod(0o777)  # anybody could plant entries: planner refuses it
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(shared))
    code, out, err = run(capsys, "clashes", str(MLSYS2021))
    assert code == 1 and "will not use the cache folder" in err
    assert "remembered in your agenda" not in err and err.count("\n") == 1


def test_a_cut_off_download_is_a_warning_with_its_line(capsys, ids):
    run(capsys, "pick", ids["Cortex"])
    code, out, err = run(capsys, "clashes", "--busy", str(BUSY / "truncated.ics"))
    assert code == 0
    assert err == (f"planner: Busy calendar {BUSY / 'truncated.ics'}, line 4: event "
                   "'Half a download' is cut off (the file ends before its END:VEVENT); "
                   "it is left out.\n")


def test_garbled_event_is_a_warning_not_a_failure(capsys):
    code, out, err = run(capsys, "busy", "add", str(BUSY / "mixed.ics"))
    assert code == 0 and "(3 events)" in out
    assert "Garbled start" in err


def test_agenda_picked_prints_only_my_picks(capsys, ids):
    run(capsys, "pick", ids["Cortex"])
    code, out, err = run(capsys, "agenda", "--picked", "--day", "2021-04-06")
    assert code == 0, err
    assert "Cortex: A Compiler" in out and "ModularNAS" not in out
    assert "Opening Remarks" not in out
    code, out, _ = run(capsys, "agenda", "--day", "2021-04-06")
    assert "ModularNAS" in out


def test_timezone_is_remembered_and_used(capsys, tmp_path, ids):
    code, out, _ = run(capsys, "timezone")
    assert out.startswith("Not set")
    code, out, _ = run(capsys, "timezone", "Europe/Berlin")
    assert out == "Times are shown in Europe/Berlin.\n"
    assert agenda_file(tmp_path)["timezone"] == "Europe/Berlin"
    run(capsys, "pick", ids["Cortex"])
    code, out, _ = run(capsys, "picks", "--format", "json")
    assert json.loads(out)[0]["start"] == "2021-04-06T20:10:00+02:00"
    code, out, _ = run(capsys, "agenda", "--picked")
    assert "Times in Europe/Berlin" in out and "~20:10" in out
    code, _, err = run(capsys, "timezone", "Mars/Olympus")
    assert code == 1 and "Unknown time zone" in err
    run(capsys, "timezone", "--clear")
    assert agenda_file(tmp_path)["timezone"] is None


def test_talks_and_search_show_times_in_the_zone_set_with_planner_timezone(capsys, ids):
    # Cortex starts at 11:10 in Los Angeles: 20:10 in Berlin (both estimated, hence ~).
    run(capsys, "timezone", "Europe/Berlin")
    code, out, err = run(capsys, "talks", "--format", "json")
    assert code == 0, err
    cortex = next(e for e in json.loads(out) if e["id"] == ids["Cortex"])
    assert cortex["start"] == "2021-04-06T20:10:00+02:00"
    code, out, _ = run(capsys, "talks")
    assert out.startswith("Times in Europe/Berlin")
    code, out, _ = run(capsys, "search", "Cortex")
    assert code == 0 and "Tue 6 Apr ~20:10" in out
    code, out, _ = run(capsys, "talks", "--tz", "UTC")  # --tz still wins
    assert out.startswith("Times in UTC")


def test_agenda_option_overrides_the_environment(capsys, tmp_path, ids):
    other = tmp_path / "elsewhere" / "mine.json"
    code, _, _ = run(capsys, "pick", "--agenda", str(other), ids["Cortex"])
    assert code == 0 and other.is_file() and not (tmp_path / "agenda.json").exists()
    code, out, _ = run(capsys, "picks", "--agenda", str(other), "--format", "json")
    assert [e["id"] for e in json.loads(out)] == [ids["Cortex"]]
    code, out, _ = run(capsys, "agenda", "--picked", "--agenda", str(other))
    assert "Cortex" in out
    # export and sync read the same agenda: its picks, and its export state kept there
    code, out, err = run(capsys, "export", "--agenda", str(other), "-o", "-")
    assert code == 0, err
    assert out.count("BEGIN:VEVENT") == 1 and "Cortex: A Compiler" in out
    assert "exports" in json.loads(other.read_text(encoding="utf-8"))
    vdir = tmp_path / "vdir"
    vdir.mkdir()
    code, _, err = run(capsys, "sync", "--agenda", str(other), "--vdir", str(vdir))
    assert code == 0, err
    assert len(list(vdir.glob("*.ics"))) == 1
    assert not (tmp_path / "agenda.json").exists()


def test_corrupt_agenda_through_the_real_command(tmp_path):
    path = tmp_path / "agenda.json"
    path.write_text('{"version": 1, "picks": {', encoding="utf-8")
    env = {**os.environ, "PLANNER_AGENDA": str(path)}
    done = subprocess.run([sys.executable, "-m", "planner", "picks"], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    aside = tmp_path / "agenda.json.corrupt-20261122T120000Z"
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith(f"planner: The agenda file {path} was unusable")
    assert f"moved to {aside}" in done.stderr and done.stderr.count("\n") == 1
    assert aside.read_text(encoding="utf-8") == '{"version": 1, "picks": {'
    again = subprocess.run([sys.executable, "-m", "planner", "picks"], cwd=ROOT, env=env,
                           capture_output=True, text=True)
    assert again.returncode == 0 and again.stdout.startswith("No picks yet")


def test_every_command_has_help(capsys):
    for args in (["pick"], ["unpick"], ["picks"], ["clashes"], ["busy"], ["busy", "add"],
                 ["busy", "remove"], ["busy", "list"], ["timezone"]):
        code, out, _ = run(capsys, *args, "--help")
        assert code == 0 and "Usage: planner" in out, args
