"""`planner export`: the picks (or more) as an iCalendar file calendar apps import."""

from __future__ import annotations

import sys

import click

from ..core import Planner
from .common import agenda_option, alarm_option, load_from, schedule_options, tz_option, warn


def register(cli: click.Group) -> None:
    cli.add_command(export)


@click.command()
@schedule_options
@click.option("-o", "--output", metavar="FILE", default=None,
              help="File to write, '-' for stdout (default: <conference>-picks.ics here).")
@click.option("--all", "everything", is_flag=True,
              help="Export every talk of the loaded schedules, not just the picks.")
@click.option("--day", metavar="DAY", default=None,
              help="Only this day: ISO date, weekday name or 'today'.")
@click.option("--talk", "talk_ids", metavar="ID", multiple=True,
              help="Export this talk (repeatable), picked or not.")
@alarm_option
@click.option("--include-papers", is_flag=True,
              help="Write untimed picks (papers) as to-dos instead of leaving them out.")
@tz_option(help="Zone that --day is a day in (default: your agenda's, else the schedule's).")
@agenda_option
def export(**params: object) -> None:
    """Write your timed picks as an .ics file that calendar apps import.

    Events keep their UIDs between exports, so importing a newer file updates the
    talks already in your calendar instead of duplicating them; a talk whose
    time or text changed gets a higher SEQUENCE.  Untimed picks (papers) are left
    out unless --include-papers writes them as to-dos.  A talk you unpicked, or that
    left the program, is written once more as cancelled (until 30 days after it), so
    the calendar app removes it.

    \b
    Examples:
      planner export                          # -> mlsys-2021-picks.ics
      planner export --alarm 10m -o ~/talks.ics
      planner export --all --day tue -o - > tuesday.ics
      planner export program.txt --talk 3mbgrk2
    """
    # icalendar is imported here, not at start-up, so other commands stay fast.
    from ..export import Selection
    from ..ics import parse_alarm

    if params["everything"] and params["talk_ids"]:
        raise click.UsageError("--all and --talk cannot be combined.")
    alarms = [parse_alarm(str(a)) for a in params["alarms"]]  # type: ignore[union-attr]
    selection = Selection(
        everything=bool(params["everything"]),
        talk_ids=tuple(params["talk_ids"]),  # type: ignore[arg-type]
        day=params["day"],  # type: ignore[arg-type]
        zone=params["tz"],  # type: ignore[arg-type]
    )
    output = params["output"]
    to_stdout = output == "-"
    report = Planner(load_from(params), agenda_path=params["agenda_path"]).export(  # type: ignore[arg-type]
        output=sys.stdout.buffer if to_stdout else output,  # type: ignore[arg-type]
        selection=selection, alarms=alarms,
        include_papers=bool(params["include_papers"]),
    )
    if report.missing:
        n = len(report.missing)
        shown = ", ".join(report.missing[:5]) + (" ..." if n > 5 else "")
        one = n == 1
        origin = (f"; pass {' '.join(report.missing_sources)} to export {'it' if one else 'them'}"
                  if report.missing_sources else "")
        warn(f"planner: {n} pick{'' if one else 's'} {'is' if one else 'are'} not in the loaded "
             f"schedules and {'was' if one else 'were'} not exported ({shown}){origin}.")
    for c in report.carried:
        warn(f"planner: {c.sentence()}")
    if report.left_out:
        n = len(report.left_out)
        warn(f"planner: left out {n} untimed talk{'s' if n != 1 else ''} (papers); "
             "--include-papers writes them as to-dos.")
    if report.path is not None:
        what = f"{report.events} event{'s' if report.events != 1 else ''}"
        if report.todos:
            what += f" and {report.todos} to-do{'s' if report.todos != 1 else ''}"
        changed = f", {len(report.changed)} changed since the last export" if report.changed else ""
        if report.cancelled:
            n = len(report.cancelled)
            changed += f", {n} no longer picked written as cancelled"
        warn(f"planner: wrote {what} to {report.path}{changed}.")
