"""Search speed: the index in process, keystrokes over 10,000 talks, and
`planner search` as a whole process over 50,000.

    uv run python bench/bench_search.py                  # 50,000 entries
    uv run python bench/bench_search.py --entries 5000 --runs 3

The listing comes from bench/listing_gen.py (see bench_listing.py).  Figures:

* building a SearchIndex and answering queries over all talks, in process;
* typing a query letter by letter over the first 10,000 talks (the TUI's
  keystroke target is well under 50 ms per query);
* `planner search QUERY FILE --format json` as a whole process, parsing included
  (no parse cache), against the 2 s target; `planner --help` is timed in the same
  run as the floor every command pays to start.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import listing_gen  # noqa: E402

from planner.parsers import listing  # noqa: E402
from planner.parsers.base import ParseOptions  # noqa: E402
from planner.search import SearchIndex  # noqa: E402

QUERIES = ["sparsity", "federated learning", "Gonçalves", "pipeline parallelism gpu",
           "embedding sharding recommendation", "learn", "zyxwvut"]
TYPED = "sparse training"
PROCESS_TARGET_S = 2.0
KEYSTROKE_TARGET_MS = 50.0


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def wall(args: list[str], runs: int) -> tuple[float, list[float]]:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.run(args, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - t)
        if p.returncode != 0:
            raise SystemExit(p.stderr.decode())
    return statistics.median(times), times


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2023)
    a = ap.parse_args()

    text = listing_gen.listing(a.entries, seed=a.seed)
    path = Path(tempfile.mkdtemp()) / "listing.txt"
    path.write_text(text, encoding="utf-8")
    sch = listing.parse(text, ParseOptions(source=str(path)))
    print(f"listing: {len(sch.unscheduled):,} talks, {len(text.encode()) / 1e6:.1f} MB")

    build = median_time(lambda: SearchIndex([sch]), a.runs)
    index = SearchIndex([sch])
    print(f"SearchIndex over {len(index):,} talks: build median {build * 1000:.0f} ms")
    per_query = {}
    for q in QUERIES:
        per_query[q] = median_time(lambda q=q: index.search(q), a.runs)
        print(f"  query {q!r}: {len(index.search(q)):,} hits, median "
              f"{per_query[q] * 1000:.1f} ms")
    print(f"  median over queries {statistics.median(per_query.values()) * 1000:.1f} ms, "
          f"slowest {max(per_query.values()) * 1000:.1f} ms")

    small = sch.model_copy(update={"unscheduled": sch.unscheduled[:10_000]})
    tui = SearchIndex([small])
    strokes = [TYPED[: i + 1] for i in range(len(TYPED))]
    times = [median_time(lambda q=q: tui.search(q), a.runs) for q in strokes]
    print(f"keystrokes over {len(tui):,} talks ({TYPED!r} typed letter by letter): median "
          f"{statistics.median(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms "
          f"(target well under {KEYSTROKE_TARGET_MS:.0f} ms)")

    exe = [sys.executable, "-m", "planner"]
    floor, _ = wall([*exe, "--help"], a.runs)
    med, runs = wall([*exe, "search", "sparsity", str(path), "--format", "json"], a.runs)
    print(f"planner --help (start-up floor): median {floor:.2f} s")
    print(f"planner search sparsity FILE --format json, parsing included: median {med:.2f} s "
          f"runs {', '.join(f'{t:.2f}' for t in runs)}")
    print(f"target <= {PROCESS_TARGET_S} s including parsing: "
          f"{'met' if med <= PROCESS_TARGET_S else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
