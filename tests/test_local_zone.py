"""The machine's zone read without tzlocal (`zones.plain_zone_name`) is tzlocal's own
answer: on this machine, and on made-up machines (a root folder with etc/timezone and an
etc/localtime link) that tzlocal reads the same way."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from planner import zones

tzunix = pytest.importorskip("tzlocal.unix")
pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not os.path.isfile("/usr/share/zoneinfo/Europe/Berlin"),
    reason="needs the system's zone files")


@pytest.fixture(autouse=True)
def _no_tz(monkeypatch):
    monkeypatch.delenv("TZ", raising=False)


def _root(tmp_path: Path, timezone: str | None = None, link: str | None = None,
          other: str | None = None) -> str:
    (tmp_path / "etc").mkdir()
    if timezone is not None:
        (tmp_path / "etc/timezone").write_text(timezone, encoding="ascii")
    if link is not None:
        (tmp_path / "etc/localtime").symlink_to(link)
    if other is not None:
        (tmp_path / other).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / other).write_text('ZONE="Europe/Oslo"\n')
    return str(tmp_path)


def test_this_machine_as_tzlocal_names_it():
    plain = zones.plain_zone_name()
    if plain is not None:
        assert plain == tzunix._get_localzone_name()
    import tzlocal

    tzlocal.reload_localzone()
    assert zones.local_zone_name() == (tzlocal.get_localzone_name() or "UTC")


@pytest.mark.parametrize("timezone, link", [
    ("Europe/Berlin\n", None),
    ("Europe/Berlin", None),
    ("/Europe/Berlin/\n\n", None),
    ("# the zone\nEurope/Berlin # set by hand\n", None),
    ("Europe/Berlin\nAmerica/New_York\n", None),  # (the last line that names one)
    ("Etc/UTC extra words\n", None),
    (None, "/usr/share/zoneinfo/Europe/Berlin"),
    (None, "/usr/share/zoneinfo/America/Argentina/Buenos_Aires"),
    (None, "/usr/share/zoneinfo/UTC"),
    ("Europe/Berlin\n", "/usr/share/zoneinfo/Europe/Berlin"),
    ("Etc/UTC\n", "/usr/share/zoneinfo/Etc/UTC"),
])
def test_plain_machines_named_as_tzlocal_names_them(tmp_path, timezone, link):
    root = _root(tmp_path, timezone, link)
    plain = zones.plain_zone_name(root)
    assert plain is not None
    assert plain == tzunix._get_localzone_name(root)


def test_a_link_into_a_copied_zone_folder(tmp_path):
    # the link's real path is under the root: its tail names the zone all the same
    zone = tmp_path / "usr/share/zoneinfo/Europe/Paris"
    zone.parent.mkdir(parents=True)
    zone.write_bytes(Path("/usr/share/zoneinfo/Europe/Paris").read_bytes())
    root = _root(tmp_path, link=str(zone))
    assert zones.plain_zone_name(root) == tzunix._get_localzone_name(root) == "Europe/Paris"


@pytest.mark.parametrize("timezone, link, other", [
    ("Europe/Berlin\n", "/usr/share/zoneinfo/Europe/Paris", None),  # two places disagree
    (None, None, None),  # no place names a zone
    ("\n", None, None),
    ("Europe/Berlin\n", None, "etc/conf.d/clock"),  # a place read only by tzlocal
    ("Europe/Berlin\n", None, "etc/sysconfig/clock"),
])
def test_anything_else_is_left_to_tzlocal(tmp_path, timezone, link, other):
    assert zones.plain_zone_name(_root(tmp_path, timezone, link, other)) is None


def test_a_tz_variable_is_left_to_tzlocal(tmp_path, monkeypatch):
    root = _root(tmp_path, "Europe/Berlin\n")
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    assert zones.plain_zone_name(root) is None
    assert zones.local_zone_name() == "Asia/Tokyo"
