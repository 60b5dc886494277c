"""What every view shares: titles as they are shown, names, times with their `~`, the
day heading and the zone line.

Pure functions of what they are given, and no model is imported at run time: a search
answered from its stored index prints through these without loading pydantic.
"""

from __future__ import annotations

from datetime import date, datetime, time
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from ..zones import zone_name

if TYPE_CHECKING:
    from ..days import DayAgenda
    from ..model import Session, Talk


def display_title(talk: Talk) -> str:
    if talk.title_source == "placeholder":
        return f"[{talk.title}]"
    if talk.title_source == "derived":
        return f"{talk.title} [title from abstract]"
    return talk.title


def names(speakers: list, sep: str = ", ") -> str:
    return sep.join(s.name for s in speakers)


def people(speakers: list, sep: str = ", ") -> str:
    """Names with their affiliations where the source gives them: `Ana Ruiz (MIT)`."""
    return sep.join(f"{s.name} ({s.affiliation})" if s.affiliation else s.name
                    for s in speakers)


def shown_talks(session: Session, talks: list[Talk]) -> list[Talk]:
    """The talks listed under a session: none for a standalone session, whose one talk
    the session's own line already shows."""
    return [] if session.standalone else talks


def entry_id(session: Session) -> str:
    """What a session's line stands for: its one talk's id when it is standalone (so
    that id is the one to pick), else the session's own."""
    return session.talks[0].id if session.standalone and session.talks else session.id


def talk_span(t: Talk, zone: ZoneInfo) -> str:
    return span(t.start, t.end, zone, t.estimated, t.any_estimated)


def clock(dt: datetime | None, zone: ZoneInfo, estimated: bool) -> str:
    if dt is None:
        return "--:--"
    return ("~" if estimated else "") + dt.astimezone(zone).strftime("%H:%M")


def span(start: datetime | None, end: datetime | None, zone: ZoneInfo, s_est: bool, e_est: bool) -> str:
    return f"{clock(start, zone, s_est)}–{clock(end, zone, e_est)}"


def when(start: datetime | None, end: datetime | None, zone: ZoneInfo,
         estimated: bool = False, with_day: bool = True,
         end_estimated: bool | None = None) -> str:
    """`Tue 6 Apr 09:30–09:50`, with `~` on estimated times; `no time` when untimed."""
    if start is None:
        return "no time"
    local = start.astimezone(zone)
    day = f"{local:%a} {local.day} {local:%b} " if with_day else ""
    end_est = estimated if end_estimated is None else end_estimated
    return f"{day}{span(start, end, zone, estimated, end_est)}"


def talk_when(t: Talk, zone: ZoneInfo, with_day: bool = True) -> str:
    """`when` for a talk, with `~` on whichever of its times are estimates."""
    return when(t.start, t.end, zone, t.estimated, with_day, end_estimated=t.any_estimated)


def short(text: str, limit: int = 48) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def names_brief(names: list[str], most: int = 3) -> str:
    if len(names) <= most + 1:
        return ", ".join(names)
    return ", ".join(names[:most]) + f" and {len(names) - most} more"


def utc_offset(zone: ZoneInfo, at: datetime) -> str:
    off = at.astimezone(zone).strftime("%z")
    sign = "−" if off.startswith("-") else "+"
    return f"UTC{sign}{off[1:3]}:{off[3:]}"


def zone_line(agenda: DayAgenda) -> str:
    key = zone_name(agenda.zone)
    at = datetime.combine(agenda.day, time(12), tzinfo=agenda.zone)  # the day's own offset
    note = "; ~ marks an estimated time" if any_estimated(agenda) else ""
    return f"Times in {key} ({utc_offset(agenda.zone, at)}){note}."


def any_estimated(agenda: DayAgenda) -> bool:
    return any(s.estimated or any(t.estimated for t in talks) for _, s, talks in agenda.entries)


def day_heading(day: date) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}"


def heading(agenda: DayAgenda) -> str:
    when = day_heading(agenda.day)
    confs = agenda.conferences
    return f"{' + '.join(confs)} — {when}" if confs else when


def link_lines(url: str | None, links: list) -> list[str]:
    """`<url>`, then `label: <url>` for each further link (never wrapped: addresses
    stay whole for the terminal to open)."""
    out = [f"<{url}>"] if url else []
    out += [f"{link.label}: <{link.url}>" for link in links if link.url != url]
    return out


def iso(dt: datetime | None, zone: ZoneInfo) -> str | None:
    return dt.astimezone(zone).isoformat() if dt is not None else None


def solo_talk(session: Session) -> Talk | None:
    """A standalone session's one talk (its links and language are the session's)."""
    return session.talks[0] if session.standalone and session.talks else None


def length(minutes: int) -> str:
    """A stretch of time as people say it: `45 min`, `2 h`, `1 h 30 min`."""
    h, m = divmod(minutes, 60)
    return f"{h} h {m:02d} min" if h and m else f"{h} h" if h else f"{m} min"
