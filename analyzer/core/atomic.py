"""Atomic file writing: a file is either the old one or the complete new one, never half written.

The new content goes to a temporary file in the target's folder (same
suffix, so writers that add one, such as ``np.save``, keep its name), which
is then renamed onto the target: an interrupted run, a full disk or a failing
writer leaves the previous file (or none) and no temporary behind. The new
file keeps the permissions of the one it replaces, else those any new file
gets (the umask applies).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_atomically(folder / "counts.txt", lambda temporary: temporary.write_text("42"))
>>> (folder / "counts.txt").read_text(), [path.name for path in folder.iterdir()]
('42', ['counts.txt'])
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from pathlib import Path


def write_atomically(path: Path, write: Callable[[Path], object]) -> None:
    """``write`` the file to a temporary name in ``path``'s folder, which then replaces ``path``; if anything
    fails the temporary file is removed and an existing ``path`` is left as it was.

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
    temporary = path.with_name(f".{path.stem}.{uuid.uuid4().hex[:12]}{path.suffix}")
    # Created as any new file would be (mode 0o666 less the umask; no umask call, which threads would race).
    os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        if path.exists():
            os.chmod(temporary, path.stat().st_mode & 0o777)
        write(temporary)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
