"""Side bets on card sets as a specification (``cards_from``, :mod:`analyzer.engines.card_sets`).

A bet paid on the best hand of a union of the deal's card sets depends on the union alone, an equally
likely k-card set in every deal, so each k-set is dealt cycle / C(52, k) times. The compiled count of
the best hand of every k-set is checked against the plain path (every set's sub-hands gathered from the
ranking's table) on whole problems, and the six-card counts against the known distribution of the best
five of six cards. A bet on two hands (the player's hole cards, the dealer's for its top line) counts
every pair of disjoint sets, checked against a plain loop over every dealer hand for sampled player
hands.

The shipped figures: Three Card Poker's 6-Card Bonus 1000-200-100-20-15-10-7 12816/149695 = 8.561408%
("just over 8.5%"; hit frequency 7.279822%, published 7.2%) and 1000-200-50-25-20-10-5 15306/149695 =
10.224790% (published 10.23%); Texas Hold'em Bonus's Bonus bet 13873/162435 = 8.540647% (no published
figure: a count by hand below).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import combinations
from analyzer.core.ranking import TIEBREAK_SPAN, best_ranks_of, load_ranking
from analyzer.engines import card_sets
from analyzer.engines.cache import enumeration_key
from analyzer.engines.registry import engine_for
from analyzer.engines.results import GameResults
from analyzer.games.errors import RulesError
from analyzer.games.rules import PaidOn, load_game
from analyzer.simulation.settlement import SideBetData

ROOT = Path(__file__).resolve().parents[2]
FIVE, THREE, TWO = load_ranking("five_card"), load_ranking("three_card"), load_ranking("two_card")
#: The best five-card hand of six cards, by category (high card up to straight flush), of C(52, 6) sets.
SIX_CARD_CATEGORIES = [6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844]


class Cycle(GameResults):
    """Only a cycle: all a bet on a card set needs of a game's analysis."""

    def __init__(self, rules, cycle: int):
        super().__init__(rules)
        self._cycle = cycle

    @property
    def cycle(self) -> int:
        return self._cycle


def plain_counts(ranking, size: int) -> np.ndarray:
    """Sets of ``size`` cards by the dense index of their best hand: every set's sub-hands gathered."""
    best = best_ranks_of(ranking, combinations(52, size))
    return np.bincount(np.searchsorted(ranking.distinct, best), minlength=len(ranking.distinct))


# -- counting every set ------------------------------------------------------------------------------------
@pytest.mark.parametrize("ranking, size", [(TWO, 2), (THREE, 3), (THREE, 4), (load_ranking("four_card"), 5),
                                           (TWO, 4), (THREE, 5)])   # the set itself, one card left out, more
def test_the_compiled_count_against_every_set_gathered(ranking, size):
    _, sets = card_sets.set_hand_counts(ranking, size)
    assert np.array_equal(sets, plain_counts(ranking, size))
    assert int(sets.sum()) == comb(52, size)


def test_best_five_of_six_by_category():
    ranks, sets = card_sets.set_hand_counts(FIVE, 6)
    categories = ranks // TIEBREAK_SPAN
    assert [int(sets[categories == index].sum()) for index in range(9)] == SIX_CARD_CATEGORIES
    assert int(sets[ranks == FIVE.distinct.max()][0]) == 188      # royal flushes: 4 x 47 sixth cards


def test_counts_are_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path))
    card_sets.set_hand_counts.cache_clear()
    first = card_sets.set_hand_counts(THREE, 4)
    saved = list(tmp_path.glob("card_sets-three_card-4-*/sets.npz"))
    assert len(saved) == 1
    card_sets.set_hand_counts.cache_clear()
    assert np.array_equal(card_sets.set_hand_counts(THREE, 4)[1], first[1])
    np.savez(saved[0], sets=np.ones(3, dtype=np.int64))       # a damaged entry is recomputed
    card_sets.set_hand_counts.cache_clear()
    assert np.array_equal(card_sets.set_hand_counts(THREE, 4)[1], first[1])
    card_sets.set_hand_counts.cache_clear()


