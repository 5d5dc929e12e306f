"""Super 4 Poker as written: X-tra Bonus with its 3 to 1 flush, a Player Bonus that never loses."""

from __future__ import annotations

from math import comb

from analyzer.reports.sanity import game_warnings

DEALER_HANDS = comb(47, 5)


def test_the_game_as_written_gives_the_player_an_edge_and_says_so(super4):
    figures = super4.main_figures()
    assert figures["house_edge_per_ante"] < 0
    warnings = game_warnings(super4)
    assert any(w.startswith("PLAYER ADVANTAGE: the main game") for w in warnings)
    assert any(w.startswith("NOT MONOTONE: X-tra Bonus") and "'Flush' 3 to 1" in w for w in warnings)
    assert any(w.startswith("NEVER LOSES: Player Bonus") for w in warnings)


def test_xtra_bonus_pays_the_flush_3_to_1_whatever_the_dealer_holds(super4):
    xtra = super4.wager_table(next(w for w in super4.rules.wagers if w.name == "xtra_bonus"))
    flush = xtra[xtra["outcome"] == "Flush"]
    assert list(flush["pays"]) == [3]
    assert int(flush["combinations"].iloc[0]) == 114_616 * DEALER_HANDS  # flushes are always played


def test_player_bonus_reads_the_five_card_hand(super4):
    bet = next(b for b in super4.rules.side_bets if b.name == "player_bonus")
    table = super4.side_bet_table(bet, bet.paytables[bet.default_paytable])
    counts = dict(zip(table["outcome"], table["combinations"], strict=True))
    assert counts["Royal flush"] == 4 * DEALER_HANDS
    assert counts["Straight flush"] == 36 * DEALER_HANDS
    assert counts["Full house"] == 3_744 * DEALER_HANDS
    assert all(pays >= 0 for pays in table["pays"])  # "All other hands: push"


def test_hole_card_bonus_is_the_queens_up_table(super4, crazy4):
    hole = super4.side_bet_figures()["hole_card_bonus"]["50-40-8-4-3-2-1"]["house_edge"]
    queens = crazy4.side_bet_figures()["queens_up"]["50-40-8-4-3-2-1"]["house_edge"]
    assert hole == queens


def test_fold_forfeits_ante_and_xtra_bonus_only(super4):
    for wager in super4.rules.wagers:
        table = super4.wager_table(wager)
        folds = table[table["outcome"] == "player folds"]
        assert list(folds["pays"]) == ([0] if wager.role == "raise" else [-1])
