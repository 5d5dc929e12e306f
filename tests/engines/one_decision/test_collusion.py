"""Colluding players: the edge when the player knows other players' hands, estimated from sampled deals.

Checks, smallest first: the dealer-hand loop equals itertools over every
dealer hand (with and without an up-card), and the card-removal counter by
inclusion-exclusion; the normal decision looked up by suit class equals the
decision of a plain count; with no colluders the information is worth
nothing; the value of information is never negative and the estimate does
not depend on the number of workers; the committed estimates are
consistent with the exact normal game; the CLI refuses what it cannot do.
"""

from __future__ import annotations

import csv
import itertools
import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.cli import main as cli
from analyzer.core.cards import colex_index
from analyzer.engines.base import Run
import analyzer.engines.collusion
from analyzer.engines.one_decision.collusion import (
    _BINOMIAL,
    MAX_COLLUDERS,
    NormalDecisions,
    _dealer_histogram,
    deal_gains,
    dealer_thresholds,
    estimate_collusion,
    random_deals,
)
from analyzer.engines.one_decision.engine import OneDecisionEngine
from analyzer.engines.one_decision.enumeration import (
    DenseRanks,
    Situations,
    best_ranks,
    closed_dealer_counter,
    outcome_counts,
)
from analyzer.engines.one_decision.strategy import decide
from analyzer.games.rules import load_game
from analyzer.protection.procedure_risk import (
    UNCERTAIN,
    procedure_risk,
    procedure_risk_table,
)

COMMITTED = Path(__file__).resolve().parents[3] / "enumerations" / "protect" / "colluders.csv"


# -- the dealer-hand loop ---------------------------------------------------------
@pytest.mark.parametrize("fixed", [(), (17,), (3, 40)])
def test_the_dealer_loop_counts_every_hand_of_the_allowed_cards_with_the_fixed_ones(fixed):
    """A toy rank (a random number per 4-card hand by colex index) makes every key matter."""
    hidden = 4 - len(fixed)
    rng = np.random.default_rng(7)
    table = rng.integers(0, 50, size=comb(52, 4)).astype(np.int16)
    allowed = np.array(sorted(set(rng.permutation(52)[:15].tolist()) - set(fixed)), dtype=np.int64)
    histogram = np.zeros(50, dtype=np.int64)
    _dealer_histogram(allowed, np.array(fixed, dtype=np.int64), hidden, _BINOMIAL, table, histogram)
    plain = np.zeros(50, dtype=np.int64)
    for cards in itertools.combinations(allowed.tolist(), hidden):
        plain[table[colex_index(np.array(sorted(cards + fixed)))]] += 1
    assert histogram.tolist() == plain.tolist() and histogram.sum() == comb(len(allowed), hidden)


def test_thresholds_match_itertools_on_a_crazy4_deck_with_30_cards_removed():
    rules = load_game("crazy4")
    removed = np.sort(np.random.default_rng(3).permutation(52)[:30])
    thresholds = np.array([[0, 800, 1500, 2535]])
    found = dealer_thresholds(rules, removed[None, :], np.zeros((1, 0), dtype=np.int64), thresholds)
    rest = np.setdiff1d(np.arange(52), removed)
    ranks = DenseRanks.of(rules)(best_ranks(rules.ranking, 5))[colex_index(np.array(list(
        itertools.combinations(rest.tolist(), 5))))]
    assert found[0].tolist() == [int((ranks < x).sum()) for x in thresholds[0]] + [comb(22, 5)]


def test_thresholds_with_one_colluder_equal_the_card_removal_counter():
    """Ten cards out (player and colluder): the loop against inclusion-exclusion over their subsets."""
    rules = load_game("crazy4")
    player, _, colluded = random_deals(rules, 1, 12, seed=5, chunk=0)
    removed = np.sort(np.concatenate([player, colluded], axis=1), axis=1)
    thresholds = np.tile(np.array([300, 1200, 2000]), (12, 1))
    loop = dealer_thresholds(rules, removed, np.zeros((12, 0), dtype=np.int64), thresholds)
    counter = closed_dealer_counter(rules).count_below(removed, thresholds)
    assert np.array_equal(loop[:, :3], counter) and (loop[:, 3] == comb(42, 5)).all()


