"""Where planner keeps the user's files, and every PLANNER_* variable it reads.

Nothing here checks or creates a folder: the modules that write there decide what they
trust (planner.cache refuses a cache folder someone else could write to; the agenda
store refuses what is not an agenda).  This module only says where, so that a path or
a variable is named once.

| what | where |
| --- | --- |
| the agenda (picks, busy calendars, remembered schedules, zone) | `$PLANNER_AGENDA`, else `agenda.json` in the user's data folder, or `--agenda PATH` |
| parsed schedules and search indexes | `$PLANNER_CACHE_DIR`, else `schedules/` in the user's cache folder |
| copies of programs fetched by address | `feeds/` in `$PLANNER_CACHE_DIR`, else in the user's cache folder |
| no cache at all | `PLANNER_CACHE=off` (or 0, no, false) |
| how old a fetched copy may be before it is checked | `PLANNER_MAX_AGE` (read by planner.sources) |
| a frozen clock, for tests and golden files | `PLANNER_NOW` (read by planner.clock) |
| the bundled schedules | `schedules/` inside the installed package, else beside it in a checkout |
| where the TUI offers to write an export | the user's documents folder (XDG on Linux), else the home folder |

platformdirs is imported only when a default folder is asked for.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "planner"
AGENDA_FILENAME = "agenda.json"
_PACKAGE_DIR = Path(__file__).resolve().parent
_OFF = ("0", "off", "no", "false")


def agenda_path(given: str | os.PathLike[str] | None = None) -> Path:
    """The agenda file: `given` (--agenda), else $PLANNER_AGENDA, else agenda.json in the
    user's data folder (XDG on Linux)."""
    if given is not None:
        return Path(given).expanduser()
    env = os.environ.get("PLANNER_AGENDA")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / AGENDA_FILENAME


def export_dir() -> tuple[Path, str]:
    """Where the TUI's export dialog starts, and how to name it to the user: the
    documents folder when there is one, else the home folder (never the folder planner
    happened to be started in)."""
    import platformdirs

    documents = Path(platformdirs.user_documents_dir())
    if documents.is_dir():
        return documents, "your documents folder"
    return Path.home(), "your home folder"


def caching_off() -> bool:
    return os.environ.get("PLANNER_CACHE", "").strip().lower() in _OFF


def _cache_base() -> tuple[Path, bool]:
    """The cache's folder and whether the user named it ($PLANNER_CACHE_DIR)."""
    explicit = os.environ.get("PLANNER_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser(), True
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False)), False


def cache_dir() -> Path | None:
    """Where parsed schedules and search indexes are kept, or None when caching is off."""
    if caching_off():
        return None
    base, named = _cache_base()
    return base if named else base / "schedules"


def feeds_dir() -> Path | None:
    """Where copies of programs fetched by address are kept (beside the parse cache's
    entries), or None when caching is off."""
    if caching_off():
        return None
    return _cache_base()[0] / "feeds"


def bundled_dir() -> Path | None:
    """The bundled schedules: inside the installed package, or beside it in the checkout
    (None when neither is there)."""
    for candidate in (_PACKAGE_DIR / "schedules", _PACKAGE_DIR.parent / "schedules"):
        if candidate.is_dir():
            return candidate
    return None


def max_age_setting() -> str:
    """PLANNER_MAX_AGE as written ("" when unset)."""
    return os.environ.get("PLANNER_MAX_AGE", "").strip()


def frozen_now() -> str | None:
    """PLANNER_NOW as written, or None: an ISO 8601 instant that stands for now."""
    return os.environ.get("PLANNER_NOW") or None
