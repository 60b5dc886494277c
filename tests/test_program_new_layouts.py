"""Layouts met on real program pages the reader had not seen (kept outside the
repository), each written out here as a small invented text of the same layout.  Each test
asserts what a careful reader takes from the text, through the core (`parse_text`)."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_linked_title_then_a_presentation_note_in_an_accepted_papers_list():
    # `<b>[Title](url) (Spotlight Session #1, ID #2)</b> <br /> Authors (Affiliation)`:
    # the parenthesis after the link says how the paper is presented, not its title
    sch = read(
        "# Accepted Papers\n\n"
        "- <b>[Quiet Gradients in Sparse Adapters](https://example.org/p/1) (Oral)</b> <br />"
        " Mira Olsen (Aalto University), Tomas Brandt (KTH)\n\n"
        "- <b>[Certified Pruning for Tiny Models](https://example.org/p/2) (Spotlight Session #1, ID #2)</b>"
        " <br /> Ines Duarte (University of Porto), Kai Wen (Zhejiang University)\n\n"
        "- <b>[Data Debts in Federated Audits](https://example.org/p/3) (Spotlight Session #2, ID #1)</b>"
        " <br /> Lena Vogt (TU Wien)\n", "papers.md")
    assert [e["title"] for e in entries(sch)] == [
        "Quiet Gradients in Sparse Adapters", "Certified Pruning for Tiny Models",
        "Data Debts in Federated Audits"]
    e = titled(sch, "Certified Pruning for Tiny Models")
    assert e["url"] == "https://example.org/p/2"
    assert e["people"] == ["Ines Duarte", "Kai Wen"]
    assert e["affs"] == ["University of Porto", "Zhejiang University"]


def test_a_row_written_title_first_in_a_time_first_table():
    # the last row of a `Time | Topic` table swapped round, and a registration row that
    # gives its title first and its time (with the place) second
    sch = read(
        "Workshop on Field Robotics, June 3rd, 2025\n\n"
        "| Time | Topic |\n|---|---|\n"
        "| Registration: | 08:00 - 09:00 in Hall B |\n"
        "| 9:00 -- 9:20 | Welcome and Overview |\n"
        "| 9:20 -- 10:00 | Invited speaker 1 |\n"
        "| 10:00 -- 10:30 | Coffee break |\n"
        "| Closing discussion and remarks | 10:30 -- 11:00 |\n", "schedule.md")
    assert titled(sch, "Registration")["start"] == "08:00"
    e = titled(sch, "Closing discussion and remarks")
    assert (e["start"], e["end"]) == ("10:30", "11:00")
    assert not [x for x in entries(sch) if "10:30 -- 11:00" in x["title"]]


def test_seminar_entries_written_as_fields_with_the_time_last():
    # a department seminar page: a date line, then `Title:`, `Speaker: Name - Place`, an
    # abstract, `Location:` and, last, `Time:`
    sch = read(
        "Applied Analysis Seminar: Fall 2025\n\n"
        "___________________\n\n"
        "***Monday, October  6,***\n\n"
        "Title: Waves on Thin Films\n\n"
        "Speaker: Hanna Lind - Lund University\n\n"
        "Abstract: We study how thin films carry waves and when they break.\n\n"
        "Location: Room 204\n"
        "Time: 4:00PM\n\n"
        "___________________\n\n"
        "***Monday, October  13,***\n\n"
        "Title: Sparse Grids for Kinetic Equations\n\n"
        "Speaker: Omar Haddad - Rice University\n\n"
        "Abstract: Sparse grids make six-dimensional problems tractable.\n\n"
        "Location: Room 110\n"
        "Time: 3:00PM\n", "seminar.txt")
    e = titled(sch, "Waves on Thin Films")
    assert (e["date"].isoformat()[5:], e["start"]) == ("10-06", "16:00")
    assert (e["people"], e["affs"], e["room"]) == (["Hanna Lind"], ["Lund University"], "Room 204")
    e = titled(sch, "Sparse Grids for Kinetic Equations")
    assert (e["date"].isoformat()[5:], e["start"]) == ("10-13", "15:00")
    assert e["people"] == ["Omar Haddad"]


_SLOT_DETAILS_TABLE = """KDD Workshop Day will take place on **May 4, 2026, 9:00am-1:00pm EDT**.

<table class="tg">
<tbody>
  <tr><th>9:00am</th><th>9:10am</th><th>Opening Remarks</th><th></th></tr>
  <tr>
    <td class="tg-b">9:10am</td>
    <td class="tg-b">10:00am</td>
    <td class="tg-b">Keynote #1</td>
    <td class="tg-b">
      <a href="https://example.org/ruiz">Ana Ruiz</a> (MIT - Professor of Computing)
      <br>&nbsp;&nbsp;<em>Title: Sparse Thoughts on Dense Models</em>
      <br><br><i>Session Chair: Wei Wang (UCLA)</i>
    </td>
  </tr>
  <tr><td>10:00am</td><td>10:30am</td><td>Coffee Break</td><td></td></tr>
  <tr><td>10:30am</td><td>11:30am</td><td>Invited Talks</td><td>
      <a href="https://example.org/chen">Bo Chen</a> (ETH Zurich - Lecturer)
      <br>&nbsp;&nbsp;<em>Title: Certified Pruning for Tiny Models</em>
      <br> <a href="https://example.org/diaz">Carla Diaz</a> (University of Porto - Director, Centre for
      <br>Data and Society)
      <br>&nbsp;&nbsp;<em>Title: Audits of Federated Data</em>
      <br><br><i>Session Chair: Yan Li (UCLA)</i></td></tr>
  <tr><td>11:30am</td><td>12:30pm</td><td>Panel Discussion</td>
      <td>Panelists: Ana Ruiz, Bo Chen, Carla Diaz<br><br><i>Panel Moderator: Wei Wang (UCLA)</i></td></tr>
  <tr><td>12:30pm</td><td>1:00pm</td><td>Lunch</td><td></td></tr>
