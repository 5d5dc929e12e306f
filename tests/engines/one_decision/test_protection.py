"""Game protection: the exact edge when the player sees some of the dealer's face-down cards.

Seeing a dealer card is a rules override (one more up-card), so the exposed
analysis runs on the enumeration engine of Four Card Fever's up-card. Checks:
the classes of exposed card sets add up to every set; the counts of one
exposed set equal a plain loop over every dealer completion, and so does the
EV of every decision; the procedure risk table flags a player advantage; the
CLI refuses what it cannot do with exit code 2 and one line. Tests enumerate
single exposed sets (a few seconds each), never a whole exposed game.
"""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import openpyxl
import pytest

from analyzer.cli import main as cli
from analyzer.core.cards import combinations, parse_cards
from analyzer.core.committed import COMMITTED_EDGES
from analyzer.core.isomorphism import canonical_keys
from analyzer.core.ranking import best_ranks_of
from analyzer.engines.base import Run
from analyzer.engines.cache import enumeration_key
from analyzer.engines.one_decision import protection as one_decision_protection
from analyzer.engines.one_decision.engine import OneDecisionEngine
from analyzer.engines.one_decision.enumeration import (
    Situations,
    exposed_card_situations,
    exposed_sets,
)
from analyzer.engines.one_decision.exposure_figures import exposure_totals
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.strategy import decide, wager_results
from analyzer.games.exposure import expose
from analyzer.games.rules import OUTCOMES, RulesError, load_game
from analyzer.protection.procedure_risk import (
    PLAYER_ADVANTAGE,
    UNCERTAIN,
    procedure_risk,
    procedure_risk_table,
)
from analyzer.reports.workbook import build_workbook


# -- the rules override ---------------------------------------------------------
def test_an_exposed_card_is_one_more_up_card():
    crazy4 = load_game("crazy4")
    exposed = expose(crazy4, 1)
    assert (exposed.dealer_up_cards, exposed.dealer_cards) == (1, 5)
    assert exposed.title == "Crazy 4 Poker, 1 dealer card exposed"
    assert exposed.input_hash != crazy4.input_hash
    assert expose(load_game("fourcardfever"), 1).dealer_up_cards == 2


def test_the_cache_key_holds_the_exposure():
    crazy4 = load_game("crazy4")
    assert len({enumeration_key(crazy4), enumeration_key(expose(crazy4, 1)), enumeration_key(expose(crazy4, 2))}) == 3


@pytest.mark.parametrize("cards", [0, 5])
def test_impossible_exposures_are_rules_errors(cards):
    with pytest.raises(RulesError, match="face-down cards can be exposed"):
        expose(load_game("crazy4"), cards)


# -- classes of exposed card sets -------------------------------------------------
def test_one_exposed_card_is_a_club_of_each_rank_four_times():
    cards, sizes = exposed_sets(1)
    assert cards.ravel().tolist() == [4 * rank for rank in range(13)]
    assert sizes.tolist() == [4] * 13


def test_two_exposed_cards_are_pairs_suited_and_offsuit():
    cards, sizes = exposed_sets(2)
    ranks_equal = cards[:, 0] // 4 == cards[:, 1] // 4
    suited = cards[:, 0] % 4 == cards[:, 1] % 4
    assert (ranks_equal.sum(), suited.sum(), (~ranks_equal & ~suited).sum()) == (13, 78, 78)
    assert set(sizes[ranks_equal].tolist()) == {6} and set(sizes[suited].tolist()) == {4}
    assert set(sizes[~ranks_equal & ~suited].tolist()) == {12}
    assert int(sizes.sum()) == comb(52, 2)


# -- one exposed set against a plain loop ------------------------------------------
def brute_force(rules, hand: tuple[int, ...], exposed: tuple[int, ...]) -> np.ndarray:
    """Dealer completions per outcome, looping over every hidden hand from the cards left."""
    rest = np.array([card for card in range(52) if card not in hand and card not in exposed])
    hidden = rest[combinations(len(rest), rules.dealer_cards - len(exposed))]
    whole = np.sort(np.column_stack([hidden, np.broadcast_to(exposed, (len(hidden), len(exposed)))]), axis=1)
    dealer = best_ranks_of(rules.ranking, whole)
    player = rules.ranking.best_rank_of(hand)
    qualifies = (dealer >= rules.dealer_qualifies.lowest_rank(rules.ranking) if rules.dealer_qualifies
                 else np.ones(len(dealer), dtype=bool))
    comparison = np.sign(player - dealer)  # 1 win, 0 tie, -1 lose
    outcome = np.where(qualifies, 3, 0) + 1 - comparison
    return np.bincount(outcome, minlength=len(OUTCOMES))


