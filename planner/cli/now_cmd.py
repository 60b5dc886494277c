"""`planner now`: what is on now and next, my picks first, with rooms, in my zone; and
`planner timetable`: one day as a table, rooms across and time down.

Answered from each schedule's timetable in the cache folder (planner.timetable) and
the agenda file read as JSON (planner.agenda_file), so they neither parse a known
program again nor load the models: the commands for a glance between two talks.
"""

from __future__ import annotations

import shutil
import sys
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import click

from .. import clock
from ..errors import PlannerError
from ..now import Entry, NowNext, now_and_next
from ..zones import get_zone
from .common import (
    agenda_option, agenda_zone_option, emit, emit_json, format_option, load_options,
    schedule_options, terminal_width,
)

MARKS = {"must": "●", "maybe": "○", None: " "}


def register(cli: click.Group) -> None:
    cli.add_command(now)
    cli.add_command(timetable)


@click.command()
@schedule_options
@click.option("--at", "at_text", metavar="TIME", default=None,
              help="Ask about another moment: an ISO date and time (2025-05-01T10:05), or "
              "HH:MM today, in the display zone.")
@agenda_zone_option
@click.option("--picked", is_flag=True, help="Only my picks.")
@click.option("--limit", type=click.IntRange(min=0), default=15, show_default=True,
              help="At most this many talks per list; 0 shows all.")
@format_option
@agenda_option
def now(**params: Any) -> None:
    """What is on now and what starts next: my picks first (● must, ○ maybe), then the
    rest, with rooms, in my time zone.

    \b
    Examples:
      planner now
      planner now program.txt --at 14:05
      planner now --picked --format json
    """
    seen, tables, zone = tables_and_picks(params)
    at = _moment(params.get("at_text"), zone)
    found = now_and_next(tables, at.timestamp(), seen.picks, bool(params.get("picked")))
    limit = int(params.get("limit") or 0) or None
    if params.get("fmt") == "json":
        emit_json({"at": at.isoformat(), "timezone": zone.key,
                   "now": [_json(e, zone) for e in found.now[:limit]],
                   "next": [_json(e, zone) for e in found.next[:limit]]})
        return
    emit(render_now(found, zone, limit, terminal_width(), bool(params.get("picked"))))


@click.command("timetable")
@schedule_options
@click.option("--day", metavar="DAY", default=None,
              help="ISO date, weekday name or 'today' (default: today, else the first day).")
@agenda_zone_option
@click.option("--width", type=click.IntRange(40, 1000), default=None,
              help="Text width (default: the terminal's, or 80 when piped); rooms that do "
              "not fit come in blocks below.")
@agenda_option
def timetable(**params: Any) -> None:
    """One day as a table: rooms across, time down, each talk through the rows it runs
    (● my musts, ○ my maybes).  Without rooms, tracks; without those, the sessions that
    run side by side.

    \b
    Examples:
      planner timetable fosdem.xml --day sat
      planner timetable --day 2024-02-03 --width 160
    """
    from ..days import resolve_day
    from ..grid import day_grid, days_of
    from ..views.timetable import render_timetable

    seen, tables, zone = tables_and_picks(params)
    day = resolve_day(params.get("day"), days_of(tables, zone), zone)
    width = int(params.get("width") or 0) or (
        shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else 80)
    levels = {talk_id: level for talk_id, (level, _) in seen.picks.items()}
    emit(render_timetable(day_grid(tables, day, zone), width, levels))


def tables_and_picks(params: dict[str, Any]) -> tuple[Any, list[Any], ZoneInfo]:
    """The agenda's picks and zone (planner.agenda_file), the schedules' timetables and
    the display zone: --tz, else the agenda's, else the schedules'."""
    from ..agenda_file import peek
    from ..loader import schedule_paths
    from ..timetable import timetables

    agenda_path = params.get("agenda_path")
    seen = peek(agenda_path)
    if seen is None:  # not a plain agenda: the store says what is wrong, in its words
        from ..picks.store import AgendaStore
        from ..agenda_file import AgendaPeek

        agenda = AgendaStore(agenda_path).load()
        seen = AgendaPeek({k: (p.level, p.note) for k, p in agenda.picks.items()},
                          agenda.timezone)
    paths = schedule_paths(list(params.get("schedules") or ()), agenda_path)
    tables = timetables(paths, load_options(params))
    zone_name = params.get("tz") or seen.timezone or next(
        (t.timezone for t in tables if t.slots), None) or "UTC"
    return seen, tables, get_zone(zone_name)


