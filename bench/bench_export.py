"""Exporting 10,000 talks to .ics, against icalendar serialising the same events itself.

    uv run python bench/bench_export.py              # 10,000 talks, 7 runs each
    uv run python bench/bench_export.py --talks 2000 --runs 3

planner's figure is the whole `export_agenda` job a user's `planner export --all
--alarm 10m` does after loading: choosing the talks, building the events, hashing
them for SEQUENCE, serialising, replacing the file atomically and saving the export
state in the agenda under its lock.  Two cases: the first export (empty state) and a
re-export (state for all 10,000 events read back and compared).

The baseline is icalendar alone: the same VTIMEZONE and the same events with the same
properties and alarm, built from values prepared beforehand (titles, descriptions and
UIDs are not timed), serialised with `to_ical()` and written to a file.  Runs of the
three alternate, so a noisy neighbour hits them alike; medians are reported, and the
ratio is of medians from this run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import synth  # noqa: E402
from icalendar import Alarm, Calendar, Event, vText  # noqa: E402

from planner.picks.store import AgendaStore  # noqa: E402
from planner.export import Selection, export_agenda  # noqa: E402
from planner.ics import PRODID, describe, event_uid  # noqa: E402
from planner.loader import load_schedule  # noqa: E402
from planner.views.shared import display_title  # noqa: E402
from planner.vtimezone import build_vtimezone  # noqa: E402

STAMP = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
ALARM = timedelta(minutes=10)


def prepared_events(schedule) -> list[dict]:
    """Plain values for the baseline, computed before the clock starts."""
    out = []
    for s in schedule.sessions:
        for t in s.talks:
            out.append({
                "uid": event_uid(schedule, t), "summary": display_title(t),
                "description": describe(schedule, s, t), "start": t.start, "end": t.end,
                "category": s.kind.value.capitalize(),
            })
    return out


def icalendar_alone(events: list[dict], zone, out: Path) -> None:
    cal = Calendar()
    cal.add("PRODID", PRODID)
    cal.add("VERSION", "2.0")
    cal.add("CALSCALE", "GREGORIAN")
    cal.add("METHOD", "PUBLISH")
    cal.add("NAME", vText("SynthConf 2021"))
    cal.add("X-WR-CALNAME", vText("SynthConf 2021"))
    cal.add_component(build_vtimezone(zone, 2021, 2021))  # the block planner writes
    for e in events:
        ev = Event()
        ev.add("UID", e["uid"])
        ev.add("DTSTAMP", STAMP)
        ev.add("DTSTART", e["start"])
        ev.add("DTEND", e["end"])
        ev.add("SEQUENCE", 0)
        ev.add("LAST-MODIFIED", STAMP)
        ev.add("STATUS", "CONFIRMED")
        ev.add("SUMMARY", e["summary"])
        ev.add("DESCRIPTION", e["description"])
        ev.add("CATEGORIES", [e["category"]])
        alarm = Alarm()
        alarm.add("ACTION", "DISPLAY")
        alarm.add("DESCRIPTION", e["summary"])
        alarm.add("TRIGGER", -ALARM)
        ev.add_component(alarm)
        cal.add_component(ev)
    out.write_bytes(cal.to_ical())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talks", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        text = synth.write(d / "synth.txt", synth.generate(a.talks))
        schedule = load_schedule(text)
        events = prepared_events(schedule)
        zone = next(t.start for t in schedule.talks() if t.timed).tzinfo
        selection = Selection(everything=True)

        def planner_first() -> None:
            store = AgendaStore(d / f"agenda-{time.perf_counter_ns()}.json")
            export_agenda([schedule], store, output=d / "planner.ics", selection=selection,
                          alarms=[ALARM])

        steady_store = AgendaStore(d / "steady.json")
        export_agenda([schedule], steady_store, output=d / "planner.ics", selection=selection,
                      alarms=[ALARM])

        def planner_again() -> None:
            export_agenda([schedule], steady_store, output=d / "planner.ics",
                          selection=selection, alarms=[ALARM])

        def baseline() -> None:
            icalendar_alone(events, zone, d / "icalendar.ics")

        jobs = {"planner first export": planner_first, "planner re-export": planner_again,
                "icalendar alone": baseline}
        times: dict[str, list[float]] = {k: [] for k in jobs}
        for _ in range(a.runs):
            for name, fn in jobs.items():
                t = time.perf_counter()
                fn()
                times[name].append(time.perf_counter() - t)

        n_events = len(events)
        for out in ("planner.ics", "icalendar.ics"):  # both really hold the same events
            assert (d / out).read_bytes().count(b"BEGIN:VEVENT\r\n") == n_events, out
        size_planner = (d / "planner.ics").stat().st_size
        size_base = (d / "icalendar.ics").stat().st_size
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"{n_events} events, {a.runs} runs each, medians "
          f"(files: planner {size_planner / 1e6:.1f} MB, icalendar {size_base / 1e6:.1f} MB)")
    for name, m in med.items():
        ratio = m / med["icalendar alone"]
        print(f"  {name:<22} {m * 1000:8.0f} ms   {ratio:.2f}x icalendar")
    worst = max(med["planner first export"], med["planner re-export"]) / med["icalendar alone"]
    print(f"target <= 1.30x: {'met' if worst <= 1.3 else 'MISSED'} (worst {worst:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
