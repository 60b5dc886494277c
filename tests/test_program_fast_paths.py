"""The shortcuts the program reader takes for speed give what the plain paths give.

Each fast path (a pre-check that skips work, a cache, a bulk call) keeps its plain
twin beside it; these tests hold them together on arbitrary text built from what
programs are made of, not only on the texts in tests/test_same_output.py.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from planner.ids import IdAllocator, session_id, session_ids, talk_id, title_ids
from planner.model import SessionKind
from planner.parsers import names
from planner.parsers.program import people
from planner.parsers.program.build import _YEARISH, may_hold_year, may_hold_years
from planner.parsers.program.doc import Line
from planner.parsers.program.drafts import Draft
from planner.parsers.program.inline import _TOKEN, _next_token, _squash
from planner.parsers.program.items import (
    _FIELD,
    _LAST_PARENS,
    _LINK_LABELS,
    _SEPARATOR_OF,
    _best_split,
    _best_split_plain,
    _holds_other,
    _mask_parens,
    _mask_parens_plain,
    _may_hold,
    _may_hold_field,
    _other_bounds,
    _only_link_labels,
    _other_reaches,
    ItemParts,
    _plain_item,
    _split_item,
    _title_like,
    holds_for,
    page_split,
    split_item,
    plain_title,
)
from planner.parsers.program.kinds import (
    _ANY_KIND_WORD,
    _KIND_WORDS,
    _LABEL_PREFIX,
    _LABEL_SUFFIX,
    _PATTERN_FIRST_WORDS,
    _QUALIFIED_LABEL,
    _WORD,
    LABELS,
    _may_lead_label,
    fold_label,
    kind_from_words,
    kind_from_words_plain,
    kinds_from_words,
    may_name_kind,
    split_label,
)
from planner.parsers.program.lines import _header_of_plain, is_people_line, lead_range_header
from planner.parsers.program.people import (
    _EVENT_WORDS,
    _ORG_STRONG,
    _ORG_WORDS,
    _read_people,
    _split_top,
    _split_top_plain,
    _units,
    _units_plain,
)
from planner.parsers.program.reader import (
    _CLOCKISH,
    _OPEN_RANGE,
    _RUN_START,
    _inside,
    _may_open_range,
    _paren_room,
    _sep_settled,
)
from planner.parsers.program.stated_zone import (
    _TIME_WORDS,
    ABBREVIATIONS,
    find_zone_mentions,
    may_mention_zone,
    may_mention_zones,
    stated_zone,
    zone_mentions,
)
from planner.parsers.program.text_front import _cell_marked, _cell_plain, _split_pipes, _split_row
from planner.parsers.program.when import _ANY_ANCHOR, find_days, month_of, month_of_plain


@contextmanager
def _long_way():
    """The people-line helpers without their shortcuts: each pattern applied always."""
    saved = (people._without_code, people._without_honorifics, people._without_lead_and,
             people._no_one, people.clean_name, people._units, people.name_like,
             people._may_hold_and, people._may_end_in_et_al)
    people.clean_name = people._clean_name_plain
    people._units = people._units_plain
    people.name_like = people._name_like_plain
    people._may_hold_and = lambda t: True
    people._may_end_in_et_al = lambda t: True
    people._without_code = lambda t: people._CODE.sub("", t)
    people._without_honorifics = lambda t: people._HONORIFIC.sub("", t)
    people._without_lead_and = lambda t: people._LEAD_AND.sub("", t)
    people._no_one = lambda n: people._NOT_PEOPLE.match(n) is not None
    try:
        yield
    finally:
        (people._without_code, people._without_honorifics, people._without_lead_and,
         people._no_one, people.clean_name, people._units, people.name_like,
         people._may_hold_and, people._may_end_in_et_al) = saved


def pieces(*extra: str) -> st.SearchStrategy[str]:
    """Text made of program words, the pieces given, and arbitrary characters."""
    words = ["Keynote", "coffee", "Break", "Panel", "session", "Poster", "check-in",
             "wrap up", "Happy Hour", "TRACK", "Oral", "9:00", "Room 3", ",", ":", " ",
             "İ", "ı", "Tea", "report", "Mon", "May", "2024", "19", "3.12.18", "Day 2",
             *extra]
    return st.lists(st.one_of(st.sampled_from(words), st.text(max_size=6)), max_size=12) \
        .map(" ".join)


@settings(max_examples=400, deadline=None)
@given(pieces(*[p.pattern for p, _ in _KIND_WORDS[:3]]))
def test_kind_from_words_equals_each_pattern_in_turn(title):
    assert kind_from_words(title) is kind_from_words_plain(title)


KIND_WORDS_WRITTEN = [
    "Coffee Break", "TEA", "lunch", "Breakfast", "dinner", "refreshment", "Refreshments",
    "catering", "Mittagspause", "Kaffeepausen", "PAUSE", "pausa", "Kaffee", "Mittagessen",
    "Déjeuner", "dejeuner", "Almuerzo", "comida", "pranzo", "Opening Remarks", "welcome",
    "closing", "farewell", "Award", "awards", "announcement", "Announcements",
    "introduction", "introductory", "wrap-up", "Wrap up", "wrapup", "report", "Begrüßung",
    "Begrussung", "begrüssung", "Eröffnung", "eroffnung", "Abschluss", "bienvenue",
    "ouverture", "Clôture", "cloture", "accueil", "bienvenida", "apertura", "clausura",
    "Inauguración", "inauguracion", "benvenuto", "reception", "social", "banquet", "mixer",
    "party", "excursion", "meetup", "game night", "Happy Hour", "trivia", "Keynotes",
    "plenary", "Invited", "posters", "Spotlights", "panel", "tutorials", "Workshops",
    "registration", "check-in", "checkin", "hacking", "Business Meeting", "office hour",
    "Office Hours", "oral", "session", "SECTION", "track", "coffee_break", "2coffee",
    "breaks", "teas", "wrap-", "check in", "gamenight", "Kelvin K", "ſession",
]


@settings(max_examples=1000, deadline=None)
@given(pieces(*KIND_WORDS_WRITTEN))
def test_kind_words_are_told_by_their_first_word_as_by_the_patterns(title):
    assert may_name_kind(title) or _ANY_KIND_WORD.pattern.search(title) is None
    assert kind_from_words.__wrapped__(title) is kind_from_words_plain(title)


@settings(max_examples=1000, deadline=None)
@given(pieces(*KIND_WORDS_WRITTEN))
def test_each_kind_pattern_needs_one_of_its_own_first_words(title):
    if title.isascii():
        low = title.lower()
        words = set(_WORD.findall(low))
        for (pattern, kind), first in zip(_KIND_WORDS, _PATTERN_FIRST_WORDS):
            if pattern.search(title):
                assert not first.isdisjoint(words) or kind is SessionKind.BREAK and "pause" in low


def test_every_kind_word_passes_the_word_check():
    for word in KIND_WORDS_WRITTEN:
        for title in (word, f"Day 1 {word}!", f"({word})"):
            if _ANY_KIND_WORD.pattern.search(title):
                assert may_name_kind(title), title
            for (pattern, kind), first in zip(_KIND_WORDS, _PATTERN_FIRST_WORDS):
                if title.isascii() and pattern.search(title):
                    low = title.lower()
                    assert not first.isdisjoint(_WORD.findall(low)) or \
                        kind is SessionKind.BREAK and "pause" in low, (title, kind)


@settings(max_examples=400, deadline=None)
@given(pieces("UTC+8", "GMT", "Europe/Berlin", "CI/CD", "I/O", "Europe/", "/Berlin",
              "America/New_York", "Asia/Kolkata (IST)", "Pacific Time", "TIME", "tİme", "EARTH",
              "Anywhere on Earth", "Vienna time", "local time in Tokyo", "(UTC-07:00)",
              *ABBREVIATIONS))
def test_zone_mentions_are_found_past_the_pre_check(line):
    assert find_zone_mentions(line, line) == zone_mentions(line, line)


@settings(max_examples=400, deadline=None)
@given(pieces("Tuesday, April 6, 2021", "2020-10-15", "23/04/2024", "1999", "20", "x2019",
              "12.3.24", "Dec 9"))
def test_a_dated_day_needs_what_the_year_pre_check_looks_for(text):
    if _YEARISH.search(text, 0, 500) is None:
        assert not any(m.full and m.year for m in find_days(text[:500]))


@settings(max_examples=600, deadline=None)
@given(pieces("2019", "1999", "20", "19", "3.12.18", "23/04/2024", "x2019", "9:20", "Node.js",
              "CI/CD", "2.0", "1/2"))
def test_the_year_pre_check_passes_every_text_the_year_pattern_finds(text):
    assert may_hold_year(text) or _YEARISH.search(text) is None


# -- the same checks over many texts at once (`joined.Joined`) ------------------------------

@settings(max_examples=300, deadline=None)
@given(st.lists(pieces(*KIND_WORDS_WRITTEN, "\n", "x" * 30), max_size=12))
def test_kinds_of_many_titles_at_once_are_each_titles_kind(titles):
    assert kinds_from_words(titles) == [kind_from_words_plain(t) for t in titles]


ZONE_BITS = ["UTC+8", "GMT", "Europe/Berlin", "CI/CD", "Pacific Time", "TIME", "tİme", "tıme",
             "EARTH", "Vienna time", "Vienna\ttime", "Runtime", "local time in Tokyo",
             "Anywhere on Earth", "Pacific Daylight Time (PDT)", "Central\xa0Time", "(UTC-07:00)",
             "ESTX", "xEST", "EST", "\n", "x" * 598, *ABBREVIATIONS]


@settings(max_examples=300, deadline=None)
@given(st.lists(pieces(*ZONE_BITS), max_size=12))
def test_lines_that_may_mention_a_zone_are_all_found_at_once(lines):
    found = set(may_mention_zones(lines))
    assert all(i in found for i, line in enumerate(lines) if zone_mentions(line[:600], ""))
    numbered = list(enumerate(lines, 1))
    assert stated_zone(numbered, "") == _stated_zone_line_by_line(numbered)


def test_a_long_line_is_taken_where_its_first_600_characters_may_name_a_zone():
    """Abstracts longer than 600 characters are read by their first 600 only, and taken
    only where those may name a zone (the cut can make one: `ESTX` cut to `EST`)."""
    prose = "Our scheduler reduces tail latency across the cluster by half. " * 12
    cut_word = "x" * 596 + " ESTX keeps the session short"
    stated = "All times are CEST. " + prose
    lines = [prose, cut_word, stated, prose + " Europe/Berlin"]
    found = may_mention_zones(lines)
    assert 0 not in found and 1 in found and 2 in found
    numbered = list(enumerate(lines, 1))
    assert stated_zone(numbered, "") == _stated_zone_line_by_line(numbered)
    assert stated_zone(numbered, "").evidence == "CEST"  # (a statement outweighs a mention)


def _stated_zone_line_by_line(lines):
    """`stated_zone` as it read every line before the joined pre-check."""
    from collections import Counter

    from planner.parsers.program.stated_zone import _STATEMENT, DEADLINE, StatedZone

    votes, first = Counter(), {}
    for no, line in lines:
        line = line[:600]
        if not may_mention_zone(line) or not (mentions := zone_mentions(line, "")):
            continue
        statement = _STATEMENT.search(line)
        if not statement and DEADLINE.search(line):
            continue
        for zone, evidence, assumed in mentions:
            votes[zone] += 3 if statement else 1
            first.setdefault(zone, (no, evidence, assumed))
    if not votes:
        return None
    zone = votes.most_common(1)[0][0]
    return StatedZone(zone, *first[zone])


@settings(max_examples=300, deadline=None)
@given(st.lists(pieces("Tuesday, April 6, 2021", "2020-10-15", "23/04/2024", "1999", "x2019",
                       "12.3.24", "١٩٩٩", "1٩99", "3.١2.18", "\n", "x" * 490), max_size=12))
def test_texts_that_may_hold_a_year_are_all_found_at_once(texts):
    found = set(may_hold_years(texts))
    assert all(i in found for i, t in enumerate(texts) if _YEARISH.search(t, 0, 500))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["talk", "break", "session"]), st.text(max_size=30),
                          st.sampled_from(["2025-05-01", "", "2024-02-29"])), max_size=10),
       st.sampled_from(["fosdem 2024", "gonçalves conf"]))
def test_session_ids_in_bulk_equal_session_id(rows, conference):
    assert session_ids(conference, rows) == [session_id(conference, *r) for r in rows]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=30), max_size=10))
def test_title_ids_in_bulk_equal_talk_id(titles):
    assert title_ids("fosdem 2024", titles) == [talk_id("fosdem 2024", t, [], "") for t in titles]


@given(st.lists(st.sampled_from(["a", "b", "a-2", "c"]), max_size=12))
def test_ids_claimed_in_bulk_equal_ids_claimed_one_at_a_time(bases):
    one = IdAllocator()
    assert IdAllocator().claim_all(bases) == [one.claim(b) for b in bases]


# -- one-line items and people lines ------------------------------------------------------

ITEM_BITS = ["Title", "Deep Learning", ", ", ": ", " - ", " – ", " by ", " by the organizers",
             "(", ")", "[", "]", "Ann Bo", "Cy Dee", "Zoë Ødegaard", "(MIT)", "(4)", "and",
             " & ", "; ", "·", "Keynote", "Invited talk (Brunskill)", "replaced by Bin Yu",
             "University of X", "(paper, slides)", "Tutorial", "et al.", "Session Chair: Y",
             "Prof. Dr. Sören Auer", "Martin Haase/maha", "exide", "李雷, 韩梅梅", "Room 3",
             "Philipp K. Krause", ". ", "GNU Health. Incorporating", "v2. ", "A. "]
items = st.lists(st.one_of(st.sampled_from(ITEM_BITS), st.text(max_size=4)), max_size=14) \
    .map("".join)


@settings(max_examples=600, deadline=None)
@given(items, st.booleans(), st.sampled_from([None, "comma", "dash", "colon", "by"]))
def test_best_split_judging_only_what_can_win_equals_judging_all(text, lenient, prefer):
    assert _best_split(text, lenient, prefer) == _best_split_plain(text, lenient, prefer)


@settings(max_examples=400, deadline=None)
@given(items)
def test_masking_parentheses_in_one_pass_equals_a_character_at_a_time(text):
    assert _mask_parens(text) == _mask_parens_plain(text)


@settings(max_examples=400, deadline=None)
@given(items, st.sampled_from([(",",), (";",), (",", "·", "•", "|", "，", "、")]))
def test_splitting_outside_brackets_in_one_pass_equals_a_character_at_a_time(text, seps):
    assert _split_top(text, seps) == _split_top_plain(text, seps)


# -- headers -------------------------------------------------------------------------------

HEADER_BITS = ["9:00 - 9:10 ", "09:00 – 09:30 ", "8:50 - 8:60 ", "11:00 - 1:00 ", "9.30-10.00 ",
               "23:00 - 24:00 ", "12:00 - 12:30 ", "9:00 - 9:10", "9:00 - 9:10  ", "9:00-9:10 am ",
               "Title", "am Talk", "PM", "noon", "Midnight", "EST", "CT scans", "AoE", "UTC+2",
               "Monday", "Mon.", "May", "mar", "Day 2", "day", "First day", "the Monday", "(",
               "()", ", ", "Ann Bo", " ", "Sat 3 Dec", "2024-05-01", "Zoë", "x" * 400,
               "[", "]", '"', "“", "„", "»", "«", "#", "[Security] ", '"Vanilla" ', " (15 min)",
               "(1:20)", "[Mon] ", "„Mai“ ", "#1 "]
header_lines = st.lists(st.one_of(st.sampled_from(HEADER_BITS), st.text(max_size=5)),
                        max_size=8).map("".join)
# Mostly lines that open with a range, as the shortcut wants them.
header_lines = st.one_of(header_lines, st.tuples(
    st.sampled_from(HEADER_BITS[:10]),
    st.sampled_from(["Title ", "am", "Pm ", "noon", "EST ", "CT scans", "AoE", "May ", "Mon. ",
                     "Day 2", "First day", "the Monday", "Zoë", "Ann Bo, ", "Registration",
                     "[Ops] ", "[", '"', "“Where” ", '"May" ', "[Monday] ", '"16 May" ',
                     "»Mo« ", "„16. Mai“ ", "#5 pm ", "# ", "#Monday "]),
    header_lines).map("".join))


@settings(max_examples=800, deadline=None)
@given(header_lines)
def test_lead_range_headers_are_the_headers_the_slow_way_finds(text):
    got = lead_range_header(text)
    if got is not None:
        assert got == _header_of_plain(Line(1, text)) == _header_of_plain(
            Line(1, text), allow_inner=False)


@settings(max_examples=400, deadline=None)
@given(items)
def test_people_units_without_parentheses_are_the_group(text):
    assert _units(text) == _units_plain(text)


# -- case-insensitive searches ------------------------------------------------------------

CASE_BITS = ["University", "UNIV", "institute", "Google", "red hat", "S.A", "Coffee Break",
             "KEYNOTE", "Opening", "remarks", "Monday", "MONDAY", "mOnDaY", "Dec.", "day",
             "2024-05-01", "3.12.2018", "Time", "EARTH", "ſ", "K", "ı", "İ", "ß", "Ⅻ",
             "Zoë", " ", ",", "-", "_"]
case_texts = st.lists(st.one_of(st.sampled_from(CASE_BITS), st.text(max_size=4)),
                      max_size=8).map(" ".join)


@settings(max_examples=600, deadline=None)
@given(case_texts)
def test_any_case_searches_find_what_the_case_folding_pattern_finds(text):
    for found in (_ANY_ANCHOR, _ANY_KIND_WORD, _ORG_WORDS, _ORG_STRONG, _EVENT_WORDS,
                  _TIME_WORDS):
        assert found.found(text) == (found.pattern.search(text) is not None), found.pattern


PLAIN_BITS = ["Title", "Deep Learning for Cats", ", ", "Keynote: ", "Room: ", "Chair: ", ": ",
              "Deep Learning: ", "Invited Talk - ", "Session Chair: X", " | ", "Ann Bo",
              "Cy Dee", "Zoë Ødegaard", " and ",
              "(4)", "(MIT)", "Lancelot SIX", "nojhan", "of", "x", "-", " - ", "4-bits", "by",
              " by ", "Bypass", "#", "@", ":", "|", "\"", "“", "Poster", "talk", "7", " ",
              "Coffee", "Keynote", ".", "et al.", "J. R. R. Tolkien", "University of X"]
plain_items = st.lists(st.one_of(st.sampled_from(PLAIN_BITS), st.text(max_size=3)),
                       max_size=10).map("".join)


@settings(max_examples=600, deadline=None)
@given(pieces("8:30", "10.00", "9:00 - 9:10", "Session 1", "12:00 Lunch", ".", ":", "1:2:34",
              "10:00:00"))
def test_a_run_of_items_has_the_stops_the_pre_check_counts(text):
    if _RUN_START.match(text):
        assert text.count(":") + text.count(".") >= 3


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PLAIN_BITS + [" — ", "—", " – ", " -- ", ":", " by ",
                                                         "BY", "Ｂy"]), st.text(max_size=3)),
                max_size=10).map("".join))
def test_a_separator_is_only_missed_where_its_pattern_finds_none(text):
    for kind, pattern in _SEPARATOR_OF.items():
        assert _may_hold(text, kind) or pattern.search(text) is None, kind


@settings(max_examples=1000, deadline=None)
@given(plain_items, st.booleans(), st.sampled_from([None, "comma", "dash"]),
       st.sampled_from([frozenset(), frozenset({"deep learning"})]))
def test_plain_items_are_read_as_the_slow_way_reads_them(text, lenient, prefer, labels):
    got = _plain_item(text, lenient, prefer, labels)
    if got is not None:
        assert got == _split_item.__wrapped__(text, (), labels, frozenset(), lenient,
                                               False, prefer)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.sampled_from(["Sept", "sep.", "MARCH", "Ma", "mayo", "Jun,", "December",
                                  "decembers", "Octo", "ju"]), st.text(max_size=12)))
def test_month_words_are_looked_up_as_they_were_searched(word):
    assert month_of(word) == month_of_plain(word)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u2003\u3000")),
               max_size=20))
def test_squashing_blanks_by_split_is_squashing_them_by_pattern(text):
    assert _squash(text) == re.sub(r"\s+", " ", text).strip()


PEOPLE_BITS = ["Dr. ", "Prof. Dr. ", "Mrs ", "Sir ", "and ", "& ", "und ", "1A-3 ", "A1.2 ",
               "#12 ", "[3] ", "٣A-1 ", "ſir ", "Ann Bo", "Cy Dee", ", ", "TBA", "Organizers",
               "Speakers", "Herr ", "Frau ", "(MIT)", "; ", "Zoë"]
people_lines = st.lists(st.one_of(st.sampled_from(PEOPLE_BITS), st.text(max_size=3)),
                        max_size=8).map("".join)


@settings(max_examples=500, deadline=None)
@given(people_lines, st.booleans())
def test_people_lines_skip_only_the_patterns_that_cannot_match(line, lenient):
    fast = _read_people.__wrapped__(line, lenient)
    with _long_way():
        assert fast == _read_people.__wrapped__(line, lenient)


AND_BITS = ["and", "AND", "And", "und", "UND", "et", "Et", "y", "Y", "&", "al", "al.", "AL",
            "et al", "et al.", "Zoë", "Łukasz", "Müller", "İ", "ı", "ſ", "K", "ﬀ", "ª", ","]
# Blanks of every kind: `str.split` and the pattern's `\s` must agree on them.
BLANKS = [" ", "  ", "\t", "\n", "\x0b", "\x1c", "\x85", "\xa0", "\u2003", "\u3000"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(AND_BITS), st.sampled_from(BLANKS),
                          st.text(max_size=3)), max_size=10).map("".join))
def test_the_and_and_et_al_pre_checks_pass_every_text_the_patterns_find_in(text):
    """Beyond ASCII as well: the pre-checks skip the searches only where they find nothing."""
    if people._AND.search(text):
        assert people._may_hold_and(text)
    if people._ET_AL.search(text):
        assert people._may_end_in_et_al(text)


def test_no_other_character_is_one_of_the_and_and_et_al_letters_case_blind():
    """What the pre-checks rest on: beyond ASCII, no character matches a letter of `and`,
    `und`, `et`, `y` or `al` case-blind, nor lower-cases to one of them."""
    letters = "adeltnuy"
    case_blind = re.compile(f"[{letters}]", re.IGNORECASE)
    found = [c for c in map(chr, range(0x80, 0x110000))
             if case_blind.match(c) or any(x in letters for x in c.lower())]
    assert found == []


CELL_BITS = ["8:00 - 8:10", "Room 3", "Ann Bo, Cy Dee", "**bold**", "*it*", "_x_", "[a](b)",
             "<br>", "<b>", "&amp;", "{{ x }}", "{% y %}", " · ", "·", "\\", "`code`", "(1)",
             "  ", "\t", "\u00a0", "\u3000"]
cells = st.lists(st.one_of(st.sampled_from(CELL_BITS), st.text(max_size=4)),
                 max_size=8).map("".join)


@settings(max_examples=500, deadline=None)
@given(cells)
def test_plain_table_cells_are_read_as_the_full_reading_reads_them(raw):
    plain = _cell_plain(raw)
    if plain is not None:
        assert plain == _cell_marked(raw, {})


TITLE_BITS = ["GDevelop", "Keynote", "Room 3", "Session 1", "(1)", "(2024)", "(10)", "( 3 )",
              "(Hall B)", "(slides)", "(Invited Talk)", "()", ":", " - ", "-", " – ", "|", "@",
              "#2", "\"", "“Quoted”", ".", " ", "Poster", "1.", "ſ", "K", "deep learning",
              "Room:", "Chair :", "Session Chairs: ", "Organized by:", "Speaker\t:", "Where:",
              "Panellists:", "Infra Finder: ", "Bedroom: ", "Invited Talk: ", "KEYNOTE:"]
titles = st.lists(st.one_of(st.sampled_from(TITLE_BITS), st.text(max_size=3)),
                  max_size=8).map("".join)


@settings(max_examples=1000, deadline=None)
@given(titles, st.sampled_from([frozenset(), frozenset({"10", "Hall B", " 3 "})]),
       st.sampled_from([frozenset(), frozenset({"deep learning"})]))
def test_plain_titles_are_read_as_the_slow_way_reads_them(text, rooms, labels):
    assert _FIELD.search(text) is None or _may_hold_field(text)
    got = plain_title(text, labels, rooms)
    if got is not None:
        assert ItemParts(title=got) == _split_item.__wrapped__(text, (), labels, rooms, False,
                                                               True, None)


def _paren_room_plain(text: str, ends: dict[str, set[str]]) -> None:
    """`reader._paren_room` as it was written first: the pattern searched everywhere."""
    m = re.search(r"\(([^()]{3,40})\)\s*$", text)
    if m and not re.search(r"\d", m.group(1)) and not is_people_line(text):
        ends.setdefault(m.group(1).strip(), set()).add(text[:m.start()].strip().lower())


@settings(max_examples=1000, deadline=None)
@given(st.one_of(titles, st.lists(st.sampled_from(
    ["Talk", " ", "(", ")", "Room ٣", "ab²", "Hall B", "Garden Pavilion", " \t", "Ann Lee",
     "9", "(x)", "Hall B only"]), max_size=8).map("".join)))
def test_a_final_parenthesis_is_noted_as_searching_everywhere_notes_it(text):
    got: dict[str, set[str]] = {}
    want: dict[str, set[str]] = {}
    _paren_room(text, got)
    _paren_room_plain(text, want)
    assert got == want


def _cell_lines_plain(el, st):
    """`html_front._cell_lines` as it was written first: a `_Lines` of the cell's own."""
    from planner.parsers.program.html_front import _BOLD, _Lines, _walk

    sub = _Lines(st.offset, st.refs, st.tabs)
    sub.text(el.text, el, el.tag.lower() in _BOLD, False, None)
    for child in el:
        _walk(child, sub, el.tag.lower() in _BOLD)
    sub.flush()
    return sub.out


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["td", "th", "TD", "div"]), st.lists(st.sampled_from(
    ["Ann", " ", "\t", "\u00a0", "\n", "Room 3", "&amp;", "9:00", "é", "\u3000"]), max_size=6)
    .map("".join))
