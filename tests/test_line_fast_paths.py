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

from .test_program_fast_paths import FRAB, _frab_items, plain_items


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