def test_pairs_of_hands_against_a_plain_loop_over_every_dealer_hand():
    counts = card_sets.pair_counts(TWO, 2, 2)
    assert int(counts.sum()) == comb(52, 2) * comb(50, 2)
    dense = np.searchsorted(TWO.distinct, TWO.table)
    hands = combinations(52, 2)
    for index in np.random.default_rng(23).choice(len(hands), 12, replace=False):
        mine = set(hands[index].tolist())
        row = np.zeros(len(TWO.distinct), dtype=np.int64)
        for other, cards in enumerate(hands.tolist()):
            if not mine & set(cards):
                row[dense[other]] += 1
        assert int(row.sum()) == comb(50, 2)
        # the hands of one two-card rank are one suit class: each has this row, and the counts add them up
        assert np.array_equal(counts[dense[index]], row * int((dense == dense[index]).sum()))


def test_sizes_past_the_bounds_are_refused_in_one_line():
    with pytest.raises(RulesError, match="more than the"):
        card_sets.pair_counts(FIVE, 5, 5)
    with pytest.raises(RulesError, match="look-ups"):
        card_sets.set_hand_counts(FIVE, 9)
    with pytest.raises(RulesError, match="equally often"):
        card_sets.per_set(10, 3, "mine.toml")


# -- the shipped bets ----------------------------------------------------------------------------------------
def test_six_card_bonus(threecard):
    bet = next(b for b in threecard.rules.side_bets if b.name == "six_card_bonus")
    assert bet.paid_on == PaidOn(cards_from=("player", "dealer"), set_cards=6)
    figures = threecard.side_bet_figures()["six_card_bonus"]
    assert figures["1000-200-100-20-15-10-7"]["house_edge"] == Fraction(12816, 149695)
    assert figures["1000-200-50-25-20-10-5"]["house_edge"] == Fraction(15306, 149695)
    assert round(float(figures["1000-200-100-20-15-10-7"]["house_edge"]) * 100, 3) == 8.561   # "just over 8.5%"
    assert figures["1000-200-100-20-15-10-7"]["hit_frequency"] == Fraction(1482064, 20358520)
    table = threecard.side_bet_table(bet, bet.paytables[bet.default_paytable])
    per_set = threecard.cycle // comb(52, 6)
    assert per_set == 20 and list(table["combinations"])[:-1] == [per_set * n for n in
                                                                  (188, 1656, 14664, 165984, 205792, 361620, 732160)]
    assert int(table["combinations"].sum()) == threecard.cycle
    assert threecard.side_bet_figures()["pair_plus"]["40-30-6-3-1"]["house_edge"] == Fraction(402, 5525)


def bonus_by_hand() -> Fraction:
    """The Bonus bet's return counted by hand over the 1,326 x 1,225 pairs of hole cards."""
    pairs = 1326 * 1225
    aces_both = 6 * 1                                   # the dealer holds the other two aces
    paying = {30: 6 * 1225 - aces_both, 25: 4 * 1225, 20: 8 * 1225, 15: 12 * 1225, 10: 18 * 1225, 5: 24 * 1225,
              3: 54 * 1225, 1000: aces_both}
    losing = pairs - sum(paying.values())
    return Fraction(sum(pay * count for pay, count in paying.items()) - losing, pairs)


def test_bonus_bet(thb):
    bet = thb.rules.side_bets[0]
    assert (bet.ranking.name, bet.paid_on.hand_of, bet.paid_on.set_cards, bet.paid_on.dealer_set_cards) == \
        ("two_card", "both", 2, 2)
    edge = thb.side_bet_figures()["bonus"]["1000-30-25-20-15-10-5-3"]["house_edge"]
    assert edge == -bonus_by_hand() == Fraction(13873, 162435)
    table = thb.side_bet_table(bet, bet.paytables[bet.default_paytable])
    assert int(table["combinations"].sum()) == thb.cycle
    assert thb.main_figures()["house_edge_per_ante"] == Fraction(578107733, 28381438800)   # unchanged


