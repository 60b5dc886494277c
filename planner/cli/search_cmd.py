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
    display_zone, emit, emit_json, format_option, load_options, schedule_options,
    terminal_width, tz_option,
)

DEFAULT_LIMIT = 20


def register(cli: click.Group) -> None:
    cli.add_command(search)


@click.command()
@click.argument("query")
@schedule_options
@click.option("--limit", type=click.IntRange(min=0), default=DEFAULT_LIMIT, show_default=True,
              help="Show at most this many results; 0 shows all.")
@tz_option
@format_option
def search(**params: object) -> None:
    """Search titles, speakers and abstracts of the loaded schedules, best first.

    Case and accents do not matter; every word of QUERY must start a word of the
    title, a speaker's name or (for words of three letters or more) the abstract.
    A longer word that starts none is also looked for inside words.  Title matches
    rank above speaker matches, which rank above abstracts; the whole QUERY as a
    phrase ranks higher still.

    Each schedule's search index is kept in planner's cache folder and used while
    the file is unchanged (PLANNER_CACHE=off turns this off).

    \b
    Examples:
      planner search sparsity
      planner search "federated learning" --limit 5
      planner search goncalves program.txt --format json
    """
    query = str(params.get("query") or "")
    if not query.split():
        raise PlannerError("Give a word to search for, for example: planner search sparsity.")
    paths = schedule_paths(list(params.get("schedules") or ()))  # type: ignore[call-overload]
    stores, hits, total = search_files(paths, load_options(params), query,
                                       int(params.get("limit") or 0))
    zone = display_zone(params.get("tz"), stores)  # type: ignore[arg-type]
    if params.get("fmt") == "json":
        emit_json([talk_entry_json(h.schedule, h.talk, zone) for h in hits])
        return
    emit(render_hits(hits, query, total, zone, terminal_width()))
