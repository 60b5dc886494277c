"""`planner sync`: the picks pushed to a calendar that clients follow, kept current.

Importing a file is a one-off: Google Calendar never updates an event from a
re-imported file, and no app removes an event a newer file leaves out.  A synced
calendar is different: clients follow the server (or the folder), so a moved talk
moves and an unpicked one goes.

Two targets, one behaviour:

* **CalDAV** (Radicale, Nextcloud, Fastmail, iCloud, a Google bridge): one calendar
  object per event, found by UID (a REPORT on the server, not a guess from what was
  pushed before), so a talk is never put there twice, even after the agenda is lost.
* **vdir** (the folder layout khal and vdirsyncer read): one `.ics` file per event,
  found by the UID inside it, written atomically.

Each picked talk is created, updated in place when what it says changed, or left alone.
An unpicked talk (or one gone from the program) is deleted, or with
`--unpicked cancel` kept as STATUS:CANCELLED, for 30 days after it (planner.lifecycle).
Only events planner wrote are ever touched: the UIDs come from the export state.

The target is remembered in `sync.json` beside the agenda (never the password).  The
password comes from an environment variable (default PLANNER_CALDAV_PASSWORD) or from
a command the user names (`--password-command "pass show caldav"`), run each time, as
vdirsyncer's `password.fetch` does.  A password is never sent in clear text to
anything but this machine: http:// is refused for other hosts.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from icalendar import Calendar

from . import clock
from .catalog import Catalog, as_catalog
from .errors import PlannerError
from .export import Selection, calendar_name, select_with_withdrawals
from .ics import PRODID, build_calendar
from .locations import agenda_path
from .model import Schedule
from .picks.carryover import Carry, carry_over
from .picks.store import Agenda, AgendaStore
from .safefile import write_file

SYNC_FILENAME = "sync.json"
DEFAULT_PASSWORD_ENV = "PLANNER_CALDAV_PASSWORD"
PASSWORD_COMMAND_TIMEOUT = 60
Unpicked = Literal["delete", "cancel"]
_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


@dataclass
class Target:
    """Where `planner sync` writes: a CalDAV calendar or a vdir folder."""

    kind: Literal["caldav", "vdir"]
    location: str  # the calendar's URL (or the server's, with `calendar`), or the folder
    username: str | None = None
    calendar: str | None = None  # a calendar's display name on the server
    password_env: str = DEFAULT_PASSWORD_ENV
    password_command: str | None = None  # named by the user; run, never stored output
    unpicked: Unpicked = "delete"

    def describe(self) -> str:
        if self.kind == "vdir":
            return f"the folder {self.location}"
        name = f" (calendar {self.calendar!r})" if self.calendar else ""
        return f"{self.location}{name}"


@dataclass
class SyncReport:
    target: Target
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    cancelled: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # picks no loaded schedule has
    carried: list[Carry] = field(default_factory=list)  # picks moved to a renamed talk


# -- the remembered target -------------------------------------------------------------

def sync_config_path() -> Path:
    """sync.json beside the agenda file: one user's picks, one user's target."""
    return agenda_path().with_name(SYNC_FILENAME)


def load_target() -> Target | None:
    path = sync_config_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Target(**{k: v for k, v in data.items() if k in Target.__dataclass_fields__})
    except FileNotFoundError:
        return None
    except (OSError, ValueError, TypeError) as exc:
        raise PlannerError(f"Cannot read the sync target in {path}: {exc}.") from None


def save_target(target: Target) -> None:
    path = sync_config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(asdict(target), indent=2, ensure_ascii=False) + "\n"
    write_file(path, data.encode("utf-8"), follow_symlinks=False)


# -- one event per object ------------------------------------------------------------------

def split_events(data: bytes) -> dict[str, bytes]:
    """UID -> a calendar holding that one VEVENT and the VTIMEZONEs it uses."""
    cal = Calendar.from_ical(data)
    zones = {str(tz["TZID"]): tz for tz in cal.walk("VTIMEZONE")}
    out: dict[str, bytes] = {}
    for event in cal.walk("VEVENT"):
        one = Calendar()
        one.add("PRODID", PRODID)
        one.add("VERSION", "2.0")
        used = {str(event[p].params.get("TZID")) for p in ("DTSTART", "DTEND") if p in event}
        for tzid in sorted(used & set(zones)):
            one.add_component(zones[tzid])
        one.add_component(event)
        out[str(event["UID"])] = one.to_ical()
    return out


def _uid_of(data: bytes) -> str | None:
    try:
        cal = Calendar.from_ical(data)
    except ValueError:
        return None
    for comp in cal.walk():
        if comp.name in ("VEVENT", "VTODO") and "UID" in comp:
            return str(comp["UID"])
    return None


def _version(data: bytes) -> tuple[str, ...] | None:
    """What tells two copies of an event apart: SEQUENCE, LAST-MODIFIED and STATUS.

    planner raises SEQUENCE and LAST-MODIFIED whenever what it writes changes
    (planner.lifecycle), and servers re-serialise what they store (Radicale rewrites
    the text), so these, not the bytes, say whether the copy there is current."""
    try:
        cal = Calendar.from_ical(data)
    except ValueError:
        return None
    for comp in cal.walk("VEVENT"):
        return tuple(str(comp.get(p, "")).strip() for p in ("SEQUENCE", "STATUS")) + (
            comp.decoded("LAST-MODIFIED").isoformat() if "LAST-MODIFIED" in comp else "",)
    return None


def _same(a: bytes, b: bytes) -> bool:
    va = _version(a)
    return va is not None and va == _version(b)


# -- targets ----------------------------------------------------------------------------

class VdirTarget:
    """One .ics per event in a folder, as khal and vdirsyncer lay it out."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        if not folder.is_dir():
            raise PlannerError(f"{folder} is not a folder; create it or give another with --vdir.")
        self._by_uid: dict[str, Path] = {}
        for path in sorted(folder.glob("*.ics")):
            try:
                uid = _uid_of(path.read_bytes())
            except OSError:
                continue
            if uid is not None:
                self._by_uid.setdefault(uid, path)

    def _path_for(self, uid: str) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_.@" else "_" for c in uid)
        return self.folder / f"{safe}.ics"

    def put(self, uid: str, data: bytes) -> str:
        existing = self._by_uid.get(uid)
        if existing is not None and _same(existing.read_bytes(), data):
            return "unchanged"
        path = existing or self._path_for(uid)
        write_file(path, data, follow_symlinks=False)
        self._by_uid[uid] = path
        return "updated" if existing is not None else "created"

    def delete(self, uid: str) -> bool:
        path = self._by_uid.pop(uid, None)
        if path is None:
            return False
        path.unlink(missing_ok=True)
        return True


class CaldavTarget:
    """A calendar on a CalDAV server, reached with the caldav library."""

    def __init__(self, target: Target, password: str | None) -> None:
        import caldav
        from caldav.lib import error

        parts = urlsplit(target.location)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise PlannerError(f"{target.location!r} is not an http(s) address of a CalDAV server.")
        local = parts.hostname in _LOOPBACK
        if parts.scheme == "http" and not local:
            raise PlannerError(
                f"Refusing to send your password in clear text to {parts.hostname}; "
                "use an https:// address."
            )
        self._errors = error
        self._event_class = caldav.Event
        self.where = target.location
        with self._talking():
            self.client = caldav.DAVClient(
                url=target.location, username=target.username, password=password,
                require_tls=not local, enable_rfc6764=False, timeout=60,
            )
            if target.calendar:
                principal = self.client.principal()
                found = [c for c in principal.calendars()
                         if c.get_display_name() == target.calendar]
                self.calendar = found[0] if found else principal.make_calendar(
                    name=target.calendar)
            else:
                self.calendar = self.client.calendar(url=target.location)
                self.calendar.get_display_name()  # fails here, not half-way, when wrong

    @contextmanager
    def _talking(self) -> Iterator[None]:
        """Server and network failures as one sentence each."""
        from niquests.exceptions import RequestException

        try:
            yield
        except self._errors.AuthorizationError:
            raise PlannerError(
                f"The server at {self.where} refused the user name or password."
            ) from None
        except self._errors.DAVError as exc:
            raise PlannerError(f"CalDAV server at {self.where}: {exc}.") from None
        except (RequestException, OSError) as exc:
            reason = getattr(exc, "strerror", None) or type(exc).__name__
            raise PlannerError(f"Cannot reach the CalDAV server at {self.where} ({reason}).") from None

    def _find(self, uid: str) -> Any:
        with self._talking():
            try:
                return self.calendar.get_event_by_uid(uid)
            except self._errors.NotFoundError:
                return None

    def put(self, uid: str, data: bytes) -> str:
        # increase_seqno=False: the caldav library would otherwise raise SEQUENCE on
        # every save, and the SEQUENCE planner writes is the one that must arrive.
        existing = self._find(uid)
        with self._talking():
            if existing is None:
                new = self._event_class(client=self.client, data=data.decode("utf-8"),
                                        parent=self.calendar)
                new.save(no_overwrite=True, increase_seqno=False)
                return "created"
            if _same(existing.data.encode("utf-8"), data):
                return "unchanged"
            existing.data = data.decode("utf-8")
            existing.save(increase_seqno=False)
            return "updated"

    def delete(self, uid: str) -> bool:
        existing = self._find(uid)
        if existing is None:
            return False
        with self._talking():
            existing.delete()
        return True


