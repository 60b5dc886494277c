"""Any `planner` command as a whole process, this tree against an older commit,
alternated so both meet the same load on a shared machine.

    uv run python bench/bench_against.py 9739974 agenda
    uv run python bench/bench_against.py --runs 15 9739974 talks --speaker wu

Both run from their own folder with a bytecode cache (as an installed planner would),
so the figure is start-up, imports and the command.  Prints medians and the ratio.
"""

from __future__ import annotations

import argparse
import os
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


def seconds(root: Path, args: list[str], pycache: str) -> float:
    env = {**os.environ, "PYTHONPYCACHEPREFIX": pycache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", LAUNCH, str(root), *args], cwd=root, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("rev")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    old_root = exported(a.rev)
    caches = {root: tempfile.mkdtemp() for root in (old_root, ROOT)}
    for root in caches:
        seconds(root, a.command, caches[root])  # writes the bytecode
    old, new = alternated(lambda: seconds(old_root, a.command, caches[old_root]),
                          lambda: seconds(ROOT, a.command, caches[ROOT]), a.runs)
    report_against(a.rev, old, new, f"planner {' '.join(a.command)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
