"""A standalone session (one talk of its own, as frab events and timed keynotes are) is
shown once, as its talk: in every agenda format and in the TUI's rows."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

from planner.model import Schedule, Session, SessionKind, Speaker, Talk
from planner.days import build_day
from planner.views import render_day as render
from planner.tui.rows import RowKind, build_outline, flatten

ZONE = ZoneInfo("Europe/Brussels")


def _schedule() -> Schedule:
    start = datetime(2024, 2, 3, 10, 30, tzinfo=ZONE)
    end = datetime(2024, 2, 3, 10, 55, tzinfo=ZONE)
    ana = Speaker(name="Ana Ruiz", key="ana ruiz", affiliation="KU Leuven")
    talk = Talk(id="abc1234", title="Reproducible builds", speakers=[ana], start=start,
                end=end, end_estimated=True, session_id="s1", location="K.1.105",
                url="https://example.org/talk")
    solo = Session(id="s1", kind=SessionKind.TALK, title="Reproducible builds", start=start,
                   end=end, end_estimated=True, speakers=[ana], location="K.1.105",
                   url="https://example.org/talk", talks=[talk], standalone=True)
    return Schedule(conference="FOSDEM", year=2024, timezone="Europe/Brussels",
                    source="x", format="site", sessions=[solo])


def test_agenda_json_lists_a_standalone_session_once_with_its_talks_id():
    day = build_day([_schedule()], datetime(2024, 2, 3).date(), ZONE)
    data = json.loads(render(day, "json"))
    [entry] = data["sessions"]
    assert entry["id"] == "abc1234" and entry["talks"] == [] and entry["standalone"] is True
    assert entry["estimated"] is False and entry["end_estimated"] is True
    assert entry["location"] == "K.1.105" and entry["url"] == "https://example.org/talk"
    assert entry["affiliations"] == ["KU Leuven"]


def test_text_markdown_and_html_show_the_title_once_with_room_and_affiliation():
    day = build_day([_schedule()], datetime(2024, 2, 3).date(), ZONE)
    for fmt in ("text", "markdown", "html"):
        out = render(day, fmt)
        assert out.count("Reproducible builds") == 1, fmt
        assert "K.1.105" in out and "Ana Ruiz (KU Leuven)" in out, fmt
    assert "10:30–~10:55" in render(day, "text")


def test_tui_rows_show_the_talk_without_a_session_heading():
    rows = flatten(build_outline([_schedule()], ZONE))
    assert [r.kind for r in rows] == [RowKind.DAY, RowKind.TALK]
    assert rows[1].talk is not None and rows[1].talk.id == "abc1234"
