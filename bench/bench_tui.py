"""The TUI on a 10,000-talk synthetic schedule: first paint, keystroke latency, memory.

    uv run python bench/bench_tui.py                 # 10,000 talks, 5 runs
    uv run python bench/bench_tui.py --talks 2000 --runs 3

First paint and peak memory are measured on the real `planner tui` process in a
pseudo-terminal (120x40): the clock starts before the process is spawned and stops
when the terminal has received the first frame that shows the schedule; peak memory
is the process's max RSS, read from wait4 after `q`.  The process start is split
into its parts in-process (imports, parse, app, first frame).  A text this large is
read behind a loading screen, so "first paint" is that screen and "schedule on
screen" is the frame that shows the first session.  Child processes run with
bytecode caching on (a warm-up run compiles it), as an installed planner would.

Keystroke latency is measured in-process on a headless app: a key event goes into
the driver, as a terminal would deliver it, and the clock stops when the frame with
the filtered list has been composed (a callback after the list's refresh).  The
same queries are also timed on `SearchIndex.search` alone, so the TUI's own share
is visible as a ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

QUERIES = ("gradient compression", "sparsity", "zhang", "pipeline parallelism at scale")
COLS, ROWS = 120, 40
# A user's installation has its bytecode compiled; this machine sets
# PYTHONDONTWRITEBYTECODE, which would make every start compile planner again.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def make_schedule(talks: int, folder: Path) -> Path:
    import synth

    return synth.write(folder / "synth.txt", synth.generate(talks))


def first_paint(schedule: Path, agenda: Path, marker: str) -> tuple[float, float, float]:
    """Seconds from spawn to the first frame (any), to the frame showing `marker`, and
    peak RSS in MB."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    env = dict(CHILD_ENV, TERM="xterm-256color", PLANNER_AGENDA=str(agenda))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "planner", "tui", str(schedule)],
                            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env)
    os.close(slave)
    seen, painted, first = b"", None, None
    needle = marker.encode()
    deadline = start + 60
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                seen += os.read(master, 1 << 16)
            except OSError:
                break
            if first is None and b"planner" in seen:  # the header of the first frame
                first = time.perf_counter() - start
            if needle in seen:
                painted = time.perf_counter() - start
                break
    if painted is None:
        proc.kill()
        raise SystemExit(f"no frame showed {marker!r}; last output: {seen[-500:]!r}")
    os.write(master, b"q")
    while True:  # drain until the process exits, or its writes block
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                if not os.read(master, 1 << 16):
                    break
            except OSError:
                break
        elif proc.poll() is not None:
            break
    _, status, usage = os.wait4(proc.pid, 0)
    os.close(master)
    return first or painted, painted, usage.ru_maxrss / 1024


def startup_parts(schedule: Path) -> dict[str, float]:
    """The same start, in-process: imports, parse, app build, first frame."""
    code = f"""
import time, asyncio
t0 = time.perf_counter()
from planner.loader import load_schedule
import planner.tui
t1 = time.perf_counter()
sch = load_schedule({str(schedule)!r})
t2 = time.perf_counter()
app = planner.tui.make_app([sch])
t3 = time.perf_counter()
class Done(Exception): pass
async def main():
    async with app.run_test(size=({COLS}, {ROWS})) as pilot:
        t4 = time.perf_counter()
        print(f"{{t1-t0}} {{t2-t1}} {{t3-t2}} {{t4-t3}}")
asyncio.run(main())
"""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(CHILD_ENV, PLANNER_AGENDA=str(Path(tmp) / "agenda.json"))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=ROOT, env=env, check=True)
    imports, parse, build, frame = (float(x) for x in out.stdout.split())
    return {"imports": imports, "parse": parse, "app": build, "first frame": frame}


async def keystrokes(schedule: Path) -> tuple[list[float], list[float]]:
    """Per-keystroke seconds to the repainted list, and SearchIndex.search alone."""
    from textual import events

    from planner.loader import load_schedule
    from planner.search import SearchIndex
    from planner.tui import make_app
    from planner.tui.screens.browser import BrowserScreen

    sch = load_schedule(schedule)
    app = make_app([sch])
    tui: list[float] = []
    async with app.run_test(size=(COLS, ROWS)) as pilot:
        await pilot.press("slash")
        screen = app.screen
        assert isinstance(screen, BrowserScreen)
        app.state.search("warm")  # the index is built on the first search, not per key
        talks = screen.talk_list
        for query in QUERIES:
            for ch in query:
                done = asyncio.Event()
                original = screen.show_rows

                def show_rows(*args, _original=original, _done=done, **kw):
                    _original(*args, **kw)
                    talks.call_after_refresh(_done.set)

                screen.show_rows = show_rows  # type: ignore[method-assign]
                key = "space" if ch == " " else ch
                start = time.perf_counter()
                app._driver.send_message(events.Key(key, ch))  # type: ignore[union-attr]
                await done.wait()
                tui.append(time.perf_counter() - start)
                screen.show_rows = original  # type: ignore[method-assign]
            await pilot.press(*(["backspace"] * len(query)))
    index = SearchIndex([sch])
    alone = []
    for query in QUERIES:
        for i in range(1, len(query) + 1):
            start = time.perf_counter()
            index.search(query[:i])
            alone.append(time.perf_counter() - start)
    return tui, alone


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talks", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        schedule = make_schedule(a.talks, folder)
        from planner.loader import load_schedule

        sch = load_schedule(schedule)
        count = sum(len(s.talks) for s in sch.sessions) + len(sch.unscheduled)
        marker = sch.sessions[0].title  # the first session of the first day
        print(f"{count} talks in {len(sch.sessions)} sessions; {a.runs} runs each")

        first_paint(schedule, folder / "warm-up.json", marker)  # compiles bytecode; not counted
        firsts, paints, peaks, parts = [], [], [], []
        for run in range(a.runs):
            first, painted, peak = first_paint(schedule, folder / f"agenda-{run}.json", marker)
            firsts.append(first)
            paints.append(painted)
            peaks.append(peak)
            parts.append(startup_parts(schedule))
        print(f"first paint (process spawn -> first frame): median "
              f"{statistics.median(firsts):.3f} s  (runs: "
              + ", ".join(f"{p:.2f}" for p in firsts) + ")")
        print(f"schedule on screen (process spawn -> first session drawn): median "
              f"{statistics.median(paints):.3f} s  (runs: "
              + ", ".join(f"{p:.2f}" for p in paints) + ")")
        print("in-process parts of the start (schedule read before the app, as for a "
              "small file):")
        for name in parts[0]:
            print(f"  {name:<12} median {statistics.median(p[name] for p in parts):.3f} s")
        print(f"peak memory (max RSS of planner tui): median {statistics.median(peaks):.0f} MB, "
              f"max {max(peaks):.0f} MB")

        tui_all, alone_all = [], []
        for _ in range(a.runs):
            tui, alone = asyncio.run(keystrokes(schedule))
            tui_all.append(statistics.median(tui))
            alone_all.append(statistics.median(alone))
        tui_med, alone_med = statistics.median(tui_all), statistics.median(alone_all)
        print(f"keystroke -> filtered list repainted: median {tui_med * 1000:.1f} ms "
              f"(per-run medians: " + ", ".join(f"{t * 1000:.0f}" for t in tui_all) + ")")
        print(f"  SearchIndex.search alone, same queries: median {alone_med * 1000:.1f} ms; "
              f"TUI total / search alone = {tui_med / alone_med:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
