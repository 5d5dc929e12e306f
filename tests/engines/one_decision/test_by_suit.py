"""Counting by suit, as a specification: the dealer hands below a value, for a ranking that decomposes by suit.

A hand ranks below a value t exactly when each of its suits does, so the dealer's D cards from the unseen
cards rank below t in as many ways as the coefficient of x^D in the product over the four suits of
sum_d N(U_s, d, t) x^d, N counting the d-subsets of the suit's unseen ranks U_s below t. Checked here
against a plain count over every dealer hand for sampled player hands, and a whole reduced game (four
cards against four) against the generic enumeration of every dealer hand by inclusion-exclusion.
"""

from __future__ import annotations

import dataclasses
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import combinations
from analyzer.core.isomorphism import canonical_keys, suit_masks
from analyzer.core.ranking import load_ranking
from analyzer.core.ranking import SuitRanking
from analyzer.engines.one_decision import enumeration
from analyzer.engines.one_decision.by_suit import class_cards, count_below, subset_values
from analyzer.games.patterns import parse_pattern
from analyzer.games.rules import load_game

FLUSH = load_ranking("longest_flush")
STRAIGHT = load_ranking("longest_straight_flush")
QUALIFIER = parse_pattern("three-card flush of 9 or better", FLUSH).lowest_rank(FLUSH)


def test_the_sorted_values_of_every_subset_of_unseen_ranks():
    table = subset_values(FLUSH, 7)
    every = np.arange(1 << 13)
    sizes = np.array([bin(subset).count("1") for subset in every.tolist()])
    for unseen in (0, 0b1, 0b1010110011001, (1 << 13) - 1):
        for size in range(8):
            subsets = every[(every & unseen == every) & (sizes == size)]
            found = table.values[table.starts[unseen, size]:table.starts[unseen, size + 1]]
            assert found.tolist() == sorted(FLUSH.suit_values[subsets].tolist())


def plain_below(ranking, player: np.ndarray, dealer_cards: int, thresholds: list[int]) -> list[int]:
    """Every dealer hand of the unseen cards, ranked one by one by the ranking, counted below each threshold."""
    unseen = np.setdiff1d(np.arange(52), player)
    values = ranking.evaluate(unseen[combinations(len(unseen), dealer_cards)]) if dealer_cards == ranking.cards \
        else ranking.suit_values[suit_masks(unseen[combinations(len(unseen), dealer_cards)])].max(axis=1)
    return [int((values < threshold).sum()) for threshold in thresholds]


@pytest.mark.slow  # about 4 s: every dealer hand of 3, 4 and 5 cards for 20 player hands, both rankings
def test_counts_equal_a_plain_loop_over_every_dealer_hand():
    rng = np.random.default_rng(7)
    for ranking in (FLUSH, STRAIGHT):
        for dealer_cards, samples in ((3, 12), (4, 6), (5, 2)):
            table = subset_values(ranking, dealer_cards)
            players = np.sort(np.argsort(rng.random((samples, 52)), axis=1)[:, :7], axis=1)
            values = ranking.evaluate(players)
            thresholds = np.stack([values, values + 1, np.full(samples, QUALIFIER if ranking is FLUSH else
                                                             ranking.span * 2)], axis=1)
            counted = count_below(table, suit_masks(players), thresholds)
            for row, player in enumerate(players):
                assert counted[row].tolist() == plain_below(ranking, player, dealer_cards, thresholds[row].tolist())


def test_seven_against_seven_for_sampled_hands_by_the_suit_counts_of_the_dealer():
    """Seven dealer cards, counted a second way: over the dealer's split of seven cards into four suit
    lengths, the product of the four suits' plain counts of subsets below the value."""
    table = subset_values(FLUSH, 7)
    rng = np.random.default_rng(11)
    players = np.sort(np.argsort(rng.random((4, 52)), axis=1)[:, :7], axis=1)
    counted = count_below(table, suit_masks(players), FLUSH.evaluate(players)[:, None])
    for player, found in zip(players, counted[:, 0], strict=True):
        threshold = FLUSH.rank_of(player)
        per_suit = []
        for mask in suit_masks(player[None])[0]:
            unseen = [rank for rank in range(13) if not mask >> rank & 1]
            rows = [0] * 8
            for size in range(8):
                for chosen in combinations(len(unseen), size).tolist() if size else [[]]:
                    subset = sum(1 << unseen[index] for index in chosen)
                    rows[size] += FLUSH.suit_values[subset] < threshold
            per_suit.append(rows)
        total = sum(per_suit[0][a] * per_suit[1][b] * per_suit[2][c] * per_suit[3][7 - a - b - c]
                    for a in range(8) for b in range(8 - a) for c in range(8 - a - b))
        assert int(found) == total


def test_a_whole_reduced_game_equals_the_generic_enumeration():
    """Four cards against four on the longest flush of four cards: every class's six outcome counts by
    suit equal those of the generic path (every dealer hand, inclusion-exclusion over the player's cards)."""
    four = SuitRanking.declared("longest_flush_of_four", {"kind": "flush_length", "cards": 4, "title": "four"})
    rules = dataclasses.replace(load_game("highcardflush"), ranking=four, player_cards=4, dealer_cards=4,
                                dealer_qualifies=parse_pattern("two_card_flush of 9 or better", four))
    by_suit = enumeration.enumerate_situations(rules, progress=False)
    generic = enumeration._closed_dealer(rules, jobs=1, progress=False)
    assert by_suit.cycle == generic.cycle == comb(52, 4) * comb(48, 4)
    order = dict(zip(canonical_keys(generic.cards).tolist(), range(len(generic.weights)), strict=True))
    matched = [order[key] for key in canonical_keys(by_suit.cards).tolist()]
    assert (generic.weights[matched] == by_suit.weights).all()
    assert (generic.outcome_counts[matched] == by_suit.outcome_counts).all()
    assert (by_suit.outcome_counts.sum(axis=1) == comb(48, 4)).all()


def test_class_cards_list_each_class_in_card_order():
    assert class_cards(np.array([[0b11, 0, 0, 1 << 12]]), 3).tolist() == [[0, 4, 51]]
