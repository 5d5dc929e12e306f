"""The lab's and operator's figures: hit frequency and "1 in N" of every paying line, maximum payout,
volatility, win per hour, the hold band and the aggregate payout limit, hand-checked on small tables,
then on Three Card Poker's exact analysis."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from math import comb

import pytest

from analyzer.core import figures
from analyzer.engines.results import exact_table
from analyzer.reports.lab_figures import (
    GLI_RARE_ODDS,
    MAIN_GAME,
    LabSettings,
    capped,
    capped_mean,
    hold_band,
    lab_tables,
    maximum_payout,
    operator_figures,
    outcome_lines,
    paying_lines,
    payout_cap,
    rare_awards,
    spread,
    volatility,
)

CYCLE_3 = comb(52, 3) * comb(49, 3)  # Three Card Poker: player hand, then the dealer's three cards


# -- hand-checked on small tables -----------------------------------------------------
def test_one_in_n_and_hit_frequency_of_a_small_table():
    # 10 deals: 1 pays 10, 3 pay 1, 2 push, 4 lose.
    table = exact_table(["big", "small", "push", "loses"], [Fraction(10), Fraction(1), Fraction(0), Fraction(-1)],
                        [1, 3, 2, 4], 10)
    lines = outcome_lines("Bet", "10-1", table)
    assert [(line["outcome"], line["pays"], line["combinations"]) for line in lines] == [
        ("big", 10, 1), ("small", 1, 3), ("any paying outcome", None, 4)]
    assert [line["hit_frequency"] for line in lines] == [Fraction(1, 10), Fraction(3, 10), Fraction(2, 5)]
    assert [line["one_in"] for line in lines] == [10, Fraction(10, 3), Fraction(5, 2)]
    assert not any(line["rarer_than_gli_limit"] for line in lines)


def test_an_award_rarer_than_1_in_100_million_is_flagged():
    cycle = 3 * GLI_RARE_ODDS
    table = exact_table(["jackpot", "exactly 1 in 100 million", "loses"], [Fraction(1000), Fraction(100), Fraction(-1)],
                        [2, 3, cycle - 5], cycle)
    flagged = {line["outcome"]: line["rarer_than_gli_limit"] for line in outcome_lines("Bet", "", table)}
    assert flagged == {"jackpot": True, "exactly 1 in 100 million": False, "any paying outcome": False}


def test_a_line_that_never_occurs_has_no_odds():
    table = exact_table(["never", "loses"], [Fraction(5), Fraction(-1)], [0, 7], 7)
    assert outcome_lines("Bet", "", table)[0]["one_in"] is None


def test_volatility_index_is_196_times_the_sd():
    # Wins 1 once in 4, loses 1 otherwise: mean -1/2, E[x^2] 1, variance 3/4.
    row = spread("Bet", "", {Fraction(1): 1, Fraction(-1): 3}, Fraction(2), LabSettings(hands_per_hour=60))
    assert row["house_edge"] == Fraction(1, 2)
    assert row["variance"] == Fraction(3, 4)
    assert float(row["standard_deviation"]) == pytest.approx(math.sqrt(0.75), rel=1e-15)
    assert float(row["volatility_index"]) == pytest.approx(1.96 * math.sqrt(0.75), rel=1e-15)
    assert row["win_per_hour"] == 60 * 2 * Fraction(1, 2)  # hands an hour x stake x edge


def test_capped_mean_against_a_direct_sum():
    results = {Fraction(50): 1, Fraction(12): 2, Fraction(3): 10, Fraction(0): 7, Fraction(-1): 30, Fraction(-2): 50}
    for cap in (Fraction(100), Fraction(50), Fraction(20), Fraction(5), Fraction(1, 2)):
        direct = Fraction(sum(min(value, cap) * count for value, count in results.items()), sum(results.values()))
        assert capped_mean(results, cap) == direct
    assert capped_mean(results, Fraction(5)) == Fraction(5 + 10 + 30 - 30 - 100, 100)  # 50 and 12 paid 5
    assert capped(results, None) == results
    assert capped_mean(results, None) == figures.mean(results)


# -- on Three Card Poker's exact analysis ----------------------------------------------------
def test_three_card_paying_lines_are_the_hand_counts(threecard):
    lines = paying_lines(threecard)
    pair_plus = lines[(lines["wager"] == "Pair Plus") & (lines["paytable"] == "40-30-6-3-1")]
    by_outcome = dict(zip(pair_plus["outcome"], pair_plus["one_in"], strict=True))
    # 48 straight flushes and 52 trips among C(52,3) = 22,100 hands, whatever the dealer holds.
    assert by_outcome["Straight flush"] == Fraction(22100, 48)
    assert by_outcome["Three of a kind"] == 425
    assert by_outcome["Pair"] == Fraction(22100, 3744)
    assert set(lines["wager"]) == {"Ante", "Play", "Pair Plus", "6-Card Bonus"}
    assert (lines["combinations"] <= CYCLE_3).all()
    for _, group in lines.groupby(["wager", "paytable"]):  # the last row adds up the paying rows
        assert group["combinations"].iloc[-1] == group["combinations"].iloc[:-1].sum()
    assert rare_awards(threecard) == []


def test_three_card_maximum_payout(threecard):
    table = maximum_payout(threecard).set_index("wager")
    assert table.loc["Ante", "largest_win"] == 6  # the Ante wins 1 and its bonus pays 5 for a straight flush
    assert table.loc["Play", "largest_win"] == 1
    assert table.loc[MAIN_GAME, "largest_win"] == 7 and table.loc[MAIN_GAME, "stake"] == 2
    assert table.loc["Pair Plus 40-30-6-3-1", "largest_win"] == 40
    every = table.loc["one round with every wager (upper bound)"]
    # Ante and Play 7, Pair Plus 40 and the 6-Card Bonus's royal flush 1000 on four units
    assert (every["stake"], every["largest_win"]) == (4, 1047)
    stakes = maximum_payout(threecard, LabSettings(side_bet_stake=Fraction(5), payout_cap=Fraction(4))).set_index("wager")
    assert stakes.loc[MAIN_GAME, "largest_win"] == 4
    assert stakes.loc["Pair Plus 40-30-6-3-1", "largest_win"] == 200


def test_three_card_volatility_matches_the_main_figures(threecard):
    table = volatility(threecard)
    main = table.iloc[0]
    assert main["wager"] == MAIN_GAME
    assert main["house_edge"] == threecard.main_figures()["house_edge_per_ante"]
    assert main["variance"] == threecard.main_figures()["variance"]
    assert str(main["standard_deviation"])[:20] == threecard.main_figures()["standard_deviation"][:20]
    assert main["volatility_index"] == Decimal("1.96") * main["standard_deviation"]
    side = threecard.side_bet_figures()["pair_plus"]
    for row in table[table["wager"] == "Pair Plus"].itertuples():
        assert row.house_edge == side[row.paytable]["house_edge"]
        assert str(row.standard_deviation)[:20] == side[row.paytable]["standard_deviation"][:20]


def test_three_card_operator_figures_and_hold_band(threecard):
    settings = LabSettings(hands_per_hour=40, ante=Fraction(25), hold_hands=(1, 10_000))
    figures_ = operator_figures(threecard, settings)
    edge = threecard.main_figures()["house_edge_per_ante"]
    assert figures_["win_per_hour"] == 40 * 25 * edge
    assert figures_["average_bet"] == 25 * threecard.average_total_bet
    assert figures_["win_per_hour"] == 40 * figures_["average_bet"] * threecard.main_figures()["element_of_risk"]
    band = hold_band(threecard, settings)
    sd = float(threecard.main_figures()["standard_deviation"])
    for row in band.itertuples():
        half = 1.96 * sd / math.sqrt(row.hands)
        assert float(row.win_per_hand_low) == pytest.approx(float(edge) - half, rel=1e-12)
        assert float(row.hold_high) == pytest.approx((float(edge) + half) / float(threecard.average_total_bet), rel=1e-12)
        assert float(row.total_win_low) == pytest.approx(row.hands * 25 * (float(edge) - half), rel=1e-12)


def test_three_card_payout_cap_against_a_direct_sum(threecard):
    returns = threecard.return_table()
    for cap in (Fraction(7), Fraction(5), Fraction(2), Fraction(3, 2)):
        limit = payout_cap(threecard, LabSettings(payout_cap=cap))
        direct = Fraction(sum(min(net, cap) * count for net, count in zip(returns["net"], returns["combinations"], strict=True)),
                          CYCLE_3)
        assert limit["house_edge_per_ante_capped"] == -direct
        assert limit["probability_capped"] == Fraction(int(returns[returns["net"] > cap]["combinations"].sum()), CYCLE_3)
        assert limit["element_of_risk_capped"] == -direct / threecard.average_total_bet
    assert payout_cap(threecard, LabSettings(payout_cap=Fraction(7)))["house_edge_per_ante_capped"] == \
        threecard.main_figures()["house_edge_per_ante"]  # 7 is the largest net result: the limit never binds
    limit = payout_cap(threecard, LabSettings(payout_cap=Fraction(10), side_bet_stake=Fraction(2)))
    bet = threecard.rules.side_bets[0]
    table = threecard.side_bet_table(bet, bet.paytables["40-30-6-3-1"])
    direct = Fraction(sum(min(pays, 5) * count for pays, count in zip(table["pays"], table["combinations"], strict=True)),
                      CYCLE_3)
    row = limit["side_bets"].set_index("paytable").loc["40-30-6-3-1"]
    assert row["house_edge_capped"] == -direct  # a 2-Ante stake is paid at most 10 Antes: 5 per unit
    assert row["lines_cut"] == ["Straight flush", "Three of a kind", "Straight"]


def test_lab_tables_hold_the_cap_only_when_set(threecard):
    titles = [title for title, _ in lab_tables(threecard)]
    assert len(titles) == 5 and not any("limit" in title for title in titles)
    capped_titles = [title for title, _ in lab_tables(threecard, LabSettings(payout_cap=Fraction(5)))]
    assert capped_titles[:5] == titles and len(capped_titles) == 7
