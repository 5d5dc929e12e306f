"""A simulation check from an exact analysis: the engine that made it says which strategy to play and
which exact results that strategy has (:meth:`analyzer.engines.base.Engine.simulation`); the
simulator turns that plan into a strategy of its own (:mod:`analyzer.simulation.strategies`).

* a plan of situation classes (one decision): the table of its representative
  deals' Play multiples;
* a posted Hold'em strategy: its pre-flop, flop and river decisions, street by street;
* a plan of streets (no dealer hand): each street's choice by the suit class of the cards seen and the
  choices made before (:mod:`analyzer.simulation.streets`);
* a draw game's policy: the cards each dealt hand keeps (:mod:`analyzer.simulation.draws`);
* a player deciding deal by deal (a Hold'em game over streets, by exact small enumerations of what it has not
  seen): played as it is.
"""

from __future__ import annotations

from analyzer.engines.base import (
    DealPlay,
    HoldPlay,
    HoldPolicy,
    PostedPlay,
    SimulationPlan,
    SituationPlay,
    StreetPlay,
)
from analyzer.engines.registry import engine_for
from analyzer.engines.results import GameResults
from analyzer.simulation.check import SimulationCheck, simulate_game
from analyzer.simulation.hands import SimulationError
from analyzer.simulation.strategies import Strategy, StrategyTable, StreetStrategy
from analyzer.simulation.streets import StreetPolicy, StreetTables


def strategy_of(plan: SimulationPlan) -> Strategy | StreetPolicy | HoldPolicy:
    """The simulator's strategy for an engine's plan (a deal-by-deal player is a :class:`Strategy` as it is)."""
    match plan.strategy:
        case DealPlay(player):
            return player
        case HoldPlay(policy):
            return policy
        case StreetPlay(streets):
            return StreetTables.build(streets, plan.name)
        case SituationPlay(hands, up_cards, multiples):
            return StrategyTable.build(hands, up_cards, multiples, plan.name)
        case PostedPlay(card):
            return StreetStrategy(card)
    raise SimulationError(f"the plan {plan.name!r} gives no strategy to simulate")


def strategy_and_exact(analysis: GameResults) -> tuple[Strategy | StreetPolicy | HoldPolicy, GameResults]:
    """The strategy the simulation plays for an analysis and the exact results of that strategy."""
    plan = engine_for(analysis.rules).simulation(analysis)
    return strategy_of(plan), plan.exact


def simulate(analysis: GameResults, hands: int, seed: int, jobs: int = 1, progress: bool = False) -> SimulationCheck:
    """The simulation check of the strategy the analysis's engine plays, against its exact values."""
    strategy, exact = strategy_and_exact(analysis)
    return simulate_game(analysis.rules, strategy, exact, hands, seed, jobs, progress)
