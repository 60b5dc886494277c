"""The thirteenth round's held-out layouts (real pages kept outside the repository), each
as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

import json

from .test_program_shapes import entries, planner, read, titled


def test_a_lone_time_after_a_break_row_opens_the_next_block():
    # a copied table whose session cell held a heading and a list pastes as a time alone
    # on its line, the heading, then the list's lines: the break row above is whole on
    # its line, and the block under the lone time is an entry of its own, never more of
    # the break's cell (where it vanished, its lines counted as used)
    sch = read(
        "Day 1 -- Monday 8th September 2025\n\n"
        "08:30\tRegistration\n"
        "09:15\tWelcome and opening remarks\n"
        "10:25\tCoffee (and a small snack)\n"
        "10:45\n"
        "Oral session 1 (session chair: Ana Ruiz)\n"
        "10:45 Sparse Rewards Are Enough for Planning\n"
        "11:10 Learning to Refer in Small Worlds\n"
        "11:35 Grounded Symbols Revisited\n\n"
        "12:30\tLunch at the canteen\n")
    coffee = titled(sch, "Coffee (and a small snack)")
    # (its end estimated: where the next entry starts)
    assert (coffee["start"], coffee["obj"].end.strftime("%H:%M")) == ("10:25", "10:45")
    assert titled(sch, "Oral session 1")["start"] == "10:45"
    got = {(e["title"], e["start"]) for e in entries(sch)}
    assert ("Learning to Refer in Small Worlds", "11:10") in got
    assert ("Grounded Symbols Revisited", "11:35") in got
    assert not any("10:45" in e["title"] for e in entries(sch))


def test_a_lone_range_after_a_break_row_keeps_its_session_and_papers():
    # `10:00-10:30<TAB>Coffee break` then `10:30-11:30` alone, the session's heading and
    # its papers one a line: the session at its range, the coffee break ending at 10:30
    sch = read(
        "All times are CEST.\n\n"
        "Schedule for Day 1: Tue, April 25, 2023\n\n"
        "Time (CEST)\tDay 1: Tue, April 25\n"
        "09:00-10:00\tOpening keynote\n"
        "10:00-10:30\tCoffee break\n"
        "10:30-11:30\n"
        "Oral Session 1 | Rivers and Floods\n"
        "Forecasting Floods from Sparse Gauges\n"
        "A Field Study of Braided Rivers\n\n"
        "11:30-12:30\tLunch break\n")
    coffee = titled(sch, "Coffee break")
    assert (coffee["start"], coffee["end"]) == ("10:00", "10:30")
    oral = titled(sch, "Oral Session 1 | Rivers and Floods")
    assert (oral["start"], oral["end"]) == ("10:30", "11:30")
    titles = [e["title"] for e in entries(sch)]
    assert "Forecasting Floods from Sparse Gauges" in titles
    assert "A Field Study of Braided Rivers" in titles


def test_a_cell_that_goes_on_over_lines_still_belongs_to_its_row():
    # the keynote's cell holds its title and an abstract on the lines under the row:
    # those are the row's, and the next row starts at the next tab-separated time
    sch = read(
        "Schedule for Day 2: Wed, April 26, 2023\n\n"
        "Time (CEST)\tDay 2: Wed, April 26\n"
        "09:00-10:00\tKeynote Talk: Mira Okafor (Lund University)\n"
        "Counting Birds with Sound Alone\n"
        "We show how microphones placed in a forest count the birds that live in it.\n"
        "10:00-10:30\tCoffee break\n")
    assert titled(sch, "Coffee break")["start"] == "10:00"
    assert not any(e["title"].startswith("10:") for e in entries(sch))


def test_list_lines_in_a_session_cell_are_its_papers():
    # `13:20–13:50<TAB>Poster session 1` over `- Title` lines (the cell's list pasted a
    # line each): the session's papers, where they were dropped unreported
    sch = read(
        "The timezone is GMT.\n\n"
        "Time\tEvent\n"
        "11:00–11:15\tOpening\n"
        "13:20–13:50\tPoster session 1\n"
        "- Counting Birds in Many Forests via Zero-Shot Listening\n"
        "- Studying the Effects of Rain on Small Rivers\n"
        "13:50–14:20\tPoster session 2\n"
        "- On the Interplay of Wind and Sand in Dunes\n"
        "14:20–15:00\tBreak\n")
    got = {e["title"]: e["session"] for e in entries(sch)}
    assert got["Counting Birds in Many Forests via Zero-Shot Listening"] == "Poster session 1"
    assert got["Studying the Effects of Rain on Small Rivers"] == "Poster session 1"
    assert got["On the Interplay of Wind and Sand in Dunes"] == "Poster session 2"
    assert titled(sch, "Break")["start"] == "14:20"


def test_a_timed_row_the_table_cannot_place_is_reported_in_check(tmp_path):
    # a table pasted with a leading empty cell on most rows, and one row without it:
    # that row's title stands in a column the table does not read as titles; whatever
    # the reader cannot place is reported with its line, never counted as used
    path = tmp_path / "program.txt"
    path.write_text(
        "The workshop will take place on Monday, December 13, 2021. "
        "All times are in Eastern Standard Time.\n\n"
        "\tTime (EST)\tEvent\tSpeaker\tPlatform\n"
        "\t08:45\tPoster preview\t-\tGather\n"
        "\t08:55\tOpening remarks\tOrganizers\tZoom\n"
        "09:00\tInvited talk: \"Why Rivers Bend\"\n\n"
        "In this talk I will show why rivers bend the way they do, with maps.\n",
        encoding="utf-8")
    p = planner("check", str(path), "--format", "json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    reported = [d for d in out["diagnostics"] if d.get("code") == "not-read"]
    assert any(d.get("line") == 6 for d in reported), reported
    assert out["lines"]["used"] + out["lines"]["reported"] == out["lines"]["total"]


def test_us_zone_families_after_a_meridiem_are_read():
    # `12:30 PM MT`, `10:00 am PT`, `2 p.m. CT`, `9:00 AM ET`: the bare US family after a
    # 12-hour clock names the zone, as `MST` and `MDT` do after any clock
    cases = {
        "The workshop runs on Sunday, November 12, 2023 from 9 AM - 12:30 PM MT in room 5.":
            "America/Denver",
        "Doors open at 10:00 am PT on Friday, June 7, 2024.": "America/Los_Angeles",
        "The meeting starts at 2 p.m. CT on Monday, March 4, 2024.": "America/Chicago",
        "All sessions begin at 9:00 AM ET on Tuesday, May 14, 2024.": "America/New_York",
        "Starts at 9:00 MST on Monday, January 8, 2024.": "America/Denver",
        "Starts at 3 pm MDT on Monday, July 8, 2024.": "America/Denver",
    }
    for stated, zone in cases.items():
        sch = read(stated + "\n\n9:00 - 10:00 Opening of the Day\n10:00 - 11:00 Rivers and Floods\n")
        assert sch.timezone == zone, (stated, sch.timezone)


def test_a_two_letter_word_with_no_clock_beside_it_names_no_zone():
    # `MT` as in machine translation, `ET` in a title, even after `AM`: no clock before
    # them, no zone
    sch = read("Sunday, November 12, 2023\n\n"
               "9:00 - 10:00 Neural MT for Small Languages\n"
               "10:00 - 11:00 I AM ET: Signals from Far Away\n")
    assert sch.timezone not in ("America/Denver", "America/New_York")


def test_a_stated_weekday_picks_a_year_it_falls_on(tmp_path):
    # `held on Sunday, November 12th` with no year, and years in a speaker's biography
    # (`since 1998`, `until 2003`) that the date is no Sunday in: the year is one whose
    # November 12 is a Sunday, and a warning names the others that fit
    sch = read(
        "The workshop will take place on Sunday, November 12th from 9 AM - 12:30 PM MT.\n\n"
        "9:00 - 10:00 Opening of the Day\n"
        "10:00 - 11:00 Rivers and Floods\n\n"
        "Ana Ruiz has studied rivers since 1998 and led the river survey from 1998 "
        "until 2003.\n")
    got = titled(sch, "Rivers and Floods")["obj"].start.date()
    assert (got.month, got.day, got.weekday()) == (11, 12, 6)
    warned = [d for d in sch.diagnostics if d.code == "year-inferred"]
    assert warned and warned[0].severity.value == "warning"
    assert "also possible" in warned[0].message


def test_a_numbered_keynote_label_names_its_speaker():
    # `Keynote 1: Name (session chair: Name)`: the label is the title, the name its
    # speaker, not a title `Keynote 1: Ana Ruiz` with no one
    sch = read(
        "Day 1 -- Monday 8th September 2025\n\n"
        "08:30\tRegistration\n"
        "09:25\tKeynote 1: Ana Ruiz (session chair: Bo Chen)\n"
        "10:25\tCoffee\n"
        "15:00\tKeynote 2: Tom Lind\n"
        "16:00\tClosing\n")
    one = titled(sch, "Keynote 1")
    assert one["start"] == "09:25" and one["people"] == ["Ana Ruiz"]
    assert titled(sch, "Keynote 2")["people"] == ["Tom Lind"]


def test_a_keynote_label_over_a_name_and_role_names_the_speaker():
    # `Keynote: Name, CEO of Org` in a track column: the speaker and where she works
    sch = read(
        "Saturday, June 3, 2023\n\n"
        "Time\tTrack 1\n"
        "08:00-09:00\tRegistration\n"
        "09:00-10:00\tKeynote: Mira Okafor, CEO of Rivers Inc\n"
        "10:00-10:50\tA Field Guide to Packet Capture\n")
    k = titled(sch, "Keynote")
    assert k["people"] == ["Mira Okafor"] and k["affs"] == ["Rivers Inc"]


def test_a_keynote_row_with_the_speaker_over_a_questioning_title():
    # `Keynote Talk: Name (Affil)` then the title (with a colon and a question mark)
    # and the abstract, a cell pasted a line each: speaker, title, abstract; the row
    # no longer vanishes, nor does its title become the abstract
    under_header = (
        "Schedule for Day 3: Thu, April 27, 2023\n\n"
        "Time (CEST)\tDay 3: Thu, April 27\n"
        "08:00-09:00\tMentoring Event | Tips for Writing by Bo Chen\n"
        "09:00-10:00\tKeynote Talk: Tom Lind (MIT)\n"
        "Counting Birds: Can a Microphone Hear Them All?\n"
        "We show how microphones placed in a forest count the birds that live in it.\n"
        "10:00-10:30\tCoffee break\n")
    # (the same with no header row, and an abstract shorter than the title)
    headerless = ("Day 1 -- Monday 8th September 2025\n\n10:25\tCoffee\n"
                  "11:45\tKeynote Talk: Tom Lind (MIT)\nCounting Birds: Can a Microphone Hear "
                  "Them All?\nWe show how microphones count birds.\n12:45\tLunch\n")
    for text, start in ((under_header, "09:00"), (headerless, "11:45")):
        k = titled(read(text), "Counting Birds: Can a Microphone Hear Them All?")
        assert (k["start"], k["people"], k["affs"]) == (start, ["Tom Lind"], ["MIT"]), text
