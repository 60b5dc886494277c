"""Reading someone's picks: the JSON `planner picks --format json` writes, sent by a
friend, as talk id -> level.

Only the ids and levels are taken (titles and times come from the schedules loaded
here; a friend's notes stay theirs).  Anything else is refused with one sentence.
"""

from __future__ import annotations

import json
import os

from .errors import PlannerError
from .textio import read_bytes


def read_shared(path: str | os.PathLike[str]) -> dict[str, str]:
    """Talk id -> "must" | "maybe", in the file's order."""
    data = read_bytes(path, kind="a picks file")
    try:
        entries = json.loads(data)
    except (ValueError, RecursionError):
        entries = None
    if not isinstance(entries, list) or not all(
            isinstance(e, dict) and isinstance(e.get("id"), str) for e in entries):
        raise PlannerError(f"{path} is not a picks file (write one with planner picks "
                           "--format json).")
    out: dict[str, str] = {}
    for e in entries:
        level = e.get("level", "must")
        out[e["id"].strip().lower()] = level if level in ("must", "maybe") else "must"
    return out
