"""The whole analysis of one game: rules, enumeration, optimal strategy, results."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from analyzer.engines.cache import cache_folder
from analyzer.engines.one_decision.enumeration import (
    enumerate_situations,
    load_situations,
    save_situations,
)
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy import decide
from analyzer.engines.results import GameResults
from analyzer.games.exposure import expose
from analyzer.games.rules import load_game


def _timing(started: float) -> dict[str, object]:
    return {"seconds": time.perf_counter() - started, "finished_at": datetime.now().astimezone()}


def analyze(game: str, options: dict[str, str] | None = None, jobs: int = 1, progress: bool = False,
            paytable_files: tuple[Path, ...] = (), cache: bool = True,
            notify: Callable[[str], None] | None = None, exposed: int = 0) -> GameResults:
    """Exact analysis of ``game`` (e.g. ``"crazy4"``) with optional rule-option choices and
    user paytable files (the optimal strategy is recomputed for them).

    ``jobs``: parallel workers for the enumeration; ``progress``: draw bars on
    stderr. ``cache``: reuse a cached enumeration (see :mod:`analyzer.engines.cache`)
    when there is one; the enumeration is saved either way, with its completed
    chunks on the way, so an interrupted run resumes. ``notify`` receives a
    line saying when a cached enumeration is used. ``exposed``: how many of the
    dealer's face-down cards the player sees (see :mod:`analyzer.games.exposure`).
    """
    started = time.perf_counter()
    rules = load_game(game, options, tuple(paytable_files))
    if exposed:
        rules = expose(rules, exposed)
    folder = cache_folder(rules)
    if rules.engine == "holdem":
        from analyzer.engines.holdem.enumeration import analyze_holdem
        from analyzer.engines.holdem.posted import (
            CARD_WITH_DEALER_OUTS,
            posted_strategy_counts,
        )
        from analyzer.engines.holdem.results import HoldemAnalysis

        chunks = folder / "chunks"
        if cache and notify and chunks.is_dir() and any(chunks.iterdir()):
            notify(f"using the cached enumeration chunks in {chunks}")
        if not cache and folder.is_dir():
            shutil.rmtree(folder)
        counts = analyze_holdem(jobs=jobs, progress=progress, checkpoint_dir=chunks)
        posted = posted_strategy_counts(CARD_WITH_DEALER_OUTS, jobs=jobs, progress=progress,
                                        checkpoint_dir=folder / "posted-chunks")
        return HoldemAnalysis(rules, counts, posted=posted, **_timing(started))
    saved = folder / "situations.npz"
    situations = load_situations(saved) if cache else None
    if situations is not None:
        if notify:
            notify(f"using the cached enumeration {saved}")
    else:
        if not cache and folder.is_dir():
            shutil.rmtree(folder)
        situations = enumerate_situations(rules, jobs=jobs, progress=progress, checkpoints=folder / "chunks")
        save_situations(saved, situations)
    decisions = decide(rules, situations)
    return Analysis(rules, situations, decisions, **_timing(started))
