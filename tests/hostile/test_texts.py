"""Hostile schedule texts through the real CLI: a schedule or one sentence, in time and
memory, and nothing printed that a terminal would act on."""

from __future__ import annotations

import json
import re

import pytest

from . import corpus
from .conftest import assert_clean, planner

# What a terminal acts on: C0 controls but tab and line feed, DEL, C1, bidi overrides.
TERMINAL_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# What some texts must give (a sentence, or a schedule: "read").
EXPECTED = {
    "binary": "looks like a binary file", "nul-bytes": "looks like a binary file",
    "control-bytes": "looks like a binary file", "utf16-with-bom": "looks like a binary file",
    "latin1-inside-utf8": "is not UTF-8 text", "cp1252-quotes": "is not UTF-8 text",
    "empty": "is empty", "blank": "is empty", "too-many-lines": "over 1,000,000 lines",
    "utf8-bom": "read", "cr-only": "read", "crlf": "read", "rtl-and-zero-width": "read",
    "escape-sequences": "read", "long-author-list-site": "read",
    "long-author-list-listing": "read", "long-author-list-author-page": "read",
    "huge-line-in-a-site": "read",
}


@pytest.mark.parametrize("name", sorted(corpus.texts()))
def test_a_hostile_text_ends_with_a_schedule_or_one_sentence(name, tmp_path):
    path = tmp_path / f"{name}.txt"
    path.write_bytes(corpus.texts()[name])
    ran = planner("check", str(path))
    assert_clean(ran)
    assert not TERMINAL_CONTROLS.search(ran.stdout + ran.stderr)
    expected = EXPECTED.get(name)
    if expected == "read":
        assert ran.returncode == 0, str(ran)
    elif expected is not None:
        assert ran.returncode == 1 and expected in ran.stderr, str(ran)


@pytest.mark.parametrize("fmt", ["site", "listing", "abstracts", "author-page"])
def test_junk_read_as_any_format_stays_in_bounded_memory(fmt, tmp_path):
    path = tmp_path / "junk.txt"
    path.write_bytes(corpus.junk())  # 2.4 MB, 600,000 lines: once 1.1 GB of diagnostics
    ran = planner("check", str(path), "--as", fmt, memory=1 << 30)
    assert_clean(ran)
    if ran.returncode == 1:  # nothing read at all: one sentence, and no list of lines
        assert "gives no sessions or talks" in ran.stderr and ran.stdout == "", str(ran)
        assert len(ran.stderr.splitlines()) == 1, str(ran)
    else:
        assert ran.returncode == 0, str(ran)
        assert len(ran.stdout.splitlines()) < 1000  # the rest counted in one line, not listed


@pytest.mark.parametrize("name", ["escape-sequences", "rtl-and-zero-width"])
def test_schedule_text_cannot_drive_the_terminal(name, tmp_path):
    path = tmp_path / f"{name}.txt"
    path.write_bytes(corpus.texts()[name])
    path.with_suffix(".toml").write_text(
        'conference = "MLSys\\u001b]0;title\\u0007"\nyear = 2021\n'
        'timezone = "America/Los_Angeles"\n', encoding="utf-8")
    for args in (["talks", str(path)], ["agenda", str(path), "--day", "tue"],
                 ["speakers", str(path)], ["search", "cortex", str(path)]):
        ran = planner(*args)
        assert ran.returncode == 0, str(ran)
        assert not TERMINAL_CONTROLS.search(ran.stdout + ran.stderr), args
    shown = planner("search", "cortex", str(path)).stdout
    assert "Cortex" in shown and ("␛" in shown or "\ufffd" in shown)
    # JSON keeps the very characters, escaped: the same data for scripts.
    data = json.loads(planner("search", "cortex", str(path), "--format", "json").stdout)
    title = data[0]["title"]
    assert corpus.TITLE in title.replace("\u200b", "").replace("\u200d", "").replace("\ufeff", "")
    if name == "escape-sequences":
        assert corpus.ESCAPES in title


def test_a_narrow_output_encoding_prints_escapes_not_a_traceback(tmp_path):
    path = tmp_path / "rtl.txt"
    path.write_bytes(corpus.texts()["rtl-and-zero-width"])
    ran = planner("talks", str(path), PYTHONIOENCODING="ascii")
    assert_clean(ran)
    assert ran.returncode == 0 and "\\u2013" in ran.stdout
