"""Ultimate Texas Hold'em: the per-class board kernel equals the per-hand sweep on every hand.

:mod:`analyzer.engines.holdem.board_classes` works a board out per class of
two-card hands (the pair of card types: rank, and whether of the flush
suit). Here every one of a board's 1,081 hands is looked up in its class and
compared with the per-hand sweep (:func:`analyzer.engines.holdem.enumeration.river_outcomes`,
itself checked against every dealer hand in tests/engines/holdem/test_engine.py): the
seven-card rank and the six dealer outcome counts; and the six-card ranks
per type and the board's own rank with the plain evaluator. Boards without
a flush suit, with three, four and five cards of one suit, with quads and
with a full house on the board.
"""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.holdem import board_classes as classes
from analyzer.engines.holdem.enumeration import river_outcomes
from analyzer.engines.holdem.features import board_six_ranks
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    PAIR_OR_BETTER,
    STRAIGHT_TOP,
    evaluate_cards,
    plain_pair_ranks,
    rank_from_counts,
)

BOARDS = ["2c 7d 9h Jc Ks", "2h 7h 9h Jc Ks", "2h 7h 9h Jh Ks", "2h 7h 9h Jh Kh", "As Ks Qs 2s 3s",
          "8h 8d 8c 8s 4h", "8h 8d 8c 4s 4h", "Tc Jc Qc 9d 2h", "5d 6d 7c 8d 9d"]


def worked_out(text: str):
    """The board's classes: (scratch, number of classes, flush suit, turn and river tables)."""
    board = np.array(parse_cards(text), dtype=np.int64)
    plain, six, five, pair_order = classes.flop_rank_tables(board[:3], STRAIGHT_TOP)
    turn, river = board[3] >> 2, board[4] >> 2
    unseen = np.setdiff1d(np.arange(52), board)
    scratch = classes.class_scratch()
    flush_suit = classes.type_cards(board, unseen, scratch)
    count = classes.board_classes(unseen, flush_suit, plain[turn, river], pair_order[turn, river], FLUSH_RANK,
                                  PAIR_OR_BETTER, scratch)
    return board, unseen, scratch, count, flush_suit, six[turn, river], five[turn, river]


@pytest.mark.parametrize("text", BOARDS)
def test_every_hand_gets_its_class_rank_and_outcomes(text):
    board, _, scratch, count, _, _, _ = worked_out(text)
    card_type = scratch.card_type
    first, second = scratch.class_first[:count], scratch.class_second[:count]
    class_of = {(int(t1), int(t2)): c for c, (t1, t2) in enumerate(zip(first, second, strict=True))}
    per_hand = river_outcomes(board)
    found = np.zeros(count, dtype=np.int64)
    for x, y, rank, outcomes in zip(per_hand.first, per_hand.second, per_hand.ranks, per_hand.outcomes, strict=True):
        c = class_of[tuple(sorted((int(card_type[x]), int(card_type[y]))))]
        found[c] += 1
        assert scratch.class_ranks[c] == rank
        assert np.array_equal(scratch.class_outcomes[c], outcomes)
    assert np.array_equal(found, scratch.class_multiplicity[:count])
    assert found.sum() == 1081


@pytest.mark.parametrize("text", BOARDS)
def test_board_and_six_card_ranks(text):
    board, unseen, scratch, count, flush_suit, six, five = worked_out(text)
    assert (flush_suit >= 0) == (np.bincount(board & 3, minlength=4).max() >= 3)
    assert count <= (classes.MAX_CLASSES if flush_suit >= 0 else 91)
    assert classes.board_rank(five, scratch, FLUSH_RANK) == evaluate_cards(board, STRAIGHT_TOP, FLUSH_RANK)
    sorted_six, card_six = np.empty(len(unseen), np.int64), np.full(52, -1, np.int64)
    classes.board_plus_one_by_type(unseen, six, scratch, FLUSH_RANK, sorted_six, card_six)
    expected_sorted, expected_card = board_six_ranks(board)
    assert np.array_equal(sorted_six, expected_sorted)
    assert np.array_equal(card_six, expected_card)


@pytest.mark.parametrize("text", ["2c 7d 9h", "8h 8d 8c", "5d 5c Ks", "Ac Kc Qc", "2s 3s 4d"])
def test_flop_tables_are_the_rank_of_every_turn_river_and_two_more(text):
    """Each (turn, river) entry of the flop's tables, once per four ranks, equals its own evaluation: the plain
    pairs table of the five ranks, and the six and five card ranks (-1 where a rank would be held five times)."""
    flop = np.array(parse_cards(text), dtype=np.int64)
    plain, six, five, pair_order = classes.flop_rank_tables(flop, STRAIGHT_TOP)
    counts = np.bincount(flop >> 2, minlength=13)
    for turn in range(13):
        for river in range(13):
            board = counts.copy()
            board[turn] += 1
            board[river] += 1
            if board.max() > 4:
                assert (plain[turn, river] == -1).all() and five[turn, river] == -1
                assert (six[turn, river] == -1).all()
                continue
            expected = np.empty((13, 13), dtype=np.int64)
            plain_pair_ranks(board, STRAIGHT_TOP, expected)
            assert np.array_equal(plain[turn, river], expected)
            assert five[turn, river] == rank_from_counts(board, STRAIGHT_TOP)
            for rank in range(13):
                board[rank] += 1
                assert six[turn, river, rank] == (rank_from_counts(board, STRAIGHT_TOP) if board[rank] <= 4 else -1)
                board[rank] -= 1
            pairs = [(expected[low, high], low * 13 + high) for low in range(13) for high in range(low, 13)]
            assert pair_order[turn, river].tolist() == [code for _, code in sorted(pairs)]  # ties: by code
