"""Atomic file writing: a file is either the old one or the complete new one, never half written.

The new content goes to a temporary file in the target's folder (same
suffix, so writers that add one, such as ``np.save``, keep its name), which
is then renamed onto the target: an interrupted run, a full disk or a failing
writer leaves the previous file (or none) and no temporary behind. Each
temporary name is unique (several runs may write the same file at once: the
last rename wins, every reader sees one complete file). The new file keeps
the permissions of the one it replaces, else those any new file gets (the
umask applies).

A writer killed outright (SIGKILL, a power cut) cannot remove its temporary
file, so each one names its writer (``.NAME.~HOST.PID.RANDOM.SUFFIX``, the
host as a short hash): the next write in that folder removes the temporary
files of writers that are no longer running once they are older than
:data:`STALE_AFTER`, and any older than :data:`ABANDONED_AFTER` (a writer on
another machine, or the names of an earlier version, ``.NAME.RANDOM.SUFFIX``,
for the file being written).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_atomically(folder / "counts.txt", lambda temporary: temporary.write_text("42"))
>>> (folder / "counts.txt").read_text(), [path.name for path in folder.iterdir()]
('42', ['counts.txt'])
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

#: Seconds after which the temporary file of a writer that is no longer running is removed.
STALE_AFTER = 10 * 60
#: Seconds after which any temporary file is removed (no single file takes a day to write).
ABANDONED_AFTER = 24 * 60 * 60
#: This machine, as it appears in temporary names.
HOST = hashlib.sha256(socket.gethostname().encode()).hexdigest()[:8]
#: A temporary name: ``.STEM.~HOST.PID.RANDOM`` then the target's suffix.
TEMPORARY = re.compile(r"\.(?P<stem>.*)\.~(?P<host>[0-9a-f]{8})\.(?P<pid>[0-9]+)\.[0-9a-f]{12}(?P<suffix>\.[^.]*)?")
#: The temporary names of earlier versions: ``.STEM.RANDOM`` then the suffix.
EARLIER_TEMPORARY = re.compile(r"\.(?P<stem>.*)\.[0-9a-f]{12}(?P<suffix>\.[^.]*)?")

_swept: set[Path] = set()
_sweeping = threading.Lock()


def temporary_path(path: Path) -> Path:
    """A new temporary name beside ``path``, naming this machine and process (see :func:`sweep_stale`).

    >>> name = temporary_path(Path("reports/crazy4.xlsx"))
    >>> name.parent == Path("reports"), name.suffix, TEMPORARY.fullmatch(name.name)["pid"] == str(os.getpid())
    (True, '.xlsx', True)
    """
    return path.with_name(f".{path.stem}.~{HOST}.{os.getpid()}.{uuid.uuid4().hex[:12]}{path.suffix}")


def _running(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (when that cannot be told: True)."""
    if sys.platform == "win32":  # os.kill would end it there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, say
        return True
    return True


def is_stale(path: Path, now: float | None = None) -> bool:
    """Whether ``path`` is a temporary file (of :func:`write_atomically`) that its writer has abandoned: it is
    older than :data:`STALE_AFTER` and its writer no longer runs, or older than :data:`ABANDONED_AFTER`."""
    match = TEMPORARY.fullmatch(path.name) or EARLIER_TEMPORARY.fullmatch(path.name)
    if match is None:
        return False
    try:
        age = (time.time() if now is None else now) - path.lstat().st_mtime
    except OSError:
        return False
    if age > ABANDONED_AFTER:
        return True
    writer = match.groupdict().get("host")
    return (age > STALE_AFTER and writer == HOST and int(match["pid"]) != os.getpid()
            and not _running(int(match["pid"])))


def sweep_stale(folder: Path, target: Path | None = None) -> list[Path]:
    """Remove the abandoned temporary files (:func:`is_stale`) in ``folder``: every one named by this version,
    and of the earlier names those of ``target`` (all of them when ``target`` is None: a folder of the
    analyzer's own, such as the cache). Each folder once per process; what cannot be removed is left.
    Returns the files removed."""
    folder = Path(folder)
    with _sweeping:
        if folder in _swept:
            return []
        _swept.add(folder)
    removed: list[Path] = []
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.startswith(".")]
    except OSError:
        return removed
    for name in names:
        earlier = EARLIER_TEMPORARY.fullmatch(name)
        if not TEMPORARY.fullmatch(name) and (earlier is None or target is not None and (
                earlier["stem"], earlier["suffix"] or "") != (target.stem, target.suffix)):
            continue
        path = folder / name
        if is_stale(path):
            try:
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    return removed


def write_atomically(path: Path, write: Callable[[Path], object], keep_mode: bool = True) -> None:
    """``write`` the file to a temporary name in ``path``'s folder, which then replaces ``path``; if anything
    fails the temporary file is removed and an existing ``path`` is left as it was. ``keep_mode``: the new
    file takes the permissions of the one it replaces (else those of any new file). Abandoned temporary
    files in the folder are removed first (:func:`sweep_stale`).

    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "report.txt"
    >>> def broken(temporary: Path) -> None:
    ...     temporary.write_text("half")
    ...     raise OSError("disk full")
    >>> write_atomically(target, broken)
    Traceback (most recent call last):
    OSError: disk full
    >>> list(target.parent.iterdir())
    []
    """
    path = Path(path)
    sweep_stale(path.parent, path)
    temporary = temporary_path(path)
    # Created as any new file would be (mode 0o666 less the umask; no umask call, which threads would race).
    os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        if keep_mode:
            try:
                mode = path.stat().st_mode & 0o777
            except FileNotFoundError:  # none yet, or removed meanwhile by another run
                mode = None
            if mode is not None:
                os.chmod(temporary, mode)
        write(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
