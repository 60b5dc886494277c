"""Truth files for the reshaped real programs, in the form shared/tools/score.py reads.

    python3 ../shared/tools/reshape.py ../shared/data/real/frab_31c3_schedule.xml OUT 31c3
    python3 ../shared/tools/reshape.py ../shared/data/real/frab_fosdem2024_schedule.xml OUT fosdem2024
    uv run python bench/reshape_truth.py OUT 31c3 fosdem2024
    python3 ../shared/tools/score.py OUT

reshape.py writes one NAME.truth.json for all four shapes; score.py wants one truth file
beside each text.  This writes NAME.site.txt.truth.json, NAME.sessions.txt.truth.json
and NAME.listing.txt.truth.json (the abstract list has no titles to score) and moves
NAME.truth.json to NAME.json, so that score.py does not look for a text called NAME.
Times are kept as the wall clock the text shows (reshape.py prints the schedule's own
local times and states no zone), so the truth states no zone either.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path


def item(title: str, speakers: list[str], start: str | None = None, kind: str = "talk") -> dict:
    out = {"title": title, "speakers": speakers, "kind": kind, "date": None, "start": None}
    if start:
        at = datetime.fromisoformat(start)
        out["date"], out["start"] = at.date().isoformat(), at.strftime("%H:%M")
    return out


def write(outdir: Path, name: str) -> None:
    combined = outdir / f"{name}.truth.json"
    moved = outdir / f"{name}.json"
    if combined.exists():
        combined.replace(moved)
    truth = json.loads(moved.read_text(encoding="utf-8"))
    site = [item(e["title"], e["speakers"], e["start"]) for e in truth["site"]]
    sessions: list[dict] = []
    for s in truth["sessions"]:
        sessions.append(item(s["title"], [], s["start"], "session"))
        sessions += [item(t["title"], t["speakers"]) for t in s["talks"]]
    listing = [item(e["title"], e["speakers"]) for e in truth["listing"]]
    for shape, items in (("site", site), ("sessions", sessions), ("listing", listing)):
        doc = {"year": truth["year"], "timezone": None, "items": items}
        (outdir / f"{name}.{shape}.txt.truth.json").write_text(
            json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit("usage: reshape_truth.py OUTDIR NAME [NAME ...]")
    outdir = Path(sys.argv[1])
    for name in sys.argv[2:]:
        write(outdir, name)


if __name__ == "__main__":
    main()
