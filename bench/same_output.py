"""Same output: every text of a corpus parsed by two trees, compared byte for byte.

    uv run python bench/same_output.py --against 5e1ac3c        # that commit vs this tree
    uv run python bench/same_output.py --against 5e1ac3c --quick  # no 10,000-entry texts
    uv run python bench/same_output.py --dump DIR               # this tree's dumps only

A speed change must not change what planner reads.  For each text this dumps, as the
user would get them (fixed clock and zone, parse cache off): the fit every format's
sniff gives, the schedule of the detected format (or its error), and the schedule read
`--as program` (the free-form reader on every shape), each with
`Schedule.model_dump_json()`, diagnostics included.  The corpus: the bundled
schedules, the texts under tests/data, the development set in
shared/data/pasted beside the checkout, the 31C3 and FOSDEM frab files re-rendered in
every seed shape by shared/tools/reshape.py, the seed-001 paste without blank lines, the real pastes in $PLANNER_REAL_TEXTS, the
synthetic site text of bench/synth.py, and the
program shapes of bench/program_gen.py at 1,000 entries; without --quick also the
10,000-entry table and time-first shapes and the 10,000-talk FOSDEM site text
(from shared/tools/synth.py).  The derived texts are made afresh in a temporary folder.
Texts that are not on this machine are left out and named.

The two trees dump in parallel fresh processes; the report lists every text whose dump
differs, with the first differing characters.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

SHARED = ROOT.parent / "shared"
# Real pastes kept outside the repository (their terms keep them out), as for
# tests/test_program_real.py: each folder in $PLANNER_REAL_TEXTS, .txt and .md.
READER_TESTS = [Path(p) for p in os.environ.get("PLANNER_REAL_TEXTS", "").split(os.pathsep) if p]
NOW = "2026-11-22T12:00:00+00:00"

# Dumps the texts listed on stdin (one path a line) with the planner at argv[1] into
# the folder argv[2]: one JSON file a text, named by its position in the list.
DUMP = """
import json, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from planner.errors import PlannerError
from planner.loader import LoadOptions, parse_text, read_metadata
from planner.parsers import FORMATS

out = Path(sys.argv[2])
for k, name in enumerate(sys.stdin.read().split("\\n")):
    if not name:
        continue
    path = Path(name)
    text = path.read_text(encoding="utf-8")
    meta = read_metadata(path)
    got = {"sniff": {f.name: f.sniff(text) for f in FORMATS.values()}}
    for key, fmt in (("detected", None), ("program", "program")):
        try:
            got[key] = parse_text(text, name, meta, LoadOptions(as_format=fmt)).model_dump_json()
        except PlannerError as e:
            got[key] = f"PlannerError: {e}"
    (out / f"{k}.json").write_text(json.dumps(got, indent=0), encoding="utf-8")
