"""An independent simulation of any game against a dealer: shuffled decks dealt card by card, a
strategy the caller gives applied, every wager settled from the rules data with the simulator's
own hand evaluator (:mod:`analyzer.simulation.hands`), sharing no counting or ranking code with the
enumeration. :func:`simulate_game` compares each wager's mean return with the exact value of the
results object it is given; :func:`simulate` does so for an analysis, with the strategy its engine plays.
"""

from analyzer.simulation.analysis import simulate, strategy_and_exact
from analyzer.simulation.check import (
    Z_LIMIT,
    SimulationCheck,
    WagerCheck,
    default_hands,
    exact_figures,
    simulate_game,
)
from analyzer.simulation.hands import SimulationError
from analyzer.simulation.strategies import Strategy, StrategyTable, StreetStrategy

__all__ = ["Z_LIMIT", "SimulationCheck", "SimulationError", "Strategy", "StrategyTable", "StreetStrategy",
           "WagerCheck", "default_hands", "exact_figures", "simulate", "strategy_and_exact",
           "simulate_game"]
