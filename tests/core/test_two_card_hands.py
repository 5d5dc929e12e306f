"""Two-card hands as a specification: the ``two_card`` ranking of ``core/rankings.toml`` (a pair beats
any non-pair, then the ranks decide, a suited hand just above the offsuit one of the same ranks) and the
starting-hand names a lab writes ("A-K suited", "A-Q or A-J offsuit", "pair of K, Q or J", "pair of T
down to 2"), read by the pattern reader and, separately, by the simulator's own evaluator.

Counts of the 1,326 two-card hands, by hand: 78 pairs (13 ranks, C(4,2) = 6 each), 312 suited non-pairs
(78 rank pairs, 4 suits), 936 offsuit (78 rank pairs, 12 suit pairs); 169 distinct hands.
"""

from __future__ import annotations

from itertools import combinations as subsets

import numpy as np
import pytest

from analyzer.core.cards import combinations, parse_cards
from analyzer.core.ranking import load_ranking, ranking_of_size
from analyzer.games.patterns import PatternError, parse_pattern
from analyzer.simulation import hands as simulated

TWO = load_ranking("two_card")
HANDS = combinations(52, 2)


def rank(text: str) -> int:
    return TWO.rank_of(parse_cards(text))


def test_the_ranking_orders_pairs_above_non_pairs_then_ranks():
    assert rank("2c 2d") > rank("Ah Kh") > rank("Ah Kd") > rank("Ah Qh") > rank("Kh Qh")
    assert rank("Ac Ad") == rank("Ah As")                       # suits never tell pairs apart
    assert rank("Ac Kc") == rank("Ah Kh") and rank("Ac Kd") == rank("Ah Ks")
    assert (TWO.describe(rank("Ah Kh")), TWO.describe(rank("7c 2d"))) == ("A-K suited", "7-2 offsuit")
    assert TWO.describe(rank("Qc Qd")) == "pair of queens"
    assert TWO.category_name(rank("5h 4h")) == "high_card"     # no straights, no flushes in two cards


def test_every_two_card_hand_counted():
    categories = np.array([TWO.category_name(r) for r in TWO.table])
    suited = TWO.suited(TWO.table)
    assert len(TWO.distinct) == 169 and len(np.unique(TWO.table)) == 169
    assert (categories == "pair").sum() == 78
    assert (suited & (categories == "high_card")).sum() == 312 and (~suited & (categories == "high_card")).sum() == 936
    assert np.array_equal(TWO.evaluate(HANDS), TWO.evaluate_each(HANDS))
    assert ranking_of_size(2) is None   # the stud engine's two-card situations keep their own names


@pytest.mark.parametrize("name, hands", [
    ("A-K suited", 4), ("ace-king suited", 4), ("A-K offsuit", 12), ("A-Q or A-J suited", 8),
    ("A-Q or A-J offsuit", 24), ("pair of K, Q or J", 18), ("pair of kings, queens or jacks", 18),
    ("pair of T down to 2", 54), ("pair of tens down to twos", 54), ("pair of aces", 6), ("A-K", 16),
    ("pair of 9 to 7", 18), ("high_card of A-Q down to A-J offsuit", 24), ("pair of T or better", 30),
])
def test_starting_hand_names(name, hands):
    pattern = parse_pattern(name, TWO)
    assert int(pattern.matches(TWO, TWO.table).sum()) == hands
    assert parse_pattern(pattern.text, TWO) == pattern           # the canonical text reads back
    values = simulated.evaluate(HANDS, "two_card")                # the simulator's own reading agrees
    assert np.array_equal(simulated.matches(values, "two_card", pattern.text), pattern.matches(TWO, TWO.table))


def test_names_of_hands_by_hand():
    explicit = {"A-K suited": {"Ah Kh"}, "pair of K, Q or J": {"Kc Kd", "Qh Qs", "Jc Js"}}
    for name, members in explicit.items():
        pattern = parse_pattern(name, TWO)
        assert all(pattern.matches(TWO, np.array([rank(hand)]))[0] for hand in members)
    assert not parse_pattern("A-K suited", TWO).matches(TWO, np.array([rank("Ah Kd")]))[0]
    assert not parse_pattern("pair of T down to 2", TWO).matches(TWO, np.array([rank("Jc Jd")]))[0]


@pytest.mark.parametrize("name, ranking, message", [
    ("A-K suited", "five_card", "does not tell suited hands"),
    ("pair of 2 down to T", "two_card", "not a range"),
    ("pair of A suited", "two_card", "no 2-card hand"),
    ("A-K-Q", "two_card", "names 3 ranks"),
])
def test_names_that_name_no_hand_are_refused(name, ranking, message):
    with pytest.raises(PatternError, match=message):
        parse_pattern(name, load_ranking(ranking))


def test_alternatives_on_other_rankings():
    five = load_ranking("five_card")
    pattern = parse_pattern("pair of K, Q or J", five)
    assert int(pattern.matches(five, five.table).sum()) == 3 * 84480
    three = load_ranking("three_card")
    # A-K and a third card of 2 to J (A-K-Q is a straight), not all of one suit: 10 ranks x (64 - 4)
    assert int(parse_pattern("A-K", three).matches(three, three.table).sum()) == 10 * 60


def test_the_simulator_values_two_card_hands_as_the_ranking_orders_them():
    values = simulated.evaluate(HANDS, "two_card")
    order = np.argsort(TWO.table, kind="stable")
    assert (np.diff(values[order]) >= 0).all()                    # the same order ...
    assert all((values[i] == values[j]) == (TWO.table[i] == TWO.table[j])   # ... and the same ties
               for i, j in subsets(range(0, 1326, 37), 2))
