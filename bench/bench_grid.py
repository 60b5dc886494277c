"""The rooms-by-time grid (v in the TUI) on 10,000-talk programs: opening it, and each
cursor step.

    uv run python bench/bench_grid.py                  # 10,000 talks, 5 runs
    uv run python bench/bench_grid.py --talks 2000 --runs 3

Two programs: `program_gen.py`'s table shape (500 talks a day in 10 rooms, 10-minute
slots: 20 days) and `synth.py`'s site schedule (parallel sessions without rooms, so the
grid letters them A, B …).  Measured in-process on a headless app at 120x40, as
bench_tui.py measures keystrokes: a key event goes into the driver as a terminal would
deliver it, and the clock stops when the frame showing its effect has been composed (a
callback after the grid's refresh).  "Open" is `v` from the list to the drawn grid; the
first open also builds the timetable of every talk (planner.timetable, kept for the
session) and the day's grid; later opens and days reuse them.  A step is one of j, l, k,
h, pagedown, pageup in a fixed round, and d (the next day: a new DayGrid); the list's
own cursor step (j) is timed in the same runs, for a ratio (both repaint the detail
pane, which costs most of a step), and the widget's own drawing of every line alone.
The core alone
(planner.grid.day_grid for one day, from the timetables) is timed beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

COLS, ROWS = 120, 40
ROUND = ("j", "j", "l", "j", "l", "l", "k", "h", "pagedown", "j", "pageup", "l", "j", "h")
KEYS = {"j": ("j", "j"), "k": ("k", "k"), "l": ("l", "l"), "h": ("h", "h"),
        "pagedown": ("pagedown", None), "pageup": ("pageup", None), "d": ("d", "d"),
        "v": ("v", "v")}


def programs(talks: int, folder: Path) -> dict[str, Path]:
    import program_gen
    import synth

    return {"table (10 rooms)": program_gen.write("table", talks, folder),
            "site (sessions)": synth.write(folder / "synth.txt", synth.generate(talks))}


async def _timed(app, target, method: str, key: str) -> float:
    """Seconds from `key` into the driver to the frame after `target.method` ran."""
    from textual import events

    done = asyncio.Event()
    original = getattr(target, method)

    def wrapped(*args, _original=original, **kw):
        out = _original(*args, **kw)
        app.screen.call_after_refresh(done.set)
        return out

    setattr(target, method, wrapped)
    name, char = KEYS[key]
    start = time.perf_counter()
    app._driver.send_message(events.Key(name, char))  # type: ignore[union-attr]
    await asyncio.wait_for(done.wait(), 30)
    elapsed = time.perf_counter() - start
    setattr(target, method, original)
    return elapsed


async def one_run(schedule) -> tuple[float, float, list[float], list[float], list[float],
                                     float]:
    """(first open, second open, cursor steps, day switches, the list's steps, drawing
    every line of the grid once by the widget alone) in seconds."""
    from planner.tui import make_app

    app = make_app([schedule])
    steps: list[float] = []
    days: list[float] = []
    list_steps: list[float] = []
    async with app.run_test(size=(COLS, ROWS)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(len(ROUND)):  # the list's own step, for a ratio from the same run
            list_steps.append(await _timed(app, screen.talk_list, "action_cursor_down", "j"))
        first = await _timed(app, screen, "action_toggle_grid", "v")
        await pilot.pause()
        await _timed(app, screen, "action_toggle_grid", "v")  # back to the list
        await pilot.pause()
        second = await _timed(app, screen, "action_toggle_grid", "v")
        await pilot.pause()
        grid = screen.grid_view
        for _ in range(3):
            for key in ROUND:
                steps.append(await _timed(app, grid, "_move", key))
            days.append(await _timed(app, grid, "show_day", "d"))
            await pilot.pause()
        draws = []
        for _ in range(20):  # the widget's own share of a frame: every line, no compositor
            start = time.perf_counter()
            grid._base = grid.rich_style
            for y in range(grid.size.height):
                grid.render_line(y)
            draws.append(time.perf_counter() - start)
    return first, second, steps, days, list_steps, statistics.median(draws)


def core_alone(schedule, runs: int) -> tuple[float, float, int, int]:
    """(timetables, one day's grid) in seconds; the day's talks and columns."""
    from planner.grid import day_grid, days_of
    from planner.timetable import of_schedule
    from planner.zones import get_zone

    zone = get_zone(schedule.timezone)
    tables_t, grid_t = [], []
    for _ in range(runs):
        start = time.perf_counter()
        tables = [of_schedule(schedule)]
        tables_t.append(time.perf_counter() - start)
        day = days_of(tables, zone)[0]
        start = time.perf_counter()
        grid = day_grid(tables, day, zone)
        grid_t.append(time.perf_counter() - start)
    return (statistics.median(tables_t), statistics.median(grid_t), grid.talk_count,
            len(grid.columns))


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talks", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args(argv)
    from planner.loader import load_schedule

    with tempfile.TemporaryDirectory() as tmp:
        for name, path in programs(a.talks, Path(tmp)).items():
            schedule = load_schedule(path)
            count = sum(len(s.talks) for s in schedule.sessions)
            tables, grid, day_talks, columns = core_alone(schedule, a.runs)
            print(f"{name}: {count} timed talks; first day {day_talks} talks in "
                  f"{columns} columns")
            print(f"  core: timetable of every talk {tables * 1000:.1f} ms, one day's grid "
                  f"{grid * 1000:.1f} ms")
            firsts, seconds, step_medians, day_medians, list_medians = [], [], [], [], []
            draw_medians: list[float] = []
            steps_all: list[float] = []
            for _ in range(a.runs):
                first, second, steps, days, list_steps, draw = asyncio.run(one_run(schedule))
                draw_medians.append(draw)
                firsts.append(first)
                seconds.append(second)
                step_medians.append(statistics.median(steps))
                day_medians.append(statistics.median(days))
                list_medians.append(statistics.median(list_steps))
                steps_all += steps
            print(f"  open the grid (v -> grid drawn): first {ms(firsts)}, again "
                  f"{ms(seconds)}")
            print(f"  cursor step -> grid redrawn: median {ms(step_medians)} (per-run "
                  "medians: " + ", ".join(f"{t * 1000:.1f}" for t in step_medians)
                  + f"; slowest of {len(steps_all)} steps {max(steps_all) * 1000:.1f} ms)")
            print(f"  next day (d) -> new day drawn: median {ms(day_medians)}")
            print(f"  the grid widget drawing all its lines (a full repaint, without the "
                  f"compositor or the detail pane): median {ms(draw_medians)}")
            ratio = statistics.median(step_medians) / statistics.median(list_medians)
            print(f"  the list's cursor step (j), same runs: median {ms(list_medians)}; "
                  f"grid step / list step = {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
