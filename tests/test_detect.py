"""One registry of formats: detection by shape, `--as` overrides, clear errors."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest

from planner.errors import PlannerError
from planner.loader import LoadOptions, load_schedule, load_schedules
from planner.parsers import FORMAT_NAMES, FORMATS, MIN_FIT, STRUCTURED, TIE_MARGIN, detect

from .conftest import ROOT, SCHEDULES, seed_path

SEED_FORMATS = {
    "000_582fbc6f8791162a.txt": "listing",
    "001_31bcfe18b15d1aa4.txt": "site",
    "002_17bd2f9a7802460e.txt": "abstracts",
    "003_d6db3e7a8b919b7b.txt": "author-page",
}
RESHAPES = {
    "as-is": lambda t: t,
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "extra-blank-lines": lambda t: t.replace("\n", "\n\n\n"),
    "no-blank-lines": lambda t: "\n".join(line for line in t.split("\n") if line.strip()),
    "missing-header": lambda t: "\n".join(t.split("\n")[6:]),
    "first-half": lambda t: t[: len(t) // 2],
}


def planner(*args: str, cwd=ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def seed(name: str) -> str:
    return seed_path(name).read_text(encoding="utf-8")


def test_registry_names_every_format():
    assert list(FORMATS) == ["site", "listing", "abstracts", "author-page", "frab-xml",
                             "schedule-json", "ics", "miniconf-papers", "miniconf-calendar",
                             "program"]
    assert FORMAT_NAMES == tuple(FORMATS)  # the names --as offers before any parser loads
    for fmt in FORMATS.values():
        assert fmt.title and callable(fmt.sniff) and callable(fmt.parse)


@pytest.mark.parametrize("reshape", RESHAPES, ids=list(RESHAPES))
@pytest.mark.parametrize("name", SEED_FORMATS)
def test_each_seed_and_its_reshapes_are_detected(name, reshape):
    text = RESHAPES[reshape](seed(name))
    assert detect(text).name == SEED_FORMATS[name]


@pytest.mark.parametrize("name", SEED_FORMATS)
def test_other_sniffers_score_each_seed_low(name):
    """Each seed's own format claims it; the other seed formats do not fit at all, and
    the free-form program reader (which can read anything with times or authors) fits
    clearly less than the seed's own format."""
    text = seed(name)
    own = FORMATS[SEED_FORMATS[name]].sniff(text)
    assert own >= 0.9
    for fmt in FORMATS.values():
        fit = fmt.sniff(text)
        assert 0.0 <= fit <= 1.0
        if fmt.name == "program":
            assert fit <= own - TIE_MARGIN, fit
        elif fmt.name != SEED_FORMATS[name]:
            assert fit < MIN_FIT, (fmt.name, fit)


def test_text_that_fits_no_format_names_the_known_ones():
    with pytest.raises(PlannerError) as err:
        detect("hello\nthis is a shopping list\n", "list.txt")
    message = err.value.message
    assert message.startswith("list.txt does not look like any known schedule format")
    for name in FORMATS:
        assert name in message
    assert "--as" in message


def test_text_that_fits_two_formats_equally_says_so():
    both = seed("000_582fbc6f8791162a.txt") + "\n\n" + seed("001_31bcfe18b15d1aa4.txt")
    with pytest.raises(PlannerError) as err:
        detect(both, "both.txt")
    assert "fits both" in err.value.message
    assert "--as site" in err.value.message and "--as listing" in err.value.message


def test_every_bundled_schedule_loads_by_default():
    schedules = load_schedules(None)
    assert sorted(s.format for s in schedules) == sorted(SEED_FORMATS.values())
    assert schedules[0].format == "site"  # the default one first


def test_check_names_the_detected_format(tmp_path):
    for name, fmt in SEED_FORMATS.items():
        shutil.copy(seed_path(name), tmp_path / name)  # no metadata beside it
        p = planner("check", str(tmp_path / name), "--format", "json")
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["format"] == fmt


def test_as_overrides_detection_on_every_command(tmp_path):
    path = tmp_path / "papers.txt"
    shutil.copy(seed_path("000_582fbc6f8791162a.txt"), path)
    p = planner("check", str(path), "--as", "listing", "--format", "json")
    assert json.loads(p.stdout)["format"] == "listing"
    for command in (["talks"], ["search", "sparse"], ["speakers"]):
        # Read as an abstract list, a paper listing gives nothing: one sentence saying so
        # and what the text looks like, not an empty success.
        forced = planner(*command, str(path), "--as", "abstracts", "--format", "json")
        assert forced.returncode == 1 and forced.stdout == ""
        assert "gives no sessions or talks" in forced.stderr
        assert "looks more like listing" in forced.stderr
        detected = planner(*command, str(path), "--format", "json")
        assert detected.returncode == 0 and json.loads(detected.stdout) != []
    p = planner("talks", str(path), "--as", "nonsense")
    assert p.returncode == 2 and "'nonsense' is not one of" in p.stderr


