from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCHEDULES = ROOT / "schedules"
DATA = Path(__file__).resolve().parent / "data"
SEEDS = ROOT.parent / "shared" / "seeds"
MLSYS2021 = SCHEDULES / "mlsys2021-program.txt"


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path, monkeypatch):
    """Every test gets its own agenda file and data dirs, a fixed clock and zone."""
    monkeypatch.setenv("PLANNER_AGENDA", str(tmp_path / "agenda.json"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))  # planner.cache
    monkeypatch.delenv("PLANNER_CACHE_DIR", raising=False)
    monkeypatch.delenv("PLANNER_CACHE", raising=False)
    monkeypatch.setenv("PLANNER_NOW", os.environ.get("PLANNER_TEST_NOW", "2026-11-22T12:00:00+00:00"))
    monkeypatch.setenv("TZ", "UTC")
    yield


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """`planner ARGS...` in this process: (exit code, stdout, stderr).  Every test's
    isolated agenda, data folders, clock and zone (above) apply."""
    from planner.cli import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# The four seed texts the product was specified from, and their bundled copies
# (byte-identical; tests/test_packaging.py checks that when shared/ is present).
BUNDLED_SEEDS = {
    "000_582fbc6f8791162a.txt": SCHEDULES / "mlsys2023-papers.txt",
    "001_31bcfe18b15d1aa4.txt": SCHEDULES / "mlsys2021-program.txt",
    "002_17bd2f9a7802460e.txt": SCHEDULES / "abstract-list.txt",
    "003_d6db3e7a8b919b7b.txt": SCHEDULES / "carole-jean-wu-papers.txt",
}


def seed_path(name: str) -> Path:
    """The seed as given in shared/, or its bundled copy where shared/ is not beside us."""
    given = SEEDS / name
    return given if given.is_file() else BUNDLED_SEEDS[name]
