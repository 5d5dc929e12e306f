"""Ultimate Texas Hold'em through the shared results, report and CLI, from the committed counts.

The enumeration itself is tested on reduced problems in tests/engines/holdem/test_streets.py; here
the full run's counts (enumerations/uth/) feed the same tables and figures as
every other game.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import openpyxl
import pytest

import analyzer.cli.main as cli
from analyzer.engines.holdem.street_engine import StreetHoldemEngine

ORDERED_CYCLE = comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2)


def test_the_cycle_orders_the_board_into_flop_and_turn_river(uth):
    assert uth.cycle == ORDERED_CYCLE == 10 * comb(52, 2) * comb(50, 5) * comb(45, 2)


def test_every_table_sums_to_the_cycle(uth):
    tables = [uth.return_table()] + [uth.wager_table(w) for w in uth.rules.wagers]
    tables += [uth.side_bet_table(b, p) for b in uth.rules.side_bets for p in b.paytables.values()]
    for table in tables:
        assert int(table["combinations"].sum()) == uth.cycle
        assert sum(table["probability"]) == 1


def test_published_figures(uth):
    figures = uth.main_figures()
    assert round(float(figures["house_edge_per_ante"]) * 100, 3) == 2.185
    assert round(float(figures["element_of_risk"]) * 100, 2) == 0.53
    trips = uth.side_bet_figures()["trips"]["50-40-30-8-7-4-3"]
    assert round(float(trips["house_edge"]) * 100, 2) == 3.50


def test_wager_returns_add_up_to_the_net(uth):
    assert sum(uth.wager_returns().values()) == -uth.main_figures()["house_edge_per_ante"]


def test_blind_pays_only_when_the_player_wins(uth):
    blind = uth.wager_table(next(w for w in uth.rules.wagers if w.name == "blind"))
    rows = dict(zip(blind["outcome"], blind["pays"], strict=True))
    assert rows["player beats the dealer: Royal flush"] == 500
    assert rows["player beats the dealer: Flush"] == Fraction(3, 2)
    assert rows["dealer beats the player: Flush"] == -1
    assert rows["player ties the dealer: Straight"] == 0
    assert rows["player beats the dealer"] == 0  # below a straight the Blind pushes


def test_decision_points_and_strategy_facts(uth):
    points = uth.main_figures()["decision_points"]
    assert points["pre-flop"]["3x"] == 0  # 3x is never better than 4x or checking
    assert sum(points["pre-flop"].values()) == 1
    assert sum(points["flop"].values()) == points["pre-flop"]["check"]
    assert sum(points["river"].values()) == points["flop"]["check"]
    chart = uth.preflop_chart().set_index("suited above, offsuit below")
    assert chart.loc["A", "A"] == "4x" and chart.loc["2", "2"] == "check"  # every pair but deuces raises
    assert chart.loc["K", "2"] == "4x" and chart.loc["2", "K"] == "check"  # K2 suited raises, offsuit not
    assert (chart.loc["A"] == "4x").all()  # every ace raises


def test_cli_json_and_report(uth, monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(StreetHoldemEngine, "analyze", lambda self, rules, run: uth)
    with pytest.raises(SystemExit):
        cli.main(["analyze", "uth", "--json", "--quiet"])
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == "uth" and Fraction(figures["cycle"]) == ORDERED_CYCLE
    assert set(figures["main"]["decision_points"]) == {"pre-flop", "flop", "river"}
    assert figures["strategy"]["posted_rule"].startswith("pre-flop: 4x with 33+, A2+") and figures["warnings"] == []
    assert Fraction(figures["strategy"]["posted_rule_cost_per_ante"]) == Fraction(4552857539, 2317817502000)
    path = tmp_path / "uth.xlsx"
    with pytest.raises(SystemExit) as exit_:
        cli.main(["report", "uth", "-o", str(path), "--quiet"])
    assert exit_.value.code == 0
    book = openpyxl.load_workbook(path)
    assert {"Summary", "Return table", "Ante", "Blind", "Play", "Strategy"} <= set(book.sheetnames)
    strategy = [row for row in book["Strategy"].iter_rows(values_only=True) if any(row)]
    assert any(row[0] and str(row[0]).startswith("Pre-flop") for row in strategy)
