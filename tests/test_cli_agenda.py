"""`planner agenda` and `planner check`: golden outputs, day and zone choice, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


from .conftest import DATA, MLSYS2021, ROOT
from .conftest import run_cli as run

GOLDEN = DATA / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def golden(name: str, actual: str) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        path.write_text(actual, encoding="utf-8")
    assert actual == path.read_text(encoding="utf-8"), f"differs from golden {name}"


@pytest.mark.parametrize("fmt, ext", [("text", "txt"), ("markdown", "md"), ("json", "json"),
                                      ("html", "html")])
def test_agenda_golden(capsys, fmt, ext):
    code, out, err = run(capsys, "agenda", str(MLSYS2021), "--day", "2021-04-06",
                         "--format", fmt)
    assert code == 0, err
    golden(f"agenda-mlsys2021.{ext}", out)


def test_agenda_golden_berlin(capsys):
    code, out, err = run(capsys, "agenda", str(MLSYS2021), "--day", "tue",
                         "--tz", "Europe/Berlin", "--format", "json")
    assert code == 0, err
    golden("agenda-mlsys2021-berlin.json", out)
    data = json.loads(out)
    s1 = next(s for s in data["sessions"] if s["title"].startswith("Oral: Session 1"))
    assert s1["start"] == "2021-04-06T18:30:00+02:00"


def test_agenda_json_shape_and_estimates(capsys):
    code, out, _ = run(capsys, "agenda", str(MLSYS2021), "--format", "json")
    data = json.loads(out)
    assert data["day"] == "2021-04-06" and data["timezone"] == "America/Los_Angeles"
    assert [s["start"][11:16] for s in data["sessions"]] == [
        "08:00", "08:15", "09:30", "11:10", "13:30", "15:20"]
    s1 = data["sessions"][2]
    assert set(s1) >= {"id", "kind", "title", "start", "end", "estimated", "end_estimated",
                       "speakers", "location", "url", "talks"}
    # The session's start is stated, its end estimated (it runs until its talks end).
    assert s1["start"] == "2021-04-06T09:30:00-07:00" and s1["estimated"] is False
    assert s1["end_estimated"] is True
    talk = s1["talks"][0]
    assert set(talk) == {"id", "title", "title_source", "speakers", "affiliations", "start",
                         "end", "estimated", "end_estimated", "location", "url", "track",
                         "language", "links"}
    untitled = data["sessions"][5]["talks"][3]
    assert untitled["title_source"] == "placeholder" and talk["title_source"] == "stated"
    assert talk["estimated"] is True and talk["end_estimated"] is True
    assert data["sessions"][0]["speakers"] == ["Alex Dimakis", "Ion Stoica", "Alexander Smola"]


def test_text_marks_estimates_and_reads_on_paper(capsys):
    _, out, _ = run(capsys, "agenda", str(MLSYS2021))
    assert "~ marks an estimated time" in out
    assert "09:30–~10:50" in out and "[Untitled talk by Sameer Kumar et al.]" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_weekday_and_today(capsys, monkeypatch):
    code, out, _ = run(capsys, "agenda", str(MLSYS2021), "--day", "Tuesday", "--format", "json")
    assert code == 0 and json.loads(out)["day"] == "2021-04-06"
    monkeypatch.setenv("PLANNER_NOW", "2021-04-06T20:00:00+00:00")
    code, out, _ = run(capsys, "agenda", str(MLSYS2021), "--day", "today", "--format", "json")
    assert code == 0 and json.loads(out)["day"] == "2021-04-06"


def test_check_reports_counts_and_diagnostics(capsys):
    code, out, _ = run(capsys, "check", str(MLSYS2021), "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert (data["format"], data["conference"], data["timezone"]) == (
        "site", "MLSys 2021", "America/Los_Angeles")
    assert (data["sessions"], data["talks"], data["unscheduled"]) == (6, 18, 0)
    lines = {(d["line"], d["severity"]) for d in data["diagnostics"]}
    assert (106, "warning") in lines and (1, "info") in lines
    code, out, _ = run(capsys, "check", str(MLSYS2021))
    assert "line 106: warning: talk has no title line" in out
    assert "6 sessions, 18 talks, 0 unscheduled" in out


# -- bad input: one sentence on stderr, non-zero exit, no traceback ------------------

def _bad_files(tmp: Path) -> dict[str, Path]:
    (tmp / "empty.txt").write_bytes(b"")
    (tmp / "blank.txt").write_text("\n   \n\t\n")
    (tmp / "binary.txt").write_bytes(bytes(range(256)) * 4)
    (tmp / "latin1.txt").write_bytes("Opening Remarks Tue 6 Apr 08:00 a.m.\n\nJosé Gonçalves\n"
                                     .encode("latin-1"))
    (tmp / "adir").mkdir()
    return {
        "missing": tmp / "nope.txt", "directory": tmp / "adir", "empty": tmp / "empty.txt",
        "blank": tmp / "blank.txt", "binary": tmp / "binary.txt", "latin1": tmp / "latin1.txt",
    }


@pytest.mark.parametrize("case, needle", [
    ("missing", "does not exist"), ("directory", "is a directory"), ("empty", "is empty"),
    ("blank", "is empty"), ("binary", "binary file"), ("latin1", "not UTF-8 text"),
])
def test_bad_files(capsys, tmp_path, case, needle):
    path = _bad_files(tmp_path)[case]
    code, out, err = run(capsys, "agenda", str(path))
    assert code != 0 and out == ""
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("args, needle", [
    (["--day", "someday"], "Unknown day 'someday'"),
    (["--day", "2021-04-09"], "Nothing is scheduled on 2021-04-09"),
    (["--day", "friday"], "Nothing is scheduled on a Friday"),
    (["--tz", "Mars/Olympus"], "Unknown time zone 'Mars/Olympus'"),
    (["--tz", "../../etc/passwd"], "Unknown time zone"),
    (["--source-tz", "Nowhere/Land"], "Unknown time zone 'Nowhere/Land'"),
    (["--year", "2022"], "--year 2022 conflicts with"),
])
def test_bad_options(capsys, args, needle):
    code, out, err = run(capsys, "agenda", str(MLSYS2021), *args)
    assert code != 0 and out == ""
    assert needle in err and err.count("\n") == 1, err


def test_bad_input_in_a_real_process_has_no_traceback(tmp_path):
    files = _bad_files(tmp_path)
    for path in files.values():
        p = subprocess.run([sys.executable, "-m", "planner", "agenda", str(path)],
                           capture_output=True, text=True, cwd=ROOT)
        assert p.returncode == 1 and "Traceback" not in p.stderr
        assert p.stderr.startswith("planner: ") and p.stderr.count("\n") == 1


def test_agenda_never_imports_textual():
    code = (
        "import sys; from planner.cli import main; rc = main(['agenda']); "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "print('LEAK', bad) if bad else None; sys.exit(rc or (3 if bad else 0))"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "MLSys 2021" in p.stdout and "LEAK" not in p.stdout


def test_no_arguments_prints_the_agenda_when_piped():
    p = subprocess.run([sys.executable, "-m", "planner"], capture_output=True, text=True,
                       cwd=ROOT, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("MLSys 2021 — Tuesday 6 April 2021")


def test_picked_agenda_follows_the_picks_into_the_display_zones_day(capsys):
    code, out, err = run(capsys, "pick", "--search", "TT-Rec")
    assert code == 0, err
    code, out, err = run(capsys, "agenda", "--picked", "--tz", "Europe/Berlin", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["day"] == "2021-04-07"  # 16:40 in Los Angeles is 01:40 next day in Berlin
    (session,) = data["sessions"]
    assert [t["title"][:6] for t in session["talks"]] == ["TT-Rec"]
    assert session["talks"][0]["start"] == "2021-04-07T01:40:00+02:00"
    _, text, _ = run(capsys, "agenda", "--picked", "--tz", "Europe/Berlin")
    assert "Times in Europe/Berlin (UTC+02:00)" in text  # April's offset, not today's


def test_picked_agenda_without_timed_picks_says_so(capsys):
    run(capsys, "pick", "--search", "XRBench")
    code, out, err = run(capsys, "agenda", "--picked")
    assert code == 1 and out == "" and "None of your picks has a time" in err
