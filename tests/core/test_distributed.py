"""The enumeration on a Dask cluster (several worker processes) gives the same integers as on one machine."""

from __future__ import annotations

import numpy as np
import pytest

import analyzer
from analyzer.core.distributed import BackendError, execution_backend

pytestmark = pytest.mark.slow


def test_a_local_dask_cluster_gives_identical_integers(crazy4):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with execution_backend("dask", cluster.scheduler_address):
            on_dask = analyzer.analyze("crazy4", jobs=2, cache=False)
    assert np.array_equal(on_dask.situations.outcome_counts, crazy4.situations.outcome_counts)
    assert on_dask.main_figures()["house_edge_per_ante"] == crazy4.main_figures()["house_edge_per_ante"]


@pytest.mark.parametrize("backend, scheduler, message", [
    ("dask", None, "needs --scheduler"),
    ("local", "tcp://127.0.0.1:1", "goes with --backend dask"),
    ("dask", "tcp://127.0.0.1:1", "cannot reach the Dask scheduler"),
])
def test_backend_mistakes_are_clear(backend, scheduler, message):
    with pytest.raises(BackendError, match=message):
        with execution_backend(backend, scheduler):
            pass
