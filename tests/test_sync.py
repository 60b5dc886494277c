"""`planner sync` against a real Radicale server on 127.0.0.1 and a vdir khal reads.

Radicale runs as a subprocess with its own storage folder and an htpasswd user; what
it stores is read back with the caldav library and from its folder on disk.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from datetime import timezone
from pathlib import Path

import pytest
from icalendar import Calendar

from planner.picks.store import AgendaStore
from planner.cli import main
from planner.ics import event_uid
from planner.loader import load_schedule
from planner.sync import sync_config_path

from .conftest import MLSYS2021
from .test_ics_khal import KHAL, khal, moved_copy  # noqa: F401  (the khal fixture)

UTC = timezone.utc
BEFORE_MLSYS = "2021-03-30T08:00:00+00:00"
PASSWORD = "s3cret pass"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def radicale(tmp_path):
    """A Radicale server on 127.0.0.1 with user `ann`; yields (base URL, storage folder)."""
    folder = tmp_path / "radicale"
    folder.mkdir()
    (folder / "users").write_text(f"ann:{PASSWORD}\n", encoding="utf-8")
    port = free_port()
    config = folder / "config"
    config.write_text(f"""\
[server]
hosts = 127.0.0.1:{port}
[auth]
type = htpasswd
htpasswd_filename = {folder / "users"}
htpasswd_encryption = plain
[storage]
filesystem_folder = {folder / "collections"}
[rights]
type = owner_only
[logging]
level = warning
""", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "radicale", "--config", str(config)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Radicale did not start: {proc.stderr.read()!r}")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/", folder / "collections"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def server_events(url: str) -> dict[str, Calendar]:
    """UID -> the stored event, read with the caldav library as another client would."""
    import caldav

    client = caldav.DAVClient(url=url, username="ann", password=PASSWORD, require_tls=False,
                              enable_rfc6764=False)
    calendars = client.principal().calendars()
    assert [c.get_display_name() for c in calendars] == ["Conference"]
    out = {}
    for obj in calendars[0].get_events():
        cal = Calendar.from_ical(obj.data)
        (event,) = cal.walk("VEVENT")
        assert str(event["UID"]) not in out  # never two objects for one talk
        out[str(event["UID"])] = event
    return out


def stored_files(storage: Path) -> list[Path]:
    return sorted(p for p in storage.rglob("*.ics") if ".Radicale" not in str(p))


def sync(*args: str) -> int:
    return main(["sync", *args])


def test_sync_creates_updates_deletes_and_never_duplicates(radicale, tmp_path, monkeypatch,
                                                           capsys):
    url, storage = radicale
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    monkeypatch.setenv("PLANNER_CALDAV_PASSWORD", PASSWORD)
    schedule = load_schedule(MLSYS2021)
    session1 = next(s for s in schedule.sessions if s.title.startswith("Oral: Session 1:"))
    other = next(s for s in schedule.sessions if s is not session1 and s.talks)
    picks = [session1.talks[0], session1.talks[1], other.talks[0]]
    AgendaStore().pick([schedule], [t.id for t in picks])
    uids = {event_uid(schedule, t) for t in picks}

    assert sync(str(MLSYS2021), "--caldav", url, "--user", "ann", "--calendar", "Conference") == 0
    assert "3 created" in capsys.readouterr().err
    first = server_events(url)
    assert set(first) == uids and len(stored_files(storage)) == 3
    for t in picks:
        assert first[event_uid(schedule, t)].decoded("DTSTART").astimezone(UTC) == t.start

    # The target is remembered without the password.
    remembered = json.loads(sync_config_path().read_text(encoding="utf-8"))
    assert remembered["location"] == url and remembered["username"] == "ann"
    assert PASSWORD not in sync_config_path().read_text(encoding="utf-8")

    assert sync(str(MLSYS2021)) == 0  # plain `planner sync`: the remembered target
    assert "3 unchanged" in capsys.readouterr().err
    assert len(stored_files(storage)) == 3

    # The program moves Session 1 by half an hour: updated in place, SEQUENCE raised.
    moved_path = moved_copy(tmp_path)
    moved = load_schedule(moved_path)
    monkeypatch.setenv("PLANNER_NOW", "2021-03-31T08:00:00+00:00")
    assert sync(str(moved_path)) == 0
    assert "2 updated, 1 unchanged" in capsys.readouterr().err
    second = server_events(url)
    assert set(second) == uids and len(stored_files(storage)) == 3
    moved_talk = next(t for t in moved.talks() if t.id == session1.talks[0].id)
    uid = event_uid(schedule, session1.talks[0])
    assert second[uid].decoded("DTSTART").astimezone(UTC) == moved_talk.start
    assert int(second[uid]["SEQUENCE"]) > int(first[uid]["SEQUENCE"])

    # Unpicked: deleted from the server, and only that one.
    AgendaStore().unpick([other.talks[0].id])
    assert sync(str(moved_path)) == 0
    assert "1 deleted" in capsys.readouterr().err
    assert set(server_events(url)) == uids - {event_uid(schedule, other.talks[0])}
    assert len(stored_files(storage)) == 2

    # The agenda is lost and the talks picked again: found on the server by UID, not re-added.
    Path(AgendaStore().target).unlink()
    AgendaStore().pick([moved], [session1.talks[0].id, session1.talks[1].id])
    assert sync(str(moved_path)) == 0
    assert "created" not in capsys.readouterr().err
    assert len(server_events(url)) == 2 and len(stored_files(storage)) == 2


def test_cancel_instead_of_delete_and_a_password_command(radicale, monkeypatch, capsys):
    url, _ = radicale
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    monkeypatch.delenv("PLANNER_CALDAV_PASSWORD", raising=False)
    schedule = load_schedule(MLSYS2021)
    a, b = [t for t in schedule.talks() if t.timed][:2]
    AgendaStore().pick([schedule], [a.id, b.id])
    command = f"{sys.executable} -c \"print('{PASSWORD}')\""
    assert sync(str(MLSYS2021), "--caldav", url, "--user", "ann", "--calendar", "Conference",
                "--password-command", command, "--unpicked", "cancel") == 0
    AgendaStore().unpick([b.id])
    capsys.readouterr()
    assert sync(str(MLSYS2021)) == 0
    assert "1 cancelled" in capsys.readouterr().err
    events = server_events(url)
    assert {u: str(e.get("STATUS")) for u, e in events.items()} == {
        event_uid(schedule, a): "CONFIRMED", event_uid(schedule, b): "CANCELLED"}


def test_a_wrong_password_is_one_sentence(radicale, monkeypatch, capsys):
    url, _ = radicale
    monkeypatch.setenv("PLANNER_CALDAV_PASSWORD", "wrong")
    schedule = load_schedule(MLSYS2021)
    AgendaStore().pick([schedule], [next(t for t in schedule.talks() if t.timed).id])
    assert sync(str(MLSYS2021), "--caldav", url, "--user", "ann", "--calendar", "X") != 0
    err = capsys.readouterr().err
    assert "refused the user name or password" in err and "Traceback" not in err
    assert not sync_config_path().exists()  # a target that failed is not remembered


def test_a_server_that_does_not_answer_is_one_sentence(capsys, monkeypatch):
    monkeypatch.setenv("PLANNER_CALDAV_PASSWORD", PASSWORD)
    schedule = load_schedule(MLSYS2021)
    AgendaStore().pick([schedule], [next(t for t in schedule.talks() if t.timed).id])
    url = f"http://127.0.0.1:{free_port()}/cal/"  # nothing listens there
    assert sync(str(MLSYS2021), "--caldav", url, "--user", "ann") != 0
    err = capsys.readouterr().err
    assert f"Cannot reach the CalDAV server at {url}" in err and "Traceback" not in err


def test_a_password_is_never_sent_in_clear_text_to_another_host(capsys):
    assert sync(str(MLSYS2021), "--caldav", "http://dav.example.org/cal/", "--user", "ann") != 0
    assert "clear text" in capsys.readouterr().err


@pytest.mark.skipif(not KHAL.exists(), reason="khal is not installed in this venv")
def test_vdir_sync_is_read_by_khal(khal, tmp_path, monkeypatch, capsys):  # noqa: F811
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    schedule = load_schedule(MLSYS2021)
    session1 = next(s for s in schedule.sessions if s.title.startswith("Oral: Session 1:"))
    a, b, c = session1.talks[:3]
    AgendaStore().pick([schedule], [a.id, b.id, c.id])
    assert sync(str(MLSYS2021), "--vdir", str(khal.vdir), "--unpicked", "cancel") == 0
    assert khal.stored_files() == sorted(f"{event_uid(schedule, t)}.ics" for t in (a, b, c))
    shown = {e["uid"]: e for e in khal.events()}
    assert set(shown) == {event_uid(schedule, t) for t in (a, b, c)}
    berlin_a = shown[event_uid(schedule, a)]["start"]
    assert berlin_a == "2021-04-06T18:30"

    moved_path = moved_copy(tmp_path)
    AgendaStore().unpick([c.id])
    monkeypatch.setenv("PLANNER_NOW", "2021-03-31T08:00:00+00:00")
    capsys.readouterr()
    assert sync(str(moved_path)) == 0
    assert "2 updated, 1 cancelled" in capsys.readouterr().err
    assert len(khal.stored_files()) == 3  # updated in place: no second file for a talk
    out = khal.run("list", "--once", "--json", "uid", "--json", "start", "--json", "status",
                   "2021-04-05", "2021-04-12")
    seen = {e["uid"]: e for line in out.splitlines() if line.strip() for e in json.loads(line)}
    assert seen[event_uid(schedule, a)]["start"] == "2021-04-06T19:00"  # moved half an hour
    assert seen[event_uid(schedule, c)]["status"] == "CANCELLED"
    assert seen[event_uid(schedule, a)]["status"] == "CONFIRMED"
    # A file someone else put there is left alone.
    (khal.vdir / "mine.ics").write_bytes(
        b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:mine\r\n"
        b"DTSTAMP:20210101T000000Z\r\nDTSTART:20210407T100000Z\r\nSUMMARY:Mine\r\n"
        b"END:VEVENT\r\nEND:VCALENDAR\r\n")
    assert sync(str(moved_path)) == 0
    assert (khal.vdir / "mine.ics").exists()


def test_a_missing_vdir_folder_is_one_sentence(tmp_path, capsys):
    schedule = load_schedule(MLSYS2021)
    AgendaStore().pick([schedule], [next(t for t in schedule.talks() if t.timed).id])
    assert sync(str(MLSYS2021), "--vdir", str(tmp_path / "nope")) != 0
    assert "is not a folder" in capsys.readouterr().err


def test_no_target_yet_is_one_sentence(capsys):
    assert sync(str(MLSYS2021)) != 0
    assert "No sync target yet" in capsys.readouterr().err
