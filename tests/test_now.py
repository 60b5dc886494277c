"""planner now: what is on now and next, my picks first, in my zone, with rooms; the
timetable it reads from the cache folder; natural order of rooms."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

from planner.loader import LoadOptions, load_schedule
from planner.natural import natural_key
from planner.now import now_and_next
from planner.timetable import of_schedule, timetables

from .conftest import DATA
from .test_levels_notes import TWO_TRACK
from .test_picks_cli import run

FOSDEM = DATA / "frab-xml" / "fosdem2024-excerpt.xml"
NY = ZoneInfo("America/New_York")


def at(text: str, zone: ZoneInfo = NY) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=zone).timestamp()


def titles(entries) -> list[str]:
    return [e.slot.title for e in entries]


def test_natural_order_puts_track_2_before_track_10():
    labels = ["Track 10", "Track 2", "track 1", "Room B.12", "Room B.2", "", "Aula"]
    assert sorted(labels, key=natural_key) == [
        "Aula", "Room B.2", "Room B.12", "track 1", "Track 2", "Track 10", ""]


def test_now_and_next_with_picks_first():
    table = of_schedule(load_schedule(TWO_TRACK))
    ids = {s.title.split()[0]: s.id for s in table.slots}
    picks = {ids["A"]: ("must", ""), ids["Autotuning"]: ("maybe", "door")}
    found = now_and_next([table], at("2024-06-03T09:10"), picks)
    # The compiler talk is picked: it comes before the parallel one that is not.
    assert titles(found.now) == ["A Compiler for Tiny Devices", "Sparse Attention at Scale"]
    assert [e.level for e in found.now] == ["must", None]
    assert titles(found.next) == ["Autotuning Kernels Quickly", "Pruning Without Tears"]
    assert found.next[0].note == "door"
    # A talk ending at 09:30 is not on at 09:30; the next slot is 13:00.
    found = now_and_next([table], at("2024-06-03T09:30"), picks)
    assert titles(found.now) == ["Autotuning Kernels Quickly", "Pruning Without Tears"]
    assert titles(found.next) == ["Checkpointing Large Models"]


def test_only_picks_shows_my_next_pick_however_far():
    table = of_schedule(load_schedule(TWO_TRACK))
    ids = {s.title.split()[0]: s.id for s in table.slots}
    found = now_and_next([table], at("2024-06-03T09:10"), {ids["Software"]: ("must", "")},
                         only_picks=True)
    assert found.now == [] and titles(found.next) == ["Software Engineering for Learning Systems"]


def test_rooms_come_from_the_talk_or_its_session():
    table = of_schedule(load_schedule(FOSDEM))
    assert table.slots and all(s.room for s in table.slots)
    assert [s.start for s in table.slots] == sorted(s.start for s in table.slots)


def test_planner_now_prints_picks_first_with_rooms_in_my_zone(capsys):
    talks = {s.title: s for s in of_schedule(load_schedule(FOSDEM)).slots}
    first = min(talks.values(), key=lambda s: s.start)
    parallel = sorted((s for s in talks.values() if s.start == first.start),
                      key=lambda s: natural_key(s.room))
    mine = parallel[-1]
    assert run(capsys, "pick", "-s", str(FOSDEM), mine.id)[0] == 0
    assert run(capsys, "timezone", "Asia/Tokyo")[0] == 0
    when = datetime.fromtimestamp(first.start + 60, ZoneInfo("Asia/Tokyo"))
    code, out, err = run(capsys, "now", str(FOSDEM), "--at", when.strftime("%Y-%m-%dT%H:%M"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"Now: {when:%a} {when.day} {when:%b} {when:%H:%M} Asia/Tokyo.")
    on_now = lines[lines.index(next(x for x in lines if x.startswith("On now"))) + 1:]
    assert on_now[0].startswith(f"  ● {when:%H}:{datetime.fromtimestamp(first.start, when.tzinfo):%M}")
    assert mine.title[:30] in on_now[0] and mine.room in on_now[0]
    # The rest follow in natural room order.
    rest = [p for p in parallel if p is not mine]
    assert rest[0].room in on_now[1]

    code, out, _ = run(capsys, "now", str(FOSDEM), "--at", when.isoformat(), "--format", "json")
    data = json.loads(out)
    assert data["timezone"] == "Asia/Tokyo" and data["now"][0]["id"] == mine.id
    assert data["now"][0]["level"] == "must" and data["now"][0]["room"] == mine.room
    assert data["now"][0]["start"].endswith("+09:00")


def test_planner_now_before_and_after_the_conference(capsys):
    code, out, _ = run(capsys, "now", str(TWO_TRACK), "--at", "2024-06-01T09:00")
    assert "Nothing is on yet: the schedules start Mon 3 Jun 09:00." in out
    assert "Next (Mon 3 Jun 09:00)" in out and "Sparse Attention at Scale" in out
    code, out, _ = run(capsys, "now", str(TWO_TRACK), "--at", "2024-06-09T09:00")
    assert "Nothing is on: the schedules ended Tue 4 Jun 11:00." in out and "Next" not in out
    code, out, err = run(capsys, "now", str(TWO_TRACK), "--at", "soon")
    assert code != 0 and out == "" and err.startswith("planner: Unknown time 'soon' for --at")


def test_timetable_is_kept_and_a_damaged_one_is_made_again(tmp_path, monkeypatch):
    import os
    import shutil
    import time

    program = tmp_path / "two-track.txt"
    shutil.copy(TWO_TRACK, program)
    shutil.copy(TWO_TRACK.with_suffix(".toml"), program.with_suffix(".toml"))
    old = time.time() - 10  # settled: its times can show the next change
    for p in (program, program.with_suffix(".toml")):
        os.utime(p, (old, old))
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("planner.cache.settled", lambda signature: True)
    made = timetables([program], LoadOptions())[0]
    kept = list((tmp_path / "cache").glob("*.timetable"))
    assert len(kept) == 1
    import planner.timetable

    load = planner.timetable._load
    monkeypatch.setattr("planner.timetable._load", lambda *a: (_ for _ in ()).throw(
        AssertionError("parsed although the timetable was kept")))
    assert timetables([program], LoadOptions())[0].slots == made.slots
    data = bytearray(kept[0].read_bytes())
    data[-5] ^= 0x01  # same length, other bytes: the checksum catches it
    kept[0].write_bytes(bytes(data))
    monkeypatch.setattr("planner.timetable._load", load)
    assert timetables([program], LoadOptions())[0].slots == made.slots
