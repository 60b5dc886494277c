"""`planner add`, `remove`, `sources` and `refresh`: remembered schedules.

Thin commands over planner.picks.subscriptions (which remembers them in the agenda and
re-reads them) and planner.views (which words the changes).
"""

from __future__ import annotations

from typing import Any

import click

from ..core import Planner
from ..picks.store import AgendaStore
from ..errors import EXIT_ERROR, PlannerError
from .common import (
    agenda_option, agenda_zone_option, busy_option, emit, emit_json, format_option,
    load_format_options, load_options, warn,
)


def register(cli: click.Group) -> None:
    for command in (add, remove, sources, refresh):
        cli.add_command(command)



def _counts(schedule: Any) -> str:
    talks = len(schedule.talks())
    return f"{schedule.label}, {talks} talk{'s' if talks != 1 else ''}"


@click.command()
@click.argument("specs", nargs=-1, required=True, metavar="FILE|URL...")
@load_format_options
@agenda_option
def add(specs: tuple[str, ...], agenda_path: str | None, **params: Any) -> None:
    """Remember schedules (files or http(s) addresses) in my agenda.

    Every command given no schedule then reads them: picks, agenda, export, the
    TUI.  Each is read first; one that cannot be read is refused and nothing is
    remembered.  Addresses are fetched now and kept in planner's cache folder.

    \b
    Examples:
      planner add https://fosdem.org/2024/schedule/xml
      planner add ~/Downloads/schedule.json
    """
    from ..picks.subscriptions import add as remember

    for entry in remember(AgendaStore(agenda_path), list(specs), load_options(params)):
        state = "Remembered" if entry.new else "Already remembered"
        emit(f"{state} {entry.spec} ({_counts(entry.schedule)})\n")


@click.command()
@click.argument("specs", nargs=-1, required=True, metavar="FILE|URL|NUMBER...")
@agenda_option
def remove(specs: tuple[str, ...], agenda_path: str | None) -> None:
    """Forget remembered schedules (by file, address or number in planner sources).

    The files themselves are not touched; the kept copy of an address is deleted.
    Picks from it stay in the agenda.

    \b
    Examples:
      planner remove https://fosdem.org/2024/schedule/xml
      planner remove 2
    """
    from ..picks.subscriptions import remove as forget

    for spec in forget(AgendaStore(agenda_path), list(specs)):
        emit(f"Forgot {spec}\n")


@click.command()
@load_format_options
@format_option
@agenda_option
def sources(agenda_path: str | None, fmt: str, **params: Any) -> None:
    """List the remembered schedules, what each holds, and when addresses were fetched.

    Nothing is fetched: addresses are read from their kept copies (planner
    refresh fetches).

    \b
    Examples:
      planner sources
      planner sources --format json
    """
    from ..picks.subscriptions import states

    found = states(agenda_path, load_options(params))
    if fmt == "json":
        emit_json([
            {"number": i, "source": s.spec, "schedule": s.schedule.label if s.schedule else None,
             "talks": len(s.schedule.talks()) if s.schedule else None, "fetched": s.fetched,
             "problem": s.problem}
            for i, s in enumerate(found, 1)
        ])
        return
    if not found:
        emit("No schedules remembered; add one with planner add FILE or planner add URL.\n")
        return
    for i, s in enumerate(found, 1):
        about = s.problem or (_counts(s.schedule) if s.schedule else "")
        if s.fetched:
            about = f"{about}; {s.fetched}" if about else s.fetched
        emit(f"{i}  {s.spec}  ({about})\n")


@click.command()
@load_format_options
@agenda_zone_option
@busy_option
@format_option
@agenda_option
def refresh(**params: Any) -> None:
    """Re-read every remembered schedule and report what changed for my picks.

    Addresses are checked with their servers whatever PLANNER_MAX_AGE says (a
    server that has nothing new answers 304 and sends nothing); when one cannot be
    reached, its kept copy is used and that is said.  Then: picks that moved (old
    and new time and room), vanished, or now clash.  Each move is reported once.

    \b
    Examples:
      planner refresh
      planner refresh --format json
    """
    from ..views.text import describe_change
    from ..picks.subscriptions import refresh as reread
    from ..picks.subscriptions import report_json

    store = AgendaStore(params.get("agenda_path"))
    agenda = store.load()
    if not agenda.sources:
        raise PlannerError("No schedules are remembered; add one with planner add FILE or "
                           "planner add URL, then refresh.")

    def over(schedules: list[Any]) -> Planner:
        planner = Planner(schedules, agenda_path=params.get("agenda_path"), tz=params.get("tz"),
                          busy_paths=params.get("busy_files") or ())
        planner.use_agenda(agenda)
        return planner

    def busy_for(schedules: list[Any]) -> list[Any]:
        planner = over(schedules)
        try:
            return planner.load_busy()
        finally:
            for message in planner.busy_warnings:
                warn(f"planner: {message}")

    report = reread(store, load_options(params), busy_for)
    zone = over(report.schedules).zone
    for r in report.sources:
        for note in r.notes:
            warn(f"planner: {note}")
        if r.problem:
            warn(f"planner: {r.problem}")
    if params.get("fmt") == "json":
        emit_json(report_json(report))
    else:
        lines = []
        for r in report.sources:
            what = f"{_counts(r.schedule)}; {r.what}" if r.schedule else r.what
            lines.append(f"{r.spec}  ({what})")
        lines.append("")
        if report.changes:
            lines.append("Changes to your picks:")
            lines += [f"  {describe_change(c, zone)}" for c in report.changes]
        else:
            lines.append("No changes to your picks.")
        emit("\n".join(lines) + "\n")
    if report.failed:
        raise click.exceptions.Exit(EXIT_ERROR)
