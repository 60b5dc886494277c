"""Parse speed for paper listings (the `MLSYS.2023` / `#N Title` / `Authors:` shape).

    uv run python bench/bench_listing.py                 # 50,000 entries, 5 runs
    uv run python bench/bench_listing.py --entries 5000 --runs 3

The listing comes from bench/listing_gen.py (deterministic for a seed): realistic
titles, 1 to 18 authors drawn from a pool with about 2.4 author slots per person,
and abstracts of 90 to 200 words, about 1.2 kB per entry like the real seed.  Prints
medians of in-process parses (`listing.parse` on text already in memory), of
`load_schedule` on the file with the parse cache off (read, decode, detect, parse)
and with it filled (read, decode, hash, unpickle).  Target: parse <= 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
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
    return ap.parse_args()


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

    options = ParseOptions(source=str(path))
    med, runs, sch = timed(lambda: listing.parse(text, options), a.runs)
    talks = len(sch.unscheduled)  # type: ignore[union-attr]
    people = len({s.key for t in sch.unscheduled for s in t.speakers})  # type: ignore[union-attr]
    print(f"parsed: {talks:,} talks, {people:,} distinct authors")
    print(f"listing.parse (text in memory): median {med:.2f} s  "
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
    print(f"load_schedule, parse cached (read + decode + hash + unpickle): median "
          f"{med_hit:.2f} s  runs {', '.join(f'{t:.2f}' for t in runs_hit)}")
    verdict = "met" if med <= TARGET_S else "NOT met"
    print(f"target <= {TARGET_S} s for the parse: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
