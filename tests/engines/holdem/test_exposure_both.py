"""Ultimate Texas Hold'em with both dealer hole cards seen: the exact optimal play.

Specification: single deals hand-checked (packed counters, A and B against
the settlement table); one board's counters against a plain loop with the
seven-card evaluator and, summed over the dealer pair, against the normal
engine's outcome counts; one flop's sums against plain loops over every
turn/river, and (summed over the dealer pair) A and B equal to the normal
engine's; the (hole, dealer pair) classes are the orbits of the 24 suit
relabellings; a reduced run over two flop classes against plain loops over
every concrete flop of the classes. No full enumeration runs here.
"""

from __future__ import annotations

import csv
import itertools
import json
from fractions import Fraction
from functools import partial
from math import comb
from pathlib import Path

import numpy as np
import pytest
from tests.engines.holdem.test_exposure import (
    REDUCED,
    assert_reduced_counts_add_up,
    frequencies_add_up,
    representative_flop_sums,
    summed_over_concrete_flops,
    summed_over_rivers,
)

from analyzer.core.cards import parse_cards
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem import exposure_both as both
from analyzer.engines.holdem.posted import SCALED_NETS
from analyzer.engines.holdem.street_game import enumerate_street_sums, game_plan
from analyzer.engines.holdem.streets import as_streets
from analyzer.games.rules import load_game
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    PAIR_OR_BETTER,
    STRAIGHT_TOP,
    evaluate_cards,
    evaluate_hands,
    rank_line,
)

CARD = parse_cards
S = uth.SCALE


def index(cards) -> int:
    return uth.pair_index(*cards)


