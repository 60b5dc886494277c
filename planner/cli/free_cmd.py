"""`planner free`: the gap finder.  The free time of my day between my must picks, and
the talks that fit in each gap (planner.gaps), read as quickly as `planner now` reads.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import click

from ..gaps import FreeDay, Gap
from ..views.shared import length
from .common import (
    agenda_option, agenda_zone_option, emit, emit_json, format_option, schedule_options,
    terminal_width,
)
from .now_cmd import clock_of, tables_and_picks  # the quick reading planner now does


def register(cli: click.Group) -> None:
    cli.add_command(free)


@click.command()
@schedule_options
@click.option("--day", "day_text", metavar="DAY", default=None,
              help="ISO date, weekday name or 'today' (default: every day with a must "
              "pick).")
@agenda_zone_option
@click.option("--min", "min_minutes", type=click.IntRange(min=1, max=24 * 60), default=15,
              show_default=True,
              help="Leave out gaps shorter than this many minutes where no talk fits.")
@format_option
@agenda_option
def free(**params: Any) -> None:
    """The free slots of my day between my must picks, with the talks that fit in
    each (starting and ending inside it), in my time zone.

    \b
    Examples:
      planner free
      planner free program.txt --day tue --min 30
      planner free --format json
    """
    from ..filters import taken_spans
    from ..gaps import by_day, free_days

    seen, tables, zone = tables_and_picks(params)
    musts = [i for i, (level, _) in seen.picks.items() if level == "must"]
    taken = taken_spans(tables, musts)
    days = None
    if params.get("day_text"):
        from ..days import resolve_day

        days = [resolve_day(str(params["day_text"]), list(by_day(tables, zone)), zone)]
    found = free_days(tables, taken, zone, days, min_gap=int(params["min_minutes"]) * 60)
    if params.get("fmt") == "json":
        emit_json({"timezone": zone.key, "days": [_json(d, zone) for d in found]})
        return
    emit(render_free(found, zone, terminal_width(), bool(taken)))


def _span(a: float, b: float, zone: ZoneInfo, estimated: bool = False) -> str:
    return f"{clock_of(a, zone, estimated)}–{clock_of(b, zone, estimated)}"



def render_free(days: list[FreeDay], zone: ZoneInfo, width: int = 80,
                any_must: bool = True) -> str:
    if not days:
        return ("None of your picks is a must with a time: the whole program is free "
                "(planner pick ID makes one).\n" if not any_must
                else "No talks on that day.\n")
    out = [f"Free time beside your must picks, in {zone.key}.  ~ estimated time"]
    for d in days:
        out += ["", f"{d.day:%A} {d.day.day} {d.day:%B}: talks {_span(d.start, d.end, zone)}"]
        if not d.gaps:
            out.append("  No free slot: your musts fill the day.")
        for gap in d.gaps:
            out.append(f"  Free {_span(gap.start, gap.end, zone)} ({length(gap.minutes)})"
                       + ("" if gap.fits else ": no talk fits"))
            out += _talks(gap, zone, width)
    return "\n".join(out) + "\n"


def _talks(gap: Gap, zone: ZoneInfo, width: int) -> list[str]:
    out = []
    for s in gap.fits:
        head = f"    {_span(s.start, s.end, zone, s.estimated):<13} "
        text = s.title + (f" · {s.who}" if s.who else "") + (f" ({s.room})" if s.room else "")
        room_left = max(20, width - len(head))
        out.append(head + (text if len(text) <= room_left else text[:room_left - 1] + "…"))
    return out


def _json(d: FreeDay, zone: ZoneInfo) -> dict[str, Any]:
    def iso(ts: float) -> str:
        return datetime.fromtimestamp(ts, zone).isoformat()

    return {"day": d.day.isoformat(), "start": iso(d.start), "end": iso(d.end),
            "gaps": [{"start": iso(g.start), "end": iso(g.end), "minutes": g.minutes,
                      "talks": [{"id": s.id, "title": s.title, "start": iso(s.start),
                                 "end": iso(s.end), "estimated": s.estimated,
                                 "room": s.room or None, "speakers": s.who}
                                for s in g.fits]}
                     for g in d.gaps]}
