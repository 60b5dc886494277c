"""The seventh held-out set's failing layouts (real pages kept outside the repository),
each as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from datetime import date

from .test_program_shapes import entries, read, titled


def test_names_ending_in_a_colon_over_the_talks_title():
    # `• 9:30 – 10:15 Helen Gleeson:` with the title on the next, indented line: the colon
    # hands the line over to the title; the names are its speakers, not its title
    sch = read(
        "Spring workshop on soft matter, 12 March 2024\n\n"
        "  • 9:30 – 10:15 Ada Lovelace:\n"
        "    Engines that weave algebraic patterns\n"
        "  • 10:15 – 11:00 Charles Babbage and Mary Somerville:\n"
        "    Difference engines in practice\n")
    assert [e["title"] for e in entries(sch)] == ["Engines that weave algebraic patterns",
                                                  "Difference engines in practice"]
    assert titled(sch, "Engines that weave algebraic patterns")["people"] == ["Ada Lovelace"]
    assert titled(sch, "Difference engines in practice")["people"] == ["Charles Babbage", "Mary Somerville"]


def test_a_registration_deadline_is_no_day_of_the_program():
    # `Registration deadline: 4 January 2020` above `All talks will take place on the
    # 7 January 2020`: the deadline's date is no day heading
    sch = read(
        "Spring workshop on soft matter\n\n"
        "Please register on the booking page.\n"
        "Registration deadline: 4 March 2024\n\n"
        "All talks will take place on the 12 March 2024 in room G.04.\n\n"
        "  • 9:30 – 10:15 Ada Lovelace: Engines that weave algebraic patterns\n")
    assert titled(sch, "Engines that weave algebraic patterns")["date"] == date(2024, 3, 12)


def test_authors_closed_by_a_full_stop_before_the_title():
    # `-  12:00 -- 12:30 Dirk Tetzlaff and Sabine Glesner.` with the title after the stop,
    # on the same line or the next: the names first, as a citation with its authors in
    # front (a title that reads as a name, `Making MPI Intelligent`, too)
    sch = read(
        "Workshop on programming languages, 12 March 2024\n\n"
        "-  11:30 -- 12:00 Ada Lovelace, Charles Babbage and Mary Somerville.\n"
        "Engines that weave algebraic patterns\n \n"
        "-  12:00 -- 12:30 Alan Turing. On computable numbers\n \n"
        "-  12:30 -- 13:00 Grace Hopper.\nCompilers for everyone\n \n"
        "-  14:00 -- 14:30 Jean Sammet and Betty Holberton. Making Sorting Routines\n")
    assert [e["title"] for e in entries(sch)] == [
        "Engines that weave algebraic patterns", "On computable numbers", "Compilers for everyone",
        "Making Sorting Routines"]
    assert titled(sch, "Engines that weave algebraic patterns")["people"] == [
        "Ada Lovelace", "Charles Babbage", "Mary Somerville"]
    assert titled(sch, "On computable numbers")["people"] == ["Alan Turing"]
    assert titled(sch, "Compilers for everyone")["people"] == ["Grace Hopper"]
    assert titled(sch, "Making Sorting Routines")["people"] == ["Jean Sammet", "Betty Holberton"]


def test_a_title_followed_by_a_parenthesis_per_link():
    # `• Metarouting (paper) (slides)`: each link in a parenthesis of its own; none of
    # them is part of the title
    sch = read(
        "Tuesday 12 March 2024\n\n"
        "10:45 - 12:15: Session 1: Routing\n\n"
        "  • Metarouting (paper) (slides)\n"
        "    Ada Lovelace, University of London\n\n"
        "  • Routing by numbers (paper)\n"
        "    Alan Turing, University of Manchester\n")
    titles = [e["title"] for e in entries(sch)]
    assert "Metarouting" in titles and "Routing by numbers" in titles


def test_chairs_named_after_a_sessions_title_are_no_speakers():
    # `Plenary Session, Chaired by Alex Bateman, Ju Ying Hall` and a `Chaired by A, B`
    # line under a session: the chairs are neither the title nor its speakers; a last
    # part naming a hall is the room
    sch = read(
        "Friday, April 24, 2015\n\n"
        "09:05 - 10:25 Plenary Session, Chaired by Ada Lovelace, Main Lecture Hall\n\n"
        "10:45 - 12:00 Session 1: Curation of molecules\n"
        "Chaired by Alan Turing, Grace Hopper (backup)\n")
    e = titled(sch, "Plenary Session")
    assert (e["people"], e["room"]) == ([], "Main Lecture Hall")
    assert [p.name for p in e["obj"].chairs] == ["Ada Lovelace"]
    assert titled(sch, "Session 1: Curation of molecules")["people"] == []


def test_a_placeholder_title_field_under_a_lecture_label():
    # `Keynote Lecture 2` over `Title: TBD` and `**Amos Bairoch, **Swiss Institute …`:
    # the talk has no title yet; the lecture keeps its name and its speaker (a bold
    # name ending in a comma is a name before its affiliation, no title set apart)
    text = ("<table>\n<tr><th colspan=\"2\">Friday, April 24, 2015</th></tr>\n"
            "<tr><td>09:05 - 09:55</td><td><strong>Keynote Lecture 2</strong><br>Title: TBD<br>"
            "Ada Lovelace, University of London, UK</td></tr>\n"
            "<tr><td>09:55 - 10:25</td><td><strong>Invited Lecture 1</strong><br>Title: TBD<br>"
            "<strong>Alan Turing, </strong>University of Manchester, UK</td></tr>\n</table>\n")
    sch = read(text, "program.html")
    assert [e["title"] for e in entries(sch)] == ["Keynote Lecture 2", "Invited Lecture 1"]
    assert titled(sch, "Keynote Lecture 2")["people"] == ["Ada Lovelace"]
    assert titled(sch, "Invited Lecture 1")["people"] == ["Alan Turing"]


def test_a_clock_glued_to_a_word_in_capitals():
    # `11h50NESSy: a new evaluator`, `15h10XML to Annotations`, `16h30A Flexible System`:
    # a pasted table's time cell run into its title cell ends where a word in capitals or
    # a one-letter word begins, as it does before a capitalised word (`11h30Or-Parallel`)
    sch = read(
        "Workshop on languages, 12 March 2024\n\n"
        "11h30Or-Parallel Prolog on Clusters\nAlan Turing and Grace Hopper\n"
        "11h50NESSy: a new evaluator for tools\nJean Sammet\n"
        "15h10XML to Annotations Mapping Patterns\nMary Somerville\n"
        "16h30A Flexible Dynamic System\nAda Lovelace\n")
    got = {e["title"]: e["start"] for e in entries(sch)}
    assert got == {"Or-Parallel Prolog on Clusters": "11:30", "NESSy: a new evaluator for tools": "11:50",
                   "XML to Annotations Mapping Patterns": "15:10", "A Flexible Dynamic System": "16:30"}
    assert titled(sch, "A Flexible Dynamic System")["people"] == ["Ada Lovelace"]


def test_a_hall_alone_on_its_line_is_the_room_not_a_speaker():
    # `Reception<br>Dining Hall`, `Workshop 1: …<br>Chaired by X<br>Ju Ying Hall`: the
    # last line names the room, though it reads as a name; `Stuart Hall` stays a person
    text = ("<table>\n<tr><th colspan=\"2\">Friday, April 24, 2015</th></tr>\n"
            "<tr><td>18:10 - 19:30</td><td><strong>Reception</strong><br>Dining Hall</td></tr>\n"
            "<tr><td>19:30 - 20:00</td><td><strong>Cultural memory</strong><br>Stuart Hall</td></tr>\n"
            "<tr><td>20:00 - 21:00</td><td><strong>Workshop 1: Curation</strong><br>"
            "Chaired by Ada Lovelace<br>Ju Ying Hall</td></tr>\n</table>\n")
    sch = read(text, "program.html")
    e = titled(sch, "Reception")
    assert (e["people"], e["room"]) == ([], "Dining Hall")
    assert titled(sch, "Cultural memory")["people"] == ["Stuart Hall"]
    e = titled(sch, "Workshop 1: Curation")
    assert (e["people"], e["room"]) == ([], "Ju Ying Hall")


def test_authors_one_a_line_each_with_the_place_they_work():
    # `Nick Feamster, MIT` / `Ramesh Johari, Stanford` / `Hari Balakrishnan, MIT` under a
    # paper: one person a line, the place after the comma (given twice in the run), not
    # two names nor a title
    sch = read(
        "Tuesday 12 March 2024\n\n"
        "10:45 - 12:15: Session 1: Routing\n\n"
        "  • Implications of autonomy for policy routing\n"
        "    Ada Lovelace, MIT\n    Alan Turing, Stanford\n    Grace Hopper, MIT\n\n"
        "  • A next-generation routing protocol\n"
        "    Mary Somerville, UC Berkeley\n    Jean Sammet, UC Berkeley\n")
    e = titled(sch, "Implications of autonomy for policy routing")
    assert (e["people"], e["affs"]) == (["Ada Lovelace", "Alan Turing", "Grace Hopper"], ["MIT", "Stanford", "MIT"])
    e = titled(sch, "A next-generation routing protocol")
    assert (e["people"], e["affs"]) == (["Mary Somerville", "Jean Sammet"], ["UC Berkeley", "UC Berkeley"])
    assert len(entries(sch)) == 3


def test_a_full_stop_inside_a_title_whose_people_follow_a_comma():
    # `GNU Health. Incorporating Digital Public Goods (16), Luis Falcon`: the words before
    # the stop read as a name, but the line ends in its own speaker after a comma: the
    # stop is inside the title
    sch = read(
        "## Monday, May 1, 2025\n\n"
        "8:10 - 8:20 GNU Health. Incorporating Digital Public Goods in healthcare (16), Luis Falcon\n"
        "8:20 - 8:30 Sustainable Open Source Development (17), Sean Marcia\n"
        "8:30 - 8:40 Deploy Kubernetes... From Kubernetes: an overview of Cluster API\n"
        "8:40 - 8:50 GNU Health. Incorporating Digital Public Goods\n")
    e = titled(sch, "GNU Health. Incorporating Digital Public Goods in healthcare (16)")
    assert e["people"] == ["Luis Falcon"]
    # (nor does an ellipsis end a name: `Deploy Kubernetes...` is the title's start)
    assert titled(sch, "Deploy Kubernetes... From Kubernetes: an overview of Cluster API")["people"] == []
    # (nor is one name with a word in capitals an author: `GNU Health` is a project)
    assert titled(sch, "GNU Health. Incorporating Digital Public Goods")["people"] == []
