"""Parse speed for paper listings (the `MLSYS.2023` / `#N Title` / `Authors:` shape).

    uv run python bench/bench_listing.py                 # 50,000 entries, 5 runs
    uv run python bench/bench_listing.py --entries 5000 --runs 3
    uv run python bench/bench_listing.py --against 8a8fb4e   # also old vs new, alternated

The listing comes from bench/listing_gen.py (deterministic for a seed): realistic
titles, 1 to 18 authors drawn from a pool with about 2.4 author slots per person,
and abstracts of 90 to 200 words, about 1.2 kB per entry like the real seed.  Prints
medians of:

* `listing.parse` in a fresh process (text read first, the clock around the parse
  only): what a user's `planner` pays, with every cache and the heap cold;
* `listing.parse` repeated in this process (text already in memory; the name caches
  are warm after the first run);
* `load_schedule` on the file with the parse cache off (read, decode, detect, parse)
  and with it filled (read, decode, hash, read the JSON entry back into models);
* with `--against`, also that cached load in fresh processes of both commits (the
  parse cache was pickle until issue 11; it is JSON now).

Target: parse <= 1.5 s.  `--against REV` exports that commit's `planner/` with `git
archive` and times fresh-process parses of the old and the current code alternately,
on the same file in the same run, so their ratio holds on a noisy machine.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import listing_gen  # noqa: E402

from planner.loader import load_schedule  # noqa: E402
from planner.parsers import listing  # noqa: E402
from planner.parsers.base import ParseOptions  # noqa: E402

TARGET_S = 1.5
ROOT = HERE.parent


def once(module: str, imports: str = "") -> str:
    """Code for one parse by `planner.parsers.<module>` in a new interpreter, with the
    planner at argv[2], the text at argv[1] read (and `imports` done) before the clock
    starts: prints its seconds.  The schedule is kept until the clock is read, as a
    user's process keeps it: freeing 50,000 talks costs another 0.15 s, which is not
    parsing."""
    return f"""
import sys, time
sys.path.insert(0, sys.argv[2])
from pathlib import Path
text = Path(sys.argv[1]).read_text(encoding="utf-8")
from planner.parsers import {module}
from planner.parsers.base import ParseOptions
{imports}
t = time.perf_counter()
schedule = {module}.parse(text, ParseOptions(source=sys.argv[1]))
print(time.perf_counter() - t)
"""


ONCE = once("listing")


# The same, answered from a filled parse cache (argv[3]): what every later command pays.
ONCE_CACHED = """
import os, sys, time
sys.path.insert(0, sys.argv[2])
os.environ["PLANNER_CACHE_DIR"] = sys.argv[3]
from planner.loader import load_schedule
t = time.perf_counter()
schedule = load_schedule(sys.argv[1])
print(time.perf_counter() - t)
"""


def timed(fn, runs: int) -> tuple[float, list[float], object]:
    times, result = [], None
    for _ in range(runs):
        result = None  # free the previous schedule before the next run
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), times, result


def arguments() -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2023)
    ap.add_argument("--against", metavar="REV", help="also time this commit's parser")
    return ap.parse_args()


def fresh_seconds(code: str, path: Path, root: Path, *extra: str) -> float:
    """What `code` prints (seconds) in a new process given `path`, the planner in
    `root` (which runs from there so that its planner comes first) and `extra`."""
    out = subprocess.run([sys.executable, "-c", code, str(path), str(root), *extra],
                         capture_output=True, text=True, check=True, cwd=root)
    return float(out.stdout)


def fresh_parse(path: Path, root: Path) -> float:
    """Seconds `listing.parse` takes in a new process running the planner in `root`."""
    return fresh_seconds(ONCE, path, root)


def alternated(old, new, runs: int) -> tuple[list[float], list[float]]:
    """Times of `old()` and `new()` (each returns seconds), run alternately so that both
    meet the same load; which one goes first alternates too."""
    times: tuple[list[float], list[float]] = ([], [])
    for i in range(runs):
        for side in ((1, 0) if i % 2 else (0, 1)):
            times[side].append((old, new)[side]())
    return times


def report_against(rev: str, old: list[float], new: list[float],
                   what: str = "fresh process") -> None:
    old_med, new_med = statistics.median(old), statistics.median(new)
    print(f"{what}, {rev}: median {old_med:.3f} s  "
          f"runs {', '.join(f'{t:.2f}' for t in old)}")
    print(f"{what}, this tree: median {new_med:.3f} s  "
          f"runs {', '.join(f'{t:.2f}' for t in new)}")
    print(f"this tree / {rev}: {new_med / old_med:.2f}")


def cached_loads(path: Path, roots: list[Path], runs: int) -> tuple[list[float], list[float]]:
    """Fresh-process loads of `path` from a parse cache filled by each root's own code
    (one cache folder each), alternated between the two roots."""
    folders = [Path(tempfile.mkdtemp()) for _ in roots]
    for root, folder in zip(roots, folders):
        fresh_seconds(ONCE_CACHED, path, root, str(folder))  # fills it
    return alternated(*(lambda r=root, f=folder: fresh_seconds(ONCE_CACHED, path, r, str(f))
                        for root, folder in zip(roots, folders)), runs)


def exported(rev: str, *paths: str) -> Path:
    """That commit's `planner/` package (or `paths`), unpacked into a new temporary
    folder."""
    archive = subprocess.run(["git", "archive", rev, *(paths or ("planner",))],
                             capture_output=True, check=True, cwd=ROOT).stdout
    folder = Path(tempfile.mkdtemp())
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def written_listing(entries: int, seed: int) -> tuple[str, Path]:
    """The synthetic listing's text, also written to a file in a fresh temporary folder."""
    text = listing_gen.listing(entries, seed=seed)
    path = Path(tempfile.mkdtemp()) / "listing.txt"
    path.write_text(text, encoding="utf-8")
    print(f"listing: {entries:,} entries, {len(text.encode()) / 1e6:.1f} MB, seed {seed}")
    return text, path


