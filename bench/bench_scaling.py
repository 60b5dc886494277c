"""Every reader's parse time at 5k, 10k, 20k and 40k entries: linear or not.

    uv run python bench/bench_scaling.py                  # all readers, 3 runs per size
    uv run python bench/bench_scaling.py --readers author-page --sizes 5000 10000
    uv run python bench/bench_scaling.py --against 9739974   # also that commit's parsers

Texts come from the deterministic generators: bench/synth.py for conference-site
schedules (sessions of 4-6 talks), bench/listing_gen.py for paper listings and, from
the same papers, bare abstract lists and author pages.  Each parse runs in a fresh
process (text read first, the clock around the format's `parse` only), so no cache
warmed by a smaller size helps a larger one.  Prints the median seconds per size,
microseconds per entry, and the growth from the smallest to the largest size next to
the growth in entries: linear time keeps the two close (per-entry cost flat).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import listing_gen  # noqa: E402
import synth  # noqa: E402
from bench_listing import ROOT, exported, fresh_seconds  # noqa: E402

SIZES = (5_000, 10_000, 20_000, 40_000)
# One parse in a new interpreter with the planner at argv[2], as format argv[3].
ONCE = """
import sys, time
sys.path.insert(0, sys.argv[2])
from pathlib import Path
text = Path(sys.argv[1]).read_text(encoding="utf-8")
from planner.parsers import get_format
from planner.parsers.base import ParseOptions
fmt = get_format(sys.argv[3])
options = ParseOptions(source=sys.argv[1], year=2021, timezone="America/Los_Angeles",
                       talk_minutes=20)
t = time.perf_counter()
schedule = fmt.parse(text, options)
print(time.perf_counter() - t)
"""
GENERATORS = {
    "site": lambda n: synth.generate(talks=n),
    "listing": lambda n: listing_gen.listing(n),
    "abstracts": lambda n: listing_gen.render_abstracts(listing_gen.entries(n)),
    "author-page": lambda n: listing_gen.render_author_page(listing_gen.entries(n)),
}


def arguments() -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("--readers", nargs="+", choices=sorted(GENERATORS), default=list(GENERATORS))
    ap.add_argument("--sizes", nargs="+", type=int, default=list(SIZES))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--against", metavar="REV", help="also time this commit's parsers")
    return ap.parse_args()


def scaling(reader: str, sizes: list[int], runs: int, root: Path, folder: Path) -> list[float]:
    """Median seconds of `reader` parsing each size, with the planner in `root`."""
    medians = []
    for n in sizes:
        path = folder / f"{reader}-{n}.txt"
        if not path.exists():
            path.write_text(GENERATORS[reader](n), encoding="utf-8")
        medians.append(statistics.median(
            fresh_seconds(ONCE, path, root, reader) for _ in range(runs)))
    return medians


def report(label: str, reader: str, sizes: list[int], medians: list[float]) -> None:
    cells = "  ".join(f"{n // 1000}k {s:6.3f} s ({s / n * 1e6:5.1f} µs)"
                      for n, s in zip(sizes, medians))
    growth = medians[-1] / medians[0]
    print(f"{label:9} {reader:11} {cells}  x{growth:.1f} time for x{sizes[-1] / sizes[0]:.0f} "
          "entries")


def main() -> int:
    a = arguments()
    sizes = sorted(a.sizes)
    folder = Path(tempfile.mkdtemp())
    old_root = exported(a.against) if a.against else None
    for reader in a.readers:
        report("this tree", reader, sizes, scaling(reader, sizes, a.runs, ROOT, folder))
        if old_root is not None:
            report(a.against, reader, sizes, scaling(reader, sizes, a.runs, old_root, folder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
