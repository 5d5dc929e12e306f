"""The whole analysis of one game: rules, enumeration, optimal strategy, results."""

from __future__ import annotations

import os
import time
from datetime import datetime
from pathlib import Path

from analyzer import __version__
from analyzer.enumeration import enumerate_situations
from analyzer.results import Analysis, GameResults
from analyzer.rules import load_game
from analyzer.strategy import decide

#: Where long enumerations keep their completed chunks (set ANALYZER_CACHE to move it).
CACHE = Path(os.environ.get("ANALYZER_CACHE", Path("enumerations") / "cache"))


def analyze(game: str, options: dict[str, str] | None = None, jobs: int = 1,
            progress: bool = False, paytable_files: tuple[Path, ...] = ()) -> GameResults:
    """Exact analysis of ``game`` (e.g. ``"crazy4"``) with optional rule-option choices and
    user paytable files (the optimal strategy is recomputed for them).

    ``jobs``: parallel workers for the enumeration; ``progress``: draw bars on stderr.
    Ultimate Texas Hold'em checkpoints its completed chunks under :data:`CACHE`
    (per program version and rules), so an interrupted run resumes where it
    stopped and a repeated run is quick.
    """
    started = time.perf_counter()
    rules = load_game(game, options, tuple(paytable_files))
    if rules.engine == "holdem":
        from analyzer.holdem.enumeration import analyze_holdem
        from analyzer.holdem.results import HoldemAnalysis

        # Chunks are keyed by program version and rules, so an older run's chunks are never reused.
        chunks = CACHE / f"{rules.name}-{__version__}-{rules.input_hash[:12]}"
        counts = analyze_holdem(jobs=jobs, progress=progress, checkpoint_dir=chunks)
        return HoldemAnalysis(rules, counts, seconds=time.perf_counter() - started,
                              finished_at=datetime.now().astimezone())
    situations = enumerate_situations(rules, jobs=jobs, progress=progress)
    decisions = decide(rules, situations)
    return Analysis(rules, situations, decisions, seconds=time.perf_counter() - started,
                    finished_at=datetime.now().astimezone())
