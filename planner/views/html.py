"""A day's agenda as one HTML page that prints well."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .shared import clock, display_title, heading, people, shown_talks, solo_talk, span, zone_line

if TYPE_CHECKING:
    from ..days import DayAgenda


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
        f"<title>{e(heading(agenda))}</title>", f"<style>\n{_HTML_STYLE}\n</style>", "</head>",
        "<body>", f"<h1>{e(heading(agenda))}</h1>", f"<p>{e(zone_line(agenda))}</p>",
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
        solo = solo_talk(s)
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
