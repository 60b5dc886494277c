"""Writing a file so that readers and crashes see the old content or the new, never a mix.

The new bytes go to a temporary file in the same directory, are fsynced, then
renamed over the target (atomic on POSIX and Windows), and the directory is fsynced
so the rename itself survives a power cut.
"""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import suppress
from pathlib import Path


def fsync_dir(directory: Path) -> None:
    """Make a rename in `directory` durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on directories; the rename still happened
    finally:
        os.close(fd)


def atomic_write(target: Path, data: bytes) -> None:
    """Replace `target` with `data` so readers and crashes see old or new, never a mix."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with suppress(FileNotFoundError):
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))  # keep the user's mode
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(target.parent)
