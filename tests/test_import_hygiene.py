"""The core never loads the UI: each core module, imported alone in a fresh interpreter,
leaves textual and rich unloaded, and so does a whole `planner agenda` run."""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys

import pytest

import planner

from .conftest import MLSYS2021, ROOT

UI_PACKAGES = ("textual", "rich")
NOT_CORE = ("planner.tui", "planner.cli")


def core_modules() -> list[str]:
    names = ["planner"]
    for info in pkgutil.walk_packages(planner.__path__, "planner."):
        if not info.name.startswith(NOT_CORE) and info.name != "planner.__main__":
            names.append(info.name)
    return sorted(names)


def loaded_ui_modules(code: str) -> list[str]:
    probe = (
        f"{code}\nimport sys\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {UI_PACKAGES!r}))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    return eval(out.stdout.strip().splitlines()[-1])


def test_the_core_is_all_found():
    names = core_modules()
    # The walk must see the modules this test exists for, or it proves nothing.
    for expected in ("planner.model", "planner.picks.store", "planner.clashes", "planner.search",
                     "planner.parsers.site", "planner.views.text"):
        assert expected in names


@pytest.mark.parametrize("module", core_modules())
def test_core_module_imports_no_ui(module):
    assert loaded_ui_modules(f"import {module}") == []


def test_the_tui_does_load_textual():
    # The probe can fail: importing the UI package is seen.
    assert "textual" in loaded_ui_modules("import planner.tui")


def test_planner_agenda_run_imports_no_textual():
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "planner", "agenda", str(MLSYS2021)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "Oral: Session 1: Search and Devices" in out.stdout
    imported = [line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines()
                if line.startswith("import time:")]
    assert "planner.views.text" in imported  # -X importtime really listed the imports
    assert not [m for m in imported if m.split(".")[0] in UI_PACKAGES]


# The program reader's own modules (its shared helpers for zones, people lines and times
# are the site parser's too).
READER_MODULES = tuple(f"planner.parsers.program.{m}" for m in (
    "reader", "build", "body", "tables", "items", "kinds", "drafts", "text_front",
    "html_front", "inline"))


def test_planner_agenda_on_the_bundled_schedules_loads_no_program_reader_and_no_lxml():
    # Their .toml name their formats: nothing needs detecting, nor the free-form reader.
    probe = ("import runpy, sys\nsys.argv = ['planner', 'agenda']\n"
             "try:\n    runpy.run_module('planner', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('lxml',) + READER)),"
             " file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", f"READER = {READER_MODULES!r}\n{probe}"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60,
                         env={**os.environ, "PLANNER_CACHE": "off"})
    assert out.returncode == 0, out.stderr
    assert eval(out.stderr.strip().splitlines()[-1]) == []
