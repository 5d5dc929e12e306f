"""Rankings that decompose by suit, as a readable specification: the longest flush, the longest straight flush.

Longest flush (High Card Flush): a hand ranks by its longest flush, the most cards of one suit; any longer
flush beats any shorter one; between flushes of one length the flush cards compare from the highest down,
ace high; a hand with two suits of its longest length plays the better; cards outside the flush never
count. Longest straight flush: the longest run of one suit in sequence, the ace high or low (A-2-3 counts,
K-A-2 does not), ranked by its length alone. Hand names read "five-card flush or more", "three-card flush
of 9 or better" (the lowest: 9-3-2).
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from analyzer.core.cards import combinations, parse_cards
from analyzer.core.isomorphism import canonical_keys, class_masks, suit_classes
from analyzer.core.ranking import load_ranking, ranking_of_size
from analyzer.core.ranking import SuitRanking
from analyzer.games.patterns import PatternError, parse_pattern
from analyzer.simulation import hands as simulator

FLUSH = load_ranking("longest_flush")
STRAIGHT = load_ranking("longest_straight_flush")


def value(text: str, ranking=FLUSH) -> int:
    return ranking.rank_of(parse_cards(text))


def random_hands(count: int, seed: int, size: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.sort(np.argsort(rng.random((count, 52)), axis=1)[:, :size], axis=1)


def plain_flush(hand) -> tuple:
    """The rules read plainly: each suit's (length, ranks highest first); the best of the four."""
    suits = [sorted((card // 4 for card in hand if card % 4 == suit), reverse=True) for suit in range(4)]
    return max((len(ranks), tuple(ranks)) for ranks in suits)


def plain_straight(hand) -> int:
    """The longest run of one suit in sequence, the ace also below the two."""
    best = 0
    for suit in range(4):
        ranks = {card // 4 for card in hand if card % 4 == suit}
        ranks |= {-1} if 12 in ranks else set()
        for low in ranks:
            run = 0
            while low + run in ranks:
                run += 1
            best = max(best, run)
    return best


# -- hands by hand ----------------------------------------------------------------------------------------
def test_a_longer_flush_beats_any_shorter():
    assert value("2c 3c 4c 5c 7d 9h Jh") > value("Ah Kh Qh 2c 3c 4d 5s")   # four clubs over three hearts
    assert FLUSH.category_name(value("2c 3c 4c 5c 7d 9h Jh")) == "four_card_flush"


def test_equal_lengths_compare_the_flush_cards_from_the_top():
    assert value("Ah 9h 4h 2c 3d 5s 7s") > value("Kh Qh Jh 2c 3d 5s 7s")
    assert value("Ah 9h 5h 2c 3d 6s 7s") > value("Ah 9h 4h 2c 3d 6s Ks")
    assert value("Ah 9h 4h 2c 3d 6s 7s") == value("Ad 9d 4d 2c 3h 6s 7s")    # suits never break ties


def test_the_better_of_two_longest_suits_plays_and_other_cards_never_count():
    assert value("Ah 9h 4h Kc Qc 2c 5d") == value("Kc Qc 2c Ah 9h 4h 6s")
    assert value("Ah 9h 4h 2c 3c 5c 6d") == value("Ah 9h 4h 2c 3c 5c Kd")


def test_categories_are_named_by_length_from_the_shortest_a_best_suit_can_be():
    assert [c.name for c in FLUSH.categories] == [f"{word}_card_flush" for word in
                                                  ("two", "three", "four", "five", "six", "seven")]
    assert [c.name for c in STRAIGHT.categories][:3] == ["one_card_straight_flush", "two_card_straight_flush",
                                                         "three_card_straight_flush"]
    assert FLUSH.describe(value("As 9s 4s 2s Kh Qh 3d")) == "four card flush A-9-4-2"
    assert isinstance(FLUSH, SuitRanking) and ranking_of_size(7) is None


def test_hand_names_read_naturally():
    qualifier = parse_pattern("three-card flush of 9 or better", FLUSH)
    assert FLUSH.describe(qualifier.lowest_rank(FLUSH)) == "three card flush 9-3-2"
    ranks = np.array([value("9c 3c 2c 8d 7d 6h 5s"), value("8c 7c 6c 5c 9d 2h 3s"), value("8c 7c 6c 5d 9d 2h 3s")])
    assert qualifier.matches(FLUSH, ranks).tolist() == [True, True, False]
    five = parse_pattern("Five-Card Flush or More", FLUSH)
    assert five.matches(FLUSH, np.array([value("2c 3c 4c 5c 6c 8d 9h"), value("2c 3c 4c 5c 6d 8d 9h")])).tolist() \
        == [True, False]
    with pytest.raises(PatternError):
        parse_pattern("eight-card flush", FLUSH)


def test_straight_flushes_run_within_a_suit_the_ace_high_or_low():
    assert value("Ac 2c 3c 5c 9d Td Js", STRAIGHT) == value("Qh Kh Ah 2c 4c 6d 8s", STRAIGHT)
    assert STRAIGHT.category_name(value("Kc Ac 2c 9d Td 5h 7s", STRAIGHT)) == "two_card_straight_flush"
    assert STRAIGHT.category_name(value("2c 3c 4c 5c 6c 7c 8c", STRAIGHT)) == "seven_card_straight_flush"
    assert STRAIGHT.describe(value("Ac 2c 3c 5c 9d Td Js", STRAIGHT)) == "three card straight flush"


# -- against plain readings ---------------------------------------------------------------------------------
def test_values_order_hands_as_the_plain_reading_does():
    hands = random_hands(20_000, seed=1)
    flush, straight = FLUSH.evaluate(hands), STRAIGHT.evaluate(hands)
    plain = [plain_flush(hand) for hand in hands.tolist()]
    order = {key: index for index, key in enumerate(sorted(set(plain)))}
    dense = np.array([order[key] for key in plain])
    assert (np.sign(np.subtract.outer(flush[:400], flush[:400])) ==
            np.sign(np.subtract.outer(dense[:400], dense[:400]))).all()
    assert len(np.unique(flush)) == len(order)
    assert (flush // FLUSH.span + 2).tolist() == [len(key[1]) for key in plain]
    assert (straight // STRAIGHT.span + 1).tolist() == [plain_straight(hand) for hand in hands.tolist()]
    assert set(flush.tolist()) <= set(FLUSH.distinct.tolist())
    assert len(FLUSH.distinct) == sum(comb(13, length) for length in range(2, 8))


def test_the_simulators_own_evaluator_orders_hands_alike():
    hands = random_hands(5_000, seed=2)
    for ranking in (FLUSH, STRAIGHT):
        ours, theirs = ranking.evaluate(hands), simulator.evaluate(hands, ranking.name)
        assert (np.argsort(ours, kind="stable") == np.argsort(theirs, kind="stable")).all()
        assert (np.unique(ours, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all()
    named = simulator.evaluate(parse_cards_row("As 9s 4s 2s Kh Qh 3d"), "longest_flush")
    assert simulator.describe(named, "longest_flush") == "four_card_flush A-9-4-2"
    assert simulator.matches(simulator.evaluate(hands, "longest_flush"), "longest_flush",
                             "three_card_flush of 9 or better").tolist() == \
        parse_pattern("three-card flush of 9 or better", FLUSH).matches(FLUSH, FLUSH.evaluate(hands)).tolist()


def parse_cards_row(text: str) -> np.ndarray:
    return np.array([sorted(parse_cards(text))])


# -- suit classes made without listing the hands ------------------------------------------------------------
def test_class_masks_are_the_suit_classes_of_the_hands():
    hands = combinations(52, 4)
    listed = suit_classes(hands)
    masks, sizes = class_masks(4)
    assert len(sizes) == len(listed.weights) and int(sizes.sum()) == comb(52, 4)
    cards = np.array([sorted(4 * rank + suit for suit in range(4) for rank in range(13) if mask[suit] >> rank & 1)
                      for mask in masks.tolist()])
    keys = canonical_keys(cards)
    by_key = dict(zip(canonical_keys(hands[listed.representatives]).tolist(), listed.weights.tolist(), strict=True))
    assert sorted(by_key) == sorted(keys.tolist())
    assert [by_key[key] for key in keys.tolist()] == sizes.tolist()
    masks7, sizes7 = class_masks(7)
    assert (len(sizes7), int(sizes7.sum())) == (6_009_159, comb(52, 7))


def test_a_declared_kind_of_any_size():
    four = SuitRanking.declared("four_flush", {"kind": "flush_length", "cards": 4, "title": "four cards"})
    assert [c.name for c in four.categories][0] == "one_card_flush"
    assert four.describe(four.rank_of(parse_cards("Ac Kd Qh Js"))) == "one card flush A"
    with pytest.raises(ValueError, match="unknown ranking kind"):
        SuitRanking.declared("odd", {"kind": "pairs", "cards": 4, "title": "x"})