def test_a_cell_of_text_alone_has_the_lines_its_own_reading_gives(tag, text):
    import lxml.html

    from planner.parsers.program.html_front import _cell_lines, _Lines

    el = lxml.html.fragment_fromstring(f"<table><tr><{tag}>{text}</{tag}></tr></table>")
    cell = next(el.iter(tag.lower())) if tag.lower() != "div" else lxml.html.fragment_fromstring(
        f"<div>{text}</div>")
    reading = _Lines(3, {}, {})
    assert _cell_lines(cell, reading) == _cell_lines_plain(cell, reading)


def test_the_pipe_rows_positional_cells_and_rows_are_the_keyword_ones():
    """`_pipe_table` makes its cells and rows with their fields in order, as
    `read_table` makes a role table's items (a keyword call costs more): the order is
    the dataclasses' own."""
    from planner.parsers.program.doc import Cell

    cell = Cell([Line(3, "Room 1")], 1, 1, False, "", "Room 1")
    assert cell == Cell([Line(3, "Room 1")], flat="Room 1")
    assert Line(3, "a | b", (), 0, False, 0, 7, [cell], 2) == Line(3, "a | b", cells=[cell],
                                                                 table=2, para=7)
    # (and `read_table`'s role rows and their events)
    from planner.parsers.program.tables import RowItem, TableEvent

    roles = {"title": [Line(3, "Talk")]}
    assert RowItem(3, None, [], 0, None, None, None, roles, False, True) == RowItem(
        3, None, [], 0, roles=roles, continuation=True)
    assert TableEvent("items", 3, None, []) == TableEvent("items", 3, items=[])


