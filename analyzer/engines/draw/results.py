"""The exact results of a draw game: the shared tables and figures from the final hands of the optimal holds.

Every deal weighs ``W`` on the cycle (:mod:`analyzer.engines.draw.enumeration`), so the final hands under
optimal play, ``final[g] = sum over classes of weight * final[class, g]``, add up to ``C(52, n) * W``; the
return table, the wager's table, the hit frequency and "1 in N" of every award come from them. A hand is
paid its line "to 1" (a pay quoted "for 1" is one more: the stake returned with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np
import pandas as pd

from analyzer.core import figures
from analyzer.core.cards import format_cards
from analyzer.core.ranking import HandRanking
from analyzer.engines.draw.enumeration import DrawCounts, DrawGame, count_draws, hold_values
from analyzer.engines.draw.holds import hold_masks
from analyzer.engines.draw.strategy_list import StrategyList, derive_strategy_list
from analyzer.engines.results import (
    NO_LINE_LABEL,
    GameResults,
    HandCounts,
    MainFigures,
    TopAward,
    exact_table,
    net_table,
)
from analyzer.engines.strategy_grid import Cell, DecisionGrid
from analyzer.games.rules import Paytable, RulesError, Wager


def kept_label(kept: int, hand_size: int) -> str:
    """``keep 2, draw 3``; ``keep all 5``; ``draw 5``.

    >>> kept_label(2, 5), kept_label(5, 5), kept_label(0, 5)
    ('keep 2, draw 3', 'keep all 5', 'draw 5')
    """
    if kept == hand_size:
        return f"keep all {hand_size}"
    return f"draw {hand_size}" if kept == 0 else f"keep {kept}, draw {hand_size - kept}"


def hold_text(cards: np.ndarray, mask: int) -> str:
    """The cards a hold keeps, highest first, or ``nothing`` (bit ``i``: card ``i`` of ``cards``).

    >>> hold_text(np.array([0, 5, 51]), 0b110)
    'As 3d'
    """
    kept = [int(card) for position, card in enumerate(cards) if mask >> position & 1]
    return format_cards(sorted(kept, reverse=True)) if kept else "nothing"


@dataclass
class DrawAnalysis(GameResults):
    """The exact analysis of a draw game: one wager paid on the final hand after the optimal hold."""

    game: DrawGame
    counts: DrawCounts

    @property
    def cycle(self) -> int:
        return self.counts.cycle

    @property
    def scale(self) -> int:
        return self.game.scale

    def posted_rule(self) -> None:
        """No posted rule (the strategy list is the rule a player reads)."""
        return None

    @cached_property
    def final_hands(self) -> np.ndarray:
        """Final hands under optimal play by group (paytable line, then no line), on the cycle."""
        return (self.counts.final * self.counts.weights[:, None]).sum(axis=0)

    @property
    def paytable(self) -> Paytable:
        return self.game.paytable

    def line_labels(self) -> list[str]:
        """Each group's name: the line with its pay as quoted ("Royal flush (800 for 1)"), then no line."""
        unit = "for 1" if self.paytable.for_one else "to 1"
        labels = [f"{line.label} ({_number(self.paytable.quoted(line.pays))} {unit})" for line in self.paytable.lines]
        return labels + [NO_LINE_LABEL]

    # -- the main game -------------------------------------------------------
    def _return_table(self) -> pd.DataFrame:
        return net_table(self.game.nets, self.final_hands, self.scale, self.cycle)

    def _wager_table(self, wager: Wager) -> pd.DataFrame:
        pays = [Fraction(int(net), self.scale) for net in self.game.nets]
        return exact_table(self.line_labels(), pays, [int(n) for n in self.final_hands], self.cycle)

    @cached_property
    def average_total_bet(self) -> Fraction:
        """One unit a hand: the draw stakes nothing more."""
        return Fraction(self.rules.initial_units)

    def kept_counts(self) -> dict[int, int]:
        """Deals by the number of cards the optimal hold keeps (of the numbers the draw allows)."""
        _, kept = hold_masks(self.game.hand_size)
        by_kept = kept[self.counts.chosen]
        allowed = range(max(0, self.game.hand_size - self.game.draw.most_replaced), self.game.hand_size + 1)
        return {k: int(self.counts.weights[by_kept == k].sum()) for k in allowed}

    def action_frequencies(self) -> dict[str, Fraction]:
        """How many cards the optimal hold keeps, as shares of the deals."""
        deals = int(self.counts.weights.sum())
        return {kept_label(k, self.game.hand_size): Fraction(n, deals) for k, n in self.kept_counts().items()}

    def main_figures(self) -> MainFigures:
        """The shared figures, with the return to player (one less the house edge) and the award frequency
        (a final hand any line pays, a push included: the "hit frequency" video poker quotes) beside them."""
        figures_ = super().main_figures()
        figures_["return_to_player"] = 1 - figures_["house_edge_per_ante"]
        paid = sum(int(n) for n, net in zip(self.final_hands, self.game.nets, strict=True) if net > -self.scale)
        figures_["award_frequency"] = Fraction(paid, self.cycle)
        return figures_

    def top_awards(self) -> dict[str, TopAward]:
        """The top award of the final hand under optimal play, and its odds "1 in N"."""
        lines = self.paytable.lines
        top = max(range(len(lines)), key=lambda index: lines[index].pays)
        return {self.game.wager.name: {"top_award": lines[top].label, "pays": lines[top].pays,
                                       "one_in": figures.one_in(Fraction(int(self.final_hands[top]), self.cycle))}}

    def hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals by the dealt hand (a side bet on the cards dealt, before the draw): each deal weighs ``W``."""
        if ranking.cards != self.game.hand_size:
            raise RulesError(f"{self.rules.source}: a {ranking.title} is not the {self.game.hand_size} cards dealt")
        return HandCounts(ranking.table, np.full(len(ranking.table), self.counts.weight, dtype=np.int64))

    # -- strategy ----------------------------------------------------------
    def dealt_groups(self) -> np.ndarray:
        """The paytable group of each dealt class's five cards before the draw (last group: no line)."""
        ranking = self.game.wager.ranking
        lines = self.paytable.line_index(ranking, ranking.evaluate(self.counts.cards.astype(np.int64)))
        return np.where(lines < 0, len(self.paytable.lines), lines)

    def decision_grid(self) -> DecisionGrid:
        """One row per paying hand dealt (then no paying hand): the cards the optimal hold keeps, with shares."""
        groups, (_, kept) = self.dealt_groups(), hold_masks(self.game.hand_size)
        by_kept, weights = kept[self.counts.chosen], self.counts.weights
        labels = [line.label for line in self.paytable.lines] + [NO_LINE_LABEL]
        names = [kept_label(k, self.game.hand_size) for k in range(self.game.hand_size + 1)]
        rows, cells = [], []
        for group, label in enumerate(labels):
            here = groups == group
            total = int(weights[here].sum())
            if not total:
                continue
            shares = tuple((names[k], Fraction(int(weights[here & (by_kept == k)].sum()), total))
                           for k in reversed(range(self.game.hand_size + 1)) if (here & (by_kept == k)).any())
            rows.append(f"dealt {label.lower()}")
            cells.append((Cell(max(shares, key=lambda pair: pair[1])[0], shares),))
        return DecisionGrid(f"{self.rules.title}: cards kept by the optimal hold, by the hand dealt", tuple(rows),
                            (self.game.draw.title,), tuple(cells), tuple(names), "the hand dealt", "")

    def hold_table(self) -> pd.DataFrame:
        """Every dealt class: a hand of it, its deals, the optimal hold and its exact expected return per unit
        (the stake included: a return of 1 is break-even)."""
        counts, masks = self.counts, self.counts.chosen
        denominator = self.counts.weight * self.scale
        best = counts.values[np.arange(len(masks)), masks]
        return pd.DataFrame({
            "dealt": [format_cards(cards[::-1]) for cards in counts.cards],
            "deals": counts.weights.astype(np.int64),
            "hold": [hold_text(cards, int(mask)) for cards, mask in zip(counts.cards, masks, strict=True)],
            "expected return": [1 + Fraction(int(value), denominator) for value in best],
        })

    def hand_holds(self, cards: tuple[int, ...]) -> pd.DataFrame:
        """Every hold of the dealt ``cards`` with its exact expected return per unit (the stake included) and
        expected net result, best first (the order the optimal hold's tie rule gives); barred holds (more
        cards replaced than allowed) are left out.

        ``Ah Kh Qh Jh 2c`` keeping the four hearts draws one of 47 cards: the ten of hearts (800), eight other
        hearts (6 each), three other tens (4), three aces, kings, queens or jacks each (1): 872/47.
        """
        game = self.game
        dealt = np.array(sorted(cards), dtype=np.int64)
        if len(dealt) != game.hand_size or len(set(cards)) != len(cards):
            raise RulesError(f"a hand of {game.hand_size} different cards is dealt, not {format_cards(cards)!r}")
        values = hold_values(game, count_draws(self.rules, dealt[None, :]))[0]
        masks, kept = hold_masks(game.hand_size)
        order = sorted(range(len(masks)), key=lambda mask: (-int(values[mask]), -int(kept[mask]), mask))
        denominator = self.counts.weight * self.scale
        rows = [(hold_text(dealt, mask), self.game.hand_size - int(kept[mask]),
                 Fraction(int(values[mask]), denominator)) for mask in order if game.allowed[mask]]
        return pd.DataFrame({"hold": [row[0] for row in rows], "cards drawn": [row[1] for row in rows],
                             "expected return": [1 + row[2] for row in rows],
                             "expected net": [row[2] for row in rows]})

    def kept_table(self) -> pd.DataFrame:
        """Deals by the number of cards kept under optimal play (adds up to every deal)."""
        kept = self.kept_counts()
        deals = int(self.counts.weights.sum())
        return pd.DataFrame({"hold": [kept_label(k, self.game.hand_size) for k in kept],
                             "deals": list(kept.values()),
                             "share": [Fraction(n, deals) for n in kept.values()]})

    @cached_property
    def strategy_list(self) -> StrategyList:
        """The ranked list of hold patterns closest to the optimal holds, with its exact cost
        (:func:`analyzer.engines.draw.strategy_list.derive_strategy_list`)."""
        return derive_strategy_list(self)

    def strategy_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """The derived hold list with its exact cost (games without wild cards: the patterns do not read a card's
        wildness), then the deals by the cards the optimal hold keeps."""
        kept = (f"{self.game.draw.title}: deals by the cards the optimal hold keeps", self.kept_table(), True)
        if self.game.wager.ranking.wild:
            return [kept]
        listed = self.strategy_list.evaluation
        title = (f"{self.game.draw.title}: the hold list a player follows (keep the first pattern one of the holds "
                 f"has), derived from the exact analysis; return {float(listed.return_to_player):.6%} "
                 f"({listed.return_to_player}), cost {float(listed.cost):.6%} ({listed.cost}) against the optimal "
                 "holds")
        return [(title, listed.table, False), kept]

    def decision_files(self) -> dict[str, tuple[str, pd.DataFrame]]:
        """The optimal hold of every dealt class, too long for a workbook."""
        return {"optimal_holds": ("the optimal hold and its exact expected return for one hand of every dealt "
                                  "suit class", self.hold_table())}


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)
