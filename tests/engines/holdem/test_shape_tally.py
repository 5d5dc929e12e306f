"""A board shape's classes added to every hole pair's tally (gathered per class, then corrected for the hole pairs
meeting a board) give each hole pair its class's words once per board of the shape holding neither of its cards:
checked by hand on the module's example, then against a count over the boards for every hole pair."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from analyzer.core.cards import parse_cards
from analyzer.engines.holdem.enumeration import HOLE_PAIRS, flop_rest, pair_index
from analyzer.engines.holdem.shape_tally import (
    BOARD_SHAPES,
    TALLY_WORDS,
    TYPINGS,
    add_gathered,
    add_shape,
    add_turn_shape,
    board_shape_of,
    cards_by_rank,
    clear_classes,
    rank_pair_cards,
)

FLOP = "2c 7d 9h"


def boards_met(boards_text: list[str]) -> np.ndarray:
    """Each hole pair's tally after one shape of the given boards (two cards each, of the same two ranks), every
    card typed by its rank (no flush suit) and every class's words (offset 0; 1, then the class's code): the
    boards of the shape holding neither card, and the sum of the class codes over them."""
    flop = np.array(parse_cards(FLOP), dtype=np.int64)
    rest, local = flop_rest(flop)
    n = len(rest)
    boards = [tuple(int(local[card]) for card in parse_cards(text)) for text in boards_text]
    shape = 0
    with_shape = np.zeros(n, dtype=np.int64)
    shape_of = np.full((n, n), -1, dtype=np.int64)
    for i, j in boards:
        with_shape[i] += 1
        with_shape[j] += 1
        shape_of[i, j] = shape_of[j, i] = shape
    ranks = {int(rest[p]) >> 2 for board in boards for p in board}
    members = np.array([p for p in range(n) if int(rest[p]) >> 2 in ranks], dtype=np.int64)
    types = np.array([card >> 2 for card in range(52)], dtype=np.int64)
    pairs = np.array([(t1, t2) for t1 in range(13) for t2 in range(t1, 13)], dtype=np.int64)
    pair_words = np.zeros((26, 26, 1 + TALLY_WORDS), dtype=np.int64)
    for t1, t2 in pairs:
        pair_words[t1, t2] = pair_words[t2, t1] = (0, 1, 13 * t1 + t2)
    gathered = np.zeros((TYPINGS, 26, 26, TALLY_WORDS), dtype=np.int64)
    used = np.zeros(TYPINGS, dtype=np.bool_)
    used[0] = True
    tally = np.zeros((HOLE_PAIRS, TALLY_WORDS), dtype=np.int64)
    add_shape(rest, len(boards), with_shape, shape_of, shape, types, pair_words, len(pairs), pairs, members, 0,
              gathered[0], tally)
    clear_classes(len(pairs), pairs, pair_words)
    assert not pair_words.any()
    add_gathered(rest, gathered, used, tally)
    return tally


def test_the_module_example_by_hand():
    tally = boards_met(["Ah Kd", "As Kd"])
    met = {text: int(tally[pair_index(*parse_cards(text)), 0]) for text in ("Ac Qc", "Ah Qc", "Kd Qc", "Ah Kd")}
    assert met == {"Ac Qc": 2, "Ah Qc": 1, "Kd Qc": 0, "Ah Kd": 0}
    assert BOARD_SHAPES == 17 and TYPINGS == 5


def test_every_hole_pair_takes_its_class_once_per_board_it_does_not_meet():
    boards_text = ["Ah Kd", "As Kd", "Ac Kh", "Ad Kc"]
    tally = boards_met(boards_text)
    boards = [set(parse_cards(text)) for text in boards_text]
    rest = [card for card in range(52) if card not in parse_cards(FLOP)]
    for x, y in combinations(rest, 2):
        times = sum(1 for board in boards if not board & {x, y})
        code = 13 * min(x >> 2, y >> 2) + max(x >> 2, y >> 2)
        assert tally[pair_index(x, y)].tolist() == [times, times * code]
    flop_pairs = [pair_index(x, y) for x, y in combinations(range(52), 2) if {x, y} & set(parse_cards(FLOP))]
    assert not tally[flop_pairs].any()


def test_a_board_s_shape_and_a_rank_pair_s_cards():
    flop = np.array(parse_cards(FLOP), dtype=np.int64)   # 2c 7d 9h
    clubs = parse_cards("2c")[0] & 3
    assert board_shape_of(flop, *parse_cards("Ah Kd")) == (0, -1)  # no suit three times
    assert board_shape_of(flop, *parse_cards("Ac Kc")) == (1 + 4 * clubs + 2 + 1, clubs)
    rest, _ = flop_rest(flop)
    of_rank, by_rank = cards_by_rank(rest)
    members = np.empty(8, dtype=np.int64)
    held = rank_pair_cards(of_rank, by_rank, 5, 12, members)  # sevens (three left) and aces (four)
    assert sorted(int(rest[p]) for p in members[:held]) == sorted(
        card for card in range(52) if card >> 2 in (5, 12) and card not in flop)


def turn_rows(boards_text: list[str], turn_text: str) -> tuple[np.ndarray, int, int]:
    """The turn card's rows after one shape of the given boards (each holding the turn card), every card typed by
    its rank and each class c (one per pair of ranks) of line group ``c % 3`` with the outcomes (1, c, 40): the
    rows, the turn card's position and the groups."""
    flop = np.array(parse_cards(FLOP), dtype=np.int64)
    rest, local = flop_rest(flop)
    n, turn, groups = len(rest), int(local[parse_cards(turn_text)[0]]), 3
    with_shape = np.zeros(n, dtype=np.int64)
    shape_of = np.full((n, n), -1, dtype=np.int64)
    for text in boards_text:
        i, j = (int(local[card]) for card in parse_cards(text))
        with_shape[i] += 1
        with_shape[j] += 1
        shape_of[i, j] = shape_of[j, i] = 0
    ranks = {card >> 2 for text in boards_text for card in parse_cards(text)}
    members = np.array([p for p in range(n) if int(rest[p]) >> 2 in ranks], dtype=np.int64)
    types = np.array([card >> 2 for card in range(52)], dtype=np.int64)
    pairs = np.array([(t1, t2) for t1 in range(13) for t2 in range(t1, 13)], dtype=np.int64)
    table = np.full((26, 26), -1, dtype=np.int64)
    for c, (t1, t2) in enumerate(pairs):
        table[t1, t2] = table[t2, t1] = c
    outcomes = np.zeros((len(pairs), 6), dtype=np.int64)
    outcomes[:, 3], outcomes[:, 4], outcomes[:, 5] = 1, np.arange(len(pairs)), 40
    lines = np.arange(len(pairs), dtype=np.int64)
    line_group = lines % groups
    gathered = np.zeros((n, TYPINGS, 26, 26, groups, 3), dtype=np.uint16)
    typings = np.zeros((n, TYPINGS), dtype=np.bool_)
    rows = np.zeros((n, HOLE_PAIRS, groups, 3), dtype=np.uint16)
    add_turn_shape(rest, with_shape, shape_of, 0, 0, table, types, lines, outcomes, len(pairs), pairs, members,
                   line_group, 3, gathered, typings, rows)
    assert typings[:, 0].tolist() == (with_shape > 0).tolist()   # each card of a board, as the turn card
    add_gathered(rest, gathered[turn].reshape(TYPINGS, 26, 26, -1), typings[turn], rows[turn].reshape(HOLE_PAIRS, -1),
                 turn)
    return rows, turn, groups


