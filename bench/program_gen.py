"""Large conference programs in the shapes people paste, for the program reader's bench.

    python bench/program_gen.py 10000 OUTDIR          # every shape with 10,000 entries
    python bench/program_gen.py 5000 OUTDIR --shape table --shape html

Titles and speakers are drawn from a real frab schedule (FOSDEM 2024 by default, the
file `--frab` names) so that names and titles read as they do in real programs; each
title gets its entry number, so no two entries are alike.  Without the frab file the
pools of `synth.py` stand in.  Deterministic for a given size.  Every shape has 500
entries a day, 10 parallel entries in each 10-minute slot from 8:00:

* table     a Markdown pipe table `| 8:00 - 8:10 | Title | A, B | Room 3 |`, a bold row
            naming each day;
* timefirst `8:00 - 8:10 Title, A, B` lines under `## Monday, May 1, 2025` headings;
* listing   `**Title** A, B` entries (no times) under `## Session N` headings;
* html      a saved page: an `<h2>` day heading over a `<table>` per day;
* tsv       a table copied from a browser: tab-separated rows under a day line.

The table and time-first shapes are those the lead's first measurements used
(a script kept outside the repository then), byte for byte.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOSDEM = HERE.parent.parent / "shared" / "data" / "real" / "frab_fosdem2024_schedule.xml"
SHAPES = {"table": "md", "timefirst": "txt", "listing": "md", "html": "html", "tsv": "txt"}


def _clean(text: str | None) -> str:
    text = html.unescape(text or "")
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"[ \t\r\f\v]+", " ", text)  # as shared/tools/reshape.py cleans it
    return re.sub(r"\s*\n\s*", "\n", text).strip()


def pool(frab: Path = FOSDEM) -> list[tuple[str, list[str]]]:
    """(title, speakers) of every event with speakers, in the order the lead's generator
    drew them from (by start, room and title)."""
    if not frab.is_file():
        sys.path.insert(0, str(HERE))
        import synth

        rng = random.Random(3)
        return [(synth._title(rng, 0).split(": ", 1)[1],
                 [synth._name(rng) for _ in range(rng.randint(1, 3))]) for _ in range(800)]
    out = []
    for day in ET.parse(frab).getroot().iter("day"):
        for room in day.iter("room"):
            for ev in room.iter("event"):
                # frab writes the start in <date>; older Pentabarf files a day's date
                # and <start> HH:MM
                date = ev.findtext("date") or (
                    f"{day.get('date')}T{ev.findtext('start').strip()}"
                    if day.get("date") and ev.findtext("start") else None)
                persons = [_clean(p.text) for p in ev.iter("person") if _clean(p.text)]
                if date and persons:
                    title = _clean(ev.findtext("title"))
                    out.append((date, room.get("name") or "", title, persons))
    out.sort(key=lambda e: (e[0], e[1], e[2]))
    return [(title, persons) for _, _, title, persons in out]


def entries(n: int, frab: Path = FOSDEM):
    """(day number, entry number, start, end, title, speakers) of each entry; a new day
    every 500 entries."""
    events = pool(frab)
    rnd = random.Random(3)
    for i in range(n):
        title, speakers = rnd.choice(events)
        h, m = 8 + (i % 500) // 50, (i % 50) // 10 * 10
        yield (i // 500 + 1, i, f"{h}:{m:02d}", f"{h}:{m + 10:02d}",
               f"{title} ({i + 1})", speakers)


def table(n: int, frab: Path = FOSDEM) -> str:
    rows = ["| Time | Title | Speaker | Room |", "|---|---|---|---|"]
    for day, i, start, end, title, speakers in entries(n, frab):
        if i % 500 == 0:
            rows.append(f"| **Day {day}, Monday {day} May 2025** | | | |")
        rows.append(f"| {start} - {end} | {title.replace('|', '/')} | {', '.join(speakers)} "
                    f"| Room {i % 10} |")
    return "\n".join(rows) + "\n"


def timefirst(n: int, frab: Path = FOSDEM) -> str:
    lines: list[str] = []
    for day, i, start, end, title, speakers in entries(n, frab):
        if i % 500 == 0:
            lines += ["", f"## Monday, May {day}, 2025", ""]
        lines.append(f"{start} - {end} {title.replace('|', '/')}, {', '.join(speakers)}")
    return "\n".join(lines) + "\n"


def listing(n: int, frab: Path = FOSDEM) -> str:
    lines = ["# Accepted papers", ""]
    for _, i, _, _, title, speakers in entries(n, frab):
        if i % 50 == 0:
            lines += ["", f"## Session {i // 50 + 1}", ""]
        lines += [f"**{title.replace('*', '')}** {', '.join(speakers)}", ""]
    return "\n".join(lines)


def html_page(n: int, frab: Path = FOSDEM) -> str:
    out = ["<!DOCTYPE html>", "<html><head><title>Program</title></head><body>",
           "<h1>Program</h1>"]
    for day, i, start, end, title, speakers in entries(n, frab):
        if i % 500 == 0:
            if i:
                out.append("</tbody></table>")
            out += [f"<h2>Monday, May {day}, 2025</h2>", "<table><thead><tr><th>Time</th>"
                    "<th>Title</th><th>Speaker</th><th>Room</th></tr></thead><tbody>"]
        out.append(f"<tr><td>{start} - {end}</td><td>{html.escape(title)}</td>"
                   f"<td>{html.escape(', '.join(speakers))}</td><td>Room {i % 10}</td></tr>")
    out += ["</tbody></table>", "</body></html>"]
    return "\n".join(out) + "\n"


def tsv(n: int, frab: Path = FOSDEM) -> str:
    lines: list[str] = []
    for day, i, start, end, title, speakers in entries(n, frab):
        if i % 500 == 0:
            lines += ["", f"Monday, May {day}, 2025", "Time\tTitle\tSpeaker\tRoom"]
        lines.append(f"{start} - {end}\t{title}\t{', '.join(speakers)}\tRoom {i % 10}")
    return "\n".join(lines) + "\n"


MAKERS = {"table": table, "timefirst": timefirst, "listing": listing, "html": html_page,
          "tsv": tsv}


def write(shape: str, n: int, folder: Path, frab: Path = FOSDEM) -> Path:
    path = folder / f"{shape}{n}.{SHAPES[shape]}"
    path.write_text(MAKERS[shape](n, frab), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("entries", type=int)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--shape", action="append", choices=sorted(SHAPES))
    ap.add_argument("--frab", type=Path, default=FOSDEM)
    a = ap.parse_args(argv)
    a.folder.mkdir(parents=True, exist_ok=True)
    for shape in a.shape or SHAPES:
        print(write(shape, a.entries, a.folder, a.frab))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
