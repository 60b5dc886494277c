"""Hostile agenda files and agenda paths through the real CLI: a damaged agenda is
moved aside and told, anything else is refused with one sentence and left exactly as
it was, and nothing ever hangs."""

from __future__ import annotations

import os
import stat

import pytest

from . import corpus
from .conftest import assert_clean, planner
from .test_texts import TERMINAL_CONTROLS

PICK = "tcjwi2x"


def others(folder, *keep):
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


@pytest.mark.parametrize("name", sorted(corpus.agendas()))
def test_a_hostile_agenda_file(name, tmp_path):
    content, fate = corpus.agendas()[name]
    path = tmp_path / "agenda.json"
    path.write_bytes(content)
    ran = planner("picks", "--agenda", str(path))
    assert_clean(ran)
    assert not TERMINAL_CONTROLS.search(ran.stdout + ran.stderr)
    if fate == "read":
        assert ran.returncode == 0, str(ran)
        return
    assert ran.returncode == 1, str(ran)
    if fate == "moved":  # kept aside byte for byte, and a new agenda works at once
        [aside] = tmp_path.glob("agenda.json.corrupt-*")
        assert aside.read_bytes() == content and "moved to" in ran.stderr
        again = planner("pick", PICK, "--agenda", str(path))
        assert again.returncode == 0, str(again)
    else:  # refused: not touched, not renamed, no lock file beside it
        for attempt in (ran, planner("pick", PICK, "--agenda", str(path))):
            assert attempt.returncode == 1 and "left" in attempt.stderr, str(attempt)
        assert path.read_bytes() == content
        assert others(tmp_path) == ["agenda.json"]


def make_path(kind: str, path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "symlink-loop":
        path.symlink_to(path.name)
    elif kind == "too-large":
        with open(path, "wb") as f:  # sparse: 100 MB of zeros that take no disk
            f.truncate(100 << 20)


@pytest.mark.parametrize("kind", ["fifo", "directory", "symlink-loop", "too-large"])
def test_an_agenda_path_that_is_no_agenda_file_is_refused_quickly(kind, tmp_path):
    path = tmp_path / "agenda.json"
    make_path(kind, path)
    before = os.lstat(path)
    for args in (["picks"], ["pick", PICK], ["timezone", "Europe/Berlin"]):
        ran = planner(*args, "--agenda", str(path), timeout=30)
        assert_clean(ran)
        assert ran.returncode == 1, str(ran)
    after = os.lstat(path)
    assert (after.st_ino, stat.S_IFMT(after.st_mode), after.st_size) == \
        (before.st_ino, stat.S_IFMT(before.st_mode), before.st_size)
    assert others(tmp_path) == ["agenda.json"]


def test_a_read_only_agenda_is_read_and_not_replaced(tmp_path):
    path = tmp_path / "agenda.json"
    assert planner("pick", PICK, "--agenda", str(path)).returncode == 0
    path.chmod(0o444)
    before = path.read_bytes()
    shown = planner("picks", "--agenda", str(path))
    assert shown.returncode == 0 and PICK in shown.stdout
    refused = planner("unpick", PICK, "--agenda", str(path))
    assert_clean(refused)
    assert refused.returncode == 1 and "read-only" in refused.stderr
    assert path.read_bytes() == before


def test_an_agenda_name_too_long_is_one_sentence(tmp_path):
    ran = planner("pick", PICK, "--agenda", str(tmp_path / ("a" * 300 + ".json")))
    assert_clean(ran)
    assert ran.returncode == 1 and "255 bytes" in ran.stderr