INLINE_BITS_FOR_LINES = ["**", "_", "`", "[", "]", "\\", "<", "&", "{", "a", " ", "\n", "é"]


def test_the_markup_characters_are_those_the_markup_pattern_finds():
    from planner.parsers.program.inline import _MARKUP
    from planner.parsers.program.text_front import MARKUP_CHARS

    assert {c for c in map(chr, range(0x110000)) if _MARKUP.match(c)} == set(MARKUP_CHARS)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.one_of(st.sampled_from(INLINE_BITS_FOR_LINES), st.text(max_size=3)),
                         max_size=6).map("".join), max_size=12))
def test_lines_with_markup_found_by_character_are_those_the_pattern_finds(lines):
    from planner.parsers.program.inline import _MARKUP
    from planner.parsers.program.joined import Joined
    from planner.parsers.program.text_front import MARKUP_CHARS

    joined = Joined(lines)
    got: set[int] = set()
    for ch in MARKUP_CHARS:
        joined.holding(ch, got)
    want: set[int] = set()
    joined.matching(_MARKUP, want)
    assert got == want


INLINE_BITS = ["**", "*", "_", "__", "`", "``", "[", "]", "](", ")", "][", "![", "\\", "\\*",
               "<", ">", "<!--", "-->", "<b>", "</i>", "<a href='x'>", "<https://x.org>",
               "&amp;", "&", "&#38;", ";", " ", "a", "Title", "(", "\n", "{{ x }}"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(INLINE_BITS), st.text(max_size=3)), max_size=16)
       .map("".join), st.integers(0, 8))
