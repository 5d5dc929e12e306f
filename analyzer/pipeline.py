"""The whole analysis of one game: its rules read, the engine that serves it found, the exact results.

>>> rules_and_engine("uth")[1].name
'holdem'
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from analyzer.engines.base import Engine, Run
from analyzer.engines.registry import engine_for
from analyzer.engines.results import GameResults
from analyzer.games.rules import GameRules, load_game


def rules_and_engine(game: str, options: dict[str, str] | None = None,
                     paytable_files: tuple[Path, ...] = ()) -> tuple[GameRules, Engine]:
    """The rules of ``game`` (a shipped game's name or a rules file) with the option choices and user
    paytable files applied, and the engine that serves them."""
    rules = load_game(game, options, tuple(paytable_files))
    return rules, engine_for(rules)


def analyze(game: str, options: dict[str, str] | None = None, jobs: int = 1, progress: bool = False,
            paytable_files: tuple[Path, ...] = (), cache: bool = True,
            notify: Callable[[str], None] | None = None, exposed: int = 0) -> GameResults:
    """Exact analysis of ``game`` (e.g. ``"crazy4"``) with optional rule-option choices and
    user paytable files (the optimal strategy is recomputed for them).

    ``jobs``: parallel workers for the enumeration; ``progress``: draw bars on
    stderr. ``cache``: reuse a cached (or committed) enumeration when there is
    one; the enumeration is saved either way, with its completed chunks on the
    way, so an interrupted run resumes. ``notify`` receives a line saying when
    a cached enumeration is used. ``exposed``: how many of the dealer's
    face-down cards the player sees (see :mod:`analyzer.games.exposure`).
    """
    rules, engine = rules_and_engine(game, options, paytable_files)
    return engine.analyze(rules, Run(jobs, progress, cache, notify), exposed)
