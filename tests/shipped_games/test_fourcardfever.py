"""Four Card Fever: the dealer's six cards with one exposed, ties to the player, Ante Bonus, Player Bonus.

The fast counts (inclusion-exclusion per exposed card) are checked against a
plain loop over all 1,370,754 dealer completions for sampled player hands and
up-cards; the published figures (Wizard of Odds, Four Card Poker with the
up-card seen and ties to the player) are 2.79% of the ante and 1.30% of the
total wagered.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import combinations, parse_cards
from analyzer.core.isomorphism import canonical_keys
from analyzer.core.ranking import best_ranks_of, load_ranking
from analyzer.games.rules import OUTCOMES

pytestmark = pytest.mark.slow

FOUR = load_ranking("four_card")
CYCLE = comb(52, 5) * 47 * comb(46, 5)
DEALER_COMPLETIONS = comb(46, 5)


def test_the_cycle_counts_player_hand_up_card_and_dealer_rest(fourcardfever):
    assert fourcardfever.cycle == CYCLE == 167_439_136_344_480
    assert int(fourcardfever.situations.weights.sum()) == comb(52, 5) * 47
    assert (fourcardfever.situations.outcome_counts.sum(axis=1) == DEALER_COMPLETIONS).all()


def brute_force(hand: tuple[int, ...], up_card: int) -> tuple[int, int]:
    """(dealer completions the player ties or beats, completions that beat the player), by a plain loop."""
    rest = np.array([card for card in range(52) if card not in hand and card != up_card])
    hidden = rest[combinations(46, 5)]
    dealer = best_ranks_of(FOUR, np.sort(np.column_stack([hidden, np.full(len(hidden), up_card)]), axis=1))
    player = FOUR.best_rank_of(hand)
    return int((dealer <= player).sum()), int((dealer > player).sum())


SAMPLES = [
    ("As Ah Ad Ac Kd", "2c"), ("2d 3h 4s Ad Kh", "Ac"), ("Kd Qd Jd Td 9d", "Ac"), ("7d 7h 7s 2d 2h", "7c"),
    ("Kh Qs 8d 4h 2s", "Kc"), ("Ad Kd Qh Jh 9s", "Tc"), ("3d 3h 5s 5d 9h", "5c"), ("2d 4h 6s 8d Th", "Qc"),
    ("Ah Kh Qh Jh 2d", "Jc"), ("9s 8s 7s 6s 5s", "4c"),
]


@pytest.fixture(scope="module")
def class_of(fourcardfever):
    """(canonical key, up-card) -> class index, for up-cards in clubs as the enumeration fixes them."""
    situations = fourcardfever.situations
    keys = canonical_keys(situations.cards, fixed_suits=(0,))
    return {(int(key), int(up)): index for index, (key, up) in enumerate(zip(keys, situations.up_card, strict=True))}


def random_samples(count: int, seed: int = 7) -> list[tuple[tuple[int, ...], int]]:
    generator = np.random.default_rng(seed)
    samples = []
    for _ in range(count):
        up_card = 4 * int(generator.integers(13))
        others = [card for card in range(52) if card != up_card]
        samples.append((tuple(sorted(generator.choice(others, 5, replace=False).tolist())), up_card))
    return samples


@pytest.mark.parametrize("hand, up_card", [(tuple(sorted(parse_cards(h))), parse_cards(u)[0]) for h, u in SAMPLES]
                         + random_samples(12))
def test_fast_counts_equal_a_loop_over_every_dealer_completion(hand, up_card, fourcardfever, class_of):
    index = class_of[(int(canonical_keys(np.array([hand]), fixed_suits=(0,))[0]), up_card)]
    counts = dict(zip(OUTCOMES, fourcardfever.situations.outcome_counts[index].tolist(), strict=True))
    assert counts["no_qualify_win"] == counts["no_qualify_tie"] == counts["no_qualify_lose"] == 0  # no qualifier
    ahead_or_tied, behind = brute_force(hand, up_card)
    assert (counts["win"] + counts["tie"], counts["lose"]) == (ahead_or_tied, behind)


def test_published_house_edge_and_element_of_risk(fourcardfever):
    figures = fourcardfever.main_figures()
    assert round(float(figures["house_edge_per_ante"]) * 100, 2) == 2.79
    assert round(float(figures["element_of_risk"]) * 100, 2) == 1.30


def test_ties_go_to_the_player(fourcardfever):
    ante = fourcardfever.wager_table(fourcardfever.rules.wagers[0])
    ties = ante[ante["outcome"].str.contains("ties")]
    assert len(ties) and all(pays >= 1 for pays in ties["pays"])


def test_ante_bonus_is_paid_on_top_of_the_ante_only_when_playing(fourcardfever):
    ante = fourcardfever.wager_table(fourcardfever.rules.wagers[0])
    results = dict(zip(ante["outcome"], ante["pays"], strict=True))
    assert results["dealer beats the player: Ante Bonus: four of a kind"] == 25 - 1
    assert results["player beats the dealer: Ante Bonus: three of a kind"] == 2 + 1
    assert results["player folds"] == -1


def test_play_is_linear_so_2x_is_never_optimal(fourcardfever):
    assert fourcardfever.main_figures()["actions"]["play 2x"] == 0


def test_player_bonus_stays_in_action_on_a_fold(fourcardfever):
    bet = fourcardfever.rules.side_bets[0]
    table = fourcardfever.side_bet_table(bet, bet.paytables[bet.default_paytable])
    assert int(table["combinations"].sum()) == CYCLE
    four_of_a_kind = int(table.loc[table["outcome"] == "Four of a kind", "combinations"].iloc[0])
    assert four_of_a_kind == 624 * 47 * DEALER_COMPLETIONS  # every quad counts, folded or not


def test_posted_rule_has_thresholds_for_each_up_card_rank(fourcardfever):
    from analyzer.engines.one_decision.posted_rule import derive_posted_rule

    rule = derive_posted_rule(fourcardfever)
    assert len(rule.groups) == 13
    assert all(group.condition.startswith("dealer shows") for group in rule.groups)
    assert 0 <= rule.cost < Fraction(1, 1000)
