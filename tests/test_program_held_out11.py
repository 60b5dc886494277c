"""The eleventh round's held-out layouts (real pages kept outside the repository), each as
an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_a_date_line_naming_the_speaker_with_a_comma_heads_the_fields_under_it():
    # a seminar archive: `DATE, Name (Place)` over `Title:` and `Abstract:` lines, talk
    # after talk; the date line names the day and the speaker, the fields the talk
    sch = read(
        "Past seminars\n\n"
        "17 March 2026, Mira Okafor (University of Lagos)\n"
        "Title: Counting Paths in Sparse Graphs\n"
        "Abstract: We count the paths of a sparse graph with a walk that remembers little.\n\n"
        "12 February 2026, Tomás Ferreira (IST)\n"
        "Title: Waves on Thin Films\n"
        "Abstract: Thin films carry waves whose speed depends on the film.\n\n"
        "08 January 2026, Hanna Lind (Lund University)\n"
        "Title: Learning to Answer from Examples\n"
        "Abstract: A learner sees one correct answer per question.\n")
    assert [e["title"] for e in entries(sch)] == [
        "Counting Paths in Sparse Graphs", "Waves on Thin Films", "Learning to Answer from Examples"]
    got = titled(sch, "Waves on Thin Films")
    assert got["people"] == ["Tomás Ferreira"] and got["affs"] == ["IST"]
    assert titled(sch, "Learning to Answer from Examples")["affs"] == ["Lund University"]


def test_a_date_line_with_a_comma_and_a_title_names_no_speaker():
    # `May 3, 2024, Registration opens`: the date, then words that name no one
    sch = read(
        "Spring Meeting 2024\n\n"
        "May 3, 2024, Registration opens\n\n"
        "May 4, 2024\n"
        "9:00 - 10:00 Opening of the meeting\n")
    assert all(e["people"] == [] for e in entries(sch))


def test_day_numbers_without_a_month_roll_over_into_the_next_month():
    # `Thursday, 31st` then `Friday, 1st`: the day after, in the next month, not another
    # month whose first is a Friday
    sch = read(
        "Postgraduate Meeting\n\n"
        "Wednesday, 30th\n\n"
        "19.30 Welcome drinks at the harbour\n\n"
        "Thursday, 31st\n\n"
        "9.15 Welcome\n\n"
        "9.30 Short talks on rock magnetism\n\n"
        "Friday, 1st\n\n"
        "9.00 Short talks on seismic noise\n\n"
        "16.00 Awards and closing remarks\n")
    days = [titled(sch, t)["date"] for t in (
        "Welcome drinks at the harbour", "Welcome", "Short talks on seismic noise")]
    assert (days[1] - days[0]).days == 1 and (days[2] - days[1]).days == 1
    assert days[2].day == 1 and days[2].weekday() == 4


TUTORIALS = (
    "# Tutorials\n"
    "Material for the tutorials of the 2025 meeting\n\n"
    "- **Session 1: Sunday, April 13, 10:00-12:00**\n"
    "  - *Sparse Solvers from Scratch* by Ana Ruiz at the University of Lisbon\n"
    "  - slides: [sparse_2025.pdf](./sparse_2025.pdf)\n"
    "  - additional material: [Solver notebooks](./solvers)\n"
    "- **Session 2: Sunday, April 13, 14:00-16:00**\n"
    "  - *Graphs on the GPU* by Bo Chen at Lund University\n"
    "  - additional material: [GPU notebooks](./gpu)\n"
    "  - additional material: [Benchmarks](https://example.org/bench)\n")


def test_a_talk_by_someone_at_a_place_names_the_speaker_and_where_they_work():
    # `*Title* by Name at the University of X` under a timed session heading
    sch = read(TUTORIALS, "README.md")
    got = titled(sch, "Sparse Solvers from Scratch")
    assert got["people"] == ["Ana Ruiz"] and got["affs"] == ["University of Lisbon"]
    assert got["session"] == "Session 1"
    assert titled(sch, "Graphs on the GPU")["affs"] == ["Lund University"]


def test_a_label_in_small_letters_over_a_link_is_a_link_not_a_talk():
    # `additional material: [Solver notebooks](./solvers)`: the entry's material
    sch = read(TUTORIALS, "README.md")
    titles = [e["title"] for e in entries(sch)]
    assert titles == ["Session 1", "Sparse Solvers from Scratch", "Session 2", "Graphs on the GPU"]


def test_a_linked_title_with_a_colon_stays_a_talk():
    # `[asyncio: We Did It Wrong](…)` in a table cell over its speaker: the link holds the
    # words before the colon too, so they are no label over a link
    sch = read(
        "<h2>Saturday, June 1, 2019</h2>\n<table>\n"
        '<tr><td class="time">2:00pm</td>\n'
        '<td><a href="/talks/a">asyncio: Waiting the Right Way</a> <br/>\nAna Ruiz</td></tr>\n'
        '<tr><td class="time">2:30pm</td>\n'
        '<td><a href="/talks/b">Typing Gradually</a> <br/>\nBo Chen</td></tr>\n'
        "</table>\n", "schedule.html")
    assert titled(sch, "asyncio: Waiting the Right Way")["people"] == ["Ana Ruiz"]


def test_a_group_in_parentheses_after_a_title_names_no_one():
    # `9.30 Oral presentations x3 (Group A)`: the group of talks, kept in the title
    sch = read(
        "Thursday, 31st\n\n"
        "9.30 Oral presentations x3 (Group A)\n\n"
        "10.30 Coffee Break\n\n"
        "11.00 Invited Speaker (Chris Mbeki, University of Leeds)\n\n"
        "11.45 Oral presentations x3 (Group B)\n")
    got = titled(sch, "Oral presentations x3 (Group B)")
    assert got["people"] == [] and got["start"] == "11:45"
    assert titled(sch, "Invited Speaker")["people"] == ["Chris Mbeki"]


COLLOQUIUM = (
    "#### Schedule\n\n"
    "- 03/09/2024 : [Sparse Rewards Are Enough](talks/okafor.html)\n"
    "by [Mira Okafor](https://example.org/okafor/)\n"
    "  - Time: 1pm-2pm EDT (5pm-6pm UTC)\n"
    "<br><br>\n"
    "- 10/09/2024 : [Typing Gradually in Practice](talks/chen.html)\n"
    "by [Bo Chen](https://example.org/chen/)\n"
    "  - Time: 1pm-2pm EDT (5pm-6pm UTC)\n"
    "<br><br>\n"
    "- 17/09/2024 : [Lightning Talks](talks/lt.html)\n"
    "  - Time: 12pm-12:30pm EDT (4pm-4:30pm UTC)\n"
    "<br><br>\n"
    "- 24/09/2024 : [Knots and Braids for Programmers](talks/lind.html)\n"
    "by [Hanna Lind](https://example.org/lind/)\n"
    "  - Time: 2:30pm-3:30pm EDT (6:30pm-7:30pm UTC)\n")


def test_a_dated_list_item_over_a_time_line_is_one_entry_on_its_date():
    # `- DD/MM/YYYY : [Title](…)`, `by [Name](…)`, then a `- Time: …` sub-item: the
    # item is the entry, its date the entry's day, the time line its hours
    sch = read(COLLOQUIUM, "colloquium.md")
    got = titled(sch, "Typing Gradually in Practice")
    assert (str(got["date"]), got["start"], got["end"]) == ("2024-09-10", "13:00", "14:00")
    assert got["people"] == ["Bo Chen"]
    lt = titled(sch, "Lightning Talks")
    assert (str(lt["date"]), lt["start"]) == ("2024-09-17", "12:00")
    assert str(titled(sch, "Knots and Braids for Programmers")["date"]) == "2024-09-24"


def test_br_tags_alone_on_a_line_are_spacing_not_an_html_block():
    # `<br><br>` between list items: the items after it are still Markdown
    sch = read(COLLOQUIUM, "colloquium.md")
    assert not any("](" in e["title"] or "<br>" in e["title"] for e in entries(sch))
    assert len(entries(sch)) == 4
