"""`planner now` on a 10,000-talk program, whole process, warm (target <= 0.3 s).

    uv run python bench/bench_now.py                 # 10,000 talks, 9 runs
    uv run python bench/bench_now.py --entries 20000 --runs 5

The program is bench/program_gen.py's table shape (10 rooms in parallel, 500 talks a
day, real FOSDEM titles and names) and an agenda of 40 picks, some maybes with notes.
Figures, from the same run: `planner --version` (the start-up floor every command
pays), `planner now` warm (answered from the cached timetable, planner.timetable, and
the agenda read as JSON), `planner now` cold (PLANNER_CACHE=off: the text is parsed),
and `planner agenda` warm on the same file for scale.  Processes keep a bytecode cache
(PYTHONPYCACHEPREFIX), as an installed planner would.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import program_gen  # noqa: E402
from bench_search import wall  # noqa: E402

from planner import search_store  # noqa: E402

TARGET_S = 0.3


def agenda_with_picks(program: Path, env: dict[str, str], count: int) -> None:
    """Pick `count` talks spread over the first day, every third a maybe with a note."""
    exe = [sys.executable, "-m", "planner"]
    out = subprocess.run([*exe, "talks", str(program), "--format", "json"], capture_output=True,
                         env=env, cwd=ROOT, check=True, text=True).stdout
    talks = json.loads(out)
    chosen = [t["id"] for t in talks[: count * 10: 10]]
    subprocess.run([*exe, "pick", "-s", str(program), *chosen], env=env, cwd=ROOT, check=True,
                   capture_output=True)
    for tid in chosen[::3]:
        subprocess.run([*exe, "pick", "-s", str(program), "--maybe", tid], env=env, cwd=ROOT,
                       check=True, capture_output=True)
        subprocess.run([*exe, "note", tid, "sit near the door"], env=env, cwd=ROOT, check=True,
                       capture_output=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=9)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        program = program_gen.write("table", a.entries, tmp)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=str(tmp / "pycache"), PLANNER_CACHE_DIR=str(tmp / "cache"),
                   PLANNER_AGENDA=str(tmp / "agenda.json"))
        exe = [sys.executable, "-m", "planner"]
        time.sleep(max(0.0, search_store.RACY_NS / 1e9 - (time.time() - program.stat().st_ctime))
                   + 0.1)
        agenda_with_picks(program, env, 40)
        at = "2025-05-01T10:05"  # the first day, mid-morning: 10 talks on, 10 next
        now = [*exe, "now", str(program), "--at", at]
        wall(now, 1, env)  # writes the timetable
        if not list((tmp / "cache").glob("*.timetable")):
            raise SystemExit("no timetable was written")
        floor, _ = wall([*exe, "--version"], a.runs, env)
        warm, warm_runs = wall(now, a.runs, env)
        cold, cold_runs = wall(now, max(3, a.runs // 3), {**env, "PLANNER_CACHE": "off"})
        agenda, _ = wall([*exe, "agenda", str(program), "--day", "2025-05-01"], a.runs, env)
        print(f"{a.entries:,}-talk program (table shape), 40 picks; medians of {a.runs} runs")
        print(f"planner --version (start-up floor):     median {floor:.3f} s")
        print(f"planner now FILE --at {at}, warm:  median {warm:.3f} s  runs "
              f"{', '.join(f'{t:.2f}' for t in warm_runs)}  (target <= {TARGET_S} s: "
              f"{'met' if warm <= TARGET_S else 'NOT met'})")
        print(f"planner now, cold (cache off, parsing):  median {cold:.3f} s  "
              f"({warm / cold:.2f} of cold)")
        print(f"planner agenda FILE --day, warm:         median {agenda:.3f} s  "
              f"(now = {warm / agenda:.2f} of agenda)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
