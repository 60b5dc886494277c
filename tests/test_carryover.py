"""A one-letter title fix gives a talk a new id; the pick and its calendar event follow it."""

from __future__ import annotations

from pathlib import Path

import pytest
from icalendar import Calendar

from planner.picks.store import AgendaStore
from planner.picks.carryover import find_carryovers
from planner.cli import main
from planner.ics import event_uid
from planner.loader import load_schedule

from .conftest import MLSYS2021
from .test_ics_khal import KHAL, khal  # noqa: F401  (the khal fixture)

BEFORE_MLSYS = "2021-03-30T08:00:00+00:00"


def edited_copy(tmp_path: Path, old: str, new: str) -> Path:
    """The MLSys 2021 program with `old` replaced by `new` once, metadata beside it."""
    text = MLSYS2021.read_text(encoding="utf-8")
    assert text.count(old) == 1
    folder = tmp_path / "edited"
    folder.mkdir(exist_ok=True)
    copy = folder / MLSYS2021.name
    copy.write_text(text.replace(old, new), encoding="utf-8")
    meta = MLSYS2021.with_suffix(".toml")
    (folder / meta.name).write_text(meta.read_text(encoding="utf-8"), encoding="utf-8")
    return copy


def events(path: Path) -> dict[str, dict]:
    return {str(e["UID"]): {"title": str(e["SUMMARY"]), "sequence": int(e["SEQUENCE"]),
                            "status": str(e["STATUS"])}
            for e in Calendar.from_ical(path.read_bytes()).walk("VEVENT")}


def a_unique_talk(schedule):
    text = MLSYS2021.read_text(encoding="utf-8")
    return next(t for t in schedule.talks() if t.timed and len(t.title) > 30
                and text.count(t.title) == 1 and "e" in t.title[10:])


def one_letter_fix(title: str) -> str:
    i = title.index("e", 10)
    return title[:i] + "a" + title[i + 1:]


@pytest.mark.skipif(not KHAL.exists(), reason="khal is not installed in this venv")
def test_a_fixed_title_keeps_the_pick_and_the_calendar_event(khal, tmp_path, monkeypatch, capsys):  # noqa: F811
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    schedule = load_schedule(MLSYS2021)
    talk = a_unique_talk(schedule)
    AgendaStore().pick([schedule], [talk.id])
    first = tmp_path / "first.ics"
    assert main(["export", str(MLSYS2021), "-o", str(first)]) == 0
    khal.import_(first)

    fixed_title = one_letter_fix(talk.title)
    edited = edited_copy(tmp_path, talk.title, fixed_title)
    new = next(t for t in load_schedule(edited).talks() if t.title == fixed_title)
    assert new.id != talk.id  # the id follows the title: this is what went wrong

    # The change report says so, once, and the pick moves to the new id.
    capsys.readouterr()
    assert main(["picks", str(edited)]) == 0
    out = capsys.readouterr().out
    assert f"carried over: {talk.id} " in out and f" is now {new.id} " in out
    assert list(AgendaStore().load().picks) == [new.id]
    assert main(["picks", str(edited)]) == 0
    assert "carried over" not in capsys.readouterr().out

    monkeypatch.setenv("PLANNER_NOW", "2021-03-31T08:00:00+00:00")
    second = tmp_path / "second.ics"
    assert main(["export", str(edited), "-o", str(second)]) == 0
    before, after = events(first), events(second)
    uid = event_uid(schedule, talk)
    assert list(after) == [uid]  # the old UID, and no cancelled twin
    assert after[uid]["title"] == fixed_title and after[uid]["status"] == "CONFIRMED"
    assert after[uid]["sequence"] > before[uid]["sequence"]

    khal.import_(second)
    shown = khal.events()
    assert [(e["uid"], e["title"]) for e in shown] == [(uid, fixed_title)]


def test_export_alone_carries_the_pick_over_and_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PLANNER_NOW", BEFORE_MLSYS)
    schedule = load_schedule(MLSYS2021)
    talk = a_unique_talk(schedule)
    AgendaStore().pick([schedule], [talk.id])
    assert main(["export", str(MLSYS2021), "-o", str(tmp_path / "a.ics")]) == 0
    edited = edited_copy(tmp_path, talk.title, one_letter_fix(talk.title))
    capsys.readouterr()
    assert main(["export", str(edited), "-o", str(tmp_path / "b.ics")]) == 0
    err = capsys.readouterr().err
    assert f"carried your pick {talk.id} over to " in err
    assert list(events(tmp_path / "b.ics")) == [event_uid(schedule, talk)]


def test_a_retitled_talk_in_the_same_slot_with_the_same_speakers_is_carried(tmp_path):
    schedule = load_schedule(MLSYS2021)
    talk = a_unique_talk(schedule)
    AgendaStore().pick([schedule], [talk.id])
    edited = load_schedule(edited_copy(tmp_path, talk.title, "Something Else Entirely Now"))
    (carry,) = find_carryovers([edited], AgendaStore().load())
    assert (carry.old_id, carry.reason, carry.new_title) == \
        (talk.id, "slot", "Something Else Entirely Now")


def test_a_talk_that_really_went_is_not_carried(tmp_path, capsys):
    schedule = load_schedule(MLSYS2021)
    talk = a_unique_talk(schedule)
    AgendaStore().pick([schedule], [talk.id])
    text = MLSYS2021.read_text(encoding="utf-8")
    block_end = text.index(talk.title) + len(talk.title)
    # Title gone, and the speakers' line with it: nothing in the program resembles it now.
    line_end = text.index("\n", text.index("\n", block_end) + 1)
    edited = edited_copy(tmp_path, text[text.index(talk.title):line_end], "")
    assert find_carryovers([load_schedule(edited)], AgendaStore().load()) == []
    capsys.readouterr()
    assert main(["picks", str(edited)]) == 0
    out = capsys.readouterr().out
    assert "vanished:" in out and "carried over" not in out
