"""A day's agenda as plain text, Markdown, HTML or JSON.

Rendering is pure: the same schedules, day, zone and options give the same bytes.
Estimated times carry a `~` (text, Markdown, HTML) or `"estimated": true` (JSON).
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from dataclasses import dataclass
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from typing import TYPE_CHECKING

from .days import local_day, sessions_on
from .zones import zone_name

if TYPE_CHECKING:
    from .model import Schedule, Session, Talk

FORMATS = ("text", "markdown", "html", "json")


@dataclass(frozen=True)
class DayAgenda:
    day: date
    zone: ZoneInfo
    entries: list[tuple[Schedule, Session, list[Talk]]]

    @property
    def conferences(self) -> list[str]:
        seen: list[str] = []
        for sch, _, _ in self.entries:
            if sch.label not in seen:
                seen.append(sch.label)
        return seen


def build_day(
    schedules: list[Schedule], day: date, zone: ZoneInfo, only: set[str] | None = None
) -> DayAgenda:
    """The day's sessions; with `only`, just the talks whose ids are in it."""
    if only is None:
        entries = [(sch, s, s.talks) for sch, s in sessions_on(schedules, day, zone)]
        return DayAgenda(day, zone, entries)
    # A pick belongs to the day its own start falls on, even if its session began the
    # evening before in the display zone.
    entries = []
    for sch in schedules:
        for s in sch.sessions:
            talks = [t for t in s.talks
                     if t.id in only and t.start and local_day(t.start, zone) == day]
            if talks:
                entries.append((sch, s, talks))
    entries.sort(key=lambda e: (e[2][0].start, e[0].label, e[1].title))
    return DayAgenda(day, zone, entries)


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


def _offset(zone: ZoneInfo, at: datetime) -> str:
    off = at.astimezone(zone).strftime("%z")
    sign = "−" if off.startswith("-") else "+"
    return f"UTC{sign}{off[1:3]}:{off[3:]}"


def _zone_line(agenda: DayAgenda) -> str:
    key = zone_name(agenda.zone)
    at = datetime.combine(agenda.day, time(12), tzinfo=agenda.zone)  # the day's own offset
    note = "; ~ marks an estimated time" if _any_estimated(agenda) else ""
    return f"Times in {key} ({_offset(agenda.zone, at)}){note}."


def _any_estimated(agenda: DayAgenda) -> bool:
    return any(s.estimated or any(t.estimated for t in talks) for _, s, talks in agenda.entries)


def day_heading(day: date) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}"


def _heading(agenda: DayAgenda) -> str:
    when = day_heading(agenda.day)
    confs = agenda.conferences
    return f"{' + '.join(confs)} — {when}" if confs else when


# -- text -----------------------------------------------------------------------------

def _link_lines(url: str | None, links: list) -> list[str]:
    """`<url>`, then `label: <url>` for each further link (never wrapped: addresses
    stay whole for the terminal to open)."""
    out = [f"<{url}>"] if url else []
    out += [f"{link.label}: <{link.url}>" for link in links if link.url != url]
    return out


def render_text(agenda: DayAgenda, width: int = 80) -> str:
    z = agenda.zone
    multi = len(agenda.conferences) > 1
    out = [_heading(agenda), _zone_line(agenda), ""]
    if not agenda.entries:
        out.append("Nothing scheduled.")
    for sch, s, talks in agenda.entries:
        when = span(s.start, s.end, z, s.start_estimated, s.end_estimated)
        title = f"[{sch.label}] {s.title}" if multi else s.title
        left = f"{when:<14}"
        kind = s.kind.value
        room = width - len(left) - len(kind) - 2
        lines = textwrap.wrap(title, max(20, room)) or [""]
        out.append(f"{left}{lines[0]:<{max(20, room)}}  {kind}".rstrip())
        indent = " " * len(left)
        out.extend(indent + ln for ln in lines[1:])
        if s.speakers:
            out.extend(textwrap.wrap(people(s.speakers, " · "), width, initial_indent=indent,
                                     subsequent_indent=indent))
        if s.location:
            out.extend(textwrap.wrap(f"@ {s.location}", width, initial_indent=indent,
                                     subsequent_indent=indent))
        solo = _solo(s)
        for link in _link_lines(s.url, solo.links if solo else []):
            out.append(indent + link)
        for t in shown_talks(s, talks):
            tclock = f"  {clock(t.start, z, t.estimated):<8}"
            sub = " " * len(tclock)
            out.extend(textwrap.wrap(display_title(t), width, initial_indent=tclock,
                                     subsequent_indent=sub))
            if t.speakers:
                out.extend(textwrap.wrap(people(t.speakers), width, initial_indent=sub,
                                         subsequent_indent=sub))
            if t.location and t.location != s.location:
                out.extend(textwrap.wrap(f"@ {t.location}", width, initial_indent=sub,
                                         subsequent_indent=sub))
            out.extend(sub + link for link in _link_lines(t.url, t.links))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# -- markdown -------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|!])")


def md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text.replace("\n", " "))


def md_url(url: str) -> str:
    """An address as a Markdown `<…>` link holds it: no blank, `<` or `>` inside."""
    return url.replace(" ", "%20").replace("<", "%3C").replace(">", "%3E").replace("\n", "")


