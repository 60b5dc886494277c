"""The time-first line's shortcuts in the reader give what its plain path gives.

The reader reads a plain timed line (`9:00 - 9:10 Title (3), Ana Ruiz, Bo Chen`) straight
into its entry; these tests hold each shortcut to the way every other line is read, on
real titles and names (frab schedules, pretalx/c3voc JSON) and on odd strings.
"""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.diagnostics import DiagnosticSink
from planner.parsers.program import read_doc
from planner.parsers.program import reader as reader_mod
from planner.parsers.program.drafts import Draft

from planner.parsers.program.people import _read_people, names_no_one_surely

from .test_program_fast_paths import FRAB, _frab_items, _real_people_names, plain_items


def _real_lines() -> list[str]:
    """Real titles and names as the shapes of time-first lines write them."""
    lines = []
    for path in FRAB:
        for k, (title, names) in enumerate(_frab_items(path)):
            lines += [f"{title} ({k}), {', '.join(names)}", title, f"{title}, {names[0]}",
                      f"{title} - {' and '.join(names)}", f"{', '.join(names)}: {title}",
                      f"{title}. {', '.join(names)}", f"{title} by {names[0]}"]
    # (and a few shapes real schedules seldom title their talks so)
    return lines + ["Session on privacy, Ana Ruiz", "Track opening", "Research session, Bo Chen",
                    "Lunch", "Panel by the organizers", "Ten years of Rust by Ana Ruiz and bo"]


def _read_both_ways(reader, text: str) -> tuple[Draft, Draft]:
    """The entry `_apply_header_text` makes of `text`, by its plain-line shortcut and
    by `split_item`'s whole answer (the shortcut turned off)."""
    fast = Draft(line=1)
    reader._apply_header_text(fast, text, ())
    with mock.patch.object(reader_mod, "plain_split", lambda *a: None):
        slow = Draft(line=1)
        reader._apply_header_text(slow, text, ())
    return fast, slow


def _reader():
    return reader_mod.Reader(read_doc(""), DiagnosticSink("test"))


def test_real_plain_lines_make_the_entry_the_whole_item_reading_makes():
    lines = _real_lines()
    assert len(lines) > 500
    reader = _reader()
    for prefer in (None, "comma", "dash", "colon-first"):
        reader.prefer_sep = prefer
        for text in lines:
            fast, slow = _read_both_ways(reader, text)
            assert fast == slow, (text, prefer)


@settings(max_examples=400, deadline=None)
@given(plain_items, st.sampled_from([None, "comma", "dash", "label"]))
def test_plain_lines_make_the_entry_the_whole_item_reading_makes(text, prefer):
    reader = _reader()
    reader.prefer_sep = prefer
    fast, slow = _read_both_ways(reader, text)
    assert fast == slow


def _holds_no_one(text: str) -> bool:
    """What `names_no_one_surely` promises of `read_people(text)`, read both ways."""
    for lenient in (False, True):
        got = _read_people.__wrapped__(text, lenient)
        if got is not None and got.people and got.score >= 0.99:
            return False
    return True


def test_real_title_tails_said_to_name_no_one_name_no_one():
    """The right side of every separator of real time-first lines (`looking forward
    (14), Erin McKean`), and real names after the ways a title's words may lead them."""
    sides = []
    for text in _real_lines():
        for sep in (", ", ": ", ". ", " - ", " by "):
            at = text.find(sep)
            while at >= 0:
                sides.append(text[at + len(sep):])
                at = text.find(sep, at + 1)
    names = _real_people_names()
    for k, name in enumerate(names):
        sides += [f"the {name}", f"{name} of {names[k - 1]}", f"with {name}, {names[k - 1]}",
                  f"{name} and the {names[k - 1]} (MIT)", f"Dr. {name} for Inria, {name}"]
    assert len(sides) > 1000
    said = 0
    for side in sides:
        if names_no_one_surely(side):
            said += 1
            assert _holds_no_one(side), side
    assert said > 100  # (the test tests something)


def test_the_words_no_name_holds_are_taken_off_no_name():
    """No word of `_NEVER_IN_NAMES` is one the reading takes off a name's start (an
    honorific, a lead `and`, a role label's word) or one `_word_class` lets pass."""
    from planner.parsers.program.people import _HONORIFIC_WORDS, _NEVER_IN_NAMES, _W_REFUSED, _word_class
    assert _NEVER_IN_NAMES.isdisjoint(_HONORIFIC_WORDS)
    assert _NEVER_IN_NAMES.isdisjoint({"and", "und", "et", "y", "with", "by", "al"})
    assert all(_word_class(w) & _W_REFUSED and _word_class(w.title()) & _W_REFUSED
               for w in _NEVER_IN_NAMES)


NO_ONE_BITS = ["the ", "The ", "of ", "for ", "Ana Ruiz", "Bo Chen", ", ", " and ", "& ", "; ",
               "(MIT)", " (zvr)", "Dr. ", "with ", "organized by ", "Speakers: ", " - ", "-",
               "'", "“x”", "et al.", "[3] ", "1A-3 ", "Organizers", "TBA", "van ", "(", ")",
               "University of ", "Inria", "looking forward", " (14)", "|", "·", "Jr."]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(NO_ONE_BITS), st.text(max_size=3)), max_size=10)
       .map("".join))
