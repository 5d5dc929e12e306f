"""Deals by the pair of final hands (the player's and the dealer's): the per-class identity against a plain
count over every player and dealer hand of a flop's boards, and the committed table against the committed
UTH counts."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.holdem.enumeration import CYCLE
from analyzer.engines.holdem.final_pairs import committed_final_pairs, flop_final_pairs
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    LINE_COUNT,
    STRAIGHT_TOP,
    evaluate_hands,
    hand_lines,
)


def plain_pairs(flop: list[int]) -> np.ndarray:
    """Every board of the flop, every player hand and every dealer hand disjoint from it, by evaluation."""
    rest = [card for card in range(52) if card not in flop]
    pairs = np.zeros((LINE_COUNT, LINE_COUNT), dtype=np.int64)
    for t, r in combinations(rest, 2):
        unseen = [card for card in rest if card not in (t, r)]
        hands = np.array(list(combinations(unseen, 2)), dtype=np.int64)
        lines = hand_lines(evaluate_hands(np.hstack([hands, np.tile(flop + [t, r], (len(hands), 1))])))
        holds = np.zeros((len(hands), 52), dtype=bool)
        holds[np.arange(len(hands))[:, None], hands] = True
        disjoint = ~(holds.astype(np.int32) @ holds.T.astype(np.int32)).astype(bool)
        one_hot = np.eye(LINE_COUNT, dtype=np.int64)[lines]
        pairs += one_hot.T @ disjoint.astype(np.int64) @ one_hot
    return pairs


@pytest.mark.slow
@pytest.mark.parametrize("flop", ["2c 7d Jh", "4s 5s 6s"])
def test_the_class_identity_counts_every_player_and_dealer_hand(flop):
    cards = sorted(parse_cards(flop))
    pairs = np.zeros((LINE_COUNT, LINE_COUNT), dtype=np.int64)
    flop_final_pairs(np.array(cards, dtype=np.int64), 1, STRAIGHT_TOP, FLUSH_RANK, pairs)
    assert np.array_equal(pairs, plain_pairs(cards))


def test_the_committed_table_adds_up_and_agrees_with_the_committed_uth_counts(uth):
    pairs = committed_final_pairs()
    assert int(pairs.sum()) == CYCLE == uth.cycle
    assert np.array_equal(pairs, pairs.T)                        # player and dealer are dealt alike
    assert np.array_equal(pairs.sum(axis=1), uth.counts.trips_hands)   # the player's final lines, every deal
