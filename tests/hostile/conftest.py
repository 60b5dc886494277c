"""Running the real `planner` on hostile input, in a subprocess with a time and memory
bound, and checking that it ended with a result or one sentence."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

# Generous for a loaded 2-core machine; what these cases used to do was minutes,
# gigabytes or forever.
TIME_LIMIT = 60.0
MEMORY_LIMIT = 3 << 30  # address space of the planner process


@dataclass
class Ran:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        return (f"planner {' '.join(a[:60] for a in self.args)} -> {self.returncode}\n"
                f"stderr: {self.stderr[-2000:]}")


def planner(*args: str, cwd: Path | None = None, timeout: float = TIME_LIMIT,
            memory: int = MEMORY_LIMIT, **env: str) -> Ran:
    """`planner ARGS` as a user runs it: a fresh process, stdin closed, killed (and the
    test failed) past `timeout` seconds; allocations past `memory` bytes fail."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    proc = subprocess.run(
        [sys.executable, "-m", "planner", *args], capture_output=True, cwd=cwd,
        env={**os.environ, **env}, timeout=timeout, preexec_fn=limit,
        stdin=subprocess.DEVNULL,
    )
    return Ran(args, proc.returncode, proc.stdout.decode("utf-8", "replace"),
               proc.stderr.decode("utf-8", "replace"))


def ended_cleanly(ran: Ran) -> bool:
    """A result (exit 0), or a non-zero exit whose last stderr line is one sentence;
    every stderr line is planner's own (`planner: ...`), never a traceback."""
    lines = ran.stderr.splitlines()
    if "Traceback" in ran.stderr or any(not line.startswith("planner: ") for line in lines):
        return False
    if ran.returncode == 0:
        return True
    return ran.returncode in (1, 2, 3) and bool(lines) and lines[-1].rstrip().endswith((".", "?"))


def assert_clean(ran: Ran) -> None:
    assert ended_cleanly(ran), str(ran)
