"""Reading someone's picks: the JSON `planner picks --format json` writes, sent by a
friend, as talk id -> level (for `planner pick --from`), or as the friends who picked
each talk (for the TUI's "also picked by" marks, `planner tui --friend`).

Only the ids and levels are taken (titles and times come from the schedules loaded
here; a friend's notes stay theirs).  Anything else is refused with one sentence.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable

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


def friend_source(spec: str) -> tuple[str, str]:
    """(name, path) of `NAME=FILE`, or of a plain FILE named after it (`alice.json`:
    alice).  A file that exists is taken whole, even with a `=` in its name."""
    name, sep, path = spec.partition("=")
    if not sep or os.path.exists(spec) or not name.strip() or not path:
        path = spec
        name = os.path.splitext(os.path.basename(spec))[0]
    return name.strip() or spec, path


def read_friends(specs: Iterable[str]) -> dict[str, list[str]]:
    """Talk id -> the names of the friends who picked it, in the order given; each spec
    is `NAME=FILE` or `FILE` (planner picks --format json, a friend's)."""
    out: dict[str, list[str]] = {}
    for spec in specs:
        name, path = friend_source(spec)
        for talk_id in read_shared(path):
            names = out.setdefault(talk_id, [])
            if name not in names:
                names.append(name)
    return out
