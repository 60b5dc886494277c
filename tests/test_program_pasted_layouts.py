"""Layouts of real pasted pages (held-out sets kept outside the repository) that the
reader misread, each as an invented program of the same layout read through
`parse_text`."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_a_time_alone_after_a_list_is_the_next_entrys():
    # `• Name (Aff), Title` bullets, then `15.00-16.15` at the margin with no blank line:
    # the time opens the next entry (its title on the line under it), it does not close
    # the last bullet as that bullet's time (a list written title then time times each
    # of its items)
    sch = read(
        "Thursday 13 June 2024\n\n"
        "13.40-14.55\n"
        "Panel 1 Old Voices\n"
        "  • Ana Ruiz (MIT), A history of bridges: the long view\n"
        "  • Bo Chen (ETH), Rivers and towns in the north\n"
        "15.00-16.15\n\n"
        "Panel 2 New Voices\n\n"
        "  • Cy Young (UCL), Songs of the harbour: a case study\n"
        "  • Dee Park (York), Maps we drew\n"
        "17.00-18.00\n\n"
        "Closing words\n")
    assert [(e["title"], e["start"]) for e in entries(sch) if e["start"]] == [
        ("Panel 1 Old Voices", "13:40"), ("Panel 2 New Voices", "15:00"), ("Closing words", "17:00")]
    assert titled(sch, "Panel 2 New Voices")["end"] == "16:15"


def test_a_pasted_header_row_over_a_time_alone_is_no_title():
    # `Time Event` (a table's header row pasted as a line) right over `11.00-12.30`, on
    # each day: the entry's title is the line under the time, not the header row
    sch = read(
        "Thursday 13 June 2024\n\n"
        "Time Event\n11.00-12.30\n\nMorning workshop on archives.\n\n"
        "12.30-13.30 Lunch\n\n"
        "Friday 14 June 2024\n\n"
        "Time Event\n09.30-10.00\n\nBreakfast\n\n"
        "10.00-11.30 Closing panel\n")
    assert [(e["title"], e["start"]) for e in entries(sch) if e["start"]] == [
        ("Morning workshop on archives", "11:00"), ("Lunch", "12:30"),
        ("Breakfast", "09:30"), ("Closing panel", "10:00")]


def test_papers_written_person_first_with_the_place_in_parentheses():
    # `• Name (Aff), Title` under a panel: the person and her place, then the title (a
    # colon in the title is no end of the people; a long title is no abstract)
    sch = read(
        "Thursday 13 June 2024\n\n"
        "15.00-16.15\n\n"
        "Panel 2 New Voices\n\n"
        "  • Cy Young (Derby), Who Will Stand Here: How shared practices and public history "
        "are creating new ways of remembering hidden lives\n"
        "  • Dee Park (UCL), Rivers and towns in the north\n"
        "  • Eve Stone (York), Songs of the harbour: a case study\n")
    e = titled(sch, "Rivers and towns in the north")
    assert (e["people"], e["affs"]) == (["Dee Park"], ["UCL"])
    assert titled(sch, "Songs of the harbour: a case study")["people"] == ["Eve Stone"]
    long = "Who Will Stand Here: How shared practices and public history are creating new ways of remembering hidden lives"
    assert titled(sch, long)["people"] == ["Cy Young"]


def test_a_list_of_people_with_places_stays_people():
    # `Ana Ruiz (MIT), Bo Chen (ETH)` after a title: two people, not a person and a title
    sch = read("## Monday, March 8, 2021\n\n- 10:00 - 10:30 Bridges Revisited, Ana Ruiz (MIT), Bo Chen (ETH)\n")
    assert titled(sch, "Bridges Revisited")["people"] == ["Ana Ruiz", "Bo Chen"]


def test_the_date_in_a_pages_front_matter_title():
    # a Jekyll page whose only date is in its front matter's title: the table's times
    # are on that day, not today
    sch = read(
        '---\ntitle: "Schedule - March 9th 2022"\n---\n\n'
        "| Time | Track 1 | Track 2 |\n|---|---|---|\n"
        "| **09:00-10:00** | Ana Ruiz: Threat Hunting | Bo Chen: Cloud Logs |\n"
        "| **10:00-10:30** | - | Closing |\n", "schedule.md")
    e = titled(sch, "Closing")
    assert (str(e["date"]), e["start"]) == ("2022-03-09", "10:00")


def test_a_short_title_run_on_into_a_sentence_about_it():
    # `• 10 - 10:30am. People arrive. Coffee will be served`: the title ends where the
    # sentence about it starts (a full stop or a dash); a title after a kind and a dash
    # stays whole
    sch = read(
        "Saturday, May 3, 2025\n\n"
        "  • 10 - 10:30am. People arrive. Coffee will be served (if we have money for it!)\n"
        "  • 10:30 - 10:45am. Introductions - We'll go around the room and all introduce ourselves.\n"
        "  • 10:45 - 11:15am - Keynote - This Is Not a Drill: Lessons We Have Learned\n"
        "  • 11:15 - 12:00pm - First Sessions\n")
    assert [e["title"] for e in entries(sch)] == [
        "People arrive", "Introductions", "This Is Not a Drill: Lessons We Have Learned", "First Sessions"]


def test_a_morning_after_an_evening_on_a_24_hour_page_without_day_headings():
    # `15.00 – 19.00`, `19.00 – 20.00`, then `9.00 – 12.00` (the next morning; the page
    # names no days): a page that writes the 24-hour clock and no am or pm anywhere
    # means 9:00, not 21:00
    sch = read(
        "15.00 – 19.00  REGISTRATION\n\n"
        "19.00 – 20.00  WELCOME DRINK\n\n"
        "9.00 – 12.00  Design of Data Warehouses\n\n"
        "12.30 – 13.30  LUNCH\n")
    e = titled(sch, "Design of Data Warehouses")
    assert (e["start"], e["end"]) == ("09:00", "12:00")


def test_an_afternoon_after_noon_on_a_12_hour_page_stays_afternoon():
    sch = read("9:00 Welcome\n\n11:30 Keynote talk\n\n2:15 Closing panel\n\n3:00 pm Drinks\n")
    assert titled(sch, "Closing panel")["start"] == "14:15"


def test_the_day_a_sentence_says_the_workshop_is_on():
    # `The … Workshop is on Tuesday, December 14th` over a table of times with no day, the
    # year from the page's `NeurIPS 2021`; a deadline `is on` another day is no day of it
    sch = read(
        "# NeurIPS 2021 Workshop on Rivers\n\n"
        "The submission deadline is on Friday, October 1st.\n\n"
        "The NeurIPS 2021 Rivers Workshop is on Tuesday, December 14th, in New York.\n\n"
        "| Time | Event |\n|---|---|\n| 8:00am | Welcome |\n| 8:20am | Culturing Rivers |\n", "schedule.md")
    e = titled(sch, "Welcome")
    assert (str(e["date"]), e["start"]) == ("2021-12-14", "08:00")


def test_parallel_sessions_as_deeper_headings_under_a_slot_heading():
    # `### Session 1 / 11 AM` over `#### Session 1a: …` (a venue and chair line under it)
    # and its list, then `#### Session 1b: …` and its list: the sessions share the slot,
    # each with its papers; the slot's heading is no entry of its own
    sch = read(
        "## Wednesday, September 27, 2017\n\n"
        "### Session 1 / 11 AM\n\n"
        "#### Session 1a: Perception\n\n##### Venue: Hall 21\n\n"
        "- I Smell Creativity\n  Ana Ruiz, Bo Chen\n- Night Mode, Dark Thoughts\n  Cy Young\n\n"
        "#### Session 1b: Adoption\n\n##### Venue: Hall 22\n\n"
        "- Adoption of UX Evaluation\n  Eve Stone\n- Learning Across Institutions\n  Dee Park\n",
        "program.md")
    got = [(e["title"], e["start"]) for e in entries(sch)]
    assert ("Session 1a: Perception", "11:00") in got and ("Session 1b: Adoption", "11:00") in got
    assert "Session 1" not in [t for t, _ in got]
    e = titled(sch, "Adoption of UX Evaluation")
    assert e["people"] == ["Eve Stone"] and e["session"] == "Session 1b: Adoption"


def test_a_duration_column_pasted_a_row_a_line():
    # `Start Time Duration (mins) Topic` over `9:20 40 Examples of …`: the number after
    # the start is the entry's length in minutes, no part of its title
    sch = read(
        "Start Time Duration (mins) Topic\n"
        "9:00 20 Welcome\n"
        "9:20 40 Examples of future large databases\n"
        "10:00 20   coffee break\n"
        "10:20 10 Closing words\n")
    e = titled(sch, "Examples of future large databases")
    assert (e["start"], e["end"]) == ("09:20", "10:00")
    assert [x["title"] for x in entries(sch)] == [
        "Welcome", "Examples of future large databases", "coffee break", "Closing words"]


def test_a_title_and_its_subtitle_after_a_dash_stay_one_title():
    # `Title - How we make X.`: a talk's subtitle after a dash, a few words with a verb in
    # them, is no sentence about a short title (a real FOSDEM title; `Introductions - We'll
    # go around the room` speaks to the attendees and is one)
    sch = read(
        "Saturday, May 3, 2025\n\n"
        "10:00 - 10:30 From hackathon idea to hackaday prize - How we make a Braille embosser.\n"
        "10:30 - 10:45 Introductions - We'll go around the room and all introduce ourselves.\n")
    assert [e["title"] for e in entries(sch)] == [
        "From hackathon idea to hackaday prize - How we make a Braille embosser", "Introductions"]
