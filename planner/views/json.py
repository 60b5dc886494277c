"""Every JSON shape planner prints: a day's agenda, talks (talks, search, picks),
picks and clashes, changes, speakers, a checked file, remembered schedules, a refresh.

Times are ISO 8601 with their offset in the display zone.  `json.dumps` is the
caller's (planner.cli prints with one encoder setting for all of them).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from ..levels import NO_LEVELS, role
from ..zones import zone_name
from .shared import entry_id, iso, shown_talks, solo_talk

if TYPE_CHECKING:
    from ..clashes import Clash
    from ..days import DayAgenda
    from ..model import Schedule, Talk
    from ..picks.changes import Change
    from ..picks.resolve import ResolvedPick


def affiliations_json(speakers: list) -> list[str]:
    """One entry per speaker ("" where unknown), or [] when the source states none."""
    if not any(s.affiliation for s in speakers):
        return []
    return [s.affiliation or "" for s in speakers]


def talk_json(t: Talk, zone: ZoneInfo, schedule: Schedule | None = None) -> dict:
    # title_source says whether the title is the source's own ("stated"), made up from
    # the authors ("placeholder") or from the abstract ("derived").  "estimated" is
    # about the start (and so the whole slot); "end_estimated" when only the end is.
    out = {
        "id": t.id, "title": t.title, "title_source": t.title_source,
        "speakers": [s.name for s in t.speakers],
        "affiliations": affiliations_json(t.speakers),
    }
    if schedule is not None:
        out["schedule"] = schedule.label
    out.update(start=iso(t.start, zone), end=iso(t.end, zone), estimated=t.estimated,
               end_estimated=t.any_estimated, location=t.location, url=t.url,
               track=t.track, language=t.language, links=links_json(t.links))
    return out


def links_json(links: list) -> list[dict[str, str]]:
    return [{"label": link.label, "url": link.url} for link in links]


def talk_entry_json(schedule: Schedule, t: Talk, zone: ZoneInfo) -> dict:
    """One talk in the shape `planner talks`, `search` and `picks` print as JSON."""
    return talk_json(t, zone, schedule)


def agenda_json(agenda: DayAgenda) -> dict:
    z = agenda.zone
    return {
        "day": agenda.day.isoformat(),
        "timezone": zone_name(z),
        "sessions": [
            {
                "id": entry_id(s), "conference": sch.label, "kind": s.kind.value,
                "title": s.title, "start": iso(s.start, z), "end": iso(s.end, z),
                "estimated": s.start_estimated, "end_estimated": s.end_estimated,
                "speakers": [p.name for p in s.speakers],
                "affiliations": affiliations_json(s.speakers),
                "chairs": [p.name for p in s.chairs],
                "location": s.location, "url": s.url, "track": s.track,
                "language": solo.language if solo else None,
                "links": links_json(solo.links) if solo else [],
                "standalone": s.standalone,
                "talks": [talk_json(t, z) for t in shown_talks(s, talks)],
            }
            for sch, s, talks in agenda.entries
            for solo in [solo_talk(s)]
        ],
    }


def render_json(agenda: DayAgenda) -> str:
    return json.dumps(agenda_json(agenda), indent=2, ensure_ascii=False) + "\n"


def pick_json(r: ResolvedPick, zone: ZoneInfo, clashes: list[Clash],
              moved: Change | None = None, levels: Mapping[str, str] = NO_LEVELS) -> dict:
    """A pick in the shape of `planner talks --format json`, plus its level, note and
    clashes (each a conflict or, when a maybe is involved, an alternative)."""
    out = {
        "id": r.id, "title": r.title, "speakers": r.speakers, "schedule": r.schedule_label,
        "start": iso(r.start, zone), "end": iso(r.end, zone), "estimated": r.estimated,
        "status": r.status, "level": r.pick.level, "note": r.pick.note,
        "clashes_with": [c.other(r.id).ref for c in clashes],
        "clashes": [
            {"with": c.other(r.id).ref, "type": c.other(r.id).kind, "kind": c.kind,
             "role": role(c, levels), "overlap_minutes": c.overlap_minutes}
            for c in clashes
        ],
    }
    if moved is not None:
        out["moved_from"] = {"start": iso(moved.old_start, zone), "end": iso(moved.old_end, zone)}
    return out
