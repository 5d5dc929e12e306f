"""An independent simulation of every game: shuffled decks dealt card by card, the analysis's
strategy applied, every wager settled by the written rules with the simulator's own hand
evaluator (:mod:`analyzer.simulation.hands`), sharing no counting or ranking code with the
enumeration. :func:`simulate` compares each wager's mean return with its exact value.
"""

from analyzer.simulation.check import (
                                       Z_LIMIT,
                                       SimulationCheck,
                                       WagerCheck,
                                       committed_holdem_analysis,
                                       default_hands,
                                       exact_figures,
                                       simulate,
)
from analyzer.simulation.hands import SimulationError

__all__ = ["Z_LIMIT", "SimulationCheck", "SimulationError", "WagerCheck", "committed_holdem_analysis",
           "default_hands", "exact_figures", "simulate"]
