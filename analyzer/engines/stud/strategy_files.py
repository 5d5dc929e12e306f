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
    played = PaytableAnalysis(analysis.rules, analysis.tree, counts).main_figures()
    optimal = analysis.main_figures()
    return StrategyFigures(title=strategy.title, house_edge_per_ante=played["house_edge_per_ante"],
                           element_of_risk=played["element_of_risk"], average_total_bet=played["average_total_bet"],
                           cost_per_ante=played["house_edge_per_ante"] - optimal["house_edge_per_ante"],
                           actions=played["actions"], decision_points=played["decision_points"])
