"""Instructions the free-form reader spends on a program: a figure a noisy machine
cannot move.

    uv run python bench/icount.py                              # table and time-first, 2,000 entries
    uv run python bench/icount.py --shapes table --entries 1000
    uv run python bench/icount.py --against 4970170            # that commit and this tree
    uv run python bench/icount.py --shapes site                # site.parse on bench/synth.py's text

Wall-clock medians on a shared 2-core machine wander by 30 % between runs; valgrind's
callgrind counts the instructions a process executes, and the count repeats to well
under 1 % for the same code and input.  Each figure is the count of a process that
imports the reader, reads the text and parses it, minus the count of the same process
that stops before the parse: what `program.parse` alone costs.  It is a ratio tool
(old against new, one change against the last), not a target: seconds are still
measured by bench_program.py.  The programs come from bench/program_gen.py; the reader
is linear in entries, so 2,000 entries (about a minute under valgrind) stand for
10,000.  The `site` shape is bench/synth.py's conference-site text of that many talks,
counted as `site.parse` alone.  Needs valgrind on PATH.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import program_gen  # noqa: E402
import synth  # noqa: E402
from bench_listing import exported  # noqa: E402

RUN = """
import sys
sys.path.insert(0, sys.argv[2])
from pathlib import Path
text = Path(sys.argv[1]).read_text(encoding="utf-8")
from planner.parsers import program
from planner.parsers.base import ParseOptions
from planner.parsers.program import build, reader, text_front, html_front
from planner.parsers import site
parse = site.parse if sys.argv[4] == "site" else program.parse
if sys.argv[3] == "parse":
    schedule = parse(text, ParseOptions(source=sys.argv[1]))
"""


def instructions(path: Path, root: Path, what: str, reader: str = "program") -> int:
    """Instructions executed by one process running RUN (`what` is "parse" or "base";
    `reader` is "program" or "site")."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, "-c", RUN, str(path), str(root), what, reader],
            capture_output=True, text=True, env=ENV)
        found = re.search(r"Collected : (\d+)", proc.stderr)
        if proc.returncode != 0 or not found:
            raise SystemExit(f"valgrind failed on {path}: {proc.stderr[-500:]}")
        return int(found.group(1))


def parse_cost(path: Path, root: Path, reader: str = "program") -> int:
    # One plain run first, so that both counted runs load compiled modules: the first
    # run to import a module compiles it, and that is no part of parsing.
    subprocess.run([sys.executable, "-c", RUN, str(path), str(root), "parse", reader],
                   check=True, capture_output=True, env=ENV)
    return instructions(path, root, "parse", reader) - instructions(path, root, "base", reader)


ENV = {"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin", "PLANNER_CACHE": "off"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shapes", nargs="+", choices=[*program_gen.SHAPES, "site"],
                    default=["table", "timefirst"])
    ap.add_argument("--entries", type=int, default=2_000)
    ap.add_argument("--against", metavar="REV", help="also count that commit")
    a = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("bench/icount.py needs valgrind (Debian package valgrind)", file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp(prefix="bench-icount-"))
    old_root = exported(a.against) if a.against else None
    print(f"{'shape':<10} {'entries':>8} {'instructions':>15} {'per entry':>10}"
          + (f" {a.against[:10]:>15} {'ratio':>6}" if old_root else ""))
    for shape in a.shapes:
        if shape == "site":  # bench/synth.py's conference site, read by site.parse
            path = synth.write(folder / f"site{a.entries}.txt", synth.generate(a.entries))
        else:
            path = program_gen.write(shape, a.entries, folder)
        reader = "site" if shape == "site" else "program"
        new = parse_cost(path, ROOT, reader)
        line = f"{shape:<10} {a.entries:>8,} {new:>15,} {new // a.entries:>10,}"
        if old_root is not None:
            old = parse_cost(path, old_root, reader)
            line += f" {old:>15,} {new / old:>6.3f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
