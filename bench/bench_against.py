"""Any `planner` command as a whole process, this tree against an older commit,
alternated so both meet the same load on a shared machine.

    uv run python bench/bench_against.py 9739974 agenda
    uv run python bench/bench_against.py --runs 15 9739974 talks --speaker wu
    uv run python bench/bench_against.py --cpu 9739974 picks

Both run from their own folder with a bytecode cache (as an installed planner would),
so the figure is start-up, imports and the command.  Prints medians and the ratio.
`--cpu` times the processor seconds the process used (user + system) instead of the
wall clock: on a machine shared with other jobs it moves far less with their load.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_listing import ROOT, alternated, exported, report_against  # noqa: E402

LAUNCH = ("import sys; sys.path.insert(0, sys.argv[1]); from planner.cli import main; "
          "sys.exit(main(sys.argv[2:]))")


def _cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def seconds(root: Path, args: list[str], pycache: str, cpu: bool = False) -> float:
    env = {**os.environ, "PYTHONPYCACHEPREFIX": pycache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    clock = _cpu_of_children if cpu else time.perf_counter
    t = clock()
    subprocess.run([sys.executable, "-c", LAUNCH, str(root), *args], cwd=root, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return clock() - t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("rev")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--cpu", action="store_true",
                    help="processor seconds (user + system), not the wall clock")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    # With its bundled schedules: a command given no file reads them, in both trees.
    old_root = exported(a.rev, "planner", "schedules")
    caches = {root: tempfile.mkdtemp() for root in (old_root, ROOT)}
    for root in caches:
        seconds(root, a.command, caches[root])  # writes the bytecode
    old, new = alternated(lambda: seconds(old_root, a.command, caches[old_root], a.cpu),
                          lambda: seconds(ROOT, a.command, caches[ROOT], a.cpu), a.runs)
    what = "processor time" if a.cpu else "wall clock"
    report_against(a.rev, old, new, f"planner {' '.join(a.command)} ({what})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
