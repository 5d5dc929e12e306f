"""Where the enumeration's chunks run: this machine, or a Dask cluster through joblib's Dask backend; and
what this machine offers them (:func:`available_memory`, :func:`check_jobs`).

Every chunk of work is a self-contained joblib task (a player-hand chunk that
builds its dealer tables once per worker, an up-card, a group of Hold'em flop
classes), so the same code runs on local threads or processes and on any
Dask cluster; the integers are identical either way.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: Set to a size (``16G``, ``500M``, a number of bytes) to cap the memory an analysis may take, instead of
#: the memory this machine has available.
MEMORY_VARIABLE = "ANALYZER_MEMORY"
#: The memory assumed available where the system does not say (no /proc/meminfo, no sysconf).
FALLBACK_MEMORY = 8 * 2**30
#: The most workers per core of this machine ``--jobs`` may ask for; on a Dask cluster, the most workers.
JOBS_PER_CORE = 4
CLUSTER_JOBS = 4096
_UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}


class BackendError(ValueError):
    """A backend that cannot be used as asked."""


def cores() -> int:
    """This machine's cores (the default of ``--jobs``)."""
    return os.cpu_count() or 1


def check_jobs(jobs: int, backend: str = "local") -> None:
    """Refuse, in one line and before any work, more workers than this machine (or a cluster) could run:
    each is a thread or a process holding its own tables.

    >>> check_jobs(1)
    >>> try:
    ...     check_jobs(10**6)
    ... except BackendError as error:
    ...     str(error).startswith("--jobs 1000000 is more than")
    True
    """
    most = CLUSTER_JOBS if backend == "dask" else JOBS_PER_CORE * cores()
    if jobs > most:
        where = ("on a Dask cluster" if backend == "dask"
                 else f"{JOBS_PER_CORE} workers for each of this machine's {cores()} cores")
        raise BackendError(f"--jobs {jobs} is more than {most} ({where})")


def memory_size(text: str) -> int:
    """A size such as ``16G``, ``1.5GiB``, ``500M`` or ``1000000`` (bytes).

    >>> memory_size("16G"), memory_size("1.5 GiB"), memory_size("500m"), memory_size("4096")
    (17179869184, 1610612736, 524288000, 4096)
    """
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*([kmgt]?)(?:i?b)?\s*", text.lower())
    if not match:
        raise BackendError(f"{MEMORY_VARIABLE}={text!r} is not a size such as 16G or 500M")
    return int(float(match[1]) * _UNITS[match[2]])


def available_memory() -> int:
    """The bytes an analysis may take: ``$ANALYZER_MEMORY`` when set, else the memory this machine has
    available (``MemAvailable`` of /proc/meminfo, within the limit of the process's control group), else
    what sysconf says is free, else :data:`FALLBACK_MEMORY`."""
    if (text := os.environ.get(MEMORY_VARIABLE)) is not None:
        return memory_size(text)
    found = _meminfo_available()
    if found is None:
        try:
            found = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            found = None
    limit = _cgroup_room()
    if limit is not None:
        found = limit if found is None else min(found, limit)
    return FALLBACK_MEMORY if not found or found <= 0 else found


def _meminfo_available() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _cgroup_room() -> int | None:
    """Room left under the memory limit of this process's control group (cgroup v2), None if there is none."""
    try:
        entry = next(line for line in Path("/proc/self/cgroup").read_text().splitlines() if line.startswith("0::"))
        folder = Path("/sys/fs/cgroup") / entry[3:].lstrip("/")
        limit = (folder / "memory.max").read_text().strip()
        if limit == "max":
            return None
        return int(limit) - int((folder / "memory.current").read_text().strip())
    except (OSError, ValueError, StopIteration):
        return None


@contextmanager
def execution_backend(backend: str = "local", scheduler: str | None = None) -> Iterator[None]:
    """Run the joblib work inside this block locally, or on the Dask scheduler at ``scheduler``."""
    if backend == "local":
        if scheduler:
            raise BackendError("--scheduler goes with --backend dask")
        yield
        return
    if backend != "dask":
        raise BackendError(f"unknown backend {backend!r} (local or dask)")
    if not scheduler:
        raise BackendError("--backend dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")
    try:
        from distributed import Client
    except ImportError:
        raise BackendError("the Dask backend needs the 'distributed' package: pip install 'dask[distributed]'") from None
    try:
        client = Client(scheduler, timeout=10)  # type: ignore[no-untyped-call]  # distributed leaves it unannotated
    except (OSError, TimeoutError, ValueError, TypeError) as error:  # ValueError: not an address
        detail = " ".join(str(error).split()) or type(error).__name__
        raise BackendError(f"cannot reach the Dask scheduler at {scheduler!r}: {detail}") from None
    from joblib import parallel_config
    try:
        with parallel_config(backend="dask"):
            yield
    finally:
        client.close()  # type: ignore[no-untyped-call]  # distributed leaves it unannotated
