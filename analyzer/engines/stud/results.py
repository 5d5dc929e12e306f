"""The exact results of a paytable game: the shared tables and figures from the counts of every
(action path, final hand group).

The net result of a deal is the sum over the wagers of stake times result
(:mod:`analyzer.engines.stud.tree`), so the return table, every wager's
table, the average total bet (every unit wagered, those lost on a fold
included) and how hands end come straight from ``counts[path, group]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb

import numpy as np
import pandas as pd

from analyzer.core.cards import format_cards
from analyzer.core.ranking import HandRanking
from analyzer.engines.results import (
    FOLD_LABEL,
    NO_LINE_LABEL,
    GameResults,
    HandCounts,
    MainFigures,
    exact_table,
    grouped,
    net_table,
)
from analyzer.engines.strategy_grid import DecisionGrid
from analyzer.engines.stud.enumeration import PaytableCounts, situation_codes
from analyzer.engines.stud.situations import (
    grouped_grid,
    street_table,
    two_card_grid,
    two_card_name,
)
from analyzer.engines.stud.tree import GameTree
from analyzer.games.rules import RulesError, Wager, default_table
from analyzer.games.settlement import scaled, settle

NOT_STAKED = "not staked (not made, or taken back)"


@dataclass
class PaytableAnalysis(GameResults):
    """The exact analysis of a game with no dealer hand whose final hand is paid by a table."""

    tree: GameTree
    counts: PaytableCounts

    @property
    def cycle(self) -> int:
        return self.counts.cycle

    @property
    def scale(self) -> int:
        return self.tree.scale

    def posted_rule(self) -> None:
        """No posted rule is derived for these games yet (the strategy tables give the rule street by street)."""
        return None

    # -- the main game -------------------------------------------------------
    def _return_table(self) -> pd.DataFrame:
        return net_table(self.tree.values.ravel(), self.counts.counts.ravel(), self.scale, self.cycle)

    def _wager_table(self, wager: Wager) -> pd.DataFrame:
        tree, counts = self.tree, self.counts.counts
        column = self.rules.wagers.index(wager)
        stake = np.broadcast_to(tree.stakes[:, column][:, None], counts.shape)
        folded = np.broadcast_to(tree.folded[:, None], counts.shape)
        line = np.broadcast_to(tree.groups[:, column][None, :], counts.shape)
        per_unit = settle(wager, tree.groups[:, column], self.scale)[:, 0].astype(tree.values.dtype)
        on_fold = int(scaled([wager.on_fold], self.scale)[0])
        result = stake * np.where(folded, np.array(on_fold, dtype=per_unit.dtype), per_unit[None, :])
        keys = {"stake": stake, "folded": folded.astype(np.int64),
                "line": np.where(folded | (stake == 0), -1, line), "result": result}
        rows = grouped(keys, counts).sort_values(["stake", "folded", "line"], ascending=[False, True, True])
        events = [self._street_event(wager, int(s), bool(f), int(li)) for s, f, li in
                  zip(rows["stake"], rows["folded"], rows["line"], strict=True)]
        return exact_table(events, [Fraction(int(r), self.scale) for r in rows["result"]],
                           list(rows["combinations"]), self.cycle)

    @staticmethod
    def _street_event(wager: Wager, stake: int, folded: bool, line: int) -> str:
        if stake == 0:
            return NOT_STAKED
        prefix = f"staked {stake}x: " if wager.role == "street" else ""
        if folded:
            return prefix + FOLD_LABEL
        return prefix + (default_table(wager).lines[line].label if line >= 0 else NO_LINE_LABEL)

    @cached_property
    def average_total_bet(self) -> Fraction:
        """Units wagered per deal (stakes lost on a fold included; a bet taken back is not wagered)."""
        per_path = self.counts.counts.sum(axis=1)
        return Fraction(sum(int(n) * self.tree.total_stake(path) for path, n in enumerate(per_path)), self.cycle)

    def action_frequencies(self) -> dict[str, Fraction]:
        """How deals end: a fold at each street, or played to the end with each total bet (those that occur)."""
        tree, per_path = self.tree, self.counts.counts.sum(axis=1)
        ends: dict[str, int] = {}
        for path, deals in enumerate(per_path):
            if tree.folded[path]:
                name = f"fold ({self.rules.streets[len(tree.paths[path]) - 1].title})"
            else:
                name = f"total bet {tree.total_stake(path)}x"
            ends[name] = ends.get(name, 0) + int(deals)
        return {name: Fraction(deals, self.cycle) for name, deals in ends.items() if deals}

    def decision_points(self) -> dict[str, dict[str, Fraction]]:
        """Share of all deals taking each choice at each street."""
        return {street.title: {choice.label: Fraction(int(deals), self.cycle)
                               for choice, deals in zip(street.choices, taken.sum(axis=0), strict=True)}
                for street, (_, taken) in zip(self.rules.streets, self.counts.situations, strict=True)}

    def main_figures(self) -> MainFigures:
        figures = super().main_figures()
        figures["decision_points"] = self.decision_points()
        return figures

    def hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals by the player's own cards (a ranking of that many cards) or by the final hand (every card);
        both are independent of the strategy."""
        rules = self.rules
        if ranking.cards not in (rules.player_cards, rules.player_cards + rules.community_cards):
            raise RulesError(f"{rules.source}: a {ranking.title} is neither the player's cards nor the final hand")
        return HandCounts(ranking.table, np.full(len(ranking.table), self.cycle // comb(52, ranking.cards)))

    # -- strategy ----------------------------------------------------------
    def first_values(self) -> pd.DataFrame:
        """Every starting class: its cards, deals, the exact EV per ante of each first-street choice, the
        choice taken (the per-class table a solver or a written strategy starts from)."""
        counts, street = self.counts, self.rules.streets[0]
        denominator = counts.first_orders * self.scale
        frame = pd.DataFrame({"hand": [format_cards(cards[::-1]) for cards in counts.cards],
                              "combinations": counts.weights.astype(np.int64)})
        for index, choice in enumerate(street.choices):
            frame[f"EV {choice.label}"] = [Fraction(int(v), denominator) for v in counts.first[:, index]]
        larger = self.rules.tie_break == "larger"
        order = np.array([choice.order for choice in street.choices]) * (1 if larger else -1)
        best = [max(range(len(order)), key=lambda i: (row[i], order[i])) for row in counts.first]
        frame["decision"] = [street.choices[index].label for index in best]
        return frame

    def street_tables(self, runs: bool = False) -> list[tuple[str, pd.DataFrame]]:
        """Every street's decisions by situation group (see :func:`street_table`); ``runs``: consecutive
        groups taking one choice merged, the street's rule."""
        tables = []
        for street, level, (codes, deals) in zip(self.rules.streets, self.tree.depths, self.counts.situations, strict=True):
            cards = self.rules.player_cards + level
            what = "the rule: runs of groups taking one choice" if runs else "deals taking each choice"
            tables.append((f"{street.title}: {what}, by the {cards} cards seen (situations reached by the optimal "
                           "strategy)", street_table(street, cards, codes, deals, runs)))
        return tables

    def decision_grid(self) -> DecisionGrid:
        """The first street's decision: the 13x13 grid for two cards, the street's rule (runs of groups of the
        cards seen) otherwise."""
        street, (codes, deals) = self.rules.streets[0], self.counts.situations[0]
        title = f"{self.rules.title}: optimal decision, {street.title}"
        if self.rules.player_cards != 2:
            return grouped_grid(title, street, self.street_tables(runs=True)[0][1])
        first = self.first_values()
        names = [two_card_name(code) for code in situation_codes(np.sort(self.counts.cards, axis=1))]
        values = {name: [first.loc[row, f"EV {choice.label}"] for choice in street.choices]
                  for row, name in enumerate(names)}
        return two_card_grid(title + " (EV per ante of the decision)", street, codes, deals, values)

    def strategy_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """Each street's rule (runs of groups), each street's decisions by situation group, then the exact EVs
        of the first street's choices."""
        rules = [(title, table, False) for title, table in self.street_tables(runs=True)]
        tables = [(title, table, True) for title, table in self.street_tables()]
        return rules + tables + [(f"{self.rules.streets[0].title}: exact EV per ante of each choice, by starting "
                                  "hand", self.first_values(), True)]
