"""High Card Flush, as a specification: seven cards against seven, ranked by the longest flush, and its two
side bets; the exact figures and the published ones they round to.

Settlement (per unit of each wager; see analyzer/games/data/games/highcardflush.toml):

=====================  ====================  =====  =====  =====
wager                  dealer not qualified  win    tie    lose
=====================  ====================  =====  =====  =====
Ante                   +1                    +1     0      -1
Raise (1x, 2x, 3x)     0                     +1     0      -1
=====================  ====================  =====  =====  =====

The Raise is exactly 1x with a longest flush of 2 to 4 cards, 1x or 2x with 5, up to 3x with 6 or 7. The
dealer qualifies with a three-card flush 9-3-2 or better. Flush Bonus 300-100-10-1 on seven to four
cards; Straight Flush Bonus 8000-1000-100-60-7 on a run of seven to three. Published (GUIDE §2d): the
optimal player raises 67.86% of hands, the dealer qualifies 75.36%, pushes 0.08%; Gordon Michaels'
advanced (not optimal) strategy 2.6855% per ante, so the optimum is a little lower.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import numpy as np
import pytest

from analyzer.core.ranking import load_ranking
from analyzer.core.ranking import longest_runs, popcounts
from analyzer.games.rules import load_game

RULES = load_game("highcardflush")
FLUSH = RULES.ranking
HANDS = comb(52, 7)
CYCLE = HANDS * comb(45, 7)
EDGE = Fraction(1348050875653, 50592437455560)


def flush_lengths() -> dict[int, int]:
    """Seven-card hands by their longest flush: the suit lengths and the ranks of each suit, multiplied."""
    counts: dict[int, int] = {}
    for lengths in product(range(8), repeat=4):
        if sum(lengths) == 7:
            ways = 1
            for length in lengths:
                ways *= comb(13, length)
            counts[max(lengths)] = counts.get(max(lengths), 0) + ways
    return counts


def straight_flush_lengths() -> dict[int, int]:
    """Seven-card hands by their longest straight flush: hands with every suit's run at most L are the
    coefficient of x^7 in (sum over sets of ranks with runs at most L of x^size)^4; differences give each L."""
    runs, sizes = longest_runs(np.arange(1 << 13)), popcounts()
    at_most = []
    for longest in range(8):
        suit = np.bincount(sizes[runs <= longest], minlength=14)[:8].astype(object)
        hands = np.array([1] + [0] * 7, dtype=object)
        for _ in range(4):
            hands = np.convolve(hands, suit)[:8]
        at_most.append(int(hands[7]))
    return {longest: at_most[longest] - at_most[longest - 1] for longest in range(1, 8)}


def edge(pays: dict[int, int], counts: dict[int, int]) -> Fraction:
    return -Fraction(sum(counts[length] * (pays.get(length, -1)) for length in counts), HANDS)


def test_the_rules_as_data():
    assert [(option.multiple, option.requires.text if option.requires else None) for option in RULES.play] == [
        (1, None), (2, "five_card_flush or better"), (3, "six_card_flush or better")]
    assert FLUSH.describe(RULES.dealer_qualifies.lowest_rank(FLUSH)) == "three card flush 9-3-2"
    assert sum(flush_lengths().values()) == sum(straight_flush_lengths().values()) == HANDS


def test_side_bet_edges_by_plain_counting():
    assert edge({7: 300, 6: 100, 5: 10, 4: 1}, flush_lengths()) == Fraction(200861, 2572780)   # 7.807158%
    assert edge({7: 8000, 6: 1000, 5: 100, 4: 60, 3: 7}, straight_flush_lengths()) == \
        Fraction(4376891, 33446140)                                                             # 13.086386%


@pytest.mark.slow  # the session's full analysis: about half a minute on two cores
def test_totals_add_up_to_the_cycle(highcardflush):
    situations = highcardflush.situations
    assert situations.cycle == CYCLE == 6_071_092_494_667_200
    assert (situations.outcome_counts.sum(axis=1) == comb(45, 7)).all()
    assert highcardflush.return_table()["combinations"].sum() == CYCLE


@pytest.mark.slow  # the session's full analysis
def test_exact_figures_round_to_the_published_ones(highcardflush):
    figures = highcardflush.main_figures()
    assert figures["house_edge_per_ante"] == EDGE                                     # 2.664530%
    assert EDGE < Fraction(26855, 1_000_000)                                          # below Michaels' 2.6855%
    raised = 1 - figures["actions"]["fold"]
    assert raised == Fraction(246713, 363545) and round(float(raised) * 100, 2) == 67.86
    situations = highcardflush.situations
    weights = situations.weights.astype(object)
    not_qualified = sum(weights * situations.outcome_counts[:, :3].sum(axis=1).astype(object))
    qualified = 1 - Fraction(int(not_qualified), CYCLE)
    assert round(float(qualified) * 100, 2) == 75.36
    table = highcardflush.return_table()
    pushes = Fraction(int(table.loc[table["net"] == 0, "combinations"].sum()), CYCLE)
    assert pushes == Fraction(17707341721, 21080182273150) and round(float(pushes) * 100, 2) == 0.08


@pytest.mark.slow  # the session's full analysis
def test_side_bets_equal_plain_counting(highcardflush):
    bets = highcardflush.side_bet_figures()
    assert bets["flush_bonus"]["300-100-10-1"]["house_edge"] == edge({7: 300, 6: 100, 5: 10, 4: 1}, flush_lengths())
    assert bets["straight_flush_bonus"]["8000-1000-100-60-7"]["house_edge"] == \
        edge({7: 8000, 6: 1000, 5: 100, 4: 60, 3: 7}, straight_flush_lengths())


@pytest.mark.slow  # the session's full analysis
def test_the_optimal_strategy_raises_by_length(highcardflush):
    ranges = highcardflush.strategy_ranges()
    assert ranges["decision"].tolist()[:3] == ["play 3x", "play 2x", "play 1x"]
    assert ranges["down to (weakest)"].tolist()[:2] == ["six card flush 7-6-5-4-3-2", "five card flush 6-5-4-3-2"]
    assert ranges["decision"].tolist()[-1] == "fold"
    assert ranges["from (strongest)"].tolist()[-1] == "three card flush 9-8-7"   # every 9-high three-flush folds
    assert load_ranking("longest_flush") is FLUSH
