"""The files planner keeps or writes for the user, attacked: the cache folder and its
entries, export targets, and the rest of issue 11's tracebacks."""

from __future__ import annotations

import os
import shutil
import time

import pytest

from planner import cache, search_store

from ..conftest import MLSYS2021
from ..test_listing import load_generator
from .conftest import assert_clean, planner

PICK = "tcjwi2x"


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A listing big enough to be cached (1 MB and more)."""
    path = tmp_path_factory.mktemp("big") / "papers.txt"
    path.write_text(load_generator().listing(1000, seed=5), encoding="utf-8")
    time.sleep(search_store.RACY_NS / 1e9 + 0.1)  # settled, so its search index is kept
    return path


@pytest.fixture(scope="module")
def picked(tmp_path_factory):
    agenda = tmp_path_factory.mktemp("picked") / "agenda.json"
    assert planner("pick", PICK, "--agenda", str(agenda)).returncode == 0
    return agenda


# -- the cache --------------------------------------------------------------------------

@pytest.mark.parametrize("variable", ["PLANNER_CACHE_DIR", "XDG_CACHE_HOME"])
def test_a_cache_location_that_is_a_file_is_one_sentence(variable, big, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file", encoding="utf-8")
    for args in (["talks", str(big)], ["search", "model", str(big)]):
        ran = planner(*args, **{variable: str(blocker)})
        assert_clean(ran)
        assert ran.returncode == 1 and "will not use the cache folder" in ran.stderr, str(ran)
    assert blocker.read_text(encoding="utf-8") == "a file"
    off = planner("talks", str(big), PLANNER_CACHE="off", **{variable: str(blocker)})
    assert off.returncode == 0, str(off)  # and the sentence's way round works


@pytest.mark.skipif(os.geteuid() != 0, reason="handing a folder to another user needs root")
def test_a_cache_folder_of_another_user_is_refused(big, tmp_path):
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o700)
    os.chown(folder, 65534, 65534)
    ran = planner("talks", str(big), PLANNER_CACHE_DIR=str(folder))
    assert_clean(ran)
    assert ran.returncode == 1 and "belongs to another user" in ran.stderr, str(ran)


def test_planted_and_damaged_entries_are_never_trusted(big, tmp_path):
    folder = tmp_path / "cache"
    first = planner("search", "model", str(big), "--format", "json", PLANNER_CACHE_DIR=str(folder))
    assert first.returncode == 0, str(first)
    [schedule_entry] = folder.glob("*" + cache.SUFFIX)
    [index] = folder.glob("*" + search_store.SUFFIX)
    secret = tmp_path / "secret"
    secret.write_text("not for planner", encoding="utf-8")
    schedule_entry.unlink()
    schedule_entry.symlink_to(secret)  # a link to something else
    index.chmod(0o666)  # writable by anyone: someone may have changed it
    again = planner("search", "model", str(big), "--format", "json", PLANNER_CACHE_DIR=str(folder))
    assert again.returncode == 0 and again.stdout == first.stdout, str(again)
    assert secret.read_text(encoding="utf-8") == "not for planner"
    assert not schedule_entry.is_symlink()  # replaced by a real entry
    assert oct(index.stat().st_mode & 0o777) == "0o600"  # rebuilt, private again


def test_stale_cache_temporaries_are_cleaned_and_counted(big, tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    hour_ago = time.time() - 3600
    stale = [folder / "tmpk1ll3d.tmp", folder / ".abc.schedule.0f0f0f0f.tmp"]
    for p in stale:
        p.write_bytes(b"x" * 1000)
        os.utime(p, (hour_ago, hour_ago))
    writing = folder / "tmpbusy.tmp"  # another planner may be writing this one now
    writing.write_bytes(b"x" * 1000)
    ran = planner("talks", str(big), PLANNER_CACHE_DIR=str(folder))
    assert ran.returncode == 0, str(ran)
    assert not any(p.exists() for p in stale) and writing.exists()
    # Counted towards the limit: the entry alone fits, with the young temporary it does not.
    [entry] = folder.glob("*" + cache.SUFFIX)
    monkeypatch.setattr(cache, "MAX_TOTAL_BYTES", entry.stat().st_size + 500)
    cache._evict(folder)
    assert not entry.exists() and writing.exists()


# -- export targets ---------------------------------------------------------------------

def export(picked, tmp_path, *args, **env):
    agenda = tmp_path / "agenda.json"
    if not agenda.exists():
        shutil.copy(picked, agenda)
    return planner("export", *args, cwd=tmp_path, PLANNER_AGENDA=str(agenda), **env)


@pytest.mark.parametrize("length, fits", [(250, True), (300, False)])
def test_export_names_near_and_over_255_bytes(length, fits, picked, tmp_path):
    name = "a" * (length - 4) + ".ics"
    ran = export(picked, tmp_path, "-o", name)
    assert_clean(ran)
    if fits:
        assert ran.returncode == 0 and (tmp_path / name).is_file(), str(ran)
    else:
        assert ran.returncode == 1 and "255 bytes" in ran.stderr, str(ran)


def test_a_long_cjk_conference_name_makes_a_default_name_that_fits(picked, tmp_path):
    text = tmp_path / "program.txt"
    shutil.copy(MLSYS2021, text)
    text.with_suffix(".toml").write_text(
        'conference = "' + "机器学习系统国际会议" * 20 + '"\nyear = 2021\n'
        'timezone = "America/Los_Angeles"\n', encoding="utf-8")
    ran = export(picked, tmp_path, str(text), "--all")
    assert_clean(ran)
    assert ran.returncode == 0, str(ran)
    [written] = tmp_path.glob("*.ics")
    assert len(os.fsencode(written.name)) <= 255


def test_export_respects_the_umask_and_keeps_a_replaced_files_mode(picked, tmp_path):
    agenda = tmp_path / "agenda.json"
    shutil.copy(picked, agenda)
    old = os.umask(0o077)
    try:
        ran = export(picked, tmp_path, "-o", "private.ics")
    finally:
        os.umask(old)
    assert ran.returncode == 0, str(ran)
    assert oct((tmp_path / "private.ics").stat().st_mode & 0o777) == "0o600"
    shared = tmp_path / "shared.ics"
    shared.write_text("old", encoding="utf-8")
    shared.chmod(0o664)
    assert export(picked, tmp_path, "-o", "shared.ics").returncode == 0
    assert oct(shared.stat().st_mode & 0o777) == "0o664"
    readonly = tmp_path / "readonly.ics"
    readonly.write_text("keep", encoding="utf-8")
    readonly.chmod(0o444)
    refused = export(picked, tmp_path, "-o", "readonly.ics")
    assert_clean(refused)
    assert refused.returncode == 1 and "read-only" in refused.stderr
    assert readonly.read_text(encoding="utf-8") == "keep"


def test_stale_export_temporaries_are_cleaned(picked, tmp_path):
    stale = tmp_path / ".mlsys-2021-picks.ics.k1ll3d00.tmp"  # left by a kill -9
    stale.write_text("BEGIN:VCALENDAR", encoding="utf-8")
    hour_ago = time.time() - 3600
    os.utime(stale, (hour_ago, hour_ago))
    other = tmp_path / ".notes.txt.k1ll3d00.tmp"  # not planner's: never touched
    other.write_text("mine", encoding="utf-8")
    os.utime(other, (hour_ago, hour_ago))
    ran = export(picked, tmp_path)
    assert ran.returncode == 0, str(ran)
    assert not stale.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".notes.txt.k1ll3d00.tmp", "agenda.json", "agenda.json.lock", "mlsys-2021-picks.ics"]


# -- the other tracebacks ---------------------------------------------------------------

@pytest.mark.parametrize("args, said", [
    (["export", "--alarm", "99999999999999999999d", "-o", "-"], "more than four weeks"),
    (["export", "--alarm", "9" * 5000 + "m", "-o", "-"], "more than four weeks"),
    (["pick", "a" * 300], "Unknown talk id"),
    (["unpick", ""], "Give the id of a picked talk"),
    (["pick", " "], "Give the id of a talk"),
    (["check", "a" * 300 + ".txt"], "255 bytes"),
])
def test_what_was_a_traceback_is_one_sentence(args, said, picked, tmp_path):
    agenda = tmp_path / "agenda.json"
    shutil.copy(picked, agenda)
    ran = planner(*args, cwd=tmp_path, PLANNER_AGENDA=str(agenda))
    assert_clean(ran)
    assert ran.returncode == 1 and said in ran.stderr, str(ran)
