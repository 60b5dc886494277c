"""The installed package carries the bundled schedules and runs from anywhere."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

import pytest

from .conftest import BUNDLED_SEEDS, ROOT, SCHEDULES, SEEDS


@pytest.mark.skipif(shutil.which("uv") is None, reason="uv builds the wheel")
def test_wheel_ships_the_bundled_schedules_byte_identical(tmp_path):
    subprocess.run(["uv", "build", "--wheel", "--out-dir", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = tmp_path.glob("planner-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for text in SCHEDULES.glob("*.txt"):
            inside = f"planner/schedules/{text.name}"
            assert inside in names
            assert z.read(inside) == text.read_bytes()
            assert f"planner/schedules/{text.stem}.toml" in names


def test_bundled_texts_are_the_pasted_seeds_unchanged():
    if not SEEDS.is_dir():
        pytest.skip("the seeds are not beside this checkout")
    bundled = {p.read_bytes() for p in SCHEDULES.glob("*.txt")}
    for seed in SEEDS.glob("*.txt"):
        assert seed.read_bytes() in bundled, seed.name
    for name, copy in BUNDLED_SEEDS.items():
        assert copy.read_bytes() == (SEEDS / name).read_bytes(), name


def test_runs_from_another_directory(tmp_path):
    p = subprocess.run([sys.executable, "-m", "planner", "agenda", "--format", "json"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert '"day": "2021-04-06"' in p.stdout