# -- the normal decision and the value of information --------------------------------
def _plain_normal_choice(rules, analysis, player, up):
    """The optimal decision of normal play from counts of every dealer hand avoiding the hand alone."""
    dense = DenseRanks.of(rules)
    best = best_ranks(rules.ranking, rules.player_cards)[colex_index(player)]
    ranks = dense(best)
    counted = dealer_thresholds(rules, player, up, np.column_stack([ranks, ranks + 1, np.full(len(ranks),
                                                                                             dense.qualifier)]))
    counts = outcome_counts(ranks, dense.qualifier, counted[:, 0], counted[:, 1],
                            counted[:, 2] if dense.qualifier else 0 * ranks, counted[:, 3])
    situations = Situations(player.astype(np.int8), np.ones(len(player), dtype=np.int64), best, counts,
                            int(counted[0, 3]))
    return decide(rules, situations).choice, counts


@pytest.mark.parametrize("game", ["crazy4", "fourcardfever"])
@pytest.mark.slow
def test_the_normal_decision_by_suit_class_is_the_decision_of_a_plain_count(request, game):
    analysis = request.getfixturevalue(game)
    rules = analysis.rules
    player, up, _ = random_deals(rules, 0, 40, seed=11, chunk=0)
    looked_up = NormalDecisions.of(analysis)(player, up[:, 0] if up.shape[1] else None)
    plain, _ = _plain_normal_choice(rules, analysis, player, up)
    assert looked_up.tolist() == plain.tolist()


def test_with_no_colluders_the_information_is_worth_nothing(crazy4):
    gains = deal_gains(crazy4.rules, NormalDecisions.of(crazy4), 0, 60, seed=2, chunk=0)
    assert not gains.any()


def test_the_estimate_is_below_the_normal_edge_and_independent_of_workers(crazy4):
    one = estimate_collusion(crazy4, 5, 700, seed=4, jobs=1)
    two = estimate_collusion(crazy4, 5, 700, seed=4, jobs=2)
    assert (one.mean_gain, one.switched, one.standard_error) == (two.mean_gain, two.switched, two.standard_error)
    assert one.mean_gain >= 0 and one.edge <= one.normal_edge == crazy4.main_figures()["house_edge_per_ante"]
    assert one.switched > 0 and one.mean_gain > 0  # with 25 cards known, some decisions change
    low, high = one.interval()
    assert low < float(one.edge) < high


def test_a_sampled_deal_s_gain_is_the_ev_difference_of_a_plain_count(crazy4):
    """One deal by hand: both decisions' EVs from a plain count of the dealer hands avoiding all ten cards."""
    rules = crazy4.rules
    player, _, colluded = random_deals(rules, 1, 200, seed=9, chunk=0)
    gains = deal_gains(rules, NormalDecisions.of(crazy4), 1, 200, seed=9, chunk=0)
    row = int(np.argmax(gains[:, 0]))
    assert gains[row, 0] > 0
    usual, _ = _plain_normal_choice(rules, crazy4, player[row:row + 1], np.zeros((1, 0), dtype=np.int64))
    rest = np.setdiff1d(np.arange(52), np.concatenate([player[row], colluded[row]]))
    dense = DenseRanks.of(rules)
    mine = int(dense(best_ranks(rules.ranking, 5)[colex_index(player[row])]))
    dealer = dense(best_ranks(rules.ranking, 5))[colex_index(np.array(list(itertools.combinations(rest.tolist(),
                                                                                                   5))))]
    below, up_to, below_q = int((dealer < mine).sum()), int((dealer <= mine).sum()), int((dealer < dense.qualifier)
                                                                                           .sum())
    counts = outcome_counts(np.array([mine]), dense.qualifier, np.array([below]), np.array([up_to]),
                            np.array([below_q]), len(dealer))
    situation = Situations(player[row:row + 1].astype(np.int8), np.ones(1, dtype=np.int64),
                           best_ranks(rules.ranking, 5)[colex_index(player[row:row + 1])], counts, len(dealer))
    decisions = decide(rules, situation)
    assert gains[row, 0] == decisions.totals[0, decisions.choice[0]] - decisions.totals[0, usual[0]]