def samples(exposed: tuple[int, ...], named: list[str], count: int, seed: int) -> list[tuple[int, ...]]:
    """Named hands and random ones, none holding an exposed card."""
    generator = np.random.default_rng(seed)
    others = [card for card in range(52) if card not in exposed]
    return ([tuple(sorted(parse_cards(text))) for text in named]
            + [tuple(sorted(generator.choice(others, 5, replace=False).tolist())) for _ in range(count)])


CASES = {  # exposed set -> sampled player hands; K of clubs alone, then the suited pair K-A of clubs
    (44,): samples((44,), ["As Ah Ad Kd 2h", "Kh Qs 8d 4h 2s", "3d 3h 5s 5d 9h", "Ah Kh Qh Jh 2d"], 6, seed=3),
    (44, 48): samples((44, 48), ["Kd Kh 8s 4d 2c", "Qd Jh 8s 4d 2c", "9s 8s 7s 6s 5s"], 6, seed=5),
    # Four Card Fever: up-card K of clubs, and the A of clubs and 3 of diamonds flashed
    (5, 44, 48): samples((5, 44, 48), ["Kd Kh 8s 4d 2c", "As Ah Ad 3h 3s"], 4, seed=7),
}


@pytest.fixture(scope="module")
def chunks():
    """Crazy 4 Poker with one, then two, dealer cards seen, and Four Card Fever with three: the
    situations of one exposed set each."""
    rules = {1: expose(load_game("crazy4"), 1), 2: expose(load_game("crazy4"), 2),
             3: expose(load_game("fourcardfever"), 2)}
    return {exposed: (rules[len(exposed)], exposed_card_situations(rules[len(exposed)], exposed))
            for exposed in CASES}


def test_weights_add_up_to_every_player_hand_and_rows_to_every_dealer_hand(chunks):
    for exposed, (rules, situations) in chunks.items():
        assert int(situations.weights.sum()) == comb(52 - len(exposed), 5)
        assert situations.dealer_hands == comb(47 - len(exposed), rules.dealer_cards - len(exposed))
        assert (situations.outcome_counts.sum(axis=1) == situations.dealer_hands).all()
        assert (situations.up_card == exposed[0]).all()
        assert (situations.seen_cards is None) == (len(exposed) == 1)


def test_the_cycle_is_the_game_s_with_one_dealer_card_marked_seen():
    """52 seen cards x C(51, 5) player hands x C(46, 4) hidden = C(52, 5) x C(47, 5) deals x 5 seen positions."""
    _, sizes = exposed_sets(1)
    assert int(sizes.sum()) * comb(51, 5) * comb(46, 4) == comb(52, 5) * comb(47, 5) * 5


@pytest.mark.parametrize("exposed, hand", [(exposed, hand) for exposed, hands in CASES.items() for hand in hands])
def test_counts_and_every_decision_s_ev_equal_a_loop_over_every_dealer_completion(chunks, exposed, hand):
    rules, situations = chunks[exposed]
    suits = tuple(sorted({card % 4 for card in exposed}))
    index = int(np.flatnonzero(canonical_keys(situations.cards, suits)
                               == canonical_keys(np.array([hand]), suits)[0])[0])
    counts = brute_force(rules, hand, exposed)
    assert situations.outcome_counts[index].tolist() == counts.tolist()
    own = slice(index, index + 1)  # decide works row by row: the class's own row of the full table
    decisions = decide(rules, Situations(situations.cards[own], situations.weights[own], situations.best_rank[own],
                                         situations.outcome_counts[own], situations.dealer_hands))
    evs = decisions.expected_values(situations.dealer_hands)[0]
    row = Situations(situations.cards[index:index + 1], situations.weights[:1], situations.best_rank[index:index + 1],
                     counts[None, :], situations.dealer_hands)
    scale = decisions.scale  # results are whole numbers of 1/scale units
    per_outcome = {w.name: wager_results(w, row, scale)[0][0] for w in rules.wagers}  # per unit, by outcome
    for multiple, ev in zip(decisions.multiples, evs, strict=True):
        if ev is None:
            continue
        if multiple == 0:
            assert ev == sum(w.on_fold for w in rules.wagers)
            continue
        net = sum(per_outcome[w.name] * (multiple if w.role == "raise" else 1) for w in rules.wagers)
        assert ev == Fraction(int((net * counts).sum()), situations.dealer_hands * scale)


