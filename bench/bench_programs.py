"""Reading machine-readable programs: whole-process times and the floors beside them.

    env -u PYTHONDONTWRITEBYTECODE uv run python bench/bench_programs.py
    env -u PYTHONDONTWRITEBYTECODE uv run python bench/bench_programs.py --runs 15 --events 10000

Times, as medians of fresh processes after one warm-up run (bytecode cached as in an
installed planner, the file in the OS cache):

* FOSDEM 2024's schedule.xml (../shared/data/real/, 674 events, 1.2 MB):
  `planner talks FILE --format json` and `planner agenda FILE`, with the parse cache off
  (every run parses) and on (a text of 1 MB and more is read back from planner.cache);
  the floor is a process that only parses the file with ElementTree.
* A synthetic 10,000-event c3voc schedule.json (made here from a real event's shape):
  the same commands; the floor is a process that only runs `json.load`.
* In-process parse times beside ElementTree / lxml / json.loads, and planner's .ics
  reader beside icalendar reading the same 10,000 events as .ics.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bench_parse import as_ics  # noqa: E402  (the same talks as .ics, by icalendar itself)
from bench_parse import median_time as in_process  # noqa: E402

FOSDEM = ROOT.parent / "shared" / "data" / "real" / "frab_fosdem2024_schedule.xml"
TEMPLATE = ROOT / "tests" / "data" / "schedule-json" / "frab-camp2019-excerpt.json"
WORDS = ("schedule room track talk kernel network graph model storage compiler sparse "
         "learning system data open source free software hardware radio mesh protocol "
         "privacy security design research community").split()
NAMES = ("Ana Ruiz", "Bo Li", "Chidi Okafor", "Dana Cohen", "Erik Larsen", "Fatima Zahra",
         "Gita Rao", "Hiro Tanaka", "Ines Moreau", "Jonas Berg", "Kemal Aydin", "Lena Vogel")


LOAD = """
import sys, time
from planner.loader import load_schedule
t = time.perf_counter()
load_schedule(sys.argv[1])
print(time.perf_counter() - t)
"""


def child_env(tmp: Path, cache: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    env["PLANNER_AGENDA"] = str(tmp / "agenda.json")
    env["PLANNER_CACHE_DIR"] = str(tmp / "cache")
    if cache:
        env.pop("PLANNER_CACHE", None)
    else:
        env["PLANNER_CACHE"] = "off"
    return env


CPU: dict[int, list[float]] = {}  # id of a wall-time list -> the same runs' CPU seconds


def wall(argv: list[str], env: dict[str, str], runs: int) -> list[float]:
    """Seconds of whole processes, after one warm-up run that is not counted (their CPU
    seconds, user and system, are kept in CPU: less moved by other jobs' load)."""
    subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)
    out, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(argv, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        out.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    CPU[id(out)] = cpu
    return out


def show(label: str, times: list[float], target: float | None = None) -> float:
    med = statistics.median(times)
    goal = f"   (target <= {target} s)" if target else ""
    cpu = CPU.get(id(times))
    spent = f"  cpu {statistics.median(cpu):.3f} s" if cpu else ""
    print(f"  {label:<48} median {med:.3f} s{spent}  runs "
          f"{', '.join(f'{t:.2f}' for t in times)}{goal}")
    return med


def synth_json(events: int, path: Path) -> None:
    """A c3voc schedule.json of `events` events in 25 rooms over as many days as needed."""
    rng = random.Random(2024)
    data = json.loads(TEMPLATE.read_text(encoding="utf-8"))
    shape = next(ev for day in data["schedule"]["conference"]["days"]
                 for evs in day["rooms"].values() for ev in evs)
    per_room_day = 36  # 20-minute slots from 09:00
    rooms = [f"Room {i:02d}" for i in range(25)]
    days = []
    n = 0
    day0 = datetime(2030, 8, 21, tzinfo=timezone(timedelta(hours=2)))
    while n < events:
        day = day0 + timedelta(days=len(days))
        by_room: dict[str, list] = {}
        for room in rooms:
            for slot in range(per_room_day):
                if n >= events:
                    break
                start = day.replace(hour=9) + timedelta(minutes=20 * slot)
                ev = dict(shape)
                ev.update(
                    id=n + 1, guid=str(uuid.UUID(int=rng.getrandbits(128))),
                    date=start.isoformat(), start=start.strftime("%H:%M"), duration="00:20",
                    room=room, slug=f"synth-{n}",
                    title=" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9))).title(),
                    track=rng.choice(WORDS).title(),
                    abstract=" ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 60))),
                    description="",
                    persons=[{"id": i, "public_name": rng.choice(NAMES)}
                             for i in range(rng.randint(1, 3))],
                    links=[{"url": f"https://example.org/{n}/slides.pdf", "title": "Slides"}]
                    if n % 3 == 0 else [],
                    url=f"https://example.org/events/{n}.html",
                )
                by_room.setdefault(room, []).append(ev)
                n += 1
        days.append({"index": len(days) + 1, "date": day.date().isoformat(),
                     "day_start": day.replace(hour=9).isoformat(),
                     "day_end": (day + timedelta(days=1)).replace(hour=4).isoformat(),
                     "rooms": by_room})
    conf = data["schedule"]["conference"]
    conf.update(title="Synthetic Camp", acronym="synthcamp", days=days,
                start=days[0]["date"], end=days[-1]["date"], daysCount=len(days))
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def whole(label: str, path: Path, floor: list[str], tmp: Path, runs: int,
          target: float) -> None:
    print(f"{label}: {path.name}, {path.stat().st_size / 1e6:.1f} MB")
    py = [sys.executable, "-m", "planner"]
    floor_s = show("floor: parse only (" + floor[0] + ")",
                   wall([sys.executable, "-c", floor[1], str(path)], child_env(tmp, False), runs))
    for cache in (False, True):
        env = child_env(tmp, cache)
        what = "parse cache on" if cache else "parse cache off"
        talks = show(f"planner talks --format json ({what})",
                     wall([*py, "talks", str(path), "--format", "json"], env, runs), target)
        agenda = show(f"planner agenda ({what})", wall([*py, "agenda", str(path)], env, runs),
                      target)
        print(f"  {'':<48} talks/floor {talks / floor_s:.1f}x, agenda/floor "
              f"{agenda / floor_s:.1f}x")
    start = show("startup floor: planner --version",
                 wall([*py, "--version"], child_env(tmp, False), runs))
    print(f"  {'':<48} (startup is {start / floor_s:.1f}x the parse floor)")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--events", type=int, default=10_000)
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    os.environ["PLANNER_CACHE"] = "off"

    from planner.loader import load_schedule
    from planner.parsers import get_format
    from planner.parsers.base import ParseOptions

    opts = ParseOptions(source="bench")
    # The machine's speed this sitting: docs/benchmarks.md's earlier sittings measured
    # this very command at 0.167 s (2026-11-22, third session).
    print("calibration: the bundled schedules")
    show("planner agenda (bundled MLSys 2021 texts)",
         wall([sys.executable, "-m", "planner", "agenda"], child_env(tmp, True), a.runs))
    if FOSDEM.is_file():
        whole("FOSDEM 2024 schedule.xml", FOSDEM,
              ["ElementTree", "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])"],
              tmp, a.runs, 0.3)
        text = FOSDEM.read_text(encoding="utf-8")
        import xml.etree.ElementTree as ET

        from lxml import etree

        et = in_process(lambda: ET.fromstring(text.encode()), a.runs)
        lx = in_process(lambda: etree.fromstring(text.encode()), a.runs)
        fr = in_process(lambda: get_format("frab-xml").parse(text, opts), a.runs)
        print(f"  in-process: ElementTree {et * 1000:.1f} ms, lxml {lx * 1000:.1f} ms, "
              f"planner frab reader {fr * 1000:.1f} ms ({fr / et:.1f}x ElementTree)")
    else:
        print(f"{FOSDEM} is not here: FOSDEM figures skipped")

    big = tmp / "synthetic-schedule.json"
    synth_json(a.events, big)
    fresh = [float(subprocess.run([sys.executable, "-c", LOAD, str(big)], env=child_env(tmp, False),
                                  cwd=ROOT, check=True, capture_output=True, text=True).stdout)
             for _ in range(a.runs)]
    print(f"{a.events:,}-event schedule.json: load_schedule in a fresh process (imports of the "
          "parsers and models included, as bench_parse.py times the site parser)")
    show("load_schedule, fresh process", fresh, 0.5)
    whole(f"{a.events:,}-event schedule.json", big,
          ["json.load", "import sys, json; json.load(open(sys.argv[1], encoding='utf-8'))"],
          tmp, a.runs, 0.5)
    text = big.read_text(encoding="utf-8")
    js = in_process(lambda: json.loads(text), a.runs)
    cv = in_process(lambda: get_format("schedule-json").parse(text, opts), a.runs)
    print(f"  in-process: json.loads {js * 1000:.1f} ms, planner c3voc reader "
          f"{cv * 1000:.1f} ms ({cv / js:.1f}x json.loads)")

    import icalendar

    ics = as_ics(load_schedule(big))
    ics_text = ics.decode("utf-8")
    runs = max(3, a.runs // 3)
    ic = in_process(lambda: icalendar.Calendar.from_ical(ics), runs)
    pl = in_process(lambda: get_format("ics").parse(ics_text, opts), runs)
    print(f"the same {a.events:,} events as .ics ({len(ics) / 1e6:.1f} MB): icalendar "
          f"from_ical {ic:.3f} s, planner's .ics reader {pl:.3f} s ({pl / ic:.2f}x; it reads "
          "with icalendar, then builds the talks)")
    ratio = ic / cv
    print(f"icalendar reading them as .ics / planner reading them as schedule.json: "
          f"{ratio:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
