"""`planner clashes PROGRAM --busy CALENDAR` as a whole process, on a 9 MB Google-shaped
calendar and on a 100,000-event one (bench/busy_gen.py), for an older commit and for
this tree, cold (empty cache) and repeated (cache filled by the first run).

    uv run python bench/bench_busy.py --against 65203c4
    uv run python bench/bench_busy.py --runs 7 --old-runs 3 --against 65203c4

Every run is a fresh process with a bytecode cache, as an installed planner; the runs
of the variants alternate so that they meet the same load on a shared machine.  The
added cost of the calendar is the figure minus the `no calendar` line.  Also printed:
`read_busy` alone, repeated, inside one process (no start-up), and peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import busy_gen  # noqa: E402
from bench_listing import ROOT, exported  # noqa: E402

PROGRAM = ROOT / "schedules" / "mlsys2021-program.txt"
LAUNCH = """
import resource, sys
sys.path.insert(0, sys.argv[1])
from planner.cli import main
try:
    code = main(sys.argv[2:])
finally:
    sys.stderr.write(f"\\nMAXRSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n")
sys.exit(code)
"""
IN_PROCESS = """
import json, sys, time
from datetime import datetime, timezone
from zoneinfo import ZoneInfo
from planner.picks.busy import read_busy
window = (datetime(2021, 3, 30, tzinfo=timezone.utc), datetime(2021, 4, 12, tzinfo=timezone.utc))
times = []
for _ in range(int(sys.argv[2])):
    t = time.perf_counter()
    spans, _ = read_busy(sys.argv[1], *window, ZoneInfo("Europe/Berlin"))
    times.append(time.perf_counter() - t)
print(json.dumps({"times": times, "spans": len(spans)}))
"""


def run(root: Path, args: list[str], env: dict[str, str]) -> tuple[float, int]:
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", LAUNCH, str(root), *args], cwd=root, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - t
    rss = [int(x.split()[1]) for x in done.stderr.splitlines() if x.startswith("MAXRSS")]
    return seconds, (rss[-1] if rss else 0)


def summary(name: str, results: list[tuple[float, int]]) -> None:
    times = [t for t, _ in results]
    print(f"  {name:<34} median {statistics.median(times):6.3f} s  "
          f"peak {max(r for _, r in results) / 1024:5.0f} MB  "
          f"runs {', '.join(f'{t:.2f}' for t in times)}")


def bench(calendar: Path, old_root: Path | None, runs: int, old_runs: int,
          work: Path, rev: str | None = None) -> None:
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    base["PLANNER_AGENDA"] = str(work / "agenda.json")
    args = ["clashes", str(PROGRAM), "--busy", str(calendar)]
    warm_cache = work / "warm-cache"

    def env(cache: Path) -> dict[str, str]:
        return {**base, "PLANNER_CACHE_DIR": str(cache)}

    def cold(root: Path) -> tuple[float, int]:
        cache = work / "cold-cache"
        shutil.rmtree(cache, ignore_errors=True)
        return run(root, args, env(cache))

    run(ROOT, ["clashes", str(PROGRAM)], env(warm_cache))  # bytecode, program cache
    run(ROOT, args, env(warm_cache))  # fills the busy entry
    results: dict[str, list[tuple[float, int]]] = {"old": [], "cold": [], "warm": [], "none": []}
    for i in range(max(runs, old_runs)):
        if old_root is not None and i < old_runs:
            results["old"].append(cold(old_root))
        if i < runs:
            results["cold"].append(cold(ROOT))
            results["warm"].append(run(ROOT, args, env(warm_cache)))
            results["none"].append(run(ROOT, ["clashes", str(PROGRAM)], env(warm_cache)))
    size = calendar.stat().st_size / 2**20
    events = calendar.read_bytes().count(b"BEGIN:VEVENT")
    print(f"{calendar.name}: {size:.1f} MB, {events:,} VEVENTs")
    if results["old"]:
        summary(f"before ({rev})", results["old"])
    summary("this tree, first read", results["cold"])
    summary("this tree, repeated (cached)", results["warm"])
    summary("no calendar", results["none"])
    out = subprocess.run([sys.executable, "-c", IN_PROCESS, str(calendar), "5"], cwd=ROOT,
                         env=env(warm_cache), capture_output=True, text=True, check=True).stdout
    inner = json.loads(out)
    print(f"  read_busy in one process, repeated: median "
          f"{statistics.median(inner['times']) * 1000:.1f} ms ({inner['spans']} busy spans)")
    if results["old"]:
        ratio = statistics.median(t for t, _ in results["warm"]) / statistics.median(
            t for t, _ in results["old"])
        print(f"  repeated / before: {ratio:.3f}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", help="an older commit to time too")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--old-runs", type=int, default=3)
    ap.add_argument("--only", choices=("9mb", "100k"))
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-busy-"))
    old_root = exported(a.against) if a.against else None
    try:
        calendars = {
            "9mb": lambda: busy_gen.calendar(size_mb=9),
            "100k": lambda: busy_gen.calendar(events=100_000, lean=True),
        }
        for name, make in calendars.items():
            if a.only and a.only != name:
                continue
            path = work / f"work-{name}.ics"
            path.write_bytes(make().encode())
            bench(path, old_root, a.runs, a.old_runs, work, a.against)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
