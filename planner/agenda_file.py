"""The picks' levels and notes and the zone, read straight from the agenda file,
without the models.

`planner now` answers in a fraction of a second on a 10,000-talk program; building
the agenda's pydantic models would cost more than the rest of it.  This reads the
file the way `AgendaStore` does (a regular file only, size-limited, never waiting on
a FIFO) and says None for anything that is not a plain, valid agenda: the caller
then goes through `AgendaStore`, which reports the problem in its own words.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from .locations import agenda_path
from .safefile import read_limited

MAX_BYTES = 64 << 20  # planner.picks.store.MAX_AGENDA_BYTES


@dataclass(frozen=True)
class AgendaPeek:
    picks: dict[str, tuple[str, str]]  # talk id -> (level, note)
    timezone: str | None


def peek(path: str | os.PathLike[str] | None = None) -> AgendaPeek | None:
    """The picks and zone; empty when there is no agenda yet; None when the file is
    anything but a readable agenda of this version."""
    try:
        data, _ = read_limited(os.path.realpath(agenda_path(path)), MAX_BYTES,
                               regular_only=True)
    except FileNotFoundError:
        return AgendaPeek({}, None)
    except OSError:
        return None
    if len(data) > MAX_BYTES:
        return None
    try:
        agenda = json.loads(data)
        zone = agenda.get("timezone")
        if agenda.get("version") != 1 or not isinstance(zone, (str, type(None))):
            return None
        picks = {}
        for key, pick in agenda.get("picks", {}).items():
            level, note = pick.get("level", "must"), pick.get("note", "")
            if level not in ("must", "maybe") or not isinstance(note, str):
                return None
            picks[key] = (level, note)
        return AgendaPeek(picks, zone)
    except (ValueError, AttributeError, TypeError, RecursionError):
        return None
