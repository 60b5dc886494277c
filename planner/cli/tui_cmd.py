"""`planner tui`: the terminal UI.  textual is imported only inside the command."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..loader import load_schedules
from .common import (
    agenda_option, busy_option, load_from, load_options, schedule_options, tz_option,
)

# Texts larger than this are read after the UI's first paint, behind a loading
# screen: a 10,000-talk program takes longer to parse than a terminal should stay blank.
READ_IN_BACKGROUND_BYTES = 512 * 1024


def register(cli: click.Group) -> None:
    cli.add_command(tui)


@click.command()
@schedule_options
@agenda_option
@busy_option
@tz_option(help="Show times in this IANA zone for this run (default: the zone chosen "
           "with `t`, else the schedule's own).")
@click.option("--now/--schedule", "open_now", default=False,
              help="Open on what is on now and next when a loaded talk is on today "
              "(planner without a command does), or on the schedule (the default).")
@click.option("--friend", "friend_files", metavar="[NAME=]FILE", multiple=True,
              help="A friend's picks (planner picks --format json) to mark with + and "
              "'also picked by NAME' (default NAME: the file's name); repeatable.")
def tui(agenda_path: str | None, busy_files: tuple[str, ...], tz: str | None,
        open_now: bool = False, friend_files: tuple[str, ...] = (),
        **params: object) -> None:
    """Browse schedules, search, pick talks, see clashes and export, in the terminal.

    Without SCHEDULE files it opens the bundled schedules.  Picks are saved at once
    in the same agenda `planner picks` reads.

    \b
    Examples:
      planner tui program.txt
      planner tui program.txt --busy ~/calendar.ics
      planner tui --agenda /tmp/trial.json
      planner tui program.txt --friend alice.json --friend Bo=bo-picks.json
    """
    paths = [Path(p) for p in params.get("schedules") or ()]  # type: ignore[union-attr]
    # A missing file counts as small, so it is reported here, before the UI starts.
    large = sum(os.path.getsize(p) for p in paths if os.path.isfile(p)) > READ_IN_BACKGROUND_BYTES
    schedules = None if large else load_from(params, agenda_path)  # bad input: one line on stderr
    if busy_files:
        from ..picks.busy import check_busy  # imports icalendar, so only when asked

        for path in busy_files:
            check_busy(path)  # an unreadable calendar stops here too (the TUI reads it)
    from ..shared_picks import read_friends

    friends = read_friends(friend_files)  # a bad file: one line on stderr, no UI
    from ..tui import make_app  # lazily: the other commands never load textual

    names = ", ".join(p.name for p in paths)
    app = make_app(schedules, load=(lambda: load_from(params, agenda_path)) if large else None,
                   loading=names, agenda_path=agenda_path, busy_paths=busy_files, zone=tz,
                   reload=lambda: load_schedules(list(params.get("schedules") or ()),  # type: ignore[call-overload]
                                                 load_options(params), agenda_path, refresh=True),
                   open_now=open_now, friends=friends)
    app.run()
    if app.load_error is not None:
        raise app.load_error  # printed as `planner: …` once the terminal is restored
