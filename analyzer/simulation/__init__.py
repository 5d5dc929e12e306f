"""An independent simulation of any game against a dealer: shuffled decks dealt card by card, a
strategy the caller gives applied, every wager settled from the rules data with the simulator's
own hand evaluator (:mod:`analyzer.simulation.hands`), sharing no counting or ranking code with the
enumeration. :func:`simulate_game` compares each wager's mean return with the exact value of the
results object it is given; :func:`simulate` does so for an analysis, with the strategy its engine plays.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: Where each name the package gives lives (imported when first used, so that importing one module of the
#: package, the evaluator's SimulationError say, does not import them all).
_NAMES = {"simulate": "analysis", "strategy_and_exact": "analysis", "Z_LIMIT": "check", "SimulationCheck": "check",
          "WagerCheck": "check", "default_hands": "check", "exact_figures": "check", "simulate_game": "check",
          "SimulationError": "hands", "Strategy": "strategies", "StrategyTable": "strategies",
          "StreetStrategy": "strategies"}

__all__ = sorted(_NAMES)


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        return getattr(import_module(f"analyzer.simulation.{_NAMES[name]}"), name)
    raise AttributeError(f"module 'analyzer.simulation' has no attribute {name!r}")
