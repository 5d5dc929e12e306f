"""Ultimate Texas Hold'em with one dealer hole card seen: the exact optimal play.

Specification: the dealer outcome counts of a (hole pair, seen card) on a
board, hand-checked and against a plain loop over the dealer's other card;
their sum over the seen card is twice the normal engine's counts (every
dealer pair {s, d} counted once for each card seen); the (hole, seen card)
classes against every suit relabelling; and a reduced run over two flop
classes against plain loops over every turn/river and every dealer card.
No full enumeration runs here.
"""

from __future__ import annotations

import csv
import itertools
import json
from collections.abc import Callable
from fractions import Fraction
from functools import cache, partial
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import combinations, parse_cards
from analyzer.core.isomorphism import suit_classes
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem import exposure as seen
from analyzer.engines.holdem.posted import SCALED_NETS
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    PAIR_OR_BETTER,
    STRAIGHT_TOP,
    evaluate_cards,
    evaluate_hands,
    rank_line,
)

CARD = parse_cards
#: Flop classes of the reduced run: 2c 2d 2h (weight 4) and 5c 5d Jc (12).
REDUCED = [0, 700]


def hole_index(hole) -> int:
    return uth.pair_index(*hole)


def plain_outcomes(board, hole, seen_card) -> np.ndarray:
    """Dealer outcome counts (uth.OUTCOMES order), one dealer card d at a time, plain evaluator."""
    player = evaluate_cards(np.asarray([*board, *hole], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
    counts = np.zeros(6, dtype=np.int64)
    for d in range(52):
        if d in board or d in hole or d == seen_card:
            continue
        dealer = evaluate_cards(np.asarray([*board, seen_card, d], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
        comparison = 0 if player > dealer else 1 if player == dealer else 2
        counts[(3 if dealer >= PAIR_OR_BETTER else 0) + comparison] += 1
    return counts


# --------------------------------------------------------------------------- also used by test_exposure_both.py


def summed_over_rivers(values: np.ndarray) -> tuple[int, int, int, int, int]:
    """(check, 2x, 3x, 4x, rivers played) of one flop from the scaled Play m values (m = 0 fold ... 4)
    of each turn/river: after a check the river plays 1x only when strictly better than the fold."""
    played = values[:, 1] > values[:, 0]
    river_best = np.where(played, values[:, 1], values[:, 0])
    return (int(river_best.sum()), int(values[:, 2].sum()), int(values[:, 3].sum()), int(values[:, 4].sum()),
            int(played.sum()))


def representative_flop_sums(flop_sums: Callable) -> list:
    """(flop, ``flop_sums(flop)``) for the representative of each REDUCED flop class."""
    return [(tuple(int(card) for card in flop), flop_sums(flop)) for flop in uth.flop_classes().cards[REDUCED]]


@cache
def concrete_flops() -> np.ndarray:
    """Every concrete flop of the REDUCED flop classes."""
    flops = np.asarray(combinations(52, 3), dtype=np.int64)
    return flops[np.isin(suit_classes(flops).class_of, REDUCED)]


def summed_over_concrete_flops(flop_values: Callable, known: set[int]) -> np.ndarray:
    """(flop's best value, 3x, 4x) summed over every concrete flop of the REDUCED classes that avoids the
    known cards; ``flop_values(flop)``: the plain (check, 2x, 3x, 4x, rivers played) of one flop."""
    expected = np.zeros(3, dtype=np.int64)
    for flop in concrete_flops():
        if set(flop.tolist()) & known:
            continue
        check, raise_2x, raise_3x, raise_4x, _ = flop_values(flop.tolist())
        expected += (max(check, raise_2x), raise_3x, raise_4x)
    return expected


def assert_reduced_counts_add_up(results, deals_per_flop: int) -> None:
    """A run over the REDUCED flop classes counts every deal of their flops, each under one decision."""
    weights = uth.flop_classes().weights[REDUCED]
    assert results.cycle == int(weights.sum()) * deals_per_flop
    assert results.preflop_actions.sum() == results.cycle
    assert results.flop_actions.sum() == results.preflop_actions[0]
    assert results.river_actions.sum() == results.flop_actions[1]
    assert not results.complete


def frequencies_add_up(figures: dict) -> dict[str, Fraction]:
    """The frequencies of ``figures`` (Fractions or their strings, as committed), checked: the pre-flop
    ones add up to 1, flop and river ones to the check before; the element of risk is the edge over the
    average total bet."""
    assert Fraction(figures["element_of_risk"]) == Fraction(figures["house_edge_per_ante"]) / Fraction(
        figures["average_total_bet"])
    frequencies = {name: Fraction(value) for name, value in figures.items() if name.startswith("frequency")}
    assert sum(value for name, value in frequencies.items() if "pre-flop" in name) == 1
    assert frequencies["frequency flop 2x"] + frequencies["frequency flop check"] == frequencies[
        "frequency pre-flop check"]
    assert frequencies["frequency river 1x"] + frequencies["frequency river fold"] == frequencies[
        "frequency flop check"]
    return frequencies


# --------------------------------------------------------------------------- the cycle


def test_cycle_is_every_normal_deal_with_either_dealer_card_seen():
    assert seen.EXPOSED_CYCLE == comb(52, 2) * 50 * 49 * comb(48, 3) * comb(45, 2) == 55_627_620_048_000
    assert seen.EXPOSED_CYCLE == 2 * uth.CYCLE
    assert seen.DEALS_PER_SEEN == comb(49, 3) * comb(46, 2) * 44 == 839_028_960
    assert seen.EXPOSED_CYCLE == seen.HOLE_SEEN * seen.DEALS_PER_SEEN


# --------------------------------------------------------------------------- one board, by hand


@pytest.mark.parametrize("board, hole, seen_card, expected", [
    # aces up against kings and sevens (seen 7c): the dealer wins only with Kh, Ks, 7d, 7s (full houses)
    ("Kc Kd 7h 4s 2c", "As Ah", "7c", (0, 0, 0, 40, 0, 4)),
    # ace high; the dealer pairs one of 2 5 9 J K 3 (18 cards) or stays below, ace or queen high at best
    ("2c 5d 9h Js Kc", "Ah Qh", "3s", (26, 0, 0, 0, 0, 18)),
    # the royal flush on the board plays for everyone
    ("As Ks Qs Js Ts", "2c 3d", "4h", (0, 0, 0, 0, 44, 0)),
    # the player's nine-high straight against the board's eight-high one: only a nine (3 left) ties
    ("4c 5d 6h 7s 8c", "9c 2d", "8d", (0, 0, 0, 41, 3, 0)),
])
def test_outcome_counts_by_hand(board, hole, seen_card, expected):
    board, hole, (seen_card,) = CARD(board), CARD(hole), CARD(seen_card)
    assert tuple(plain_outcomes(board, hole, seen_card)) == expected
    outcomes = seen.board_seen_outcomes(board)
    assert tuple(outcomes[hole_index(hole), seen_card]) == expected


def test_outcome_counts_against_a_plain_loop_over_the_dealer_card():
    rng = np.random.default_rng(2026)
    for _ in range(6):
        cards = rng.permutation(52)
        board = sorted(int(card) for card in cards[:5])
        outcomes = seen.board_seen_outcomes(board)
        for _ in range(8):
            rest = rng.permutation([card for card in range(52) if card not in board])
            hole, seen_card = sorted(int(card) for card in rest[:2]), int(rest[2])
            assert np.array_equal(outcomes[hole_index(hole), seen_card], plain_outcomes(board, hole, seen_card))


@pytest.mark.parametrize("board", ["2c 7d 9h Js Kc", "As Ks Qs Js Ts", "5h 5d 5s Kc Kd", "Tc 9c 4c 3h 2c",
                                   "Ah 2h 3d 4d Qs"])
def test_summed_over_the_seen_card_the_counts_are_twice_the_normal_ones(board):
    """Every dealer pair {s, d} is counted once with s seen and once with d seen."""
    board = CARD(board)
    outcomes = seen.board_seen_outcomes(board)
    normal = uth.river_outcomes(board)
    holes = normal.first + normal.second * (normal.second - 1) // 2
    assert np.array_equal(outcomes.sum(axis=1)[holes], 2 * normal.outcomes)
    totals = outcomes.sum(axis=2)
    valid = np.zeros_like(totals, dtype=bool)
    for h in holes:
        valid[h] = True
        valid[h, [uth.HOLE_FIRST[h], uth.HOLE_SECOND[h], *board]] = False
    assert (totals[valid] == seen.OTHER_CARDS).all() and (totals[~valid] == 0).all()


# --------------------------------------------------------------------------- (hole pair, seen card) classes


def test_seen_classes_are_the_orbits_of_suit_relabellings():
    classes = seen.seen_classes()
    assert len(classes) == seen.SEEN_CLASS_COUNT == 5083
    assert int(classes.sizes.sum()) == seen.HOLE_SEEN
    holes, cards = np.nonzero(classes.class_of >= 0)
    first, second = uth.HOLE_FIRST[holes], uth.HOLE_SECOND[holes]
    orbit_key = None
    for permutation in itertools.permutations(range(4)):  # the smallest image under the 24 relabellings
        suits = np.asarray(permutation)
        low, high = (first & ~3) | suits[first & 3], (second & ~3) | suits[second & 3]
        image = np.minimum(low, high) * 52 * 52 + np.maximum(low, high) * 52 + ((cards & ~3) | suits[cards & 3])
        orbit_key = image if orbit_key is None else np.minimum(orbit_key, image)
    found = classes.class_of[holes, cards]
    _, orbit = np.unique(orbit_key, return_inverse=True)
    pairs = set(zip(found.tolist(), orbit.ravel().tolist(), strict=True))
    assert len(pairs) == len(classes) == len(set(orbit.ravel().tolist()))  # the same partition
    assert np.array_equal(np.bincount(found), classes.sizes)


def test_seen_class_labels_name_each_class_once():
    classes = seen.seen_classes()
    labels = list(zip(classes.hand_class, classes.seen_rank, classes.relation, strict=True))
    assert len(set(labels)) == len(labels)
    assert labels[0] == ("AA", "A", "other suit")          # the two aces left
    assert ("AKs", "Q", "suit of both hole cards") in labels
    assert ("AKo", "A", "suit of the low card") in labels and ("AKo", "A", "suit of the high card") not in labels
    sizes = dict(zip(labels, classes.sizes.tolist(), strict=True))
    assert sizes["AA", "A", "other suit"] == 6 * 2
    assert sizes["AA", "K", "suit of a hole card"] == 6 * 2 and sizes["AA", "K", "other suit"] == 6 * 2
    assert sizes["72o", "Q", "suit of the high card"] == 12 and sizes["72o", "Q", "other suit"] == 12 * 2


# --------------------------------------------------------------------------- one flop: plain loops


def plain_river_values(hole, seen_card, flop):
    """Per turn/river (the 1,035 of the 46 other cards): scaled Play m values (m = 0 fold ... 4) summed
    over every dealer card d, from the plain evaluator and the settlement table."""
    rest = [card for card in range(52) if card not in {*hole, seen_card, *flop}]
    boards = np.asarray([[*flop, t, r] for t, r in itertools.combinations(rest, 2)], dtype=np.int64)
    player = evaluate_hands(np.column_stack([boards, np.tile(hole, (len(boards), 1))]))
    others = np.asarray([[d for d in rest if d not in board[3:]] for board in boards], dtype=np.int64)  # (1035, 44)
    dealer_hands = np.concatenate([np.repeat(boards, 44, axis=0), np.full((len(boards) * 44, 1), seen_card),
                                   others.reshape(-1, 1)], axis=1)
    dealer = evaluate_hands(dealer_hands).reshape(len(boards), 44)
    comparison = np.where(player[:, None] > dealer, 0, np.where(player[:, None] == dealer, 1, 2))
    outcome = np.where(dealer >= PAIR_OR_BETTER, 3, 0) + comparison
    lines = np.asarray([rank_line(int(rank)) for rank in player])
    return np.stack([SCALED_NETS[m][outcome, lines[:, None]].sum(axis=1) for m in range(5)], axis=1)


def plain_flop_values(hole, seen_card, flop):
    """(check, 2x, 3x, 4x, rivers played) for one (hole, seen card, flop), ties to the smaller wager."""
    return summed_over_rivers(plain_river_values(hole, seen_card, flop))


SAMPLES = [("As Ad", "Kh"), ("Ac Kd", "5h"), ("7h 6h", "Js"), ("Qs 3d", "Qd"), ("9c 9d", "Tc"), ("4s 3s", "2s")]


@pytest.fixture(scope="module")
def representative_sums():
    return representative_flop_sums(seen.exposed_flop_sums)


@pytest.mark.slow
def test_flop_sums_against_plain_loops(representative_sums):
    for flop, sums in representative_sums:
        for hole, seen_card in SAMPLES:
            hole, (seen_card,) = CARD(hole), CARD(seen_card)
            if set(flop) & {*hole, seen_card}:
                continue
            h = hole_index(hole)
            check, raise_2x, raise_3x, raise_4x, played = plain_flop_values(hole, seen_card, flop)
            assert sums.flop_values(h, seen_card) == {"check": check, "2x": raise_2x}
            assert int(sums.sum_a[h, seen_card] + 3 * sums.sum_b[h, seen_card]) == raise_3x
            assert int(sums.sum_a[h, seen_card] + 4 * sums.sum_b[h, seen_card]) == raise_4x
            assert int(sums.river_play[h, seen_card]) == played
            assert int(sums.dealt[h, seen_card]) == seen.DEALS_PER_SEEN_FLOP


# --------------------------------------------------------------------------- reduced run: pre-flop


@pytest.fixture(scope="module")
def reduced():
    return seen.analyze_exposed(progress=False, flop_class_indices=REDUCED)


@pytest.mark.slow
def test_reduced_run_pre_flop_values_against_every_concrete_flop(reduced):
    """Class sums over the representatives, times the weights, divided by the class size, equal the
    plain sums over every concrete flop of the two classes."""
    classes = seen.seen_classes()
    for hole, seen_card in SAMPLES[:3]:
        hole, (seen_card,) = CARD(hole), CARD(seen_card)
        expected = summed_over_concrete_flops(partial(plain_flop_values, hole, seen_card), {*hole, seen_card})
        c = classes.class_of[hole_index(hole), seen_card]
        assert np.array_equal(reduced.values[c], expected * classes.sizes[c])


def test_reduced_run_counts_add_up(reduced):
    assert_reduced_counts_add_up(reduced, comb(49, 2) * 47 * comb(46, 2) * 44)  # hole, seen, turn/river, d


def test_reduced_run_figures_and_table(reduced):
    frequencies_add_up(reduced.figures())
    table = reduced.preflop_table()
    assert len(table) == 5083 and int(table["combinations"].sum()) == seen.HOLE_SEEN
    best = [max(row.ev_check, row.ev_3x, row.ev_4x) for row in table.itertuples()]
    chosen = [getattr(row, "ev_" + row.decision) for row in table.itertuples()]
    assert best == chosen
    row = table[(table["hand"] == "AA") & (table["seen_rank"] == "K")].iloc[0]
    assert row["decision"] == "4x" and isinstance(row["ev_4x"], Fraction)


# --------------------------------------------------------------------------- the committed full run


def test_committed_full_run():
    """enumerations/protect/uth_exposed_1.json (scripts/uth_exposure.py --seen 1): every deal of the cycle, a
    player advantage (normal play: 2.184971% house edge), 3x never the choice, consistent table."""
    folder = Path(__file__).resolve().parents[3] / "enumerations" / "protect"
    figures = json.loads((folder / "uth_exposed_1.json").read_text(encoding="utf-8"))
    assert int(figures["cycle"]) == seen.EXPOSED_CYCLE and figures["complete"] is True
    edge = Fraction(figures["house_edge_per_ante"])
    assert edge == Fraction(-8592081451, 63213204600) < 0 < Fraction(figures["normal_house_edge_per_ante"])
    frequencies = frequencies_add_up(figures)
    assert frequencies["frequency pre-flop 3x"] == 0
    with open(folder / "uth_exposed_1_preflop.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 5083 and sum(int(row["combinations"]) for row in rows) == seen.HOLE_SEEN
    raised = sum(int(row["combinations"]) for row in rows if row["decision"] == "4x")
    assert Fraction(raised, seen.HOLE_SEEN) == frequencies["frequency pre-flop 4x"]
    for row in rows:
        evs = {choice: Fraction(row["ev_" + choice]) for choice in ("check", "3x", "4x")}
        assert evs[row["decision"]] == max(evs.values())
    # every (hole, seen card) stands for as many deals: the mean of the best EVs is the player's edge
    best = sum(int(row["combinations"]) * Fraction(row["ev_" + row["decision"]]) for row in rows)
    assert best / seen.HOLE_SEEN == -edge
