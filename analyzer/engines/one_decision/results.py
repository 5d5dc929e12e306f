"""The exact results of a game with one decision (fold or play) against the dealer."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analyzer.core.cards import RANK_SYMBOLS, format_card, format_cards
from analyzer.core.ranking import HandRanking
from analyzer.engines.one_decision.enumeration import Situations
from analyzer.engines.one_decision.strategy import Decisions, paytable_hits
from analyzer.engines.results import (
    GameResults,
    HandCounts,
    SettlementProfiles,
    exact_bincount,
)
from analyzer.engines.strategy_grid import DecisionGrid, best_hand_grid
from analyzer.games.rules import OUTCOMES
from analyzer.games.settlement import FOLD

if TYPE_CHECKING:
    from analyzer.engines.one_decision.posted_rule import PostedRule


@dataclass
class Analysis(GameResults):
    """The exact analysis of a game with one decision (fold or play) against the dealer."""

    situations: Situations
    decisions: Decisions

    @property
    def cycle(self) -> int:
        return self.situations.cycle

    @property
    def scale(self) -> int:
        return self.decisions.scale

    @property
    def action_names(self) -> dict[int, str]:
        return {int(m): name for m, name in zip(self.decisions.multiples, self.decisions.names, strict=True)}

    def hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Each class's best ``ranking`` hand, with all its deals."""
        return HandCounts(self.situations.player_ranks(ranking),
                          self.situations.weights * self.situations.dealer_hands)

    @cached_property
    def chosen_multiple(self) -> np.ndarray:
        """Play multiple chosen by the optimal strategy for each class (0: fold)."""
        return self.decisions.multiples[self.decisions.choice]

    @cached_property
    def settled(self) -> SettlementProfiles:
        """Classes grouped by what settles them: the decision and the line each paytable pays.

        Every class of a group has the same result on every wager for each
        outcome, so tables are built from the groups' summed outcome counts.
        """
        situations = self.situations
        paid = {w.name: paytable_hits(w.ranking, w.paytable, situations) for w in self.rules.wagers if w.paytable}
        code = np.zeros(len(situations.weights), dtype=np.int64)
        for column in [self.decisions.choice, *paid.values()]:  # lines run from -1 (none) up; decisions from 0
            code = code * (int(column.max()) + 2) + column + 1
        _, first, group = np.unique(code, return_index=True, return_inverse=True)
        played = self.chosen_multiple > FOLD
        weights = situations.weights
        per_outcome = np.stack([exact_bincount(group, situations.outcome_counts[:, o] * weights * played, len(first))
                                for o in range(len(OUTCOMES))], axis=1)
        folded = exact_bincount(group, weights * ~played * situations.dealer_hands, len(first))
        return SettlementProfiles(self.chosen_multiple[first], {name: hits[first] for name, hits in paid.items()},
                                  per_outcome, folded)

    # -- strategy ----------------------------------------------------------
    def strategy(self, exact: bool = True, classes: np.ndarray | None = None) -> pd.DataFrame:
        """The optimal decision and every decision's EV per ante, for every player situation class (or
        those at the indices ``classes``).

        ``exact``: EVs as Fractions (slow for millions of classes) or floats.
        """
        ranking, situations, decisions = self.rules.ranking, self.situations, self.decisions
        pick = slice(None) if classes is None else np.asarray(classes)
        best = situations.best_rank[pick]
        descriptions = {int(rank): ranking.describe(int(rank)) for rank in np.unique(best)}
        frame = pd.DataFrame({"hand": [format_cards(cards[::-1]) for cards in situations.cards[pick]]})
        if situations.up_card is not None:
            frame["dealer_up_card"] = [format_card(int(card)) for card in situations.up_card[pick]]
        frame["best_hand"] = [descriptions[int(rank)] for rank in best]
        frame["best_rank"] = best
        frame["hands"] = situations.weights[pick]
        frame["decision"] = [decisions.names[index] for index in decisions.choice[pick]]
        denominator = situations.dealer_hands * decisions.scale
        values = (decisions.expected_values(situations.dealer_hands)[pick] if exact
                  else np.where(decisions.allowed[pick], decisions.totals[pick].astype(np.float64) / denominator,
                                np.nan))
        for column, name in enumerate(decisions.names):
            frame[f"ev_{name.replace(' ', '_')}"] = values[:, column]
        keys = ["best_rank", "hand"] if situations.up_card is None else ["dealer_up_card", "best_rank", "hand"]
        return frame.sort_values(keys, ascending=[k != "best_rank" for k in keys], ignore_index=True)

    def strategy_by_best_hand(self) -> pd.DataFrame:
        """Chart by the player's best hand (and the dealer's up-card rank, where one shows):
        how many hands, and how many take each decision."""
        situations, names = self.situations, self.decisions.names
        frame = pd.DataFrame({"best_rank": situations.best_rank, "hands": situations.weights,
                              "decision": self.decisions.choice})
        keys = ["best_rank"]
        if situations.up_card is not None:
            frame["up_rank"] = situations.up_card // 4
            keys = ["up_rank", "best_rank"]
        pivot = frame.pivot_table(index=keys, columns="decision", values="hands", aggfunc="sum", fill_value=0)
        pivot = pivot.reindex(columns=range(len(names)), fill_value=0)
        pivot.columns = list(names)
        order = [key != "best_rank" for key in keys]
        pivot = pivot.sort_index(ascending=order if len(order) > 1 else order[0])
        best = pivot.index.get_level_values("best_rank").to_numpy()
        chart = pd.DataFrame({"best_rank": best})
        if situations.up_card is not None:
            chart.insert(0, "dealer_up_card", [RANK_SYMBOLS[r] for r in pivot.index.get_level_values("up_rank")])
        chart["best_hand"] = [self.rules.ranking.describe(int(r)) for r in best]
        chart["hands"] = pivot.sum(axis=1).to_numpy()
        for name in names:
            chart[name] = pivot[name].to_numpy()
        chart["decision"] = [_decision_text(row, names) for row in pivot.to_numpy()]
        return chart


    def posted_rule(self) -> PostedRule:
        """The rule a dealer could post, derived from the optimal strategy (with its exact cost)."""
        from analyzer.engines.one_decision.posted_rule import derive_posted_rule
        return derive_posted_rule(self)

    def decision_grid(self) -> DecisionGrid:
        """The chart by best hand, one column per dealer up-card where one shows."""
        return best_hand_grid(self)

    def strategy_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """The strategy as tables for a report: (title, table, whether to total its counts); the chart by
        best hand with the mean EV of each option, and, when they are few, the hands of the rows the
        other cards split, each with the EV of each option."""
        chart = pd.concat([self.strategy_by_best_hand().drop(columns="best_rank"), self.ev_by_best_hand()], axis=1)
        tables = [("Optimal strategy: runs of consecutive best hands with one decision", self.strategy_ranges(), False),
                  ("Optimal strategy by the player's best hand (number of hands taking each decision; EV: the "
                   "mean EV per ante of each option over the row's hands)", chart, True)]
        split = self.split_hands()
        if split is not None and len(split):
            tables.append(("Rows the other cards split: every hand class of those rows, its optimal decision and "
                           "the EV per ante of each option", split, True))
        return tables

    def ev_by_best_hand(self) -> pd.DataFrame:
        """For each row of :meth:`strategy_by_best_hand` (same order), the mean EV per ante of each decision
        over the row's hands, as floats for display (NaN where the rules bar it):
        sum(hands x total) / (sum(hands) x dealer hands x scale)."""
        situations, decisions = self.situations, self.decisions
        keys = {"best_rank": situations.best_rank}
        if situations.up_card is not None:
            keys = {"up_rank": situations.up_card // 4, **keys}
        weights = situations.weights.astype(np.float64)
        totals = np.where(decisions.allowed, decisions.totals.astype(np.float64), np.nan) * weights[:, None]
        frame = pd.DataFrame({**keys, "hands": weights})
        for column, name in enumerate(decisions.names):
            frame[f"EV {name}"] = totals[:, column]
        order = [key != "best_rank" for key in keys]
        sums = frame.groupby(list(keys)).sum(min_count=1).sort_index(ascending=order if len(order) > 1 else order[0])
        evs = sums.drop(columns="hands").div(sums["hands"] * situations.dealer_hands * decisions.scale, axis=0)
        return evs.reset_index(drop=True)

    def split_hands(self, most: int = 1000) -> pd.DataFrame | None:
        """The hand classes of the chart's rows (best hand, up card) whose hands do not all take one
        decision, each with its decision and every decision's EV per ante (floats); None when more than
        ``most`` classes (then too many to print)."""
        situations = self.situations
        row = situations.best_rank.astype(np.int64)
        if situations.up_card is not None:
            row = row * 13 + situations.up_card // 4
        choices = pd.Series(self.decisions.choice).groupby(row).transform("nunique").to_numpy()
        split = np.flatnonzero(choices > 1)
        if len(split) > most:
            return None
        return self.strategy(exact=False, classes=split).drop(columns="best_rank")

    def strategy_ranges(self) -> pd.DataFrame:
        """The chart by best hand compressed into runs of consecutive hands with one decision
        (per dealer up-card where one shows): "from X down to Y: play 1x"."""
        chart = self.strategy_by_best_hand()
        group = chart["dealer_up_card"] if "dealer_up_card" in chart else pd.Series("", index=chart.index)
        run = ((chart["decision"] != chart["decision"].shift()) | (group != group.shift())).cumsum()
        ranges = chart.assign(group=group, run=run).groupby("run", sort=True).agg(
            group=("group", "first"), strongest=("best_hand", "first"), weakest=("best_hand", "last"),
            hands=("hands", "sum"), decision=("decision", "first"))
        ranges = ranges.rename(columns={"group": "dealer_up_card", "strongest": "from (strongest)",
                                        "weakest": "down to (weakest)"}).reset_index(drop=True)
        return ranges if "dealer_up_card" in chart else ranges.drop(columns="dealer_up_card")

def _decision_text(counts: np.ndarray, names: tuple[str, ...]) -> str:
    """The decision of a row of the chart, or "mostly X" when the fifth card changes it."""
    taken = [(int(count), name) for count, name in zip(counts, names, strict=True) if count]
    if len(taken) == 1:
        return taken[0][1]
    return "mostly " + max(taken)[1] + " (depends on the other cards)"
