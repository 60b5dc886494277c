"""`planner tui` as a real process: bad input is one line, a terminal gets the UI."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

from planner.picks.store import AgendaStore

from .helpers import ROOT, TWO_TRACK


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_missing_file_is_one_line_and_no_ui():
    out = run_cli("tui", "no-such-program.txt")
    assert out.returncode == 1
    assert out.stderr.startswith("planner: ") and out.stderr.count("\n") == 1
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_unknown_zone_is_refused_before_the_ui_starts():
    out = run_cli("tui", str(TWO_TRACK), "--tz", "Mars/Olympus")
    assert out.returncode == 1
    assert "Unknown time zone 'Mars/Olympus'" in out.stderr


def test_help_names_every_option():
    out = run_cli("tui", "--help")
    assert out.returncode == 0
    for option in ("--year", "--source-tz", "--as", "--agenda", "--busy", "--tz"):
        assert option in out.stdout


class Terminal:
    """A real pseudo-terminal running a command, for what only a terminal shows."""

    def __init__(self, args: list[str], cols: int = 100, rows: int = 30) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
                                     env=env, start_new_session=True)
        os.close(slave)
        self.seen = b""

    def _read(self, wait: float) -> bool:
        """Take in what the process wrote; False once the terminal is closed."""
        ready, _, _ = select.select([self.master], [], [], wait)
        if ready:
            try:
                self.seen += os.read(self.master, 65536)
            except OSError:
                return False
        return True

    def wait_for(self, text: str, timeout: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout
        while text.encode() not in self.seen and time.monotonic() < deadline:
            if not self._read(0.2):
                break
        return text.encode() in self.seen

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        """Wait for the process to end, reading what it writes so it never blocks."""
        deadline = time.monotonic() + 30
        try:
            while self.proc.poll() is None and time.monotonic() < deadline:
                if not self._read(0.1):
                    break
            return self.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        finally:
            os.close(self.master)


def test_planner_without_arguments_opens_the_ui_in_a_terminal():
    with Terminal([sys.executable, "-m", "planner"]) as term:
        assert term.wait_for("MLSys 2021"), term.seen[-2000:]
        assert term.wait_for("Opening Remarks")
        term.send("q")
        assert term.close() == 0


def test_a_pick_in_the_real_ui_is_saved(tmp_path):
    agenda = tmp_path / "mine.json"
    with Terminal([sys.executable, "-m", "planner", "tui", str(TWO_TRACK),
                   "--agenda", str(agenda)]) as term:
        assert term.wait_for("Sparse Attention"), term.seen[-2000:]
        term.send(" ")  # the cursor starts on the first talk
        deadline = time.monotonic() + 20
        while not agenda.exists() and time.monotonic() < deadline:
            term.wait_for("\0", timeout=0.3)  # keep draining the terminal
        term.send("q")
        assert term.close() == 0
    picks = AgendaStore(agenda).load().picks
    assert [p.title for p in picks.values()] == ["Sparse Attention at Scale"]


def large_copy(tmp_path, name: str = "big.txt"):
    """The two-track program with one abstract grown past the background-read size."""
    from planner.cli.tui_cmd import READ_IN_BACKGROUND_BYTES

    text = TWO_TRACK.read_text(encoding="utf-8")
    filler = " ".join(["Memory traffic dominates the cost of attention."] * 14_000)
    big = text.replace("cutting memory by half.", "cutting memory by half. " + filler)
    path = tmp_path / name
    path.write_text(big, encoding="utf-8")
    path.with_suffix(".toml").write_text(TWO_TRACK.with_suffix(".toml").read_text())
    assert path.stat().st_size > READ_IN_BACKGROUND_BYTES
    return path


def test_a_large_schedule_opens_after_a_loading_screen(tmp_path):
    path = large_copy(tmp_path)
    with Terminal([sys.executable, "-m", "planner", "tui", str(path),
                   "--agenda", str(tmp_path / "a.json")]) as term:
        assert term.wait_for("Sparse Attention"), term.seen[-2000:]
        term.send("q")
        assert term.close() == 0


def test_a_large_schedule_that_cannot_be_read_ends_with_one_line(tmp_path):
    # 3 June 2024 is a Monday; in 2023 it was a Saturday, so --year 2023 contradicts
    # the page's weekdays, which only reading the whole text can tell.
    path = large_copy(tmp_path)
    args = [sys.executable, "-m", "planner", "tui", str(path), "--year", "2023"]
    with Terminal(args) as term:
        assert term.wait_for("planner: --year 2023 conflicts with"), term.seen[-2000:]
        assert term.close() == 1
    assert b"Traceback" not in term.seen


def test_a_missing_busy_calendar_is_one_line():
    out = run_cli("tui", str(TWO_TRACK), "--busy", "no-such-calendar.ics")
    assert out.returncode == 1
    assert out.stderr == "planner: Busy calendar no-such-calendar.ics does not exist.\n"
