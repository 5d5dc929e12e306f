"""Cached files: where they live, an entry's lock, reading with checks, saving atomically.

The mechanics every cached count shares, whatever made it (a game's enumeration,
:mod:`analyzer.engines.cache`; the hands of every card set, :mod:`analyzer.engines.card_sets`).
Where: ``$ANALYZER_CACHE`` when set, else the user's cache folder
(``platformdirs.user_cache_dir("analyzer")``: ``~/.cache/analyzer`` on Linux),
never the working directory.

Files are written atomically (:mod:`analyzer.core.atomic`, :func:`save_cached`), so an
interrupted run never leaves a half-written entry; chunks saved on the way
let the next run resume. Every cached file is read through
:func:`load_cached` and checked (its arrays present, their shapes and dtypes,
its counts summing to the cycle where the engine knows it): a damaged one
(truncated, of the wrong shape, a folder, unreadable) is reported in one line
on stderr, recomputed and replaced.

Several runs may use one entry at once (:func:`cache_entry`): a run holds the
entry's lock (``.lock``, :mod:`filelock`) while it reads or enumerates it, so
the others wait and then read what it saved; a fresh run (``--no-cache``)
removes the entry's files one by one, never a folder another run writes in.
A cache that cannot be used (``$ANALYZER_CACHE`` naming a file, a folder
that cannot be made or written) is said in one line, and the run enumerates
without it.
"""

from __future__ import annotations

import os
import stat
import sys
import threading
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import numpy as np
from filelock import FileLock, Timeout
from platformdirs import user_cache_dir

from analyzer.core.atomic import sweep_stale, write_atomically

T = TypeVar("T")

#: What reading a damaged cached file raises (numpy's and json's loaders, and the checks behind them; an array
#: of another shape read as a number or indexed).
DAMAGE = (OSError, EOFError, ValueError, KeyError, TypeError, IndexError, zipfile.BadZipFile)
#: The files whose bytes make up the counting code: modules and their data (rankings, game rules).
#: Seconds a run waits for another run's lock on an entry before it says that it waits.
WAIT_NOTICE = 2.0
#: The lock file of an entry (names starting with a dot are never an entry's files).
LOCK_NAME = ".lock"


class DamagedEntry(ValueError):
    """A cached file that reads but is not what the engine saves for this game (its arrays, shapes, dtypes
    or counts); the message says what is wrong."""


def cache_root() -> Path:
    """Where cached enumerations live: ``$ANALYZER_CACHE``, else the user's cache folder.

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"ANALYZER_CACHE": "/tmp/counts"}):
    ...     cache_root().name
    'counts'
    """
    return Path(os.environ.get("ANALYZER_CACHE") or user_cache_dir("analyzer", appauthor=False))


def _reason(error: OSError) -> str:
    """An operating-system error in a few words: "permission denied", "no space left on device"."""
    return (error.strerror or str(error)).lower()


def _notice(message: str) -> None:
    print(message, file=sys.stderr)


_given: set[str] = set()
_given_lock = threading.Lock()


def _notice_once(key: str, message: str) -> None:
    """A notice given once per process (a folder that cannot be used would otherwise be said per file)."""
    with _given_lock:
        if key in _given:
            return
        _given.add(key)
    _notice(message)


def _why_unusable(folder: Path, error: OSError) -> str:
    """Why a cache folder cannot be made: the file that stands where a folder should be, else the error."""
    for place in (folder, *folder.parents):
        try:
            if place.exists() and not place.is_dir():
                return f"{place} is a file, not a folder"
        except OSError:
            continue
    return _reason(error)


def usable_folder(folder: Path, what: str = "enumerating without the cache") -> Path | None:
    """``folder``, made when missing, or None (after the one-line notice ``cannot use the cache folder
    FOLDER (WHY): WHAT``) when it cannot be made: ``$ANALYZER_CACHE`` names a file, a folder cannot be
    created there.

    >>> import tempfile
    >>> usable_folder(Path(tempfile.mkdtemp()) / "counts").name
    'counts'
    """
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        _notice_once(f"folder:{folder}", f"cannot use the cache folder {folder} ({_why_unusable(folder, error)}): {what}")
        return None
    return folder


_locks: dict[Path, FileLock] = {}


def _entry_lock(folder: Path) -> FileLock:
    """The one lock object of an entry in this process (so that a run may take it again while it holds it)."""
    path = folder / LOCK_NAME
    with _given_lock:
        if path not in _locks:
            try:
                _locks[path] = FileLock(path, fallback_to_soft=False)  # a lock the system frees when its holder dies
            except TypeError:  # filelock before 4: always the system's lock on Unix
                _locks[path] = FileLock(path)
        return _locks[path]


def _acquire(lock: FileLock, folder: Path, tell: Callable[[str], None] | None) -> bool:
    """Take the entry's lock, saying so when another run holds it for long; False when no lock can be taken
    here (a read-only folder, no file locks): atomic writes keep the entry whole without it."""
    try:
        try:
            lock.acquire(timeout=WAIT_NOTICE)
        except Timeout:
            if tell is not None:
                tell(f"waiting for another run to finish with the cache entry {folder}")
            lock.acquire()
    except Timeout:
        return False
    except Exception:  # noqa: BLE001 (the lock only saves work: any failure to take it goes on without it)
        return False
    return True


def _clear(folder: Path) -> None:
    """Remove the files of an entry one by one, never a folder: a run writing in it at the same time still
    finds its folders (hidden names, the lock and other runs' temporary files, are kept)."""
    for root, _, files in os.walk(folder):
        for name in files:
            if not name.startswith("."):
                try:
                    os.unlink(os.path.join(root, name))
                except OSError:
                    pass


