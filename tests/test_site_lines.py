"""The site reader's per-line shortcuts against their plain twins: `is_navigation`
asking its cheaper question first, and `_people_line` reading each distinct author line
once (`_people_of_line`, cached)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.parsers import site
from planner.parsers.datetimes import WEEKDAYS

ROOT = Path(__file__).resolve().parent.parent
_MENU = sorted(site._NAV_WORDS) + ["Mon", "Tue,", "|", "Talks", "10:00", "Schedule"]


def _is_navigation_plain(line: str) -> bool:
    """`is_navigation` as it was first written: weekdays counted, then every word."""
    if len(line) > 160:
        return False
    tokens = line.lower().replace(",", " ").replace("|", " ").split()
    if not 2 <= len(tokens) <= 16:
        return False
    weekdays = sum(1 for t in tokens if t[:3] in WEEKDAYS and t in site._NAV_WORDS)
    return weekdays >= 2 and all(t in site._NAV_WORDS for t in tokens)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_MENU), max_size=18).map(" ".join) | st.text(max_size=80))
def test_is_navigation_is_its_plain_twin(line):
    assert site.is_navigation(line) == _is_navigation_plain(line)


def _lines() -> list[str]:
    texts = [ROOT / "schedules" / "mlsys2021-program.txt",
             *sorted((ROOT / "tests" / "data" / "site").glob("*.txt"))]
    return [ln.strip() for p in texts for ln in p.read_text(encoding="utf-8").splitlines()
            if ln.strip()]


def test_people_line_is_read_once_and_handed_out_fresh():
    for line in _lines():
        for positional in (False, True):
            plain = list(site._people_of_line.__wrapped__(line, positional))
            first = site._people_line(line, positional=positional)
            again = site._people_line(line, positional=positional)
            assert first == again == plain
            assert first is not again  # (each draft keeps and may grow its own)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120), st.booleans())
def test_people_line_of_odd_strings_is_the_uncached_reading(line, positional):
    assert site._people_line(line, positional=positional) \
        == list(site._people_of_line.__wrapped__(line, positional))


def test_headers_sharing_a_slot_read_its_day_and_time_each_with_its_own_label():
    """`find_header_time` reads a tail once (`_tail_fields`, cached): the headers of one
    slot get its date and times, each keeps its own label, and a tail that names no
    date stays refused however often it is asked."""
    from datetime import time

    from planner.parsers.datetimes import _tail_fields, find_header_time

    slot = "Wed 7 Apr 01:30 p.m. - 03:00 p.m."
    a = find_header_time(f"Oral: Session 4: Sparse Kernels {slot}")
    b = find_header_time(f"Poster Session 2 {slot}")
    assert (a.label, b.label) == ("Oral: Session 4: Sparse Kernels", "Poster Session 2")
    for h in (a, b):
        assert (h.weekday, h.month, h.day, h.start, h.end) == (2, 4, 7, time(13, 30), time(15))
    assert find_header_time("Keynote: Fern Oduya 2021-06-31 25:00") is None
    assert find_header_time("Lightning Talks 2021-06-31 25:00") is None
    for line in ("Oral: Session 4: Sparse Kernels " + slot, "Lightning Talks Tue 40 Apr 9:00"):
        m = site.find_header_time.__globals__["_TAIL"].search(line)
        assert _tail_fields(m.groups()) == _tail_fields.__wrapped__(m.groups())
