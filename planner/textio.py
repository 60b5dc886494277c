"""Reading a schedule file into text, or one clear sentence saying why not."""

from __future__ import annotations

import os
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


def decode_text(data: bytes, name: str) -> str:
    """Decode bytes as UTF-8 (a BOM is allowed), or raise a PlannerError naming the spot."""
    if looks_binary(data):
        raise PlannerError(f"{name} looks like a binary file, not schedule text.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise PlannerError(
            f"{name} is not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line}); "
            "save it as UTF-8 and try again."
        ) from None
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


def read_text(path: str | os.PathLike[str]) -> str:
    """A schedule text: UTF-8, not binary, not empty; else one sentence saying why."""
    data = read_bytes(path)
    if not data:
        raise PlannerError(f"{path} is empty.")
    return decode_text(data, str(path))
