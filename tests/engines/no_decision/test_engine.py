"""Games with no decision (wagers settled by the cards alone), dealt from a shoe: the schema's reading of a file
with no [play], [[streets]] or [draw], the engine's one-line refusals, and 21+3: its hand counts in closed form,
against plain loops over every set of one deck's and a two-deck shoe's physical cards, its exact figures for
1, 6 and 8 decks beside the published 13.30%, 3.24% and 2.74%, the solver and the simulation check."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations as subsets
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.cards import combinations
from analyzer.engines.base import Run, Unsupported
from analyzer.engines.registry import engine_for
from analyzer.games.errors import RulesError
from analyzer.games.rules import load_game
from analyzer.simulation import hands as simulator
from analyzer.simulation.analysis import simulate

GAME = "twentyoneplusthree"
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "four-card-shoe.toml"
SHIPPED = Path(__file__).resolve().parents[3] / "analyzer" / "games" / "data" / "games" / f"{GAME}.toml"
WINNING = ("straight_flush", "three_of_a_kind", "straight", "flush")


def analysed(decks: int):
    rules = load_game(GAME, {"decks": str(decks)})
    return engine_for(rules).analyze(rules, Run())


def edited(tmp_path: Path, old: str, new: str) -> str:
    path = tmp_path / "mine.toml"
    text = SHIPPED.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return str(path)


def closed_form(decks: int) -> dict[str, int]:
    """21+3's paying hands from ``decks`` decks by hand: 13 ranks of 4 * decks cards, 4 suits of 13 * decks.
    Straights are 12 runs of ranks (A-2-3 to Q-K-A), each card of a run any of its 4 * decks; a flush is any
    three cards of one suit that are not a straight flush nor suited trips (those are three of a kind)."""
    straight_flush = 12 * 4 * decks ** 3
    suited_trips = 13 * 4 * comb(decks, 3)
    return {"straight_flush": straight_flush, "three_of_a_kind": 13 * comb(4 * decks, 3),
            "straight": 12 * (4 * decks) ** 3 - straight_flush,
            "flush": 4 * comb(13 * decks, 3) - straight_flush - suited_trips}


def paid(analysis) -> dict[str, int]:
    """The deals of each line of the 21+3 table."""
    table = analysis.wager_table(analysis.rules.wagers[0])
    return dict(zip(table["outcome"].str.lower().str.replace(" ", "_"), table["combinations"], strict=True))


# -- the rules file --------------------------------------------------------------------------------------------
def test_a_game_without_a_decision_is_settled_by_the_cards_and_served_by_its_engine():
    rules = load_game(GAME)
    assert not rules.decided and rules.play == () and not rules.fold
    assert engine_for(rules).name == "no_decision" and rules.deck.decks == 6


def test_a_forgotten_decision_is_told_apart_by_a_wager_staked_later(tmp_path):
    path = edited(tmp_path, 'role = "initial"', 'role = "raise"')
    with pytest.raises(RulesError, match=r"a game gives one decision: \[play\], \[\[streets\]\] or \[draw\] \(or "
                                         r"none, .*wagers\.bet has role \"raise\"\)"):
        load_game(path)


def test_the_decks_option_takes_1_to_8_and_nothing_else():
    assert [load_game(GAME, {"decks": str(n)}).deck.decks for n in (1, 8)] == [1, 8]
    with pytest.raises(RulesError, match="option decks has no choice '9'"):
        load_game(GAME, {"decks": "9"})


@pytest.mark.parametrize("old, new, message", [
    ("dealer_cards = 0", "dealer_cards = 0\ncommunity_cards = 3",
     "analysis is not supported for 21\\+3: a game with no decision is paid on the player's cards alone"),
    ("dealer_cards = 0", 'dealer_cards = 0\nengine = "one_decision"',
     "the analysis is not supported for 21\\+3: the game has no decision .*give engine = \"no_decision\""),
    ('ranking = "three_card"\nplayer_cards = 3', 'ranking = "five_card"\nplayer_cards = 5',
     "the deck is not supported for .*five_card ranks no hand of 5 cards of one rank"),
])
def test_what_the_engine_cannot_count_exactly_is_refused_in_one_line(tmp_path, old, new, message):
    path = edited(tmp_path, old, new)
    with pytest.raises(Unsupported, match=message) as refusal:
        rules = load_game(path)
        engine_for(rules).analyze(rules, Run())
    assert "\n" not in str(refusal.value)


# -- 21+3: the counts --------------------------------------------------------------------------------------
@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_the_paying_hands_are_the_closed_form_counts_and_the_tables_add_up_to_the_cycle(decks):
    analysis = analysed(decks)
    counts = paid(analysis)
    assert analysis.cycle == comb(52 * decks, 3) == sum(counts.values())
    assert {line: counts[line] for line in WINNING} == closed_form(decks)
    assert int(analysis.return_table()["combinations"].sum()) == analysis.cycle
    assert int(analysis.category_table()["deals"].sum()) == analysis.cycle


def winners_by_plain_loop(dealt: np.ndarray) -> dict[str, int]:
    """Every set of physical cards (rows), as card types, evaluated by the simulator's own evaluator."""
    values = simulator.evaluate(dealt % 52, "three_card")
    names = np.array(simulator.ORDERS["three_card"])[values // simulator.CATEGORY_SPAN]
    return {line: int((names == line).sum()) for line in WINNING}


def test_two_decks_against_every_one_of_the_182104_sets_of_the_shoes_physical_cards():
    dealt = np.array(list(subsets(range(104), 3)), dtype=np.int64)
    assert len(dealt) == 182_104
    assert winners_by_plain_loop(dealt) == {line: paid(analysed(2))[line] for line in WINNING}


def test_one_deck_against_every_one_of_the_22100_hands():
    assert winners_by_plain_loop(combinations(52, 3).astype(np.int64)) == \
        {line: paid(analysed(1))[line] for line in WINNING}


# -- 21+3: the figures ---------------------------------------------------------------------------------
@pytest.mark.parametrize("decks, edge, published", [
    (1, Fraction(147, 1105), "13.30%"),
    (6, Fraction(4059, 125333), "3.24%"),
    (8, Fraction(679, 24817), "2.74%"),
])
def test_the_house_edge_rounds_to_the_published_one(decks, edge, published):
    figures = analysed(decks).main_figures()
    assert figures["house_edge_per_ante"] == edge
    assert f"{float(edge):.2%}" == published
    assert figures["hit_frequency"] == sum(closed_form(decks).values()) / Fraction(comb(52 * decks, 3))


def test_the_solver_finds_the_flush_pay_of_a_target_edge_exactly():
    rules = load_game(GAME)
    solution = engine_for(rules).solve(rules, "bet", "flush", Fraction(1, 20), Run())
    flushes, cycle = closed_form(6)["flush"], comb(312, 3)
    others = sum(closed_form(6).values()) - flushes
    assert solution.pays * flushes + 9 * others - (cycle - flushes - others) == -Fraction(1, 20) * cycle


def test_the_simulation_check_deals_the_shoe_and_passes(twentyoneplusthree):
    check = simulate(twentyoneplusthree, 100_000, seed=5)
    assert check.passed and check.strategy.startswith("no decision")


# -- a user's game: four cards from four decks with a side bet on the best three -------------------------
def test_a_users_shoe_game_with_a_side_bet_on_the_best_three_of_its_cards_runs_without_code():
    rules = load_game(str(EXAMPLE))
    analysis = engine_for(rules).analyze(rules, Run())
    assert analysis.cycle == comb(208, 4)
    assert analysis.main_figures()["house_edge_per_ante"] == Fraction(252728, 6313385)
    bet = rules.side_bets[0]
    table = analysis.side_bet_table(bet, bet.paytables[bet.default_paytable])
    assert int(table["combinations"].sum()) == analysis.cycle
    four_of_a_kind = 13 * comb(16, 4)   # four of one rank of the 16 copies: the best three are trips
    trips = dict(zip(table["outcome"], table["combinations"], strict=True))["Three of a kind"]
    assert trips == 13 * comb(16, 3) * (208 - 16) + four_of_a_kind
