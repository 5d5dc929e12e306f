"""The stud engine: no dealer hand; the player's final hand pays every wager in action by a table,
with decisions on several streets as community cards are turned (fold, bet k times the Ante, take a bet
back).

Its analysis is exhaustive and exact: every starting suit-isomorphism class played optimally at every
street by backward induction over the community cards (:mod:`analyzer.engines.stud.induction`),
counted over every ordered deal (:mod:`analyzer.engines.stud.enumeration`), cached, with results in
:class:`analyzer.engines.stud.results.PaytableAnalysis`. Strategies written street by street are
played by the same induction with their choices imposed (:mod:`analyzer.engines.stud.strategy_files`);
the pay solver re-optimises at every trial pay (:mod:`analyzer.engines.stud.solve`). The simulator's
strategy, community cards seen early (exact) and colluders (estimated) play known-card sets optimally
(:mod:`analyzer.engines.stud.known`,
:mod:`analyzer.engines.stud.protection`).
"""

from __future__ import annotations

import time
from fractions import Fraction
from functools import partial
from math import comb, perm
from pathlib import Path

from analyzer.engines.base import (
    EXHAUSTIVE,
    CollusionOptions,
    Engine,
    Exposure,
    RiskRow,
    Run,
    SimulationPlan,
    StrategyFigures,
    StreetPlay,
)
from analyzer.engines.cache import cached_counts, expect, integers
from analyzer.engines.collusion import CollusionEstimate, committed_collusion
from analyzer.engines.pay_solver import Solution
from analyzer.engines.results import timing
from analyzer.engines.sizes import SizeEstimate, streets_without_dealer
from analyzer.engines.stud.enumeration import (
    PaytableCounts,
    enumerate_game,
    load_counts,
    save_counts,
)
from analyzer.engines.stud.known import street_situations
from analyzer.engines.stud.protection import (
    DEFAULT_DEALS,
    StudCollusionEstimate,
    estimate_collusion,
    seen_figures,
    seen_label,
    seen_problem,
)
from analyzer.engines.stud.results import PaytableAnalysis
from analyzer.engines.stud.solve import solve_stud_pay
from analyzer.engines.street_rules import StreetStrategy, load_street_strategy
from analyzer.engines.stud.strategy_files import evaluate_street_strategy
from analyzer.engines.stud.tree import GameTree, game_tree
from analyzer.games.rules import GameRules


def check_counts(tree: GameTree, counts: PaytableCounts) -> None:
    """Cached counts as the enumeration of ``tree`` makes them (else :class:`analyzer.engines.cache.DamagedEntry`):
    integers of its shapes, the starting classes' weights summing to every starting hand and the counts to
    the cycle of ordered deals."""
    rules = tree.rules
    hands, orders = comb(52, rules.player_cards), perm(52 - rules.player_cards, rules.community_cards)
    arrays = {"counts": counts.counts, "cards": counts.cards, "weights": counts.weights}
    integers(arrays, "counts", len(tree.paths), len(tree.groups))
    classes = len(integers(arrays, "cards", None, rules.player_cards))
    integers(arrays, "weights", classes)
    expect(counts.first.shape == (classes, len(rules.streets[0].choices)), f"first of shape {counts.first.shape}")
    expect(int(counts.weights.sum()) == hands, f"weights summing to {int(counts.weights.sum())}, not {hands}")
    expect(counts.first_orders == orders, f"{counts.first_orders} community orders, not {orders}")
    expect((counts.counts >= 0).all() and int(counts.counts.sum()) == hands * orders,
           f"counts summing to {int(counts.counts.sum())}, not the cycle {hands * orders}")
    expect(len(counts.situations) == len(rules.streets), f"{len(counts.situations)} streets, not {len(rules.streets)}")
    for street, (codes, deals) in enumerate(counts.situations):
        situations = len(integers({f"codes{street}": codes}, f"codes{street}", None))
        integers({f"deals{street}": deals}, f"deals{street}", situations, None)
        expect(street or int(deals.sum()) == hands * orders, "first-street deals not summing to the cycle")


