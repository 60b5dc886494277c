"""The agenda file: round trips, safe writes, corrupt and too-new files, kills and races."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from planner.errors import PlannerError
from planner.loader import load_schedules
from planner.locations import agenda_path as default_agenda_path
from planner.picks.resolve import resolve_picks
from planner.picks.store import (
    AGENDA_VERSION,
    Agenda,
    AgendaStore,
    Pick,
    parse_agenda,
    stored_timezone,
)

from .conftest import DATA, MLSYS2021, ROOT

PACIFIC = DATA / "picks" / "pacific.txt"
BERLIN = DATA / "picks" / "berlin.txt"
READING = DATA / "picks" / "reading.txt"


@pytest.fixture(scope="module")
def schedules():
    return load_schedules([str(MLSYS2021), str(PACIFIC), str(BERLIN), str(READING)])


def talk_id(schedules, title_start: str) -> str:
    hits = [t.id for s in schedules for t in s.talks() if t.title.startswith(title_start)]
    assert len(hits) == 1, hits
    return hits[0]


# -- paths ------------------------------------------------------------------------

def test_default_path_follows_env_then_xdg(tmp_path, monkeypatch):
    assert default_agenda_path() == tmp_path / "agenda.json"  # conftest sets PLANNER_AGENDA
    monkeypatch.delenv("PLANNER_AGENDA")
    assert default_agenda_path() == tmp_path / "xdg-data" / "planner" / "agenda.json"


def test_store_without_path_uses_the_env_file(tmp_path, schedules):
    AgendaStore().pick(schedules, [talk_id(schedules, "Cortex")])
    assert (tmp_path / "agenda.json").is_file()


# -- round trips ------------------------------------------------------------------

def test_missing_file_is_an_empty_agenda(tmp_path):
    agenda = AgendaStore(tmp_path / "none" / "agenda.json").load()
    assert agenda.picks == {} and agenda.busy == [] and agenda.version == AGENDA_VERSION


def test_pick_unpick_round_trip(tmp_path, schedules):
    store = AgendaStore(tmp_path / "a.json")
    cortex, flight = talk_id(schedules, "Cortex"), talk_id(schedules, "Software Engineering")
    outcome = store.pick(schedules, [cortex, flight.upper(), cortex])
    assert outcome.added == [cortex, flight] and outcome.already == []
    assert store.pick(schedules, [cortex]).already == [cortex]

    again = AgendaStore(tmp_path / "a.json").load()
    assert set(again.picks) == {cortex, flight}
    pick = again.picks[cortex]
    assert pick.title.startswith("Cortex") and pick.schedule == "MLSys 2021"
    assert pick.start is not None and pick.start.utcoffset().total_seconds() == -7 * 3600
    assert again.picks[flight].start is None  # a reading-list pick

    removed = store.unpick([cortex])
    assert list(removed) == [cortex] and removed[cortex].title.startswith("Cortex")
    assert set(store.load().picks) == {flight}


def test_unknown_ids_pick_nothing_and_name_them(tmp_path, schedules):
    store = AgendaStore(tmp_path / "a.json")
    cortex = talk_id(schedules, "Cortex")
    with pytest.raises(PlannerError, match=r"'nope1'.*'nope2'.*nothing was picked"):
        store.pick(schedules, [cortex, "nope1", "nope2"])
    assert not (tmp_path / "a.json").exists()
    store.pick(schedules, [cortex])
    with pytest.raises(PlannerError, match=r"'zzz'.*nothing was unpicked"):
        store.unpick([cortex, "zzz"])
    assert set(store.load().picks) == {cortex}


def test_file_is_versioned_readable_json_and_keeps_unknown_state(tmp_path, schedules):
    path = tmp_path / "a.json"
    store = AgendaStore(path)
    cortex = talk_id(schedules, "Cortex")
    store.pick(schedules, [cortex])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == AGENDA_VERSION
    assert data["picks"][cortex]["start"] == "2021-04-06T11:10:00-07:00"
    assert path.read_text(encoding="utf-8").count("\n") > 10  # indented for humans

    # Export state belongs to planner.ics, and a field from a newer minor release
    # belongs to someone else too: both survive every write untouched.
    data["exports"] = {cortex: {"sequence": 3, "hash": "abc"}}
    data["future_field"] = {"x": [1, 2]}
    path.write_text(json.dumps(data), encoding="utf-8")
    store.set_timezone("Europe/Berlin")
    store.unpick([cortex])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["exports"] == {cortex: {"sequence": 3, "hash": "abc"}}
    assert data["future_field"] == {"x": [1, 2]}
    assert data["timezone"] == "Europe/Berlin" and stored_timezone(path) == "Europe/Berlin"


def test_set_timezone_rejects_unknown_zone(tmp_path):
    with pytest.raises(PlannerError, match="Unknown time zone"):
        AgendaStore(tmp_path / "a.json").set_timezone("Mars/Olympus")
    assert not (tmp_path / "a.json").exists()


def test_update_that_raises_writes_nothing(tmp_path, schedules):
    path = tmp_path / "a.json"
    store = AgendaStore(path)
    store.pick(schedules, [talk_id(schedules, "Cortex")])
    before = path.read_bytes()

    def half_done(agenda: Agenda) -> None:
        agenda.picks.clear()
        raise PlannerError("changed my mind")

    with pytest.raises(PlannerError):
        store.update(half_done)
    assert path.read_bytes() == before


def test_nested_update_is_refused_rather_than_deadlocking(tmp_path):
    store = AgendaStore(tmp_path / "a.json")
    other = AgendaStore(tmp_path / "a.json")
    with pytest.raises(RuntimeError, match="inside another"):
        store.update(lambda agenda: other.update(lambda inner: None))
    store.update(lambda agenda: None)  # the lock was released


def test_write_leaves_no_temporary_and_keeps_a_symlink(tmp_path, schedules):
    real = tmp_path / "dotfiles" / "agenda.json"
    real.parent.mkdir()
    link = tmp_path / "agenda-link.json"
    link.symlink_to(real)
    store = AgendaStore(link)
    store.pick(schedules, [talk_id(schedules, "Cortex")])
    assert link.is_symlink() and real.is_file()
    leftovers = [p.name for p in real.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_stale_temporaries_from_a_killed_writer_are_cleaned(tmp_path, schedules):
    path = tmp_path / "a.json"
    stale = tmp_path / ".a.json.k1ll3d.tmp"
    stale.write_text('{"version": 1, "pi', encoding="utf-8")
    AgendaStore(path).pick(schedules, [talk_id(schedules, "Cortex")])
    assert not stale.exists()


def test_resolve_picks_tells_vanished_from_not_loaded(tmp_path, schedules):
    store = AgendaStore(tmp_path / "a.json")
    cortex = talk_id(schedules, "Cortex")
    store.pick(schedules, [cortex])

    def add(agenda: Agenda) -> None:
        agenda.picks["gone123"] = Pick(title="A Withdrawn Paper", schedule="MLSys 2021")
        agenda.picks["else12"] = Pick(title="Elsewhere", schedule="Other Conf 2020")

    store.update(add)
    only_mlsys = [s for s in schedules if s.label == "MLSys 2021"]
    status = {r.id: r.status for r in resolve_picks(only_mlsys, store.load())}
    assert status == {cortex: "scheduled", "gone123": "vanished", "else12": "not-loaded"}


# -- unusable files -----------------------------------------------------------------

DEEP = 100_000  # levels of nesting: past any recursion limit


@pytest.mark.parametrize("content, reason", [
    (b'{"version": 1, "picks": {"abc": {"tit', "not valid JSON"),
    (b'{\n  "vers', "not valid JSON"),
    (b'{"picks": {}}', "no valid format version"),
    (b'{"version": "1"}', "no valid format version"),
    (b'{"version": 1, "picks": {"abc": {"schedule": "x"}}}', "picks.abc.title"),
    (b"", "not valid JSON"),
    (b'{"version": 1, "picks": ' + b"[" * DEEP + b"]" * DEEP + b"}", "nests deeper"),
    (b'{"version": 1, "picks": {}, "n": ' + b"9" * 5000 + b"}", "number too long"),
], ids=["truncated", "cut-early", "no-version", "string-version", "no-title", "empty",
        "deep", "long-integer"])
def test_corrupt_file_is_moved_aside_with_one_sentence(tmp_path, content, reason):
    path = tmp_path / "agenda.json"
    path.write_bytes(content)
    store = AgendaStore(path)
    with pytest.raises(PlannerError) as info:
        store.load()
    message = info.value.message
    aside = tmp_path / "agenda.json.corrupt-20261122T120000Z"
    assert aside.read_bytes() == content  # kept byte for byte, never overwritten
    assert not path.exists()
    assert reason in message and str(aside) in message and "move it back" in message
    assert message.count(". ") == 0 and message.endswith(".")  # one sentence
    assert store.load().picks == {}  # and planner carries on with a new agenda


@pytest.mark.parametrize("content", [
    b"Oral: Session 1: Search and Devices Tue 6 Apr 09:30 a.m.\n",  # --agenda program.txt
    b"[1, 2, 3]\n",
    b'{"name": "someone else\'s settings"}',
    b"\xff\xfe\x00{",
    b"[" * DEEP + b"]" * DEEP,
], ids=["program-text", "json-list", "foreign-json", "binary", "deep-list"])
def test_a_file_that_is_no_agenda_is_refused_untouched(tmp_path, schedules, content):
    path = tmp_path / "program.txt"
    path.write_bytes(content)
    store = AgendaStore(path)
    for attempt in (store.load, lambda: store.pick(schedules, [talk_id(schedules, "Cortex")])):
        with pytest.raises(PlannerError, match="not a planner agenda.*left it untouched") as info:
            attempt()
        assert info.value.message.count(". ") == 0
    assert path.read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["program.txt"]  # no lock file beside it


def test_second_corruption_does_not_overwrite_the_first(tmp_path, schedules):
    path = tmp_path / "agenda.json"
    store = AgendaStore(path)
    for junk in (b'{"version": 1, "picks": {"a', b'{"version": 1, "pi'):
        path.write_bytes(junk)
        with pytest.raises(PlannerError):
            store.pick(schedules, [talk_id(schedules, "Cortex")])
    kept = sorted(p.read_bytes() for p in tmp_path.glob("agenda.json.corrupt-*"))
    assert kept == [b'{"version": 1, "pi', b'{"version": 1, "picks": {"a']


def test_agenda_from_a_newer_planner_is_refused_untouched(tmp_path, schedules):
    path = tmp_path / "agenda.json"
    content = json.dumps({"version": AGENDA_VERSION + 1, "picks": {"x": "new shape"}}).encode()
    path.write_bytes(content)
    store = AgendaStore(path)
    for attempt in (store.load, lambda: store.pick(schedules, [talk_id(schedules, "Cortex")])):
        with pytest.raises(PlannerError, match="newer planner.*left untouched"):
            attempt()
    assert path.read_bytes() == content
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_agenda_path_that_is_a_directory(tmp_path):
    with pytest.raises(PlannerError, match="is a directory"):
        AgendaStore(tmp_path).load()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_agenda_is_left_untouched(tmp_path):
    path = tmp_path / "agenda.json"
    path.write_text('{"version": 1}', encoding="utf-8")
    path.chmod(0)
    with pytest.raises(PlannerError, match="permission denied.*left it untouched"):
        AgendaStore(path).load()
    assert list(tmp_path.glob("agenda.json.corrupt-*")) == []
    assert path.exists()


def test_a_read_only_agenda_is_read_but_not_replaced(tmp_path, schedules):
    path = tmp_path / "agenda.json"
    store = AgendaStore(path)
    store.pick(schedules, [talk_id(schedules, "Cortex")])
    before = path.read_bytes()
    path.chmod(0o444)
    assert len(store.load().picks) == 1
    with pytest.raises(PlannerError, match="read-only.*chmod u\\+w"):
        store.pick(schedules, [talk_id(schedules, "Fluid")])
    assert path.read_bytes() == before and oct(path.stat().st_mode & 0o777) == "0o444"


def test_a_new_agenda_is_private_and_a_replaced_one_keeps_its_mode(tmp_path, schedules):
    path = tmp_path / "agenda.json"
    store = AgendaStore(path)
    store.pick(schedules, [talk_id(schedules, "Cortex")])
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    path.chmod(0o640)
    store.pick(schedules, [talk_id(schedules, "Fluid")])
    assert oct(path.stat().st_mode & 0o777) == "0o640"


def test_parse_agenda_accepts_what_serialize_writes(tmp_path, schedules):
    path = tmp_path / "a.json"
    AgendaStore(path).pick(schedules, [talk_id(schedules, "Cortex")])
    agenda = parse_agenda(path.read_bytes(), path)
    assert len(agenda.picks) == 1


# -- kill -9 and concurrent writers -------------------------------------------------

_WRITER = textwrap.dedent("""
    import sys
    from planner.picks.store import AgendaStore, Pick

    store = AgendaStore(sys.argv[1])
    prefix, count = sys.argv[2], int(sys.argv[3])
    go = sys.argv[4] if len(sys.argv) > 4 else None

    def add(n):
        def apply(agenda):
            agenda.picks[f"{prefix}{n:05d}"] = Pick(title=f"Talk {n}", schedule="Bench 2030")
        return apply

    # Alone, continue numbering where the last (killed) writer stopped.
    start = 0 if go else len(store.load().picks)
    print("ready", flush=True)
    if go:
        import os, time
        while not os.path.exists(go):
            time.sleep(0.001)
    for n in range(start, start + count):
        store.update(add(n))
