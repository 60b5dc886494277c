"""`planner agenda FILE --day D` on a 10,000-talk program, whole process, warm (target
<= 0.25 s), answered from the cache's day slices (planner.dayslices).

    uv run python bench/bench_day.py                      # both shapes, 9 runs each
    uv run python bench/bench_day.py --runs 7 --against 02665cb

Two programs: the site text of 10,000 talks with abstracts that shared/tools/synth.py
builds from FOSDEM 2024 (5 MB, 2,000 talks a day) and bench/program_gen.py's table
shape (10,000 one-talk sessions, 500 a day).  Each command is run once to fill the
cache, then `--runs` fresh processes, and the median is taken; `planner --version` in
the same run is the start-up floor.  With `--against REV`, a copy of that commit
(`git archive`) runs the same commands on its own cache folder, alternated run by run
with this tree, for a ratio from the same minutes.  Bytecode caching is on
(PYTHONPYCACHEPREFIX), as in an installed planner.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import program_gen  # noqa: E402

TARGET_S = 0.25
SYNTH = ROOT.parent / "shared" / "tools" / "synth.py"
FOSDEM = ROOT.parent / "shared" / "data" / "real" / "frab_fosdem2024_schedule.xml"


def programs(tmp: Path, entries: int) -> dict[str, tuple[Path, str]]:
    """Shape -> (program file, a day to ask for)."""
    out = {"table": (program_gen.write("table", entries, tmp), "2025-05-02")}
    if SYNTH.is_file() and FOSDEM.is_file():
        site = tmp / "big.txt"
        subprocess.run([sys.executable, str(SYNTH), str(FOSDEM), str(entries), str(site)],
                       check=True, capture_output=True)
        out["site"] = (site, "tue")
    return out


def tree_of(rev: str, tmp: Path) -> Path:
    """A copy of commit `rev` of this repository, to run its planner."""
    dest = tmp / f"tree-{rev}"
    dest.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def timed(args: list[str], env: dict[str, str], cwd: Path) -> float:
    t = time.perf_counter()
    p = subprocess.run(args, capture_output=True, cwd=cwd, env=env)
    took = time.perf_counter() - t
    if p.returncode != 0:
        raise SystemExit(p.stderr.decode())
    return took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--against", metavar="REV", default=None)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        progs = programs(tmp, a.entries)
        # The files must be settled (planner.cache.RACY_NS) for their slices to be kept.
        time.sleep(2.2)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        trees = {"this tree": ROOT}
        if a.against:
            trees[a.against] = tree_of(a.against, tmp)
        envs = {name: {**base, "PYTHONPATH": str(tree),
                       "PYTHONPYCACHEPREFIX": str(tmp / f"pycache-{i}"),
                       "PLANNER_CACHE_DIR": str(tmp / f"cache-{i}"),
                       "PLANNER_AGENDA": str(tmp / f"agenda-{i}.json")}
                for i, (name, tree) in enumerate(trees.items())}
        exe = [sys.executable, "-m", "planner"]
        commands = {"--version": [*exe, "--version"]}
        for shape, (path, day) in progs.items():
            commands[shape] = [*exe, "agenda", str(path), "--day", day]
        commands["bundled"] = [*exe, "agenda"]
        for name, tree in trees.items():  # warm every cache
            for cmd in commands.values():
                timed(cmd, envs[name], tree)
                timed(cmd, envs[name], tree)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(a.runs):
            for label, cmd in commands.items():
                for name, tree in trees.items():  # alternated, run by run
                    times.setdefault((label, name), []).append(timed(cmd, envs[name], tree))
        print(f"{a.entries:,}-talk programs, warm; medians of {a.runs} fresh processes "
              f"(load average {os.getloadavg()[0]:.1f})")
        for label, cmd in commands.items():
            shown = " ".join(Path(c).name if "/" in c else c for c in cmd[3:])
            here = statistics.median(times[(label, "this tree")])
            line = f"  planner {shown:<42} {here:.3f} s"
            if label in progs:
                line += f"  (target <= {TARGET_S} s: {'met' if here <= TARGET_S else 'NOT met'})"
            if a.against:
                there = statistics.median(times[(label, a.against)])
                line += f"   {a.against}: {there:.3f} s  ratio {here / there:.2f}"
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