class StudEngine(Engine[PaytableAnalysis, StreetStrategy]):
    """Streets of decisions, no dealer: the final hand pays every wager still in action."""

    def count_inputs(self, rules: GameRules) -> dict[str, object]:
        """The streets, the tie rule and every main wager's settlement: the strategy is part of the counts."""
        return {"streets": [[s.cards, s.wager, [[c.action, c.multiple] for c in s.choices]] for s in rules.streets],
                "tie_break": rules.tie_break,
                "main": [[w.name, w.role, str(w.on_fold), [str(r) for r in w.results], w.paytable_mode,
                          [(line.pattern.text, str(line.pays)) for line in w.paytable.lines] if w.paytable else None]
                         for w in rules.wagers]}

    def problem(self, rules: GameRules) -> str | None:
        """Why the engine cannot analyse ``rules``, or None."""
        if not rules.streets:
            return "the game has no decision streets ([[streets]] in its rules file)"
        if rules.dealer_cards:
            return "the stud engine analyses games with no dealer hand (dealer_cards = 0)"
        if rules.player_cards + rules.community_cards != rules.ranking.cards:
            return f"the final hand must be every card dealt ({rules.ranking.cards} cards for a {rules.ranking.title})"
        return None

    def estimate(self, rules: GameRules, run: Run) -> SizeEstimate:
        """Memory, deals and rough time, from the numbers of cards (:func:`analyzer.engines.sizes.streets_without_dealer`)."""
        return streets_without_dealer(rules, run.jobs)

    def analyze(self, rules: GameRules, run: Run) -> PaytableAnalysis:
        """The exact analysis; the counts are read from the cache when there (and ``run.cache``)."""
        self.check_analysable(rules)
        started = time.perf_counter()
        tree = game_tree(rules)
        counts = cached_counts(rules, not run.cache, run.tell, load_counts, partial(check_counts, tree),
                               lambda: enumerate_game(tree, progress=run.progress), save_counts)
        return PaytableAnalysis(rules, tree, counts, **timing(started))

    def load_strategy(self, rules: GameRules, path: Path) -> StreetStrategy:
        """A strategy written street by street (:mod:`analyzer.engines.stud.strategy_files`), checked."""
        return load_street_strategy(path, rules)

    def evaluate_strategy(self, analysis: PaytableAnalysis, strategy: StreetStrategy, run: Run = Run()
                          ) -> StrategyFigures:
        """The written strategy's exact figures and cost, by a forward pass over every ordered deal."""
        return evaluate_street_strategy(analysis, strategy)

    def solve(self, rules: GameRules, wager: str, line: str, target: Fraction, run: Run) -> Solution:
        """The exact pay of a line for a target edge, the strategy re-optimised at every trial pay (each trial's
        enumeration cached like any analysis)."""
        return solve_stud_pay(rules, wager, line, target, lambda game: self.analyze(game, run))

    def simulation(self, analysis: PaytableAnalysis) -> SimulationPlan:
        """The optimal choice of every street's situations (cards seen, choices made before); the analysis's
        own tables."""
        return SimulationPlan("optimal (from the exact analysis)", analysis, StreetPlay(street_situations(analysis.tree)))

    def collusion_problem(self, rules: GameRules) -> str | None:
        return None

    def collusion(self, rules: GameRules, colluders: int, seed: int, run: Run,
                  options: CollusionOptions = CollusionOptions()) -> StudCollusionEstimate:
        """Sampled deals, each played optimally knowing the colluders' cards (see
        :mod:`analyzer.engines.stud.protection`)."""
        if options.preflop_samples is not None:
            raise self.unsupported(rules, "--preflop-samples", "the game has no pre-flop")
        normal = self.analyze(rules, run).main_figures()["house_edge_per_ante"]
        return estimate_collusion(game_tree(rules), normal, colluders, options.deals or DEFAULT_DEALS, seed,
                                  progress=run.progress)

    def committed_collusion(self, rules: GameRules, colluders: int) -> CollusionEstimate | None:
        """The estimate committed in ``enumerations/protect/colluders.csv`` (the game as shipped)."""
        return committed_collusion(rules, colluders, StudCollusionEstimate)

    def collusion_options(self, rules: GameRules) -> CollusionOptions:
        return CollusionOptions(deals=DEFAULT_DEALS)

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        """Community cards seen before the first decision: 1 to all of them."""
        return seen_problem(rules.community_cards, seen)

    def exposure(self, rules: GameRules, seen: int, run: Run) -> Exposure:
        """The exact figures with ``seen`` community cards seen before the first decision."""
        if (why := seen_problem(rules.community_cards, seen)) is not None:
            raise self.unsupported(rules, "--cards-seen", why)
        return Exposure(f"{rules.title}: {seen_label(seen)}", seen,
                        seen_figures(game_tree(rules), seen, run.progress))

    def exposure_rows(self, rules: GameRules, run: Run, known: dict[int, Fraction]) -> list[RiskRow]:
        """Normal play and one or two community cards seen early: all exact (seconds each)."""
        cached = Run(run.jobs, run.progress, True, run.notify)
        normal = known[0] if 0 in known else self.analyze(rules, cached).main_figures()["house_edge_per_ante"]
        rows: list[RiskRow] = [("normal play", normal, EXHAUSTIVE)]
        for seen in range(1, min(2, rules.community_cards) + 1):
            edge = known[seen] if seen in known else seen_figures(game_tree(rules), seen)["house_edge_per_ante"]
            rows.append((seen_label(seen), edge, EXHAUSTIVE))
        return rows
