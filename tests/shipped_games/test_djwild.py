"""DJ Wild Stud Poker, as a specification: a 53-card deck (the 52 and a joker), the deuces and the joker wild,
five cards each, Ante and Blind, fold or Play 2x, no dealer qualifier; counts checked by a plain loop over every
dealer hand for sampled player hands (with and without the joker); the published figures.

Settlement (per unit of each wager; see analyzer/games/data/games/djwild.toml):

=====================  ===================================  =====  =====
wager                  player higher                        tie    lower
=====================  ===================================  =====  =====
Ante                   +1                                   0      -1
Blind                  its table's pay (a lower hand: 0)    0      -1
Play (2x the Ante)     +1                                   0      -1
=====================  ===================================  =====  =====

Blind table: five wilds 1000, royal flush 50, five of a kind 10, straight flush 9, four of a kind 4, full house
3, flush 2, straight 1. A fold loses Ante and Blind.

Published (GUIDE.md §2d; Discount Gambling, GGB News): about 3.5% of the Ante; the Blind alone about 38%.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import colex_index, combinations, parse_cards
from analyzer.core.isomorphism import canonical_keys
from analyzer.engines.base import Run, Unsupported
from analyzer.engines.registry import engine_for
from analyzer.games.rules import OUTCOMES, load_game

RULES = load_game("djwild")
DJ = RULES.ranking
BLIND = next(wager for wager in RULES.wagers if wager.name == "blind")
DECK = 53
DEALER_HANDS = comb(DECK - 5, 5)
CYCLE = comb(DECK, 5) * DEALER_HANDS
F = Fraction
BLIND_PAYS = {"five_wilds": 1000, "royal_flush": 50, "five_of_a_kind": 10, "straight_flush": 9,
              "four_of_a_kind": 4, "full_house": 3, "flush": 2, "straight": 1}


# -- the rules, hand by hand -----------------------------------------------------------------
def test_the_game_deals_from_52_cards_and_a_joker_with_the_deuces_and_the_joker_wild():
    assert RULES.deck.size == DECK and RULES.dealer_qualifies is None and DJ.name == "dj_wild"
    assert [line.pays for line in BLIND.paytable.lines] == list(BLIND_PAYS.values())


def test_what_a_deck_with_jokers_does_not_support_yet_is_refused_in_one_line(tmp_path):
    engine = engine_for(RULES)
    assert "from a deck with jokers are not supported yet" in engine.exposure_problem(RULES, 1)
    with pytest.raises(Unsupported, match="--colluding-players is not supported .* without jokers"):
        engine.collusion(RULES, 2, 1, Run())
    up_card = tmp_path / "up-card.toml"
    shipped = Path(__file__).resolve().parents[2] / "analyzer" / "games" / "data" / "games" / "caribbean.toml"
    up_card.write_text(shipped.read_text().replace('ranking = "five_card"', 'ranking = "dj_wild"')
                       .replace("\n[play]", "\n[deck]\njokers = 1\n\n[play]", 1))
    with pytest.raises(Unsupported, match="a dealer up-card dealt from a deck with jokers is not supported yet"):
        engine_for(load_game(str(up_card)))


# -- a plain loop over every dealer hand -------------------------------------------------------
def plain_outcomes(hand: tuple[int, ...]) -> dict[str, int]:
    """Dealer hands in each outcome: every five of the 48 other cards, each ranked by the ranking's table."""
    rest = np.array([card for card in range(DECK) if card not in hand])
    dealer = DJ.table[colex_index(np.sort(rest[combinations(48, 5)], axis=1))]
    player = DJ.rank_of(hand)
    counts = dict.fromkeys(OUTCOMES, 0)
    counts.update(win=int((dealer < player).sum()), tie=int((dealer == player).sum()),
                  lose=int((dealer > player).sum()))
    return counts


def plain_play_value(hand: tuple[int, ...], counts: dict[str, int]) -> Fraction:
    """EV per ante of playing 2x, settled by the written rules: a win pays Ante 1, Play 2 and the Blind its
    table (0 below a straight); a loss costs Ante, Blind and Play."""
    blind = BLIND_PAYS.get(DJ.category_name(DJ.rank_of(hand)), 0)
    return F(counts["win"] * (1 + 2 + blind) - counts["lose"] * 4, DEALER_HANDS)


