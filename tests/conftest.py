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
