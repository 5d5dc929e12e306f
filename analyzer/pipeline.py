"""The whole analysis of one game: its rules read, the engine that serves it found, its size checked
against this machine (:func:`check_size`), the exact results.

>>> rules_and_engine("uth")[1].name
'holdem'
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.core.distributed import available_memory
from analyzer.engines.base import Engine, Run
from analyzer.engines.registry import engine_for
from analyzer.engines.sizes import SizeEstimate, size_text
from analyzer.games.rules import GameRules, load_game

if TYPE_CHECKING:
    from analyzer.engines.results import GameResults


def rules_and_engine(game: str, options: dict[str, str] | None = None,
                     paytable_files: tuple[Path, ...] = ()) -> tuple[GameRules, Engine]:
    """The rules of ``game`` (a shipped game's name or a rules file) with the option choices and user
    paytable files applied, and the engine that serves them."""
    rules = load_game(game, options, tuple(paytable_files))
    return rules, engine_for(rules)


class TooLarge(Exception):
    """A game whose analysis needs more memory than this machine has available: refused before any work."""


def check_size(game: str, rules: GameRules, engine: Engine, run: Run) -> SizeEstimate:
    """The engine's estimate of what the analysis of ``rules`` takes with ``run``'s workers; past the memory
    available (:func:`analyzer.core.distributed.available_memory`), :class:`TooLarge` with the estimate,
    before any work."""
    estimate = engine.estimate(rules, run)
    available = available_memory()
    if estimate.bytes > available:
        raise TooLarge(f"{game}: too large for this machine: its analysis needs {estimate.describe()}, and "
                       f"{size_text(available)} of memory is available; refused before any work")
    return estimate


def analyze(game: str, options: dict[str, str] | None = None, jobs: int = 1, progress: bool = False,
            paytable_files: tuple[Path, ...] = (), cache: bool = True,
            notify: Callable[[str], None] | None = None) -> GameResults:
    """Exact analysis of ``game`` (e.g. ``"crazy4"``) with optional rule-option choices and
    user paytable files (the optimal strategy is recomputed for them).

    ``jobs``: parallel workers for the enumeration; ``progress``: draw bars on
    stderr. ``cache``: reuse a cached (or committed) enumeration when there is
    one; the enumeration is saved either way, with its completed chunks on the
    way, so an interrupted run resumes. ``notify`` receives a line saying when
    a cached enumeration is used (dealer cards seen: the engine's
    ``exposure``, what ``protect`` runs). A game too large for this machine's memory is refused first (:class:`TooLarge`).
    """
    rules, engine = rules_and_engine(game, options, paytable_files)
    run = Run(jobs, progress, cache, notify)
    check_size(game, rules, engine, run)
    return engine.analyze(rules, run)
