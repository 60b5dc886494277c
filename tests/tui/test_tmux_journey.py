"""One whole journey in a real terminal (tmux), as a user types it: open a program,
filter to a kind of session, pick two clashing talks as musts, resolve the conflict,
export.  Skipped where tmux is not installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import icalendar
import pytest

from .helpers import ROOT, TWO_TRACK

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=30).stdout


def wait_for(session: str, text: str, timeout: float = 40.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-p", "-t", session)
        if text in screen:
            return screen
        time.sleep(0.3)
    raise AssertionError(f"{text!r} never showed; the screen was:\n{screen}")


def test_open_filter_pick_two_clashing_resolve_export(tmp_path):
    session = f"planner-journey-{os.getpid()}"
    agenda = tmp_path / "agenda.json"
    # HOME here: the export dialog suggests the documents folder, else home.
    env = (f"HOME={tmp_path} XDG_DOCUMENTS_DIR= "
           f"PLANNER_AGENDA={agenda} PYTHONPATH={ROOT} XDG_CACHE_HOME={tmp_path / 'cache'} "
           f"PLANNER_NOW=2024-06-01T12:00:00+00:00")
    command = f"cd {tmp_path} && {env} {sys.executable} -m planner tui {TWO_TRACK}"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", command)
    try:
        wait_for(session, "TinyConf 2024")
        tmux("send-keys", "-t", session, "f")
        wait_for(session, "Filter the talks")
        tmux("send-keys", "-t", session, "kind:oral", "Enter")
        wait_for(session, "Showing kind oral · 4 talks")
        # Sparse Attention (A, 09:00), then past Pruning and session B's heading, A
        # Compiler for Tiny Devices (B, 09:00): both musts, they clash.
        tmux("send-keys", "-t", session, "space")
        wait_for(session, "Picked as a must")
        tmux("send-keys", "-t", session, "Down", "Down", "Down", "space")
        wait_for(session, "Clashes with:")
        tmux("send-keys", "-t", session, "c")
        screen = wait_for(session, "1 conflict")
        assert "Conflict Mon 3 Jun 09:00–09:30" in screen
        tmux("send-keys", "-t", session, "Enter")  # keep the highlighted one
        wait_for(session, "No conflicts")
        tmux("send-keys", "-t", session, "Escape")  # alone: Escape then e reads as Alt+e
        wait_for(session, "Showing kind oral")
        tmux("send-keys", "-t", session, "e")
        assert "Save in" in wait_for(session, "Export your picks")
        tmux("send-keys", "-t", session, "Enter")  # the suggested folder: home here
        wait_for(session, "Exported")
        tmux("send-keys", "-t", session, "q")
        deadline = time.monotonic() + 20
        while session in tmux("list-sessions") and time.monotonic() < deadline:
            time.sleep(0.3)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    picks = json.loads(agenda.read_text(encoding="utf-8"))["picks"]
    assert sorted(p["level"] for p in picks.values()) == ["maybe", "must"]
    exported = list(tmp_path.glob("*.ics"))
    assert len(exported) == 1
    events = icalendar.Calendar.from_ical(exported[0].read_bytes()).walk("VEVENT")
    assert sorted(str(e["SUMMARY"]) for e in events) == ["A Compiler for Tiny Devices",
                                                         "Sparse Attention at Scale"]
