"""Jokers, as a readable specification: cards, the joker-wild ranking, suit classes and card removal.

A deck's jokers are the cards 52 and 53, after the 52 (``4 * rank + suit`` is kept for those), written ``Jk``.
A joker has no rank and no suit of its own; it is wild where a ranking lists "joker" among its wild cards
(``dj_wild``: the four deuces and the joker), and then stands for any card, even one already held, so five of a
kind exists and five wild cards are a category of their own. In ``dj_wild`` a wild card in a flush reads as the
ace of its suit (``wild_flush = "aces"``). A ranking without the joker has no rule for it and refuses it.

The fast paths are checked against slow plain ones: the ranking against a plain evaluator trying every
substitution of each wild card by each of the 52 cards; its dense table against the hand-by-hand evaluation;
the suit classes of a 53-card deck against the ranks; the card-removal counter over a 53-card deck against a
plain count over every dealer hand.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import CardError, colex_index, combinations, format_cards, parse_cards
from analyzer.core.counting import DisjointRankCounter
from analyzer.core.isomorphism import suit_classes
from analyzer.core.ranking import DIGIT_BASE, TIEBREAK_DIGITS, TIEBREAK_SPAN, load_ranking
from analyzer.games.errors import RulesError
from analyzer.games.rules import load_game
from analyzer.simulation import hands as simulator

DJ = load_ranking("dj_wild")
ORDER = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind",
         "straight_flush", "five_of_a_kind", "royal_flush", "five_wilds"]
JOKER = 52
DECK = 53
SHIPPED = Path(__file__).resolve().parents[2] / "analyzer" / "games" / "data" / "games"


# -- cards -----------------------------------------------------------------------------------------------
def test_a_joker_is_the_card_after_the_52_and_is_written_jk():
    assert parse_cards("Jk As") == (52, 51) and parse_cards("jk 2c JK") == (52, 0, 53)
    assert format_cards((53, 52, 51, 0)) == "Jk Jk As 2c"
    with pytest.raises(CardError, match="more than 2 jokers"):
        parse_cards("Jk Jk Jk")


# -- the ranking as declared, hand-checked ------------------------------------------------------------------
def test_the_ranking_is_declared_as_data():
    assert [c.name for c in DJ.categories] == ORDER and DJ.wild == (0, 13) and DJ.jokers_wild
    assert DJ.wild_flush == "aces" and DJ.deck_cards == 54


@pytest.mark.parametrize("text, name, described", [
    ("Jk 2c 2d 2h 2s", "five_wilds", "five wilds of aces"),
    ("Ah Kh Qh Jh Th", "royal_flush", "royal flush A-K-Q-J-T"),
    ("Jk Ah Kh Qh Jh", "royal_flush", "royal flush A-K-Q-J-T"),      # natural or wild: equal
    ("Jk 2c 2d Th Kh", "royal_flush", "royal flush A-K-Q-J-T"),
    ("Jk 7c 7d 7h 7s", "five_of_a_kind", "five of a kind of sevens"),
    ("Jk 2c 7d 7h 9s", "four_of_a_kind", "four of a kind of sevens, 9"),
    ("Jk 3h 4h 5h 6h", "straight_flush", "straight flush 7-6-5-4-3"),
    ("Jk Ac 3d 4d 5d", "straight", "straight 5-4-3-2-A"),             # the joker may be a deuce
    ("Jk Ah 9h 5h 3h", "flush", "flush A-A-9-5-3"),                   # a wild card in a flush is an ace
    ("Jk 2h Kh 9h 5h", "flush", "flush A-A-K-9-5"),
    ("Jk Kh Kd 9s 9c", "full_house", "full house, kings and nines"),
    ("Jk Kd 9s 7c 4c", "pair", "pair of kings, 9-7-4"),
    ("Ac Kd 9s 7c 4c", "high_card", "A-K-9-7-4"),
])
def test_hand_checked_cases(text, name, described):
    rank = DJ.rank_of(parse_cards(text))
    assert (DJ.category_name(rank), DJ.describe(rank)) == (name, described)


def test_a_wild_flush_beats_the_natural_flush_below_it_and_royals_tie():
    def rank(text: str) -> int:
        return DJ.rank_of(parse_cards(text))

    assert rank("Jk Ah 9h 5h 3h") > rank("Ah Kh Qh Jh 9h") > rank("2h Kh Qh 8h 5h")  # A-A-9-5-3, A-K-Q-J-9, A-K-Q-8-5
    assert rank("Jk Ah Kh Qh Jh") == rank("Ah Kh Qh Jh Th") == rank("2s As Ks Qs Js")


def test_a_ranking_without_the_joker_refuses_it_and_so_does_a_game_file(tmp_path):
    with pytest.raises(ValueError, match="five_card has no rule for the joker"):
        load_ranking("five_card").rank_of(parse_cards("Jk As Ks Qs Js"))
    path = tmp_path / "mine.toml"
    path.write_text((SHIPPED / "caribbean.toml").read_text().replace("\n[play]", "\n[deck]\njokers = 1\n\n[play]", 1))
    with pytest.raises(RulesError, match="deck.jokers: ranking 'five_card' has no rule for the joker") as refusal:
        load_game(str(path))
    assert "\n" not in str(refusal.value)


# -- the ranking against every substitution of each wild card ---------------------------------------------------
def plain_value(ranks: list[int], suits: list[int], wilds: int, order: list[str] = ORDER,
                flush_repeats: bool = True) -> int:
    """The value of one made hand (repeats allowed) in a ranking of ``order`` (dj_wild's by default), written from
    the rules: category, then ranks; a flush may repeat ranks (the wild cards read as aces) if ``flush_repeats``."""
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    distinct = len(counts) == 5
    flush = len(set(suits)) == 1 and (flush_repeats or distinct)
    wheel = set(ranks) == {12, 0, 1, 2, 3}
    straight = distinct and (max(ranks) - min(ranks) == 4 or wheel)
    top = 3 if wheel else max(ranks)
    if wilds == 5 and "five_wilds" in order:
        category = "five_wilds"
    elif straight and flush:
        category = "royal_flush" if top == 12 and "royal_flush" in order else "straight_flush"
    else:
        category = {5: "five_of_a_kind", 4: "four_of_a_kind"}.get(shape[0]) or (
            "full_house" if shape == [3, 2] else "flush" if flush else "straight" if straight else
            {3: "three_of_a_kind"}.get(shape[0]) or ("two_pair" if shape == [2, 2, 1] else
                                                     "pair" if shape[0] == 2 else "high_card"))
    if category in ("straight", "straight_flush", "royal_flush"):
        digits = [top]
    elif category == "flush":
        digits = sorted(ranks, reverse=True)  # the wild cards read as aces: repeats compared in turn
    else:
        digits = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    digits += [0] * (TIEBREAK_DIGITS - len(digits))
    return order.index(category) * TIEBREAK_SPAN + sum(d * DIGIT_BASE ** (4 - i) for i, d in enumerate(digits))


def plain_rank(hand: tuple[int, ...]) -> int:
    """The best plain value over every substitution of each wild card (a deuce or a joker) by any of the 52."""
    natural = [card for card in hand if card < 52 and card // 4 != 0]
    wilds = len(hand) - len(natural)
    best = -1
    for stand_ins in product(range(52), repeat=wilds):
        made = natural + list(stand_ins)
        best = max(best, plain_value([card // 4 for card in made], [card % 4 for card in made], wilds))
    return best


def joker_hands(count: int, wilds: int, seed: int, jokers: int = 1) -> list[tuple[int, ...]]:
    """Random hands holding ``jokers`` jokers and exactly ``wilds`` wild cards in all (deuces besides them)."""
    rng = np.random.default_rng(seed)
    hands = []
    for _ in range(count):
        deuces = rng.choice(4, wilds - jokers, replace=False).tolist()
        naturals = (4 + rng.choice(48, 5 - wilds, replace=False)).tolist()
        hands.append(tuple(sorted(deuces + naturals + list(range(JOKER, JOKER + jokers)))))
    return hands


@pytest.mark.parametrize("wilds, count", [(1, 150), (2, 25), pytest.param(3, 1, marks=pytest.mark.slow)])
def test_the_ranking_is_the_best_of_every_substitution(wilds, count):
    hands = joker_hands(count, wilds, seed=wilds)
    if wilds == 1:  # hand-picked hands where the reading matters: flushes, straights, royals
        hands += [tuple(sorted(parse_cards(text))) for text in
                  ("Jk Ah 9h 5h 3h", "Jk Kh Qh Jh 9h", "Jk Ac 3d 4d 5d", "Jk Th Jh Qh Kh", "Jk 9c 9d 9h 9s")]
    ranks = DJ.evaluate(np.array(hands))
    assert ranks.tolist() == [plain_rank(hand) for hand in hands]


BUG = load_ranking("joker_bug")
BUG_ORDER = [category.name for category in BUG.categories]


def plain_bug_rank(hand: tuple[int, ...]) -> int:
    """The best plain value over every card of the 52 the joker may stand for: an ace, or any card where the hand
    made is a straight or a flush (the Pai Gow rule)."""
    natural = [card for card in hand if card < 52]
    values = []
    for stand_in in range(52):
        made = natural + [stand_in]
        value = plain_value([card // 4 for card in made], [card % 4 for card in made], 1, BUG_ORDER, False)
        if stand_in // 4 == 12 or any(word in BUG_ORDER[value // TIEBREAK_SPAN] for word in ("straight", "flush")):
            values.append(value)
    return max(values)


def test_a_bug_joker_is_an_ace_or_completes_a_straight_or_flush():
    rng = np.random.default_rng(6)
    hands = [tuple(sorted(parse_cards(text))) for text in
             ("Jk Ac Ad Ah As", "Jk Kc Kd Kh Ks", "Jk 4c 4d 7h 7s", "Jk 9c Td Jh Qs", "Jk 3h 7h 9h Kh",
              "Jk Ah Kh Qh Jh", "Jk 2c 3d 4h 5s")]
    hands += [tuple(sorted(rng.choice(52, 4, replace=False).tolist() + [JOKER])) for _ in range(150)]
    assert [BUG.category_name(rank) for rank in BUG.evaluate(np.array(hands[:3]))] == \
        ["five_of_a_kind", "four_of_a_kind", "two_pair"]
    assert BUG.evaluate(np.array(hands)).tolist() == [plain_bug_rank(hand) for hand in hands]
    simulated = simulator.evaluate(np.array(hands), "joker_bug")
    exact = BUG.evaluate(np.array(hands))
    assert np.array_equal(np.sign(exact[:, None] - exact[None, :]), np.sign(simulated[:, None] - simulated[None, :]))


def test_two_jokers_are_two_wild_cards():
    hands = joker_hands(12, 2, seed=4, jokers=2) + [tuple(sorted(parse_cards("Jk Jk Ah Kh 9h")))]
    assert DJ.evaluate(np.array(hands)).tolist() == [plain_rank(hand) for hand in hands]
    assert int(suit_classes(combinations(DECK + 1, 3)).weights.sum()) == comb(DECK + 1, 3)


def test_the_dense_table_agrees_with_the_hand_by_hand_evaluation():
    hands = combinations(DECK, 5)
    with_joker = np.flatnonzero(hands.max(axis=1) == JOKER)
    rng = np.random.default_rng(5)
    sample = np.concatenate([rng.choice(with_joker, 6_000, replace=False), rng.choice(comb(52, 5), 2_000)])
    assert len(with_joker) == comb(52, 4) and (with_joker >= comb(52, 5)).all()  # the 52 cards' hands come first
    assert np.array_equal(DJ.table[sample], DJ.evaluate_each(hands[sample]))
    assert np.isin(np.unique(DJ.table[:comb(DECK, 5)]), DJ.distinct).all()


# -- suit classes of a deck with a joker ---------------------------------------------------------------------
def test_suit_classes_of_a_53_card_deck_keep_the_joker_and_the_ranks():
    hands = combinations(DECK, 5)
    classes = suit_classes(hands)
    assert int(classes.weights.sum()) == comb(DECK, 5)
    assert len(classes.weights) == 134_459 + 16_432  # the 5-card classes, and the joker with each 4-card class
    ranks = DJ.table[colex_index(hands)]
    assert np.array_equal(ranks, ranks[classes.representatives][classes.class_of])
    holds_joker = hands.max(axis=1) == JOKER
    assert np.array_equal(holds_joker, holds_joker[classes.representatives][classes.class_of])


# -- card removal over a 53-card deck --------------------------------------------------------------------------
def test_the_counter_over_a_deck_with_a_joker_is_a_plain_count_of_every_dealer_hand():
    hands = combinations(DECK, 3)  # three-card dealer hands of the 53 cards: the counter's own data
    dense = np.searchsorted(np.unique(hands.sum(axis=1)), hands.sum(axis=1))  # a toy rank: the cards' sum
    counter = DisjointRankCounter(hands, dense, int(dense.max()) + 1, max_excluded=5, deck_size=DECK)
    rng = np.random.default_rng(3)
    players = np.array([np.sort(rng.choice(DECK, 5, replace=False)) for _ in range(40)]
                       + [sorted(parse_cards("Jk As Ks Qs Js")), sorted(parse_cards("Jk 2c 2d 2h 2s"))])
    thresholds = rng.integers(0, dense.max() + 2, size=(len(players), 3))
    fast = counter.count_below(players, thresholds)
    for player, row, counted in zip(players, thresholds, fast, strict=True):
        disjoint = ~np.isin(hands, player).any(axis=1)
        assert counted.tolist() == [int((disjoint & (dense < x)).sum()) for x in row]
        assert int(disjoint.sum()) == comb(DECK - 5, 3)


# -- the simulator's own evaluator, checked against the ranking ----------------------------------------------
def test_the_simulator_values_joker_hands_in_the_rankings_order():
    hands = np.array(joker_hands(300, 1, seed=8) + joker_hands(60, 2, seed=9) + joker_hands(20, 3, seed=10)
                     + joker_hands(4, 4, seed=11) + joker_hands(1, 5, seed=12)
                     + [sorted(parse_cards(text)) for text in ("Ah Kh Qh Jh Th", "Ah 9h 5h 3h 2h", "Ah Kh Qh Jh 9h",
                                                                "Ac Kd 9s 7c 4c", "Jk 2h Kh 9h 5h")])
    exact, simulated = DJ.evaluate(hands), simulator.evaluate(hands, "dj_wild")
    assert [ORDER[value // TIEBREAK_SPAN] for value in exact] == \
        [simulator.ORDERS["dj_wild"][value // simulator.CATEGORY_SPAN] for value in simulated]
    assert np.array_equal(np.sign(exact[:, None] - exact[None, :]), np.sign(simulated[:, None] - simulated[None, :]))
