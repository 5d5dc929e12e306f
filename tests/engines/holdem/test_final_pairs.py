"""Deals by the pair of final hands (the player's and the dealer's): the per-class identity against a plain
count over every player and dealer hand of boards of every kind, a flop's table as the sum of its boards,
and the committed table against the committed UTH counts (its margin: every deal's final line)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.holdem.enumeration import CYCLE
from analyzer.engines.holdem.final_pairs import (
    board_final_pairs,
    committed_final_pairs,
    flop_final_pairs,
)
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    LINE_COUNT,
    STRAIGHT_TOP,
    evaluate_hands,
    hand_lines,
)


def plain_pairs(board: list[int]) -> np.ndarray:
    """Every player hand and every dealer hand disjoint from it on one board, by evaluation."""
    unseen = [card for card in range(52) if card not in board]
    hands = np.array(list(combinations(unseen, 2)), dtype=np.int64)
    lines = hand_lines(evaluate_hands(np.hstack([hands, np.tile(board, (len(hands), 1))])))
    holds = np.zeros((len(hands), 52), dtype=np.int64)
    holds[np.arange(len(hands))[:, None], hands] = 1
    disjoint = (holds @ holds.T == 0).astype(np.int64)
    one_hot = np.eye(LINE_COUNT, dtype=np.int64)[lines]
    return one_hot.T @ (disjoint @ one_hot)


@pytest.mark.parametrize("board", ["2c 7d 9h Jc Ks", "2h 7h 9h Jh Ks", "As Ks Qs 2s 3s", "8h 8d 8c 8s 4h",
                                   "Tc Jc Qc 9d 2h", "5d 6d 7c 8d 9d"])
def test_the_class_identity_counts_every_player_and_dealer_hand(board):
    cards = parse_cards(board)
    assert np.array_equal(board_final_pairs(np.array(cards)), plain_pairs(cards))


def test_a_flop_s_table_is_the_sum_of_its_boards():
    flop = sorted(parse_cards("4s 5s 6s"))
    pairs = np.zeros((LINE_COUNT, LINE_COUNT), dtype=np.int64)
    flop_final_pairs(np.array(flop, dtype=np.int64), 1, STRAIGHT_TOP, FLUSH_RANK, pairs)
    rest = [card for card in range(52) if card not in flop]
    assert np.array_equal(pairs, sum(board_final_pairs(np.array(flop + [t, r])) for t, r in combinations(rest, 2)))


def test_the_committed_table_adds_up_and_agrees_with_the_committed_uth_counts(uth):
    pairs = committed_final_pairs()
    assert int(pairs.sum()) == CYCLE == uth.cycle
    assert np.array_equal(pairs, pairs.T)                        # player and dealer are dealt alike
    assert np.array_equal(pairs.sum(axis=1), uth.counts.final_outcomes.sum(axis=1))   # every deal's final line
