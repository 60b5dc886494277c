"""Reading and writing the user's files without clobbering what is not a file.

Writing (`write_file`), the one writer of every file planner saves:

* A regular file is replaced atomically: the new bytes go to a temporary file in the
  same directory, are fsynced, then renamed over the target, and the directory is
  fsynced so the rename itself survives a power cut.  The replaced file's mode (and
  owner, where that is allowed) is kept; a new file gets `new_mode` less the umask.
* A symbolic link is written through only when the caller says the user named it
  (`follow_symlinks`); one planted under a name planner chose is refused.
* A character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe) is written
  in place, never renamed or replaced; a FIFO that nothing reads from is refused
  instead of waited on.
* Anything else (a folder, a socket, a block device), a read-only file and a name
  longer than a file system allows are refused.

Reading (`read_limited`): opened without blocking, so a FIFO that nothing writes to
reads as empty instead of hanging, and read to at most `limit + 1` bytes whatever size
the file claims, so `/dev/zero` and `/dev/urandom` end as "too large".

Refusals are `Refused`, an OSError whose `strerror` is a phrase such as "it is a
symbolic link": callers put it into their own sentence, as they do any OSError's.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path

NAME_MAX = 255  # bytes in one file name, on every common Linux and macOS file system
_RANDOM_CHARS = 8  # hex digits in a temporary file's name
_O_NO_WAIT = (getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
              | getattr(os, "O_CLOEXEC", 0))
_O_READ = os.O_RDONLY | _O_NO_WAIT
_O_WRITE_IN_PLACE = os.O_WRONLY | _O_NO_WAIT
_O_TEMPORARY = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                | getattr(os, "O_CLOEXEC", 0))


class Refused(OSError):
    """A path planner will not write or read as asked; `strerror` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(errno.EPERM, reason)


def kind_of(mode: int) -> str:
    """`a folder`, `a named pipe` ...: what a file of this mode is, for a sentence."""
    for test, name in ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def check_name(path: str | os.PathLike[str]) -> None:
    """Refuse a path with a part longer than a file name can be (before the OS does,
    with a plain reason instead of ENAMETOOLONG)."""
    for part in Path(path).parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise Refused(f"its name is {size} bytes long, more than the {NAME_MAX} bytes "
                          "a file name can have")


# -- reading ----------------------------------------------------------------------------

def read_limited(path: str | os.PathLike[str], limit: int, *,
                 regular_only: bool = False) -> tuple[bytes, os.stat_result]:
    """At most `limit + 1` bytes of `path` and its stat: more than `limit` bytes means
    too large.  IsADirectoryError for a folder; `Refused` for anything but a regular
    file when `regular_only`.  A FIFO or a device is read as a stream."""
    check_name(path)
    fd = os.open(path, _O_READ)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        regular = stat.S_ISREG(st.st_mode)
        if not regular:
            if regular_only:
                raise Refused(f"it is {kind_of(st.st_mode)}, not a regular file")
            os.set_blocking(fd, True)  # a FIFO without a writer now reads as empty
        want = limit + 1
        step = min(want, st.st_size + 1) if regular else 1 << 20
        chunks: list[bytes] = []
        total = 0
        while total < want:
            chunk = os.read(fd, min(want - total, max(step, 1 << 16)))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        return (chunks[0] if len(chunks) == 1 else b"".join(chunks)), st
    finally:
        os.close(fd)


# -- writing ----------------------------------------------------------------------------

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


def temporary_prefix(name: str) -> str:
    """`.NAME.`: how temporary files for the target NAME begin, cut so that the whole
    temporary name still fits in NAME_MAX bytes."""
    room = NAME_MAX - len(".." + ".tmp") - _RANDOM_CHARS
    cut = os.fsencode(name)[:room]
    return "." + os.fsdecode(cut.decode("utf-8", "ignore").encode("utf-8")) + "."