""")


def _writer(tmp_path: Path, *args: str) -> subprocess.Popen:
    script = tmp_path / "writer.py"
    script.write_text(_WRITER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, str(script), *args], env=env,
                            stdout=subprocess.PIPE, text=True)


# Forks writers from one process that has already imported planner, so a hundred
# kills take seconds, not a hundred interpreter start-ups.  Each child saves in a
# tight loop and reports its pid after its first save; the test kills it with SIGKILL.
_SPAWNER = textwrap.dedent("""
    import os, sys
    import filelock  # imported once here, not in every child
    from planner.picks.store import AgendaStore, Pick

    path = sys.argv[1]
    for line in sys.stdin:
        pid = os.fork()
        if pid == 0:
            store = AgendaStore(path)
            n = len(store.load().picks)
            told = False
            while True:
                def apply(agenda, n=n):
                    agenda.picks[f"p{n:05d}"] = Pick(title=f"Talk {n}", schedule="Bench 2030")
                store.update(apply)
                if not told:
                    print(f"ready {os.getpid()}", flush=True)
                    told = True
                n += 1
        _, status = os.waitpid(pid, 0)
        print(f"dead {os.waitstatus_to_exitcode(status)}", flush=True)
""")


def test_sigkill_in_a_tight_save_loop_never_breaks_the_agenda(tmp_path):
    """100 writers killed at random moments: each time the file is the old or the new one."""
    path = tmp_path / "agenda.json"
    script = tmp_path / "spawner.py"
    script.write_text(_SPAWNER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    spawner = subprocess.Popen([sys.executable, str(script), str(path)], env=env, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert spawner.stdin is not None and spawner.stdout is not None
    rng = random.Random(4)
    previous = 0
    try:
        for _ in range(100):
            spawner.stdin.write("go\n")
            spawner.stdin.flush()
            word, pid = spawner.stdout.readline().split()
            assert word == "ready"
            time.sleep(rng.uniform(0.0, 0.04))  # lands anywhere in the save loop
            os.kill(int(pid), signal.SIGKILL)
            assert spawner.stdout.readline() == f"dead {-signal.SIGKILL}\n"
            agenda = parse_agenda(path.read_bytes(), path)
            ids = sorted(agenda.picks)
            # Each save adds the next number, so a whole file holds exactly
            # p00000..p(n-1), and never fewer than before this kill.
            assert ids == [f"p{n:05d}" for n in range(len(ids))]
            assert len(ids) > previous
            previous = len(ids)
    finally:
        spawner.stdin.close()
        spawner.wait(timeout=30)
    assert list(tmp_path.glob("agenda.json.corrupt-*")) == []
    AgendaStore(path).update(lambda agenda: None)  # the next writer sweeps up temporaries
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_two_processes_picking_at_once_lose_nothing(tmp_path):
    path = tmp_path / "agenda.json"
    go = tmp_path / "go"
    procs = [_writer(tmp_path, str(path), prefix, "200", str(go)) for prefix in ("a", "b")]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    go.touch()
    for proc in procs:
        assert proc.wait(timeout=300) == 0
    picks = AgendaStore(path).load().picks
    assert len(picks) == 400
    assert {p for p in picks if p.startswith("a")} == {f"a{n:05d}" for n in range(200)}
    assert {p for p in picks if p.startswith("b")} == {f"b{n:05d}" for n in range(200)}