def test_the_turn_card_s_rows_by_hand():
    rows, turn, _ = turn_rows(["Ah Kd", "As Kd"], "Kd")
    met = {text: int(rows[turn, pair_index(*parse_cards(text))].sum(axis=0)[0])
           for text in ("Ac Qc", "Ah Qc", "Ah As", "Kd Qc")}
    assert met == {"Ac Qc": 2, "Ah Qc": 1, "Ah As": 0, "Kd Qc": 0}


def test_every_hole_pair_without_the_turn_card_takes_its_class_once_per_river_it_does_not_hold():
    """Every cell exact although the rows are added modulo 2**16 and a hole pair holding a river card is first
    taken below zero."""
    boards_text = ["Kd Ah", "Kd As", "Kd Ac"]
    rows, turn, groups = turn_rows(boards_text, "Kd")
    rivers = [parse_cards(text)[1] for text in boards_text]
    rest = [card for card in range(52) if card not in parse_cards(FLOP)]
    kd = parse_cards("Kd")[0]
    for x, y in combinations(rest, 2):
        row = rows[turn, pair_index(x, y)].astype(np.int64)
        if kd in (x, y):
            assert not row.any()
            continue
        times = sum(1 for river in rivers if river not in (x, y))
        c = sum(range(13, 13 - min(x >> 2, y >> 2), -1)) + max(x >> 2, y >> 2) - min(x >> 2, y >> 2)
        expected = np.zeros((groups, 3), dtype=np.int64)
        expected[c % groups] = (times, times * c, times * 40)
        assert np.array_equal(row, expected), (x, y)
