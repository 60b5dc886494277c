"""The ninth held-out set's failing layouts (real pages kept outside the repository),
each as an invented program of the same layout read through `parse_text`."""

from __future__ import annotations

from .test_program_shapes import entries, read, titled


def test_a_bracketed_link_word_after_the_title_is_no_part_of_it():
    # `10:00 am Engines that weave [abstract]`: a pasted page keeps its link's text in
    # brackets; it is a link to the abstract, not the title's last words
    sch = read(
        "FRIDAY, March 27, 2009\n"
        "10:00 am Engines that weave algebraic patterns [abstract]\n"
        "Ada Lovelace, University of London\n"
        "10:30 am Difference engines in practice [slides]\n"
        "Charles Babbage, Cambridge\n"
        "11:00 am BREAK\n")
    got = [(e["title"], e["start"]) for e in entries(sch)]
    assert ("Engines that weave algebraic patterns", "10:00") in got
    assert ("Difference engines in practice", "10:30") in got
    assert titled(sch, "Engines that weave algebraic patterns")["people"] == ["Ada Lovelace"]


def test_a_meridiem_glued_to_the_title_ends_the_clock():
    # `9.20amWelcome to the symposium`, `6.30-7.30pmIntroduction`: a table pasted without
    # its cell breaks glues the title to the meridiem; the capital after `am`/`pm` starts
    # the title, as it does after the minutes (`11.30-11.50Position Paper`)
    sch = read(
        "Monday, 16 April 2018\n\n"
        "6.00-6.30pmArrival, registration and refreshments\n"
        "9.20amWelcome to the symposium\n"
        "1.00 pmLunch\n"
        "2.00 – 3.30pmParallel sessions B\n")
    got = {(e["title"], e["start"], e["end"]) for e in entries(sch)}
    assert ("Arrival, registration and refreshments", "18:00", "18:30") in got
    assert ("Welcome to the symposium", "09:20", None) in got
    assert ("Lunch", "13:00", None) in got
    assert ("Parallel sessions B", "14:00", "15:30") in got


def test_a_meridiem_before_a_lower_case_word_is_no_clock_end():
    # `10 am` is a clock, but `10 Amsterdam` is not: the glued meridiem needs a capital
    # and a small letter after it
    sch = read(
        "Monday, 16 April 2018\n\n"
        "9.00am Welcome\n"
        "10.00 Amsterdam lectures\n")
    assert ("Amsterdam lectures", "10:00") in {(e["title"], e["start"]) for e in entries(sch)}


def test_a_definition_list_gives_each_term_its_people():
    # kramdown's definition list: `8:45 - 9:00 -- Welcome` (the term) over
    # `: + Ana Ruiz and Bo Chen` (its definition, here a list): the definition is a line
    # of its own, not more words of the title; an empty definition (`: `) is markup
    sch = read(
        "# Symposium\n\n"
        "## Program (June 27, 2019)\n\n"
        "8:30 - 9:00 -- Registration and breakfast\n"
        ": \n\n"
        "9:00 - 9:30 -- Welcome / opening remarks\n"
        ": + Ada Lovelace and Charles Babbage\n\n"
        "9:30 - 10:30 -- Engines that weave algebraic patterns\n"
        ": + Mary Somerville\n\n"
        "10:30 - 11:00 -- Break\n"
        ": \n")
    got = {(e["title"], e["start"]) for e in entries(sch)}
    assert ("Registration and breakfast", "08:30") in got
    assert ("Break", "10:30") in got
    assert titled(sch, "Welcome / opening remarks")["people"] == ["Ada Lovelace", "Charles Babbage"]
    assert titled(sch, "Engines that weave algebraic patterns")["people"] == ["Mary Somerville"]


def test_a_word_stressed_inside_a_title_leaves_the_title_whole():
    # `Evolution of the _R_ / _Bioconductor_ communities`: names set in italics inside
    # the phrase are no title set apart (nor is `communities` a person)
    sch = read(
        "# Symposium\n\n"
        "## Program (June 27, 2019)\n\n"
        "### Morning\n\n"
        "9:00 - 9:30 -- Welcome\n\n"
        "11:00 - 11:20 -- Evolution of the _R_ / _Bioconductor_ communities\n\n"
        "11:20 - 12:00 -- Engines that weave *algebraic* patterns\n")
    e = titled(sch, "Evolution of the R / Bioconductor communities")
    assert (e["start"], e["people"]) == ("11:00", [])
    assert titled(sch, "Engines that weave algebraic patterns")["start"] == "11:20"


def test_a_list_of_names_each_with_its_place_after_a_dash():
    # `+ Ada Lovelace – Cambridge` under `Short talks`, among `+ Mary Somerville – University
    # of Edinburgh`: a name, a dash and where she works, each line one speaker of the
    # block (a one-word place reads alone as a talk's title, not among its peers)
    sch = read(
        "Monday, June 24, 2019\n\n"
        "9:30 - 10:30 Short talks\n"
        "+ Ada Lovelace – Cambridge\n"
        "+ Charles Babbage – Royal Society / London\n"
        "+ Mary Somerville – University of Edinburgh\n"
        "+ John Herschel - Slough Observatory\n\n"
        "10:30 - 11:00 Break\n")
    e = titled(sch, "Short talks")
    assert e["people"] == ["Ada Lovelace", "Charles Babbage", "Mary Somerville", "John Herschel"]
    assert e["affs"][0] == "Cambridge"
    assert not any(x["title"] == "Cambridge" for x in entries(sch))


def test_a_place_in_parentheses_after_a_break_is_its_room():
    # `REGISTRATION (Claudia Cohen Hall)`, `12:40 pm LUNCH (Dining Hall)`: no one speaks
    # at a registration or a lunch; the parenthesis names a hall, the entry's room
    # (`Stuart Hall` after a talk's title stays its speaker)
    sch = read(
        "FRIDAY, March 27, 2009\n"
        "9:00 am REGISTRATION (Claudia Cohen Hall)\n"
        "10:00 am Engines that weave algebraic patterns (Stuart Hall)\n"
        "12:40 pm LUNCH (Dining Hall)\n")
    reg = titled(sch, "REGISTRATION")
    assert (reg["people"], reg["room"]) == ([], "Claudia Cohen Hall")
    lunch = titled(sch, "LUNCH")
    assert (lunch["people"], lunch["room"]) == ([], "Dining Hall")
    assert titled(sch, "Engines that weave algebraic patterns")["people"] == ["Stuart Hall"]


def test_a_quote_ending_the_title_is_the_titles_own():
    # `Evidence for two types of "by phrases"`: the quote closes the title's phrase (a
    # small word opens onto it); it is not the title set apart from people before it
    sch = read(
        "SATURDAY, March 28, 2009\n"
        "9:15 am Passives in Marshallese: Evidence for two types of \"by phrases\" [abstract]\n"
        "Ada Lovelace, University of London\n"
        "9:40 am Difference engines in practice [abstract]\n"
        "Charles Babbage, Cambridge\n")
    e = titled(sch, 'Passives in Marshallese: Evidence for two types of "by phrases"')
    assert (e["start"], e["people"]) == ("09:15", ["Ada Lovelace"])
