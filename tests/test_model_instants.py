"""Instants stay right whoever builds them: zoneinfo, localized pytz, or the pytz LMT trap."""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytz

from planner.model import Talk


def test_zoneinfo_instant_kept():
    dt = datetime(2021, 4, 6, 9, 30, tzinfo=ZoneInfo("America/Los_Angeles"))
    t = Talk(id="x", title="t", start=dt, end=dt)
    assert t.start.astimezone(timezone.utc) == datetime(2021, 4, 6, 16, 30, tzinfo=timezone.utc)


def test_pytz_passed_as_tzinfo_is_repaired_to_the_meant_wall_time():
    la = pytz.timezone("America/Los_Angeles")
    trap = datetime(2021, 4, 6, 9, 30, tzinfo=la)  # LMT: UTC-07:53, minutes off
    assert trap.utcoffset().total_seconds() == -(7 * 3600 + 53 * 60)
    t = Talk(id="x", title="t", start=trap, end=trap)
    assert t.start.astimezone(timezone.utc) == datetime(2021, 4, 6, 16, 30, tzinfo=timezone.utc)
    assert isinstance(t.start.tzinfo, ZoneInfo)


def test_localized_pytz_keeps_its_instant():
    la = pytz.timezone("America/Los_Angeles")
    good = la.localize(datetime(2021, 4, 6, 9, 30))
    t = Talk(id="x", title="t", start=good, end=good)
    assert t.start == good
    assert t.start.astimezone(timezone.utc).hour == 16
    assert isinstance(t.start.tzinfo, ZoneInfo)


def test_naive_datetime_refused():
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        Talk(id="x", title="t", start=datetime(2021, 4, 6, 9, 30), end=None)
