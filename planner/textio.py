"""Reading a schedule file into text, or one clear sentence saying why not."""

from __future__ import annotations

import codecs
import os
import re
from pathlib import Path

from .errors import PlannerError
from .safefile import read_limited

# A pasted page is text; a few stray control characters are fine, a NUL byte or a
# high share of control bytes means an image, a PDF or a compiled file.
_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 12, 13))
MAX_BYTES = 64 * 1024 * 1024
# Readers keep a few objects per line: 32 million one-letter lines in 64 MB would cost
# gigabytes.  A 50,000-paper listing has 350,000 lines.
MAX_LINES = 1_000_000


def looks_binary(data: bytes) -> bool:
    if b"\x00" in data:
        return True
    sample = data[:8192]
    controls = sum(sample.count(bytes([b])) for b in _CONTROL)
    return controls > max(8, len(sample) // 100)


def decode_text(data: bytes, name: str, notes: list[str] | None = None) -> str:
    """Decode bytes as UTF-8 (a BOM is allowed), or raise a PlannerError naming the spot.

    A saved web page that is not UTF-8 is read as a browser reads it: in the charset it
    declares, else as Windows-1252; `notes` gets a sentence saying so."""
    if looks_binary(data):
        raise PlannerError(f"{name} looks like a binary file, not schedule text.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        got = _as_a_browser_would(data)
        if got is not None:
            text, charset = got
            if notes is not None:
                notes.append(f"{name} is not UTF-8; read as {charset}, as a browser reads the page")
            return _checked(text, name)
        line = data.count(b"\n", 0, exc.start) + 1
        raise PlannerError(
            f"{name} is not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line}); "
            "save it as UTF-8 and try again."
        ) from None
    return _checked(text, name)


# A saved page that says what it is written in: `<meta charset="windows-1252">`, the
# older http-equiv form, or an XML declaration's encoding.
_DECLARED = re.compile(
    rb"<meta[^>]{0,200}?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]{2,40})"
    rb"|<\?xml[^>]{0,100}?encoding\s*=\s*[\"']([A-Za-z0-9_.:-]{2,40})", re.IGNORECASE)


_HTML_TAGS = re.compile(rb"<(?:html|head|body|table|tr|td|div|p|h[1-6]|ul|li|br)\b", re.IGNORECASE)


def _as_a_browser_would(data: bytes) -> tuple[str, str] | None:
    """(the text, its charset) of a saved page in the charset it declares in its head,
    else, when it is HTML, in Windows-1252 (what browsers assume for an undeclared
    Western page); None for plain text, or a charset its bytes do not fit."""
    m = _DECLARED.search(data[:4096])
    if m is not None:
        label = (m.group(1) or m.group(2)).decode("ascii").lower()
    elif len(_HTML_TAGS.findall(data[:65536])) >= 3:
        label = "windows-1252"
    else:
        return None
    # browsers read a page labelled Latin-1 (or ASCII) as windows-1252 (WHATWG Encoding)
    if label in ("iso-8859-1", "latin1", "latin-1", "us-ascii", "ascii", "l1", "cp1252"):
        label = "windows-1252"
    try:
        codecs.lookup(label)
        return data.decode(label), label
    except (LookupError, UnicodeDecodeError):
        return None


def _checked(text: str, name: str) -> str:
    if not text or text.isspace():  # (strip would copy a 60 MB text to look)
        raise PlannerError(f"{name} is empty.")
    lines = text.count("\n")
    if "\r" in text:  # lone CRs end lines too
        lines += text.count("\r") - text.count("\r\n")
    if lines > MAX_LINES:
        raise PlannerError(f"{name} has over {MAX_LINES:,} lines, more than a schedule text "
                           "planner reads.")
    return text


def read_bytes(
    path: str | os.PathLike[str], *, label: str | None = None, kind: str = "a schedule file"
) -> bytes:
    """The file's bytes, or a PlannerError naming it (`label`) and what it should be.

    Devices and pipes are read as streams, to MAX_BYTES at the most (`/dev/zero` is too
    large, not a hang), and a FIFO that nothing writes to reads as empty."""
    p = Path(path).expanduser()
    name = label or str(path)
    try:
        data, _ = read_limited(p, MAX_BYTES)
    except FileNotFoundError:
        raise PlannerError(f"{name} does not exist.") from None
    except PermissionError:
        raise PlannerError(f"{name} cannot be read: permission denied.") from None
    except IsADirectoryError:
        raise PlannerError(f"{name} is a directory, not {kind}.") from None
    except OSError as exc:
        raise PlannerError(f"{name} cannot be read: {exc.strerror or exc}.") from None
    if len(data) > MAX_BYTES:
        raise PlannerError(f"{name} is larger than {MAX_BYTES // 2**20} MB, too large for {kind}.")
    return data


def read_text(path: str | os.PathLike[str], notes: list[str] | None = None) -> str:
    """A schedule text: UTF-8 (or a saved page's own charset, see `decode_text`), not
    binary, not empty; else one sentence saying why."""
    data = read_bytes(path)
    if not data:
        raise PlannerError(f"{path} is empty.")
    return decode_text(data, str(path), notes)
