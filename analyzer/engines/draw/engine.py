"""The draw engine: the player is dealt a hand, keeps any of its cards, draws the rest from the unseen cards,
and the final hand is paid by a table (video poker).

Its analysis is exhaustive and exact: every hold of every dealt suit class counted by inclusion-exclusion over
the cards kept (:mod:`analyzer.engines.draw.holds`), the optimal hold of each class and its final hands on one
integer cycle (:mod:`analyzer.engines.draw.enumeration`), cached, with results in
:class:`analyzer.engines.draw.results.DrawAnalysis`. The pay solver re-optimises the holds at every trial pay
(:func:`analyzer.engines.pay_solver.solve_main_line`).
"""

from __future__ import annotations

import time
from fractions import Fraction
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.engines.base import EXHAUSTIVE, Engine, HoldPlay, RiskRow, Run, SimulationPlan, StrategyFigures
from analyzer.engines.cache import cached_counts, expect, integers
from analyzer.engines.draw.enumeration import (
    DrawCounts,
    DrawGame,
    enumerate_game,
    load_counts,
    save_counts,
)
from analyzer.engines.draw.policy import OptimalHolds
from analyzer.engines.draw.results import DrawAnalysis
from analyzer.engines.draw.strategy_list import HoldStrategy, evaluate_hold_strategy, load_hold_strategy
from analyzer.engines.pay_solver import Solution, solve_main_line
from analyzer.engines.results import GameResults, timing
from analyzer.engines.sizes import SizeEstimate, draw_game
from analyzer.games.rules import GameRules

#: Most cards a dealt hand may have (2**n holds per deal; beyond this the subset tables outgrow memory).
MOST_DEALT = 5


def check_counts(rules: GameRules, counts: DrawCounts) -> None:
    """Cached counts as :func:`enumerate_game` makes them (else :class:`analyzer.engines.cache.DamagedEntry`):
    the classes summing to every deal, a hold per class, every class's final hands summing to the weight."""
    game = DrawGame(rules)
    arrays = {"cards": counts.cards, "weights": counts.weights, "chosen": counts.chosen, "final": counts.final}
    classes = len(integers(arrays, "cards", None, game.hand_size))
    integers(arrays, "weights", classes)
    integers(arrays, "chosen", classes)
    integers(arrays, "final", classes, game.group_count)
    expect(counts.weight == game.weight, f"a deal weight of {counts.weight}, not {game.weight}")
    expect(int(counts.weights.sum()) == len(game.wager.ranking.table), "classes not summing to every deal")
    expect(counts.values.shape == (classes, 2 ** game.hand_size), f"values of shape {counts.values.shape}")
    expect(((counts.chosen >= 0) & (counts.chosen < 2 ** game.hand_size)).all(), "a hold past the masks")
    expect((counts.final >= 0).all() and (counts.final.sum(axis=1) == counts.weight).all(),
           "a class's final hands not summing to the deal weight")


