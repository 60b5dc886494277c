"""Four independent ways to read an .ics back: UID -> start and end (UTC), status, SEQUENCE.

icalendar (what planner writes with), Home Assistant's `ical` (its own observance and
RRULE code), ics-py and vobject.  Each reads the text on its own; the tests compare
what they make of it with what was meant.
"""

from __future__ import annotations

from datetime import datetime, timezone

UTC = timezone.utc


def _row(start: datetime, end: datetime | None, status: object, sequence: object) -> dict:
    return {"start": start.astimezone(UTC), "end": end.astimezone(UTC) if end else None,
            "status": str(status or "").upper(), "sequence": int(sequence or 0)}


def by_icalendar(text: str) -> dict[str, dict]:
    from icalendar import Calendar

    return {str(e["UID"]): _row(e.decoded("DTSTART"),
                                e.decoded("DTEND") if "DTEND" in e else None,
                                e.get("STATUS"), e.get("SEQUENCE"))
            for e in Calendar.from_ical(text).walk("VEVENT")}


def by_ical(text: str) -> dict[str, dict]:
    from ical.calendar_stream import IcsCalendarStream

    cal = IcsCalendarStream.calendar_from_ics(text)
    return {e.uid: _row(e.dtstart, e.dtend, e.status.value if e.status else "", e.sequence)
            for e in cal.events}


def by_ics_py(text: str) -> dict[str, dict]:
    import ics

    def sequence(e: ics.Event) -> str | None:  # ics-py 0.7 keeps it as an unknown line
        return next((line.value for line in e.extra if line.name == "SEQUENCE"), None)

    return {e.uid: _row(e.begin.datetime, e.end.datetime if e.end else None, e.status,
                        sequence(e))
            for e in ics.Calendar(text).events}


def by_vobject(text: str) -> dict[str, dict]:
    import vobject

    cal = vobject.readOne(text)
    out = {}
    for e in getattr(cal, "vevent_list", []):
        out[e.uid.value] = _row(
            e.dtstart.value, e.dtend.value if hasattr(e, "dtend") else None,
            e.status.value if hasattr(e, "status") else "",
            e.sequence.value if hasattr(e, "sequence") else None)
    return out


READERS = [by_icalendar, by_ical, by_ics_py, by_vobject]
