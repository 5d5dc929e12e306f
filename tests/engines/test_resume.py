"""Nothing is lost on a fault: a run killed part-way resumes from its completed chunks, same integers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import analyzer
from analyzer.engines.cache import cache_folder

pytestmark = pytest.mark.slow


def test_a_killed_four_card_fever_run_resumes_with_the_same_integers(tmp_path, monkeypatch, fourcardfever):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    chunks = cache_folder(analyzer.load_game("fourcardfever")) / "chunks"
    run = subprocess.Popen([sys.executable, "-m", "analyzer.cli", "analyze", "fourcardfever", "--quiet", "--jobs", "2"],
                           env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and run.poll() is None and len(list(chunks.glob("up-card-*.npz"))) < 3:
        time.sleep(0.2)
    os.killpg(run.pid, signal.SIGKILL)  # the run and its worker processes, mid-enumeration
    run.wait()
    done = sorted(chunks.glob("up-card-*.npz"))
    assert 3 <= len(done) < 13, "the run should have been killed part-way"
    assert not (chunks.parent / "situations.npz").exists()

    messages: list[str] = []
    resumed = analyzer.analyze("fourcardfever", jobs=2, notify=messages.append)
    assert np.array_equal(resumed.situations.outcome_counts, fourcardfever.situations.outcome_counts)
    assert np.array_equal(resumed.situations.weights, fourcardfever.situations.weights)
    assert len(list(chunks.glob("up-card-*.npz"))) == 13

    again = analyzer.analyze("fourcardfever", jobs=2, notify=messages.append)
    assert messages and "using the cached enumeration" in messages[-1]
    assert again.main_figures()["house_edge_per_ante"] == fourcardfever.main_figures()["house_edge_per_ante"]
