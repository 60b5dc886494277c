"""Ids from the source: a talk whose title is corrected keeps its id, its pick and its
calendar UID; an identifier several events share falls back to title-based ids."""

from __future__ import annotations

import icalendar
import pytest

from planner.ids import conference_key, talk_id
from planner.loader import load_schedule

from .conftest import DATA
from .conftest import run_cli as run

FOSDEM = DATA / "frab-xml" / "fosdem2024-excerpt.xml"
CAMP = DATA / "schedule-json" / "frab-camp2019-excerpt.json"
PYCON = DATA / "ics" / "pyconuk2015-excerpt.ics"


def uids(path) -> dict[str, str]:
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    return {str(e["SUMMARY"]): str(e["UID"]) for e in cal.walk("VEVENT")}


def sequences(path) -> dict[str, int]:
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    return {str(e["UID"]): int(e["SEQUENCE"]) for e in cal.walk("VEVENT")}


@pytest.mark.parametrize("source, wrong, right", [
    (FOSDEM, "Creative Coding with TurtleStitch", "Creative Coding with TurtleStitch and Snap!"),
    (CAMP, "Opening Ceremony", "Opening ceremony of Camp 2019"),
    (PYCON, "Analyzing Python with Pylint", "Analysing Python with Pylint"),
], ids=["frab-xml", "schedule-json", "ics"])
def test_a_corrected_title_keeps_the_id_the_pick_and_the_calendar_uid(
        capsys, tmp_path, source, wrong, right):
    first = tmp_path / f"v1{source.suffix}"
    first.write_bytes(source.read_bytes())
    before = next(t for t in load_schedule(first).talks() if t.title == wrong)
    code, out, err = run(capsys, "pick", "-s", str(first), before.id)
    assert code == 0 and f"Picked {before.id}" in out, err
    code, _, err = run(capsys, "export", str(first), "-o", str(tmp_path / "export1.ics"))
    assert code == 0, err
    uid = uids(tmp_path / "export1.ics")[wrong]
    assert uid.startswith(before.id + "@")

    # The program is corrected: same file, same guid/UID, another title.
    second = tmp_path / f"v2{source.suffix}"
    text = first.read_text(encoding="utf-8")
    assert text.count(wrong) >= 1
    second.write_text(text.replace(wrong, right), encoding="utf-8")
    after = next(t for t in load_schedule(second).talks() if t.title == right)
    assert after.id == before.id
    assert talk_id(conference_key("x", None), right, [], "") != \
        talk_id(conference_key("x", None), wrong, [], "")  # a title-based id would change

    code, out, err = run(capsys, "picks", str(second), "--format", "json")
    assert code == 0, err
    (pick,) = __import__("json").loads(out)
    assert pick["id"] == before.id and pick["status"] == "scheduled" and pick["title"] == right
    code, _, err = run(capsys, "export", str(second), "-o", str(tmp_path / "export2.ics"))
    assert code == 0, err
    assert uids(tmp_path / "export2.ics")[right] == uid  # the calendar updates the same event
    assert sequences(tmp_path / "export2.ics")[uid] == sequences(tmp_path / "export1.ics")[uid] + 1


def test_fosdem_events_without_guid_take_their_ids_from_the_event_id():
    one = load_schedule(FOSDEM)
    # Every event's title changes (the conference's stays: it is part of every id).
    text = FOSDEM.read_text(encoding="utf-8").replace("<title>", "<title>Corrected: ").replace(
        "<title>Corrected: FOSDEM 2024", "<title>FOSDEM 2024")
    from planner.loader import parse_text

    two = parse_text(text, str(FOSDEM), {})
    assert [t.id for t in one.talks()] == [t.id for t in two.talks()]


def test_a_uid_shared_by_many_events_gives_title_ids_and_says_so():
    moca = load_schedule(DATA / "ics" / "moca2024-excerpt.ics")
    shared = [t for t in moca.talks() if t.line and t.title]
    key = conference_key(moca.conference, moca.year)
    by_title = {talk_id(key, t.title, [], "") for t in shared}
    # The 22 events under UID 46939 are told apart by their titles.
    assert sum(1 for t in moca.talks() if t.id in by_title) >= 22
    assert len({t.id for t in moca.talks()}) == len(moca.talks())
