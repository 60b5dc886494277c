"""Whatever text arrives, parsers return a schedule plus diagnostics, or one clear error."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.errors import PlannerError
from planner.loader import parse_text
from planner.parsers import FORMATS
from planner.parsers.base import ParseOptions
from planner.textio import decode_text

from .conftest import MLSYS2021, ROOT

SEED_LINES = MLSYS2021.read_text(encoding="utf-8").splitlines()
OPTS = ParseOptions(source="fuzz", conference="Fuzz", year=2021, timezone="UTC")

# Text assembled from pieces of the real seed, shuffled and mangled, finds far more
# parser paths than uniform noise.
seed_like = st.lists(
    st.one_of(
        st.sampled_from(SEED_LINES),
        st.sampled_from(SEED_LINES).map(lambda s: s[: len(s) // 2]),
        st.text(max_size=80),
        st.just(""),
        st.sampled_from(["Oral: X Tue 6 Apr 09:30 a.m.", "Invited Talk: Ann Bo", "·", "…",
                         "Poster: Thing Tue 31 Apr 9 pm", "Lunch Wed 7 Apr 12:00 - 11:00"]),
    ),
    max_size=60,
).map("\n".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(st.text(max_size=2000), seed_like))
def test_every_format_parser_never_raises(text):
    for fmt in FORMATS.values():
        sch = fmt.parse(text, OPTS)
        assert sch.format == fmt.name
        for s in sch.sessions:
            assert s.start is not None and s.end is not None and s.start <= s.end
            for t in s.talks:
                assert t.start is not None and t.start.tzinfo is not None


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=3000))
def test_any_bytes_give_a_schedule_or_one_clear_error(data):
    try:
        text = decode_text(data, "fuzz.txt")
        sch = parse_text(text, "fuzz.txt", {"timezone": "UTC", "year": 2021})
    except PlannerError as exc:
        assert exc.message.endswith(".") and "\n" not in exc.message
    else:
        assert sch.diagnostics is not None


def test_one_megabyte_single_line_parses_in_linear_time():
    """Pathological 1 MB lines finish quickly in a real process (quadratic would not)."""
    code = """
import sys
from planner.parsers import FORMATS
from planner.parsers.base import ParseOptions
o = ParseOptions(source='big', conference='B', year=2021, timezone='UTC')
lines = [
    ' ' * 1_000_000,
    'Tue 6 Apr 09:30 a.m. ' * 47_000,
    'Ann Bo, ' * 125_000,
    'a' * 1_000_000,
    '1:30 ' * 200_000,
    'Oral: ' + 'x ' * 500_000 + 'Tue 6 Apr 09:30 a.m.',
]
for line in lines:
    for f in FORMATS.values():
        f.parse(line, o)
print('ok')
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr
