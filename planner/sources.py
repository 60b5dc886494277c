"""Schedules at http(s) addresses: fetched, kept in planner's cache folder, refreshed.

* Fetched with httpx (imported only when a request is made), streamed and stopped at
  `MAX_BYTES`.  Redirects are followed by hand, at most `MAX_REDIRECTS`, and only to
  http and https addresses.
* Kept in `<cache>/feeds/`: per address, the body exactly as received (`.body`) and a
  JSON record beside it (`.json`: the address, ETag, Last-Modified, content type, when
  it was fetched and last checked, the body's hash).  Bytes and JSON only: nothing in
  the folder is ever run.  Both are written to a temporary file and renamed into
  place; a record whose body does not match its hash is no copy at all.
* A copy last checked less than the maximum age ago is used as it is, without a
  request; an older one is checked with If-None-Match / If-Modified-Since, and a 304
  keeps it.  The age is PLANNER_MAX_AGE (`30m`, `2h`, `1d`, `0` for every time;
  default one hour); `planner refresh` always checks.
* When the server cannot be reached or fails, the copy stands in and `note` says so,
  with its age; with no copy, the failure is one PlannerError sentence.
* PLANNER_CACHE=off keeps nothing: every command fetches.

A new body is stored only by `Fetched.keep()`, which the loader calls once the body
reads as a schedule: a server that briefly sends an error page in place of its
program does not overwrite the last good copy.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

from . import clock
from .cache import feeds_dir, open_entry
from .errors import PlannerError
from .locations import max_age_setting
from .safefile import write_file
from .textio import decode_text

DEFAULT_MAX_AGE = timedelta(hours=1)
MAX_BYTES = 32 << 20  # far above any program (FOSDEM's is 1.2 MB)
CONNECT_SECONDS = 10.0
READ_SECONDS = 30.0  # between two bytes
TOTAL_SECONDS = 120.0  # for the whole body, however slowly it trickles
MAX_REDIRECTS = 5
USER_AGENT = "planner (conference schedule planner; +https://pypi.org/project/planner/)"
NOTICE = "source-notice"  # the code of diagnostics the CLI prints: a copy stood in

Status = Literal["downloaded", "not-modified", "cached", "stale"]
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|m|min|h|d)?\s*$", re.IGNORECASE)
_UNITS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "d": 86400, None: 60}
_CHARSET = re.compile(r"charset\s*=\s*\"?([\w.:-]+)", re.IGNORECASE)
_XML_ENCODING = re.compile(rb"^\s*<\?xml[^>]*encoding\s*=\s*[\"']([\w.:-]+)[\"']")


def is_url(spec: str | os.PathLike[str]) -> bool:
    return isinstance(spec, str) and spec[:8].lower().startswith(("http://", "https://"))


def max_age() -> timedelta:
    """PLANNER_MAX_AGE (`30m`, `2h`, `1d`, `90s`, plain minutes, `0`), else one hour."""
    raw = max_age_setting()
    if not raw:
        return DEFAULT_MAX_AGE
    m = _DURATION.match(raw)
    if not m:
        raise PlannerError(f"PLANNER_MAX_AGE={raw!r} is not a duration; use for example 30m, "
                           "2h, 1d or 0 (check every time).")
    unit = m.group(2).lower() if m.group(2) else None
    return timedelta(seconds=float(m.group(1)) * _UNITS[unit])


def describe_age(age: timedelta) -> str:
    """`40 seconds`, `5 minutes`, `3 hours`, `2 days`."""
    seconds = max(0, int(age.total_seconds()))
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


def host_of(url: str) -> str:
    return urlsplit(url).hostname or url


# -- what a fetch gives -----------------------------------------------------------------

@dataclass
class Fetched:
    """A program's body, where it came from, and what the caller should be told.

    status: "downloaded" (a new body; `keep()` stores it), "not-modified" (the server
    answered 304: the stored copy), "cached" (the stored copy, checked recently enough
    that no request was made), "stale" (the server could not be reached or failed:
    the stored copy stands in, and `note` says why and how old it is).
    """

    url: str
    body: bytes
    status: Status
    fetched_at: datetime  # when these bytes were received
    content_type: str | None = None
    note: str | None = None
    record: dict[str, Any] = field(default_factory=dict)  # what `keep` writes

    @property
    def age(self) -> timedelta:
        return clock.now() - self.fetched_at

    def text(self) -> str:
        """The body as text, decoded by its stated charset (else UTF-8), or one sentence
        saying why it is no text."""
        return decode_body(self.body, self.content_type, self.url)

    def keep(self) -> None:
        """Store a downloaded body, or note that a 304 confirmed the copy."""
        folder = feeds_dir()
        if folder is None or self.status not in ("downloaded", "not-modified"):
            return
        record = dict(self.record, checked_at=clock.now().isoformat())
        base = entry_base(folder, self.url)
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            if self.status == "downloaded":
                record["sha256"] = hashlib.sha256(self.body).hexdigest()
                _write(base.with_suffix(".body"), self.body)
            _write(base.with_suffix(".json"),
                   json.dumps(record, indent=1, sort_keys=True).encode("utf-8"))
        except OSError:
            pass  # a copy that cannot be kept only means the next command fetches again


def decode_body(body: bytes, content_type: str | None, name: str) -> str:
    charset = None
    m = _CHARSET.search(content_type or "")
    if m:
        charset = m.group(1)
    else:
        x = _XML_ENCODING.match(body[:200])
        if x:
            charset = x.group(1).decode("ascii")
    if charset and charset.lower().replace("_", "-") not in ("utf-8", "utf8", "us-ascii", "ascii"):
        try:
            text = body.decode(charset)
        except (LookupError, UnicodeDecodeError):
            pass
        else:
            if text.strip():
                return text.lstrip("\ufeff")
    return decode_text(body, name)


def entry_base(folder: Path, url: str) -> Path:
    return folder / hashlib.blake2b(url.encode("utf-8"), digest_size=16).hexdigest()


def stored(url: str) -> Fetched | None:
    """The kept copy of `url` (status "cached"), or None when there is none or it is
    damaged (an unreadable record is deleted)."""
    folder = feeds_dir()
    if folder is None:
        return None
    base = entry_base(folder, url)
    try:
        record = json.loads(_read_kept(base.with_suffix(".json")))
        body = _read_kept(base.with_suffix(".body"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        _drop(base)
        return None
    try:
        ok = (isinstance(record, dict) and record.get("url") == url
              and record.get("sha256") == hashlib.sha256(body).hexdigest())
        fetched_at = datetime.fromisoformat(record["fetched_at"])
        checked_at = datetime.fromisoformat(record.get("checked_at") or record["fetched_at"])
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok or fetched_at.tzinfo is None or checked_at.tzinfo is None:
        return None  # damaged, or caught between two writes: fetched anew, then replaced
    record["checked_at"] = checked_at.isoformat()
    return Fetched(url, body, "cached", fetched_at, record.get("content_type"), record=record)


def _write(path: Path, data: bytes) -> None:
    write_file(path, data, follow_symlinks=False, new_mode=0o600, durable=False)


def _read_kept(path: Path) -> bytes:
    """A kept file's bytes; FileNotFoundError for one that is missing, or that is not
    this user's own private regular file (a link, someone else's: deleted, not read)."""
    f = open_entry(path)
    if f is None:
        raise FileNotFoundError(path)
    with f:
        return f.read()


def checked_at(copy: Fetched) -> datetime:
    return datetime.fromisoformat(copy.record["checked_at"])


def forget(url: str) -> None:
    """Delete the kept copy of `url` (nothing else is touched)."""
    folder = feeds_dir()
    if folder is not None:
        _drop(entry_base(folder, url))


def _drop(base: Path) -> None:
    for suffix in (".json", ".body"):
        try:
            base.with_suffix(suffix).unlink(missing_ok=True)
        except OSError:
            pass


# -- fetching ---------------------------------------------------------------------------

class FetchFailed(Exception):
    """Why a request gave no body: `reason` ends the sentence `Cannot fetch URL: …`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def fetch(url: str, *, refresh: bool = False, age: timedelta | None = None,
          limit: int | None = None) -> Fetched:
    """The program at `url`: the kept copy while it is fresh (younger than `age`, by
    default `max_age()`), else from the server (conditionally when there is a copy).

    `refresh` checks with the server whatever the copy's age.  A failure with a copy
    at hand gives the copy with a `note`; without one it raises a PlannerError.
    """
    check_url(url)
    copy = stored(url)
    if copy is not None and not refresh:
        if clock.now() - checked_at(copy) < (max_age() if age is None else age):
            return copy
    headers = {}
    if copy is not None:
        if copy.record.get("etag"):
            headers["If-None-Match"] = copy.record["etag"]
        if copy.record.get("last_modified"):
            headers["If-Modified-Since"] = copy.record["last_modified"]
    try:
        status, response_headers, body, final = request(url, headers,
                                                        MAX_BYTES if limit is None else limit)
    except FetchFailed as exc:
        if copy is None:
            raise PlannerError(f"Cannot fetch {url}: {exc.reason}.") from None
        copy.status = "stale"
        copy.note = (f"{exc.reason[:1].upper()}{exc.reason[1:]}; using the copy of {url} "
                     f"fetched {describe_age(copy.age)} ago.")
        return copy
    if status == 304 and copy is not None:
        copy.status = "not-modified"
        return copy
    now = clock.now()
    record = {
        "url": url, "final_url": final, "fetched_at": now.isoformat(),
        "etag": response_headers.get("etag"),
        "last_modified": response_headers.get("last-modified"),
        "content_type": response_headers.get("content-type"), "bytes": len(body),
    }
    return Fetched(url, body, "downloaded", now, record["content_type"], record=record)


def check_url(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise PlannerError(f"{url} is not an http or https address planner can fetch.")


def request(url: str, headers: dict[str, str], limit: int) -> tuple[int, Any, bytes, str]:
    """GET `url`: (status, headers, body, final address); FetchFailed with a reason."""
    import httpx

    timeout = httpx.Timeout(READ_SECONDS, connect=CONNECT_SECONDS)
    deadline = time.monotonic() + TOTAL_SECONDS
    current = url
    try:
        with httpx.Client(timeout=timeout, follow_redirects=False,
                          headers={"User-Agent": USER_AGENT}) as client:
            for _ in range(MAX_REDIRECTS + 1):
                with client.stream("GET", current, headers=headers) as response:
                    location = response.headers.get("location")
                    if response.is_redirect and location:
                        target = urljoin(current, location)
                        if urlsplit(target).scheme.lower() not in ("http", "https"):
                            raise FetchFailed(f"it redirects to {target}, and planner follows "
                                              "only http and https addresses")
                        current = target
                        continue
                    if response.status_code == 304:
                        return 304, response.headers, b"", current
                    if 300 <= response.status_code < 400:
                        raise FetchFailed(f"the server answered {response.status_code} "
                                          "without an address to go on to")
                    if response.status_code >= 400:
                        phrase = response.reason_phrase or "error"
                        raise FetchFailed(f"the server answered {response.status_code} {phrase}")
                    return 200, response.headers, _read(response, limit, deadline), current
            raise FetchFailed(f"it redirects more than {MAX_REDIRECTS} times")
    except httpx.ConnectTimeout:
        raise FetchFailed(f"no connection to {host_of(current)} could be made within "
                          f"{CONNECT_SECONDS:g} seconds") from None
    except httpx.TimeoutException:
        raise FetchFailed(f"{host_of(current)} did not answer within "
                          f"{READ_SECONDS:g} seconds") from None
    except httpx.ConnectError as exc:
        raise FetchFailed(_connect_reason(current, exc)) from None
    except httpx.UnsupportedProtocol:
        raise FetchFailed("it is not an http or https address") from None
    except (httpx.InvalidURL, httpx.LocalProtocolError, ValueError):
        raise FetchFailed("the address is not valid") from None
    except httpx.HTTPError as exc:
        raise FetchFailed(f"the connection to {host_of(current)} failed "
                          f"({_first_line(exc)})") from None


def _read(response: Any, limit: int, deadline: float) -> bytes:
    declared = response.headers.get("content-length", "")
    too_big = f"it is larger than {limit / (1 << 20):g} MB, more than any program; " \
        "planner stopped reading"
    if declared.isdigit() and int(declared) > limit:
        raise FetchFailed(too_big)
    chunks, total = [], 0
    for chunk in response.iter_bytes():
        total += len(chunk)
        if total > limit:
            raise FetchFailed(too_big)
        if time.monotonic() > deadline:
            raise FetchFailed(f"{host_of(str(response.url))} sent it too slowly (more than "
                              f"{TOTAL_SECONDS:g} seconds)")
        chunks.append(chunk)
    return b"".join(chunks)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:160] if text else type(exc).__name__


_DNS = ("name or service not known", "nodename nor servname", "temporary failure in name",
        "no address associated", "getaddrinfo", "name resolution", "no such host")


def _connect_reason(url: str, exc: BaseException) -> str:
    host = host_of(url)
    text = str(exc).lower()
    if any(marker in text for marker in _DNS):
        return f"the name {host} cannot be looked up (DNS); check the address and your connection"
    if "refused" in text:
        return f"{host} refused the connection"
    if "certificate" in text or "ssl" in text or "tls" in text:
        return f"no secure connection to {host} could be made ({_first_line(exc)})"
    if "unreachable" in text:
        return f"{host} cannot be reached from here (no network?)"
    return f"no connection to {host} could be made ({_first_line(exc)})"
