"""What the Hold'em results read by the player's final hand line (royal flush ... high card): the lines' ranks,
the pays of the main wagers per line and showdown outcome, the deals by both final lines, the pre-flop chart and a
posted card's rule in words.

The streets kernel (:mod:`analyzer.engines.holdem.streets`) counts deals by final line and dealer outcome, so
paytable lines must name whole hand lines (a category, "royal flush", or "X or better"): the counts do not split a
category by rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from analyzer.core.cards import RANK_SYMBOLS, parse_cards
from analyzer.core.ranking import HandRanking
from analyzer.engines.holdem.enumeration import OUTCOMES
from analyzer.engines.holdem.final_pairs import CYCLE as PAIRS_CYCLE
from analyzer.engines.holdem.final_pairs import committed_final_pairs
from analyzer.engines.holdem.posted import PostedStrategy
from analyzer.engines.holdem.sevens import LINES
from analyzer.engines.holdem.strategy_files import strategy_file_text
from analyzer.games.patterns import HandPattern
from analyzer.games.rules import GameRules, RulesError
from analyzer.games.settlement import settle

#: The lowest and the highest hand of each line, to read a paytable pattern on a whole line.
LINE_EXTREMES = {
    "royal_flush": ("As Ks Qs Js Ts", "As Ks Qs Js Ts"),
    "straight_flush": ("5s 4s 3s 2s As", "Ks Qs Js Ts 9s"),
    "four_of_a_kind": ("2s 2h 2d 2c 3s", "As Ah Ad Ac Ks"),
    "full_house": ("2s 2h 2d 3c 3s", "As Ah Ad Kc Ks"),
    "flush": ("2s 3s 4s 5s 7s", "As Ks Qs Js 9s"),
    "straight": ("As 2h 3d 4c 5s", "As Kh Qd Jc Ts"),
    "three_of_a_kind": ("2s 2h 2d 3c 4s", "As Ah Ad Kc Qs"),
    "two_pair": ("2s 2h 3d 3c 4s", "As Ah Kd Kc Qs"),
    "pair": ("2s 2h 3d 4c 5s", "As Ah Kd Qc Js"),
    "high_card": ("2s 3h 4d 5c 7s", "As Kh Qd Jc 9s"),
}


def line_ranks(ranking: HandRanking) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest five-card rank of every hand line, in LINES order."""
    ends = [LINE_EXTREMES[line] for line in LINES]
    return (np.array([ranking.rank_of(parse_cards(low)) for low, _ in ends]),
            np.array([ranking.rank_of(parse_cards(high)) for _, high in ends]))


def check_pattern(pattern: HandPattern, ranking: HandRanking, where: str) -> None:
    """Refuse a pay line that would pay only part of a hand line (four aces, say)."""
    lowest, highest = line_ranks(ranking)
    royal = pattern.category == "straight_flush" and pattern.rank == RANK_SYMBOLS.index("A")
    splits = (pattern.rank is not None and not pattern.or_better and not royal) or \
        (pattern.matches(ranking, lowest) != pattern.matches(ranking, highest)).any()
    if splits:
        raise RulesError(f"{where}: '{pattern.text}' pays only part of a hand category; the Hold'em counts "
                         "split hands by category (and the royal flush), not by rank")


def preflop_chart(decision: dict[str, str]) -> pd.DataFrame:
    """The 13x13 chart of a decision per starting-hand class ("AKs": "4x"): pairs on the diagonal, suited
    above it, offsuit below; the first column names the rows.

    >>> from analyzer.engines.holdem.enumeration import HAND_CLASSES
    >>> chart = preflop_chart({name: "raise" if name[0] == "A" else "check" for name in HAND_CLASSES})
    >>> chart.loc[0, "K"], chart.loc[1, "K"]   # AKs, KK
    ('raise', 'check')
    """
    order = RANK_SYMBOLS[::-1]
    grid = {}
    for column, second in enumerate(order):
        cells = []
        for row, first in enumerate(order):
            high, low = (first, second) if row <= column else (second, first)
            cells.append(decision[high + low if high == low else high + low + ("s" if row < column else "o")])
        grid[second] = cells
    return pd.DataFrame(grid, index=list(order)).rename_axis("suited above, offsuit below").reset_index()


