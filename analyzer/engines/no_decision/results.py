"""The exact results of a game with no decision: each wager's table from the deals by the paid hand.

The player's cards settle everything: the main wager pays the first line of its paytable the hand matches
(else its result, a loss), a side bet the same on its own ranking, on the deals of
:func:`analyzer.engines.no_decision.enumeration.count_hands`. Every deal of the cycle is one hand, so the
tables add up to ``C(52 * D, n)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb

import numpy as np
import pandas as pd

from analyzer.core import figures
from analyzer.core.ranking import TIEBREAK_SPAN, HandRanking
from analyzer.engines.no_decision.enumeration import HandRanks, count_hands
from analyzer.engines.results import (
    NO_LINE_LABEL,
    GameResults,
    HandCounts,
    TopAward,
    exact_bincount,
    exact_table,
    net_table,
)
from analyzer.engines.strategy_grid import Cell, DecisionGrid
from analyzer.games.rules import Paytable, RulesError, Wager, default_table
from analyzer.games.settlement import common_scale, settle

#: The one "decision" of every hand, for the tables and the grid a report shows.
NO_DECISION = "no decision"


@dataclass
class NoDecisionAnalysis(GameResults):
    """The exact analysis of a game with no decision: one wager paid by a table on the player's cards."""

    counts: HandRanks

    @property
    def cycle(self) -> int:
        return comb(self.rules.deck.size, self.rules.player_cards)

    @property
    def scale(self) -> int:
        return common_scale(self.rules)

    @property
    def wager(self) -> Wager:
        return self.rules.wagers[0]

    @property
    def paytable(self) -> Paytable:
        """The wager's paytable: the lines the deals are grouped by."""
        return default_table(self.wager)

    def posted_rule(self) -> None:
        """No posted rule: there is nothing to decide."""
        return None

    @cached_property
    def groups(self) -> tuple[np.ndarray, np.ndarray]:
        """The deals paid by each line of the wager's paytable, then by none (int64), and each group's scaled
        net result per unit."""
        lines = len(self.paytable.lines)
        hits = self.paytable.line_index(self.wager.ranking, self.counts.ranks)
        deals = exact_bincount(np.where(hits < 0, lines, hits), self.counts.deals, lines + 1)
        return deals, settle(self.wager, np.append(np.arange(lines), -1), self.scale)[:, 0]

    def _return_table(self) -> pd.DataFrame:
        deals, nets = self.groups
        return net_table(nets, deals, self.scale, self.cycle)

    def _wager_table(self, wager: Wager) -> pd.DataFrame:
        deals, nets = self.groups
        labels = [line.label for line in self.paytable.lines] + [NO_LINE_LABEL]
        return exact_table(labels, [Fraction(int(net), self.scale) for net in nets], [int(n) for n in deals],
                           self.cycle)

    @cached_property
    def average_total_bet(self) -> Fraction:
        """One unit a hand: nothing more is staked."""
        return Fraction(self.rules.initial_units)

    def action_frequencies(self) -> dict[str, Fraction]:
        """Every hand is settled by its cards alone."""
        return {NO_DECISION: Fraction(1)}

    def top_awards(self) -> dict[str, TopAward]:
        """The wager's top award and its odds "1 in N"."""
        lines, (deals, _) = self.paytable.lines, self.groups
        top = max(range(len(lines)), key=lambda index: lines[index].pays)
        return {self.wager.name: {"top_award": lines[top].label, "pays": lines[top].pays,
                                  "one_in": figures.one_in(Fraction(int(deals[top]), self.cycle))}}

    def hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals by the player's best ``ranking`` hand (the wager's counts, or counted afresh for a side bet's
        other ranking)."""
        if ranking.cards > self.rules.player_cards:
            raise RulesError(f"{self.rules.source}: a {ranking.title} is more than the {self.rules.player_cards} "
                             "cards dealt")
        counts = self.counts if ranking == self.wager.ranking else \
            count_hands(self.rules.deck, self.rules.player_cards, ranking)
        return HandCounts(counts.ranks, counts.deals)

    # -- what a report shows in place of a strategy ------------------------------------------------------
    def category_table(self) -> pd.DataFrame:
        """Deals by the category of the paid hand (every category the deck deals, strongest first): the
        distribution of the hand the wager is paid on."""
        ranking = self.wager.ranking
        category = self.counts.ranks // TIEBREAK_SPAN
        deals = exact_bincount(category, self.counts.deals, len(ranking.categories))
        rows = [index for index in reversed(range(len(ranking.categories))) if deals[index]]
        return pd.DataFrame({"hand": [ranking.categories[index].label for index in rows],
                             "deals": [int(deals[index]) for index in rows],
                             "probability": [Fraction(int(deals[index]), self.cycle) for index in rows]})

    def strategy_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """No strategy: the deals by the paid hand's category instead."""
        return [(f"{self.rules.title}: no decision; deals by the category of the {self.wager.ranking.title} "
                 "paid", self.category_table(), True)]

    def decision_grid(self) -> DecisionGrid:
        """One row per line of the paytable (then no paying hand), one cell each: no decision."""
        labels = [line.label for line in self.paytable.lines] + [NO_LINE_LABEL]
        cell = Cell(NO_DECISION, ((NO_DECISION, Fraction(1)),))
        return DecisionGrid(f"{self.rules.title}: no decision, every wager settled by the cards", tuple(labels),
                            ("the cards",), tuple((cell,) for _ in labels), (NO_DECISION,), "the hand dealt", "")
