"""A role table's rows read at once are read as every row's steps read them.

`tables._full_role_row` reads a row with text in every cell without the tests only a
row with an empty cell or a day can pass, and `Reader._role_item` makes the commonest
row (a time, a title that is all title, its speaker, a room) an entry in one step.
Both are held here to the steps every row takes, on tables made of real talks (the
frab schedules' titles and speakers) laid out as pages lay them out: breaks in the
speaker column, empty cells, bold and labelled titles, cells of several lines, rooms
per speaker, extra columns, rows with no time of their own, day rows, a repeated
header, parentheses that name rooms and that close on figures.
"""

from __future__ import annotations

import random

import pytest

from planner.parsers.base import ParseOptions
from planner.parsers.program import parse
from planner.parsers.program import reader as reader_mod
from planner.parsers.program import tables as tables_mod
from planner.parsers.program.reader import Reader

from .test_program_fast_paths import FRAB, _frab_items


def _talks() -> list[tuple[str, list[str]]]:
    got = [item for path in FRAB for item in _frab_items(path)]
    assert len(got) > 150
    return got


def _cells(rng: random.Random, k: int, title: str, names: list[str]) -> tuple[str, str, str]:
    """The title, speaker and room cells of one row, in one of the ways pages write them."""
    room = f"Room {k % 4}"
    speaker = ", ".join(names)
    shape = rng.randrange(14)
    if shape == 0:
        return title, "☕ Coffee Break", ""
    if shape == 1:
        return f"**{title}**", speaker, room
    if shape == 2:
        return f"Keynote: {title}", speaker, room
    if shape == 3:
        return title, "", room
    if shape == 4:
        return title, speaker, ""
    if shape == 5:
        return f"{title}<br>{names[0]}", speaker, room
    if shape == 6:
        return title, "<br>".join(names), f"{room}<br>East wing"
    if shape == 7 and len(names) >= 2:
        return title, ", ".join(f"{n} (track {j + 1})" for j, n in enumerate(names)), room
    if shape == 8:
        return f"{title} ({k})", speaker, str(k % 3)
    if shape == 9:
        return f"{title} ({['Garden Pavilion', 'Hall B', 'Salon 2)', 'x'][k % 4]})", speaker, ""
    if shape == 10:
        return title, f"{names[0]} (MIT)", f"Room ({k % 3})"
    if shape == 11:
        return title, "☕ Coffee Break", room  # (a break in a row with every cell full)
    return title, speaker, room


def _table(seed: int, extra: bool) -> str:
    rng = random.Random(seed)
    talks = _talks()
    rng.shuffle(talks)
    head = "| Time | Title | Speaker | Room |" + (" Slides |" if extra else "")
    lines = [head, "|---|---|---|---|" + ("---|" if extra else "")]
    minute = 8 * 60
    for k, (title, names) in enumerate(talks[:400]):
        if k % 100 == 0:
            lines.append(f"| **Day {k // 100 + 1}, Monday {k // 100 + 1} May 2025** | | | |"
                         + (" |" if extra else ""))
        if k % 100 == 50:
            lines.append(head)  # (a page that repeats its header under each half day)
        t, s, r = _cells(rng, k, title.replace("|", "/"), [n.replace("|", "/") for n in names])
        when = "" if rng.randrange(15) == 0 else (
            "TBA" if rng.randrange(30) == 0 else
            f"{minute // 60}:{minute % 60:02d} - {(minute + 20) // 60}:{(minute + 20) % 60:02d}")
        minute = 8 * 60 if minute > 20 * 60 else minute + 10 * rng.randrange(3)
        row = f"| {when} | {t} | {s} | {r} |"
        if extra:
            row += " [slides](https://example.org/s.pdf) |" if rng.randrange(3) == 0 else "  |"
        lines.append(row)
    return "\n".join(lines) + "\n"


def _dump(text: str) -> str:
    return parse(text, ParseOptions(source="t.md")).model_dump_json()


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("extra", [False, True])
def test_rows_read_at_once_are_read_as_each_rows_steps_read_them(seed, extra, monkeypatch):
    text = _table(seed, extra)
    quick = _dump(text)
    # `Reader._role_row` without its shortcut: each `RoleRow` read by `_role_item`
    monkeypatch.setattr(reader_mod, "_plain_role_columns", lambda kept: None)
    assert _dump(text) == quick
    monkeypatch.setattr(tables_mod, "_full_role_row", lambda *a: None)
    monkeypatch.setattr(Reader, "_whole_rows", False)
    assert _dump(text) == quick


@pytest.mark.parametrize("seed", range(4))
def test_rows_whose_parentheses_close_on_figures_are_passed_over_as_their_cells_are(
        seed, monkeypatch):
    """`prepare` passes over a row whose every `)` follows a figure, without its cells:
    the rooms it finds, and all that is read, are those of looking at every cell."""
    from planner.diagnostics import DiagnosticSink
    from planner.parsers.program import read_doc

    text = _table(seed, seed % 2 == 1)
    quick = _dump(text)
    doc = read_doc(text)
    r = Reader(doc, DiagnosticSink("t"))
    r.prepare()
    monkeypatch.setattr(reader_mod, "_parens_after_figures", lambda text: False)
    plain = Reader(read_doc(text), DiagnosticSink("t"))
    plain.prepare()
    assert r.rooms == plain.rooms
    assert _dump(text) == quick
