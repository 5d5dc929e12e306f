"""The engine of games with no decision: the player's cards, dealt from one deck or a shoe, settle every wager.

Its analysis is exhaustive and exact: every multiset of the player's card types with its number of ways
(:mod:`analyzer.engines.no_decision.enumeration`), ranked once, cached, with results in
:class:`analyzer.engines.no_decision.results.NoDecisionAnalysis`. The pay solver is the exact linear one
(:func:`analyzer.engines.pay_solver.solve_main_line`: nothing to re-optimise); the simulator deals the shoe and
keeps every card dealt.
"""

from __future__ import annotations

import time
from fractions import Fraction
from functools import partial
from pathlib import Path

import numpy as np

from analyzer.core.shoes import MOST_CARDS
from analyzer.engines.base import EXHAUSTIVE, Engine, HoldPlay, RiskRow, Run, SimulationPlan, StrategyFile
from analyzer.engines.cache import cached_counts
from analyzer.engines.no_decision.enumeration import (
    check_counts,
    count_hands,
    load_counts,
    save_counts,
)
from analyzer.engines.no_decision.results import NoDecisionAnalysis
from analyzer.engines.pay_solver import Solution, solve_main_line
from analyzer.engines.results import GameResults, timing
from analyzer.engines.sizes import SizeEstimate, shoe_game
from analyzer.games.rules import GameRules


class KeepAll:
    """The simulator's "strategy" of a game with no decision: every card dealt is the hand."""

    name = "no decision (the cards dealt are the hand)"

    def holds(self, dealt: np.ndarray) -> np.ndarray:
        """Every card kept."""
        return np.full(len(dealt), 2 ** dealt.shape[1] - 1, dtype=np.int64)


class NoDecisionEngine(Engine[NoDecisionAnalysis, StrategyFile]):
    """Wagers settled by the player's cards alone, from any number of 52-card decks."""

    def count_inputs(self, rules: GameRules) -> dict[str, object]:
        """The deck and the wager's ranking (the counts are by the rank of its hand)."""
        return {"decks": rules.deck.decks, "jokers": rules.deck.jokers, "paid on": rules.wagers[0].ranking.name}

    def deck_problem(self, rules: GameRules) -> str | None:
        """Shoes of any number of decks are dealt; jokers are not, nor a ranking that cannot rank every hand the
        shoe deals (:meth:`analyzer.core.ranking.HandRanking.shoe_problem`)."""
        if rules.deck.jokers:
            return "this engine deals 52-card decks without jokers"
        rankings = [rules.wagers[0].ranking, *(bet.ranking for bet in rules.side_bets)]
        return next(filter(None, (ranking.shoe_problem(rules.deck.decks) for ranking in rankings)), None)

    def problem(self, rules: GameRules) -> str | None:
        """Why the engine cannot analyse ``rules``, or None."""
        if rules.decided:
            return "the game has a decision ([play], [[streets]] or [draw]): its family's engine analyses it"
        if rules.dealer_cards or rules.community_cards:
            return ("a game with no decision is paid on the player's cards alone (dealer_cards = 0, "
                    "community_cards = 0)")
        if len(rules.wagers) != 1 or rules.wagers[0].paytable is None or rules.wagers[0].paytable_mode != "instead":
            return "a game with no decision is one wager paid by a paytable instead of its result"
        if not 1 <= rules.player_cards <= MOST_CARDS:
            return f"hands of 1 to {MOST_CARDS} cards are counted, not {rules.player_cards}"
        return None

    def estimate(self, rules: GameRules, run: Run) -> SizeEstimate:
        """Memory, deals and rough time, from the numbers of cards (:func:`analyzer.engines.sizes.shoe_game`)."""
        if self.problem(rules) is not None:
            return super().estimate(rules, run)
        return shoe_game(rules)

    def analyze(self, rules: GameRules, run: Run) -> NoDecisionAnalysis:
        """The exact analysis; the counts are read from the cache when there (and ``run.cache``)."""
        self.check_analysable(rules)
        started = time.perf_counter()
        deck, cards = rules.deck, rules.player_cards
        counts = cached_counts(rules, not run.cache, run.tell, load_counts, partial(check_counts, deck, cards),
                               lambda: count_hands(deck, cards, rules.wagers[0].ranking), save_counts)
        return NoDecisionAnalysis(rules, counts, **timing(started))

    def load_strategy(self, rules: GameRules, path: Path) -> StrategyFile:
        """Refused: there is nothing to decide, so no strategy to write."""
        raise self.unsupported(rules, "--strategy", "the game has no decision: every wager is settled by the cards")

    def solve(self, rules: GameRules, wager: str, line: str, target: Fraction, run: Run) -> Solution:
        """The exact pay of a line for a target edge (the same counts at every pay: nothing is decided)."""
        def fixed(analysis: GameResults, changed: GameRules) -> GameResults:
            assert isinstance(analysis, NoDecisionAnalysis)
            return NoDecisionAnalysis(changed, analysis.counts)

        return solve_main_line(rules, wager, line, target, lambda game: self.analyze(game, run), fixed,
                               lambda start, end: False)

    def simulation(self, analysis: NoDecisionAnalysis) -> SimulationPlan:
        """Every card dealt kept: the analysis's own results to compare with."""
        return SimulationPlan(KeepAll.name, analysis, HoldPlay(KeepAll()))

    def collusion_problem(self, rules: GameRules) -> str | None:
        """Refused: the game deals the player's hand alone, so no other player's cards are counted."""
        return ("the game deals one hand alone (no other players' cards are counted); the player decides nothing "
                "that seen cards could change")

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        return "the game has no dealer hand: no dealer cards can be seen"

    def exposure_rows(self, rules: GameRules, run: Run, known: dict[int, Fraction]) -> list[RiskRow]:
        """Normal play only: with nothing to decide, no card seen changes what the player does."""
        cached = Run(run.jobs, run.progress, True, run.notify)
        normal = known[0] if 0 in known else self.analyze(rules, cached).main_figures()["house_edge_per_ante"]
        return [("normal play", normal, EXHAUSTIVE)]
