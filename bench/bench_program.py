"""Parse speed of the free-form program reader, in every shape and size.

    uv run python bench/bench_program.py                      # 5k/10k/20k/40k, 5 runs each
    uv run python bench/bench_program.py --sizes 10000 --shapes table timefirst --runs 9
    uv run python bench/bench_program.py --sizes 10000 --against 5e1ac3c   # old vs new
    uv run python bench/bench_program.py --sizes 10000 --phases            # where it goes

The programs come from bench/program_gen.py (table, time-first lines, a listing of
`**Title** Authors`, a saved HTML page, a tab-separated paste; 500 entries a day).
Each figure is a median over fresh processes of `program.parse` alone (the text read
and the reader's modules imported first, the clock around the parse only, as
bench_listing.py times its parser), and of `load_schedule` with the parse cache off
(the format detected, the parsers imported, the text read and parsed: what a user's
`planner` pays, planner.loader imported before the clock as in bench_parse.py).  The
table prints seconds and microseconds per entry, so linear time shows as a flat µs
column.  `--against REV` runs that commit and this tree alternately on the same files.
`--phases` splits one in-process parse of each file into the reader's steps: the
front-end (text to lines), `Reader.prepare`, the rest of reading, and building the
model.  `--icalendar` also times icalendar reading the same talks as a `.ics` file
(`Calendar.from_ical`, a fresh process, its module imported before the clock, runs
alternated with the parse): the product's yardstick for parsing (PRODUCT.md: at
least 5x faster than icalendar reading the same talks), a ratio that holds across
machines where seconds do not.

Targets: 10,000 table rows and 10,000 time-first lines each <= 0.5 s; linear time in
every shape.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import program_gen  # noqa: E402
from bench_listing import alternated, exported, fresh_seconds, once, report_against  # noqa: E402
from bench_parse import fresh_load  # noqa: E402

TARGET_S = 0.5
SIZES = (5_000, 10_000, 20_000, 40_000)
# The reader's modules are imported before the clock (the package loads them on use).
ONCE = once("program", "from planner.parsers.program import build, reader, text_front, html_front")


def fresh_parse(path: Path, root: Path) -> float:
    """Seconds `program.parse` takes in a new process running the planner in `root`."""
    return fresh_seconds(ONCE, path, root)


# icalendar reading a .ics file, timed as `ONCE` times the parse.
ICAL_ONCE = """
import sys, time
from pathlib import Path
data = Path(sys.argv[1]).read_bytes()
import icalendar
t = time.perf_counter()
cal = icalendar.Calendar.from_ical(data)
print(time.perf_counter() - t)
"""


def same_talks_as_ics(path: Path) -> Path:
    """The talks planner reads from `path`, written beside it as a plain .ics file."""
    from bench_parse import as_ics

    from planner.parsers import program
    from planner.parsers.base import ParseOptions

    schedule = program.parse(path.read_text(encoding="utf-8"), ParseOptions(source=str(path)))
    out = path.with_suffix(".ics")
    out.write_bytes(as_ics(schedule))
    return out


def against_icalendar(path: Path, runs: int) -> str:
    """Medians of the parse and of icalendar reading the same talks, alternated."""
    ics = same_talks_as_ics(path)
    ical, parse = alternated(lambda: fresh_seconds(ICAL_ONCE, ics, ROOT),
                             lambda: fresh_parse(path, ROOT), runs)
    ical_med, parse_med = statistics.median(ical), statistics.median(parse)
    return (f"icalendar reads the same talks as .ics in {ical_med:.3f} s; the parse "
            f"{parse_med:.3f} s: {ical_med / parse_med:.1f}x faster (target >= 5x)")


def phases(path: Path) -> str:
    """One in-process parse split into the reader's steps (imports done beforehand)."""
    from planner.diagnostics import DiagnosticSink
    from planner.gcpause import gc_paused
    from planner.parsers.base import ParseOptions
    from planner.parsers.program import read_doc
    from planner.parsers.program.build import Builder
    from planner.parsers.program.reader import Reader

    text = path.read_text(encoding="utf-8")
    diag = DiagnosticSink("x")
    with gc_paused():  # as `program.parse` runs
        t0 = time.perf_counter()
        doc = read_doc(text)
        t1 = time.perf_counter()
        reader = Reader(doc, diag)
        reader.prepare()
        t2 = time.perf_counter()
        reader.prepare = lambda: None  # type: ignore[method-assign]  # done above
        reader.run()
        t3 = time.perf_counter()
        Builder(doc, reader.top, reader.loose, reader.used,
                ParseOptions(source=str(path)), diag, "program").build()
        t4 = time.perf_counter()
    return (f"front {t1 - t0:.3f}  prepare {t2 - t1:.3f}  read {t3 - t2:.3f}  "
            f"build {t4 - t3:.3f}  total {t4 - t0:.3f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    ap.add_argument("--shapes", nargs="+", choices=list(program_gen.SHAPES),
                    default=list(program_gen.SHAPES))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", metavar="REV", help="also time this commit, alternated")
    ap.add_argument("--phases", action="store_true", help="split one parse into its steps")
    ap.add_argument("--icalendar", action="store_true",
                    help="also time icalendar reading the same talks as .ics")
    a = ap.parse_args()
    import os

    os.environ["PLANNER_CACHE"] = "off"  # time the parser, not the parse cache
    folder = Path(tempfile.mkdtemp(prefix="bench-program-"))
    old_root = exported(a.against) if a.against else None
    print(f"{'shape':<10} {'entries':>8} {'what':<6} {'median s':>9} {'µs/entry':>9}  runs")
    for shape in a.shapes:
        for n in a.sizes:
            path = program_gen.write(shape, n, folder)
            for what, timer in (("parse", fresh_parse), ("load", fresh_load)):
                if old_root is not None:
                    old, new = alternated(lambda: timer(path, old_root),
                                          lambda: timer(path, ROOT), a.runs)
                    print(f"{shape} {n:,} {what}:")
                    report_against(a.against, old, new)
                    continue
                runs = [timer(path, ROOT) for _ in range(a.runs)]
                med = statistics.median(runs)
                mark = "" if n != 10_000 or shape not in ("table", "timefirst") else \
                    f"  (target <= {TARGET_S} s: {'met' if med <= TARGET_S else 'NOT met'})"
                print(f"{shape:<10} {n:>8,} {what:<6} {med:>9.3f} {med / n * 1e6:>9.1f}  "
                      f"{', '.join(f'{t:.2f}' for t in runs)}{mark}")
            if a.phases:
                print(f"{'':<10} {'':>8} {phases(path)}")
            if a.icalendar:
                print(f"{'':<10} {'':>8} {against_icalendar(path, a.runs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