class DrawEngine(Engine[DrawAnalysis, HoldStrategy]):
    """A hand dealt, a draw, the final hand paid by the table."""

    gives_hand_decisions = True

    def count_inputs(self, rules: GameRules) -> dict[str, object]:
        """The draw, the wager's lines and pays (the holds are chosen by them) and the tie rule."""
        wager = rules.wagers[0]
        return {"draw": [rules.draw.title, rules.draw.most_replaced] if rules.draw else None,
                "results": [str(r) for r in wager.results], "mode": wager.paytable_mode,
                "lines": [(line.pattern.text, str(line.pays)) for line in wager.paytable.lines]
                if wager.paytable else None, "ties": "most kept, then lower mask"}

    def problem(self, rules: GameRules) -> str | None:
        """Why the engine cannot analyse ``rules``, or None."""
        if rules.draw is None:
            return "the game has no draw ([draw] in its rules file)"
        if rules.dealer_cards or rules.community_cards:
            return ("the draw engine analyses a hand drawn to alone (dealer_cards = 0, community_cards = 0); "
                    "a draw against a dealer is not analysed yet")
        if len(rules.wagers) != 1 or rules.wagers[0].paytable is None:
            return "the draw engine analyses one wager paid by a paytable on the final hand"
        if rules.ranking.cards != rules.player_cards or rules.wagers[0].ranking.cards != rules.player_cards:
            return f"the final hand must be the {rules.player_cards} cards held after the draw"
        if rules.player_cards > MOST_DEALT:
            return f"hands of more than {MOST_DEALT} cards dealt are not analysed ({2 ** rules.player_cards} holds)"
        return None

    def estimate(self, rules: GameRules, run: Run) -> SizeEstimate:
        """Memory, deals and rough time, from the numbers of cards (:func:`analyzer.engines.sizes.draw_game`)."""
        if self.problem(rules) is not None:
            return super().estimate(rules, run)
        return draw_game(rules)

    def analyze(self, rules: GameRules, run: Run) -> DrawAnalysis:
        """The exact analysis; the counts are read from the cache when there (and ``run.cache``)."""
        self.check_analysable(rules)
        started = time.perf_counter()
        counts = cached_counts(rules, not run.cache, run.tell, load_counts, partial(check_counts, rules),
                               lambda: enumerate_game(rules, progress=run.progress), save_counts)
        return DrawAnalysis(rules, DrawGame(rules), counts, **timing(started))

    def load_strategy(self, rules: GameRules, path: Path) -> HoldStrategy:
        """A ranked list of hold patterns (:mod:`analyzer.engines.draw.strategy_list`), checked; refused for a
        ranking with wild cards (the patterns read the ranks and suits of the cards kept, not their wildness)."""
        if rules.ranking.wild:
            raise self.unsupported(rules, "--strategy", "hold patterns are worded for games without wild cards")
        return load_hold_strategy(path, rules)

    def evaluate_strategy(self, analysis: DrawAnalysis, strategy: HoldStrategy, run: Run = Run()) -> StrategyFigures:
        """The list's exact return and its cost against the optimal holds."""
        return evaluate_hold_strategy(analysis, strategy)

    def solve(self, rules: GameRules, wager: str, line: str, target: Fraction, run: Run) -> Solution:
        """The exact pay of a line for a target edge, the holds re-optimised at every trial pay."""
        def fixed(analysis: GameResults, changed: GameRules) -> GameResults:
            assert isinstance(analysis, DrawAnalysis)
            return DrawAnalysis(changed, DrawGame(changed), analysis.counts)

        def moved(start: GameResults, end: GameResults) -> bool:
            assert isinstance(start, DrawAnalysis) and isinstance(end, DrawAnalysis)
            return not np.array_equal(start.counts.chosen, end.counts.chosen)

        return solve_main_line(rules, wager, line, target, lambda game: self.analyze(game, run), fixed, moved)

    def hand_decisions(self, analysis: DrawAnalysis, cards: tuple[int, ...]) -> pd.DataFrame:
        """Every hold of the dealt ``cards`` with its exact expected return, best first."""
        return analysis.hand_holds(cards)

    def simulation(self, analysis: DrawAnalysis) -> SimulationPlan:
        """The optimal holds, found for each sampled deal by counting its holds exactly; the analysis's own
        results to compare with (a tie between holds moves no expected value)."""
        return SimulationPlan("optimal (every hold of each deal counted exactly)", analysis,
                              HoldPlay(OptimalHolds(analysis.rules)))

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        return "the game has no dealer hand: no dealer cards can be seen"

    def exposure_rows(self, rules: GameRules, run: Run, known: dict[int, Fraction]) -> list[RiskRow]:
        """Normal play only: a draw game has no dealer cards to see and no other players' cards."""
        cached = Run(run.jobs, run.progress, True, run.notify)
        normal = known[0] if 0 in known else self.analyze(rules, cached).main_figures()["house_edge_per_ante"]
        return [("normal play", normal, EXHAUSTIVE)]
