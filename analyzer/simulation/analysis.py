"""The transitional entry: a simulation check from an exact analysis object alone.

:func:`simulate` takes the strategy and the exact results from the analysis
and calls :func:`analyzer.simulation.check.simulate_game`. It is the only part
of the simulation that knows the engines' result objects, and goes once the
callers build the strategy and the exact results themselves:

* an analysis with ``situations`` (one decision): the table of its
  representative deals' ``chosen_multiple``; the exact results are the analysis;
* otherwise (Hold'em): the posted card whose counts the analysis holds
  (``analysis.posted``), else the card with the dealer-outs clause whose
  counts are committed in ``enumerations/uth_posted/``; the exact results are
  the analysis with those counts in place of the optimal ones.
"""

from __future__ import annotations

import dataclasses

from analyzer.simulation.check import SimulationCheck, simulate_game
from analyzer.simulation.strategies import Strategy, StrategyTable, StreetStrategy


def simulate(analysis, hands: int, seed: int, jobs: int = 1, progress: bool = False) -> SimulationCheck:
    """The simulation check of an analysis's own strategy against its exact values."""
    strategy, exact = strategy_and_exact(analysis)
    return simulate_game(analysis.rules, strategy, exact, hands, seed, jobs, progress)


def strategy_and_exact(analysis) -> tuple[Strategy, object]:
    """The strategy the simulation plays for an analysis and the exact results of that strategy."""
    situations = getattr(analysis, "situations", None)
    if situations is not None:
        table = StrategyTable.build(situations.cards, situations.up_card, analysis.chosen_multiple,
                                    "optimal (from the exact analysis)")
        return table, analysis
    from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS, load_posted_counts
    from analyzer.engines.holdem.results import HoldemAnalysis

    counts = analysis.posted
    if counts is None:
        saved = load_posted_counts()
        counts = dataclasses.replace(analysis.counts, settlement_by_hand=saved.settlement_by_hand,
                                     settlement=saved.settlement)
    posted = CARD_WITH_DEALER_OUTS if analysis.posted is None else analysis.posted.strategy
    return StreetStrategy(posted), HoldemAnalysis(analysis.rules, counts)


def committed_holdem_analysis(rules):
    """Hold'em from its committed counts (``enumerations/uth/``): the exact figures without an enumeration."""
    from analyzer.engines.holdem.posted import OPTIMAL_FOLDER
    from analyzer.engines.holdem.results import HoldemAnalysis, load_counts

    return HoldemAnalysis(rules, load_counts(OPTIMAL_FOLDER))
