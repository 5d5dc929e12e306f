"""Rankings with wild cards, as a readable specification: Deuces Wild.

The four deuces are wild. A wild card stands for any card, even one already in the hand (so five of a kind
exists), and a hand is worth the best hand its wild cards can make. From the top: natural royal flush (no
deuce), four deuces, wild royal flush (at least one deuce), five of a kind, straight flush, four of a kind,
full house, flush, straight, three of a kind, two pair, pair, high card. Full pay (for 1): 800, 200, 25, 15,
9, 5, 3, 2, 2, 1; published return 100.76%.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import pytest

import analyzer
from analyzer.core.cards import colex_index, parse_cards
from analyzer.core.ranking import ACE, TIEBREAK_SPAN, load_ranking, ranking_of_size
from analyzer.games.patterns import PatternError, parse_pattern
from analyzer.simulation import hands as simulator

WILD = load_ranking("deuces_wild")
FIVE = load_ranking("five_card")
ORDER = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind",
         "straight_flush", "five_of_a_kind", "wild_royal_flush", "four_wilds", "natural_royal_flush"]
DEUCES = [0, 1, 2, 3]


def category(text: str) -> str:
    return WILD.category_name(WILD.rank_of(parse_cards(text)))


def random_hands(count: int, seed: int, deuces: int | None = None) -> np.ndarray:
    """Random five-card hands (sorted rows); with ``deuces``, exactly that many deuces in each."""
    rng = np.random.default_rng(seed)
    if deuces is None:
        return np.sort(np.argsort(rng.random((count, 52)), axis=1)[:, :5], axis=1)
    wild = np.argsort(rng.random((count, 4)), axis=1)[:, :deuces]
    natural = 4 + np.argsort(rng.random((count, 48)), axis=1)[:, :5 - deuces]
    return np.sort(np.concatenate([wild, natural], axis=1), axis=1)


# -- the ranking as declared ---------------------------------------------------------------------------------
def test_the_ranking_is_declared_as_data():
    assert [c.name for c in WILD.categories] == ORDER and WILD.cards == 5 and WILD.wild == (0,)
    assert WILD.title == "five-card poker hand, deuces wild"
    assert ranking_of_size(5) is FIVE  # the stud engines' ranking of five cards stays the plain one


@pytest.mark.parametrize("text, name, described", [
    ("2c 2d 2h 2s 5c", "four_wilds", "four wilds of fives"),
    ("2c 2d 2h 2s Ac", "four_wilds", "four wilds of aces"),
    ("Ah Kh Qh Jh Th", "natural_royal_flush", "natural royal flush A-K-Q-J-T"),
    ("2c Ah Kh Qh Jh", "wild_royal_flush", "wild royal flush A-K-Q-J-T"),
    ("2c 2d 2h Th Kh", "wild_royal_flush", "wild royal flush A-K-Q-J-T"),
    ("2c 2d 7h 7s 7c", "five_of_a_kind", "five of a kind of sevens"),
    ("2c 7d 7h 7s 7c", "five_of_a_kind", "five of a kind of sevens"),
    ("2c 2d 3h 4h 5h", "straight_flush", "straight flush 7-6-5-4-3"),   # the deuces make 6h 7h, not a wheel
    ("2c 3d 4h 5s 9c", "pair", "pair of nines, 5-4-3"),                 # no straight: the deuce pairs the nine
    ("2c 3d 4h 5s 6c", "straight", "straight 7-6-5-4-3"),
    ("2c Ac 3d 4d 5d", "straight", "straight 5-4-3-2-A"),                # a deuce may be a deuce
    ("2h Ah 9h 5h 3h", "flush", "flush A-K-9-5-3"),                      # a flush has five different ranks
    ("2c Kh Kd 9s 4c", "three_of_a_kind", "three of a kind of kings, 9-4"),
    ("2c Kh Kd 9s 9c", "full_house", "full house, kings and nines"),
    ("2c 2d Kd 9s 4c", "three_of_a_kind", "three of a kind of kings, 9-4"),
    ("2c 2d Kd Ks 4c", "four_of_a_kind", "four of a kind of kings, 4"),
    ("Kh Kd 9s 9c 4c", "two_pair", "two pair, kings and nines, 4"),
    ("Ac Kd 9s 7c 4c", "high_card", "A-K-9-7-4"),
    ("Ah Kh Qh Jh 9h", "flush", "flush A-K-Q-J-9"),
])
def test_hand_checked_cases(text, name, described):
    rank = WILD.rank_of(parse_cards(text))
    assert WILD.category_name(rank) == name
    assert WILD.describe(rank) == described
    assert WILD.category_index(name) == ORDER.index(name)


def test_ties_and_comparisons_within_a_category():
    def rank(text):
        return WILD.rank_of(parse_cards(text))
    assert rank("2c 2d 2h 2s Ac") > rank("2c 2d 2h 2s Kc")           # four deuces rank by the fifth card
    assert rank("2c Ah Kh Qh Jh") == rank("2c 2d Ts Js Qs")           # every wild royal ties
    assert rank("2c 2d Ah Ac 9s") > rank("2c Kh Kd Kc 9s")            # five aces beat five kings
    assert rank("2c 3d 4h 5s 6c") > rank("2c Ac 3d 4d 5d")            # the wheel is the lowest straight
    assert rank("2h Ah 9h 5h 3h") == rank("Ah Kh 9h 5h 3h")           # the deuce in a flush is its missing king
    assert WILD.tiebreak_ranks(rank("2c 2d Kd Ks 4c")) == [11, 2] and WILD.primary_rank(rank("2c 2d 7h 7s 7c")) == 5


def test_best_of_more_cards_and_the_api():
    seven = parse_cards("2c 7d 7h 7s 7c Kd Qh")
    assert WILD.category_name(WILD.best_rank_of(seven)) == "five_of_a_kind"
    assert WILD.table[colex_index(np.array(sorted(parse_cards("2c 2d 7h 7s 7c"))))] == WILD.rank_of(
        parse_cards("2c 2d 7h 7s 7c"))


# -- every substitution by brute force -----------------------------------------------------------------------
def brute_force_category(hand) -> str:
    """The best category of a hand, the slow obvious way: each wild card tried as every one of the 52 cards
    (wild cards are interchangeable, so each multiset of cards once), the made hand ranked by the plain
    five-card ranking, five of a kind and the royal and four-deuce categories named from the rules."""
    wild = [card for card in hand if card in DEUCES]
    natural = [card for card in hand if card not in DEUCES]
    if len(wild) == 4:
        return "four_wilds"  # the four deuces, whatever the fifth card and whatever they stand for
    stand_ins = np.array(list(combinations_with_replacement(range(52), len(wild))), dtype=np.int64)
    made = np.concatenate([np.tile(np.array(natural, dtype=np.int64), (len(stand_ins), 1)), stand_ins], axis=1)
    ranks = made // 4
    five = (ranks == ranks[:, :1]).all(axis=1)
    # A repeated card (not five of a kind) repeats a rank with a suit left free: the same made hand with the
    # free suit ranks alike, so it is enough to rank the made hands of five different cards.
    different = (np.diff(np.sort(made, axis=1), axis=1) != 0).all(axis=1)
    best = ORDER.index("five_of_a_kind") if five.any() else -1
    for rank in np.unique(FIVE.evaluate(made[different & ~five])):
        name = FIVE.category_name(rank)
        if name == "straight_flush" and FIVE.primary_rank(rank) == ACE:
            name = "wild_royal_flush" if wild else "natural_royal_flush"
        best = max(best, ORDER.index(name))
    return ORDER[best]


def test_every_substitution_by_brute_force_on_a_sample():
    sample = np.concatenate([random_hands(2_000, 1), random_hands(300, 2, deuces=2), random_hands(40, 3, deuces=3),
                             np.array([sorted(DEUCES + [card]) for card in range(4, 52)])])
    assert {int(np.isin(hand, DEUCES).sum()) for hand in sample} == {0, 1, 2, 3, 4}
    ranks = WILD.table[colex_index(sample)]
    for hand, rank in zip(sample.tolist(), ranks, strict=True):
        assert WILD.category_name(rank) == brute_force_category(hand), hand


# -- every hand ------------------------------------------------------------------------------------------------
def test_category_counts_over_every_hand():
    counts = dict(zip(ORDER, np.bincount(WILD.table // TIEBREAK_SPAN, minlength=len(ORDER)).tolist(), strict=True))
    assert sum(counts.values()) == comb(52, 5)
    # Counted from the rules by hand:
    assert counts["natural_royal_flush"] == 4
    assert counts["four_wilds"] == 48                                     # the four deuces and any of 48 cards
    assert counts["wild_royal_flush"] == 4 * (comb(5, 4) * 4 + comb(5, 3) * 6 + comb(5, 2) * 4) == 480
    assert counts["five_of_a_kind"] == 12 * (1 * 4 + comb(4, 3) * 6 + comb(4, 2) * 4) == 624
    straights_without_a_deuce = 8                                         # 3-7 up to T-A
    assert counts["high_card"] == (comb(12, 5) - straights_without_a_deuce) * (4 ** 5 - 4) == 799_680
    assert counts["two_pair"] == comb(12, 2) * 6 * 6 * 40 == 95_040       # no deuce: two pair and a kicker
    assert counts == {"high_card": 799_680, "pair": 1_225_008, "two_pair": 95_040, "three_of_a_kind": 355_080,
                      "straight": 62_232, "flush": 14_472, "full_house": 12_672, "four_of_a_kind": 31_552,
                      "straight_flush": 2_068, "five_of_a_kind": 624, "wild_royal_flush": 480, "four_wilds": 48,
                      "natural_royal_flush": 4}


def test_distinct_holds_every_rank_once():
    assert np.array_equal(WILD.distinct, np.unique(WILD.table))


def test_evaluate_agrees_with_evaluating_each_hand():
    rng = np.random.default_rng(5)
    hands = np.concatenate([random_hands(20_000, 4), random_hands(2_000, 5, deuces=2), random_hands(500, 6, deuces=3),
                            random_hands(50, 7, deuces=4)])
    shuffled = rng.permuted(hands, axis=1)
    expected = WILD.evaluate_each(hands)
    assert np.array_equal(WILD.evaluate(shuffled), expected)
    assert np.array_equal(WILD.table[colex_index(hands)], expected)


# -- hand patterns -----------------------------------------------------------------------------------------------
def test_pay_lines_name_the_wild_categories():
    for name in ("natural_royal_flush", "four_wilds", "wild_royal_flush", "five_of_a_kind"):
        assert parse_pattern(name, WILD).category == name
    assert parse_pattern("Natural Royal Flush", WILD).text == "natural_royal_flush"
    assert parse_pattern("five of a kind of aces", WILD).ranks == (ACE,)
    better = parse_pattern("five of a kind or better", WILD)
    assert better.matches(WILD, WILD.table).sum() == 624 + 480 + 48 + 4
    assert parse_pattern("three of a kind or better", WILD).matches(WILD, WILD.table).sum() == 355_080 + sum(
        [62_232, 14_472, 12_672, 31_552, 2_068, 624, 480, 48, 4])
    with pytest.raises(PatternError, match="four_wilds"):
        parse_pattern("four_wilds", FIVE)                                # a plain ranking has no wild categories


# -- the simulator's own evaluator -------------------------------------------------------------------------------
def test_the_simulator_s_evaluator_agrees_with_the_ranking():
    hands = np.concatenate([random_hands(30_000, 8), random_hands(3_000, 9, deuces=2),
                            random_hands(1_000, 10, deuces=3), random_hands(48, 11, deuces=4)])
    mine = simulator.evaluate(hands, "deuces_wild")
    theirs = WILD.table[colex_index(hands)]
    assert (np.array(simulator.ORDERS["deuces_wild"])[mine // simulator.CATEGORY_SPAN]
            == np.array([WILD.category_name(rank) for rank in theirs])).all()
    order = np.lexsort((mine, theirs))  # the same order and ties
    a, b = np.diff(mine[order]), np.diff(theirs[order])
    assert ((a > 0) == (b > 0)).all() and ((a == 0) == (b == 0)).all() and (a >= 0).all()


# -- the game: Deuces Wild full pay ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def deuces():
    """The exact analysis of the shipped Deuces Wild (full pay) game file."""
    return analyzer.analyze("deuces")


def test_the_published_full_pay_return(deuces):
    figures = deuces.main_figures()
    assert round(float(figures["return_to_player"]) * 100, 2) == 100.76
    assert figures["return_to_player"] == Fraction(32187682693, 31944279675)
    assert deuces.rules.wagers[0].paytable.title == "800-200-25-15-9-5-3-2-2-1"


def test_final_hand_counts_as_published(deuces):
    """The lines no tie between holds moves, as the Wizard of Odds lists them for full pay Deuces Wild (whose
    table plays one tied hand the less volatile way; this one keeps more cards)."""
    table = deuces.wager_table(deuces.rules.wagers[0])
    combos = dict(zip(table["outcome"], (int(n) for n in table["combinations"]), strict=True))
    assert int(table["combinations"].sum()) == comb(52, 5) * 7_669_695
    assert combos["Natural royal flush (800 for 1)"] == 440_202_756
    assert combos["Four deuces (200 for 1)"] == 4_060_462_824
    assert combos["Wild royal flush (25 for 1)"] == 35_796_957_696
    assert combos["Five of a kind (15 for 1)"] == 63_818_309_856
    assert combos["Four of a kind (5 for 1)"] == 1_294_427_430_576
    assert combos["Full house (3 for 1)"] == 423_165_297_240
