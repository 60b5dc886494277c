"""`planner talks` and `planner speakers`: browsing every loaded schedule as one body
of talks, papers and people (`planner search` is in search_cmd).

Thin commands: open a Planner on the schedules, ask it for the people, print with
planner.views.text (text) or planner.views.json (JSON).
"""

from __future__ import annotations

import click

from ..model import Schedule, Talk
from ..core import Planner
from ..people import find_person
from ..views.json import talk_entry_json
from ..views.text import render_speakers, render_talks
from .common import (
    agenda_zone_option, display_zone, emit, emit_json, format_option, load_from,
    schedule_options, terminal_width, tz_option, warn,
)
from .filter_opts import build_filter, filter_options, say_filtered

def register(cli: click.Group) -> None:
    for command in (talks, speakers):
        cli.add_command(command)


@click.command()
@schedule_options
@click.option("--speaker", metavar="NAME", default=None,
              help="Only this person's talks and papers, across every loaded schedule.")
@filter_options()
@click.option("--agenda", "agenda_path", metavar="PATH", default=None,
              help="Agenda file for --picked, --free and the zone set with planner timezone "
              "(default: $PLANNER_AGENDA, else "
              "agenda.json in your data folder).")
@agenda_zone_option
@format_option
def talks(**params: object) -> None:
    """List the talks of the loaded schedules, or one speaker's talks and papers.

    Names match whatever their case, accents or spacing; a unique part of a name
    is enough.  Without SCHEDULE, every bundled schedule is loaded.  --track,
    --room, --kind, --day, --picked, --hide-past and --free narrow the list (how
    many were kept is said on stderr).

    \b
    Examples:
      planner talks program.txt
      planner talks program.txt --room k.1 --day sat --hide-past
      planner talks --speaker "Carole-Jean Wu"
      planner talks --speaker banbury --format json
    """
    planner = Planner(load_from(params), tz=params.get("tz"))  # type: ignore[arg-type]
    schedules = planner.schedules
    zone = display_zone(params.get("tz"), schedules, params.get("agenda_path"))  # type: ignore[arg-type]
    name = params.get("speaker")
    heading = None
    if name:
        person = find_person(planner.people(), str(name))
        groups: list[tuple[Schedule, list[Talk]]] = []
        for sch, talk in person.talks:
            if not groups or groups[-1][0] is not sch:
                groups.append((sch, []))
            groups[-1][1].append(talk)
        in_schedules = len(groups)
        heading = (f"{person.name}: {len(person.talks)} talk{'s' if len(person.talks) != 1 else ''}"
                   f" and papers in {in_schedules} schedule{'s' if in_schedules != 1 else ''}")
    else:
        groups = [(sch, sch.talks()) for sch in schedules]
    groups = _filtered(groups, schedules, params, zone)
    if params.get("fmt") == "json":
        emit_json([talk_entry_json(sch, t, zone) for sch, ts in groups for t in ts])
        return
    emit(render_talks(groups, zone, terminal_width(), heading))


def _filtered(groups: list[tuple[Schedule, list[Talk]]], schedules: list[Schedule],
              params: dict, zone) -> list[tuple[Schedule, list[Talk]]]:
    """The groups' talks that the filter options keep (all of them without any)."""
    from ..timetable import of_schedule

    tables = [of_schedule(sch) for sch in schedules]
    f = build_filter(params, tables, zone, params.get("agenda_path"))  # type: ignore[arg-type]
    if not f.active:
        return groups
    keep = f.ids(tables, (t.id for sch in schedules for t in sch.talks() if not t.timed))
    out = [(sch, [t for t in ts if t.id in keep]) for sch, ts in groups]
    if params.get("fmt") != "json":
        say_filtered(f, sum(len(ts) for _, ts in out), sum(len(ts) for _, ts in groups))
    return [(sch, ts) for sch, ts in out if ts]


@click.command()
@schedule_options
@click.option("--sort", type=click.Choice(["name", "talks"]), default="name", show_default=True,
              help="Order by name, or by number of talks (most first).")
@format_option
def speakers(**params: object) -> None:
    """List everyone who speaks or authors in the loaded schedules, with talk counts.

    One person is one line however their name is cased, accented or spaced
    (`colby banbury` and `Colby Banbury`); a name listed twice on one talk counts
    once.  Author-line entries that are not names are left out and reported.

    \b
    Examples:
      planner speakers
      planner speakers --sort talks --format json
    """
    index = Planner(load_from(params)).people()
    people = index.people()
    if params.get("sort") == "talks":
        people.sort(key=lambda p: -p.count)
    for sch, talk, name in index.skipped:
        warn(f"planner: {sch.source}: {name!r} on the authors of {talk.id} is not a name; "
             "left out of the speakers.")
    if params.get("fmt") == "json":
        emit_json([
            {"name": p.name, "key": p.key, "talks": p.count,
             "schedules": [s.label for s in p.schedules], "spellings": p.spellings,
             "affiliations": p.affiliations}
            for p in people
        ])
        return
    emit(render_speakers(people, terminal_width()))