def remove_stale_temporaries(target: Path, older_than: float | None = None) -> int:
    """Delete this user's temporary files for `target` left by a killed writer: every
    one, or those unchanged for `older_than` seconds (when another writer may be at
    work).  Returns how many went."""
    prefix = temporary_prefix(target.name)
    pattern = re.compile(re.escape(prefix) + r"[A-Za-z0-9_]+\.tmp")
    removed = 0
    try:
        names = os.listdir(target.parent)
    except OSError:
        return 0
    now = time.time()
    for name in names:
        if not name.startswith(prefix) or not pattern.fullmatch(name):
            continue
        path = target.parent / name
        with suppress(OSError):
            st = os.lstat(path)
            if (stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid()
                    and (older_than is None or now - st.st_mtime >= older_than)):
                path.unlink()
                removed += 1
    return removed


def write_file(path: str | os.PathLike[str], data: bytes | Iterable[bytes], *,
               follow_symlinks: bool, new_mode: int = 0o666, durable: bool = True) -> Path:
    """Write `data` (bytes, or chunks of bytes) to `path` as the module says; returns the
    path really written.  `durable=False` skips the fsyncs (caches)."""
    chunks = [data] if isinstance(data, (bytes, bytearray, memoryview)) else data
    p = Path(path)
    check_name(p)
    try:
        link = os.lstat(p)
    except FileNotFoundError:
        link = None
    if link is not None and stat.S_ISLNK(link.st_mode) and not follow_symlinks:
        raise Refused("it is a symbolic link, which planner does not write through")
    try:
        st: os.stat_result | None = os.stat(p)
    except FileNotFoundError:
        st = None  # nothing there, or a link to nothing: create what it names
    if st is None or stat.S_ISREG(st.st_mode):
        target = Path(os.path.realpath(p)) if link is not None else p
        if st is not None:
            if not _same_file(target, st):  # a deleted file still open, say
                raise Refused("it has no name planner could replace it under")
            if read_only(target, st):
                raise Refused("it is read-only")
        _replace(target, chunks, st, new_mode, durable)
        return target
    if stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode):
        return _write_in_place(p, chunks)
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(p))
    raise Refused(f"it is {kind_of(st.st_mode)}, not a file")


def read_only(path: Path, st: os.stat_result) -> bool:
    """Whether the file is read-only: not writable by this user, or (for root, who may
    write anything) with no write permission bit set at all."""
    return not os.access(path, os.W_OK) or not st.st_mode & 0o222


def _same_file(path: Path, st: os.stat_result) -> bool:
    try:
        other = os.stat(path)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)


def _replace(target: Path, chunks: Iterable[bytes], old: os.stat_result | None,
             new_mode: int, durable: bool) -> None:
    check_name(target)
    directory = target.parent
    tmp = directory / (temporary_prefix(target.name) + os.urandom(_RANDOM_CHARS // 2).hex()
                       + ".tmp")
    mode = stat.S_IMODE(old.st_mode) if old is not None else new_mode
    fd = os.open(tmp, _O_TEMPORARY, mode)  # a new file: the umask applies
    try:
        with os.fdopen(fd, "wb") as f:
            f.writelines(chunks)
            f.flush()
            if old is not None:  # the replaced file's own mode and owner, not the umask's
                os.fchmod(f.fileno(), mode)
                if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                    with suppress(OSError):
                        os.fchown(f.fileno(), old.st_uid, old.st_gid)
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        fsync_dir(directory)


def _write_in_place(path: Path, chunks: Iterable[bytes]) -> Path:
    try:
        fd = os.open(path, _O_WRITE_IN_PLACE)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise Refused("it is a named pipe that nothing reads from") from None
        raise
    try:
        st = os.fstat(fd)
        if not (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
            raise Refused(f"it became {kind_of(st.st_mode)} while planner was writing it")
        os.set_blocking(fd, True)
        for chunk in chunks:
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view):]
    finally:
        os.close(fd)
    return path
