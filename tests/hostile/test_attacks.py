"""The three attacks that got in before, as a user's planner meets them: a cache entry
planted to run code, a symlink planted under the default export name, and devices
(and FIFOs) where planner expects files.  Each failed against the code before this
test was written (a planted pickle ran, the symlink's target was replaced, the device
was renamed and replaced by a regular file)."""

from __future__ import annotations

import os
import pickle
import shutil
import stat

import pytest

from planner import cache
from planner.loader import LoadOptions, read_metadata

from ..test_listing import load_generator
from .conftest import assert_clean, planner

PICK = "tcjwi2x"


class _RunsCode:
    """A pickle that, when loaded, creates the file named `marker`."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_planted_cache_entry_never_runs_code(tmp_path):
    big = tmp_path / "papers.txt"
    big.write_text(load_generator().listing(1000, seed=5), encoding="utf-8")
    text = big.read_text(encoding="utf-8")
    assert len(text) >= cache.MIN_BYTES
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    marker = tmp_path / "code-ran"
    # Exactly where planner looks for this text's entry, as its own file.
    entry = folder / (cache.entry_key(text, str(big), read_metadata(big), LoadOptions())
                      + cache.SUFFIX)
    entry.write_bytes(pickle.dumps(_RunsCode(str(marker))))
    entry.chmod(0o600)
    ran = planner("talks", str(big), "--format", "json", PLANNER_CACHE_DIR=str(folder))
    assert not marker.exists(), "a planted cache entry ran code"
    assert ran.returncode == 0, str(ran)
    assert ran.stdout.count('"id"') == 1000  # parsed afresh, the entry replaced


def test_a_shared_cache_folder_is_refused_with_one_sentence(tmp_path):
    big = tmp_path / "papers.txt"
    big.write_text(load_generator().listing(1000, seed=5), encoding="utf-8")
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)  # like /tmp: anyone could plant entries
    for args in (["talks", str(big)], ["search", "model", str(big)]):
        ran = planner(*args, PLANNER_CACHE_DIR=str(folder))
        assert_clean(ran)
        assert ran.returncode == 1 and "will not use the cache folder" in ran.stderr, str(ran)
    assert list(folder.iterdir()) == []


@pytest.fixture(scope="module")
def picked(tmp_path_factory):
    agenda = tmp_path_factory.mktemp("picked") / "agenda.json"
    assert planner("pick", PICK, "--agenda", str(agenda)).returncode == 0
    return agenda


def test_export_never_writes_through_a_planted_symlink(picked, tmp_path):
    agenda = tmp_path / "agenda.json"
    shutil.copy(picked, agenda)
    victim = tmp_path / "bashrc"
    victim.write_text("export PATH=/usr/bin\n", encoding="utf-8")
    link = tmp_path / "mlsys-2021-picks.ics"  # the default export name
    link.symlink_to(victim)
    ran = planner("export", cwd=tmp_path, PLANNER_AGENDA=str(agenda))
    assert_clean(ran)
    assert ran.returncode == 1 and "symbolic link" in ran.stderr, str(ran)
    assert victim.read_text(encoding="utf-8") == "export PATH=/usr/bin\n"
    assert link.is_symlink() and os.readlink(link) == str(victim)


def _char_device(path) -> bool:
    """A private copy of /dev/null at `path` (root only), else False."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        return False
    return True


@pytest.mark.parametrize("kind", ["character-device", "fifo"])
def test_devices_and_fifos_are_never_renamed_or_replaced(kind, picked, tmp_path):
    agenda = tmp_path / "agenda.json"
    shutil.copy(picked, agenda)
    device = tmp_path / "null"
    if kind == "fifo":
        os.mkfifo(device)
    elif not _char_device(device):
        pytest.skip("making a device needs root")
    before = os.lstat(device)
    as_agenda = planner("picks", "--agenda", str(device), timeout=30)
    assert_clean(as_agenda)
    assert as_agenda.returncode == 1 and "not a file planner can keep picks in" in \
        as_agenda.stderr, str(as_agenda)
    export = planner("export", "-o", str(device), timeout=30, PLANNER_AGENDA=str(agenda))
    assert_clean(export)
    if kind == "fifo":  # nothing reads from it: refused, not waited on
        assert export.returncode == 1 and "nothing reads" in export.stderr, str(export)
    else:  # written in place, as `-o /dev/stdout` is
        assert export.returncode == 0, str(export)
    after = os.lstat(device)
    assert (after.st_ino, after.st_mode, after.st_rdev) == \
        (before.st_ino, before.st_mode, before.st_rdev)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["agenda.json", "agenda.json.lock",
                                                           "null"]


def test_export_to_stdout_by_name_writes_in_place(picked, tmp_path):
    agenda = tmp_path / "agenda.json"
    shutil.copy(picked, agenda)
    ran = planner("export", "-o", "/dev/stdout", PLANNER_AGENDA=str(agenda))
    assert ran.returncode == 0 and ran.stdout.startswith("BEGIN:VCALENDAR"), str(ran)


@pytest.mark.parametrize("command", [["check"], ["pick", "-s"]])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_reading_a_device_stops_at_the_size_limit(command, device):
    ran = planner(*command, device, *(["x"] if command[0] == "pick" else []), memory=1 << 30)
    assert_clean(ran)
    assert ran.returncode == 1 and "too large" in ran.stderr, str(ran)
