"""Settlement and the optimal decision for every player hand class.

Settlement is linear: for a fixed player hand, a wager's result depends only
on the outcome of the hand (see :data:`analyzer.games.rules.OUTCOMES`) and on the
player's own cards (a paytable line). So each decision's expected value is
``sum over outcomes of count * result``, an exact integer once every result is
scaled by the common denominator of the pays (int64, or Python integers where
the sums could pass 64 bits), and the optimal decision is an argmax over a
handful of integers. Exact ties go to the smaller wager
(decisions are ordered fold, 1x, 2x, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from analyzer.core.ranking import HandRanking
from analyzer.engines.exact_sums import SumBound, floor_of, largest_net, raise_stakes
from analyzer.engines.one_decision.enumeration import Situations
from analyzer.games.rules import GameRules, Paytable, Wager
from analyzer.games.settlement import FOLD, common_scale, decision_name, scaled, settle


@dataclass(frozen=True)
class Decisions:
    """Every decision's value for every player hand class.

    ``multiples[a]``: Play multiple of decision a (0 = fold); ``totals[s, a]``:
    sum over the class's dealer hands of the net result times ``scale``;
    ``allowed[s, a]``: whether the rules allow it; ``choice[s]``: the optimal one.
    """

    names: tuple[str, ...]
    multiples: np.ndarray
    totals: np.ndarray
    allowed: np.ndarray
    choice: np.ndarray
    scale: int

    def expected_values(self, dealer_hands: int) -> np.ndarray:
        """EV of each decision per ante as exact Fractions, (classes, decisions), None where barred."""
        denominator = dealer_hands * self.scale
        values = np.empty(self.totals.shape, dtype=object)
        for index, total in np.ndenumerate(self.totals):
            values[index] = Fraction(int(total), denominator) if self.allowed[index] else None
        return values


def paytable_hits(ranking: HandRanking, paytable: Paytable, situations: Situations) -> np.ndarray:
    """Line index paid to each class's best ``ranking`` hand (-1: no line)."""
    return paytable.line_index(ranking, situations.player_ranks(ranking))


def wager_results(wager: Wager, situations: Situations, scale: int) -> tuple[np.ndarray, np.ndarray]:
    """Result of one unit of ``wager`` per class and outcome (scaled), and the paid line (-1: none)."""
    hits = (paytable_hits(wager.ranking, wager.paytable, situations) if wager.paytable
            else np.full(len(situations.weights), -1, dtype=np.int64))
    return settle(wager, hits, scale), hits


def decide(rules: GameRules, situations: Situations) -> Decisions:
    """Value of every decision for every class, and the optimal decision; the totals are int64 when every
    sum of them over the cycle fits, else Python integers (:mod:`analyzer.engines.exact_sums`)."""
    scale = common_scale(rules)
    counts = situations.outcome_counts
    multiples = [FOLD] + [option.multiple for option in rules.play]
    exact = SumBound.of(situations.cycle, largest_net(raise_stakes(rules, max(multiples)), scale))
    initial = sum(exact.cast(wager_results(w, situations, scale)[0]) for w in rules.wagers if w.role == "initial")
    raised = exact.cast(wager_results(rules.raise_wager, situations, scale)[0])
    fold_total = sum(int(scaled([w.on_fold], scale)[0]) for w in rules.wagers) * situations.dealer_hands
    totals = np.empty((len(counts), len(multiples)), dtype=exact.dtype)
    allowed = np.ones(totals.shape, dtype=bool)
    totals[:, 0] = fold_total
    allowed[:, 0] = rules.fold
    per_unit_initial = (counts * initial).sum(axis=1)
    per_unit_raise = (counts * raised).sum(axis=1)
    for column, option in enumerate(rules.play, start=1):
        totals[:, column] = per_unit_initial + option.multiple * per_unit_raise
        if option.requires is not None:
            allowed[:, column] = option.requires.matches(rules.ranking, situations.best_rank)
    choice = np.argmax(np.where(allowed, totals, floor_of(totals)), axis=1)
    return Decisions(tuple(decision_name(m) for m in multiples), np.array(multiples), totals,
                     allowed, choice, scale)