def main() -> int:
    a = arguments()
    text, path = written_listing(a.entries, a.seed)

    fresh = [fresh_parse(path, ROOT) for _ in range(a.runs)]
    fresh_med = statistics.median(fresh)
    print(f"listing.parse, fresh process: median {fresh_med:.2f} s  "
          f"runs {', '.join(f'{t:.2f}' for t in fresh)}")
    options = ParseOptions(source=str(path))
    med, runs, sch = timed(lambda: listing.parse(text, options), a.runs)
    talks = len(sch.unscheduled)  # type: ignore[union-attr]
    people = len({s.key for t in sch.unscheduled for s in t.speakers})  # type: ignore[union-attr]
    print(f"parsed: {talks:,} talks, {people:,} distinct authors")
    print(f"listing.parse, repeated in process (text in memory): median {med:.2f} s  "
          f"runs {', '.join(f'{t:.2f}' for t in runs)}")
    sch = None
    os.environ["PLANNER_CACHE"] = "off"
    med_load, runs_load, _ = timed(lambda: load_schedule(path), a.runs)
    print(f"load_schedule, parse cache off (read + decode + detect + parse): median "
          f"{med_load:.2f} s  runs {', '.join(f'{t:.2f}' for t in runs_load)}")
    del os.environ["PLANNER_CACHE"]
    os.environ["PLANNER_CACHE_DIR"] = str(path.parent / "cache")
    load_schedule(path)  # parse once and fill the cache
    med_hit, runs_hit, _ = timed(lambda: load_schedule(path), a.runs)
    print(f"load_schedule, parse cached (read + decode + hash + JSON entry): median "
          f"{med_hit:.2f} s  runs {', '.join(f'{t:.2f}' for t in runs_hit)}")
    verdict = "met" if max(med, fresh_med) <= TARGET_S else "NOT met"
    print(f"target <= {TARGET_S} s for the parse, fresh and repeated: {verdict}")
    if a.against:
        old_root = exported(a.against)
        old, new = alternated(lambda: fresh_parse(path, old_root),
                              lambda: fresh_parse(path, ROOT), a.runs)
        report_against(a.against, old, new)
        old, new = cached_loads(path, [old_root, ROOT], a.runs)
        report_against(a.against, old, new, "cached load_schedule, fresh process")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
