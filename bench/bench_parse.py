"""Parse speed and memory for conference-site schedules, and `planner agenda` wall time.

    uv run python bench/bench_parse.py            # 10,000 talks, 7 runs each
    uv run python bench/bench_parse.py --talks 2000 --runs 3
    uv run python bench/bench_parse.py --against 8a8fb4e   # also that commit, alternated
    uv run python bench/bench_parse.py --text big.txt      # a given site text instead

`--text` times a text made elsewhere, such as the 10,000 FOSDEM talks of
`shared/tools/synth.py FRAB.xml 10000 big.txt` (detected as a site schedule; no .toml,
so the zone and year are the ones the text states).

Prints medians.  Two fresh-process figures: `load_schedule` whole (the text read
and decoded, the format detected, the parsers and models imported: what a user's
first, uncached run pays) and `site.parse` alone (the text read and the parser's
modules imported before the clock), which is how bench_program.py and
bench_listing.py time their readers, so the three "parse" targets are read alike.
icalendar reading the same talks as .ics is timed in the same run,
so the ratio holds even on a noisy machine.  Peak memory is the max RSS of a fresh
process that imports planner and parses the file (what a user's process costs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import synth  # noqa: E402
from bench_listing import alternated, exported, fresh_seconds, once, report_against  # noqa: E402

from planner.loader import load_schedule  # noqa: E402


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def as_ics(schedule) -> bytes:
    """The same talks as a plain iCalendar file, written with icalendar itself."""
    import icalendar

    cal = icalendar.Calendar()
    cal.add("prodid", "-//bench//EN")
    cal.add("version", "2.0")
    stamp = datetime(2021, 1, 1, tzinfo=timezone.utc)
    for t in schedule.talks():
        ev = icalendar.Event()
        ev.add("uid", f"{t.id}@bench")
        ev.add("dtstamp", stamp)
        ev.add("dtstart", t.start.astimezone(timezone.utc))
        ev.add("dtend", t.end.astimezone(timezone.utc))
        ev.add("summary", t.title)
        ev.add("description", ", ".join(s.name for s in t.speakers) + "\n\n" + t.abstract)
        cal.add_component(ev)
    return cal.to_ical()


# VmHWM is this process's own peak; ru_maxrss would carry the parent's peak across exec.
HWM = "int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1])"
PEAK = f"""
import os, sys
os.environ["PLANNER_CACHE"] = "off"
from planner.loader import load_schedule
s = load_schedule(sys.argv[1])
print({HWM})
"""
# The schedule is kept until the clock is read, as a user's process keeps it and as
# `PARSE_ONCE` keeps it: freeing 10,000 talks is no part of loading them.
ONCE = """
import sys, time
sys.path.insert(0, sys.argv[2])
from planner.loader import load_schedule
t = time.perf_counter()
schedule = load_schedule(sys.argv[1])
print(time.perf_counter() - t)
"""
BASELINE = f"""
import planner.loader
print({HWM})
"""


# `site.parse` alone in a new process, timed as bench_program.py times the program reader.
PARSE_ONCE = once("site")


def fresh_parse(path: Path, root: Path) -> float:
    """Seconds `site.parse` takes in a new process running the planner in `root`."""
    return fresh_seconds(PARSE_ONCE, path, root)


def fresh_load(path: Path, root: Path) -> float:
    """Seconds `load_schedule` takes in a new process running the planner in `root`."""
    return fresh_seconds(ONCE, path, root)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--talks", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", metavar="REV", help="also time this commit's parser")
    ap.add_argument("--text", type=Path, help="time this text instead of a synthetic one")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    path = tmp / "synth.txt"
    if a.text:
        path = a.text.resolve()
    else:
        synth.main(["--talks", str(a.talks), "-o", str(path)])
    sch = load_schedule(path)
    n = len(sch.talks())
    print(f"synthetic schedule: {n} talks, {len(sch.sessions)} sessions, "
          f"{path.stat().st_size / 1e6:.1f} MB of text")

    import icalendar

    ics = as_ics(sch)
    os.environ["PLANNER_CACHE"] = "off"  # time the parser, not the parse cache
    # A user's process parses a program once; repeated parses in one process run
    # slower as the heap grows, so time both.
    fresh = [fresh_load(path, HERE.parent) for _ in range(a.runs)]
    fresh_s = statistics.median(fresh)
    alone_s = statistics.median([fresh_parse(path, HERE.parent) for _ in range(a.runs)])
    parse_s = median_time(lambda: load_schedule(path), a.runs)
    os.environ.pop("PLANNER_CACHE")
    load_schedule(path)  # fill the cache
    cached_s = median_time(lambda: load_schedule(path), a.runs)
    ical_s = median_time(lambda: icalendar.Calendar.from_ical(ics), max(3, a.runs // 2))
    print(f"load {n} talks, fresh process:      median {fresh_s:.3f} s   (uncached first run)")
    print(f"parse {n} talks alone, fresh process: median {alone_s:.3f} s   (target <= 0.5 s)")
    print(f"parse {n} talks, repeated in-process: median {parse_s:.3f} s")
    print(f"read same talks as .ics (icalendar): median {ical_s:.3f} s (in-process)")
    print(f"ratio icalendar / planner in-process: {ical_s / parse_s:.1f}x   (target >= 5x)")
    print(f"load again from the parse cache:     median {cached_s:.3f} s")
    if a.against:
        os.environ["PLANNER_CACHE"] = "off"
        old_root = exported(a.against)
        old, new = alternated(lambda: fresh_load(path, old_root),
                              lambda: fresh_load(path, HERE.parent), a.runs)
        report_against(a.against, old, new)
        os.environ.pop("PLANNER_CACHE")

    peak = int(subprocess.run([sys.executable, "-c", PEAK, str(path)], capture_output=True,
                              text=True, check=True, cwd=HERE.parent).stdout)
    base = int(subprocess.run([sys.executable, "-c", BASELINE], capture_output=True,
                              text=True, check=True, cwd=HERE.parent).stdout)
    print(f"peak RSS parsing (whole process):    {peak / 1024:.0f} MB "
          f"(imports alone {base / 1024:.0f} MB; target <= 200 MB)")

    from planner.parsers import FORMATS, ParseOptions

    opts = ParseOptions(source="x", conference="X", year=2021, timezone="UTC")
    for size in (1, 2):
        line = ("Ann Bo, Tue 6 Apr 09:30 a.m. · " * 40_000 * size)[: size * 1_000_000]
        for fmt in FORMATS.values():
            t = median_time(lambda: fmt.parse(line, opts), 3)
            print(f"{size} MB single line, {fmt.name:<12}        median {t * 1000:.0f} ms")

    walls = []
    for _ in range(a.runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "planner", "agenda"], check=True,
                       capture_output=True, cwd=HERE.parent)
        walls.append(time.perf_counter() - t)
    print(f"`planner agenda` whole process:      median {statistics.median(walls):.3f} s "
          "(target <= 0.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
