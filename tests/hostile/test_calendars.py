"""Hostile busy calendars through the real CLI.  `busy add` remembers a calendar, so a
bad one once made every later command hang or crash: now each ends in time with the
clashes (the calendar's sound events still counted) or one sentence."""

from __future__ import annotations

import json
import shutil

import pytest

from . import corpus
from .conftest import assert_clean, planner
from .test_texts import TERMINAL_CONTROLS

# ModularNAS, Tue 6 Apr ~09:30-~09:50 Los Angeles: overlaps corpus.REAL.
PICK = "tcjwi2x"


@pytest.fixture(scope="module")
def picked(tmp_path_factory):
    """An agenda holding PICK, made once and copied into each test."""
    agenda = tmp_path_factory.mktemp("picked") / "agenda.json"
    ran = planner("pick", PICK, "--agenda", str(agenda))
    assert ran.returncode == 0, str(ran)
    return agenda


# What the rule-refusing calendars must say about their one bad event.
REFUSED = {
    "interval-zero": "INTERVAL=0", "interval-negative": "INTERVAL=-3",
    "secondly-since-1970": "repeats too often", "minutely-since-1970": "repeats too often",
    "hourly-since-1970": "repeats too often", "secondly-during": "repeats too often",
    "expanding-by-parts": "repeats too often", "impossible-rule": "repeats too often",
    "many-costly-rules": "took all the time allowed", "bad-freq": "Expected frequency",
    "duration-99999999-weeks": "longer than a century", "dtend-in-9999": "longer than a century",
}


@pytest.mark.parametrize("name", sorted(corpus.calendars()))
def test_a_remembered_hostile_calendar_never_hangs_later_commands(name, picked, tmp_path):
    agenda = tmp_path / "agenda.json"
    shutil.copy(picked, agenda)
    path = tmp_path / f"{name}.ics"
    path.write_bytes(corpus.calendars()[name])
    added = planner("busy", "add", str(path), "--agenda", str(agenda))
    assert_clean(added)
    # Remembered: every command reads it from now on.  Refused: it is given for one run.
    extra = [] if added.returncode == 0 else ["--busy", str(path)]
    ran = planner("clashes", "--format", "json", "--agenda", str(agenda), *extra)
    assert_clean(ran)
    assert not TERMINAL_CONTROLS.search(ran.stdout + ran.stderr)
    if b"UID:real-meeting" in corpus.calendars()[name] and name not in ("truncated",):
        assert ran.returncode == 0 and json.loads(ran.stdout), str(ran)  # still counted
    if name in REFUSED:  # the bad event named, with why
        assert REFUSED[name] in ran.stderr and "event '" in ran.stderr, str(ran)
