"""What the safe cache costs: parsed schedules read back from JSON (not pickle) and
search indexes checked against their CRC-32, against an older commit in the same run.

    uv run python bench/bench_cache.py --against 9739974       # 7 runs per figure
    uv run python bench/bench_cache.py --against 9739974 --entries 5000 --talks 2000
    uv run python bench/bench_cache.py                          # in-process figures only

Texts: the 50,000-entry listing of bench/listing_gen.py (seed 2023) and the
10,000-talk site schedule of bench/synth.py.  Figures (medians, alternated between the
two commits in fresh processes so both meet the same load):

* `load_schedule` from a filled parse cache, in a fresh process (imports of the
  models included, as every command pays them);
* `planner search sparsity FILE --format json` as a whole process, answered from the
  stored search index (started with a bytecode cache, as an installed planner is);
* in process: reading the index file and its CRC-32 alone;
* in process, on the parsed listing: the ways an entry could be read back, pickle
  (what the cache was), pydantic's JSON (what it is), and the standard json module
  feeding `model_validate` (what orjson or msgpack would feed: they only replace the
  decoding step, so they cannot beat the validation that follows it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import listing_gen  # noqa: E402
import synth  # noqa: E402
from bench_listing import ROOT, alternated, cached_loads, exported, report_against  # noqa: E402

# `planner ARGS` with the planner at argv[1], from its own folder; the parent times it.
SEARCH = "import sys; sys.path.insert(0, sys.argv[1]); from planner.cli import main; " \
         "sys.exit(main(sys.argv[2:]))"


def arguments() -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=50_000)
    ap.add_argument("--talks", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", metavar="REV", help="the commit to compare with "
                    "(without it, only the in-process figures)")
    return ap.parse_args()


def search_seconds(root: Path, path: Path, cache: Path, pycache: Path) -> float:
    env = {**os.environ, "PLANNER_CACHE_DIR": str(cache), "PYTHONPYCACHEPREFIX": str(pycache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", SEARCH, str(root), "search", "sparsity", str(path),
                    "--format", "json"], check=True, cwd=root, env=env,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def warm_searches(path: Path, roots: list[Path], runs: int) -> tuple[list[float], list[float]]:
    folders = [(Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())) for _ in roots]
    for root, (cache, pycache) in zip(roots, folders):
        for _ in range(2):  # parse and index, then once warm (bytecode written)
            search_seconds(root, path, cache, pycache)
    return alternated(*(lambda r=root, c=cache, p=pycache: search_seconds(r, path, c, p)
                        for root, (cache, p) in zip(roots, folders)), runs)


def crc_of_index(path: Path, runs: int) -> None:
    os.environ["PLANNER_CACHE_DIR"] = str(Path(tempfile.mkdtemp()))
    from planner.loader import LoadOptions
    from planner.search_store import stored_schedules

    stored_schedules([path], LoadOptions())
    [index] = Path(os.environ["PLANNER_CACHE_DIR"]).glob("*.search")
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        zlib.crc32(index.read_bytes())
        times.append(time.perf_counter() - t)
    print(f"  index {index.stat().st_size / 1e6:.0f} MB: read + CRC-32 in process, median "
          f"{statistics.median(times):.3f} s")


def formats(path: Path, runs: int) -> None:
    """The ways to read an entry back, each once per round, rounds interleaved."""
    import json
    import pickle

    from planner.loader import load_schedule
    from planner.model import Schedule
    from planner.parsers.papers import gc_paused

    os.environ["PLANNER_CACHE"] = "off"
    schedule = load_schedule(path)
    pickled = pickle.dumps(schedule, protocol=pickle.HIGHEST_PROTOCOL)
    dumped = schedule.model_dump_json(exclude_defaults=True).encode()
    ways = {
        "pickle.loads": lambda: pickle.loads(pickled),
        "Schedule.model_validate_json": lambda: Schedule.model_validate_json(dumped),
        "json.loads": lambda: json.loads(dumped),
        "json.loads + model_validate": lambda: Schedule.model_validate(json.loads(dumped)),
    }
    try:  # not a dependency: `uv run --with orjson python bench/bench_cache.py`
        import orjson

        ways["orjson.loads + model_validate"] = lambda: Schedule.model_validate(
            orjson.loads(dumped))
    except ImportError:
        pass
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(runs):
        for name, way in ways.items():
            with gc_paused():
                t = time.perf_counter()
                way()
                times[name].append(time.perf_counter() - t)
    print(f"  in process, {len(pickled) / 1e6:.0f} MB pickle, {len(dumped) / 1e6:.0f} MB JSON "
          f"(medians of {runs} interleaved rounds):")
    for name, spent in times.items():
        print(f"    {name:32} {statistics.median(spent):.3f} s")


def main() -> int:
    a = arguments()
    folder = Path(tempfile.mkdtemp())
    listing = folder / "listing.txt"
    listing.write_text(listing_gen.listing(a.entries), encoding="utf-8")
    site = synth.write(folder / "site.txt", synth.generate(talks=a.talks))
    time.sleep(2.1)  # settled (search_store.RACY_NS), so the search index is kept
    old_root = exported(a.against) if a.against else None
    for label, path in ((f"listing, {a.entries:,} entries", listing),
                        (f"site, {a.talks:,} talks", site)):
        if old_root is None:
            break
        print(f"{label}: {path.stat().st_size / 1e6:.1f} MB")
        report_against(a.against, *cached_loads(path, [old_root, ROOT], a.runs),
                       "  cached load_schedule, fresh process")
        report_against(a.against, *warm_searches(path, [old_root, ROOT], a.runs),
                       "  warm planner search, whole process")
    crc_of_index(listing, a.runs)
    formats(listing, a.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
