"""The whole analysis of one game: rules, enumeration, optimal strategy, results."""

from __future__ import annotations

import time
from datetime import datetime

from analyzer.enumeration import enumerate_situations
from analyzer.results import Analysis
from analyzer.rules import load_game
from analyzer.strategy import decide


def analyze(game: str, options: dict[str, str] | None = None, jobs: int = 1,
            progress: bool = False) -> Analysis:
    """Exact analysis of ``game`` (e.g. ``"crazy4"``) with optional rule-option choices.

    ``jobs``: parallel workers for the enumeration; ``progress``: draw bars on stderr.
    """
    started = time.perf_counter()
    rules = load_game(game, options)
    situations = enumerate_situations(rules, jobs=jobs, progress=progress)
    decisions = decide(rules, situations)
    return Analysis(rules, situations, decisions, seconds=time.perf_counter() - started,
                    finished_at=datetime.now().astimezone())