# -- the committed estimates and the procedure risk table -----------------------------
def test_the_committed_estimates_start_from_the_exact_normal_game(crazy4, super4):
    with open(COMMITTED, encoding="utf-8") as handle:
        rows = {(row["game"], int(row["colluders"])): row for row in csv.DictReader(handle)}
    for game in ("crazy4", "super4", "fourcardfever"):
        assert {colluders for g, colluders in rows if g == game} == set(range(1, MAX_COLLUDERS + 1))
    for analysis in (crazy4, super4):
        normal = analysis.main_figures()["house_edge_per_ante"]
        previous = Fraction(0)
        for colluders in range(1, MAX_COLLUDERS + 1):
            row = rows[analysis.rules.name, colluders]
            assert Fraction(row["normal_house_edge_per_ante"]) == normal
            gain = Fraction(row["mean_information_value"])
            assert gain >= 0 and int(row["deals"]) >= 10_000
            assert gain + 4 * float(row["standard_error"]) > previous  # more cards known, no less information
            previous = gain


def test_the_risk_table_shows_estimates_with_their_interval(crazy4):
    table = procedure_risk(load_game("crazy4"), Run(), {0: crazy4.main_figures()["house_edge_per_ante"]})
    rows = table.set_index("procedure")
    assert list(rows.index[3:]) == ["1 colluding player"] + [f"{n} colluding players" for n in range(2, 7)]
    one = rows.loc["1 colluding player"]
    assert one["exact"] == "" and " to " in one["95% interval"] and one["method"].startswith("ESTIMATE")
    assert rows.loc["normal play", "95% interval"] == ""


def test_an_interval_across_zero_is_flagged_uncertain():
    table = procedure_risk_table([("3 colluding players", Fraction(1, 1000), "estimate", (-0.001, 0.003))])
    assert table["who has the edge"].tolist() == [UNCERTAIN]


@pytest.mark.parametrize("arguments, message", [
    (["protect", "uth", "--preflop-samples", "1", "--exposed-dealer-cards", "1"], "--preflop-samples is for"),
    (["protect", "crazy4", "--colluding-players", "1", "--preflop-samples", "2"],
     "--preflop-samples is not supported for Crazy 4 Poker"),
    (["protect", "uth", "--colluding-players", "1", "--preflop-samples", "1"], "0 or at least 2"),
    (["protect", "crazy4", "--colluding-players", "7"], "invalid choice"),
    (["protect", "crazy4", "--colluding-players", "1", "--exposed-dealer-cards", "1"], "not allowed with"),
    (["protect", "crazy4", "--colluding-players", "1", "--deals", "1"], "--deals"),
])
def test_the_cli_refuses_colluders_it_cannot_do(capsys, arguments, message):
    with pytest.raises(SystemExit) as stopped:
        cli.main(arguments)
    error = capsys.readouterr().err
    assert stopped.value.code == 2 and message in error and error.count("\n") == 1


def test_protect_colluders_prints_json_and_writes_the_table(monkeypatch, capsys, tmp_path, crazy4):
    monkeypatch.setattr(OneDecisionEngine, "analyze", lambda self, rules, run: crazy4)
    monkeypatch.setattr(analyzer.engines.collusion, "COMMITTED_COLLUDERS", tmp_path / "none.csv")
    output = tmp_path / "colluders.xlsx"
    assert cli.run(["protect", "crazy4", "--colluding-players", "6", "--deals", "300", "--json", "--quiet",
                    "-o", str(output)]) == 0
    printed = capsys.readouterr().out
    found = json.loads(printed[:printed.rindex("}") + 1])
    assert found["deals"] == 300 and found["colluders"] == 6 and found["method"].startswith("ESTIMATE")
    risk = {row["procedure"]: row for row in found["procedure_risk"]}
    assert risk["6 colluding players"]["house edge per ante"] != "not computed"
    assert risk["1 colluding player"]["house edge per ante"] == "not computed"
    assert output.is_file()
