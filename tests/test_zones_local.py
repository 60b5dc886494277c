"""The machine's zone (planner.zones.local_zone_name) is what tzlocal's reload gives, in
a fresh process too, and a parse pays for no more imports than it needs.

Skipping the reload in a process that has not used tzlocal yet (its cache is empty)
looks free and is not: with TZ set to no zone, tzlocal's name lookup falls back to
/etc/timezone (`Etc/UTC`) where the reload raises (planner says `UTC`)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from planner.zones import local_zone_name

from .conftest import ROOT

# What the old lookup gave (tzlocal.reload_localzone, then the name) beside the new one,
# in one fresh process each: the new one first, as in a fresh parse.
PROBE = """
import sys
from planner.zones import local_zone_name
first = local_zone_name()
again = local_zone_name()
import tzlocal
try:
    tzlocal.reload_localzone()
    reloaded = tzlocal.get_localzone_name() or "UTC"
except Exception:  # the old lookup's answer then: UTC
    reloaded = "UTC"
print(first, again, reloaded, "tzlocal" in sys.modules)
"""


@pytest.mark.parametrize("tz", ["UTC", "Europe/Vienna", "America/Argentina/Buenos_Aires",
                                "Asia/Kolkata", "Not/AZone", ""])
def test_a_fresh_process_gets_the_zone_tzlocal_reloads(tz, monkeypatch):
    if tz:
        monkeypatch.setenv("TZ", tz)
    else:
        monkeypatch.delenv("TZ", raising=False)
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    first, again, reloaded, loaded = out.stdout.split()
    assert loaded == "True"
    assert first == again == reloaded
    if tz == "Not/AZone":  # tzlocal cannot name it: planner says UTC
        assert first == "UTC"


def test_a_later_call_sees_a_changed_tz(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    assert local_zone_name() == "Asia/Tokyo"
    monkeypatch.setenv("TZ", "Europe/Lisbon")
    assert local_zone_name() == "Europe/Lisbon"  # tzlocal's cache was reloaded


def test_a_program_parse_imports_neither_the_paper_parsers_nor_their_adapters():
    # The reader needs only the collector's threshold (planner.gcpause), not
    # planner.parsers.papers and the pydantic TypeAdapters it builds.
    probe = ("import sys\nfrom planner.parsers import program\n"
             "from planner.parsers.base import ParseOptions\n"
             "s = program.parse('9:00 - 9:30 Opening, Ada Lovelace\\n', ParseOptions())\n"
             "assert s.sessions, s\n"
             "print(sorted(m for m in sys.modules if m in "
             "('planner.parsers.papers', 'pydantic.type_adapter')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[-2] == "[]"
