"""The Hold'em deal: the seven-card evaluator, the flop and starting-hand classes, the main wagers' settlement.

The fast paths (numba evaluator, completions, suit classes) are checked against slow direct computations: the
plain best-of-21 evaluator of ``analyzer.core.ranking``, the wagers settled one at a time. The kernel itself is
checked against plain loops in tests/engines/holdem/test_streets.py. No full enumeration runs here.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np

from analyzer.core.cards import combinations, parse_cards
from analyzer.core.ranking import best_ranks_of, load_ranking
from analyzer.engines.base import Run
from analyzer.engines.cache import enumeration_key
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem.results import line_ranks, line_settlement
from analyzer.engines.holdem.street_game import fold_net
from analyzer.engines.holdem.streets import as_streets
from analyzer.games.settlement import common_scale
from analyzer.engines.holdem.sevens import (
    LINES,
    completion_ranks,
    evaluate_hands,
    hand_lines,
)
from analyzer.engines.registry import engine_for
from analyzer.games.rules import GameRules, load_game

FIVE = load_ranking("five_card")
PAIR_RANK = FIVE.category_index("pair") * 13 ** 5

#: A few flop classes for the reduced runs: trips (weight 4), a rainbow flop, a suited-connected one.
REDUCED = [0, 7, 300]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: The game as shipped, with the Blind 1000-100-20-5-2-1 (a paytable file), and without a qualifier (an option).
VARIANTS = {
    "as shipped": load_game("uth"),
    "blind 1000-100-20-5-2-1": load_game("uth", paytable_files=(EXAMPLES / "uth-blind-paytables.toml",)),
    "no qualifier": load_game("uth", options={"qualifier": "none"}),
}


def plain_line(rank: int) -> int:
    """Hand line of a rank, from the ranking's category names (independent of sevens.py)."""
    name = FIVE.category_name(rank)
    if name == "straight_flush" and FIVE.primary_rank(rank) == 12:
        return LINES.index("royal_flush")
    return LINES.index(name)


def plain_ranks(hands) -> np.ndarray:
    """Best-of-21 (or of 5/6) ranks with the plain table evaluator."""
    return best_ranks_of(FIVE, np.sort(np.asarray(hands, dtype=np.int64), axis=1))


def plain_completions(board):
    """(pairs (n, 2), ranks) of every two-card completion of a board, plain evaluator."""
    unseen = [card for card in range(52) if card not in set(board)]
    pairs = np.array(list(itertools.combinations(unseen, 2)), dtype=np.int64)
    hands = np.column_stack([np.tile(np.asarray(board, dtype=np.int64), (len(pairs), 1)), pairs])
    return pairs, plain_ranks(hands)


def outcome_counts(player_rank: int, dealer_ranks: np.ndarray) -> np.ndarray:
    """Dealer hands per outcome (uth.OUTCOMES order), one dealer hand at a time."""
    counts = np.zeros(6, dtype=np.int64)
    for dealer in dealer_ranks.tolist():
        qualifies = dealer >= PAIR_RANK
        comparison = 0 if player_rank > dealer else 1 if player_rank == dealer else 2
        counts[(3 if qualifies else 0) + comparison] += 1
    return counts


def plain_net(rules: GameRules, multiple: int, outcome: int, line: int) -> Fraction:
    """Net result per ante of Play ``multiple`` (0 = fold), read off the rules file's wagers one at a time: a
    wager's result for the outcome, or its paytable's pay for the hand on the outcomes where it pays."""
    if multiple == 0:
        return sum((w.on_fold for w in rules.wagers), Fraction(0))
    hand = line_ranks(FIVE)[0][line:line + 1]
    total = Fraction(0)
    for wager in rules.wagers:
        result = wager.results[outcome]
        if wager.paytable is not None and uth.OUTCOMES[outcome] in wager.paytable_outcomes:
            pays = [pay.pays for pay in wager.paytable.lines if pay.pattern.matches(FIVE, hand)[0]]
            result = (result if wager.paytable_mode == "in_addition" else 0) + pays[0] if pays else result
        total += (multiple if wager.role == "raise" else 1) * result
    return total


#: plain_net of every cell [multiple, outcome, line], per variant.
PLAIN_NETS = {name: [[[plain_net(rules, m, o, line) for line in range(len(LINES))] for o in range(6)] for m in range(5)]
              for name, rules in VARIANTS.items()}


def scaled_value(counts: np.ndarray, multiple: int, line: int, variant: str = "as shipped") -> int:
    """Twice the summed net result of Play ``multiple`` (0 = fold) over outcome counts, settled as ``variant``
    (VARIANTS) says."""
    total = sum(int(n) * PLAIN_NETS[variant][multiple][outcome][line] for outcome, n in enumerate(counts))
    assert Fraction(total).denominator in (1, 2)
    return int(2 * total)


# --------------------------------------------------------------------------- seven-card evaluator


def test_seven_card_evaluator_equals_best_of_21():
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(30_000)])
    assert np.array_equal(evaluate_hands(hands), plain_ranks(hands))
    assert np.array_equal(evaluate_hands(hands[:, :6]), plain_ranks(hands[:, :6]))


def test_seven_card_evaluator_on_flush_and_straight_heavy_hands():
    rng = np.random.default_rng(8)
    hands = []
    for _ in range(20_000):  # cards from two suits and a few ranks: flushes, straights, full houses
        ranks = rng.choice(np.arange(6, 13), 7)
        suits = rng.choice(2, 7)
        cards = set((4 * ranks + suits).tolist())
        if len(cards) == 7:
            hands.append(sorted(cards))
    hands = np.array(hands)
    assert len(hands) > 1000
    assert np.array_equal(evaluate_hands(hands), plain_ranks(hands))