def test_a_side_bet_leaves_the_committed_thb_counts_in_use():
    rules = load_game("thb")
    assert engine_for(rules).committed_apply(rules)
    assert enumeration_key(rules) == enumeration_key(replace(rules, side_bets=()))


def test_the_users_bet_on_the_player_and_the_up_card():
    rules = load_game("caribbean", paytable_files=(ROOT / "examples" / "caribbean-six-card-bonus.toml",))
    bet = next(b for b in rules.side_bets if b.name == "up_card_bonus")
    assert bet.paid_on.cards_from == ("player", "dealer_up") and bet.paid_on.set_cards == 6
    cycle = comb(52, 5) * 47 * comb(46, 4)
    results = Cycle(rules, cycle)
    counts = results.line_combinations(bet.ranking, bet.paytables[bet.default_paytable], bet.paid_on)
    assert counts == [cycle // comb(52, 6) * n for n in (188, 1656, 14664, 165984, 205792, 361620, 732160)]


# -- the rules language -----------------------------------------------------------------------------------
def write(tmp_path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text('game = "threecard"\n[side_bets.mine]\ntitle = "Mine"\nranking = "five_card"\n'
                    'default_paytable = "t"\nlines = [{ hand = "flush or better" }]\npaytables.t = { pays = [5] }\n'
                    + text)
    return path


@pytest.mark.parametrize("text, message", [
    ('cards_from = ["player", "player"]', "names a card set twice"),
    ('cards_from = ["dealer_up"]', "deals no dealer's up-cards|paid on has 0"),
    ('cards_from = ["player"]', "3 cards make no five-card poker hand|paid on has 3"),
    ('cards_from = ["player", "dealer"]\nhand_of = "dealer"', "instead of hand_of"),
    ('cards_from = ["player", "dealer"]\nhand_of = "both"', "names only the player's cards"),
    ('cards_from = ["player", "table"]', "must be one of player, dealer, dealer_up, community"),
])
def test_card_sets_that_cannot_be_counted_are_refused_in_one_line(tmp_path, text, message):
    with pytest.raises(RulesError, match=message) as error:
        load_game("threecard", paytable_files=(write(tmp_path, text),))
    assert "\n" not in str(error.value)


def test_the_simulator_settles_the_bets_as_counted():
    """The simulator's own evaluator on the same cards: the 6-Card Bonus over random deals, and the Bonus
    bet's pay on every pair of hands of a sample, against the exact line of each."""
    rules = load_game("threecard")
    bet = next(b for b in rules.side_bets if b.name == "six_card_bonus")
    deck = np.random.default_rng(6).permuted(np.tile(np.arange(52), (2000, 1)), axis=1)
    player, dealer = deck[:, :3], deck[:, 3:6]
    simulated = SideBetData.of(bet).results(player, deck[:, :0], dealer=dealer)
    exact = bet.paytables[bet.default_paytable].line_index(FIVE, best_ranks_of(FIVE, np.sort(deck[:, :6], axis=1)))
    pays = np.array([float(line.pays) for line in bet.paytables[bet.default_paytable].lines] + [-1.0])
    assert np.array_equal(simulated, pays[exact])
    thb = load_game("thb")
    bonus = thb.side_bets[0]
    deck = np.random.default_rng(2).permuted(np.tile(np.arange(52), (3000, 1)), axis=1)
    deck[:10, :4] = [[48, 49, 50, 51]] * 10                     # both hold a pair of aces
    player, dealer = np.sort(deck[:, :2], axis=1), np.sort(deck[:, 2:4], axis=1)
    table = bonus.paytables[bonus.default_paytable]
    exact = table.line_index(TWO, TWO.table[player[:, 0] + player[:, 1] * (player[:, 1] - 1) // 2],
                             TWO.table[dealer[:, 0] + dealer[:, 1] * (dealer[:, 1] - 1) // 2])
    pays = np.array([float(line.pays) for line in table.lines] + [-1.0])
    simulated = SideBetData.of(bonus).results(player, deck[:, :0], dealer=dealer)
    assert np.array_equal(simulated, pays[exact]) and simulated[0] == 1000