def plain_outcome(board, hole, dealer) -> tuple[int, int]:
    """(outcome in uth.OUTCOMES order, player's hand line) of one deal, plain evaluator."""
    player = evaluate_cards(np.asarray([*board, *hole], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
    house = evaluate_cards(np.asarray([*board, *dealer], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
    comparison = 0 if player > house else 1 if player == house else 2
    return (3 if house >= PAIR_OR_BETTER else 0) + comparison, rank_line(int(player))


def expected_fields(outcome: int, line: int) -> dict[str, int]:
    """The packed counter fields of a single deal."""
    win, lose = outcome in (uth.WIN, uth.NQ_WIN), outcome in (uth.LOSE, uth.NQ_LOSE)
    return {"wins": int(win), "losses": int(lose), "losses_qualified": int(outcome == uth.LOSE),
            "wins_qualified": int(outcome == uth.WIN), "blind_pay": int(uth.BLIND_SCALED[line]) if win else 0}


def fields_at(counters: np.ndarray, h: int, d: int) -> dict[str, int]:
    return {name: int(value) for name, value in both.unpack_counters(counters[h, d]).items()}


# --------------------------------------------------------------------------- the cycle


def test_cycle_is_the_normal_cycle_reordered():
    assert both.BOTH_CYCLE == comb(52, 2) * comb(50, 2) * comb(48, 3) * comb(45, 2) == uth.CYCLE
    assert both.DEALS_PER_PAIR == comb(48, 3) * comb(45, 2) == 17_123_040
    assert both.HOLE_DEALER == comb(52, 2) * comb(50, 2) == 1_624_350


# --------------------------------------------------------------------------- single deals, by hand


@pytest.mark.parametrize("board, hole, dealer, fields, a, b", [
    # aces up lose to sevens full: the dealer qualifies; fold (-4) beats Play 1x (-6)
    ("Kc Kd 7h 4s 2c", "As Ah", "7c 7d", (0, 1, 1, 0, 0), -2 * S, -S),
    # ace high beats a dealer without a pair (2 3 4 5 9 J K, no straight): the Ante pushes, Play wins
    ("2c 5d 9h Js Kc", "Ah Qh", "3s 4s", (1, 0, 0, 0, 0), 0, S),
    # king high loses to ace high, the dealer does not qualify: Play 1x and fold both lose 2 antes
    ("2c 5d 9h Js Kc", "3h 4h", "Ah Qd", (0, 1, 0, 0, 0), -S, -S),
    # the royal flush on the board plays for both: a tie, every bet pushes
    ("As Ks Qs Js Ts", "2c 3d", "4h 5h", (0, 0, 0, 0, 0), 0, 0),
    # nine-high straight beats the dealer's seven-high one (a qualifier): Blind 1 to 1
    ("4c 5d 6h 7s Kc", "8c 9d", "Kd 3h", (1, 0, 0, 1, 2), S + 2, S),
    # royal flush against two pair: Blind 500 to 1
    ("Ks Qs Js 2c 2d", "As Ts", "3h 3c", (1, 0, 0, 1, 1000), S + 1000, S),
    # flush against king high (no qualifier): Blind 3 to 2, the Ante pushes
    ("2h 5h 9h Jc Kd", "Ah 3h", "Qc 8d", (1, 0, 0, 0, 3), 3, S),
])
def test_single_deals_by_hand(board, hole, dealer, fields, a, b):
    board, hole, dealer = CARD(board), CARD(hole), CARD(dealer)
    counters = both.board_both_counters(board)
    got = fields_at(counters, index(hole), index(dealer))
    assert tuple(got.values()) == fields
    outcome, line = plain_outcome(board, hole, dealer)
    assert got == expected_fields(outcome, line)
    # A + m B is the settlement of Play m; the river's best value is max(fold, Play 1x), ties to the fold
    for m in range(1, 5):
        assert a + m * b == SCALED_NETS[m][outcome, line]
    assert SCALED_NETS[0][outcome, line] == -2 * S
    sums = both.unpack_counters(counters[index(hole), index(dealer)])
    assert int(S * sums["wins_qualified"] + sums["blind_pay"] - S * sums["losses_qualified"] - S * sums["losses"]) == a
    assert int(S * (sums["wins"] - sums["losses"])) == b
    river_best = a + b if a + b > -2 * S else -2 * S
    check = int(S * sums["wins"] + S * sums["wins_qualified"] + sums["blind_pay"] - 2 * S * sums["losses"])
    assert check == river_best


# --------------------------------------------------------------------------- one board


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_board_counters_against_a_plain_loop(seed):
    rng = np.random.default_rng(seed)
    board = [int(card) for card in rng.permutation(52)[:5]]
    counters = both.board_both_counters(board)
    for _ in range(60):
        rest = [int(card) for card in rng.permutation([card for card in range(52) if card not in board])[:4]]
        hole, dealer = sorted(rest[:2]), sorted(rest[2:])
        assert fields_at(counters, index(hole), index(dealer)) == expected_fields(*plain_outcome(board, hole, dealer))


@pytest.mark.parametrize("board", ["2c 7d 9h Js Kc", "As Ks Qs Js Ts", "5h 5d 5s Kc Kd", "Tc 9c 4c 3h 2c",
                                   "Ah 2h 3d 4d Qs"])
def test_board_counters_summed_over_the_dealer_pair_are_the_normal_counts(board):
    board = CARD(board)
    fields = both.unpack_counters(both.board_both_counters(board))
    normal = uth.river_outcomes(board)
    holes = normal.first + normal.second * (normal.second - 1) // 2
    per_hole = {name: value.sum(axis=1)[holes] for name, value in fields.items()}
    outcomes = normal.outcomes
    assert np.array_equal(per_hole["wins_qualified"], outcomes[:, uth.WIN])
    assert np.array_equal(per_hole["wins"], outcomes[:, uth.WIN] + outcomes[:, uth.NQ_WIN])
    assert np.array_equal(per_hole["losses_qualified"], outcomes[:, uth.LOSE])
    assert np.array_equal(per_hole["losses"], outcomes[:, uth.LOSE] + outcomes[:, uth.NQ_LOSE])
    pays = uth.BLIND_SCALED[[rank_line(int(rank)) for rank in normal.ranks]]
    assert np.array_equal(per_hole["blind_pay"], pays * (outcomes[:, uth.WIN] + outcomes[:, uth.NQ_WIN]))
    # a pair meeting the board or the other pair counts nothing
    used = np.zeros((uth.HOLE_PAIRS, uth.HOLE_PAIRS), dtype=bool)
    used[holes] = True
    used[:, ~np.isin(np.arange(uth.HOLE_PAIRS), holes)] = False
    used &= both.both_classes_cached().class_of >= 0
    assert not any(value[~used].any() for value in fields.values())
    assert ((fields["wins"] + fields["losses"]) <= 1).all()


# --------------------------------------------------------------------------- one flop: plain loops


def plain_flop_values(hole, dealer, flop):
    """(check, 2x, 3x, 4x, rivers played) of one (hole, dealer pair, flop) over its 990 turn/rivers,
    plain evaluator and settlement table; the river decision ties to the fold."""
    rest = [card for card in range(52) if card not in {*hole, *dealer, *flop}]
    boards = np.asarray([[*flop, t, r] for t, r in itertools.combinations(rest, 2)], dtype=np.int64)
    player = evaluate_hands(np.column_stack([boards, np.tile(hole, (len(boards), 1))]))
    house = evaluate_hands(np.column_stack([boards, np.tile(dealer, (len(boards), 1))]))
    outcome = np.where(house >= PAIR_OR_BETTER, 3, 0) + np.where(player > house, 0, np.where(player == house, 1, 2))
    lines = np.asarray([rank_line(int(rank)) for rank in player])
    return summed_over_rivers(np.stack([SCALED_NETS[m][outcome, lines] for m in range(5)], axis=1))


SAMPLES = [("As Ad", "Kh Kc"), ("Ac Kd", "5h 5s"), ("7h 6h", "Js Tc"), ("Qs 3d", "Qd 3c"), ("9c 9d", "Tc 8h"),
           ("4s 3s", "2s As"), ("Kh Qh", "Ah 6d")]


@pytest.fixture(scope="module")
def representative_sums():
    return representative_flop_sums(both.both_flop_sums)


@pytest.mark.slow
def test_flop_sums_against_plain_loops(representative_sums):
    for flop, sums in representative_sums:
        for hole, dealer in SAMPLES:
            hole, dealer = CARD(hole), CARD(dealer)
            if set(flop) & {*hole, *dealer}:
                continue
            h, d = index(hole), index(dealer)
            check, raise_2x, raise_3x, raise_4x, played = plain_flop_values(hole, dealer, flop)
            assert sums.flop_values(h, d) == {"check": check, "2x": raise_2x}
            assert int(sums.sum_a[h, d] + 3 * sums.sum_b[h, d]) == raise_3x
            assert int(sums.sum_a[h, d] + 4 * sums.sum_b[h, d]) == raise_4x
            assert int(sums.river_play[h, d]) == played


@pytest.mark.slow
def test_flop_counters_stay_within_the_flop_s_boards(representative_sums):
    """Wins and losses of every (hole, dealer pair) counted over no more than the flop's boards."""
    for _, sums in representative_sums:
        fields = both.unpack_counters(sums.counters)
        assert ((fields["wins"] + fields["losses"]) <= both.BOARDS_PER_FLOP).all()


# --------------------------------------------------------------------------- (hole, dealer pair) classes


def relabelled_pairs(permutation) -> np.ndarray:
    """Colex index of the image of every hole pair under a suit relabelling."""
    suits = np.asarray(permutation)
    a = (uth.HOLE_FIRST & ~3) | suits[uth.HOLE_FIRST & 3]
    b = (uth.HOLE_SECOND & ~3) | suits[uth.HOLE_SECOND & 3]
    low, high = np.minimum(a, b), np.maximum(a, b)
    return low + high * (high - 1) // 2


def test_both_classes_are_the_orbits_of_suit_relabellings():
    classes = both.both_classes_cached()
    assert len(classes) == both.BOTH_CLASS_COUNT
    assert int(classes.sizes.sum()) == both.HOLE_DEALER == int((classes.class_of >= 0).sum())
    assert np.array_equal(np.bincount(classes.class_of[classes.class_of >= 0]), classes.sizes)
    valid = classes.class_of >= 0
    fixed = 0
    for permutation in itertools.permutations(range(4)):
        image = relabelled_pairs(permutation)
        # every relabelling maps each class onto itself: classes are unions of orbits ...
        assert np.array_equal(classes.class_of[np.ix_(image, image)], classes.class_of)
        stays = image == np.arange(uth.HOLE_PAIRS)
        fixed += int(valid[np.ix_(stays, stays)].sum())
    # ... and there are as many as orbits (Burnside's lemma): each class is one orbit
    assert fixed % 24 == 0 and fixed // 24 == len(classes)
    assert np.array_equal(classes.class_of[classes.hole, classes.dealer], np.arange(len(classes)))
    assert np.array_equal(uth.HAND_CLASS_OF[classes.hole], classes.hand_class)
    assert np.array_equal(uth.HAND_CLASS_OF[classes.dealer], classes.dealer_class)
    assert (np.diff(classes.hand_class * 169 + classes.dealer_class) >= 0).all()


# --------------------------------------------------------------------------- reduced run: pre-flop


@pytest.fixture(scope="module")
def reduced():
    return both.analyze_both(progress=False, flop_class_indices=REDUCED)


def test_reduced_run_pre_flop_values_against_every_concrete_flop(reduced):
    """Class sums over the representatives, times the weights, divided by the class size, equal the
    plain sums over every concrete flop of the two classes."""
    classes = both.both_classes_cached()
    for hole, dealer in SAMPLES[:3]:
        hole, dealer = CARD(hole), CARD(dealer)
        expected = summed_over_concrete_flops(partial(plain_flop_values, hole, dealer), {*hole, *dealer})
        c = classes.class_of[index(hole), index(dealer)]
        assert np.array_equal(reduced.values[c], expected * classes.sizes[c])


def test_reduced_run_raise_values_per_hand_class_are_the_normal_ones(reduced):
    """Summed over the dealer pair (and the hand class's members), A and B are the normal game's: the streets
    kernel's values of 3x and 4x before the flop (counted with the turn and the river in both orders: twice)."""
    rules = as_streets(load_game("uth"))
    normal = enumerate_street_sums(rules, progress=False, flop_class_indices=REDUCED)
    plan = game_plan(rules)[0]
    sums, deals = reduced.hand_class_raise_values()
    for multiple in (3, 4):
        action = [plan.stake[1, plan.next[0, 0, a]] for a in range(int(plan.allowed[0, 0]))].index(multiple)
        assert np.array_equal(normal.root_values[:, action], 2 * (sums[:, 0] + multiple * sums[:, 1]))
    assert np.array_equal(normal.final_outcomes.sum(axis=(1, 2)), 2 * deals)


def test_reduced_run_counts_add_up(reduced):
    assert_reduced_counts_add_up(reduced, comb(49, 2) * comb(47, 2) * comb(45, 2))  # H, D, turn/river


@pytest.mark.slow
def test_reduced_run_figures_and_tables(reduced):
    figures = reduced.figures()
    frequencies_add_up(figures)
    table = reduced.preflop_table()
    assert len(table) == 169 * 169 and int(table["combinations"].sum()) == both.HOLE_DEALER
    assert (table[list(uth.PREFLOP_CHOICES)].sum(axis=1) == table["combinations"]).all()
    row = table[(table["hand"] == "AA") & (table["dealer"] == "72o")].iloc[0]
    assert row["4x"] == row["combinations"] == 6 * 12 and row["ev_best"] > 0
    classes = reduced.class_table()
    assert len(classes) == both.BOTH_CLASS_COUNT and int(classes["combinations"].sum()) == both.HOLE_DEALER
    best = [max(r.ev_check, r.ev_3x, r.ev_4x) for r in classes.itertuples()]
    assert best == [getattr(r, "ev_" + r.decision) for r in classes.itertuples()]
    # the best EVs weighted by the deals counted give the edge
    deals = reduced.sums.deals.tolist()
    assert sum(n * b for n, b in zip(deals, best, strict=True) if n) / reduced.cycle == -figures["house_edge_per_ante"]


# --------------------------------------------------------------------------- the committed full run

OUTPUT = Path(__file__).resolve().parents[3] / "enumerations" / "protect"


@pytest.mark.skipif(not (OUTPUT / "uth_exposed_2.json").exists(), reason="full run not committed yet")
def test_committed_full_run():
    """enumerations/protect/uth_exposed_2.json (scripts/uth_exposure.py --seen 2): every deal of the cycle,
    a larger player advantage than with one card seen, consistent frequencies and pre-flop table."""
    figures = json.loads((OUTPUT / "uth_exposed_2.json").read_text(encoding="utf-8"))
    assert int(figures["cycle"]) == both.BOTH_CYCLE and figures["complete"] is True
    edge = Fraction(figures["house_edge_per_ante"])
    one_card = json.loads((OUTPUT / "uth_exposed_1.json").read_text(encoding="utf-8"))
    # -38.581566% per ante; Eliot Jacobson published a 38.5816% player edge, 4x on 34.7368% of hands
    # ("Ultimate Texas Hold'em Hole-Card Play: Two Dealer Cards", 2015)
    assert edge == Fraction(-2682750886069, 6953452506000)
    assert round(float(Fraction(figures["frequency pre-flop 4x"])) * 100, 4) == 34.7368
    assert edge < Fraction(one_card["house_edge_per_ante"]) < 0
    frequencies = frequencies_add_up(figures)
    with open(OUTPUT / "uth_exposed_2_preflop.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 169 * 169 and sum(int(row["combinations"]) for row in rows) == both.HOLE_DEALER
    for choice in uth.PREFLOP_CHOICES:
        share = Fraction(sum(int(row[choice]) for row in rows), both.HOLE_DEALER)
        assert share == frequencies[f"frequency pre-flop {choice}"]
    best = sum(int(row["combinations"]) * Fraction(row["ev_best"]) for row in rows)
    assert best / both.HOLE_DEALER == -edge
    assert figures["normal_raise_evs_match"] is True