def test_tokens_found_where_they_can_start_are_those_the_pattern_finds(text, pos):
    got, want = _next_token(text, pos), _TOKEN.search(text, pos)
    assert (got is None) == (want is None)
    if want is not None:
        assert (got.span(), got.lastgroup, got.groups()) == (want.span(), want.lastgroup, want.groups())


@settings(max_examples=300, deadline=None)
@given(pieces("[a]: http://x", "[b]:", "   [b]: y", "    [c]: z", "\t[d]: w", "[", "]:", "\n",
              "\n[e]: <u> 'T'", "\n  [A]: v"))
def test_reference_definitions_found_at_once_are_those_read_line_by_line(text):
    from planner.parsers.program.joined import Joined
    from planner.parsers.program.text_front import _REFDEF, _Builder, _collect_refs

    src = text.split("\n")
    b = _Builder(src, True)
    _collect_refs(b, Joined(src))
    want: dict[str, str] = {}
    for raw in src:
        if raw.lstrip().startswith("["):
            m = _REFDEF.match(raw)
            if m:
                want.setdefault(m.group(1).strip().lower(), m.group(2))
    assert b.refs == want


# -- the time-first line's path -----------------------------------------------------------

def _frab_items(path: Path) -> list[tuple[str, list[str]]]:
    """(title, speakers) of each event of a frab schedule with speakers."""
    out = []
    for ev in ET.parse(path).getroot().iter("event"):
        names = [(p.text or "").strip() for p in ev.iter("person") if (p.text or "").strip()]
        title = " ".join((ev.findtext("title") or "").split())
        if title and names:
            out.append((title, names))
    return out


