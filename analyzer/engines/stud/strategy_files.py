"""A strategy written street by street (:mod:`analyzer.engines.street_rules`) played over every ordered deal
of a paytable game over streets: its exact figures and its cost against the optimal strategy."""

from __future__ import annotations

from analyzer.engines.base import StrategyFigures
from analyzer.engines.street_rules import StreetStrategy
from analyzer.engines.stud.enumeration import enumerate_game
from analyzer.engines.stud.results import PaytableAnalysis


def evaluate_street_strategy(analysis: PaytableAnalysis, strategy: StreetStrategy) -> StrategyFigures:
    """The exact figures of a written strategy (house edge per ante, element of risk, average total bet,
    how deals end), by playing its choice in every situation over every ordered deal, and its cost
    against the optimal strategy of ``analysis`` (the written house edge minus the optimal one)."""
    counts = enumerate_game(analysis.tree, written=strategy.choose)
    return StrategyFigures.played(strategy.title, PaytableAnalysis(analysis.rules, analysis.tree, counts).main_figures(),
                                  analysis.main_figures()["house_edge_per_ante"])
