"""Helpers for the TUI tests: the two-track fixture's paths and talks, row lookups."""

from __future__ import annotations

from pathlib import Path

from planner.tui.rows import RowKind
from planner.tui.widgets.talk_list import TalkList

TUI_DATA = Path(__file__).resolve().parent / "data"
TWO_TRACK = TUI_DATA / "two-track.txt"
BUSY_ICS = TUI_DATA / "busy.ics"
ROOT = Path(__file__).resolve().parents[2]

# Talks of the two-track fixture (America/New_York): A and B run in parallel at 09:00.
SPARSE = "Sparse Attention at Scale"  # A, 09:00-09:30
PRUNING = "Pruning Without Tears"  # A, 09:30-10:00
COMPILER = "A Compiler for Tiny Devices"  # B, 09:00-09:30
AUTOTUNE = "Autotuning Kernels Quickly"  # B, 09:30-10:00
CHECKPOINT = "Checkpointing Large Models"  # poster, 13:00-14:30
KEYNOTE_TALK = "Software Engineering for Learning Systems"  # Tue 10:00


def talk_list(app) -> TalkList:
    return app.screen.query_one(TalkList)


def talk_titles(app) -> list[str]:
    return [r.talk.title for r in talk_list(app).rows if r.kind is RowKind.TALK]


def row_index(app, title: str) -> int:
    rows = talk_list(app).rows
    return next(i for i, r in enumerate(rows) if r.talk is not None and r.talk.title == title)


def line_text(app, title: str) -> str:
    """The talk's row as drawn on screen (marks, time, title)."""
    tl = talk_list(app)
    row = tl.rows[row_index(app, title)]
    return tl.render_row(row, 100, False).plain


async def pick(pilot, title: str) -> None:
    """Move the cursor onto a talk and press space, as a user would."""
    tl = talk_list(pilot.app)
    tl.focus()
    tl.move_to(row_index(pilot.app, title))
    await pilot.press("space")
    await pilot.pause()


def screen_text(app) -> str:
    """What the current screen shows, as plain text lines (what a user would read)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def type_text(pilot, text: str) -> None:
    """Type `text` key by key, as a user would."""
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
