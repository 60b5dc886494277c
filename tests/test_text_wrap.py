"""The agenda's wrap keeps textwrap's lines exactly while skipping its work for a text
that fits (planner.views.text.wrap)."""

from __future__ import annotations

import random
import textwrap

import pytest

from planner.views.text import wrap

ALPHABET = list("ab ,.-\u00a0\u2009\t\né—")


def test_same_lines_as_textwrap_on_random_texts():
    rnd = random.Random(20261123)
    for _ in range(20_000):
        text = "".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(0, 60)))
        initial, subsequent = rnd.choice(["", "  ", "09:00  "]), rnd.choice(["", "    "])
        width = rnd.randint(len(initial) + 1, 70)
        assert wrap(text, width, initial, subsequent) == textwrap.wrap(
            text, width, initial_indent=initial, subsequent_indent=subsequent), (text, width)


@pytest.mark.parametrize("text, width, expected", [
    ("Opening Remarks", 40, ["09:00  Opening Remarks"]),           # fits: one line as it is
    (" Opening Remarks", 40, ["09:00   Opening Remarks"]),         # leading space kept
    ("Opening Remarks ", 40, ["09:00  Opening Remarks"]),          # trailing space dropped
    ("Opening\tRemarks", 40, ["09:00  Opening Remarks"]),          # a tab becomes a space
    ("Opening Remarks and Welcome", 20, ["09:00  Opening", "Remarks and Welcome"]),
])
def test_edges(text, width, expected):
    assert wrap(text, width, "09:00  ") == expected
