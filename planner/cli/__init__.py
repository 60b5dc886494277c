"""The `planner` command: thin commands over the core.

Each command module registers itself with `cli`.  The TUI is imported only by the
`tui` command, so printing an agenda never loads textual.
"""

from __future__ import annotations

import importlib
import sys

import click

from ..errors import EXIT_ERROR, EXIT_USAGE, PlannerError

# Command modules, in help order.  Each defines `register(cli)`.
_COMMAND_MODULES = ("schedule_cmds", "browse", "picks", "export", "tui_cmd")


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="planner")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Plan your conference: read pasted programs, pick talks, see clashes, export .ics.

    Without a command, planner opens the terminal UI on the bundled schedules (or,
    where the UI is not available, prints today's or the first day's agenda).
    """
    if ctx.invoked_subcommand is None:
        # The UI needs a terminal; piped or in CI, the day's agenda is the main job.
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        default = cli.commands.get("tui") if interactive else None
        ctx.invoke(default or cli.commands["agenda"])


def _register_commands() -> None:
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue  # that command group is not part of this build yet
            raise
        module.register(cli)


_register_commands()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; core errors become one line on stderr and a non-zero exit."""
    try:
        cli.main(args=argv, prog_name="planner", standalone_mode=False)
    except PlannerError as exc:
        click.echo(f"planner: {exc.message}", err=True)
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
