"""Options shared by every command that reads schedules, and output helpers.

Commands stay thin: parse options, call one core function, print.  Core errors are
`PlannerError`s; `planner.cli.main` prints them as one line on stderr.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..loader import LoadOptions, load_schedules, notices
from ..parsers import FORMAT_NAMES
from ..text import printable, printable_json
from ..zones import default_zone_name, get_zone

if TYPE_CHECKING:
    from ..model import Schedule

F = TypeVar("F", bound=Callable[..., Any])


# -- the options several commands share, each declared once ---------------------------

def load_format_options(func: F) -> F:
    """--year, --source-tz and --as (choices from the format registry)."""
    func = click.option(
        "--as", "as_format", type=click.Choice(sorted(FORMAT_NAMES)), default=None,
        help="Read the files as this format instead of detecting it.",
    )(func)
    func = click.option(
        "--source-tz", metavar="ZONE", default=None,
        help="IANA zone the texts' times are in, for texts without metadata.",
    )(func)
    func = click.option(
        "--year", type=int, default=None,
        help="Year of the schedule, for texts that state none and have no metadata.",
    )(func)
    return func


def schedule_options(func: F) -> F:
    """SCHEDULE... plus --year, --source-tz and --as."""
    func = load_format_options(func)
    return click.argument("schedules", nargs=-1, metavar="[SCHEDULE|URL]...")(func)


def schedule_file_options(func: F) -> F:
    """-s/--schedule FILE (repeatable) with --year, --source-tz, --as, for commands whose
    arguments are talk ids."""
    func = load_format_options(func)
    return click.option(
        "-s", "--schedule", "schedules", metavar="FILE|URL", multiple=True,
        help="Schedule to pick from (repeatable; default: the bundled ones).")(func)


def one_schedule_options(func: F) -> F:
    """FILE|URL plus --year, --source-tz and --as (`planner check`)."""
    func = load_format_options(func)
    return click.argument("file", metavar="FILE|URL")(func)


def agenda_option(func: F) -> F:
    return click.option(
        "--agenda", "agenda_path", metavar="PATH", default=None,
        help="Agenda file (default: $PLANNER_AGENDA, else agenda.json in your data folder).",
    )(func)


def busy_option(func: F) -> F:
    return click.option(
        "--busy", "busy_files", metavar="FILE.ics", multiple=True,
        help="Also count this calendar's events as busy time (repeatable; "
        "planner busy add remembers one).",
    )(func)


def load_options(params: dict[str, Any]) -> LoadOptions:
    """The shared --year, --source-tz and --as options."""
    return LoadOptions(
        year=params.get("year"), source_tz=params.get("source_tz"),
        as_format=params.get("as_format"),
    )


def load_from(params: dict[str, Any], agenda_path: str | None = None,
              refresh: bool = False) -> list[Schedule]:
    """Load the SCHEDULE arguments (else the remembered schedules, else the bundled ones)
    with the shared options; say on stderr where a kept copy stood in for a server."""
    schedules = load_schedules(list(params.get("schedules") or ()), load_options(params),
                               agenda_path or params.get("agenda_path"), refresh=refresh)
    for message in notices(schedules):
        warn(f"planner: {message}")
    return schedules


def tz_option(func: F | None = None, *,
              help: str = "Show times in this IANA zone (default: the schedule's own zone).",
              ) -> Any:
    """--tz ZONE; commands that read the agenda say that its zone comes first."""
    def apply(f: F) -> F:
        return click.option("--tz", metavar="ZONE", default=None, help=help)(f)

    return apply(func) if func is not None else apply


# --alarm DURATION, for every command that writes calendar events (export, sync)
alarm_option = click.option("--alarm", "alarms", metavar="DURATION", multiple=True,
                            help="Reminder this long before each talk, e.g. 10m or 1h "
                                 "(repeatable).")


AGENDA_ZONE_HELP = ("Show times in this IANA zone (default: the one set with planner timezone, "
                    "else the schedules' own).")
agenda_zone_option = tz_option(help=AGENDA_ZONE_HELP)


def display_zone(tz: str | None, schedules: Sequence[Schedule],
                 agenda_path: str | None = None):
    """The zone to show times in: --tz, else the one set with `planner timezone` (the
    agenda read as plain JSON, without the models or a complaint when it cannot be
    read: a search answered from its index stays quick), else the first timed
    schedule's zone."""
    from ..agenda_file import peek

    seen = None if tz else peek(agenda_path)
    return get_zone(tz or (seen.timezone if seen else None) or default_zone_name(schedules))


def format_option(func: F | None = None, *, choices: Sequence[str] = ("text", "json"),
                  help: str = "text for the terminal, json for scripts.") -> Any:
    """--format FMT (into `fmt`): text or json, or the `choices` given."""
    def apply(f: F) -> F:
        return click.option("--format", "fmt", type=click.Choice(list(choices)), default="text",
                            show_default=True, help=help)(f)

    return apply(func) if func is not None else apply


def terminal_width() -> int:
    """The terminal's width (at most 120), or 80 when the output is piped."""
    return min(120, shutil.get_terminal_size((80, 24)).columns) if sys.stdout.isatty() else 80


# Everything the commands print goes through these three, and every text they print
# may come from a schedule, a .toml or a calendar: control characters are neutralised
# here, once (planner.text.printable).

def emit(text: str) -> None:
    sys.stdout.write(printable(text))


def emit_json(data: Any) -> None:
    sys.stdout.write(printable_json(json.dumps(data, indent=2, ensure_ascii=False)) + "\n")


def warn(message: str) -> None:
    click.echo(printable(message), err=True)
