"""What reading other languages' day and month names costs the program reader.

    uv run python bench/bench_day_names.py

(1) babel's CLDR names read at parse time: importing babel.dates and loading the six
locales, in a fresh process (median of 5); the reader uses a table written from the
same data instead (planner/parsers/program/locale_names.py).  (2) The day-anchor check
(`when.has_day_anchor`, asked of every line) over the lines of the 10,000-entry table
and time-first programs of bench/program_gen.py: English names only, against English
plus the other languages' names (best of 5 passes, same process, same lines).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

BABEL = """
import time
t = time.perf_counter()
from babel.dates import get_day_names, get_month_names
for loc in ("de", "fr", "es", "it", "nl", "pt"):
    get_day_names("wide", locale=loc); get_month_names("wide", locale=loc)
    get_month_names("abbreviated", locale=loc)
print(time.perf_counter() - t)
"""


def babel_seconds() -> float:
    runs = [float(subprocess.run([sys.executable, "-c", BABEL], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(5)]
    return statistics.median(runs)


def anchor_seconds() -> tuple[float, float, int]:
    import program_gen
    from planner.parsers.program import when
    from planner.parsers.program.anycase import AnyCase

    lines: list[str] = []
    for shape in ("table", "timefirst"):
        lines += getattr(program_gen, shape)(10_000).splitlines()
    english = AnyCase(when._ANCHOR)

    def best(fn) -> float:
        out = []
        for _ in range(5):
            t = time.perf_counter()
            for ln in lines:
                fn(ln)
            out.append(time.perf_counter() - t)
        return min(out)

    return best(english.found), best(when.has_day_anchor), len(lines)


if __name__ == "__main__":
    print(f"babel.dates imported and six locales loaded: median {babel_seconds():.3f} s a process")
    en, all_, n = anchor_seconds()
    print(f"day-anchor check on {n:,} lines: English only {en * 1000:.0f} ms, "
          f"with the other languages {all_ * 1000:.0f} ms ({all_ / en:.2f}x)")