def test_five_card_evaluator_equals_the_ranking_table():
    assert np.array_equal(evaluate_hands(np.asarray(combinations(52, 5))), FIVE.table)


def test_hand_lines():
    hands = [parse_cards(text) for text in ("As Ks Qs Js Ts 2c 3d", "9s Ks Qs Js Ts 2c 3d", "Ac Ad Ah As 2c 3d 4h",
                                            "2c 3d 4h 5s 7c 9d Jh")]
    lines = hand_lines(evaluate_hands(np.array(hands)))
    assert [LINES[line] for line in lines] == ["royal_flush", "straight_flush", "four_of_a_kind", "high_card"]


def test_board_completion_ranks():
    for board in (parse_cards("2h 7h 9h Jc Kh"), parse_cards("Ah Ad Ac Kh Ks"), parse_cards("5s 6s 7s 8s 9s")):
        first, second, ranks = completion_ranks(board)
        pairs, expected = plain_completions(sorted(board))
        order = np.lexsort((pairs[:, 0], pairs[:, 1]))  # colex order: by the higher card, then the lower
        assert np.array_equal(np.column_stack([first, second]), pairs[order])
        assert np.array_equal(ranks, expected[order])


# --------------------------------------------------------------------------- river


BOARDS = ["2c 7d 9h Jc Ks", "As Ks Qs 2s 3s", "8h 8d 8c 4s 4h", "Ah 2d 3c 4s 9h", "Tc Jc Qc 9d 2h"]


def test_flop_class_weights_add_back_for_every_starting_hand_class():
    classes = uth.flop_classes()
    assert len(classes) == 1755 and classes.weights.sum() == comb(52, 3)
    assert len(uth.HAND_CLASSES) == 169 and uth.HAND_CLASS_SIZES.sum() == comb(52, 2)
    assert sorted(set(uth.HAND_CLASS_SIZES.tolist())) == [4, 6, 12]
    holes = np.asarray(combinations(52, 2), dtype=np.int64)
    # (flop class representative, hole) pairs, weighted, per hole class = |class| * C(50, 3)
    meets = np.zeros((len(classes), len(holes)), dtype=bool)
    for column in range(3):
        meets |= (classes.cards[:, column, None] == holes[None, :, 0]) | (classes.cards[:, column, None] == holes[None, :, 1])
    weighted = (classes.weights[:, None] * ~meets).sum(axis=0)
    per_class = np.bincount(uth.HAND_CLASS_OF, weights=weighted, minlength=169).astype(np.int64)
    assert np.array_equal(per_class, uth.HAND_CLASS_SIZES * comb(50, 3))
    assert comb(52, 3) * comb(49, 2) * uth.TURN_RIVERS * uth.DEALER_HANDS == uth.CYCLE
    assert uth.CYCLE == uth.BOARD_ORDERS * uth.UNORDERED_CYCLE == 27_813_810_024_000


def test_main_wagers_from_the_rules_file(tmp_path):
    """The settlement the streets kernel reads from the rules file (scaled by 2): the shipped game, another Blind
    table, no qualifier, each cell equal to the wagers settled one at a time; a pay of another denominator scales
    the settlement (it is not refused)."""
    for name, rules in VARIANTS.items():
        rules = as_streets(rules)
        nets = line_settlement(rules, 2)
        assert fold_net(rules, 2) == 2 * PLAIN_NETS[name][0][0][0] == -4
        assert all(nets[line, o, 0] + m * nets[line, o, 1] == 2 * PLAIN_NETS[name][m][o][line]
                   for m in range(1, 5) for o in range(6) for line in range(len(LINES)))
    shipped, blind, no_qualifier = (line_settlement(as_streets(rules), 2) for rules in VARIANTS.values())
    royal, pair = LINES.index("royal_flush"), LINES.index("pair")
    assert blind[royal, 3, 0] + 4 * blind[royal, 3, 1] == 2 * (1 + 4 + 1000) and shipped[pair, 3, 0] == 2 * 1
    assert np.array_equal(no_qualifier[:, :3], no_qualifier[:, 3:])  # a pair or not: alike
    odd = tmp_path / "blind.toml"
    odd.write_text('game = "uth"\n[wagers.blind.paytables.odd]\ndefault = true\n'
                   'lines = [{ hand = "straight", label = "Straight", pays = "6 to 5" }]\n')
    assert common_scale(load_game("uth", paytable_files=(odd,))) == 5


def test_the_cache_key_holds_the_main_wagers_not_the_side_bets():
    """Another Blind table or no qualifier: a new enumeration; another Trips table: the same counts."""
    keys = {name: enumeration_key(rules) for name, rules in VARIANTS.items()}
    assert len(set(keys.values())) == 3
    trips = load_game("uth", paytable_files=(EXAMPLES / "uth-paytables.toml",))
    assert enumeration_key(trips) == keys["as shipped"] and engine_for(trips).committed_apply(trips)
    assert not engine_for(trips).committed_apply(VARIANTS["no qualifier"])


# --------------------------------------------------------------------------- the committed full run


def test_solve_a_trips_line_on_the_committed_counts():
    """Trips is a side bet: its pay is solved on the counts, which it does not change. The full house at 9
    is the published 50-40-30-9-7-4-3 (0.901835%). (The Blind, a main wager: tests/engines/holdem/test_solve.py.)"""
    rules = load_game("uth")
    engine = engine_for(rules)
    solution = engine.solve(rules, "trips", "Full house", Fraction(301629, 33446140), Run())
    assert solution.pays == 9 and solution.edge == Fraction(301629, 33446140) and not solution.strategy_dependent
    assert dict(solution.nearby)[Fraction(17, 2)] == Fraction(6183, 281060)