def render_markdown(agenda: DayAgenda) -> str:
    z = agenda.zone
    multi = len(agenda.conferences) > 1
    out = [f"# {md(_heading(agenda))}", "", md(_zone_line(agenda)).replace("\\~", "~"), ""]
    if not agenda.entries:
        out += ["Nothing scheduled.", ""]
    for sch, s, talks in agenda.entries:
        when = span(s.start, s.end, z, s.start_estimated, s.end_estimated)
        title = md(f"[{sch.label}] {s.title}" if multi else s.title)
        out.append(f"## {when} · {title}")
        out.append("")
        meta = f"*{s.kind.value}*"
        if s.location:
            meta += f" · @ {md(s.location)}"
        if s.speakers:
            meta += " · " + md(people(s.speakers, " · "))
        out += [meta, ""]
        if s.url:
            out += [f"<{md_url(s.url)}>", ""]
        solo = _solo(s)
        if solo is not None and solo.links:
            out += [f"- [{md(link.label)}](<{md_url(link.url)}>)" for link in solo.links] + [""]
        talks = shown_talks(s, talks)
        for t in talks:
            who = f" — {md(people(t.speakers))}" if t.speakers else ""
            where = f" @ {md(t.location)}" if t.location and t.location != s.location else ""
            title = md(display_title(t))
            if t.url:
                title = f"[{title}](<{md_url(t.url)}>)"
            extra = "".join(f" · [{md(link.label)}](<{md_url(link.url)}>)" for link in t.links)
            out.append(f"- **{clock(t.start, z, t.estimated)}** {title}{who}{where}{extra}")
        if talks:
            out.append("")
    return "\n".join(out).rstrip() + "\n"


# -- html -----------------------------------------------------------------------------

_HTML_STYLE = """
body { font-family: Georgia, serif; max-width: 46em; margin: 2em auto; line-height: 1.35; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin: 1.2em 0 0.2em; }
.kind { font-variant: small-caps; color: #555; } .who { color: #333; font-style: italic; }
time { font-family: monospace; } ul { padding-left: 1.2em; } li { margin: 0.3em 0; }
@media print { body { margin: 0; } h2 { break-after: avoid; } li { break-inside: avoid; } }
""".strip()


def render_html(agenda: DayAgenda) -> str:
    z = agenda.zone
    e = html.escape
    multi = len(agenda.conferences) > 1
    out = [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{e(_heading(agenda))}</title>", f"<style>\n{_HTML_STYLE}\n</style>", "</head>",
        "<body>", f"<h1>{e(_heading(agenda))}</h1>", f"<p>{e(_zone_line(agenda))}</p>",
    ]
    if not agenda.entries:
        out.append("<p>Nothing scheduled.</p>")
    for sch, s, talks in agenda.entries:
        when = span(s.start, s.end, z, s.start_estimated, s.end_estimated)
        title = f"[{sch.label}] {s.title}" if multi else s.title
        if s.url:
            title_html = f'<a href="{e(s.url)}">{e(title)}</a>'
        else:
            title_html = e(title)
        out.append(f'<h2><time>{e(when)}</time> {title_html} <span class="kind">{e(s.kind.value)}</span></h2>')
        if s.location:
            out.append(f'<p class="room">@ {e(s.location)}</p>')
        if s.speakers:
            out.append(f'<p class="who">{e(people(s.speakers, " · "))}</p>')
        solo = _solo(s)
        if solo is not None and solo.links:
            out.append('<p class="links">' + " · ".join(
                f'<a href="{e(link.url)}">{e(link.label)}</a>' for link in solo.links) + "</p>")
        talks = shown_talks(s, talks)
        if talks:
            out.append("<ul>")
            for t in talks:
                who = f' <span class="who">{e(people(t.speakers))}</span>' if t.speakers else ""
                if t.location and t.location != s.location:
                    who += f' <span class="room">@ {e(t.location)}</span>'
                ttl = e(display_title(t))
                if t.url:
                    ttl = f'<a href="{e(t.url)}">{ttl}</a>'
                who += "".join(f' · <a href="{e(link.url)}">{e(link.label)}</a>'
                               for link in t.links)
                out.append(f"<li><time>{e(clock(t.start, z, t.estimated))}</time> {ttl}{who}</li>")
            out.append("</ul>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


# -- json -----------------------------------------------------------------------------

def iso(dt: datetime | None, zone: ZoneInfo) -> str | None:
    return dt.astimezone(zone).isoformat() if dt is not None else None


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


def _solo(session: Session) -> Talk | None:
    """A standalone session's one talk (its links and language are the session's)."""
    return session.talks[0] if session.standalone and session.talks else None


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
            for solo in [_solo(s)]
        ],
    }


def render_json(agenda: DayAgenda) -> str:
    return json.dumps(agenda_json(agenda), indent=2, ensure_ascii=False) + "\n"


def render(agenda: DayAgenda, fmt: str, width: int = 80) -> str:
    if fmt == "text":
        return render_text(agenda, width)
    if fmt == "markdown":
        return render_markdown(agenda)
    if fmt == "html":
        return render_html(agenda)
    return render_json(agenda)
