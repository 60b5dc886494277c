"""Fixtures for the TUI tests: the two-track schedule and an app factory."""

from __future__ import annotations

import pytest

from planner.loader import load_schedule
from planner.tui import make_app

from .helpers import ROOT, TWO_TRACK


@pytest.fixture(autouse=True)
def _steady_cursor(monkeypatch):
    """A text box's cursor stays drawn instead of blinking: a snapshot taken half a
    second later would otherwise differ by one cell (the blink is Textual's, not ours)."""
    from textual.widgets import Input

    def stay_visible(self) -> None:
        self._cursor_visible = True

    monkeypatch.setattr(Input, "_toggle_cursor", stay_visible)


@pytest.fixture
def two_track(monkeypatch):
    """The fixture loaded with a path relative to the repository, as a user would type it."""
    monkeypatch.chdir(ROOT)
    return load_schedule(TWO_TRACK.relative_to(ROOT))


@pytest.fixture
def app_for(two_track, tmp_path):
    """Build an app on the two-track schedule (or others); exports go to tmp_path."""

    def build(schedules=None, **kw):
        kw.setdefault("export_dir", tmp_path)
        return make_app([two_track] if schedules is None else schedules, **kw)

    return build