def test_lines_said_to_name_no_one_name_no_one(text):
    if names_no_one_surely(text):
        assert _holds_no_one(text)


def _known_first_word_plain(text: str) -> bool:
    """`kinds._may_be_known_label(text, frozenset())` the three-step way: the text's
    first run of ASCII letters, lower-cased, looked up among the labels' first words."""
    from planner.parsers.program.kinds import _LABEL_FIRST_WORDS, _LEAD_LETTERS
    run = _LEAD_LETTERS.match(text)
    return run is not None and run.group().lower() in _LABEL_FIRST_WORDS


LABEL_BITS = ["Keynote", "KEYNOTE", "keynotes", "Break", "Breakfast", "coffee", "Coffee-break",
              "Talk", "Talks", "talk:", "Panel", " ", ":", "-", "İ", "ı", "K", "ſ", "Session",
              "session1", "é", "Oral", "orals", "Plenary"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(LABEL_BITS), st.text(max_size=3)), max_size=6)
       .map("".join))
def test_a_known_label_first_word_is_found_in_one_match_as_in_three_steps(text):
    from planner.parsers.program.kinds import _may_be_known_label
    assert _may_be_known_label(text, frozenset()) == _known_first_word_plain(text)


def test_real_titles_open_with_a_known_label_word_as_the_three_steps_find():
    from planner.parsers.program.kinds import _may_be_known_label
    titles = [line for line in _real_lines()]
    assert len(titles) > 500
    for text in titles:
        assert _may_be_known_label(text, frozenset()) == _known_first_word_plain(text), text


def _entries(text: str, plain: bool) -> list[Draft]:
    """The entries the reader makes of `text`, with its shortcut for plain time lines
    (`Reader._plain_header`) or, when `plain`, every header read by `open_header`."""
    doc = read_doc(text)
    reader = reader_mod.Reader(doc, DiagnosticSink("test"))
    if plain:
        with mock.patch.object(reader_mod.Reader, "_plain_header", lambda self, ln, h: False):
            reader.run()
    else:
        reader.run()
    return reader.top + reader.loose


def test_real_time_lines_make_the_entries_open_header_makes():
    """Real titles and names as time-first lines under day headings, more than the
    600 lines `prepare` reads (and with ranges that run on, meridiems, a `9:20` alone):
    the plain-header shortcut makes each entry `open_header` makes."""
    lines = _real_lines()
    out = ["## Monday, May 1, 2025", ""]
    for k, text in enumerate(lines):
        if k and k % 700 == 0:
            out += ["", f"## Day {k // 700 + 1}", ""]
        h, m = 8 + (k % 60) // 6, (k % 6) * 10
        clock = [f"{h}:{m:02d} - {h}:{m + 9:02d}", f"{h}.{m:02d} – {h}.{m + 9:02d}",
                 f"{h}:{m:02d}"][k % 3]
        out.append(f"{clock} {text}")
    text = "\n".join(out)
    fast, slow = _entries(text, False), _entries(text, True)
    assert len(fast) > 1000
    assert fast == slow


@settings(max_examples=200, deadline=None)
@given(st.lists(plain_items, min_size=1, max_size=6))
def test_time_lines_make_the_entries_open_header_makes(items):
    text = "\n".join(f"9:{k:02d} - 9:{k + 5:02d} {item}" for k, item in enumerate(items))
    assert _entries(text, False) == _entries(text, True)


CLEAN_BITS = ["Title", " ", "(", ")", "(12)", "(paper)", "(slides)", "12", "(🔗)", "((3))", "(3", "٣",
              "(x, 4)", ".", "\t"]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(CLEAN_BITS), st.text(max_size=3)), max_size=8)
       .map("".join))
def test_a_title_is_cleaned_as_the_link_label_pattern_alone_cleans_it(text):
    """`clean_title` passes over a final parenthesis of figures alone without asking
    `_only_link_labels` (which says no to one): the title it gives is the same."""
    import re

    from planner.parsers.program.items import _only_link_labels, _trimmed_title, clean_title
    t = text.strip()
    while t.endswith(")") and _only_link_labels(t):
        t = re.sub(r"\s*\((?:[^()]*)\)\s*$", "", t)
    assert clean_title(text) == _trimmed_title(t)


STOP_BITS = ["Title", ". ", ".", " ", "K. ", "Dr. ", "Drs. ", "Prof. ", "Mr. ", "Mrs. ", "Ms. ",
             "A.B. ", "3. ", "v2. ", "\t", "\u2003", "ab", "X", "(", "_", "é. ", "Ana Ruiz"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(STOP_BITS), st.text(max_size=3)), max_size=8)
       .map("".join))
def test_a_full_stop_is_found_at_its_dots_as_the_pattern_searches_for_it(text):
    from planner.parsers.program.items import _STOP, _has_stop
    assert _has_stop(text) == (_STOP.search(text) is not None)


BY_BITS = ["by", "BY", "bY", "By", " by ", ", by ", "Ruby", "Müller", "İ", "ſ", "K", "\u2003",
           "b", "y", " ", ","]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(BY_BITS), st.text(max_size=3)), max_size=8)
       .map("".join))
def test_a_text_said_to_hold_no_by_holds_none(text):
    from planner.parsers.program.items import _SEPARATOR_OF, _may_hold
    if not _may_hold(text, "by"):
        assert _SEPARATOR_OF["by"].search(text) is None