# The excerpts kept here, and the whole schedules in shared/ where it is beside us.
FRAB = sorted(Path(__file__).parent.joinpath("data", "frab-xml").glob("*.xml")) + sorted(
    Path(__file__).resolve().parents[2].joinpath("shared", "data", "real").glob("frab_*.xml"))


def test_real_title_and_people_lines_split_as_judging_every_split_does():
    """`Title (n), Name, Name` as the time-first program writes its lines, and the
    title alone, from real schedules: the shortcuts (the comma splits found by
    `str.find`, the other kinds looked for only where they could win) give what judging
    every split gives, on a page that prefers the comma and on one that prefers none."""
    lines = []
    for path in FRAB:
        for k, (title, names) in enumerate(_frab_items(path)):
            lines += [f"{title} ({k}), {', '.join(names)}", title, f"{title}, {names[0]}"]
    assert len(lines) > 150
    for text in lines:
        for prefer in (None, "comma"):
            assert _best_split(text, False, prefer) == _best_split_plain(text, False, prefer), text


def test_real_titles_are_read_as_the_slow_way_reads_them():
    """A table's title cells as real schedules title their talks, alone and numbered
    as the table program numbers them (`Title (12)`): where `plain_title` answers, it
    answers what `_split_item` does, with and without known rooms (`12`)."""
    titles = [title for path in FRAB for title, _ in _frab_items(path)]
    assert len(titles) > 150
    for k, title in enumerate(titles):
        for text in (title, f"{title} ({k})", f" {title}: Keynote "):
            for rooms in (frozenset(), frozenset({str(k)})):
                got = plain_title(text, frozenset(), rooms)
                if got is not None:
                    want = _split_item.__wrapped__(text, (), frozenset(), rooms, False, True, None)
                    assert ItemParts(title=got) == want, text


UNIT_BITS = ["Ann Bo", " (MIT)", " (Sasha) ", "(", ")", "((", "))", " and ", "& ", ", ", "; ",
             "Fedorova", " (Inria (Paris))", "(x", "é", " .", "Ǆ"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(UNIT_BITS), st.text(max_size=3)), max_size=10)
       .map("".join))
