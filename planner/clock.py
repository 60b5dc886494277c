"""The one place the current time is read, so tests and golden files can fix it.

Set PLANNER_NOW to an ISO 8601 instant (with offset) to freeze the clock.
"""

from __future__ import annotations

from datetime import datetime, timezone

from .locations import frozen_now


def now() -> datetime:
    fixed = frozen_now()
    if fixed:
        dt = datetime.fromisoformat(fixed)
        return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)
    return datetime.now(timezone.utc)