# -- the procedure risk table and the command line --------------------------------
def test_the_table_flags_a_player_advantage():
    table = procedure_risk_table([("normal play", Fraction(1, 30), "exhaustive"),
                                  ("1 dealer card exposed", Fraction(-1, 20), "exhaustive"),
                                  ("2 dealer cards exposed", None, "beyond the budget")])
    assert table["who has the edge"].tolist() == ["house", PLAYER_ADVANTAGE, ""]
    assert table["house edge per ante"].tolist() == ["3.333333%", "-5.000000%", "not computed"]


@pytest.mark.parametrize("arguments, message", [
    (["protect", "crazy4", "--exposed-dealer-cards", "3"], "invalid choice"),
    (["protect", "crazy4"], "required"),
    (["protect", "crazy4", "--exposed-dealer-cards", "1", "-o", "no/such/folder/r.xlsx"], "does not exist"),
])
def test_the_cli_refuses_with_one_line_and_exit_code_2(capsys, arguments, message):
    with pytest.raises(SystemExit) as stopped:
        cli.main(arguments)
    error = capsys.readouterr().err
    assert stopped.value.code == 2 and message in error and error.count("\n") == 1


def test_protect_prints_json_and_writes_a_procedure_risk_sheet(monkeypatch, capsys, tmp_path, crazy4, chunks):
    """A reduced problem: the 'exposed' game is the one where the seen card is the king of clubs."""
    rules, situations = chunks[(44,)]
    reduced = Analysis(rules, situations, decide(rules, situations))
    monkeypatch.setattr(OneDecisionEngine, "analyze", lambda self, rules, run: reduced if rules.dealer_up_cards else crazy4)
    monkeypatch.setattr(one_decision_protection, "COMMITTED_EDGES", tmp_path / "none.csv")
    output = tmp_path / "protect.xlsx"
    assert cli.run(["protect", "crazy4", "--exposed-dealer-cards", "1", "--json", "--quiet", "-o", str(output)]) == 0
    printed = capsys.readouterr().out
    figures = json.loads(printed[:printed.rindex("}") + 1])
    risk = {row["procedure"]: row for row in figures["procedure_risk"]}
    assert risk["normal play"]["exact"] == "264142729/7726058340"
    assert risk["1 dealer card exposed"]["exact"] == str(reduced.main_figures()["house_edge_per_ante"])
    assert risk["2 dealer cards exposed"]["house edge per ante"] == "not computed"
    sheet = openpyxl.load_workbook(output)["Procedure risk"]
    assert [sheet.cell(row, 1).value for row in (3, 4, 5)] == ["normal play", "1 dealer card exposed",
                                                               "2 dealer cards exposed"]


def test_the_golden_edges_start_from_the_normal_game(crazy4):
    """enumerations/protect/edges.csv holds the measured full runs; its normal-play row is the main analysis."""
    with open(Path(__file__).resolve().parents[3] / "enumerations" / "protect" / "edges.csv") as handle:
        rows = {(row["game"], int(row["exposed_dealer_cards"])): row for row in csv.DictReader(handle)}
    assert Fraction(rows["crazy4", 0]["house_edge_per_ante"]) == crazy4.main_figures()["house_edge_per_ante"]
    assert int(rows["crazy4", 1]["cycle"]) == 5 * crazy4.cycle  # one of the dealer's five cards marked seen
    assert Fraction(rows["crazy4", 1]["house_edge_per_ante"]) < Fraction(rows["crazy4", 0]["house_edge_per_ante"])
    # Four Card Fever: the seen cards are alike, so the up-card plus k of the 5 face-down ones count C(5, k) / (k + 1)
    # times each normal deal (C(52,5) * 47 * C(46,5) of them)
    normal = comb(52, 5) * 47 * comb(46, 5)
    assert [Fraction(int(rows["fourcardfever", k]["cycle"]), normal) for k in (1, 2)] == [Fraction(5, 2), Fraction(10, 3)]
    assert Fraction(rows["fourcardfever", 2]["house_edge_per_ante"]) < 0  # two flashed: the player's game