@contextmanager
def cache_entry(folder: Path, fresh: bool = False, tell: Callable[[str], None] | None = None) -> Iterator[Path | None]:
    """Use the cache entry ``folder`` (:func:`cache_folder`): made when missing, its abandoned temporary
    files removed (:func:`analyzer.core.atomic.sweep_stale`), its lock held while the caller reads, enumerates
    and saves it (another run holding it: wait, saying so through ``tell`` after :data:`WAIT_NOTICE` seconds).
    ``fresh``: the entry's saved files are removed first (``--no-cache``: enumerate afresh). Yields the
    folder, or None when the cache cannot be used here (said in one line): enumerate without it.
    """
    usable = usable_folder(folder)
    if usable is None:
        yield None
        return
    for place in (usable, *(entry for entry in _subfolders(usable))):
        sweep_stale(place)
    lock = _entry_lock(usable)
    locked = _acquire(lock, usable, tell)
    try:
        if fresh:
            _clear(usable)
        yield usable
    finally:
        if locked:
            lock.release()


def _subfolders(folder: Path) -> list[Path]:
    try:
        return [Path(entry.path) for entry in os.scandir(folder) if entry.is_dir(follow_symlinks=False)]
    except OSError:
        return []


def chunk_folder(folder: Path | None, name: str) -> Path | None:
    """The folder ``name`` of an entry's resumable chunks, made when missing; None when there is no entry or
    the folder cannot be made (said in one line): the enumeration then saves no chunks."""
    if folder is None:
        return None
    return usable_folder(folder / name, "its chunks are not saved")


_reads: Counter[Path] = Counter()


def reads(folder: Path) -> int:
    """How many cached files of ``folder`` this process has read and used (:func:`load_cached`)."""
    with _given_lock:
        return _reads[Path(folder)]


def damaged(path: Path, reason: str | None = None, kind: str = "damaged") -> None:
    """The one-line notice of an entry that is not used: ``damaged cache entry PATH (REASON): recomputed``."""
    _notice(f"{kind} cache entry {path}{f' ({reason})' if reason else ''}: recomputed")


def load_cached(path: Path, read: Callable[[Path], T], check: Callable[[T], object] | None = None) -> T | None:
    """``read(path)``, checked by ``check`` (which raises :class:`DamagedEntry`), or None: quietly when the
    file is missing; with the line ``damaged cache entry PATH: recomputed`` on stderr (the reason in
    parentheses when known) when it is damaged (:data:`DAMAGE`), fails the check, is a folder or not a
    regular file, or cannot be read. The caller then recomputes it and saves it (:func:`save_cached`),
    which replaces it.

    >>> load_cached(Path("/nonexistent/situations.npz"), Path.read_bytes) is None
    True
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):  # none (a file where its folder should be: said on saving)
        return None
    except OSError as error:
        damaged(path, _reason(error), "unreadable")
        return None
    if stat.S_ISDIR(mode):
        damaged(path, "a folder, not a file")
        try:
            path.rmdir()  # when empty: the recomputed entry can take its place
        except OSError:
            pass
        return None
    if not stat.S_ISREG(mode):
        damaged(path, "not a regular file")
        return None
    try:
        value = read(path)
        if check is not None:
            check(value)
    except FileNotFoundError:  # removed meanwhile by a fresh run: simply not there
        return None
    except PermissionError as error:
        damaged(path, _reason(error), "unreadable")
        return None
    except DamagedEntry as error:
        damaged(path, str(error))
        return None
    except DAMAGE:
        damaged(path)
        return None
    with _given_lock:
        _reads[path.parent] += 1
    return value


def save_cached(path: Path, write: Callable[[Path], object]) -> bool:
    """Save a cached file atomically (:func:`analyzer.core.atomic.write_atomically`, with the permissions of
    a new file, not those of a damaged one it replaces), its folder made when missing. When it cannot be
    saved (a full disk, a read-only folder, a folder in its place) the run goes on: one line on stderr,
    ``could not save the cache entry PATH (WHY): not cached`` (once per folder), and False."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, write, keep_mode=False)
    except OSError as error:
        why = _why_unusable(path.parent, error) if isinstance(error, (FileExistsError, NotADirectoryError)) \
            else _reason(error)
        _notice_once(f"save:{path.parent}", f"could not save the cache entry {path} ({why}): not cached")
        return False
    return True


def integers(arrays: Mapping[str, np.ndarray], name: str, *shape: int | None) -> np.ndarray:
    """``arrays[name]`` when it is there, of integers, of ``shape`` (None: any length there); else
    :class:`DamagedEntry` saying what is wrong.

    >>> integers({"weights": np.array([1.5])}, "weights", None)
    Traceback (most recent call last):
    analyzer.engines.cache_files.DamagedEntry: weights of dtype float64, not integers
    >>> integers({"counts": np.zeros((2, 5), dtype=np.int32)}, "counts", None, 6)
    Traceback (most recent call last):
    analyzer.engines.cache_files.DamagedEntry: counts of shape (2, 5), not (any, 6)
    """
    array = arrays[name] if name in arrays else None
    if array is None:
        raise DamagedEntry(f"no {name}")
    array = np.asarray(array)
    if not np.issubdtype(array.dtype, np.integer):
        raise DamagedEntry(f"{name} of dtype {array.dtype}, not integers")
    if array.ndim != len(shape) or any(want is not None and got != want for got, want in zip(array.shape, shape, strict=True)):
        wanted = ", ".join("any" if want is None else str(want) for want in shape)
        raise DamagedEntry(f"{name} of shape {array.shape}, not ({wanted}{',' if len(shape) == 1 else ''})")
    return array


def expect(condition: object, reason: str) -> None:
    """:class:`DamagedEntry` (``reason``) unless ``condition``."""
    if not condition:
        raise DamagedEntry(reason)
