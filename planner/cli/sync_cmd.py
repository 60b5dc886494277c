"""`planner sync`: keep a CalDAV calendar or a vdir folder in step with the picks."""

from __future__ import annotations

import click

from .common import agenda_option, alarm_option, load_from, schedule_options, warn


def register(cli: click.Group) -> None:
    cli.add_command(sync)


@click.command()
@schedule_options
@click.option("--caldav", "caldav_url", metavar="URL", default=None,
              help="The CalDAV calendar's address (or the server's, with --calendar).")
@click.option("--calendar", metavar="NAME", default=None,
              help="Find (or create) the calendar of this name on the CalDAV server.")
@click.option("--user", metavar="NAME", default=None, help="CalDAV user name.")
@click.option("--password-command", metavar="COMMAND", default=None,
              help="Command that prints the password, e.g. 'pass show caldav' (run each time).")
@click.option("--password-env", metavar="VAR", default=None,
              help="Environment variable with the password (default PLANNER_CALDAV_PASSWORD).")
@click.option("--vdir", metavar="FOLDER", default=None,
              help="Write one .ics per event into FOLDER (as khal and vdirsyncer read).")
@click.option("--unpicked", type=click.Choice(["delete", "cancel"]), default=None,
              help="Delete unpicked talks (default) or keep them marked cancelled.")
@alarm_option
@agenda_option
def sync(**params: object) -> None:
    """Push your picks to a CalDAV calendar or a vdir folder, and keep it current.

    New picks are created, changed talks updated in place, unpicked talks deleted
    (or marked cancelled with --unpicked cancel); nothing is ever added twice.  The
    target is remembered: later, plain `planner sync` syncs to it again.  The
    password is never stored: it comes from PLANNER_CALDAV_PASSWORD (or --password-env)
    or from --password-command, run each time.

    \b
    Examples:
      planner sync --caldav https://dav.example.org/cal/ann/talks/ --user ann \\
                   --password-command 'pass show dav'
      planner sync --vdir ~/.calendars/conference
      planner sync
    """
    from ..errors import PlannerError
    from ..ics import parse_alarm
    from ..core import Planner
    from ..sync import Target, load_target, save_target, summary

    if params["caldav_url"] and params["vdir"]:
        raise click.UsageError("--caldav and --vdir cannot be combined; sync to one at a time.")
    target = load_target()
    given = params["caldav_url"] or params["vdir"]
    if given:
        target = Target(kind="caldav" if params["caldav_url"] else "vdir", location=str(given))
    elif target is None:
        raise PlannerError("No sync target yet; give --caldav URL or --vdir FOLDER once.")
    for option, attr in (("user", "username"), ("calendar", "calendar"),
                         ("password_command", "password_command"),
                         ("password_env", "password_env"), ("unpicked", "unpicked")):
        if params[option]:
            setattr(target, attr, params[option])
    alarms = [parse_alarm(str(a)) for a in params["alarms"]]  # type: ignore[union-attr]
    report = Planner(load_from(params), agenda_path=params["agenda_path"]).sync(  # type: ignore[arg-type]
        target, alarms=alarms)
    save_target(target)  # only once it worked
    for c in report.carried:
        warn(f"planner: {c.sentence()}")
    if report.missing:
        n = len(report.missing)
        warn(f"planner: {n} pick{'s are' if n != 1 else ' is'} not in the loaded schedules "
             "and left as they are on the target.")
    warn(f"planner: {summary(report)}")
