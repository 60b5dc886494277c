"""The parse cache: big texts are parsed once; a bad entry is never trusted."""

from __future__ import annotations

import os
import time
import subprocess
import sys
from pathlib import Path

import pytest

from datetime import timedelta, timezone

from planner import cache
from planner.errors import PlannerError
from planner.loader import LoadOptions, load_schedule

from .conftest import ROOT
from .test_listing import load_generator


@pytest.fixture(scope="module")
def big_text() -> str:
    text = load_generator().listing(1000, seed=5)
    assert len(text) >= cache.MIN_BYTES
    return text


@pytest.fixture
def big(tmp_path, big_text) -> Path:
    path = tmp_path / "papers.txt"
    path.write_text(big_text, encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(where))
    return where


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*" + cache.SUFFIX)) if folder.exists() else []


def test_a_big_text_is_parsed_once_and_read_back_the_same(big, folder):
    first = load_schedule(big)
    [entry] = entries(folder)
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    second = load_schedule(big)
    assert second is not first
    assert second.model_dump() == first.model_dump()
    assert entries(folder) == [entry]


def test_small_texts_are_not_cached(folder, tmp_path):
    small = tmp_path / "small.txt"
    small.write_text((ROOT / "schedules" / "abstract-list.txt").read_text(), encoding="utf-8")
    load_schedule(small)
    assert entries(folder) == []


def test_the_key_follows_text_metadata_and_options(big, folder, big_text):
    load_schedule(big)
    load_schedule(big, LoadOptions(year=2024))
    big.with_suffix(".toml").write_text('conference = "Other"\n', encoding="utf-8")
    assert load_schedule(big).conference == "Other"
    big.write_text(big_text.replace("#1 ", "#1 Changed: ", 1), encoding="utf-8")
    assert load_schedule(big).unscheduled[0].title.startswith("Changed: ")
    assert len(entries(folder)) == 4


def same_length_other_title(data: bytes) -> bytes:
    """One letter of a title changed: still JSON, still a schedule, the same length."""
    at = data.index(b'"title":"') + len(b'"title":"')
    return data[:at] + bytes([data[at] ^ 0x20]) + data[at + 1:]


@pytest.mark.parametrize("damage", [
    lambda data: data[: len(data) // 2],
    lambda data: b"not an entry at all",
    lambda data: cache.seal([b'{"source": "elsewhere", "zones": []}\n', b"{}"], cache.MAGIC)[0],
    lambda data: b"",
    same_length_other_title,
], ids=["truncated", "garbage", "foreign", "empty", "same-length"])
def test_a_corrupt_entry_is_ignored_and_replaced(big, folder, damage):
    expected = load_schedule(big).model_dump()
    [entry] = entries(folder)
    entry.write_bytes(damage(entry.read_bytes()))
    assert load_schedule(big).model_dump() == expected
    [again] = entries(folder)
    assert cache.load_schedule_entry(again.read_bytes(), str(big)).model_dump() == expected


def test_an_entry_keeps_every_time_in_its_zone(folder, tmp_path):
    from planner.parsers.site import parse
    from planner.parsers.base import ParseOptions

    text = (ROOT / "schedules" / "mlsys2021-program.txt").read_text(encoding="utf-8")
    sch = parse(text, ParseOptions(source="x", year=2021, timezone="America/Los_Angeles"))
    first = next(s for s in sch.sessions if s.talks)
    sch.unscheduled.append(first.talks[0].model_copy(update={  # one in UTC, one fixed offset
        "id": "utc", "start": first.start.astimezone(timezone.utc),
        "end": first.end.astimezone(timezone(timedelta(hours=5, minutes=30)))}))
    back = cache.load_schedule_entry(b"".join(cache.dump_schedule(sch)), "x")
    assert back == sch
    pairs = [(a.start, b.start) for a, b in zip(sch.talks(), back.talks())]
    pairs += [(a.end, b.end) for a, b in zip(sch.talks(), back.talks())]
    assert all(a == b and a.utcoffset() == b.utcoffset() and str(a.tzinfo) == str(b.tzinfo)
               for a, b in pairs if a is not None)


def test_an_entry_for_another_file_is_not_used(big, folder, tmp_path, big_text):
    load_schedule(big)
    other = tmp_path / "other.txt"
    other.write_text(big_text, encoding="utf-8")
    assert load_schedule(other).source == str(other)
    assert len(entries(folder)) == 2


def test_cache_can_be_turned_off_or_be_unwritable(big, folder, monkeypatch, tmp_path):
    monkeypatch.setenv("PLANNER_CACHE", "off")
    load_schedule(big)
    assert entries(folder) == []
    monkeypatch.delenv("PLANNER_CACHE")
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    for where in (blocker / "cache", blocker):
        monkeypatch.setenv("PLANNER_CACHE_DIR", str(where))
        with pytest.raises(PlannerError, match="will not use the cache folder.*PLANNER_CACHE=off"):
            load_schedule(big)
    monkeypatch.setenv("PLANNER_CACHE", "off")
    assert len(load_schedule(big).unscheduled) == 1000


def test_least_recently_used_entries_go_first(big, folder, monkeypatch, big_text, tmp_path):
    load_schedule(big)
    [old] = entries(folder)
    os.utime(old, (1, 1))
    monkeypatch.setattr(cache, "MAX_TOTAL_BYTES", old.stat().st_size + 1)
    newer = tmp_path / "newer.txt"
    newer.write_text(big_text, encoding="utf-8")
    load_schedule(newer)
    [kept] = entries(folder)
    assert kept != old


def test_commands_read_the_cache_and_give_the_same_answer(big, folder):
    env = {**os.environ, "PLANNER_CACHE_DIR": str(folder)}
    run = [sys.executable, "-m", "planner", "search", "sharding", str(big), "--format", "json"]
    cold = subprocess.run(run, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert len(entries(folder)) == 1
    warm = subprocess.run(run, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert cold.returncode == warm.returncode == 0
    assert cold.stdout == warm.stdout and cold.stdout.startswith("[")


def test_the_code_fingerprint_changes_with_any_rewrite_of_a_source(tmp_path, monkeypatch):
    """Files count by their times, not their bytes: an edit of the same size whose
    modification time is put back still changes the fingerprint (its ctime moved)."""
    import shutil

    package = tmp_path / "planner"
    shutil.copytree(cache._PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "_PACKAGE", package)

    def fingerprint() -> str:
        cache.code_fingerprint.cache_clear()
        return cache.code_fingerprint()

    try:
        before = fingerprint()
        assert fingerprint() == before  # nothing changed: the same
        source = package / "model.py"
        st = source.stat()
        text = source.read_bytes()
        time.sleep(0.01)
        source.write_bytes(text.replace(b"class Talk(", b"class Tolk("))
        os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))
        assert source.stat().st_size == st.st_size
        assert fingerprint() != before
    finally:
        cache.code_fingerprint.cache_clear()