"""


def corpus(folder: Path, quick: bool = False) -> tuple[list[Path], list[str]]:
    """The texts to compare (generated ones written to `folder`), and what is missing."""
    import program_gen
    import synth

    texts: list[Path] = sorted((ROOT / "schedules").glob("*.txt"))
    texts += sorted(p for p in (ROOT / "tests" / "data").rglob("*.txt") if "golden" not in p.parts)
    missing = []
    pasted = SHARED / "data" / "pasted"
    if pasted.is_dir():
        texts += sorted(p for p in pasted.iterdir()
                        if not p.name.endswith(".json") and p.name not in
                        ("README.md", "INDEX.md", "SOURCES.md"))
    else:
        missing.append(str(pasted))
    folder.mkdir(parents=True, exist_ok=True)
    for extra in [*derived(folder, quick, missing), *READER_TESTS]:
        if extra in READER_TESTS and extra.is_dir():
            texts += sorted(p for p in extra.iterdir() if p.suffix in (".txt", ".md"))
        elif extra.is_dir():
            texts += sorted(extra.glob("*.txt"))
        elif extra.is_file():
            texts.append(extra)
        else:
            missing.append(str(extra))
    texts.append(synth.write(folder / "synth2000.txt", synth.generate(2000)))
    for shape in program_gen.SHAPES:
        texts.append(program_gen.write(shape, 1000, folder))
    if not quick:
        for shape in ("table", "timefirst"):
            texts.append(program_gen.write(shape, 10_000, folder))
    return texts, missing


def derived(folder: Path, quick: bool, missing: list[str]) -> list[Path]:
    """The texts made from shared/ by its own tools: reshaped frab programs, the seed-001
    paste without blank lines and (without `quick`) the 10,000-talk site text."""
    tools, real = SHARED / "tools", SHARED / "data" / "real"
    made: list[Path] = []
    shapes = folder / "reshaped"
    shapes.mkdir(exist_ok=True)
    for name, frab in (("31c3", "frab_31c3_schedule.xml"), ("fosdem", "frab_fosdem2024_schedule.xml")):
        if (real / frab).is_file():
            subprocess.run([sys.executable, str(tools / "reshape.py"), str(real / frab),
                            str(shapes), name], check=True, stdout=subprocess.DEVNULL)
        else:
            missing.append(str(real / frab))
    if any(shapes.iterdir()):
        made.append(shapes)
    seed = sorted((SHARED / "seeds").glob("001_*.txt"))
    if seed:
        compact = folder / "seed001_compact.txt"
        compact.write_text("".join(line for line in seed[0].read_text(encoding="utf-8")
                                   .splitlines(keepends=True) if line.strip()), encoding="utf-8")
        made.append(compact)
    else:
        missing.append(str(SHARED / "seeds" / "001_*.txt"))
    fosdem = real / "frab_fosdem2024_schedule.xml"
    if not quick and fosdem.is_file():
        big = folder / "big.txt"
        subprocess.run([sys.executable, str(tools / "synth.py"), str(fosdem), "10000", str(big)],
                       check=True, stdout=subprocess.DEVNULL)
        made.append(big)
    return made


def dump(root: Path, texts: list[Path], out: Path) -> subprocess.Popen:
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PLANNER_NOW=NOW, TZ="UTC", PLANNER_CACHE="off")
    proc = subprocess.Popen([sys.executable, "-c", DUMP, str(root), str(out)], cwd=root,
                            env=env, stdin=subprocess.PIPE, text=True)
    assert proc.stdin is not None
    proc.stdin.write("\n".join(map(str, texts)))
    proc.stdin.close()
    return proc


def first_difference(a: str, b: str) -> str:
    k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at {k}: {a[max(0, k - 60):k + 80]!r}\n        vs {b[max(0, k - 60):k + 80]!r}"


def compare(texts: list[Path], old: Path, new: Path) -> int:
    differ = 0
    for k, path in enumerate(texts):
        a = json.loads((old / f"{k}.json").read_text(encoding="utf-8"))
        b = json.loads((new / f"{k}.json").read_text(encoding="utf-8"))
        for key in ("sniff", "detected", "program"):
            if a[key] != b[key]:
                differ += 1
                print(f"DIFFERS {path} [{key}]\n    {first_difference(str(a[key]), str(b[key]))}")
    print(f"{len(texts)} texts, {3 * len(texts)} dumps (sniffs, detected format, --as "
          f"program): {'all identical' if not differ else f'{differ} differ'}")
    return 1 if differ else 0


def main() -> int:
    from bench_listing import exported

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", metavar="REV", help="compare this tree with that commit")
    ap.add_argument("--dump", type=Path, metavar="DIR", help="only dump this tree into DIR")
    ap.add_argument("--quick", action="store_true", help="leave out the 10,000-entry texts")
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="same-output-"))
    texts, missing = corpus(work / "texts", a.quick)
    for m in missing:
        print(f"not on this machine, left out: {m}")
    if a.dump:
        return dump(ROOT, texts, a.dump).wait()
    if not a.against:
        ap.error("--against REV or --dump DIR")
    old_root = exported(a.against)
    procs = [dump(old_root, texts, work / "old"), dump(ROOT, texts, work / "new")]
    if any(p.wait() for p in procs):
        print("a dump failed")
        return 2
    return compare(texts, work / "old", work / "new")


if __name__ == "__main__":
    raise SystemExit(main())
