"""The shortcuts the program reader takes for speed give what the plain paths give.

Each fast path (a pre-check that skips work, a cache, a bulk call) keeps its plain
twin beside it; these tests hold them together on arbitrary text built from what
programs are made of, not only on the texts in tests/test_same_output.py.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.ids import session_id, session_ids
from planner.parsers.program.build import _YEARISH
from planner.parsers.program.kinds import _KIND_WORDS, kind_from_words, kind_from_words_plain
from planner.parsers.program.stated_zone import (
    ABBREVIATIONS,
    find_zone_mentions,
    zone_mentions,
)
from planner.parsers.program.when import find_days


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


@settings(max_examples=400, deadline=None)
@given(pieces("UTC+8", "GMT", "Europe/Berlin", "Pacific Time", "TIME", "tİme", "EARTH",
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


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["talk", "break", "session"]), st.text(max_size=30),
                          st.sampled_from(["2025-05-01", "", "2024-02-29"])), max_size=10),
       st.sampled_from(["fosdem 2024", "gonçalves conf"]))
def test_session_ids_in_bulk_equal_session_id(rows, conference):
    assert session_ids(conference, rows) == [session_id(conference, *r) for r in rows]
