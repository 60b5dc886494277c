"""The layers of docs/architecture.md, as import-linter checks them (pyproject.toml's
[tool.importlinter]): the tree keeps them, and an import against them is caught."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}  # this tree's planner, not the installed
    return subprocess.run([str(LINT_IMPORTS), "--config", str(root / "pyproject.toml"),
                           "--no-cache"], capture_output=True, text=True, cwd=root, env=env,
                          timeout=120)


def test_the_tree_keeps_every_contract():
    out = lint_imports(ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Contracts: 3 kept, 0 broken." in out.stdout


def test_an_import_against_the_layers_is_caught(tmp_path):
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(ROOT / "planner", tmp_path / "planner",
                    ignore=shutil.ignore_patterns("__pycache__"))
    catalog = tmp_path / "planner" / "catalog.py"
    # The catalogue reaching up into the picks, and the TUI into a reader's internals.
    catalog.write_text(catalog.read_text(encoding="utf-8")
                       + "\nfrom .picks import store  # noqa\n", encoding="utf-8")
    base = tmp_path / "planner" / "tui" / "rows.py"
    base.write_text(base.read_text(encoding="utf-8")
                    + "\nfrom ..parsers import names  # noqa\n", encoding="utf-8")
    out = lint_imports(tmp_path)
    assert out.returncode == 1
    assert "Contracts: 1 kept, 2 broken." in out.stdout
    assert "planner.catalog -> planner.picks" in out.stdout
    assert "planner.tui.rows -> planner.parsers.names" in out.stdout
