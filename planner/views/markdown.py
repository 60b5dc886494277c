"""A day's agenda as Markdown, for paper or a notes app."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .shared import clock, display_title, heading, people, shown_talks, solo_talk, span, zone_line

if TYPE_CHECKING:
    from ..days import DayAgenda


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|!])")


def md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text.replace("\n", " "))


def md_url(url: str) -> str:
    """An address as a Markdown `<…>` link holds it: no blank, `<` or `>` inside."""
    return url.replace(" ", "%20").replace("<", "%3C").replace(">", "%3E").replace("\n", "")


def render_markdown(agenda: DayAgenda) -> str:
    z = agenda.zone
    multi = len(agenda.conferences) > 1
    out = [f"# {md(heading(agenda))}", "", md(zone_line(agenda)).replace("\\~", "~"), ""]
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
        solo = solo_talk(s)
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
