"""Where the enumeration's chunks run: this machine, or a Dask cluster through joblib's Dask backend.

Every chunk of work is a self-contained joblib task (a player-hand chunk that
builds its dealer tables once per worker, an up-card, a group of Hold'em flop
classes), so the same code runs on local threads or processes and on any
Dask cluster; the integers are identical either way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from joblib import parallel_config


class BackendError(ValueError):
    """A backend that cannot be used as asked."""


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
        client = Client(scheduler, timeout=10)
    except (OSError, TimeoutError) as error:
        raise BackendError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    try:
        with parallel_config(backend="dask"):
            yield
    finally:
        client.close()