def test_units_found_parenthesis_to_parenthesis_are_those_found_char_by_char(group):
    assert people._units(group) == people._units_plain(group)


def _real_people_names() -> list[str]:
    """Every speaker name of the real frab schedules and pretalx/c3voc JSON files, and
    the affiliations and handles beside them, as programs write them."""
    names = [n for path in FRAB for _, ns in _frab_items(path) for n in ns]
    real = Path(__file__).resolve().parents[2].joinpath("shared", "data", "real")
    jsons = sorted(Path(__file__).parent.joinpath("data", "schedule-json").glob("*.json")) \
        + sorted(real.glob("json_*.json"))
    for path in jsons:
        names += re.findall(r'"(?:public_name|name|full_public_name)":\s*"([^"\\]{1,80})"',
                            path.read_text(encoding="utf-8"))
    return names


NAME_BITS = ["Dr. ", "Prof. ", "Ann Bo", " Jr.", ", PhD", " III", " IV", " (daedared)",
             " (MIT)", " (Sasha) ", "/maha", " 'Bo' ", " “Cy” ", "\"x\" ", "J. ", " K.",
             ".", ")", "ſir ", "İ", " , ", "-", "*"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(NAME_BITS), st.text(max_size=3)), max_size=8)
       .map("".join))
def test_names_are_cleaned_as_asking_every_pattern_cleans_them(raw):
    assert people.clean_name.__wrapped__(raw) == people._clean_name_plain(raw)


def test_real_names_are_cleaned_as_asking_every_pattern_cleans_them():
    names = _real_people_names()
    assert len(names) > 150
    for raw in names:
        assert people.clean_name.__wrapped__(raw) == people._clean_name_plain(raw), raw


WORD_BITS = NAME_BITS + [
    "Ann", "van", "de", "J.", "K.", "Jobs", "University", "Google", "Coffee", "Break",
    "Opening Remarks", "Learning", "of", "the", "An", "Do", "SMT-Based", "GPU", "(Sasha)",
    "exide", "daedared", "王小明", "李 娜", "Zoë", "ÉCOLE", "Q&A", "q&a", "Univ.", "labs",
    "Talks", "ſchool", "K", "İ", "Ǆ", "  ", "McDonald", "O'Neil", "Jean-Luc", "(", ")",
    "Speakers", "TBA", "Organizers", "Red Hat", "RED", "hat"]
name_texts = st.lists(st.one_of(st.sampled_from(WORD_BITS), st.text(max_size=4)), max_size=7) \
    .map(" ".join)


@settings(max_examples=1500, deadline=None)
@given(name_texts, st.booleans())
def test_names_are_judged_from_their_words_as_from_the_whole_name(part, lenient):
    assert people.name_like.__wrapped__(part, lenient) == people._name_like_plain(part, lenient)


def test_real_names_are_judged_from_their_words_as_from_the_whole_name():
    """Real speaker names, raw and cleaned, and the people lines and titles they stand
    in: the words' classes decide as the whole-name questions do."""
    names = _real_people_names()
    titles_ = [title for path in FRAB for title, _ in _frab_items(path)]
    assert len(names) > 150 and len(titles_) > 150
    for text in names + titles_:
        for part in (text, people.clean_name(text)):
            for lenient in (False, True):
                assert people.name_like.__wrapped__(part, lenient) \
                    == people._name_like_plain(part, lenient), (part, lenient)


HONORIFIC_BITS = ["Dr", "Drs", "Dr.", "Dr.-Ing.", "Prof", "Prof.", "Professor", "Profs", "Mr",
                  "MRS", "ms", "Mx", "Miss", "Sir", "Dame", "Rev.", "Hon", "Assoc.", "Asst",
                  "Dipl.-Ing.", "Ing", "PD", "Dott.", "Dra", "Sr", "Sra", "Herr", "Frau",
                  "Drake", "Prom", "Ingrid", "Paul", "Mr.Smith", "Dr.Dr", ".", " ", "\t", "\n",
                  "-", "ſir", "İ", "K"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(HONORIFIC_BITS), st.text(max_size=3)), max_size=6)
       .map("".join), st.lists(st.sampled_from(HONORIFIC_BITS), max_size=4).map(" ".join))
def test_honorifics_are_only_left_unasked_where_the_pattern_finds_none(joined, spaced):
    for text in (joined, spaced):
        assert people._without_honorifics(text) == people._HONORIFIC.sub("", text), text


def test_real_names_lose_the_honorifics_the_pattern_takes():
    for raw in _real_people_names():
        for text in (raw, "Dr. " + raw, "Prof " + raw):
            assert people._without_honorifics(text) == people._HONORIFIC.sub("", text), text


@settings(max_examples=1500, deadline=None)
@given(name_texts)
def test_a_name_looks_like_one_by_its_words_as_by_asking_each_in_turn(part):
    assert names.looks_like_name.__wrapped__(part) == names._looks_like_name_plain(part)


def test_real_names_look_like_names_by_their_words_as_by_asking_each_in_turn():
    texts = _real_people_names() + [title for path in FRAB for title, _ in _frab_items(path)]
    for text in texts:
        for part in (text, people.clean_name(text), text + " Jr.", text.lower()):
            assert names.looks_like_name.__wrapped__(part) == names._looks_like_name_plain(part), part


ARTEFACT_BITS = ["Error", "NameError", "KeyException", "none", "N/A", "n/a", "TBA", "et al.",
                 "Et Al", "and others", "OTHERS", "anonymous", "Ann Bo", "3", "@", "://", " ",
                 "\n", "ſ", "İ", "K", "Exception", "Errors"]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(ARTEFACT_BITS), st.text(max_size=3)), max_size=4)
       .map("".join))
def test_artefacts_are_found_where_the_patterns_find_them(name):
    text = name.strip()
    expected = not text or bool(names._ARTEFACT_WORDS.match(text) or names._EXCEPTION_NAME.match(
        text) or names._ARTEFACT_CHARS.search(text))
    assert names.is_artefact.__wrapped__(name) == expected


@settings(max_examples=600, deadline=None)
@given(case_texts)
def test_one_search_for_an_organisation_or_event_word_is_the_two(text):
    assert people._ORG_OR_EVENT_WORD.found(text) == (
        _ORG_STRONG.found(text) or _EVENT_WORDS.found(text))


AND_BITS = ["and", "AND", "und", "et", "Et", "y", "Y", "&", " ", "\t", "\xa0", "Ann", "Sandy",
            "Yves", "Bo", ",", "andy", "ET AL", "ſ", "İ"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(AND_BITS), st.text(max_size=3)), max_size=8)
       .map("".join), st.lists(st.sampled_from(AND_BITS), max_size=6).map(" ".join))
