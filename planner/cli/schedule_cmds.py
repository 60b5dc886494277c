"""`planner check` and `planner agenda`."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import click

from ..loader import load_schedule
from ..views import DAY_FORMATS as AGENDA_FORMATS
from ..views import render_day as render
from .common import (
    agenda_option, emit, emit_json, format_option, load_options, one_schedule_options,
    schedule_options, terminal_width, tz_option, warn,
)
from .filter_opts import build_filter, filter_options, say_filtered

if TYPE_CHECKING:
    from ..core import Narrowing


def register(cli: click.Group) -> None:
    cli.add_command(check)
    cli.add_command(agenda)


@click.command()
@one_schedule_options
@format_option
def check(file: str, year: int | None, source_tz: str | None, as_format: str | None,
          fmt: str) -> None:
    """Read FILE (or an http(s) address) and report its format, counts and every
    diagnostic with its line.

    \b
    Example:
      planner check program.txt
      planner check program.txt --format json
      planner check https://fosdem.org/2024/schedule/xml
    """
    sch = load_schedule(file, load_options(
        {"year": year, "source_tz": source_tz, "as_format": as_format}))
    talks = sum(len(s.talks) for s in sch.sessions)
    if fmt == "json":
        emit_json({
            "format": sch.format, "conference": sch.label, "timezone": sch.timezone,
            "sessions": len(sch.sessions), "talks": talks, "unscheduled": len(sch.unscheduled),
            "lines": None if sch.lines_total is None else {
                "total": sch.lines_total, "used": sch.lines_used,
                "reported": sch.lines_total - (sch.lines_used or 0)},
            "diagnostics": [
                {"line": d.line, "severity": d.severity.value, "code": d.code,
                 "message": d.message}
                for d in sch.diagnostics
            ],
        })
        return
    out = [
        f"{file}: {sch.format} ({sch.label}, "
        + (f"times in {sch.timezone})" if sch.sessions else "no session times)"),
        f"  {len(sch.sessions)} sessions, {talks} talks, {len(sch.unscheduled)} unscheduled",
    ]
    if sch.lines_total is not None:
        # Every line of text went into an item or a diagnostic: say how many of each.
        reported = sch.lines_total - (sch.lines_used or 0)
        out.append(f"  {sch.lines_used} of {sch.lines_total} lines used; {reported} reported")
    if sch.diagnostics:
        out.append(f"  {len(sch.diagnostics)} diagnostics:")
        for d in sch.diagnostics:
            where = f"line {d.line}" if d.line else "file"
            out.append(f"    {where}: {d.severity.value}: {d.message}")
    else:
        out.append("  no diagnostics")
    emit("\n".join(out) + "\n")


@click.command()
@schedule_options
@click.option("--day", metavar="DAY", default=None,
              help="ISO date, weekday name or 'today' (default: today, else the first day).")
@tz_option
@format_option(choices=AGENDA_FORMATS, help="Output format: text for the terminal, markdown "
               "or html for paper, json for scripts.")
@click.option("--width", type=click.IntRange(40, 400), default=None,
              help="Text width (default: the terminal's, or 80 when piped).")
@click.option("--picked", is_flag=True, help="Only the talks I picked (see planner pick).")
@agenda_option
@filter_options(day=False, picked=False)
@click.pass_context
def agenda(ctx: click.Context, **params: object) -> None:
    """Print one day's sessions and talks with times, speakers and kinds.

    --track, --room, --kind, --hide-past and --free keep only the talks they allow
    (how many is said on stderr).

    \b
    Examples:
      planner agenda                       # bundled schedule, today or its first day
      planner agenda program.txt --day tue --tz Europe/Berlin
      planner agenda --day 2021-04-06 --format markdown > day1.md
      planner agenda --day today --picked  # only my picks
      planner agenda program.txt --day sat --room k.1 --hide-past
    """
    from ..agenda_file import peek
    from ..core import Planner

    agenda_path = params.pop("agenda_path", None)
    seen = peek(agenda_path)  # the picks and zone, without the models when it is plain
    if not params.get("tz"):  # the zone saved with `planner timezone`
        params["tz"] = seen.timezone if seen is not None else _stored_timezone(agenda_path)
    only = None
    if params.pop("picked", False):
        only = set(seen.picks) if seen is not None else _stored_picks(agenda_path)
    view = Planner.agenda_day(
        params.get("schedules"), load_options(params), day=params.get("day"),  # type: ignore[arg-type]
        agenda_path=agenda_path, tz=params.get("tz"), only=only,  # type: ignore[arg-type]
        narrow=_narrowing(params, agenda_path), notify=lambda m: warn(f"planner: {m}"))
    width = params.get("width") or terminal_width()
    emit(render(view, str(params.get("fmt") or "text"), int(width)))  # type: ignore[arg-type]


def _stored_timezone(agenda_path: str | None) -> str | None:
    from ..picks.store import stored_timezone

    return stored_timezone(agenda_path)


def _stored_picks(agenda_path: str | None) -> set[str]:
    """The picks of an agenda `peek` could not read: the store says what is wrong."""
    from ..picks.store import AgendaStore

    return set(AgendaStore(agenda_path).load().picks)


def _narrowing(params: dict, agenda_path: str | None) -> Narrowing | None:
    """--track, --room, --kind, --hide-past and --free as the Planner's `narrow`: the
    talks they keep (how many of the day's is said on stderr); None without them."""
    if not any(params.get(k) for k in ("tracks", "rooms", "kinds", "hide_past", "free")):
        return None

    def narrow(schedules: list, zone: ZoneInfo, day: date, only: set[str] | None) -> set[str]:
        from ..timetable import of_schedule

        tables = [of_schedule(sch) for sch in schedules]
        f = build_filter(params, tables, zone, agenda_path, with_day=False)
        day_ids = {s.id for t in tables for s in t.slots
                   if datetime.fromtimestamp(s.start, zone).date() == day}
        kept = f.ids(tables)
        if only is not None:
            kept &= only
        if params.get("fmt") != "json":
            say_filtered(f, len(kept & day_ids), len(day_ids))
        return kept

    return narrow
