"""`planner search`: ranked search over every loaded schedule.

Answered from each schedule's stored search index (planner.search_store) when the
file is unchanged, so a repeated search over a big listing neither parses nor loads
the models; otherwise the schedule is read as every command reads it, and indexed
for next time.  Either way the results come from the same index and print the same.
"""

from __future__ import annotations

import click

from ..errors import PlannerError
from ..loader import schedule_paths
from ..search_store import search_files
from ..views.json import talk_entry_json
from ..views.text import render_hits
from .common import (
    agenda_zone_option, display_zone, emit, emit_json, format_option, load_options,
    schedule_options, terminal_width,
)
from .filter_opts import build_filter, filter_options, say_filtered

DEFAULT_LIMIT = 20


def register(cli: click.Group) -> None:
    cli.add_command(search)


@click.command()
@click.argument("query")
@schedule_options
@click.option("--limit", type=click.IntRange(min=0), default=DEFAULT_LIMIT, show_default=True,
              help="Show at most this many results; 0 shows all.")
@filter_options()
@click.option("--agenda", "agenda_path", metavar="PATH", default=None,
              help="Agenda file for --picked, --free and the zone set with planner timezone "
              "(default: $PLANNER_AGENDA, else "
              "agenda.json in your data folder).")
@agenda_zone_option
@format_option
def search(**params: object) -> None:
    """Search titles, speakers and abstracts of the loaded schedules, best first.

    Case and accents do not matter; every word of QUERY must start a word of the
    title, a speaker's name or (for words of three letters or more) the abstract.
    A longer word that starts none is also looked for inside words.  Title matches
    rank above speaker matches, which rank above abstracts; the whole QUERY as a
    phrase ranks higher still.

    Each schedule's search index is kept in planner's cache folder and used while
    the file is unchanged (PLANNER_CACHE=off turns this off).  --track, --room,
    --kind, --day, --picked, --hide-past and --free keep only the results they allow.

    \b
    Examples:
      planner search sparsity
      planner search "federated learning" --limit 5
      planner search rust program.txt --room k.1 --hide-past
      planner search goncalves program.txt --format json
    """
    query = str(params.get("query") or "")
    if not query.split():
        raise PlannerError("Give a word to search for, for example: planner search sparsity.")
    paths = schedule_paths(list(params.get("schedules") or ()))  # type: ignore[call-overload]
    limit = int(params.get("limit") or 0)
    filtering = any(params.get(k) for k in ("tracks", "rooms", "kinds", "day", "picked",
                                            "hide_past", "free"))
    stores, hits, total = search_files(paths, load_options(params), query,
                                       0 if filtering else limit)
    zone = display_zone(params.get("tz"), stores,  # type: ignore[arg-type]
                        params.get("agenda_path"))  # type: ignore[arg-type]
    if filtering:
        hits, total = _filtered(hits, paths, params, zone, limit)
    if params.get("fmt") == "json":
        emit_json([talk_entry_json(h.schedule, h.talk, zone) for h in hits])
        return
    emit(render_hits(hits, query, total, zone, terminal_width()))


def _filtered(hits: list, paths: list, params: dict, zone, limit: int) -> tuple[list, int]:
    """The hits the filter options keep, the first `limit` of them, and how many."""
    from ..timetable import timetables

    tables = timetables(paths, load_options(params))
    f = build_filter(params, tables, zone, params.get("agenda_path"))
    keep = f.ids(tables, (h.talk.id for h in hits if h.talk.start is None))
    kept = [h for h in hits if h.talk.id in keep]
    if params.get("fmt") != "json":
        say_filtered(f, len(kept), len(hits), "matches")
    return (kept[:limit] if limit else kept), len(kept)