</tbody>
</table>
"""


def test_table_of_start_end_slot_and_details_with_several_talks_in_a_cell():
    # a workshop day as `start | end | slot | details`: the slot cell names the entry
    # when the details are empty or hold only talks or people; talks in one cell are
    # `Name (Place)` over `Title: ...`; a session chair is no speaker
    sch = read(_SLOT_DETAILS_TABLE, "program.md")
    for title, start in (("Opening Remarks", "09:00"), ("Coffee Break", "10:00"),
                         ("Invited Talks", "10:30"), ("Panel Discussion", "11:30"),
                         ("Lunch", "12:30")):
        assert titled(sch, title)["start"] == start, title
    keynote = titled(sch, "Sparse Thoughts on Dense Models")
    assert keynote["start"] == "09:10" and keynote["people"] == ["Ana Ruiz"]
    talks = [e for e in entries(sch) if e["session"] == "Invited Talks"]
    assert [(e["title"], e["people"]) for e in talks] == [
        ("Certified Pruning for Tiny Models", ["Bo Chen"]),
        ("Audits of Federated Data", ["Carla Diaz"])]
    assert titled(sch, "Panel Discussion")["people"] == ["Ana Ruiz", "Bo Chen", "Carla Diaz", "Wei Wang"]



def test_rows_without_a_time_under_a_block_are_its_talks_with_their_speakers():
    # `|   | - Title | [Name](#anchor) |` under `| 15:10 - 15:50 | Lightning Talks | |`
    sch = read(
        "# Schedule: Friday, March 6, 2026\n\n"
        "| Time | Topic | Speaker | Slides |\n|---|---|---|---|\n"
        "| 14:30 - 15:10 | Break |   |   |\n"
        "|   |   |   |   |\n"
        "| 15:10 - 15:50 | Lightning Talks |   |   |\n"
        "|   | - Tracing Builds in Ten Minutes | [Mira Olsen](#user-content-mira-olsen) |   |\n"
        "|   | - Metrics Nobody Reads | [Tomas Brandt](#user-content-tomas-brandt) |   |\n"
        "|   |   |   |   |\n"
        "| 15:50 - 16:50 | Community Health Tutorial | [Ines Duarte](#user-content-ines) |   |\n",
        "schedule.md")
    talks = [e for e in entries(sch) if e["session"] == "Lightning Talks"]
    assert [(e["title"], e["people"]) for e in talks] == [
        ("Tracing Builds in Ten Minutes", ["Mira Olsen"]),
        ("Metrics Nobody Reads", ["Tomas Brandt"])]
    assert titled(sch, "Community Health Tutorial")["people"] == ["Ines Duarte"]


def test_a_table_pasted_as_pipe_lines_with_blank_lines_between_rows():
    # a seminar table copied from a page: no leading pipe, no delimiter row, a blank
    # line after each row
    sch = read(
        "Spring colloquium of the mathematics department.\n\n"
        "Date | Speaker | Title |\n\n"
        "Jan. 23 | Kevin Osei (Cornell) | Random walks on thin groups |\n\n"
        "Feb. 27 | Mira Olsen (Aalto) | Sandpiles and their limits |\n\n"
        "March 27 | Tomas Brandt (KTH) | Cohomology of configuration spaces |", "seminar.txt")
    e = titled(sch, "Sandpiles and their limits")
    assert (e["people"], e["affs"]) == (["Mira Olsen"], ["Aalto"])
    assert sorted(x["title"] for x in entries(sch)) == [
        "Cohomology of configuration spaces", "Random walks on thin groups",
        "Sandpiles and their limits"]


def test_a_second_speaker_and_title_pair_of_columns_is_a_second_event():
    # `Speaker | Title | Pre-talk speaker | Pre-talk title`: each row holds the talk and
    # the pre-talk before it
    sch = read(
        "| Date | Speaker | Title | Pre-talk speaker | Pre-talk title |\n"
        "|---|---|---|---|---|\n"
        "| Jan. 23, 2026 | Kevin Osei (Cornell) | Random walks on thin groups | Lena Vogt | What a thin group is |\n"
        "| Feb. 27, 2026 | Mira Olsen (Aalto) | Sandpiles and their limits | Omar Haddad | Discrete Laplacians |\n",
        "seminar.md")
    assert titled(sch, "Random walks on thin groups")["people"] == ["Kevin Osei"]
    assert titled(sch, "What a thin group is")["people"] == ["Lena Vogt"]
    assert titled(sch, "Discrete Laplacians")["people"] == ["Omar Haddad"]
    assert len(entries(sch)) == 4


def test_a_headerless_column_of_later_clocks_is_the_end_column():
    # `start | end | slot` with no header row; `11:05pm | 12:00pm` (a start after its own
    # end) is the morning's 11:05
    sch = read(
        "Workshop day, May 4, 2026\n\n<table>\n"
        "<tr><td>9:00am</td><td>9:10am</td><td>Opening Remarks</td></tr>\n"
        "<tr><td>9:10am</td><td>10:00am</td><td>Keynote: Sparse Thoughts on Dense Models</td></tr>\n"
        "<tr><td>10:00am</td><td>11:05am</td><td>Poster Session</td></tr>\n"
        "<tr><td>11:05pm</td><td>12:00pm</td><td>Panel Discussion</td></tr>\n"
        "<tr><td>12:00pm</td><td>1:00pm</td><td>Lunch</td></tr>\n</table>\n", "day.md")
    assert (titled(sch, "Opening Remarks")["start"], titled(sch, "Opening Remarks")["end"]) == ("09:00", "09:10")
    assert (titled(sch, "Poster Session")["start"], titled(sch, "Poster Session")["end"]) == ("10:00", "11:05")
    assert (titled(sch, "Panel Discussion")["start"], titled(sch, "Panel Discussion")["end"]) == ("11:05", "12:00")


def test_a_grid_with_days_as_columns_under_a_second_header_row_with_every_cell_filled():
    # `| | Monday, May 4 | Tuesday, May 5 | Wednesday, May 6 |` over a row that names the
    # columns again with the zone in the time cell (`Time (CET) | Tutorials | Day 1 | Day 2`):
    # that row fills every cell and gives no time, and must not stop the reading
    sch = read(
        "<table>\n<thead>\n<tr><th></th><th>Monday, May 4</th><th>Tuesday, May 5</th>"
        "<th>Wednesday, May 6</th></tr>\n</thead>\n<tbody>\n"
        "<tr><td>Time (CET)</td><td>Tutorials</td><td>Main, Day 1</td><td>Main, Day 2</td></tr>\n"
        "<tr><td>9:00 AM</td><td>Check-in</td><td>Check-in</td><td>Check-in</td></tr>\n"
        "<tr><td>10:00 AM</td><td></td><td>Opening Talk</td><td>Paper Session B</td></tr>\n"
        "<tr><td>1:00 PM</td><td></td><td>Paper Session A</td><td></td></tr>\n"
        "</tbody>\n</table>\n", "program.md")
    assert titled(sch, "Opening Talk")["start"] == "10:00"
    assert titled(sch, "Paper Session A")["start"] == "13:00"
    assert titled(sch, "Paper Session B")["date"] != titled(sch, "Paper Session A")["date"]


def test_seminar_fields_with_the_speaker_and_a_comma_place_between_title_and_time():
    # `Title:`, a `Speaker: Name, Place` field (one set in emphasis the page did not close
    # cleanly), then `Time:` and `Room:`: the title is the `Title:` field's, the speaker
    # one person with the place after the comma (a singular label)
    sch = read(
        "**Thursday, March 2, 2023**\n\n"
        "Title: Folding Maps of the Plane\n\n"
        "*Speaker: Rhea Vasquez, Professor at Lakeside College *\n\n"
        "Time: 3:40pm – 4:30pm\n\n"
        "Room: Hall 405\n\n"
        "We fold maps and count the ways.\n\n"
        "**Thursday, March 9, 2023**\n\n"
        "Title: Slow Walks on Graphs\n\n"
        "Time: 3:40pm – 4:30pm (coffee at 3:20)\n\n"
        "Room: Hall 405\n\n"
        "**Thursday, March 16, 2023**\n\n"
        "Title: Tidy Sets\n\n"
        "Speaker: Omar Diallo, Auburn\n\n"
        "Time: 3:40pm – 4:30pm\n", "colloquium.md")
    e = titled(sch, "Folding Maps of the Plane")
    assert (e["start"], e["people"]) == ("15:40", ["Rhea Vasquez"])
    assert e["affs"] == ["Professor at Lakeside College"]
    assert titled(sch, "Slow Walks on Graphs")["start"] == "15:40"
    assert titled(sch, "Tidy Sets")["people"] == ["Omar Diallo"]
    assert not [x for x in entries(sch) if x["title"].startswith(("Title:", "Speaker"))]


def test_seminar_list_of_day_colon_speaker_lines_over_title_fields():
    # `**September 18**: Name`, then `**Title**:` and `**Abstract**:`: each day line
    # names the speaker of the talk under it (the last talk has no abstract)
    sch = read(
        "This semester's talks:\n\n"
        "**September 18**: Ana Ruiz\n\n"
        "**Title**: Tilings of the plane\n\n"
        "**Abstract**: We look at tilings and ask when they repeat, with pictures for all.\n\n"
        "**September 25**: Bo Stone\n\n"
        "**Title**: Counting paths\n\n"
        "**Abstract**: Paths in grids are counted in many ways, and we see some today.\n\n"
        "**October 16**: Cy Young\n\n"
        "**Title**: Knots for beginners\n", "seminar.md")
    assert [(e["title"], e["people"]) for e in entries(sch)] == [
        ("Tilings of the plane", ["Ana Ruiz"]), ("Counting paths", ["Bo Stone"]),
        ("Knots for beginners", ["Cy Young"])]


def test_numbered_speaker_bullets_under_a_timed_session_are_its_speakers():
    # `9:40 - 10:00a  **Session 1: short talks**` over `- Speaker 1: Dr. Name` bullets
    # (no talk titles): the bullets name the session's speakers, they are no talks
    sch = read(
        "9:00 - 9:10a    **Welcome**\n\n"
        "9:10 - 10:00a   **Session 1: short talks (5 mins each)**\n"
        "- Speaker 1: Dr. Lena Marsh\n"
        "- Speaker 2: A/Prof. Tom Okafor\n"
        "- Speaker 3: Prof. Ines Duarte\n\n"
        "10:00 - 10:30a  **Morning break**\n", "program.md")
    e = titled(sch, "Session 1: short talks (5 mins each)")
    assert e["start"] == "09:10"
    assert e["people"] == ["Lena Marsh", "Tom Okafor", "Ines Duarte"]
    assert not [x for x in entries(sch) if x["title"].startswith("Speaker")]


def test_accepted_papers_written_people_first_with_the_title_in_square_brackets():
    # `* (Talk \#1): Authors. [Title]`: the authors come first, the title after them in
    # square brackets that link nowhere; a poster line may lack the full stop
    sch = read(
        "### Contributed talks\n\n"
        "* (Talk \\#1): Mira Olsen, Tomas Brandt. [Quiet Gradients in Sparse Adapters]\n\n"
        "* (Talk \\#2): Ines Duarte. [Certified Pruning: A Second Look]\n\n"
        "### Posters\n\n"
        "* (Poster \\#1): Kai Wen, Lena Vogt [Data Debts in Federated Audits]\n", "accepted.md")
    assert [(e["title"], e["people"]) for e in entries(sch)] == [
        ("Quiet Gradients in Sparse Adapters", ["Mira Olsen", "Tomas Brandt"]),
        ("Certified Pruning: A Second Look", ["Ines Duarte"]),
        ("Data Debts in Federated Audits", ["Kai Wen", "Lena Vogt"])]


def test_a_pasted_seminar_archive_whose_rows_start_with_the_date():
    # `Date Topic Speaker` pasted as lines: `Apr 7, 2023 Title`, then `Dr. Name,` and the
    # affiliation; the date leading a row is no part of its title
    sch = read(
        "Recent Colloquium Talks\n\n"
        "Date Topic Speaker\n"
        "Apr 7, 2023 Loss models for small insurers\n\n"
        "Dr. Emil Varga,\n"
        "University of Szeged\n\n"
        "Mar 10, 2023 Funding maths education research\n\n"
        "Dr. Asha Raman,\n\n"
        "Feb 3, 2023 Swimming through thick fluids\n\n"
        "Dr. Ebru Kaya,\n"
        "Lehigh University\n", "colloquium.txt")
    assert titled(sch, "Loss models for small insurers")["people"] == ["Emil Varga"]
    assert titled(sch, "Swimming through thick fluids")["people"] == ["Ebru Kaya"]
    assert not [e for e in entries(sch) if e["title"].startswith(("Apr 7", "Mar 10", "Feb 3"))]


def test_a_bold_day_or_bold_field_glued_to_the_next_field_starts_its_own_line():
    # a seminar page pasted from a browser loses the break after a bold day heading
    # (`**Monday, May 8, 2023**Title: ...`) and after a bold speaker line
    # (`**Speaker: Name, Place**Time: ...`); a bold label and its value stay together
    sch = read(
        "**Monday, May 8, 2023**Title: Knots in Four Dimensions\n\n"
        "**Speaker: Ada Quill, Lakeside University**Time: 3:40pm – 4:30pm\n\n"
        "Room: Hall 12\n\n"
        "We look at knots.\n\n"
        "**Monday, May 1, 2023**\n\n"
        "Title: Packing Spheres\n\n"
        "**Speaker:**Ben Ortiz, Ridge College\n\n"
        "Time: 3:40pm – 4:30pm\n\n"
        "Room: Hall 12\n\n"
        "We pack spheres.\n", "seminar.md")
    got = [(e["title"], str(e["date"]), e["start"], e["end"], e["people"], e["room"])
           for e in entries(sch)]
    assert got == [
        ("Knots in Four Dimensions", "2023-05-08", "15:40", "16:30", ["Ada Quill"], "Hall 12"),
        ("Packing Spheres", "2023-05-01", "15:40", "16:30", ["Ben Ortiz"], "Hall 12"),
    ]


def test_a_speaker_field_above_the_title_field_of_a_seminar_entry_is_its_speaker():
    # each entry written as fields under its day, the speaker before the title and the
    # `Time:` line closing it: the speaker line belongs to the entry, as the title does
    sch = read(
        "**Monday, May 8, 2023**\n\n*Speaker: Ada Quill, Lakeside University*\n\n"
        "Title: Knots in Four Dimensions\n\nTime: 3:40pm – 4:30pm\n\nRoom: Hall 12\n\n"
        "**Monday, May 1, 2023**\n\n*Speaker: Ben Ortiz, Ridge College*\n\n"
        "Title: Packing Spheres\n\nTime: 3:40pm – 4:30pm\n\nRoom: Hall 12\n", "seminar.md")
    assert [(e["title"], str(e["date"]), e["start"], e["people"]) for e in entries(sch)] == [
        ("Knots in Four Dimensions", "2023-05-08", "15:40", ["Ada Quill"]),
        ("Packing Spheres", "2023-05-01", "15:40", ["Ben Ortiz"]),
    ]


def test_a_speaker_field_glued_to_the_day_or_run_on_after_the_title_field():
    # a pasted seminar page that lost its breaks: the bold day glued to an emphasised
    # speaker field (`**Tuesday, April 25, 2017***Speaker: Name, Place *`), and a title
    # field with the speaker field run on (`Title: X *Speaker: Name, Place *`)
    sch = read(
        "**Tuesday, April 25, 2017***Speaker: Professor Ana Ruiz, Lakeside University *\n\n"
        "Title: Waves on Thin Films\n\nTime: 3:40pm – 4:30pm\n\nRoom: Hall 401\n\n"
        "We watch waves on films of soap.\n\n"
        "**Thursday, March 2, 2017**\n\n"
        "Title: Sparse Rewards *Speaker: Bo Chen, Professor at Ridge College *\n\n"
        "Time: 3:40pm – 4:30pm\n\nRoom: Hall 405\n\n"
        "**Thursday, February 23, 2017**Title: Graphs in Motion\n\n"
        "**Speaker: Cy Young, Hill College**Time: 3:40pm – 4:30pm\n", "colloquium.md")
    assert [(e["title"], str(e["date"]), e["start"], e["people"], e["room"])
            for e in entries(sch)] == [
        ("Waves on Thin Films", "2017-04-25", "15:40", ["Ana Ruiz"], "Hall 401"),
        ("Sparse Rewards", "2017-03-02", "15:40", ["Bo Chen"], "Hall 405"),
        ("Graphs in Motion", "2017-02-23", "15:40", ["Cy Young"], None),
    ]


def test_quoted_titles_over_date_time_and_location_fields():
    # a colloquium page: each talk a title in double quotes (one wrapped over two
    # paragraphs), a short note (`Candidate's Talk`), then `Date:`, `Time:`, `Location:`
    # fields and the abstract; the `Date:` field sets the day without ending the entry
    sch = read(
        "## Spring Colloquia\n\n"
        "## March 2019\n\n"
        "\"Knots, Braids and Their Friends\"\n\n"
        "Candidate's Talk\n\n"
        "Date: Tuesday, March 5, 2019\n\nTime: 4:30 PM\n\nLocation: Hall 12\n\n"
        "Abstract:\n\nWe tie knots and braid strands, and see how the two are related.\n\n"
        "\"Counting Lattice Paths with Obstacles\n\nin the Plane and Beyond\"\n\n"
        "Date: Tuesday, March 12, 2019\n\nTime: 4:30 PM\n\nLocation: Hall 14\n\n"
        "Abstract:\n", "colloquia.md")
    assert [(e["title"], str(e["date"]), e["start"], e["room"]) for e in entries(sch)] == [
        ("Knots, Braids and Their Friends", "2019-03-05", "16:30", "Hall 12"),
        ("Counting Lattice Paths with Obstacles in the Plane and Beyond", "2019-03-12", "16:30",
         "Hall 14"),
    ]


def test_a_seminar_list_of_bare_date_lines_each_over_its_one_entry_line():
    # `March 4` over one line: a plain event, or `Name, position, Place, "Title"` with a
    # note after the quote; a `(no seminar)` day gives no entry
    sch = read(
        "Chemistry Seminars\n\n"
        "Spring 2019 Seminars\n\n"
        "February 25\n\n"
        "Welcome Back Lunch and Poster Session\n\n"
        "March 4\n\n"
        "Student Meet and Greet, (to be held in Hall 207)\n\n"
        "March 11\n\n"
        "Spring break (no seminar scheduled)\n\n"
        "March 18\n\n"
        "Prof. Ana Ruiz, Chemistry, \"Thirty Years of Crystals\", (to be held in Hall 207)\n\n"
        "March 25\n\n"
        "Bo Chen, Senior Scientist, Ridge National Laboratory, \"Slow Light in Glass\" "
        "(joint with Physics)\n", "seminars.txt")
    got = [(e["title"], e["people"], e["room"]) for e in entries(sch)]
    assert got == [
        ("Welcome Back Lunch and Poster Session", [], None),
        ("Student Meet and Greet", [], "Hall 207"),
        ("Thirty Years of Crystals", ["Ana Ruiz"], "Hall 207"),
        ("Slow Light in Glass", ["Bo Chen"], None),
    ]
    assert titled(sch, "Slow Light in Glass")["affs"] == ["Ridge National Laboratory"]


def test_a_keynote_label_over_a_name_and_no_title_names_its_speaker():
    # `| 9:45 | **Keynote: [Name](speakers.html#)** |`: the program has no title for the
    # keynote yet; the name the label announces is its speaker (and, as rendered, its
    # title); a keynote whose words are a subject names no one
    sch = read(
        "## Friday, May 3, 2024\n\n"
        "| Time | Event |\n|---|---|\n"
        "| 9:00 | Registration Opens |\n"
        "| 9:45 | **Keynote: [Sara Terp](speakers.html#)** |\n"
        "| 10:45 | Keynote: Data Centers Today |\n"
        "| 11:45 | Break |\n", "schedule.md")
    assert titled(sch, "Sara Terp")["people"] == ["Sara Terp"]
    assert titled(sch, "Data Centers Today")["people"] == []


def test_panel_members_as_bullets_under_a_timed_panel_bullet():
    # `• 10.30-11.15: panel Title:` over sub-bullets `Name, position, institution` (one
    # wrapped onto a second line, a moderator labelled): the panel's speakers, no talks
    sch = read(
        "Programme:\n\n"
        "  • 9.30: Opening ceremony\n"
        "  • 10.00: Greetings from the partner universities\n"
        "  • 10.30-11.15: panel Open science in small countries:\n"
        "    • Ana Ruiz, member of the National Assembly\n"
        "    • Bo Chen, Rector of Ridge University, Lakeside, \n"
        "      Northland, member of the Science Council\n"
        "    • Moderator: Cy Young, Hill College\n"
        "  • 11.30: Closing words\n"
        "  • 12.00: Lunch\n", "programme.txt")
    e = titled(sch, "panel Open science in small countries")
    assert (e["start"], e["end"]) == ("10:30", "11:15")
    assert e["people"] == ["Ana Ruiz", "Bo Chen", "Cy Young"]
    assert [x["title"] for x in entries(sch)] == [
        "Opening ceremony", "Greetings from the partner universities",
        "panel Open science in small countries", "Closing words", "Lunch"]


def test_a_talk_announced_in_a_sentence_with_its_day_time_and_room():
    # `On Friday, May 5, 2023, Dr. Name, position, will present a lecture on TITLE. The
    # lecture will take place at 2 pm in ROOM.`: an entry of its own, on that day
    sch = read(
        "The department hosts a colloquium every spring, open to all.\n\n"
        "Physics Colloquium\n\n"
        "On Thursday, April 11, 2024, Dr. Ana Ruiz, Professor of Physics at Ridge University, "
        "will present a guest lecture on Waves on Thin Films. The lecture will take place at "
        "3 pm in Science Hall, Room 12.\n\n"
        "Seminars are listed below after the colloquia.\n", "colloquium.txt")
    e = titled(sch, "Waves on Thin Films")
    assert (str(e["date"]), e["start"], e["people"], e["room"]) == (
        "2024-04-11", "15:00", ["Ana Ruiz"], "Science Hall, Room 12")


def test_a_pasted_table_header_of_column_names_is_no_item():
    # `Date Topic Speaker` on a line of its own, under the section's title: a table's
    # header row pasted as words; neither it nor the title over it is a talk
    sch = read(
        "Recent Colloquium Talks\n\n"
        "Date Topic Speaker\n"
        "Apr 7, 2023 Loss models for small insurers\n\n"
        "Dr. Emil Varga,\n"
        "University of Szeged\n\n"
        "Feb 3, 2023 Swimming through thick fluids\n\n"
        "Dr. Ebru Kaya,\n"
        "Lehigh University\n", "colloquium.txt")
    assert [(e["title"], e["people"]) for e in entries(sch)] == [
        ("Loss models for small insurers", ["Emil Varga"]),
        ("Swimming through thick fluids", ["Ebru Kaya"])]


def test_a_label_alone_under_a_date_line_is_no_entry_of_that_day():
    # `Tuesday, May 18, 2021` over `Acceptance notification:` over `Thursday, May 20, 2021`
    # (a page's important dates): the label belongs to the date after it
    from planner.parsers.program.dated import dated_entry

    assert dated_entry("Acceptance notification:") is None
    assert dated_entry("Welcome Back Lunch").title == "Welcome Back Lunch"


def test_a_bare_morning_start_ending_at_12am_ends_at_noon():
    # an unconference's bullet list: the meridiem only on the end, `12:00am` written for
    # noon after a morning start (not a night from 23:15 to midnight)
    sch = read(
        "Tentative schedule\n\n"
        "  • 10 - 10:30am. Arrivals and coffee\n"
        "  • 10:30 - 11:15am - Pitches\n"
        "  • 11:15 - 12:00am - First round of sessions\n"
        "  • 12:15 - 1:00pm - Second round of sessions\n", "unconf.txt")
    e = titled(sch, "First round of sessions")
    assert (e["start"], e["end"]) == ("11:15", "12:00")


def test_colon_less_three_digit_clocks_opening_bold_bullets():
    # a one-day event's schedule as bold bullets, clocks written without a colon and
    # without am/pm: `830-900`, `1200-130` (noon to half past one), `130-230`
    sch = read(
        "## Schedule\n\n"
        "* **830-900 : Arrival/Breakfast**\n\n"
        "* **900-1030: Lightning Talks**\n\n"
        "* **1030-1100: Break/Coffee**\n\n"
        "* **1100-1200: Panel on open hardware**\n"
        "  * Moderator: Ana Ruiz\n\n"
        "* **1200-130: Lunch and Poster Session**\n\n"
        "* **130-230: Town hall on shared labs**\n", "day.md")
    got = {e["title"]: (e["start"], e["end"]) for e in entries(sch)}
    assert got["Arrival/Breakfast"] == ("08:30", "09:00")
    assert got["Break/Coffee"] == ("10:30", "11:00")
    assert got["Lunch and Poster Session"] == ("12:00", "13:30")
    assert got["Town hall on shared labs"] == ("13:30", "14:30")


def test_a_number_range_inside_a_line_is_not_a_clock():
    # `830-900` read as a clock only where it opens the line
    sch = read("## Program\n\n* 9:00-10:00 Opening, see pp. 830-900 of the proceedings\n"
               "* 10:00-11:00 Talks\n", "p.md")
    assert [(e["start"], e["end"]) for e in entries(sch)] == [("09:00", "10:00"), ("10:00", "11:00")]


def test_a_session_chair_in_the_titles_closing_parenthesis():
    # `11.05 - 12.30: Session 1 - Storage (Chair: Ana Ruiz)`: the chair in parentheses
    # after the session's name is no part of its title, and no speaker
    sch = read(
        "### Monday, July 16th\n\n"
        "9.30 - 9.35: Welcome Address\n\n"
        "11.05 - 12.30: Session 1 - Storage Systems (Chair: Ana Ruiz)\n\n"
        "14.00 - 15.50: Session 2 - Access Control (Session Chair: Bo Chen)\n", "program.md")
    got = {e["title"]: (e["start"], e["people"]) for e in entries(sch)}
    assert got == {"Welcome Address": ("09:30", []), "Session 1 - Storage Systems": ("11:05", []),
                   "Session 2 - Access Control": ("14:00", [])}


def test_talk_bullets_with_their_presenter_in_a_tab_indented_sub_bullet():
    # `* Title` then `<TAB>- *Name, Affiliation*` (the sub-list indented by a tab, as
    # editors save it), under a bold time line with a tab before its title: a list,
    # not a copied tab-separated table
    sch = read(
        "# Doctoral Forum\n\n"
        "**8:50 AM – 10:30 AM**\t Session 1, Chair: Lena Park  \n"
        "* Verified Parsers for Binary Formats  \n"
        "\t- *Mira Okafor, University of Ghent*  \n"
        "* Side Channels in Shared Caches  \n"
        "\t- *Tomas Brandt, KTH Royal Institute of Technology*  \n"
        "* Fuzzing Stateful Network Services  \n"
        "\t- *Ines Duarte, University of Porto*  \n"
        "* Memory-Safe Drivers at Scale  \n"
        "\t- *Kai Wen, Zhejiang University*\n\n"
        "**10:30 AM – 11:00 AM** \tBreak\n", "forum.md")
    got = {e["title"]: (e["people"], e["affs"]) for e in entries(sch)}
    assert got["Verified Parsers for Binary Formats"] == (["Mira Okafor"], ["University of Ghent"])
    assert got["Side Channels in Shared Caches"] == (["Tomas Brandt"], ["KTH Royal Institute of Technology"])
    assert got["Memory-Safe Drivers at Scale"] == (["Kai Wen"], ["Zhejiang University"])
    assert titled(sch, "Break")["start"] == "10:30"


def test_a_heading_then_its_fields_with_the_day_and_time_last():
    # a generated schedule dump: `### Title`, then bullets `**Speakers:**`, `**Room:**`,
    # `**Day:** Saturday` and only then `**Time:** 09:30 - 09:50`, an abstract under it;
    # the same weekday again for the next entry is the same day
    sch = read(
        "# Devroom Schedule\n\n"
        "## Keynotes (2)\n\n"
        "### Welcome to the Devroom\n\n"
        "- **Speakers:** Ana Ruiz, Bo Chen\n"
        "- **Room:** Hall A\n"
        "- **Day:** Saturday\n"
        "- **Time:** 09:30 - 09:50\n\n"
        "#### Abstract\n\n"
        "How the day will run.\n\n"
        "---\n\n"
        "### Rust in the Kernel\n\n"
        "- **Speakers:** Mira Okafor\n"
        "- **Room:** Hall A\n"
        "- **Day:** Saturday\n"
        "- **Time:** 10:00 - 10:50\n\n"
        "#### Abstract\n\n"
        "Where the kernel stands.\n\n"
        "---\n", "dump.md")
    a = titled(sch, "Welcome to the Devroom")
    assert (a["start"], a["end"], a["people"]) == ("09:30", "09:50", ["Ana Ruiz", "Bo Chen"])
    b = titled(sch, "Rust in the Kernel")
    assert (b["start"], b["end"], b["people"]) == ("10:00", "10:50", ["Mira Okafor"])
    assert a["date"] == b["date"]


def test_a_quoted_name_in_a_note_is_not_the_title():
    # `Dinner (Restaurant: Gasthaus "Zum Loewen", Old Town)`: the quote names the place
    # in the entry's note, not its title; a quoted title outside a note still is one
    sch = read(
        "## Thursday, 19/05/2022\n\n"
        "- 09:00 - 10:00 Invited talk - \"Sparse Rewards\", Ana Ruiz\n"
        "- 19:00 - 22:00 Dinner (Restaurant: Gasthaus \"Zum Loewen\", Old Town)\n"
        "- 22:00 - 23:00 Walk (meet at \"The Old Bridge\")\n", "program.md")
    got = [e["title"] for e in entries(sch)]
    assert "Zum Loewen" not in got and "The Old Bridge" not in got
    assert got[0] == "Sparse Rewards"
    assert got[1].startswith("Dinner") and got[2].startswith("Walk")
    assert entries(sch)[2]["people"] == []


def test_a_later_table_with_no_header_row_keeps_the_header_above():
    # pipe rows with no delimiter row: `| Time | Description | Room |` heads the morning,
    # then under `#### Afternoon` the rows go straight on with no header of their own;
    # the short Room column is the room there too, not a second title beside each entry
    sch = read(
        "### Monday, 3 June 2024\n\n"
        "| **Time**\t| **Description**\t| **Room** |\n"
        "| 9:00 - 9:30\t| Welcome and coffee\t| A |\n"
        "| 9:30 - 10:00\t| Opening talk\t| A |\n\n"
        "#### Afternoon\n\n"
        "| 13:30 - 14:00\t| Poster walk\t| B |\n"
        "| 14:00 - 14:45\t| Working groups\t| A & B |\n"
        "| 15:00 - 16:00\t| Presentations session 2\t| A |\n", "program.md")
    got = [(e["start"], e["title"]) for e in entries(sch)]
    assert got == [("09:00", "Welcome and coffee"), ("09:30", "Opening talk"),
                   ("13:30", "Poster walk"), ("14:00", "Working groups"),
                   ("15:00", "Presentations session 2")]


def test_a_kind_label_then_only_a_name_after_an_honorific():
    # `Keynote: Dr. Ana Ruiz`: the honorific says a person follows, so the label is the
    # title and she its speaker (no title `Keynote: Dr` cut at the honorific's stop)
    sch = read(
        "## Monday, 3 June 2024\n\n"
        "| Time | Description |\n|---|---|\n"
        "| 9:00 - 9:30 | Welcome and coffee |\n"
        "| 9:30 - 10:00 | Keynote: Dr. Ana Ruiz |\n"
        "| 13:30 - 14:00 | Keynote: Prof. Bo Chen |\n", "program.md")
    a = titled(sch, "Keynote")
    assert (a["start"], a["people"]) == ("09:30", ["Ana Ruiz"])
    assert [e["people"] for e in entries(sch) if e["start"] == "13:30"] == [["Bo Chen"]]


def test_a_qualified_talk_label_then_a_name_or_a_placeholder():
    # `Long talk: Bo Chen`, `Short talk: Mira Okafor`, `Keynote pitch: tentative`: a word
    # before a talk's noun labels the slot like `Keynote:`; a name alone after it is the
    # speaker, a placeholder names no one; a title after it is the title
    sch = read(
        "Thursday, 19/05/2022\n"
        "  • 08:45 — 08:55 Welcome and Opening\n"
        "  • 08:55 — 09:55 Long talk: Bo Chen\n"
        "  • 10:00 — 10:30 Short talk: Mira Okafor\n"
        "  • 10:30 — 11:00 Keynote pitch: *tentative*\n"
        "  • 11:00 — 11:30 Short talk: Sparse Rewards in Practice\n", "program.txt")
    got = [(e["start"], e["title"], e["people"]) for e in entries(sch)]
    assert got[1:] == [("08:55", "Long talk", ["Bo Chen"]), ("10:00", "Short talk", ["Mira Okafor"]),
                       ("10:30", "Keynote pitch", []),
                       ("11:00", "Sparse Rewards in Practice", [])]


def test_the_day_stated_only_in_a_sentence_below_the_times():
    # times under no day heading, and the day only in the synopsis under them (`will be
    # held on Jun 3, the day before …`), its year in the page's title: the entries are on
    # that day, not today
    sch = read(
        "# Robotics Student Forum 2025 Program\n\n"
        "**9:00 AM** \tWelcome\n\n"
        "**9:10 AM – 10:30 AM**\t Session 1, Chair: Lena Park\n"
        "* Learning to Grasp in Clutter\n\n"
        "**10:30 AM – 11:00 AM** \tBreak\n\n"
        "## About\n\n"
        "The forum will be held on Jun 3, the day before the main conference. Students "
        "present their dissertation work to the audience.\n", "forum.md")
    assert {str(e["date"]) for e in entries(sch) if e["date"]} == {"2025-06-03"}
    assert titled(sch, "Break")["start"] == "10:30"


def test_jekyll_paper_includes_under_a_session():
    # a Jekyll page lists each paper as `{% include paper.html title="…" authors="…" %}`
    # (over several lines, or one), which its theme renders as the title over the authors
    sch = read(
        "---\nlayout: default\ntitle: Program\n---\n\n## Program\n\n"
        "### Monday, July 16th 2018\n\n"
        "<dl>\n\n"
        "<dt class=\"program-entry\">11.05 - 12.30: Session 1 - Storage</dt>\n\n"
        "{% include paper.html\n"
        "  title=\"Zoned Storage in Practice\"\n"
        "  authors=\"Ana Ruiz, Bo Chen and Mira Okafor\"\n"
        "%}\n\n"
        "{% include paper.html title=\"Log Servers Revisited\" authors=\"Kai Wen and Lena Park\" %}\n\n"
        "<dt class=\"program-entry\">12.30 - 14.00: Lunch</dt>\n\n"
        "</dl>\n", "program.md")
    a = titled(sch, "Zoned Storage in Practice")
    assert (a["session"], a["people"]) == ("Session 1 - Storage", ["Ana Ruiz", "Bo Chen", "Mira Okafor"])
    assert titled(sch, "Log Servers Revisited")["people"] == ["Kai Wen", "Lena Park"]
    assert titled(sch, "Lunch")["start"] == "12:30"


def test_an_entrys_related_links_heading_holds_links_not_talks():
    # a generated schedule dump: each entry's `#### Related Links` lists its chat room
    # and feedback page; they are the entry's links, and the heading names no speaker
    sch = read(
        "# Devroom Schedule\n\n"
        "### Rust in the Kernel\n\n"
        "- **Speakers:** Ana Ruiz\n"
        "- **Room:** Hall A\n"
        "- **Day:** Saturday\n"
        "- **Time:** 10:00 - 10:50\n\n"
        "#### Abstract\n\n"
        "Where the kernel stands.\n\n"
        "#### Related Links\n\n"
        "- [Chat room](https://chat.example.org/room)\n"
        "- [Submit Feedback](https://example.org/talk/1/feedback/)\n\n"
        "---\n", "dump.md")
    assert [e["title"] for e in entries(sch)] == ["Rust in the Kernel"]
    assert entries(sch)[0]["people"] == ["Ana Ruiz"]


def test_a_seminar_list_states_its_time_once_in_a_sentence():
    # bare date lines, each over its one line, under `All seminars are held on Thursdays
    # at 4:30 pm in Room 164 unless noted otherwise`: each entry on its date at that time
    sch = read(
        "Geophysics Seminar, Fall 2024\n\n"
        "All seminars are held on Thursdays at 4:30 pm in Room 164 unless noted otherwise.\n\n"
        "September 19\n"
        "Ana Ruiz, Professor of Geophysics, Yale University, \"Trembling Ground\"\n\n"
        "September 26\n"
        "Bo Chen, MIT, \"Ice Sheets and Sea Level\"\n\n"
        "October 3\n"
        "(no seminar scheduled)\n\n"
        "October 10\n"
        "Mira Okafor, ETH Zurich, \"Mantle Plumes Revisited\"\n", "seminar.txt")
    got = [(str(e["date"]), e["start"], e["title"], e["room"]) for e in entries(sch)]
    assert got == [("2024-09-19", "16:30", "Trembling Ground", "Room 164"),
                   ("2024-09-26", "16:30", "Ice Sheets and Sea Level", "Room 164"),
                   ("2024-10-10", "16:30", "Mantle Plumes Revisited", "Room 164")]


def test_a_room_column_beside_the_title_column_names_each_entrys_room():
    # `Time | Description | Room`: the Room column holds each entry's room; the title
    # column beside it is the title, not a room of its own (as `Workshop Track` beside
    # `Presentation` would make it), so two rows at one time are two parallel talks
    sch = read(
        "# Harbor Systems Day 2026\n\n## Wednesday, 18 March 2026\n\n"
        "| Time | Description | Room |\n|---|---|---|\n"
        "| 09:00 - 10:00 | Opening keynote | Main Hall |\n"
        "| 11:00 - 12:00 | Zoned Storage in Practice | A |\n"
        "| 11:00 - 12:00 | Leases Revisited | B |\n", "day.md")
    got = sorted((e["start"], e["title"], e["room"]) for e in entries(sch))
    assert got == [("09:00", "Opening keynote", "Main Hall"),
                   ("11:00", "Leases Revisited", "B"),
                   ("11:00", "Zoned Storage in Practice", "A")]


def test_two_bare_pipe_rows_under_a_heading_are_a_table():
    # the afternoon's two rows under a heading of their own, with no header or delimiter
    # row, after a full table: each row's cells are its time, title and room, not one
    # title `Poster walk | B`
    sch = read(
        "## Wednesday, 18 March 2026\n\n"
        "| Time | Description | Room |\n|---|---|---|\n"
        "| 09:00 - 10:00 | Opening keynote | Main Hall |\n\n"
        "#### Afternoon\n\n"
        "| 13:30 - 14:00 | Poster walk | B |\n"
        "| 14:00 - 15:00 | Closing panel | A |\n", "day.md")
    got = [(e["start"], e["title"], e["room"]) for e in entries(sch)]
    assert got == [("09:00", "Opening keynote", "Main Hall"), ("13:30", "Poster walk", "B"),
                   ("14:00", "Closing panel", "A")]
