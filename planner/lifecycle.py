"""What an exported event goes through: its SEQUENCE, its cancellation, its old UID.

**SEQUENCE from the clock.**  A client that honours SEQUENCE (Apple, Outlook, khal via
vdirsyncer, CalDAV servers) ignores an update whose SEQUENCE is not above the one it
has.  Counting 0, 1, 2 in the agenda breaks when the agenda is lost or reset: the
next change goes out as 0 and is ignored.  So a new or changed event gets the minutes
since 2020-01-01 UTC at the export (never less than the last one + 1): a later change
always carries a higher number, whatever the agenda remembers.  An unchanged event
keeps its number (the content hash in the export state tells), so re-exporting the
same picks gives the same bytes.  Minutes fit the 32-bit integers some clients use
until the year 6100.

**Cancellations.**  Leaving an unpicked talk out of the next file does nothing: every
app keeps the event it has.  RFC 5546 says how an organiser withdraws an event: the
same UID with STATUS:CANCELLED and a higher SEQUENCE.  The export state remembers
each event's title and times, so a pick that was unpicked, or whose talk vanished
from the program, is written once more as cancelled.  It is kept in later exports
until 30 days after the talk's end (`KEEP_CANCELLED`): a user who re-imports during
or shortly after the conference still gets it removed; past that the talk is history,
and a file that grows with every talk ever unpicked helps nobody.

**Carried-over UIDs.**  A pick carried to a talk whose id changed (a title fixed by
one letter, see `planner.carryover`) keeps its old UID: the state entry records the
new talk id (`talk`), and `uids_by_talk` gives the export the old UID for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, timedelta, timezone
from typing import Any

from icalendar import Event

UTC = timezone.utc
SEQUENCE_EPOCH = datetime(2020, 1, 1, tzinfo=UTC)
KEEP_CANCELLED = timedelta(days=30)
CANCELLED = "cancelled"  # the hash kept for a cancelled event


def clock_sequence(now: datetime) -> int:
    """Whole minutes from 2020-01-01 UTC to `now` (0 before that)."""
    return max(0, int((now - SEQUENCE_EPOCH).total_seconds() // 60))


def _stamp(dt: datetime) -> datetime:
    return dt.astimezone(UTC).replace(microsecond=0)


def next_version(prev: Mapping[str, Any] | None, digest: str,
                 now: datetime) -> tuple[int, datetime]:
    """(SEQUENCE, LAST-MODIFIED): kept when the content is unchanged, raised when not."""
    try:
        sequence = int(prev["sequence"]) if prev else None  # type: ignore[index]
        modified = _stamp(datetime.fromisoformat(prev["last_modified"])) if prev else None  # type: ignore[index]
    except (KeyError, TypeError, ValueError):
        sequence = modified = None  # unreadable state: the clock still orders it
    if sequence is not None and modified is not None and prev and prev.get("hash") == digest:
        return sequence, modified
    raised = clock_sequence(now)
    if sequence is not None:
        raised = max(raised, sequence + 1)
    return raised, max(now, modified) if modified is not None else now  # never backwards


def remembered(start: datetime | None, end: datetime | None, summary: str, talk_id: str,
               schedule: str, picked: bool) -> dict[str, Any]:
    """What the state keeps beside hash and SEQUENCE to write the event cancelled later."""
    return {
        "summary": summary, "talk": talk_id, "schedule": schedule, "picked": picked,
        "start": start.astimezone(UTC).isoformat() if start else None,
        "end": end.astimezone(UTC).isoformat() if end else None,
    }


def _instant(entry: Mapping[str, Any], key: str) -> datetime | None:
    try:
        value = datetime.fromisoformat(entry[key])
    except (KeyError, TypeError, ValueError):
        return None
    return value if value.tzinfo is not None else None


def expired(entry: Mapping[str, Any], now: datetime) -> bool:
    """Whether a cancelled event is past keeping (30 days after its end)."""
    end = _instant(entry, "end") or _instant(entry, "start")
    return end is None or end + KEEP_CANCELLED < now


def to_cancel(state: Mapping[str, Mapping[str, Any]], *, kind: str, loaded: Iterable[str], day: date | None = None,
              zone: Any = None, now: datetime) -> list[str]:
    """UIDs to write as cancelled in an export of `kind` ("picks", "all", "talks").

    A picks export withdraws every event an earlier picks export wrote that is not
    written now; an --all export withdraws talks gone from a loaded schedule; an export
    of given talks withdraws nothing (it says nothing about the others).  The events
    written again now are skipped by `planner.ics.build_calendar`.  With --day,
    only events on that day are withdrawn.  Only events of loaded schedules: a pick of
    a conference not loaded now is neither written nor withdrawn.
    """
    if kind == "talks":
        return []
    labels = set(loaded)
    out = []
    for uid, entry in state.items():
        if entry.get("schedule") not in labels:
            continue
        if kind == "picks" and not entry.get("picked"):
            continue
        start = _instant(entry, "start")
        if start is None or expired(entry, now):
            continue
        if day is not None and start.astimezone(zone).date() != day:
            continue
        out.append(uid)
    return sorted(out, key=lambda uid: (state[uid].get("start") or "", uid))


def cancelled_event(uid: str, entry: dict[str, Any], now: datetime) -> Event:
    """The event withdrawn: same UID, STATUS:CANCELLED, SEQUENCE raised once.

    Times are written in UTC: the event is matched by UID, and UTC needs no VTIMEZONE.
    `entry` (the state) is updated, so a later export writes the same bytes again.
    """
    if entry.get("hash") != CANCELLED:
        sequence, modified = next_version(entry, CANCELLED, now)
        entry.update(hash=CANCELLED, sequence=sequence, last_modified=modified.isoformat())
    start, end = _instant(entry, "start"), _instant(entry, "end")
    event = Event()
    event.add("UID", uid)
    event.add("DTSTAMP", _stamp(now))
    if start is not None:
        event.add("DTSTART", start.astimezone(UTC))
        event.add("DTEND", max(end or start, start).astimezone(UTC))
    event.add("SEQUENCE", int(entry["sequence"]))
    event.add("LAST-MODIFIED", _stamp(datetime.fromisoformat(entry["last_modified"])))
    event.add("STATUS", "CANCELLED")
    event.add("SUMMARY", str(entry.get("summary") or "Cancelled talk"))
    event.add("DESCRIPTION", "No longer in your picks (or no longer in the program).")
    return event


def prune(state: dict[str, dict[str, Any]], now: datetime) -> None:
    """Forget cancelled events past keeping."""
    for uid in [u for u, e in state.items() if e.get("hash") == CANCELLED and expired(e, now)]:
        del state[uid]


def uids_by_talk(state: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Talk id -> the UID it keeps, for talks whose pick was carried over from another."""
    out = {}
    for uid, entry in state.items():
        talk = entry.get("talk")
        if isinstance(talk, str) and not uid.startswith(f"{talk}@"):
            out[talk] = uid
    return out
