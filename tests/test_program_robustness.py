"""The program readers on hostile and broken input: they never raise, keep what they can
read, say what they could not (with the line), and read XML safely."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from planner.loader import load_schedule
from planner.parsers import STRUCTURED, get_format
from planner.parsers.base import ParseOptions

from .conftest import DATA, ROOT
from .conftest import run_cli as run

SAMPLES = [
    DATA / "frab-xml" / "31c3-excerpt.xml", DATA / "frab-xml" / "fosdem2007-excerpt.xml",
    DATA / "schedule-json" / "hub-schedule2.json",
    DATA / "schedule-json" / "pretalx-rc3-excerpt.json",
    DATA / "ics" / "moca2024-excerpt.ics", DATA / "ics" / "pyconuk2015-excerpt.ics",
    DATA / "miniconf" / "papers.csv", DATA / "miniconf" / "main_calendar.json",
]

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE schedule [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<schedule>
  <conference><title>&lol9;</title></conference>
  <day index="1" date="2024-02-03">
    <room name="Janson">
      <event id="1"><start>10:00</start><duration>00:30</duration><room>Janson</room>
        <title>&lol9;</title></event>
    </room>
  </day>
</schedule>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE schedule [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<schedule>
  <conference><title>Leak</title><time_zone_name>Europe/Brussels</time_zone_name></conference>
  <day index="1" date="2024-02-03">
    <room name="Janson">
      <event id="1"><start>10:00</start><duration>00:30</duration><room>Janson</room>
        <title>Talk &secret;</title></event>
    </room>
  </day>
</schedule>
"""


