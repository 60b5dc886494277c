"""Every shape of output: text for the terminal, Markdown and HTML for paper, JSON for
scripts, one module each (`shared` holds what they have in common).

Views are pure functions of what the Planner gives them, and never read a file or the
clock.  A day's agenda comes in all four formats; `render_day` picks one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..days import DayAgenda

DAY_FORMATS = ("text", "markdown", "html", "json")


def render_day(agenda: DayAgenda, fmt: str, width: int = 80) -> str:
    """A day's agenda in `fmt`, one of DAY_FORMATS."""
    if fmt == "text":
        from .text import render_text

        return render_text(agenda, width)
    if fmt == "markdown":
        from .markdown import render_markdown

        return render_markdown(agenda)
    if fmt == "html":
        from .html import render_html

        return render_html(agenda)
    from .json import render_json

    return render_json(agenda)