def test_and_is_only_left_unsought_where_the_pattern_finds_none(joined, spaced):
    for text in (joined, spaced):
        assert people._may_hold_and(text) or people._AND.search(text) is None, text


@settings(max_examples=600, deadline=None)
@given(st.one_of(titles, plain_items))
def test_a_label_is_only_skipped_where_its_pattern_finds_none(text):
    assert _LABEL_PREFIX.match(text) is None or _may_lead_label(text)


@settings(max_examples=400, deadline=None)
@given(pieces("8:30", "10.00", "9:00 - 9:10", "12:00 Lunch", "1:2:34", "10:00:00", "٣:٤٥"))
def test_a_run_of_items_has_the_three_clocks_the_pre_check_finds(text):
    if _RUN_START.match(text):
        assert len(_CLOCKISH.findall(text)) >= 3


def _page_sep(seps: list[str | None], settled=None) -> str | None:
    """`Reader.prepare`'s separator of a page whose lines split at `seps` (None: a line
    with no people), counting every line, or stopping where `settled` says so."""
    counts: Counter[str] = Counter()
    for k, sep in enumerate(seps):
        if settled is not None and settled(counts, len(seps) - k):
            break
        if sep is not None:
            counts[sep] += 1
    if counts:
        sep, n = counts.most_common(1)[0]
        if n >= 3 and n >= 0.6 * sum(counts.values()):
            return sep
    return None


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from([None, "comma", "dash", "colon", "by", "dash-first"]),
                max_size=40))
def test_the_page_separator_is_settled_only_where_no_later_line_could_change_it(seps):
    assert _page_sep(seps, _sep_settled) == _page_sep(seps)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 30), st.integers(0, 10), st.integers(0, 10))
def test_the_page_separator_is_settled_early_on_a_page_of_one_separator(n, other, none):
    seps = ["comma"] * n + ["dash"] * other + [None] * none
    assert _page_sep(seps, _sep_settled) == _page_sep(seps)


@settings(max_examples=600, deadline=None)
@given(items, st.sampled_from([None, "comma", "dash", "colon", "dash-first", "colon-first"]))
def test_other_split_kinds_are_looked_for_as_their_bounds_say(text, prefer):
    masked = _mask_parens(text)
    comma = 1.0 + (1.5 if prefer == "comma" else 0) + 1.0
    bounds = _other_bounds(text, masked, prefer)
    reaches = any(b >= comma for b in bounds)
    assert _other_reaches(text, masked, prefer, comma) == reaches
    if not reaches:
        assert _holds_other(text, masked) == bool(bounds)


ROW_BITS = ["|", "\\|", "\\", " ", "Room 3", "8:00 - 8:10", "a", "**b**", "\t", "||"]
rows = st.lists(st.one_of(st.sampled_from(ROW_BITS), st.text(max_size=3)), max_size=10) \
    .map("".join)


@settings(max_examples=500, deadline=None)
@given(rows)
def test_a_pipe_row_split_at_once_is_split_as_the_escapes_loop_splits_it(raw):
    s = raw.strip()
    if s:
        assert _split_row(s, raw) == _split_pipes(raw)


clocks = st.one_of(st.none(), st.times())


@settings(max_examples=500, deadline=None)
@given(clocks, st.times(), st.integers(0, 3), clocks, clocks, st.one_of(st.none(), st.integers(0, 3)),
       st.booleans())
def test_a_range_in_no_column_nests_under_no_entry(start, end, parent_level, parent_start,
                                                   parent_end, parent_column, parent_slot):
    """`Reader.place_row` skips `_inside` for such a draft (a role table's row)."""
    child = Draft(line=1, level=0, start=start, end=end)
    parent = Draft(line=1, level=parent_level, start=parent_start, end=parent_end,
                   column=parent_column, slot=parent_slot)
    assert not _inside(child, parent)


SEPARATORS = [None, "comma", "dash", "colon", "dash-first", "colon-first", "by", "stop", "paren",
              "space", "label"]


def _page_split_holds(text: str) -> None:
    """Where `holds_for` says prepare's split of `text` holds for a page separator, it
    is the split the reader would make with that separator."""
    got, plain = page_split(text)
    assert got == split_item(text), text
    if plain:
        for prefer in SEPARATORS:
            if holds_for(got, prefer):
                assert got == split_item(text, prefer=prefer), (text, prefer)


def test_real_lines_split_once_for_the_page_split_as_they_are_read():
    """`Reader.prepare` splits the first timed lines without the page's separator (to
    learn it) and the reader keeps those splits where they hold: real titles and names
    written as time-first lines and the ways around."""
    lines = []
    for path in FRAB:
        for k, (title, names) in enumerate(_frab_items(path)):
            lines += [f"{title} ({k}), {', '.join(names)}", title, f"{title}, {names[0]}",
                      f"{title} - {' and '.join(names)}", f"{', '.join(names)}: {title}"]
    assert len(lines) > 250
    for text in lines:
        _page_split_holds(text)


@settings(max_examples=600, deadline=None)
@given(plain_items)
def test_prepared_splits_hold_for_the_page_separator(text):
    _page_split_holds(text)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["Ana Ruiz", " ", ",", "\t", "word", "x" * 30]),
                          st.text(max_size=3)), max_size=12).map("".join))
def test_title_like_counts_words_only_where_they_may_be_too_many(text):
    words = text.split()
    assert _title_like(text) == (1 <= len(words) <= 40 and not text.endswith(","))


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["Title ", "(", ")", "3", "12", "٣", "²", ", ", "slides",
                                           "🔗", "pdf"]), st.text(max_size=3)), max_size=8)
       .map("".join))
def test_a_number_in_the_final_parenthesis_is_no_link_label(text):
    m = _LAST_PARENS.search(text) if text.rstrip().endswith(")") else None
    plain = m is not None and all(_LINK_LABELS.match(w) for w in (x.strip() for x in m.group(1).split(","))
                                  if w)
    assert _only_link_labels(text) == plain


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(["9:00 - 9:10 ", "10.00-10.30 ", "8:00 – 8:10 "]),
       st.one_of(st.sampled_from(["am Title", "pm", "PM Title", "Noon talk", "AoE x", "CET Talk",
                                  "UTC+2 x", "EST", "ET Talk", "Monday x", "May Day", "Day 2",
                                  "Uhr x", "a.m. x", "p m x", "ABCDT x", "Midnight", "Mar. 3",
                                  "GMT", "Talk", "Ab"]), st.text(max_size=6)),
       st.text(max_size=6))
def test_the_lead_range_pre_checks_miss_no_meridiem_zone_or_day(clocks, word, tail):
    """The character tests before the meridiem and zone patterns turn away only lines
    those patterns turn away too: the fast header is the plain one wherever it is given."""
    text = clocks + word + tail
    got = lead_range_header(text)
    if got is not None:
        assert got == _header_of_plain(Line(1, text)), text