def password_for(target: Target) -> str | None:
    """From the environment variable, else the password command; None when neither."""
    value = os.environ.get(target.password_env)
    if value:
        return value
    if not target.password_command:
        return None
    try:
        done = subprocess.run(shlex.split(target.password_command), capture_output=True,
                              text=True, timeout=PASSWORD_COMMAND_TIMEOUT, check=False)
    except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
        raise PlannerError(f"The password command failed: {exc}.") from None
    if done.returncode != 0:
        raise PlannerError(f"The password command exited with status {done.returncode}.")
    lines = done.stdout.splitlines()
    return lines[0] if lines else ""


def open_target(target: Target) -> VdirTarget | CaldavTarget:
    if target.kind == "vdir":
        return VdirTarget(Path(target.location).expanduser())
    return CaldavTarget(target, password_for(target))


# -- the job ------------------------------------------------------------------------------

def sync_picks(
    talks: Catalog | Sequence[Schedule], target: Target, store: AgendaStore | None = None, *,
    alarms: Sequence[timedelta] = (),
) -> SyncReport:
    """Push the picks to `target`: create, update, cancel or delete; never duplicate.

    The export state (SEQUENCE, what to withdraw) is the one file exports use, kept
    under the agenda's lock, so a sync and an export agree on every SEQUENCE.
    """
    catalog = as_catalog(talks)
    store = store or AgendaStore()
    opened = open_target(target)

    def job(agenda: Agenda) -> SyncReport:
        report = SyncReport(target=target)
        now = clock.now()
        report.carried = carry_over(catalog, agenda)
        entries, report.missing, _, cancel = select_with_withdrawals(
            catalog, agenda, Selection(), now)
        build = build_calendar(
            entries, calendar_name=calendar_name(entries, Selection(), None), now=now,
            alarms=alarms, previous=agenda.exports, cancel=cancel, picked=True,
            notes={tid: p.note for tid, p in agenda.picks.items() if p.note},
        )
        objects = split_events(build.data)
        for uid in build.events:
            getattr(report, opened.put(uid, objects[uid])).append(uid)
        for uid in build.cancelled:
            if target.unpicked == "delete":
                if opened.delete(uid):
                    report.deleted.append(uid)
            elif opened.put(uid, objects[uid]) != "unchanged":
                report.cancelled.append(uid)
        agenda.exports = build.state
        return report

    return store.update(job)


def summary(report: SyncReport) -> str:
    parts = [f"{len(v)} {k}" for k, v in (
        ("created", report.created), ("updated", report.updated),
        ("cancelled", report.cancelled), ("deleted", report.deleted),
        ("unchanged", report.unchanged)) if v]
    return f"Synced to {report.target.describe()}: {', '.join(parts) or 'nothing to do'}."


