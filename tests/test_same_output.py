"""What planner reads from the bundled schedules and the test texts stays the same.

Each text is parsed as the user gets it (its format detected, its .toml applied) and
read `--as program` (the free-form reader on every shape); the whole schedule, ids,
times, speakers and diagnostics included, must equal the golden dump byte for byte.
Speed work must not change them (bench/same_output.py compares many more texts
against an older commit).  After an intended change of behaviour, regenerate with
PLANNER_UPDATE_GOLDEN=1 and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from planner.errors import PlannerError
from planner.loader import LoadOptions, parse_text, read_metadata

from .conftest import DATA, SCHEDULES

GOLDEN = DATA / "golden" / "parsed"
TEXTS = sorted(SCHEDULES.glob("*.txt")) + sorted(
    p for p in DATA.rglob("*.txt") if "golden" not in p.relative_to(DATA).parts)


def _name(path: Path) -> str:
    rel = path.relative_to(SCHEDULES.parent if path.is_relative_to(SCHEDULES) else DATA)
    return "__".join(rel.with_suffix("").parts)


def _dump(path: Path, as_format: str | None) -> str:
    try:
        schedule = parse_text(path.read_text(encoding="utf-8"), path.name, read_metadata(path),
                              LoadOptions(as_format=as_format))
    except PlannerError as e:
        return f"PlannerError: {e}\n"
    return schedule.model_dump_json(indent=1) + "\n"


@pytest.mark.parametrize("as_format", [None, "program"], ids=["detected", "program"])
@pytest.mark.parametrize("path", TEXTS, ids=_name)
def test_parsed_schedule_is_unchanged(path: Path, as_format: str | None) -> None:
    golden = GOLDEN / f"{_name(path)}.{as_format or 'detected'}.json"
    got = _dump(path, as_format)
    if os.environ.get("PLANNER_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(got, encoding="utf-8")
    assert got == golden.read_text(encoding="utf-8"), f"differs from {golden.name}"
