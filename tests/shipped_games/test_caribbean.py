"""Caribbean Stud Poker, as a specification: five cards each, one dealer card seen, Ante and a 2x
Raise paid by its table when the dealer qualifies (ace-king or better) and the player's hand is
higher; counts checked by a plain loop over every dealer completion; the published figures.

Settlement (per unit of each wager; see analyzer/games/data/games/caribbean.toml):

=====================  ====================  ================  =====  =====
wager                  dealer not qualified  win               tie    lose
=====================  ====================  ================  =====  =====
Ante                   +1                    +1                0      -1
Raise (2x the Ante)    0                     its table's pay   0      -1
=====================  ====================  ================  =====  =====

Raise table: royal flush 100, straight flush 50, four of a kind 20, full house 7, flush 5,
straight 4, three of a kind 3, two pair 2, pair or high card 1. A fold loses the Ante.

Published (Wizard of Odds, Caribbean Stud, perfect strategy): total loss 1,041,372,912,372 over
the 19,933,230,517,200 deals, house edge 5.224% per ante, element of risk 2.555% (GUIDE.md §2c
writes 2.556%; the exact figure is 2.5553%, and the Wizard's own strategy table gives 2.555%).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import ACE, combinations, parse_cards
from analyzer.core.isomorphism import canonical_keys
from analyzer.core.ranking import TIEBREAK_SPAN
from analyzer.engines.one_decision.posted_rule import derive_posted_rule
from analyzer.games.rules import OUTCOMES, load_game
from analyzer.games.settlement import settle

RULES = load_game("caribbean")
FIVE = RULES.ranking
KING = ACE - 1
DEALER_COMPLETIONS = comb(46, 4)
CYCLE = comb(52, 5) * 47 * DEALER_COMPLETIONS
F = Fraction

#: The Raise table by the player's category (a royal flush is the ace-high straight flush).
RAISE_PAYS = {"straight_flush": 50, "four_of_a_kind": 20, "full_house": 7, "flush": 5, "straight": 4,
              "three_of_a_kind": 3, "two_pair": 2, "pair": 1, "high_card": 1}
ROYAL_PAYS = 100


def rank(text: str) -> int:
    return FIVE.rank_of(parse_cards(text))


# -- the rules, hand by hand -----------------------------------------------------------------
def test_the_dealer_qualifies_with_ace_king_or_better():
    qualifier = RULES.dealer_qualifies
    hands = ["Ac Kd 4h 3s 2c", "Ac Qd Jh Ts 8c", "2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c", "Kc Qd Jh Ts 8c"]
    assert qualifier.text == "high_card of A-K or better"
    assert qualifier.matches(FIVE, np.array([rank(t) for t in hands])).tolist() == [True, False, True, True, False]


def test_hands_compare_down_to_the_fifth_card():
    assert rank("Ac Kd 9h 7s 3c") > rank("Ad Kc 9s 7h 2d")
    assert rank("Ac Kd 9h 7s 3c") == rank("Ad Kc 9s 7h 3d")
    assert rank("Ac 2d 3h 4s 5c") < rank("2c 3d 4h 5s 6c")


def test_a_raise_with_a_flush_against_a_qualifying_dealer_pays_5_on_each_of_its_2_units():
    raise_ = RULES.raise_wager
    assert [o.multiple for o in RULES.play] == [2] and raise_.paytable_outcomes == ("win",)
    flush, royal = 4, 0  # the table's lines
    per_unit = settle(raise_, np.array([flush, royal]), 1)
    assert dict(zip(OUTCOMES, per_unit[0].tolist(), strict=True)) == {
        "no_qualify_win": 0, "no_qualify_tie": 0, "no_qualify_lose": 0, "win": 5, "tie": 0, "lose": -1}
    assert per_unit[1].tolist() == [0, 0, 0, 100, 0, -1]
    ante = settle(RULES.wagers[0], np.array([-1]), 1)[0].tolist()
    assert ante == [1, 1, 1, 1, 0, -1]
    assert ante[OUTCOMES.index("win")] + 2 * per_unit[0][OUTCOMES.index("win")] == 11  # the round's net


# -- a plain loop over every dealer completion -----------------------------------------------
def plain_outcomes(hand: tuple[int, ...], up_card: int) -> dict[str, int]:
    """Dealer completions in each outcome: all C(46, 4) hidden cards beside the up-card, each dealer hand
    ranked directly, the qualifier read from the rules (a pair or better, or an ace and a king)."""
    rest = np.array([card for card in range(52) if card not in hand and card != up_card])
    dealer_cards = np.sort(np.column_stack([rest[combinations(46, 4)], np.full(DEALER_COMPLETIONS, up_card)]), axis=1)
    dealer = FIVE.evaluate(dealer_cards)
    ranks = dealer_cards // 4
    qualifies = (dealer // TIEBREAK_SPAN > 0) | ((ranks == ACE).any(axis=1) & (ranks == KING).any(axis=1))
    player = FIVE.rank_of(hand)
    counts = {}
    for prefix, here in (("no_qualify_", ~qualifies), ("", qualifies)):
        counts[f"{prefix}win"] = int((here & (dealer < player)).sum())
        counts[f"{prefix}tie"] = int((here & (dealer == player)).sum())
        counts[f"{prefix}lose"] = int((here & (dealer > player)).sum())
    return {outcome: counts[outcome] for outcome in OUTCOMES}


def plain_raise_value(hand: tuple[int, ...], counts: dict[str, int]) -> Fraction:
    """EV per ante of raising, settled by the written rules."""
    player = FIVE.rank_of(hand)
    royal = FIVE.category_name(player) == "straight_flush" and FIVE.primary_rank(player) == ACE
    pays = ROYAL_PAYS if royal else RAISE_PAYS[FIVE.category_name(player)]
    per_outcome = {"no_qualify_win": 1, "no_qualify_tie": 1, "no_qualify_lose": 1,
                   "win": 1 + 2 * pays, "tie": 0, "lose": -1 - 2}
    return F(sum(count * per_outcome[outcome] for outcome, count in counts.items()), DEALER_COMPLETIONS)


SAMPLES = [  # (player hand, dealer up-card: a club, as the enumeration fixes it)
    ("Ah Kd Jh 8s 3d", "2c"), ("Ah Kd Jh 8s 3d", "8c"), ("Ah Kd Qh 5s 2d", "3c"), ("Ah Kd 4h 3s 2d", "Kc"),
    ("2h 2d 5h 7s 9d", "Ac"), ("Ah Qd Jh Ts 8d", "5c"), ("Ah Kh Qh Jh Th", "9c"), ("As Ad Ah Kd Ks", "Ac"),
    ("5d 6d 7d 8d 9d", "4c"), ("Ks Kd 3h 3s 7d", "Kc"),
]


def random_deals(count: int, seed: int = 11) -> list[tuple[tuple[int, ...], int]]:
    """Random deals (player hand, up-card of any suit), relabelled so that the up-card is a club:
    swapping two suits changes no count."""
    deals = []
    for deal in np.random.default_rng(seed).permuted(np.tile(np.arange(52), (count, 1)), axis=1)[:, :6]:
        up_suit = int(deal[0]) % 4
        swapped = [card - card % 4 + {0: up_suit, up_suit: 0}.get(card % 4, card % 4) for card in deal.tolist()]
        deals.append((tuple(sorted(swapped[1:])), swapped[0]))
    return deals


@pytest.fixture(scope="module")
def class_of(caribbean):
    """(canonical key with clubs fixed, up-card) -> class index."""
    situations = caribbean.situations
    keys = canonical_keys(situations.cards, fixed_suits=(0,))
    return {(int(key), int(up)): index for index, (key, up) in enumerate(zip(keys, situations.up_card, strict=True))}


@pytest.mark.slow  # the full analysis: about a minute on two cores
@pytest.mark.parametrize("hand, up_card", [(tuple(sorted(parse_cards(h))), parse_cards(u)[0]) for h, u in SAMPLES]
                         + random_deals(6))
def test_counts_and_values_equal_a_loop_over_every_dealer_completion(hand, up_card, caribbean, class_of):
    index = class_of[(int(canonical_keys(np.array([hand]), fixed_suits=(0,))[0]), up_card)]
    counts = plain_outcomes(hand, up_card)
    assert dict(zip(OUTCOMES, caribbean.situations.outcome_counts[index].tolist(), strict=True)) == counts
    decisions = caribbean.decisions  # totals: the sums over the class's dealer completions, times scale
    fold, raise_ = (F(int(total), DEALER_COMPLETIONS * decisions.scale) for total in decisions.totals[index])
    assert fold == -1 and raise_ == plain_raise_value(hand, counts)
    assert caribbean.chosen_multiple[index] == (2 if raise_ > -1 else 0)


@pytest.mark.slow  # the full analysis: about a minute on two cores
def test_totals_add_up_to_the_cycle(caribbean):
    assert caribbean.cycle == CYCLE == 19_933_230_517_200
    assert int(caribbean.situations.weights.sum()) == comb(52, 5) * 47
    assert (caribbean.situations.outcome_counts.sum(axis=1) == DEALER_COMPLETIONS).all()
    assert sum(caribbean.return_table()["combinations"]) == CYCLE
    for wager in RULES.wagers:
        assert sum(caribbean.wager_table(wager)["combinations"]) == CYCLE


@pytest.mark.slow  # the full analysis: about a minute on two cores
def test_the_raise_table_pays_only_on_a_win(caribbean):
    rows = dict(zip(*(caribbean.wager_table(RULES.raise_wager)[column] for column in ("outcome", "pays")), strict=True))
    assert rows["play 2x: player beats the dealer: Flush"] == 10
    assert rows["play 2x: dealer does not qualify, player's hand higher: Flush"] == 0
    assert rows["play 2x: dealer beats the player: Flush"] == -2
    assert rows["play 2x: player beats the dealer: Royal flush"] == 200
    assert caribbean.return_table()["net"].max() == 201


@pytest.mark.slow  # the full analysis: about a minute on two cores
# -- the published figures -------------------------------------------------------------------
def test_published_house_edge_and_element_of_risk(caribbean):
    figures = caribbean.main_figures()
    assert -figures["house_edge_per_ante"] * CYCLE == -1_041_372_912_372  # the Wizard's total loss, exactly
    assert round(float(figures["house_edge_per_ante"]) * 100, 3) == 5.224
    assert round(float(figures["element_of_risk"]) * 100, 3) == 2.555


@pytest.mark.slow  # the full analysis: about a minute on two cores
def test_raise_with_any_pair_and_fold_below_ace_king(caribbean):
    situations, played = caribbean.situations, caribbean.chosen_multiple > 0
    pair_or_better = situations.best_rank // TIEBREAK_SPAN > 0
    ace_king = RULES.dealer_qualifies.matches(FIVE, situations.best_rank)
    assert played[pair_or_better].all() and not played[~ace_king].any()
    assert played[ace_king & ~pair_or_better].any() and not played[ace_king & ~pair_or_better].all()


@pytest.mark.slow  # the full analysis: about a minute on two cores
def test_posted_rule_by_up_card(caribbean):
    rule = derive_posted_rule(caribbean)
    assert len(rule.groups) == 13 and all(len(group.rows) == 1 for group in rule.groups)
    assert rule.groups[0].text == "dealer shows a two: play 2x with A-K-J or better; fold the rest"
    assert 0 < rule.cost < F(1, 1000)
