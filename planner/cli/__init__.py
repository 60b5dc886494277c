"""The `planner` command: thin commands over the core.

Commands are imported when invoked (click's lazily loaded subcommands): each command
pays only for its own imports, so printing an agenda never loads textual and a
search answered from its index never loads pydantic.  `COMMANDS` names the module of
each command; each module defines `register(cli)`.
"""

from __future__ import annotations

import importlib
import sys

import click

from ..errors import EXIT_ERROR, EXIT_USAGE, PlannerError
from ..text import printable

# Command name -> the module (in this package) that defines it.
COMMANDS = {
    "check": "schedule_cmds", "agenda": "schedule_cmds",
    "talks": "browse", "speakers": "browse", "search": "search_cmd",
    "pick": "picks", "unpick": "picks", "picks": "picks", "clashes": "picks",
    "busy": "picks", "timezone": "picks", "note": "picks", "now": "now_cmd",
    "timetable": "now_cmd", "free": "free_cmd",
    "export": "export", "sync": "sync_cmd", "tui": "tui_cmd",
    "add": "sources_cmd", "remove": "sources_cmd", "sources": "sources_cmd",
    "refresh": "sources_cmd",
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module = importlib.import_module(f"{__name__}.{COMMANDS[cmd_name]}")
            module.register(self)
        return self.commands.get(cmd_name)


@click.group(cls=LazyGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="planner")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Plan your conference: read pasted programs, pick talks, see clashes, export .ics.

    Without a command, planner opens the terminal UI on the bundled schedules (on what
    is on now and next when a loaded talk is on today), or, where the UI is not
    available, prints today's or the first day's agenda.
    """
    if ctx.invoked_subcommand is None:
        # The UI needs a terminal; piped or in CI, the day's agenda is the main job.
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        command = cli.get_command(ctx, "tui" if interactive else "agenda")
        assert command is not None
        if interactive:
            ctx.invoke(command, open_now=True)  # during a conference: what is on now
        else:
            ctx.invoke(command)


def _tolerate_narrow_encodings() -> None:
    """Print what the terminal's encoding cannot hold as escapes (`\\u2013` under
    PYTHONIOENCODING=ascii), instead of failing with UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass  # replaced by a test harness, or closed


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; core errors become one line on stderr and a non-zero exit."""
    _tolerate_narrow_encodings()
    try:
        cli.main(args=argv, prog_name="planner", standalone_mode=False)
    except PlannerError as exc:
        click.echo(printable(f"planner: {exc.message}"), err=True)
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("planner: aborted.", err=True)
        return EXIT_ERROR
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        # The reader went away (`planner agenda | head`); that is not an error.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    return 0


def run() -> None:
    sys.exit(main())


__all__ = ["cli", "main", "run", "EXIT_USAGE"]