def line_pair_counts(ranking: HandRanking, cycle: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Deals of a Hold'em game of ``cycle`` deals by (player's final line, dealer's final line), each line
    stood for by its lowest rank: (player ranks, dealer ranks, deals), from the committed table
    (:mod:`analyzer.engines.holdem.final_pairs`) scaled to the game's cycle (a whole multiple of the table's:
    the orders of the turn and river of a game over streets)."""
    times, left = divmod(cycle, PAIRS_CYCLE)
    if left:
        raise ValueError(f"a cycle of {cycle} deals is not a multiple of the table's {PAIRS_CYCLE}")
    lowest = line_ranks(ranking)[0]
    player, dealer = np.meshgrid(np.arange(len(LINES)), np.arange(len(LINES)), indexing="ij")
    return lowest[player.ravel()], lowest[dealer.ravel()], times * committed_final_pairs().ravel()


def check_line_patterns(rules: GameRules) -> None:
    """Refuse a pay line of a main wager, or of a side bet paid on the final hand, that splits a hand line
    (:func:`check_pattern`); side bets paid on a set of cards of their own (``board_cards``, ``cards_from``) are
    counted hand by hand."""
    paytables = [(w.title, w.ranking, w.paytable) for w in rules.wagers if w.paytable]
    paytables += [(b.title, b.ranking, p) for b in rules.side_bets if b.paid_on.on_final_hand
                  for p in b.paytables.values()]
    for title, ranking, paytable in paytables:
        if ranking.name != rules.ranking.name:
            raise RulesError(f"{rules.source}, {title}: a wager on the final hand is ranked {rules.ranking.name!r}, as "
                             f"the game's hands are, not {ranking.name!r} (a bet on fewer cards gives board_cards)")
        for line in paytable.lines:
            for pattern in (line.pattern, line.dealer) if line.dealer else (line.pattern,):
                check_pattern(pattern, ranking, f"{rules.name}, {title} {paytable.name}")


def line_settlement(rules: GameRules, scale: int) -> np.ndarray:
    """``nets[line, outcome, 0]``: the initial wagers' result, ``nets[line, outcome, 1]``: the raise wager's
    per unit of its multiple, scaled by ``scale``, when the player's final hand is of ``line`` (LINES) and
    the showdown has ``outcome`` (OUTCOMES); each wager settles as
    :func:`analyzer.games.settlement.settle` says for the lowest hand of the line."""
    lowest, _ = line_ranks(rules.ranking)
    nets = np.zeros((len(LINES), len(OUTCOMES), 2), dtype=np.int64)
    for wager in rules.wagers:
        hits = wager.paytable.line_index(wager.ranking, lowest) if wager.paytable else np.full(len(LINES), -1)
        nets[:, :, int(wager.role == "raise")] += settle(wager, hits, scale)
    return nets


@dataclass(frozen=True)
class HoldemPostedRule:
    """The posted card's rules, its exact house edge and its exact cost against the optimal strategy."""

    rows: tuple[tuple[str, str, str], ...]  # (decision point, decision, with these hands)
    house_edge: Fraction
    cost: Fraction
    strategy: PostedStrategy

    @property
    def text(self) -> str:
        return " | ".join(f"{point}: {decision} with {hands}" for point, decision, hands in self.rows)

    def strategy_file(self, game: str) -> str:
        """The card as a strategy file (:mod:`analyzer.engines.holdem.strategy_files` reads it back), so it can
        be saved, edited and re-evaluated with ``--strategy``."""
        return strategy_file_text(self.strategy, game)

    def table(self) -> pd.DataFrame:
        """One row per decision point, in the posted-rule table shape of the other games."""
        return pd.DataFrame([{"when": point, "decision": decision, "posted: this hand or better": hands,
                              "optimal: weakest hand so played": "see the charts below",
                              "group cost per ante": self.cost} for point, decision, hands in self.rows])


def posted_card_rows(strategy: PostedStrategy) -> tuple[tuple[str, str, str], ...]:
    """The card's rules in words (from the strategy's own fields)."""
    river = "a hidden pair or better"
    if strategy.river_fewer_dealer_outs_than:
        river += f", or fewer than {strategy.river_fewer_dealer_outs_than} dealer outs"
    return (("pre-flop", "4x", ", ".join(strategy.preflop_raise_4x) + "; otherwise check"),
            ("flop", "2x", "two pair or better using a hole card, a hidden pair (not deuces), or four to a flush "
             "with a hidden ten or better of that suit; otherwise check"),
            ("river", "1x", river + "; otherwise fold"))