# -- two seen cards: the figures summed one class of exposed cards at a time -------------
@pytest.mark.slow
def test_class_by_class_totals_equal_the_full_analysis_of_those_classes(tmp_path, monkeypatch):
    rules = expose(load_game("crazy4"), 2)
    cards, sizes = exposed_sets(2)
    chosen = [0, 100]
    totals = exposure_totals(rules, folder=tmp_path, classes=chosen)
    parts = [exposed_card_situations(rules, tuple(int(card) for card in cards[index])) for index in chosen]
    whole = Situations(
        cards=np.concatenate([part.cards for part in parts]),
        weights=np.concatenate([part.weights * int(sizes[index]) for part, index in zip(parts, chosen, strict=True)]),
        best_rank=np.concatenate([part.best_rank for part in parts]),
        outcome_counts=np.concatenate([part.outcome_counts for part in parts]),
        dealer_hands=parts[0].dealer_hands,
        up_card=np.concatenate([part.up_card for part in parts]),
        seen_cards=np.concatenate([part.seen_cards for part in parts]))
    full = Analysis(rules, whole, decide(rules, whole)).main_figures()
    found = totals.figures()
    assert found["cycle"] == whole.cycle
    for name in ("house_edge_per_ante", "element_of_risk", "average_total_bet"):
        assert found[name] == full[name]
    assert found["actions"] == full["actions"]
    # resumed from the saved class totals: nothing is enumerated again
    monkeypatch.setattr("analyzer.engines.one_decision.exposure_figures.class_totals", lambda *_: pytest.fail("recomputed"))
    assert exposure_totals(rules, folder=tmp_path, classes=chosen) == totals


def test_the_risk_table_uses_the_committed_edges_when_nothing_is_cached(crazy4):
    rules = load_game("crazy4")
    table = procedure_risk(rules, Run(), {0: crazy4.main_figures()["house_edge_per_ante"]})
    with open(COMMITTED_EDGES) as handle:
        committed = {int(row["exposed_dealer_cards"]): row["house_edge_per_ante"]
                     for row in csv.DictReader(handle) if row["game"] == "crazy4"}
    row = table.set_index("procedure").loc["1 dealer card exposed"]
    assert row["exact"] == committed[1] and "committed" in row["method"]
    changed = load_game("crazy4", {"super_bonus_without_qualifier": "push"})
    row = procedure_risk(changed, Run(), {0: crazy4.main_figures()["house_edge_per_ante"]}) \
        .set_index("procedure").loc["1 dealer card exposed"]
    assert row["house edge per ante"] == "not computed"  # committed figures hold for the game as shipped only


# -- Ultimate Texas Hold'em: the dealer's hole cards seen (committed full runs) ----------------
def test_the_hold_em_risk_table_shows_the_committed_exposure_as_a_player_advantage(uth):
    table = procedure_risk(uth.rules, Run(), {0: uth.main_figures()["house_edge_per_ante"]}).set_index("procedure")
    assert table.loc["normal play", "house edge per ante"] == "2.184971%"
    seen = table.loc["1 dealer hole card seen"]
    assert seen["exact"] == "-8592081451/63213204600" and seen["who has the edge"] == PLAYER_ADVANTAGE
    assert "committed" in seen["method"]
    both = table.loc["both dealer hole cards seen"]
    assert both["exact"] == "-2682750886069/6953452506000" and both["who has the edge"] == PLAYER_ADVANTAGE
    assert table.loc["1 colluding player", "who has the edge"] == "house"
    # six colluders: 0.50% estimated, but 4 sampled pre-flop deals (Student's t, 3 d.f.) leave 0 inside the interval
    assert table.loc["6 colluding players", "who has the edge"] == UNCERTAIN
    book = build_workbook(uth, [], None, None, table.reset_index())
    sheet = book["Procedure risk"]
    assert [sheet.cell(row, 1).value for row in (3, 4, 5, 6, 11)] == [
        "normal play", "1 dealer hole card seen", "both dealer hole cards seen", "1 colluding player",
        "6 colluding players"]


def test_protect_uth_prints_the_committed_figures_and_writes_both_tables(capsys, tmp_path):
    output = tmp_path / "uth-seen.xlsx"
    assert cli.run(["protect", "uth", "--exposed-dealer-cards", "1", "--json", "--quiet", "-o", str(output)]) == 0
    captured = capsys.readouterr()
    printed = captured.out
    figures = json.loads(printed[:printed.rindex("}") + 1])
    assert figures["house_edge_per_ante"] == "-8592081451/63213204600"
    assert figures["actions"]["pre-flop 3x"] == "0"
    assert "PLAYER ADVANTAGE" in captured.err
    book = openpyxl.load_workbook(output)
    assert book.sheetnames == ["Procedure risk", "Pre-flop"]
    assert book["Pre-flop"].max_row == 2 + 5083  # title, header, one row per (starting hand, seen card) class


def test_protect_uth_with_both_hole_cards_seen_reads_the_committed_run(capsys):
    assert cli.run(["protect", "uth", "--exposed-dealer-cards", "2", "--json", "--quiet"]) == 0
    printed = capsys.readouterr().out
    figures = json.loads(printed[:printed.rindex("}") + 1])
    assert figures["house_edge_per_ante"] == "-2682750886069/6953452506000"
    assert Fraction(figures["actions"]["pre-flop 4x"]) + Fraction(figures["actions"]["pre-flop check"]) == 1