SAMPLES = ["Jk 2c 2d 2h 2s", "Jk As Ks Qs Js", "Jk 7c 7d 7h 7s", "Jk Ah 9h 5h 3h", "4c 4d 9h Qs 5c",
           "3c 3d 9h Qs 5c", "Jk Qd 9h 5s 3c", "2c Kd 9h 6s 4c"]


def random_hands(count: int, seed: int = 17) -> list[tuple[int, ...]]:
    """Random hands of the 53 cards, half of them holding the joker."""
    rng = np.random.default_rng(seed)
    hands = [tuple(sorted(rng.choice(52, 4, replace=False).tolist() + [52])) for _ in range(count // 2)]
    return hands + [tuple(sorted(rng.choice(52, 5, replace=False).tolist())) for _ in range(count - count // 2)]


@pytest.fixture(scope="module")
def class_of(djwild):
    """Canonical key (the joker counted, suits free) -> class index."""
    keys = canonical_keys(djwild.situations.cards)
    return {int(key): index for index, key in enumerate(keys)}


@pytest.mark.slow  # the full analysis: about 20 s
@pytest.mark.parametrize("hand", [tuple(sorted(parse_cards(text))) for text in SAMPLES] + random_hands(4))
def test_counts_and_values_equal_a_loop_over_every_dealer_hand(hand, djwild, class_of):
    index = class_of[int(canonical_keys(np.array([hand]))[0])]
    counts = plain_outcomes(hand)
    assert dict(zip(OUTCOMES, djwild.situations.outcome_counts[index].tolist(), strict=True)) == counts
    decisions = djwild.decisions  # totals: the sums over the class's dealer hands, times scale
    fold, play = (F(int(total), DEALER_HANDS * decisions.scale) for total in decisions.totals[index])
    assert fold == -2 and play == plain_play_value(hand, counts)
    assert djwild.chosen_multiple[index] == (2 if play > -2 else 0)


@pytest.mark.slow  # the full analysis: about 20 s
def test_totals_add_up_to_the_cycle(djwild):
    assert djwild.cycle == CYCLE == 4_913_773_104_240  # C(53, 5) * C(48, 5)
    assert int(djwild.situations.weights.sum()) == comb(DECK, 5)
    assert (djwild.situations.outcome_counts.sum(axis=1) == DEALER_HANDS).all()
    assert sum(djwild.return_table()["combinations"]) == CYCLE
    for wager in RULES.wagers:
        assert sum(djwild.wager_table(wager)["combinations"]) == CYCLE


@pytest.mark.slow  # the full analysis: about 20 s
def test_the_blind_pays_its_table_only_on_a_win(djwild):
    rows = dict(zip(*(djwild.wager_table(BLIND)[column] for column in ("outcome", "pays")), strict=True))
    assert rows["player beats the dealer: Five wilds"] == 1000
    assert rows["dealer beats the player: Flush"] == -1
    assert rows["player beats the dealer"] == 0  # a winning hand below a straight: the Blind pushes
    assert djwild.main_figures()["top_awards"]["blind"]["one_in"] == comb(DECK, 5)  # the five wilds, 1 in C(53, 5)


# -- the published figures -------------------------------------------------------------------
@pytest.mark.slow  # the full analysis: about 20 s
def test_published_house_edge_and_the_blind(djwild):
    figures = djwild.main_figures()
    assert figures["house_edge_per_ante"] == F(1_419_822_563, 40_948_109_202)  # 3.467370%
    assert round(float(figures["house_edge_per_ante"]) * 100, 1) == 3.5
    blind = djwild.wager_returns()["blind"]
    assert blind == F(-5_586_108_161, 14_624_324_715)  # -38.197375% of the Blind
    assert round(-float(blind) * 100) == 38
    assert figures["actions"] == {"fold": F(25_152, 81_991), "play 2x": F(56_839, 81_991)}
