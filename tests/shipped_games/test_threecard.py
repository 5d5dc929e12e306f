"""Three Card Poker, as a specification: the three-card ranking, settlement by outcome, the Ante
Bonus and Pair Plus, counts checked by a plain loop over every dealer hand, and the published figures.

Settlement (per unit of each wager; see analyzer/games/data/games/threecard.toml):

=====================  ====================  =====  =====  =====
wager                  dealer not qualified  win    tie    lose
=====================  ====================  =====  =====  =====
Ante                   +1                    +1     0      -1
Play                   0                     +1     0      -1
Ante Bonus (played)    straight flush +5, three of a kind +4, straight +1, whatever the dealer holds
=====================  ====================  =====  =====  =====

The dealer qualifies with queen-high or better. A fold loses the Ante; Pair Plus is paid on the
player's three cards alone. Published (Wizard of Odds): 3.37% per ante, element of risk 2.01%,
play Q-6-4 or better; Pair Plus 40-30-6-3-1 7.28%, 40-30-6-4-1 2.32%.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations as subsets
from math import comb

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.core.isomorphism import canonical_keys
from analyzer.engines.base import Run
from analyzer.engines.one_decision.posted_rule import derive_posted_rule
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy_files import (
    evaluate_strategy,
    load_strategy,
)
from analyzer.engines.registry import engine_for
from analyzer.games.rules import OUTCOMES, load_game
from analyzer.games.settlement import settle

RULES = load_game("threecard")
THREE = RULES.ranking
DEALER_HANDS = comb(49, 3)
CYCLE = comb(52, 3) * DEALER_HANDS
QUEEN = 10
F = Fraction


def rank(text: str) -> int:
    return THREE.rank_of(parse_cards(text))


def wager(name: str):
    return next(w for w in RULES.wagers if w.name == name)


# -- the hands -------------------------------------------------------------------------------
def test_hands_rank_as_the_rules_say():
    assert rank("2c 3d 4h") > rank("Ah Kh Jh")   # a straight beats a flush
    assert rank("Ac 2d 3h") < rank("2c 3d 4h")   # A-2-3 is the lowest straight
    assert rank("Qc Kd Ah") > rank("Jc Qd Kh")   # Q-K-A the highest
    assert rank("Qs 6d 4h") > rank("Qs 6d 3h") > rank("Js Td 8h")
    assert rank("Qs 6d 4h") == rank("Qh 6c 4s")  # suits never break ties


def test_the_dealer_qualifies_with_queen_high():
    qualifier = RULES.dealer_qualifies
    ranks = np.array([rank(t) for t in ["Qc 3d 2h", "Jc Td 8h", "2c 2d 3h", "Ac 2d 4h"]])
    assert qualifier.text == "high_card of Q or better"
    assert qualifier.matches(THREE, ranks).tolist() == [True, False, True, True]


def test_each_wager_settles_as_the_rules_say():
    # Paid lines: 0 straight flush, 1 three of a kind, 2 straight; -1 nothing.
    ante = settle(wager("ante"), np.array([0, 1, 2, -1]), 1)
    assert dict(zip(OUTCOMES, ante[3].tolist(), strict=True)) == {  # no Ante Bonus line: the Ante alone
        "no_qualify_win": 1, "no_qualify_tie": 1, "no_qualify_lose": 1, "win": 1, "tie": 0, "lose": -1}
    assert ante[0].tolist() == [6, 6, 6, 6, 5, 4]       # straight flush: Ante Bonus 5 on top, even when losing
    assert ante[1].tolist() == [5, 5, 5, 5, 4, 3]       # three of a kind: 4 on top
    assert ante[2].tolist() == [2, 2, 2, 2, 1, 0]       # straight: 1 on top
    play = settle(wager("play"), np.array([-1]), 1)
    assert play[0].tolist() == [0, 0, 0, 1, 0, -1]
    assert wager("ante").on_fold == -1 and wager("play").on_fold == 0


def test_pair_plus_tables():
    bet = RULES.side_bets[0]
    assert bet.default_paytable == "40-30-6-3-1"
    assert {name: [line.pays for line in table.lines] for name, table in bet.paytables.items()} == {
        "40-30-6-3-1": [40, 30, 6, 3, 1], "40-30-6-4-1": [40, 30, 6, 4, 1]}


# -- a plain loop over every dealer hand -----------------------------------------------------
def plain_key(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, tiebreak) of a three-card hand, from the rules alone: categories 0 high card,
    1 pair, 2 flush, 3 straight, 4 three of a kind, 5 straight flush."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    counts = Counter(ranks)
    if len(counts) == 3 and (ranks[0] - ranks[2] == 2 or ranks == [12, 1, 0]):
        top = 1 if ranks == [12, 1, 0] else ranks[0]
        return (5 if flush else 3), (top,)
    if len(counts) == 1:
        return 4, (ranks[0],)
    if len(counts) == 2:
        pair = max(counts, key=counts.get)
        return 1, (pair, min(counts, key=counts.get))
    return (2 if flush else 0), tuple(ranks)


def plain_outcomes(hand: tuple[int, ...]) -> dict[str, int]:
    """Dealer hands in each outcome, by a loop over all C(49, 3) of them."""
    player = plain_key(hand)
    counts = dict.fromkeys(OUTCOMES, 0)
    for dealer_cards in subsets([card for card in range(52) if card not in hand], 3):
        dealer = plain_key(dealer_cards)
        qualifies = dealer[0] > 0 or max(dealer_cards) // 4 >= QUEEN
        versus = "win" if player > dealer else "tie" if player == dealer else "lose"
        counts[versus if qualifies else f"no_qualify_{versus}"] += 1
    return counts


def plain_play_value(hand: tuple[int, ...], counts: dict[str, int]) -> Fraction:
    """EV per ante of playing, settled by the written rules."""
    category = plain_key(hand)[0]
    bonus = {5: 5, 4: 4, 3: 1}.get(category, 0)
    total = 0
    for outcome, count in counts.items():
        if outcome.startswith("no_qualify"):
            ante, play = 1, 0
        else:
            ante = play = {"win": 1, "tie": 0, "lose": -1}[outcome]
        total += count * (ante + bonus + play)
    return F(total, DEALER_HANDS)


SAMPLES = ["Qs 6d 4h", "Qs 6d 3h", "Qs 5d 4h", "Ks 6d 2h", "Jc Td 8h", "2c 2d 3h", "Ac 2d 3h", "Qh Kh Ah",
           "7c 7d 7h", "2h 5h 9h", "Ac Kd Qh", "4c 3d 2s"]


@pytest.fixture(scope="module")
def class_of(threecard):
    keys = canonical_keys(threecard.situations.cards)
    return {int(key): index for index, key in enumerate(keys)}


@pytest.mark.parametrize("text", SAMPLES)
def test_counts_and_values_equal_a_loop_over_every_dealer_hand(text, threecard, class_of):
    hand = tuple(sorted(parse_cards(text)))
    index = class_of[int(canonical_keys(np.array([hand]))[0])]
    counts = plain_outcomes(hand)
    assert dict(zip(OUTCOMES, threecard.situations.outcome_counts[index].tolist(), strict=True)) == counts
    assert sum(counts.values()) == DEALER_HANDS
    decisions = threecard.decisions  # totals: the sums over the class's dealer hands, times scale
    fold, play = (F(int(total), DEALER_HANDS * decisions.scale) for total in decisions.totals[index])
    assert fold == -1 and play == plain_play_value(hand, counts)
    assert threecard.chosen_multiple[index] == (1 if play > -1 else 0)


def test_totals_add_up_to_the_cycle(threecard):
    assert threecard.cycle == CYCLE == 407_170_400
    assert int(threecard.situations.weights.sum()) == comb(52, 3)
    assert sum(threecard.return_table()["combinations"]) == CYCLE
    for bet in RULES.side_bets:
        for paytable in bet.paytables.values():
            assert sum(threecard.side_bet_table(bet, paytable)["combinations"]) == CYCLE


# -- the published figures -------------------------------------------------------------------
def test_published_house_edge_and_element_of_risk(threecard):
    figures = threecard.main_figures()
    assert figures["house_edge_per_ante"] == F(686_689, 20_358_520)   # 3.3730%
    assert round(float(figures["house_edge_per_ante"]) * 100, 2) == 3.37
    assert round(float(figures["element_of_risk"]) * 100, 2) == 2.01
    assert figures["actions"] == {"fold": F(72, 221), "play 1x": F(149, 221)}


def test_published_pair_plus_edges(threecard):
    pair_plus = threecard.side_bet_figures()["pair_plus"]
    assert pair_plus["40-30-6-3-1"]["house_edge"] == F(402, 5525)
    assert round(float(pair_plus["40-30-6-3-1"]["house_edge"]) * 100, 2) == 7.28
    assert round(float(pair_plus["40-30-6-4-1"]["house_edge"]) * 100, 2) == 2.32


def test_play_q64_or_better(threecard):
    ranges = threecard.strategy_ranges()
    assert ranges.to_dict("records") == [
        {"from (strongest)": "straight flush A-K-Q", "down to (weakest)": "Q-6-4", "hands": 14_900,
         "decision": "play 1x"},
        {"from (strongest)": "Q-6-3", "down to (weakest)": "5-3-2", "hands": 7_200, "decision": "fold"}]
    rule = derive_posted_rule(threecard)
    assert rule.text == "play 1x with Q-6-4 or better; fold the rest"  # one line per multiple
    assert rule.cost == 0


def cost_read_back(analysis, tmp_path) -> Fraction:
    """The exact cost of the posted rule written as a strategy file and read back."""
    path = tmp_path / "posted.toml"
    path.write_text(derive_posted_rule(analysis).strategy_file("threecard"))
    return evaluate_strategy(analysis, load_strategy(path, THREE)).cost_per_ante


def test_the_posted_rule_reads_back_as_a_strategy_file(threecard, tmp_path):
    assert derive_posted_rule(threecard).strategy_file("threecard").endswith(
        'rules = ["1x with Q-6-4 or better", "fold"]\n')
    assert cost_read_back(threecard, tmp_path) == 0


# -- a dealer card seen (game protection) --------------------------------------------------------
def test_one_dealer_card_seen_gives_the_published_player_edge(tmp_path):
    """Wizard of Odds (newsletter of 6 September 2003) and others: seeing one dealer card, the player
    has 3.48% (3.483%): always play against a two to a jack; against a queen, king or ace play X-9-2
    or better, X the dealer's card."""
    rules = load_game("threecard")
    seen = engine_for(rules).exposure(rules, 1, Run()).results
    assert isinstance(seen, Analysis)
    edge = seen.main_figures()["house_edge_per_ante"]
    assert edge == F(-443_162, 12_724_075) and round(float(edge) * 100, 3) == -3.483
    rule = derive_posted_rule(seen)
    assert [group.text for group in rule.groups[-4:]] == [
        "dealer shows a jack: play 1x with any hand",
        "dealer shows a queen: play 1x with Q-9 or better; fold the rest",  # the lowest Q-9 is Q-9-2
        "dealer shows a king: play 1x with K-9 or better; fold the rest",
        "dealer shows an ace: play 1x with A-9 or better; fold the rest"]
    assert rule.cost == cost_read_back(seen, tmp_path) == 0
