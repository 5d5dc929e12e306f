"""Deals of Hold'em by the pair of final hand lines, the player's and the dealer's: what a side bet paid on
both hands needs, whatever the player decides.

On one five-card board, with ``T[L]`` the two-card hands of the unseen
cards whose seven-card line is L, and ``P[L][t]`` those holding one given
card of type t (its rank, and whether it is of the board's flush suit: the
classes of :mod:`analyzer.engines.holdem.board_classes`), the dealer hands
of line L beside a player hand {x, y} number

    T[L] - P[L][t(x)] - P[L][t(y)] + [line of {x, y} is L]

(the hands holding x, those holding y, and {x, y} itself, taken out twice).
So each class of player hands adds its multiplicity times that row to
``pairs[player line, dealer line]``, with no work per hand. Over every flop
class (times its weight) and turn/river pair the counts are of the cycle
C(52,2) x C(50,3) x C(47,2) x C(45,2) of the one-Play-bet enumeration; they
do not depend on the game, so the full table is committed
(``enumerations/final_hand_pairs/final_pairs.csv``) and scaled to each
game's cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from analyzer.core.committed import committed_folder
from analyzer.core.csvtext import csv_text, read_rows
from analyzer.engines.holdem.board_classes import (
    TYPE_COUNT,
    board_classes,
    class_scratch,
    flop_rank_tables,
    type_cards,
)
from analyzer.engines.holdem.enumeration import (
    CYCLE,
    FlopClassSums,
    deal_board,
    flop_rest,
    sum_over_flop_classes,
)
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    LINE_COUNT,
    LINES,
    PAIR_OR_BETTER,
    STRAIGHT_TOP,
    rank_line,
)

#: Where the committed table lives (a part of the results of every Hold'em game, not of one game).
COMMITTED = "final_hand_pairs"
FILE = "final_pairs.csv"


@njit(cache=True, nogil=True)
def _board_pairs(count, first, second, ranks, multiplicity, type_counts, weight, pairs):
    """Add one board's (player line, dealer line) deals, times ``weight``, to ``pairs``."""
    total = np.zeros(LINE_COUNT, dtype=np.int64)
    holding = np.zeros((LINE_COUNT, TYPE_COUNT), dtype=np.int64)
    lines = np.empty(count, dtype=np.int64)
    for c in range(count):
        line = rank_line(ranks[c])
        lines[c] = line
        total[line] += multiplicity[c]
        t1, t2 = first[c], second[c]
        if t1 == t2:
            holding[line, t1] += type_counts[t1] - 1
        else:
            holding[line, t1] += type_counts[t2]
            holding[line, t2] += type_counts[t1]
    for c in range(count):
        t1, t2 = first[c], second[c]
        for dealer in range(LINE_COUNT):
            hands = total[dealer] - holding[dealer, t1] - holding[dealer, t2] + (1 if lines[c] == dealer else 0)
            pairs[lines[c], dealer] += weight * multiplicity[c] * hands


def board_final_pairs(board: np.ndarray) -> np.ndarray:
    """The (player line, dealer line) deals of one five-card board (every player hand of the 47 other cards,
    every dealer hand of the 45 left), by the same identity.

    >>> from analyzer.core.cards import parse_cards
    >>> pairs = board_final_pairs(np.array(parse_cards("2c 7d 9h Jc Ks")))
    >>> int(pairs.sum()) == 1081 * 990, bool((pairs == pairs.T).all())
    (True, True)
    """
    board = np.asarray(board, dtype=np.int64)
    unseen = np.setdiff1d(np.arange(52, dtype=np.int64), board)
    scratch = class_scratch()
    plain, _, _, pair_order = flop_rank_tables(np.sort(board[:3]), STRAIGHT_TOP)
    turn, river = board[3] >> 2, board[4] >> 2
    flush_suit = type_cards(board, unseen, scratch)
    count = board_classes(unseen, flush_suit, plain[turn, river], pair_order[turn, river], FLUSH_RANK,
                          PAIR_OR_BETTER, scratch)
    pairs = np.zeros((LINE_COUNT, LINE_COUNT), dtype=np.int64)
    _board_pairs(count, scratch.class_first, scratch.class_second, scratch.class_ranks,
                 scratch.class_multiplicity, scratch.type_counts, 1, pairs)
    return pairs


@njit(cache=True, nogil=True)
def flop_final_pairs(flop, weight, straight_top, flush_rank, pairs):
    """Add every turn/river pair of one flop representative, times ``weight``, to ``pairs``."""
    rest, _ = flop_rest(flop)
    n = rest.shape[0]
    scratch = class_scratch()
    plain, _, _, pair_order = flop_rank_tables(flop, straight_top)
    board = np.empty(5, dtype=np.int64)
    unseen = np.empty(n - 2, dtype=np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            deal_board(flop, rest, i, j, board, unseen)
            flush_suit = type_cards(board, unseen, scratch)
            count = board_classes(unseen, flush_suit, plain[board[3] >> 2, board[4] >> 2],
                                  pair_order[board[3] >> 2, board[4] >> 2], flush_rank, PAIR_OR_BETTER, scratch)
            _board_pairs(count, scratch.class_first, scratch.class_second, scratch.class_ranks,
                         scratch.class_multiplicity, scratch.type_counts, weight, pairs)


@dataclass(frozen=True, eq=False)
class FinalPairSums(FlopClassSums):
    """``pairs[player line, dealer line]``: deals over some flop classes (LINES order)."""

    pairs: np.ndarray

    SHAPES = {"pairs": (LINE_COUNT, LINE_COUNT)}


def final_pair_sums(flops: np.ndarray, weights: np.ndarray) -> FinalPairSums:
    """The table of the given flop representatives, each counted ``weights`` times."""
    pairs = np.zeros((LINE_COUNT, LINE_COUNT), dtype=np.int64)
    for flop, weight in zip(np.ascontiguousarray(flops, dtype=np.int64), weights, strict=True):
        flop_final_pairs(flop, int(weight), STRAIGHT_TOP, FLUSH_RANK, pairs)
    return FinalPairSums(pairs)


def enumerate_final_pairs(jobs: int = 1, progress: bool = True,
                          flop_class_indices: np.ndarray | None = None) -> np.ndarray:
    """The table over every flop class (or the given ones), in parallel chunks."""
    return sum_over_flop_classes(final_pair_sums, FinalPairSums, "final-pairs", "Hold'em final hand pairs",
                                 jobs, progress, None, flop_class_indices).pairs


def pairs_csv(pairs: np.ndarray) -> str:
    """The table as CSV text: player line, dealer line, deals."""
    return csv_text(["player", "dealer", "deals"], [[LINES[p], LINES[d], int(pairs[p, d])]
                                                    for p in range(LINE_COUNT) for d in range(LINE_COUNT)])


def committed_final_pairs(folder: Path | None = None) -> np.ndarray:
    """The committed table (deals of the cycle C(52,2) x C(50,3) x C(47,2) x C(45,2))."""
    rows = read_rows(((folder or committed_folder(COMMITTED)) / FILE).read_text(encoding="utf-8"))
    pairs = np.zeros((LINE_COUNT, LINE_COUNT), dtype=np.int64)
    for row in rows:
        pairs[LINES.index(row["player"]), LINES.index(row["dealer"])] = int(row["deals"])
    if int(pairs.sum()) != CYCLE:
        raise ValueError(f"{FILE}: the deals add up to {int(pairs.sum())}, not the cycle {CYCLE}")
    return pairs

