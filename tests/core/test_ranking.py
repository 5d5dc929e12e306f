"""Hand ranking and hand patterns, as a readable specification.

Four-card hands (Crazy 4 Poker, Four Card Fever, Super 4 Poker) rank, from the
top: four of a kind, straight flush, three of a kind, flush, straight, two
pair, pair, high card. A-2-3-4 is the lowest straight, A-K-Q-J the highest,
and straights do not wrap around the ace. A player with five cards plays the
best four of them. Five-card hands rank as in standard poker. Three-card hands
(Three Card Poker) rank, from the top: straight flush, three of a kind,
straight, flush, pair, high card; A-2-3 is the lowest straight, Q-K-A the
highest.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations as subsets
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import colex_index, combinations, parse_cards
from analyzer.core.ranking import TIEBREAK_SPAN, Category, HandRanking, best_of_table, load_ranking
from analyzer.engines.one_decision.enumeration import best_ranks
from analyzer.games.patterns import HandPattern, PatternError, parse_pattern

FOUR = load_ranking("four_card")
FIVE = load_ranking("five_card")
THREE = load_ranking("three_card")

FOUR_CARD_ORDER = ["high_card", "pair", "two_pair", "straight", "flush",
                   "three_of_a_kind", "straight_flush", "four_of_a_kind"]
FIVE_CARD_ORDER = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight",
                   "flush", "full_house", "four_of_a_kind", "straight_flush"]
THREE_CARD_ORDER = ["high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush"]


def rank(text: str) -> int:
    """Rank of a four-card hand written as text."""
    return FOUR.rank_of(parse_cards(text))


def best(text: str) -> int:
    """Rank of the best four cards of a five-card hand, by the slow plain path."""
    return FOUR.best_rank_of(parse_cards(text))


def category(rank_: int, ranking=FOUR) -> str:
    return ranking.category_name(rank_)


# -- an independent plain-Python reference evaluator ----------------------------
def reference_key(cards, order: list[str]) -> tuple:
    """(category position, tiebreak ranks) of a hand, written from the rules alone."""
    size = len(cards)
    ranks = sorted((card // 4 for card in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    flush = len({card % 4 for card in cards}) == 1
    top = None
    if len(counts) == size:
        if ranks[0] - ranks[-1] == size - 1:
            top = ranks[0]
        elif ranks == [12] + list(range(size - 2, -1, -1)):  # A-2-3-4(-5): the ace plays low
            top = size - 2
    if top is not None:
        name = "straight_flush" if flush else "straight"
    elif flush:
        name = "flush"
    else:
        name = {(3,): "three_of_a_kind", (4,): "four_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house",
                (3, 1): "three_of_a_kind", (3, 1, 1): "three_of_a_kind",
                (2, 2): "two_pair", (2, 2, 1): "two_pair"}.get(
            shape, "pair" if shape[0] == 2 else "high_card")
    tiebreak = (top,) if top is not None else tuple(r for r, _ in groups)
    return order.index(name), tiebreak


def dense(values) -> np.ndarray:
    """Position of each value among the sorted distinct values."""
    _, inverse = np.unique(np.asarray(values), return_inverse=True, axis=0)
    return inverse.ravel()


# -- categories and their order ---------------------------------------------------
def test_four_card_categories_in_order():
    hands = {
        "high_card": "Ac Kd 9h 7s",
        "pair": "2c 2d 3h 5s",
        "two_pair": "2c 2d 3h 3s",
        "straight": "Ac 2d 3h 4s",
        "flush": "2h 3h 5h 7h",
        "three_of_a_kind": "2c 2d 2h 3s",
        "straight_flush": "Ac 2c 3c 4c",
        "four_of_a_kind": "2c 2d 2h 2s",
    }
    ranks = [rank(text) for text in hands.values()]
    assert [category(r) for r in ranks] == list(hands) == FOUR_CARD_ORDER
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    # The weakest hand of each category beats the best hand of the one below.
    strongest_below = {
        "pair": "Ac Kd Qh Ts",           # best high card
        "two_pair": "Ac Ad Kh Qs",       # best pair
        "straight": "Ac Ad Kh Ks",       # best two pair
        "flush": "Ac Kd Qh Js",          # best straight
        "three_of_a_kind": "Ah Kh Qh Th",  # best flush
        "straight_flush": "Ac Ad Ah Ks",  # best three of a kind
        "four_of_a_kind": "Ah Kh Qh Jh",  # best straight flush
    }
    for name, text in strongest_below.items():
        lowest = FOUR.table[FOUR.table // TIEBREAK_SPAN == FOUR.category_index(name)].min()
        assert lowest > rank(text), name


def test_categories_are_declared_as_data():
    assert [c.name for c in FOUR.categories] == FOUR_CARD_ORDER
    assert [c.name for c in FIVE.categories] == FIVE_CARD_ORDER
    assert FOUR.cards == 4 and FIVE.cards == 5


def test_flush_beats_straight_in_four_cards_but_not_in_five():
    assert rank("2h 5h 9h Jh") > rank("9c Td Js Qh")
    assert FIVE.rank_of(parse_cards("2h 5h 9h Jh Kh")) > FIVE.rank_of(parse_cards("9c Td Js Qh Kc"))
    assert rank("2c 2d 2h 3s") > rank("Ah Kh Qh 9h")  # three of a kind beats a flush
    assert FIVE.rank_of(parse_cards("Ah Kh Qh 9h 2h")) > FIVE.rank_of(parse_cards("2c 2d 2h 3s 4c"))


# -- straights ----------------------------------------------------------------------
def test_a234_is_the_lowest_straight_and_akqj_the_highest():
    wheel, five_high, top = rank("Ac 2d 3h 4s"), rank("2c 3d 4h 5s"), rank("Ac Kd Qh Js")
    straights = FOUR.table[FOUR.table // TIEBREAK_SPAN == FOUR.category_index("straight")]
    assert wheel == straights.min() and top == straights.max()
    assert wheel < five_high < rank("Kc Qd Jh Ts") < top
    assert FOUR.describe(wheel) == "straight 4-3-2-A"
    assert FOUR.describe(top) == "straight A-K-Q-J"
    assert len(np.unique(straights)) == 11  # tops 4, 5, ..., A
    flushes = FOUR.table[FOUR.table // TIEBREAK_SPAN == FOUR.category_index("straight_flush")]
    assert rank("Ah 2h 3h 4h") == flushes.min() and rank("Ah Kh Qh Jh") == flushes.max()


@pytest.mark.parametrize("text", ["Qc Kd Ah 2s", "Kc Ad 2h 3s", "Jc Kd Ah 2s"])
def test_straights_do_not_wrap_around_the_ace(text):
    assert category(rank(text)) == "high_card"


def test_no_wrap_in_suited_or_five_card_hands():
    assert category(rank("Qh Kh Ah 2h")) == "flush"
    assert category(FIVE.rank_of(parse_cards("Jc Qd Kh As 2c")), FIVE) == "high_card"
    assert category(FIVE.rank_of(parse_cards("Ac 2d 3h 4s 5c")), FIVE) == "straight"
    assert FIVE.describe(FIVE.rank_of(parse_cards("Ac 2d 3h 4s 5c"))) == "straight 5-4-3-2-A"


# -- ties and tie-breaks ------------------------------------------------------------
@pytest.mark.parametrize("first, second", [
    ("Ac Kd Qh Js", "As Kh Qd Jc"),   # straights of equal ranks
    ("Ah Kh 7h 3h", "As Ks 7s 3s"),   # flushes of equal ranks
    ("Qc Qd 7h 3s", "Qh Qs 7c 3d"),   # pairs with equal kickers
    ("9c 9d 4h 4s", "9h 9s 4c 4d"),   # two pairs
    ("Ac Kd 9h 7s", "Ad Kc 9s 7h"),   # high cards
    ("5c 6c 7c 8c", "5s 6s 7s 8s"),   # straight flushes
])
def test_equal_ranks_in_different_suits_tie(first, second):
    assert rank(first) == rank(second)


def test_tie_breaks_within_a_category():
    assert rank("Kc Kd 2h 2s") > rank("Qc Qd Jh Js")      # two pair: higher pair first
    assert rank("Kc Kd 3h 3s") > rank("Kh Ks 2c 2d")      # then the lower pair
    assert rank("Qc Qd 8h 2s") > rank("Qh Qs 7c 6d")      # pair: then the kickers
    assert rank("Jc Jd 2h 3s") > rank("Tc Td Ah Ks")      # pair rank before kickers
    assert rank("4c 4d 4h 2s") > rank("3c 3d 3h As")      # trips before the kicker
    assert rank("Ah 9h 4h 2h") > rank("Kh Qh Jh 9h")      # flush: highest card first
    assert rank("Ac 9d 4h 3s") > rank("Ac 9d 4h 2s")      # high card: down to the last card
    assert rank("Ac Ad Ah As") > rank("Kc Kd Kh Ks")


def test_descriptions():
    assert FOUR.describe(rank("Ac Ad Kh 7s")) == "pair of aces, K-7"
    assert FOUR.describe(rank("Kc Kd 3h 3s")) == "two pair, kings and threes"
    assert FOUR.describe(rank("4c 4d 4h 2s")) == "three of a kind of fours, 2"
    assert FOUR.describe(rank("Ac Kd 9h 7s")) == "A-K-9-7"
    assert FOUR.describe(rank("Ah 9h 4h 2h")) == "flush A-9-4-2"


# -- the best four of five ------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("Qh Qs 2h 7h 9h", "flush"),              # a pair and a four-card flush: the flush
    ("5c 6d 7h 8s 8c", "straight"),           # a pair and a straight: the straight
    ("Ac 2d 3h 4s 5c", "straight"),           # 5-4-3-2 beats the wheel A-2-3-4
    ("As Ah Ad Ac Kc", "four_of_a_kind"),
    ("9h Th Jh Qh 2c", "straight_flush"),
    ("Ah Kh Qh Jh Th", "straight_flush"),     # a five-card royal plays as A-K-Q-J
    ("2c 2d 2h 3s 3c", "three_of_a_kind"),    # a full house is trips in four cards
    ("Kc Kd Qh Qs Jc", "two_pair"),
    ("Qc Kd Ah 2s 7c", "high_card"),          # no wrap-around straight
    ("2h 3h 4h 5h 7c", "straight_flush"),
])
def test_best_four_of_five(text, expected):
    assert category(best(text)) == expected
    index = colex_index(np.array(sorted(parse_cards(text))))
    assert best_ranks(FOUR, 5)[index] == best(text)


def test_best_four_of_five_picks_the_best_subset():
    assert best("Ac 2d 3h 4s 5c") == rank("2d 3h 4s 5c")
    assert best("Ah Kh Qh Jh Th") == rank("Ah Kh Qh Jh")
    assert best("Qh Qs 2h 7h 9h") == rank("Qh 2h 7h 9h")
    assert best("Kc 6d 4h 3s 2c") == rank("Kc 6d 4h 3s")  # the lowest king-high best hand


# -- counts over every hand -----------------------------------------------------------
def test_best_four_of_five_category_counts():
    counts = np.bincount(best_ranks(FOUR, 5) // TIEBREAK_SPAN, minlength=len(FOUR_CARD_ORDER))
    assert dict(zip(FOUR_CARD_ORDER, counts.tolist(), strict=True)) == {
        "four_of_a_kind": 624,
        "straight_flush": 2_072,
        "three_of_a_kind": 58_656,
        "flush": 114_616,
        "straight": 101_808,
        "two_pair": 123_552,
        "pair": 1_047_552,
        "high_card": 1_150_080,
    }
    assert counts.sum() == 2_598_960


def test_five_card_category_counts():
    counts = np.bincount(FIVE.table // TIEBREAK_SPAN, minlength=len(FIVE_CARD_ORDER))
    assert dict(zip(FIVE_CARD_ORDER, counts.tolist(), strict=True)) == {
        "straight_flush": 40,
        "four_of_a_kind": 624,
        "full_house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three_of_a_kind": 54_912,
        "two_pair": 123_552,
        "pair": 1_098_240,
        "high_card": 1_302_540,
    }
    royal = parse_pattern("royal flush", FIVE)
    assert int(royal.matches(FIVE, FIVE.table).sum()) == 4


def test_four_card_category_counts():
    counts = np.bincount(FOUR.table // TIEBREAK_SPAN, minlength=len(FOUR_CARD_ORDER))
    # Straights: 11 rank runs x (4^4 - 4) suitings; flushes: 4 x (C(13, 4) - 11).
    assert dict(zip(FOUR_CARD_ORDER, counts.tolist(), strict=True)) == {
        "four_of_a_kind": 13,
        "straight_flush": 44,
        "three_of_a_kind": 2_496,
        "flush": 2_816,
        "straight": 2_772,
        "two_pair": 2_808,
        "pair": 82_368,
        "high_card": 177_408,
    }
    assert counts.sum() == 270_725


@pytest.mark.slow
def test_four_card_order_matches_a_plain_reference_on_every_hand():
    """Every four-card hand: ``>`` on ranks is exactly the order of the reference keys."""
    hands = combinations(52, 4).tolist()
    keys = [reference_key(hand, FOUR_CARD_ORDER) for hand in hands]
    flat = np.array([(position, *tiebreak, *([0] * (4 - len(tiebreak))))
                     for position, tiebreak in keys])
    assert np.array_equal(dense(flat), dense(FOUR.table))


def test_five_card_order_matches_a_plain_reference_on_a_sample():
    rng = np.random.default_rng(20240501)
    indices = rng.choice(len(FIVE.table), size=30_000, replace=False)
    hands = combinations(52, 5)[indices].tolist()
    keys = [reference_key(hand, FIVE_CARD_ORDER) for hand in hands]
    flat = np.array([(position, *tiebreak, *([0] * (5 - len(tiebreak))))
                     for position, tiebreak in keys])
    assert np.array_equal(dense(flat), dense(FIVE.table[indices]))


# -- three-card hands ---------------------------------------------------------------------
def three(text: str) -> int:
    """Rank of a three-card hand written as text."""
    return THREE.rank_of(parse_cards(text))


def test_three_card_categories_in_order():
    hands = {
        "high_card": "Ac Kd 9h",
        "pair": "2c 2d 3h",
        "flush": "2h 3h 5h",
        "straight": "Ac 2d 3h",
        "three_of_a_kind": "2c 2d 2h",
        "straight_flush": "Ac 2c 3c",
    }
    ranks = [three(text) for text in hands.values()]
    assert [category(r, THREE) for r in ranks] == list(hands) == THREE_CARD_ORDER
    assert ranks == sorted(ranks)
    assert three("2c 3c 4d") > three("Ah Kh Jh")        # any straight beats any flush
    assert three("2c 2d 2h") > three("Ac Kd Qh")        # trips beat the best straight


def test_three_card_straights_a23_lowest_qka_highest_no_wrap():
    straights = THREE.table[THREE.table // TIEBREAK_SPAN == THREE.category_index("straight")]
    assert three("Ac 2d 3h") == straights.min() and three("Qc Kd Ah") == straights.max()
    assert three("Ac 2d 3h") < three("2c 3d 4h") < three("Jc Qd Kh") < three("Qc Kd Ah")
    assert len(np.unique(straights)) == 12  # tops 3, 4, ..., A
    assert category(three("Kc Ad 2h"), THREE) == "high_card"
    assert THREE.describe(three("Ac 2d 3h")) == "straight 3-2-A"
    assert THREE.describe(three("Qc Kd Ah")) == "straight A-K-Q"


def test_three_card_tie_breaks():
    assert three("Qc 6d 4h") > three("Qc 6d 3h") > three("Qc 5d 4h") > three("Jc Td 8h")
    assert three("Kc Kd 2h") > three("Qc Qd Ah")      # the pair first, then the kicker
    assert three("Kc Kd 3h") > three("Kh Ks 2c")
    assert three("Ah 9h 4h") == three("As 9s 4s")     # suits never break ties
    assert THREE.describe(three("Qs 6d 4h")) == "Q-6-4"
    assert THREE.describe(three("Kc Kd 2h")) == "pair of kings, 2"


def test_three_card_category_counts():
    """All C(52, 3) = 22,100 hands: the published three-card counts."""
    counts = np.bincount(THREE.table // TIEBREAK_SPAN, minlength=len(THREE_CARD_ORDER))
    assert dict(zip(THREE_CARD_ORDER, counts.tolist(), strict=True)) == {
        "straight_flush": 48,
        "three_of_a_kind": 52,
        "straight": 720,
        "flush": 1_096,
        "pair": 3_744,
        "high_card": 16_440,
    }
    assert counts.sum() == 22_100


def test_three_card_order_matches_a_plain_reference_on_every_hand():
    hands = combinations(52, 3).tolist()
    keys = [reference_key(hand, THREE_CARD_ORDER) for hand in hands]
    flat = np.array([(position, *tiebreak, *([0] * (3 - len(tiebreak)))) for position, tiebreak in keys])
    assert np.array_equal(dense(flat), dense(THREE.table))


# -- the lookup tables against the direct evaluation -----------------------------------
@pytest.mark.parametrize("ranking", [THREE, FOUR, FIVE], ids=["three_card", "four_card", "five_card"])
def test_table_agrees_with_evaluate_on_random_hands(ranking):
    rng = np.random.default_rng(7)
    hands = np.sort(np.array([rng.choice(52, size=ranking.cards, replace=False)
                              for _ in range(5_000)]), axis=1)
    assert np.array_equal(ranking.table[colex_index(hands)], ranking.evaluate(hands))
    for hand in hands[:50]:
        assert ranking.table[colex_index(hand)] == ranking.rank_of(hand.tolist())


@pytest.mark.slow
def test_best_of_table_agrees_with_the_slow_plain_path():
    table = best_of_table(FOUR, 5)
    assert np.array_equal(table, best_ranks(FOUR, 5))
    rng = np.random.default_rng(11)
    for _ in range(400):
        hand = sorted(rng.choice(52, size=5, replace=False).tolist())
        assert table[colex_index(np.array(hand))] == FOUR.best_rank_of(hand), hand
        plain = max(FOUR.rank_of(sub) for sub in subsets(hand, 4))
        assert FOUR.best_rank_of(hand) == plain


def test_evaluate_rejects_hands_of_the_wrong_size():
    with pytest.raises(ValueError):
        FOUR.evaluate(np.array([[0, 1, 2, 3, 4]]))
    for wrong in (np.array([[0, 1, 2]]), np.array([0, 1, 2, 3]), [[0, 1, 2, 3, 4]]):
        for evaluate in (FOUR.evaluate, FOUR.evaluate_each):
            with pytest.raises(ValueError, match="four_card ranks hands of 4 cards"):
                evaluate(wrong)


# -- evaluate (one hand per multiset of ranks and flush) against evaluate_each (every hand) ----
@pytest.mark.parametrize("ranking", [THREE, FOUR, FIVE], ids=["three_card", "four_card", "five_card"])
def test_evaluate_agrees_with_evaluating_each_hand_on_random_hands(ranking):
    rng = np.random.default_rng(20250612)
    every = combinations(52, ranking.cards)
    hands = every[rng.integers(0, len(every), size=200_000)]
    shuffled = rng.permuted(hands, axis=1)  # the cards of a row in any order
    expected = ranking.evaluate_each(hands)
    assert np.array_equal(ranking.evaluate(hands), expected)
    assert np.array_equal(ranking.evaluate(shuffled), expected)
    assert np.array_equal(ranking.evaluate(shuffled.astype(np.int64)), expected)
    assert np.array_equal(ranking.evaluate(shuffled[:300].tolist()), expected[:300])
    assert ranking.evaluate(hands).dtype == np.int64


def test_evaluate_agrees_with_evaluating_each_hand_on_every_three_card_hand():
    every = combinations(52, 3)
    assert np.array_equal(THREE.evaluate(every), THREE.evaluate_each(every))
    assert np.array_equal(THREE.evaluate(every[::-1, ::-1]), THREE.evaluate_each(every[::-1, ::-1]))


def test_evaluate_of_no_hands_and_of_cards_outside_the_deck():
    assert FIVE.evaluate(np.zeros((0, 5), dtype=np.int8)).tolist() == []
    odd = np.array([[0, 4, 8, 12, 54], [0, 5, 10, 15, 20]])  # a card past the jokers: no keys, each hand is ranked
    joker_wild = load_ranking("dj_wild")
    assert np.array_equal(joker_wild.evaluate(odd), joker_wild.evaluate_each(odd))
    with pytest.raises(ValueError, match="five_card has no rule for the joker"):
        FIVE.evaluate(np.array([[0, 4, 8, 12, 52]]))
    for evaluate in (FIVE.evaluate, FIVE.evaluate_each):
        with pytest.raises(ValueError, match="no category"):
            evaluate(np.array([[-1, 4, 8, 12, 16]]))


def every_shape_ranking(cards: int) -> HandRanking:
    """A ranking of ``cards`` cards with a category for every shape (at most four of a rank) and all distinct
    ranks split by straight and flush."""
    def shapes(total, largest):
        if total == 0:
            yield ()
        for part in range(min(total, largest), 0, -1):
            for rest in shapes(total - part, part):
                yield (part,) + rest
    categories = [Category("-".join(map(str, shape)), shape) for shape in shapes(cards, 4) if shape[0] > 1]
    categories += [Category(f"distinct {straight} {flush}", (1,) * cards, straight, flush)
                   for straight in (False, True) for flush in (False, True)]
    return HandRanking(f"every_{cards}", f"every {cards}-card shape", cards, tuple(categories))


@pytest.mark.parametrize("cards", [2, 3, 4, 5, 6, 7])
def test_evaluate_agrees_with_evaluating_each_hand_for_any_declared_size(cards):
    ranking = every_shape_ranking(cards)
    rng = np.random.default_rng(cards)
    hands = rng.permuted(np.tile(np.arange(52, dtype=np.int8), (20_000, 1)), axis=1)[:, :cards]
    assert np.array_equal(ranking.evaluate(hands), ranking.evaluate_each(hands))
    assert np.array_equal(np.unique(ranking.evaluate(hands) // TIEBREAK_SPAN),
                          np.unique(ranking.evaluate_each(hands) // TIEBREAK_SPAN))


def test_evaluate_keeps_the_checks_of_the_declared_categories():
    every = combinations(52, 3)
    missing = HandRanking("missing", "no high card", 3, THREE.categories[1:])
    doubled = HandRanking("doubled", "pair twice", 3, THREE.categories + (THREE.categories[1],))
    for evaluate in (missing.evaluate, missing.evaluate_each):
        with pytest.raises(ValueError, match="missing: some hands fall into no category"):
            evaluate(every)
    for evaluate in (doubled.evaluate, doubled.evaluate_each):
        with pytest.raises(ValueError, match="doubled: hands fall into two categories"):
            evaluate(every)
    assert missing.evaluate(every[THREE.table >= TIEBREAK_SPAN]).min() >= 0  # no high card: no error


# -- hand patterns ------------------------------------------------------------------------
def test_pair_of_queens_or_better():
    pattern = parse_pattern("pair of queens or better", FOUR)
    assert pattern == HandPattern("pair", (10,), True)
    assert pattern.text == "pair of Q or better"
    assert parse_pattern("Pair-Of-Queens-Or-Better", FOUR) == pattern
    assert parse_pattern("pair_of_Q_or_better", FOUR) == pattern
    assert pattern.lowest_rank(FOUR) == rank("Qc Qd 3h 2s") == rank("Qh Qs 3d 2c")
    ranks = np.array([rank(t) for t in ["Qc Qd 3h 2s", "Ac Ad 2h 3s", "2c 2d 3h 3s",
                                        "Jc Jd Ah Ks", "Ac Kd Qh 9s", "Ac 2d 3h 4s"]])
    assert pattern.matches(FOUR, ranks).tolist() == [True, True, True, False, False, True]


def test_named_hands():
    four_aces = parse_pattern("Four Aces", FOUR)
    assert four_aces == HandPattern("four_of_a_kind", (12,), False)
    quads = np.array([rank("Ac Ad Ah As"), rank("Kc Kd Kh Ks")])
    assert four_aces.matches(FOUR, quads).tolist() == [True, False]
    assert parse_pattern("four of a kind of A", FOUR) == four_aces

    royal = parse_pattern("royal flush", FIVE)
    assert royal == HandPattern("straight_flush", (12,), False)
    hands = ["Ah Kh Qh Jh Th", "Kh Qh Jh Th 9h", "As Ks Qs Js Ts", "Ah Kh Qh Jh Tc"]
    ranks = np.array([FIVE.rank_of(parse_cards(t)) for t in hands])
    assert royal.matches(FIVE, ranks).tolist() == [True, False, True, False]

    assert parse_pattern("any", FOUR).matches(FOUR, FOUR.table).all()
    assert parse_pattern("straight", FOUR).matches(FOUR, FOUR.table).sum() == 2_772
    assert parse_pattern("straight of 4", FOUR).lowest_rank(FOUR) == rank("Ac 2d 3h 4s")
    assert parse_pattern("three of a kind or better", FOUR).lowest_rank(FOUR) == rank("2c 2d 2h 3s")
    assert parse_pattern("high card of K or better", FOUR).lowest_rank(FOUR) == rank("Kc 4d 3h 2s")


def test_several_leading_ranks():
    """``CATEGORY of R1-R2...``: the hands whose leading ranks (as they compare) are those named."""
    ace_king = parse_pattern("high card of ace-king or better", FIVE)
    assert ace_king == HandPattern("high_card", (12, 11), True)
    assert ace_king.text == "high_card of A-K or better" and ace_king.rank == 12
    assert parse_pattern(ace_king.text, FIVE) == ace_king
    assert ace_king.lowest_rank(FIVE) == FIVE.rank_of(parse_cards("Ac Kd 4h 3s 2c"))
    hands = ["Ac Kd 4h 3s 2c", "Ac Qd Jh 9s 8c", "2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c"]
    ranks = np.array([FIVE.rank_of(parse_cards(t)) for t in hands])
    assert ace_king.matches(FIVE, ranks).tolist() == [True, False, True, True]
    exact = parse_pattern("high card of A-K", FIVE)
    assert exact.matches(FIVE, ranks).tolist() == [True, False, False, True]
    # A and K with three of the 11 lower ranks, less A-K-Q-J-T, in any suits but a flush.
    assert int(exact.matches(FIVE, FIVE.table).sum()) == (comb(11, 3) - 1) * (4**5 - 4)

    q64 = parse_pattern("high_card of Q-6-4 or better", THREE)
    assert q64.text == "high_card of Q-6-4 or better"
    assert q64.lowest_rank(THREE) == three("Qc 6d 4h")
    assert parse_pattern("pair of K-2", THREE).matches(THREE, np.array([three("Kc Kd 2h"), three("Kc Kd 3h")])).tolist() \
        == [True, False]
    for pattern in ("pair of queens or better", "four aces", "straight of 4", "high_card of K or better"):
        parsed = parse_pattern(pattern, FOUR)
        assert parse_pattern(parsed.text, FOUR) == parsed


@pytest.mark.parametrize("text, ranking", [
    ("pair of Q-6-2", THREE),        # a three-card pair is ranked by two ranks only
    ("high card of 4-6-Q", THREE),   # ranks are named highest first
    ("straight of A-K", FIVE),       # a straight is ranked by its top card alone
    ("five of a kind", FOUR),
    ("five of a kind", FIVE),
    ("pair of X", FOUR),
    ("straight of 2", FOUR),        # no four-card straight tops at 2 (A-2-3-4 tops at 4)
    ("straight of 3", FOUR),
    ("straight of 4", FIVE),        # the lowest five-card straight tops at 5
    ("high card of 5", FOUR),       # 5-4-3-2 is a straight
    ("full house", FOUR),           # no such four-card category
    ("royal", FOUR),
    ("pair of queens or worse", FOUR),
    ("", FOUR),
])
def test_impossible_or_unknown_hand_names_raise(text, ranking):
    with pytest.raises(PatternError):
        parse_pattern(text, ranking)


@pytest.mark.parametrize("name", ["three_card", "four_card", "five_card"])
def test_the_distinct_ranks_from_one_hand_per_rank_multiset_are_those_of_every_hand(name):
    ranking = load_ranking(name)
    assert np.array_equal(ranking.distinct, np.unique(ranking.table))
