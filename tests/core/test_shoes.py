"""Hands from a shoe of several decks: counted by card type (each multiset of the 52 card types weighs the
product of C(D, m) over its types), checked against plain loops over every set of a small shoe's physical cards;
how the rankings read the suited hands with two identical cards a shoe deals; the simulator's shoe."""

from __future__ import annotations

from collections import Counter
from itertools import combinations as subsets
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import combinations, parse_card
from analyzer.core.ranking import TIEBREAK_SPAN, Category, HandRanking, load_ranking
from analyzer.core.shoes import shoe_hands
from analyzer.simulation import hands as simulator
from analyzer.simulation.settlement import shuffled_decks

THREE = load_ranking("three_card")


def category(ranking: HandRanking, text: str) -> str:
    """The category of a hand written as text, cards allowed to repeat (from a shoe)."""
    return ranking.category_name(ranking.rank_of([parse_card(word) for word in text.split()]))


# -- small hand-checked cases ------------------------------------------------------------------------------
def test_two_cards_from_two_decks_are_52_identical_pairs_and_every_pair_of_types_four_ways():
    hands, ways = shoe_hands(2, 2)
    identical = hands[:, 0] == hands[:, 1]
    assert identical.sum() == 52 and (ways[identical] == 1).all()       # C(2, 2): both copies
    assert (~identical).sum() == comb(52, 2) and (ways[~identical] == 4).all()  # C(2, 1) x C(2, 1)
    assert 52 + 4 * comb(52, 2) == comb(104, 2) == int(ways.sum())


def test_one_deck_gives_the_plain_combinations_each_one_way():
    hands, ways = shoe_hands(1, 3)
    assert (ways == 1).all() and np.array_equal(hands, combinations(52, 3).astype(np.int64))


@pytest.mark.parametrize("decks", range(1, 9))
def test_the_ways_add_up_to_every_set_of_the_physical_cards(decks):
    for cards in (1, 2, 3):
        assert int(shoe_hands(decks, cards)[1].sum()) == comb(52 * decks, cards)


# -- the card-type count against plain loops over the physical cards ------------------------------------------
def test_three_cards_from_two_decks_match_a_loop_over_all_182104_sets_of_physical_cards():
    plain = Counter(tuple(sorted(card % 52 for card in dealt)) for dealt in subsets(range(104), 3))
    hands, ways = shoe_hands(2, 3)
    assert sum(plain.values()) == 182_104
    assert dict(zip(map(tuple, hands.tolist()), ways.tolist(), strict=True)) == plain


def test_four_cards_from_two_decks_match_every_set_of_physical_cards():
    def code(rows: np.ndarray) -> np.ndarray:  # a sorted row of card types as one number in base 52
        return ((rows[:, 0] * 52 + rows[:, 1]) * 52 + rows[:, 2]) * 52 + rows[:, 3]

    dealt = np.sort(combinations(104, 4).astype(np.int64) % 52, axis=1)  # all 4,598,126 sets, as card types
    types, counts = np.unique(code(dealt), return_counts=True)
    hands, ways = shoe_hands(2, 4)
    order = np.argsort(code(hands))
    assert np.array_equal(code(hands)[order], types) and np.array_equal(ways[order], counts)


# -- rankings of the hands a shoe deals ---------------------------------------------------------------------
@pytest.mark.parametrize("hand, expected", [
    ("Kh Kh 5h", "flush"),            # a suited pair: three cards of one suit
    ("Kh Kh Kh", "three_of_a_kind"),  # suited trips: three of a kind ranks above a flush
    ("Kh Kh 5c", "pair"),             # two identical cards, not suited: a pair
    ("Kh Kh Kd", "three_of_a_kind"),
])
def test_a_suited_hand_with_two_identical_cards_takes_the_higher_of_its_group_and_flush(hand, expected):
    assert category(THREE, hand) == expected


def test_a_suited_pair_ranks_among_the_flushes_by_its_ranks_grouped_first():
    assert THREE.rank_of((44, 44, 12)) > THREE.rank_of((40, 36, 12))   # flush K-K-5 over flush Q-J-5
    assert THREE.rank_of((44, 44, 12)) < THREE.rank_of((0, 8, 16)) + 2 * TIEBREAK_SPAN   # below any straight
    assert category(load_ranking("four_card"), "Ah Ah Ah 2h") == "three_of_a_kind"
    assert category(load_ranking("four_card"), "Ah Ah 9h 2h") == "flush"


def test_a_category_declared_with_a_repeated_shape_and_flush_takes_the_suited_hands_of_that_shape():
    suited_trips = Category("suited_three_of_a_kind", (3,), flush=True)
    ranking = HandRanking("shoe_three", "three-card hand with suited trips", 3, THREE.categories + (suited_trips,))
    assert category(ranking, "Kh Kh Kh") == "suited_three_of_a_kind"
    assert category(ranking, "Kh Kh Kd") == "three_of_a_kind"


@pytest.mark.parametrize("name, decks, problem", [
    ("three_card", 8, None),
    ("four_card", 8, None),
    ("five_card", 1, None),
    ("five_card", 2, "five_card ranks no hand of 5 cards of one rank (2c 2d 2h 2s 2c), which 2 decks can deal"),
    ("deuces_wild", 2, "deuces_wild has wild cards or overlapping categories, ranked for one 52-card deck only"),
])
def test_a_ranking_says_whether_it_ranks_every_hand_a_shoe_deals(name, decks, problem):
    assert load_ranking(name).shoe_problem(decks) == problem


@pytest.mark.parametrize("name, decks", [("three_card", 3), ("four_card", 4)])
def test_the_simulators_own_evaluator_orders_every_shoe_hand_as_the_ranking_does(name, decks):
    """Every multiset of card types a shoe deals (24,804 of three cards, 341,055 of four): the same category
    names and the same order, ties included."""
    ranking = load_ranking(name)
    hands, _ = shoe_hands(decks, ranking.cards)
    ranks, values = ranking.evaluate(hands), simulator.evaluate(hands, name)
    names = [category.name for category in ranking.categories]
    assert [names[c] for c in np.unique(ranks // TIEBREAK_SPAN)] == \
        [simulator.ORDERS[name][c] for c in np.unique(values // simulator.CATEGORY_SPAN)]
    order = np.argsort(ranks, kind="stable")
    assert (np.diff(values[order]) >= 0).all()
    assert np.array_equal(np.diff(ranks[order]) == 0, np.diff(values[order]) == 0)


# -- the simulator's shoe -------------------------------------------------------------------------------
def test_the_simulator_deals_every_physical_card_of_a_shoe_once():
    dealt = shuffled_decks(np.random.default_rng(7), 200, 104, decks=2)
    assert all((np.bincount(row, minlength=52) == 2).all() for row in dealt)
    assert not (dealt[:, :3] == dealt[:1, :3]).all()   # shuffled, not dealt in order


def test_one_deck_deals_as_before():
    assert np.array_equal(shuffled_decks(np.random.default_rng(3), 5, 7),
                          np.random.default_rng(3).permuted(np.tile(np.arange(52), (5, 1)), axis=1)[:, :7])