def test_an_entity_bomb_is_refused_quickly_in_one_sentence(tmp_path):
    path = tmp_path / "bomb.xml"
    path.write_text(BILLION_LAUGHS, encoding="utf-8")
    # An expanded bomb takes minutes and gigabytes: the 60 s timeout is the hang guard
    # (no wall-clock bound of its own, which a loaded machine could break).
    p = subprocess.run([sys.executable, "-m", "planner", "agenda", str(path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 1 and p.stdout == ""
    assert p.stderr.startswith("planner: ") and p.stderr.count("\n") == 1, p.stderr
    assert "Traceback" not in p.stderr and "frab/Pentabarf" in p.stderr
    assert "lollol" not in p.stderr


def test_the_parser_itself_never_expands_the_bomb():
    schedule = get_format("frab-xml").parse(BILLION_LAUGHS, ParseOptions(source="bomb.xml"))
    assert not any("lollol" in t.title for t in schedule.talks())
    assert any(d.code in ("unreadable", "xml", "xml-entities") for d in schedule.diagnostics)


def test_an_external_entity_is_never_read(tmp_path):
    path = tmp_path / "leak.xml"
    path.write_text(EXTERNAL_ENTITY, encoding="utf-8")
    schedule = load_schedule(path)
    (talk,) = schedule.talks()
    assert "root:" not in talk.title and talk.title.startswith("Talk")
    entities = [d for d in schedule.diagnostics if d.code == "xml-entities"]
    assert entities and "secret" in entities[0].message


def test_a_truncated_xml_file_keeps_the_events_before_the_damage(tmp_path):
    text = (DATA / "frab-xml" / "fosdem2024-excerpt.xml").read_text(encoding="utf-8")
    cut = text[: text.index("<event", len(text) // 2)]
    path = tmp_path / "cut.xml"
    path.write_text(cut, encoding="utf-8")
    schedule = load_schedule(path)
    whole = load_schedule(DATA / "frab-xml" / "fosdem2024-excerpt.xml")
    assert 0 < len(schedule.talks()) < len(whole.talks())
    damaged = [d for d in schedule.diagnostics if d.code == "xml"]
    assert damaged and damaged[0].line is not None and damaged[0].line > 1


@pytest.mark.parametrize("text, needle", [
    ('{"schedule": {"conference": {"title": "X", "days": [}}}', "line 1"),
    ('{\n "schedule": {\n  "conference": {\n   "title": "X",\n   "days": [\n', "line 6"),
    ("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nSUMMARY:x\n", "iCalendar"),
    ("<schedule><day date='2024-01-01'", "frab/Pentabarf"),
    ('{"schedule": {"version": "1"}}', "schedule.conference"),
])
def test_an_unreadable_program_is_one_sentence_with_its_line(capsys, tmp_path, text, needle):
    path = tmp_path / "broken.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "agenda", str(path))
    assert code == 1 and out == ""
    assert err.startswith("planner: ") and err.count("\n") == 1 and needle in err, err


def test_events_that_cannot_be_placed_are_reported_with_their_lines(tmp_path):
    text = """<?xml version="1.0"?>
<schedule>
  <conference><title>Broken</title><time_zone_name>Europe/Berlin</time_zone_name></conference>
  <day index="1" date="2024-05-01">
    <room name="A">
      <event guid="a"><start>10:00</start><duration>00:30</duration><title>Fine</title></event>
      <event guid="b"><start>soon</start><duration>00:30</duration><title>No start</title></event>
      <event guid="c"><start>11:00</start><duration>later</duration><title>No length</title></event>
    </room>
  </day>
</schedule>
"""
    path = tmp_path / "broken.xml"
    path.write_text(text, encoding="utf-8")
    schedule = load_schedule(path)
    assert [t.title for t in schedule.talks()] == ["Fine", "No length"]
    by_code = {d.code: d for d in schedule.diagnostics}
    assert by_code["no-time"].line == 7 and "'No start'" in by_code["no-time"].message
    assert by_code["no-duration"].line == 8
    assert schedule.sessions[0].location == "A"  # from the room element


def _mangled(text: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = [text[: len(text) * k // 7] for k in range(1, 7)]
    for _ in range(6):
        a = rng.randrange(len(text))
        b = min(len(text), a + rng.randrange(1, 400))
        out.append(text[:a] + text[b:])
        out.append(text[:a] + text[a:b][::-1] + text[b:])
    out.append(text.replace('"', "'"))
    out.append(text.replace("\n", "\r"))
    return out


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_mangled_programs_never_raise_in_any_machine_reader(path):
    text = path.read_text(encoding="utf-8")
    options = ParseOptions(source="mangled")
    for i, variant in enumerate(_mangled(text, len(text))):
        for name in STRUCTURED:
            schedule = get_format(name).parse(variant, options)
            for t in schedule.talks():
                assert t.start is None or t.start.tzinfo is not None, (name, i)


@pytest.mark.parametrize("name, text", [
    ("schedule-json", '{"schedule": {"conference": {"days": ' + "[" * 100_000 + "]" * 100_000
     + "}}}"),
    ("miniconf-calendar", '[{"title": "a", "start": "x", "end": "y", "x": ' + "[" * 100_000
     + "]" * 100_000 + "}]"),
    ("ics", "BEGIN:VCALENDAR\n" + "BEGIN:VEVENT\n" * 5000 + "END:VEVENT\n" * 5000
     + "END:VCALENDAR\n"),
    ("frab-xml", "<schedule>" + "<day>" * 100_000 + "</day>" * 100_000 + "</schedule>"),
])
def test_nesting_thousands_deep_is_unreadable_not_a_crash(name, text):
    schedule = get_format(name).parse(text, ParseOptions(source="deep"))
    assert not schedule.talks() and schedule.diagnostics


# Pieces of what Markdown pages with raw HTML hold, document-level tags among them
# (`<html lang="en">` opening a block made lxml raise: it reads a document, not fragments).
_HTML_PIECES = [
    "<html>", '<html lang="en">', "</html>", "<body>", "</body>", "<head><title>X 2024</title></head>",
    "<frameset>", "<!-- c -->", '<div class="x">', "</div>", "<section>", "</section>", "<table>",
    "</table>", "<tr><td>9:00</td><td>Talk A</td></tr>", "| Time | Title |", "|---|---|",
    "| 9:00 - 9:30 | Opening |", "## Monday, May 5, 2025", "9:00 - 10:00 Keynote: Jane Doe", "", "",
    "- **[Paper](https://x.org)**  ", "  A. Author, B. Author", "---", "title: <html>",
    "title: <h1>Conf 2024</h1>", "<details><summary>A. B. <b>T.</b></summary>", "</details>", "<br>",
    "<p>", "</p>", "<template><html></template>", "<noscript><body></noscript>", "<!DOCTYPE html>",
    "<html><body></body></html><html>", "&nbsp;", "<td>", "<tr>",
]


def test_markdown_with_stray_document_tags_never_raises():
    from planner.errors import PlannerError
    from planner.loader import LoadOptions, parse_text

    rng = random.Random(7)
    texts = ['---\ntitle: <html>\n---\n\n9:00 - 10:00 Talk\n', '<html lang="en">\n\n9:00 Talk\n']
    texts += ["\n".join(rng.choice(_HTML_PIECES) for _ in range(rng.randint(1, 25)))
              for _ in range(150)]
    for text in texts:
        for name in ("page.md", "page.html", "page.txt"):
            try:
                parse_text(text, name, {}, LoadOptions())
            except PlannerError:
                pass  # one plain sentence: fine


def test_a_reading_does_not_change_with_the_hash_seed(tmp_path):
    """Two markers that set items apart equally often: the tie went by a set's order,
    which Python's string hashing changes from run to run, so the same page gave a
    different list of people every other run."""
    page = tmp_path / "tutorial.md"
    page.write_text("""# Tutorial 2019

# Friday, July 5, 2019

* [9:00 to 10:30: Worked Example - From Serial to Distributed](s5)
* Tea Break, 15 Minutes
* [10:45 to 13:00: Debugging Applications](s6)

---
## Acknowledgements

* Hanna Kaiser (LSU)
* Bryn Lelbach (LBNL)
* Agustin Berg
* Pat Diehl (Bonn)
* Parsa Amin (LSU
* Thanks to everyone else
""", encoding="utf-8")
    outs = set()
    for seed in ("1", "2", "3", "4", "6"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PLANNER_CACHE": "off"}
        got = subprocess.run([sys.executable, "-m", "planner", "talks", str(page), "--format", "json"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert got.returncode == 0, got.stderr
        outs.add(got.stdout)
    assert len(outs) == 1
    assert "everyone else" not in outs.pop()  # no one's name


def test_a_city_gives_the_same_zone_whatever_the_hash_seed():
    """`Istanbul` ends two zone names (`Europe/Istanbul` and its old alias
    `Asia/Istanbul`), `Buenos Aires` two more: the city list took whichever a set gave
    first, which changes with the hash seed.  The country's own zone wins, every run."""
    code = ("from planner.parsers.program.stated_zone import _cities; c = _cities(); "
            "print(c['istanbul'], c['buenos aires'], c['indianapolis'])")
    outs = set()
    for seed in ("1", "2", "3", "4", "5", "6"):
        got = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, timeout=60)
        assert got.returncode == 0, got.stderr
        outs.add(got.stdout.strip())
    assert outs == {"Europe/Istanbul America/Argentina/Buenos_Aires America/Indiana/Indianapolis"}


def test_zone_names_are_the_zones_zoneinfo_lists():
    """The city table is built from the tzdata package's list of zones, not from
    `available_timezones()` (which walks and opens every file under the system's
    zoneinfo directories): every zone with a city that zoneinfo lists is in it, and
    each name in it is a zone zoneinfo loads."""
    from zoneinfo import ZoneInfo, available_timezones

    from planner.zones import zone_names

    names = zone_names()
    assert {z for z in available_timezones() if "/" in z} <= names
    for name in sorted(names)[::25]:
        ZoneInfo(name)
