"""planner add / remove / sources / refresh with files: remembered schedules become what
every command reads when given none."""

from __future__ import annotations

import json
import shutil

from planner.cli import main

from .conftest import DATA

FOSDEM = DATA / "frab-xml" / "fosdem2024-excerpt.xml"
PYCON = DATA / "ics" / "pyconuk2015-excerpt.ics"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_remembered_schedules_are_what_commands_read_by_default(capsys, tmp_path):
    copy = tmp_path / "fosdem.xml"
    shutil.copy(FOSDEM, copy)
    code, out, err = run(capsys, "add", str(copy))
    assert code == 0 and out == f"Remembered {copy} (FOSDEM 2024, 16 talks)\n", err
    code, out, err = run(capsys, "add", str(copy))
    assert out == f"Already remembered {copy} (FOSDEM 2024, 16 talks)\n"
    code, out, _ = run(capsys, "agenda", "--format", "json")
    day = json.loads(out)
    assert day["day"] == "2024-02-03" and day["timezone"] == "Europe/Brussels"
    assert {s["conference"] for s in day["sessions"]} == {"FOSDEM 2024"}
    first = day["sessions"][0]
    assert first["standalone"] and first["location"] and first["talks"] == []
    code, out, _ = run(capsys, "pick", first["id"])
    assert code == 0 and f"Picked {first['id']}" in out
    code, out, _ = run(capsys, "picks", "--format", "json")
    assert [p["id"] for p in json.loads(out)] == [first["id"]]
    code, out, err = run(capsys, "export", "-o", str(tmp_path / "mine.ics"))
    assert code == 0 and "wrote 1 event" in err
    assert f"LOCATION:{first['location']}" in (tmp_path / "mine.ics").read_text()


def test_add_reads_each_schedule_first_and_remembers_nothing_when_one_fails(capsys, tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<schedule><day", encoding="utf-8")
    code, out, err = run(capsys, "add", str(FOSDEM), str(bad))
    assert code == 1 and out == "" and "cannot be read as a frab/Pentabarf" in err
    code, out, _ = run(capsys, "sources")
    assert out == "No schedules remembered; add one with planner add FILE or planner add URL.\n"


def test_a_remembered_file_that_went_missing_says_how_to_forget_it(capsys, tmp_path):
    copy = tmp_path / "program.ics"
    shutil.copy(PYCON, copy)
    run(capsys, "add", str(copy))
    copy.unlink()
    code, out, err = run(capsys, "agenda")
    assert code == 1 and out == ""
    assert err == (f"planner: {copy} does not exist (it is remembered in your agenda: fix it, "
                   f"or forget it with planner remove {copy}).\n")
    code, out, _ = run(capsys, "sources")
    assert out == f"1  {copy}  ({copy} does not exist.)\n"
    code, out, _ = run(capsys, "remove", str(copy))
    assert code == 0 and out == f"Forgot {copy}\n"
    code, out, _ = run(capsys, "agenda", "--format", "json")
    assert code == 0 and json.loads(out)["sessions"][0]["conference"] == "MLSys 2021"


def test_remove_of_what_is_not_remembered_forgets_nothing(capsys, tmp_path):
    run(capsys, "add", str(FOSDEM))
    code, out, err = run(capsys, "remove", str(FOSDEM), "nothing.xml")
    assert code == 1 and "nothing.xml is not a remembered schedule" in err
    code, out, _ = run(capsys, "sources", "--format", "json")
    assert [s["source"] for s in json.loads(out)] == [str(FOSDEM.resolve())]


def test_refresh_rereads_files_and_reports_a_move_to_another_room(capsys, tmp_path):
    copy = tmp_path / "fosdem.xml"
    shutil.copy(FOSDEM, copy)
    run(capsys, "add", str(copy))
    code, out, _ = run(capsys, "talks", "--format", "json")
    talk = next(t for t in json.loads(out) if t["title"] == "Creative Coding with TurtleStitch")
    run(capsys, "pick", talk["id"])
    code, out, err = run(capsys, "refresh")
    assert code == 0
    assert out == f"{copy}  (FOSDEM 2024, 16 talks; re-read)\n\nNo changes to your picks.\n"
    text = copy.read_text(encoding="utf-8").replace(
        "<room>J.1.106</room>", "<room>K.3.201</room>", 1)
    copy.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "refresh")
    assert code == 0, err
    assert (f"moved: {talk['id']} Creative Coding with TurtleStitch: was Sat 3 Feb 10:30–11:30 "
            "in J.1.106, now Sat 3 Feb 10:30–11:30 in K.3.201.") in out
    code, out, err = run(capsys, "picks")
    assert "moved" not in out  # reported once


def test_refresh_with_nothing_remembered_says_what_to_do(capsys):
    code, out, err = run(capsys, "refresh")
    assert code == 1 and err == ("planner: No schedules are remembered; add one with planner add "
                                 "FILE or planner add URL, then refresh.\n")


def test_export_carries_the_room_the_link_and_the_links_of_a_program_talk(capsys, tmp_path):
    import icalendar

    camp = DATA / "schedule-json" / "frab-camp2019-excerpt.json"
    code, out, _ = run(capsys, "talks", str(camp), "--format", "json")
    talk = next(t for t in json.loads(out) if t["links"])
    out_path = tmp_path / "one.ics"
    code, _, err = run(capsys, "export", str(camp), "--talk", talk["id"], "-o", str(out_path))
    assert code == 0, err
    (event,) = icalendar.Calendar.from_ical(out_path.read_bytes()).walk("VEVENT")
    assert str(event["LOCATION"]) == talk["location"] and str(event["URL"]) == talk["url"]
    assert event.decoded("DTSTART").isoformat() == talk["start"]
    description = str(event["DESCRIPTION"])
    assert f"Track: {talk['track']}" in description
    for link in talk["links"]:
        assert f"{link['label']}: {link['url']}" in description


def test_every_agenda_format_shows_rooms_and_links(capsys):
    camp = DATA / "schedule-json" / "frab-camp2019-excerpt.json"
    code, out, _ = run(capsys, "talks", str(camp), "--format", "json")
    talk = next(t for t in json.loads(out) if t["links"] and t["start"].startswith("2019-08-22"))
    link = talk["links"][0]
    for fmt, room, address in (("text", f"@ {talk['location']}", f"<{link['url']}>"),
                               ("markdown", f"@ {talk['location']}", f"(<{link['url']}>)"),
                               ("html", f"@ {talk['location']}", f'href="{link["url"]}"'),
                               ("json", f'"location": "{talk["location"]}"', link["url"])):
        code, out, err = run(capsys, "agenda", str(camp), "--day", "2019-08-22",
                             "--format", fmt, "--width", "200")
        assert code == 0, err
        assert room in out and address in out and talk["url"] in out, fmt
