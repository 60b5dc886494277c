"""The command table behind the lazily loading `planner` group: every command is found
where the table says, and starting planner loads no command it was not asked for."""

from __future__ import annotations

import importlib
import subprocess
import sys

import click

from planner.cli import COMMANDS, cli

from .conftest import ROOT


def test_each_module_defines_exactly_the_commands_the_table_gives_it():
    for module_name in sorted(set(COMMANDS.values())):
        group = click.Group()
        importlib.import_module(f"planner.cli.{module_name}").register(group)
        expected = {name for name, module in COMMANDS.items() if module == module_name}
        assert set(group.commands) == expected, module_name


def test_help_lists_every_command():
    ctx = click.Context(cli)
    assert cli.list_commands(ctx) == sorted(COMMANDS)
    for name in COMMANDS:
        assert cli.get_command(ctx, name).name == name


def test_starting_planner_loads_no_command_and_no_models():
    probe = ("import sys\nfrom planner.cli import main\nrc = main(['--version'])\n"
             "print(sorted(m for m in sys.modules if m.startswith(('planner.cli.', 'pydantic', "
             "'planner.model', 'planner.parsers.'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].startswith("planner, version")
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_every_command_has_help_and_a_readme_entry():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ctx = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command.help and command.help.strip(), name
        assert f"planner {name}" in readme or f"`{name}`" in readme, name