def _moment(text: str | None, zone: ZoneInfo) -> datetime:
    """--at as an aware instant; now (planner.clock) without it."""
    if not text:
        return clock.now().astimezone(zone)
    raw = text.strip()
    try:
        if len(raw) <= 5 and ":" in raw:
            h, m = (int(x) for x in raw.split(":"))
            today = clock.now().astimezone(zone)
            return today.replace(hour=h, minute=m, second=0, microsecond=0)
        at = datetime.fromisoformat(raw)
    except ValueError:
        raise PlannerError(f"Unknown time {text!r} for --at; use HH:MM or an ISO date and "
                           "time such as 2025-05-01T10:05.") from None
    return at if at.tzinfo else at.replace(tzinfo=zone)


def clock_of(ts: float, zone: ZoneInfo, estimated: bool = False) -> str:
    return ("~" if estimated else "") + datetime.fromtimestamp(ts, zone).strftime("%H:%M")


def _day(ts: float, zone: ZoneInfo) -> str:
    d = datetime.fromtimestamp(ts, zone)
    return f"{d:%a} {d.day} {d:%b} {d:%H:%M}"


def _json(e: Entry, zone: ZoneInfo) -> dict[str, Any]:
    s = e.slot
    return {"id": s.id, "title": s.title, "start": datetime.fromtimestamp(s.start, zone).isoformat(),
            "end": datetime.fromtimestamp(s.end, zone).isoformat(), "estimated": s.estimated,
            "room": s.room or None, "track": s.track or None, "kind": s.kind,
            "speakers": s.who, "schedule": e.schedule, "level": e.level, "note": e.note}


def _lines(entries: list[Entry], zone: ZoneInfo, limit: int | None, width: int) -> list[str]:
    shown = entries[:limit]
    room_w = min(16, max((len(e.slot.room) for e in shown), default=0))
    out = []
    for e in shown:
        s = e.slot
        times = f"{clock_of(s.start, zone, s.estimated)}–{clock_of(s.end, zone, s.estimated)}"
        room = s.room if len(s.room) <= room_w else s.room[:room_w - 1] + "…"
        head = f"  {MARKS[e.level]} {times:<13} {room:<{room_w}}  " if room_w else \
            f"  {MARKS[e.level]} {times:<13} "
        text = s.title + (f" · {s.who}" if s.who else "")
        room_left = max(20, width - len(head))
        out.append(head + (text if len(text) <= room_left else text[:room_left - 1] + "…"))
        if e.note:
            out.append(" " * len(head) + f"Note: {e.note}")
    if limit is not None and len(entries) > limit:
        out.append(f"  … and {len(entries) - limit} more (--limit 0 shows all)")
    return out


def render_now(found: NowNext, zone: ZoneInfo, limit: int | None, width: int = 80,
               picked_only: bool = False) -> str:
    at = found.at
    out = [f"Now: {_day(at, zone)} {zone.key}.  ● must  ○ maybe  ~ estimated time"]
    mine = "of your picks " if picked_only else ""
    if found.first is None:
        return ("None of your picks has a time.\n" if picked_only
                else "The loaded schedules have no timed talks.\n")
    what = "your picks" if picked_only else "the schedules"
    if found.now:
        out += ["", f"On now ({len(found.now)})"] + _lines(found.now, zone, limit, width)
    elif at < found.first:
        out += ["", f"Nothing {mine}is on yet: {what} start {_day(found.first, zone)}."]
    elif found.last is not None and at >= found.last:
        out += ["", f"Nothing {mine}is on: {what} ended {_day(found.last, zone)}."]
    else:
        out += ["", f"Nothing {mine}is on right now."]
    if found.next:
        first = min(e.slot.start for e in found.next)
        minutes = round((first - at) / 60)
        soon = f"in {minutes} min" if minutes < 120 else _day(first, zone)
        out += ["", f"Next ({soon})"] + _lines(found.next, zone, limit, width)
    elif found.last is not None and at < found.last:
        out += ["", f"Nothing more {mine}starts after these."]
    return "\n".join(out) + "\n"