@settings(max_examples=800, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["4:00", " pm", "PM", " -", "-", "--", "–", "—", " to", "TO",
                                           "tO", " |", "|", " ", "\t", "\u2003", "9", "*", "•"]),
                          st.text(max_size=2)), max_size=7).map("".join))
def test_an_open_range_is_only_turned_away_where_its_pattern_fails(text):
    assert _may_open_range(text) or _OPEN_RANGE.match(text) is None


def _split_label_reference(text: str, extra: frozenset[str] = frozenset()):
    """`split_label` trying the prefix pattern on every text."""
    m = _LABEL_PREFIX.match(text)
    if m:
        label = m.group("label").strip()
        key = fold_label(label)
        if key in LABELS or key in extra:
            return label, LABELS.get(key), m.group("rest").strip()
    m = _LABEL_SUFFIX.match(text)
    if m:
        key = fold_label(m.group("label"))
        if key in LABELS:
            return m.group("label"), LABELS[key], m.group("rest").strip()
    m = _QUALIFIED_LABEL.match(text)
    if m:
        kind = kind_from_words(m.group("label"))
        return (m.group("label"), SessionKind.TALK if kind is SessionKind.SESSION else kind,
                m.group("rest"))
    return None, None, text


LABEL_BITS = ["Keynote", "keynote talk", "Long talk", "pitch", "Invited Talk", "Infra Finder", "Coffee-Break", "Panel",
              "Lightning Talks", ": ", " - ", " – ", " | ", "|", ":", "-", ".", " ", "Title",
              "(Invited Talk)", "Deep Learning", "Ann Bo", "A", "Keynotes", "Tutorial.X",
              "(12)", "(", ")", "(Talk)", " (Keynote) ", "(keynote)", "(a", "\n", "\u2003"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(LABEL_BITS), st.text(max_size=3)), max_size=8).map("".join),
       st.sampled_from([frozenset(), frozenset({"deep learning"}), frozenset({"title"})]))
@example("Keynotekeynote talk: Keynote", frozenset())  # a qualified label (found by hypothesis)
@example("Supercalifragilisticexpialidociousness talk: Bo Chen", frozenset())  # colon past 40
def test_labels_are_found_as_trying_the_pattern_everywhere_finds_them(text, extra):
    assert split_label(text, extra) == _split_label_reference(text, extra)


def test_real_titles_lose_no_label_to_the_first_word_test():
    titles = [title for path in FRAB for title, _ in _frab_items(path)]
    assert len(titles) > 50
    for title in titles + [f"Keynote: {t}" for t in titles[:50]] + [f"Panel - {t}" for t in titles[:50]]:
        assert split_label(title) == _split_label_reference(title), title


# -- plain lists of names ---------------------------------------------------------------

@contextmanager
def _layered_only():
    """`_read_people` without its plain-list path: every line read group by group."""
    saved = people._LIST_MARKS
    people._LIST_MARKS = re.compile("")  # (finds something in every line)
    try:
        yield
    finally:
        people._LIST_MARKS = saved


def _people_both_ways(line: str, lenient: bool):
    fast = people._read_people.__wrapped__(line, lenient)
    with _layered_only():
        slow = people._read_people.__wrapped__(line, lenient)
    return fast, slow


LIST_BITS = PEOPLE_BITS + ["Ann Bo, Cy Dee", "Jean-Luc Picard", " - ", " – Google", "University of X",
                           "Microsoft Research", "Silicon Valley", "MIT", "et al.", " et al", "AND",
                           " y ", "Zoë Ünal", "J. K. Row", "·", "|", "，", "、", ":", "Dr.", ", ,"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(LIST_BITS), st.text(max_size=3)), max_size=8)
       .map("".join), st.booleans())
def test_plain_lists_of_names_are_read_as_the_layered_way_reads_them(line, lenient):
    fast, slow = _people_both_ways(line, lenient)
    assert fast == slow


def test_real_speaker_lists_are_read_as_the_layered_way_reads_them():
    """Every real speaker name alone, the speakers of each real event as one list, and
    the right-hand sides of the time-first lines (`Title (n), Name, Name` after a comma
    of the title): the plain-list path gives what the layered way gives."""
    names = _real_people_names()
    items = [(t, ns) for path in FRAB for t, ns in _frab_items(path)]
    assert len(names) > 150 and len(items) > 150
    lines = names + [", ".join(ns) for _, ns in items] + [
        f"{t.rpartition(',')[2]} ({k}), {', '.join(ns)}" for k, (t, ns) in enumerate(items)] + [
        t for t, _ in items] + [", ".join(ns) + ", Google" for _, ns in items[:200]]
    for line in lines:
        for lenient in (False, True):
            fast, slow = _people_both_ways(line, lenient)
            assert fast == slow, line


# -- people units read once ---------------------------------------------------------------

def _read_alone(line: str, lenient: bool):
    """`_read_people` of a line with the unit caches empty: what the line reads as alone."""
    people._unit_people.cache_clear()
    people._names_judged.cache_clear()
    return people._read_people.__wrapped__(line, lenient)


def test_real_people_units_read_once_read_as_each_line_alone():
    """The time-first lines' tails (`rest of title (n), Name, Name`), real speaker lists
    and names with their handles: read one after another, their units shared through
    the caches, each reads as it reads alone."""
    items = [(t, ns) for path in FRAB for t, ns in _frab_items(path)]
    names = _real_people_names()
    lines = [f"{t.rpartition(',')[2]} ({k}), {', '.join(ns)}" for k, (t, ns) in enumerate(items)] \
        + [", ".join(ns) for _, ns in items] + [f"{n} ({k % 7}), {n}" for k, n in enumerate(names[:300])]
    assert len(lines) > 300
    for lenient in (False, True):
        shared = [people._read_people.__wrapped__(line, lenient) for line in lines]
        for line, got in zip(lines[::7], shared[::7]):
            assert got == _read_alone(line, lenient), line


@settings(max_examples=800, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(UNIT_BITS + LIST_BITS), st.text(max_size=3)), max_size=8)
       .map("".join), st.booleans())
def test_people_units_read_once_read_as_each_line_alone(line, lenient):
    shared = people._read_people.__wrapped__(line, lenient)
    assert shared == _read_alone(line, lenient)


@settings(max_examples=800, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["'", '"', "‘", "’", "“", "”", " -", "-", " –", "—", "\t—",
                                           "Ann", " ", "of"]), st.text(max_size=3)), max_size=8)
       .map("".join))
def test_a_first_piece_is_unsure_where_its_pattern_finds_a_dash_or_quote(head):
    assert people._piece_unsure(head) == (people._PIECE_UNSURE.search(head) is not None)