def test_unknown_format_and_undetectable_text_are_one_clear_line(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("groceries\nmilk\n", encoding="utf-8")
    for args in (["check", str(path)], ["talks", str(path)], ["search", "x", str(path)],
                 ["speakers", str(path)]):
        p = planner(*args)
        assert p.returncode == 1 and p.stdout == ""
        assert p.stderr.startswith("planner: ") and p.stderr.count("\n") == 1
        assert "Traceback" not in p.stderr
    # --as is one shared option: every command refuses an unknown format as a usage error.
    for args in (["check", str(path)], ["talks", str(path)], ["add", str(path)]):
        p = planner(*args, "--as", "nonsense")
        assert p.returncode == 2 and "'nonsense' is not one of" in p.stderr, args
    # A format named in the metadata beside the text is checked by the registry.
    path.with_suffix(".toml").write_text('format = "nonsense"\n', encoding="utf-8")
    p = planner("check", str(path))
    assert p.returncode == 1
    assert ("known formats are site, listing, abstracts, author-page, frab-xml, schedule-json, "
            "ics, miniconf-papers, miniconf-calendar, program.") in p.stderr


def test_agenda_and_bare_planner_still_work_with_untimed_schedules_loaded():
    for args in (["agenda"], []):
        p = planner(*args)
        assert p.returncode == 0, p.stderr
        assert p.stdout.startswith("MLSys 2021 — Tuesday 6 April 2021")
        assert "Abstract list" not in p.stdout  # untimed schedules add no sessions


def test_bad_input_files_are_one_clear_error(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    binary = tmp_path / "image.txt"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    for path in (empty, binary, tmp_path / "missing.txt", tmp_path):
        p = planner("talks", str(path))
        assert p.returncode == 1 and p.stderr.startswith("planner: ")
        assert "Traceback" not in p.stderr


def test_bundled_metadata_formats_are_registered():
    for toml in SCHEDULES.glob("*.toml"):
        fmt = [line for line in toml.read_text().splitlines() if line.startswith("format")]
        assert fmt and fmt[0].split('"')[1] in FORMATS


SOCIAL_EVENTS = """OPEN SOURCE SUMMIT '09 SCHEDULE

SOCIAL EVENTS:

Newcomers' Breakfast, Lobby Bar
Monday, May 11, 8:00 am-9:00 am

Hallway Track Reception, Garden Terrace
Monday, May 11, 6:00 pm-8:00 pm

Lightning Talk Night, Room 2
Tuesday, May 12, 7:30 pm-9:30 pm

Closing Party, Rooftop
Wednesday, May 13, 8:00 pm-11:00 pm
"""


# The same events with each day and time set off by a bullet: the bullet reads to the
# site detector as the label of a session header, and the site reader finds none.
SOCIAL_BULLETS = re.sub(r"\n(?=\w+day, )", "\n• ", SOCIAL_EVENTS)


def test_a_detected_format_that_reads_nothing_gives_way_to_the_next_that_claims_the_text(tmp_path):
    # Without --as that is a warning, not an error; with --as site it stays an error.
    path = tmp_path / "social.txt"
    path.write_text(SOCIAL_BULLETS, encoding="utf-8")
    fits = {f.name: f.sniff(SOCIAL_BULLETS) for f in FORMATS.values()}
    assert max(fits, key=fits.get) == "site" and fits["program"] >= MIN_FIT
    p = planner("check", str(path), "--format", "json")
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    assert report["format"] == "program"
    assert any(d["code"] == "format-fallback" and "read as program" in d["message"]
               for d in report["diagnostics"])
    forced = planner("talks", str(path), "--as", "site")
    assert forced.returncode == 1 and "read as site gives no sessions or talks" in forced.stderr


def test_titles_over_their_dated_times_read_as_a_program_not_a_site_schedule(tmp_path):
    # a line that is only a day and a time heads no site session; each entry is its title
    # over its day and time (the time line ends the paragraph), its room after the comma
    path = tmp_path / "social.txt"
    path.write_text(SOCIAL_EVENTS, encoding="utf-8")
    fits = {f.name: f.sniff(SOCIAL_EVENTS) for f in FORMATS.values()}
    assert max(fits, key=fits.get) == "program"
    p = planner("talks", str(path), "--format", "json")
    assert p.returncode == 0, p.stderr
    assert [(t["title"], t["start"], t["location"]) for t in json.loads(p.stdout)] == [
        ("Hallway Track Reception", "2009-05-11T18:00:00+00:00", "Garden Terrace"),
        ("Lightning Talk Night", "2009-05-12T19:30:00+00:00", "Room 2"),
        ("Closing Party", "2009-05-13T20:00:00+00:00", "Rooftop"),
    ]
    p = planner("agenda", str(path), "--day", "2009-05-11", "--format", "json")
    first = json.loads(p.stdout)["sessions"][0]
    assert (first["title"], first["start"], first["kind"], first["location"]) == (
        "Newcomers' Breakfast", "2009-05-11T08:00:00+00:00", "break", "Lobby Bar")


def test_a_text_two_formats_claim_equally_is_read_as_the_one_that_gives_more(tmp_path):
    # The detector cannot choose (see the test above); a user who pasted it gets the
    # reading that gives more talks, with a warning naming the other and its --as,
    # instead of an error.
    both = tmp_path / "both.txt"
    both.write_text(seed("000_582fbc6f8791162a.txt") + "\n\n" + seed("001_31bcfe18b15d1aa4.txt"))
    chosen = load_schedule(both)
    [tie] = [d for d in chosen.diagnostics if d.code == "format-tie"]
    assert "fits both listing and site about equally" in tie.message
    assert tie.message.endswith("(--as site reads it the other way)")
    other = load_schedule(both, LoadOptions(as_format="site"))
    def gives(s):
        talks = list(s.talks())
        return sum(1 for t in talks if t.start and not t.estimated), len(talks) + len(s.sessions)
    assert gives(chosen) >= gives(other) and gives(chosen) != (0, 0)
    assert not any(d.code == "format-tie" for d in other.diagnostics)
