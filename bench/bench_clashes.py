"""Clash detection over 10,000 picks and 5,000 busy events: the sweep, and all pairs.

    uv run python bench/bench_clashes.py             # 10,000 picks, 5,000 busy, 7 runs
    uv run python bench/bench_clashes.py --picks 2000 --busy 1000 --runs 3

The picks are a year of conference days in four zones: each day has a few parallel
tracks of 20 to 60 minute talks, about a third with estimated times, so many picks
overlap (a heavy user of the clash list).  The busy events are meetings in the
working hours of the same days, in the user's zone.  `find_clashes` is timed on
intervals built beforehand; building them from datetimes is timed apart.

For scale, comparing every pair is timed on a tenth of the data in the same run,
next to the sweep on that same tenth; both must find the same clashes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planner.clashes import Interval, find_clashes  # noqa: E402

ZONES = [ZoneInfo(z) for z in ("America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo", "UTC")]
USER_ZONE = ZoneInfo("Europe/Berlin")
DAY0 = datetime(2030, 1, 7)


def make_picks(n: int, rng: random.Random) -> list[tuple]:
    """(key, title, start, end, estimated) for `n` talks, 40 a day in 3 tracks."""
    out = []
    per_day = 40
    for i in range(n):
        day, slot = divmod(i, per_day)
        zone = ZONES[day % len(ZONES)]
        minute = 8 * 60 + (slot // 3) * 45 + rng.randint(-10, 10)
        start = (DAY0 + timedelta(days=day, minutes=minute)).replace(tzinfo=zone)
        end = start + timedelta(minutes=rng.choice((20, 30, 45, 60)))
        out.append((f"t{i:05d}", f"Talk {i}", start, end, rng.random() < 0.33))
    return out


def make_busy(n: int, n_days: int, rng: random.Random) -> list[tuple]:
    out = []
    for i in range(n):
        day = rng.randrange(n_days)
        start = (DAY0 + timedelta(days=day, hours=rng.randint(7, 18),
                                  minutes=rng.choice((0, 15, 30, 45)))).replace(tzinfo=USER_ZONE)
        end = start + timedelta(minutes=rng.choice((15, 30, 60)))
        out.append((f"busy:m{i}:{start.isoformat()}", f"Meeting {i}", start, end))
    return out


def build(picks: list[tuple], busy: list[tuple]) -> tuple[list[Interval], list[Interval]]:
    return ([Interval(*p) for p in picks],
            [Interval(k, label, s, e, kind="busy") for k, label, s, e in busy])


def all_pairs(picks: list[Interval], busy: list[Interval]) -> int:
    found = 0
    for i, a in enumerate(picks):
        for b in picks[i + 1:] + busy:
            if min(a.end_ts, b.end_ts) - max(a.start_ts, b.start_ts) > 0:
                found += 1
    return found


def timed(fn, *args) -> tuple[float, object]:
    t = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - t, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--picks", type=int, default=10_000)
    ap.add_argument("--busy", type=int, default=5_000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--seed", type=int, default=2021)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    raw_picks = make_picks(args.picks, rng)
    n_days = args.picks // 40 + 1
    raw_busy = make_busy(args.busy, n_days, rng)
    small_picks, small_busy = build(raw_picks[: args.picks // 10], raw_busy[: args.busy // 10])

    build_times, sweep_times, small_sweep, small_pairs = [], [], [], []
    clashes: list = []
    for _ in range(args.runs):
        t, (picks, busy) = timed(build, raw_picks, raw_busy)
        build_times.append(t)
        t, clashes = timed(find_clashes, picks, busy)
        sweep_times.append(t)
        t, few = timed(find_clashes, small_picks, small_busy)
        small_sweep.append(t)
        t, n_pairs = timed(all_pairs, small_picks, small_busy)
        small_pairs.append(t)
        assert n_pairs == len(few), (n_pairs, len(few))

    med = statistics.median
    possible = sum(1 for c in clashes if c.kind == "possible")
    with_busy = sum(1 for c in clashes if c.b.kind == "busy")
    ms = 1000
    print(f"find_clashes, {args.picks:,} picks + {args.busy:,} busy events "
          f"({len(clashes):,} clashes: {possible:,} possible, {with_busy:,} with busy time)")
    print(f"  sweep:            median {med(sweep_times) * ms:7.1f} ms  "
          f"(min {min(sweep_times) * ms:.1f}, max {max(sweep_times) * ms:.1f}, "
          f"{args.runs} runs; target <= 100 ms)")
    print(f"  building the intervals from datetimes: median {med(build_times) * ms:.1f} ms")
    print(f"a tenth ({len(small_picks):,} picks + {len(small_busy):,} busy, {len(few):,} clashes):")
    print(f"  sweep:            median {med(small_sweep) * ms:7.2f} ms")
    print(f"  all pairs:        median {med(small_pairs) * ms:7.1f} ms  "
          f"({med(small_pairs) / med(small_sweep):.0f}x the sweep)")


if __name__ == "__main__":
    main()
