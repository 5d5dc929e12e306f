"""One or both dealer hole cards seen from the start in a Hold'em game over streets
(analyzer/engines/holdem/street_exposure.py): the classes of flops and hole pairs with the seen cards' suits fixed,
a class representative's results against every flop of its class (the kernel's values against a plain loop over
every deal: tests/engines/holdem/test_streets.py), the cycle, a dealer hand's run against the committed run of an
independent kernel, and the committed full runs against the published figures."""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer.core.cards import DECK_SIZE, combinations, parse_cards
from analyzer.engines.base import COMMITTED, EXHAUSTIVE, Run
from analyzer.core.isomorphism import suit_classes
from analyzer.engines.holdem.enumeration import FlopClasses, pair_index
from analyzer.engines.holdem import street_exposure
from analyzer.engines.holdem.street_exposure import (
    DealerView,
    SeenCardClasses,
    deals_per_view,
    combined_counts,
    dealer_views,
    seen_card_classes,
    seen_cycle,
    seen_hand_counts,
)
from analyzer.engines.holdem.street_game import StreetAnalysis
from analyzer.engines.holdem.streets import as_streets
from analyzer.engines.registry import engine_for
from analyzer.games.rules import load_game


def test_the_cycle_is_jacobson_s():
    # hole pair, seen card, flop, turn, river, the dealer's other card (E. Jacobson's THB run with one card seen)
    assert seen_cycle(1) == 111_255_240_096_000
    # both seen, the turn and the river as a pair: the normal game's deals, in another order
    assert seen_cycle(2, turn_river_orders=1) == comb_pairs(52) * comb_pairs(50) * 17_296 * comb_pairs(45)


def test_the_dealer_views_cover_every_seen_card_and_hand_once():
    assert sum(view.weight for view in dealer_views(1)) == 52
    views = dealer_views(2)
    assert sum(view.weight for view in views) == comb_pairs(52) and len(views) == 169
    assert all(view.seen[0] < view.seen[1] for view in views)


@pytest.mark.parametrize("seen", ["2c", "Ac", "7h"])
def test_classes_cover_every_flop_and_hole_pair(seen):
    card = parse_cards(seen)[0]
    classes = seen_card_classes((card,))
    assert int(classes.flops.weights.sum()) == 20_825 and not (classes.flops.cards == card).any()
    assert int(classes.hole_sizes.sum()) == 1_326
    # a relabelling of the three other suits keeps a hole pair's class
    pairs = combinations(DECK_SIZE, 2)
    others = [suit for suit in range(4) if suit != card & 3]
    swap = np.arange(4)
    swap[others[0]], swap[others[1]] = others[1], others[0]
    relabelled = np.sort((pairs & ~3) | swap[pairs & 3], axis=1)
    assert np.array_equal(classes.hole_class[[pair_index(*p) for p in relabelled]], classes.hole_class)


def thb():
    return as_streets(load_game("thb"))


def test_a_class_representative_stands_for_every_flop_of_its_class(monkeypatch):
    """The counts of a few flop classes, each representative weighted, equal those of every flop of the classes
    counted once each (the kernel itself is checked against a plain loop over every deal with a seen card in
    tests/engines/holdem/test_streets.py)."""
    rules, seen = thb(), parse_cards("9c")[0]
    classes = seen_card_classes((seen,))
    chosen = np.array([0, 7, 123])
    weighted = seen_hand_counts(rules, DealerView((seen,), 1), flop_class_indices=chosen)
    flops = combinations(DECK_SIZE, 3).astype(np.int64)
    flops = flops[(flops != seen).all(axis=1)]
    keys = suit_classes(flops, fixed_suits=(seen & 3,))
    members = flops[np.isin(keys.class_of, chosen)]
    assert len(members) == int(classes.flops.weights[chosen].sum())
    every_flop = SeenCardClasses((seen,), FlopClasses(members, np.ones(len(members), dtype=np.int64)),
                                 classes.hole_class, classes.hole_sizes)
    monkeypatch.setattr(street_exposure, "seen_card_classes", lambda cards: every_flop)
    every = seen_hand_counts(rules, DealerView((seen,), 1))
    for name in ("root_values", "showdown", "folds", "taken", "final_outcomes"):
        assert np.array_equal(getattr(weighted.counts, name), getattr(every.counts, name)), name
    assert int(every.counts.final_outcomes.sum()) == len(members) * comb_pairs(48) * 46 * 45 * 44


def comb_pairs(n: int) -> int:
    return n * (n - 1) // 2


def test_deals_per_hole_and_seen_cards():
    assert deals_per_view(1) == 18_424 * 46 * 45 * 44
    assert Fraction(seen_cycle(1), deals_per_view(1)) == 52 * 1275
    assert Fraction(seen_cycle(2), deals_per_view(2)) == comb_pairs(52) * comb_pairs(50)


@pytest.fixture
def reduced(monkeypatch):
    """The exposure over two flop classes per seen card or hand: every code path of a full run, in seconds."""
    original = street_exposure.seen_hand_counts

    def two_classes(rules, view, jobs=1, progress=False, checkpoint_dir=None, flop_class_indices=None):
        return original(rules, view, jobs, progress, checkpoint_dir, flop_class_indices=np.arange(2))
    monkeypatch.setattr(street_exposure, "seen_hand_counts", two_classes)


def test_the_engine_gives_the_exposure_figures_and_pre_flop_table(reduced, tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    rules = load_game("thb")
    exposure = engine_for(rules).exposure(rules, 1, Run(cache=False))
    assert exposure.title.startswith("Texas Hold'em Bonus, 1 dealer hole card seen: exact")
    figures = exposure.figures
    assert set(figures["actions"]) == {"pre-flop fold", "pre-flop flop bet 2x", "flop check", "flop turn bet 1x",
                                       "turn check", "turn river bet 1x"}
    (sheet, _, preflop), = exposure.tables
    # every (starting hand, seen card) class once: 52 seen cards by 1,275 hole pairs
    assert sheet == "Pre-flop" and int(preflop["combinations"].sum()) == 52 * 1275 and len(preflop) == 5083
    assert set(preflop["seen_suit"]) == {"suit of both", "suit of the higher card", "suit of the lower card",
                                         "suit of a hole card", "other suit"}


def test_both_dealer_cards_seen_give_the_figures_and_a_table_per_dealer_hand(reduced, tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    rules = load_game("thb")
    exposure = engine_for(rules).exposure(rules, 2, Run(cache=False))
    assert exposure.title.startswith("Texas Hold'em Bonus, both dealer hole cards seen: exact")
    assert {"pre-flop fold", "pre-flop flop bet 2x", "turn river bet 1x"} <= set(exposure.figures["actions"])
    (_, _, preflop), = exposure.tables
    # every (starting hand, dealer starting hand) once, each hole pair and dealer pair counted once
    assert len(preflop) == 169 * 169 and int(preflop["combinations"].sum()) == comb_pairs(52) * comb_pairs(50)
    assert (preflop["fold"] + preflop["flop bet 2x"] == preflop["combinations"]).all()
    assert (preflop["ev_best"] >= -1).all()   # folding costs the ante


def test_the_risk_rows_say_what_is_known(reduced):
    rules = load_game("casinoholdem")
    engine = engine_for(rules)
    assert engine.exposure_problem(rules, 1) is None and engine.exposure_problem(rules, 2) is None
    rows = engine.exposure_rows(rules, Run(), {0: Fraction(1, 50), 1: Fraction(-1, 10)})
    assert [row[:2] for row in rows] == [("normal play", Fraction(1, 50)), ("1 dealer hole card seen", Fraction(-1, 10)),
                                         ("both dealer hole cards seen", Fraction(-742288891, 3241702800))]
    assert rows[2][2] == EXHAUSTIVE + COMMITTED  # enumerations/protect/casinoholdem_exposed_2.json


def test_the_committed_runs_give_jacobson_s_figure_and_read_back():
    """THB with one dealer card seen, every deal (2,648 s on two shared cores): a player edge of 7.607007%, the
    7.61% E. Jacobson published; Casino Hold'em's has no published figure."""
    thb_rules, casino = load_game("thb"), load_game("casinoholdem")
    exposure = engine_for(thb_rules).exposure(thb_rules, 1, Run())
    assert exposure.figures["house_edge_per_ante"] == Fraction(-1057899189443, 13906905012000)
    assert round(float(exposure.figures["house_edge_per_ante"]) * 100, 2) == -7.61
    assert exposure.figures["cycle"] == seen_cycle(1)
    (_, _, preflop), = exposure.tables
    assert len(preflop) == 5083 and preflop["combinations"].astype(int).sum() == 52 * 1275
    assert engine_for(casino).exposure(casino, 1, Run()).figures["house_edge_per_ante"] == \
        Fraction(-165610697951, 1738363126500)


def test_the_risk_table_of_a_street_game_shows_the_committed_colluder_estimates():
    """enumerations/protect/colluders.csv (scripts/protect_colluders.py thb:1-6 casinoholdem:1-6): 20,000 samples
    a row; with six colluders THB's edge falls from 2.036922% to about 1.62%."""
    from analyzer.protection.procedure_risk import procedure_risk

    table = procedure_risk(load_game("thb"), Run())
    methods = dict(zip(table["procedure"], table["method"], strict=True))
    assert methods["2 colluding players"].startswith("ESTIMATE, not exhaustive: the 4 known cards used on the flop, ")
    assert "upper bound" in methods["2 colluding players"] and "(committed" in methods["2 colluding players"]
    edges = dict(zip(table["procedure"], table["house edge per ante"], strict=True))
    assert edges["6 colluding players"] == "1.619129%"
    assert table["procedure"].tolist()[1] == "1 dealer hole card seen"


def uth_variant():
    """UTH with another Blind table (examples/uth-blind-paytables.toml)."""
    return load_game("uth", paytable_files=(Path(__file__).resolve().parents[3] / "examples" /
                                            "uth-blind-paytables.toml",))


def test_a_variant_s_risk_rows_do_not_borrow_the_shipped_game_s_committed_runs():
    """The committed runs with dealer cards seen are the shipped game's, so the variant's rows do not show them:
    with one card or both seen, the streets kernel's runs from the variant's rules, not computed yet."""
    variant = uth_variant()
    rows = engine_for(variant).exposure_rows(variant, Run(), {0: Fraction(1, 50)})
    assert [row[1] for row in rows] == [Fraction(1, 50), None, None]
    for seen in (1, 2):
        assert rows[seen][2] == f"not computed yet: run analyzer protect uth --exposed-dealer-cards {seen} --no-cache"


def test_a_variant_with_one_card_seen_is_the_streets_kernel_s_run(reduced, tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    variant = uth_variant()
    exposure = engine_for(variant).exposure(variant, 1, Run(cache=False))
    assert exposure.title.startswith("Ultimate Texas Hold'em, 1 dealer hole card seen: exact")
    (_, _, preflop), = exposure.tables
    assert int(preflop["combinations"].sum()) == 52 * 1275


# --------------------------------------------------------------------------- Ultimate Texas Hold'em's committed runs

PROTECT = Path(__file__).resolve().parents[3] / "enumerations" / "protect"


def frequencies_add_up(figures: dict[str, str]) -> dict[str, Fraction]:
    """The committed action frequencies, each decision point's adding up to 1 (the flop's and the river's over
    the hands that reach them)."""
    frequencies = {name: Fraction(value) for name, value in figures.items() if name.startswith("frequency ")}
    assert sum(share for name, share in frequencies.items() if name.startswith("frequency pre-flop")) == 1
    return frequencies


def test_uth_with_one_card_seen_committed():
    """enumerations/protect/uth_exposed_1.json (scripts/street_exposure.py --game uth): every deal of the cycle, a
    player advantage of 13.592226% (normal play: a 2.184971% house edge), 3x never the choice, a consistent
    table."""
    figures = json.loads((PROTECT / "uth_exposed_1.json").read_text(encoding="utf-8"))
    assert int(figures["cycle"]) == seen_cycle(1, turn_river_orders=1) and figures["complete"] is True
    edge = Fraction(figures["house_edge_per_ante"])
    assert edge == Fraction(-8592081451, 63213204600) < 0 < Fraction(figures["normal_house_edge_per_ante"])
    frequencies = frequencies_add_up(figures)
    assert frequencies["frequency pre-flop 3x"] == 0
    with open(PROTECT / "uth_exposed_1_preflop.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    views = 52 * 1275
    assert len(rows) == 5083 and sum(int(row["combinations"]) for row in rows) == views
    raised = sum(int(row["combinations"]) for row in rows if row["decision"] == "4x")
    assert Fraction(raised, views) == frequencies["frequency pre-flop 4x"]
    for row in rows:
        evs = {choice: Fraction(row[f"EV {choice}"]) for choice in ("check", "3x", "4x")}
        assert evs[row["decision"]] == max(evs.values())
    # every (hole, seen card) stands for as many deals: the mean of the best EVs is the player's edge
    best = sum(int(row["combinations"]) * Fraction(row["EV " + row["decision"]]) for row in rows)
    assert best / views == -edge


# the games with a committed run with both dealer cards seen, and how their turn and river are dealt (UTH: together)
BOTH_SEEN_RUNS = {"uth": 1, "casinoholdem": 2}


@pytest.mark.parametrize("game", sorted(BOTH_SEEN_RUNS))
def test_a_committed_run_with_both_cards_seen_adds_up(game):
    """enumerations/protect/GAME_exposed_2.json: every deal of the cycle, a larger player advantage than with one
    card seen; its pre-flop table has a row per (starting hand, dealer hand) class, each class's combinations
    split among the pre-flop choices as the committed frequencies say, and the mean best EV is the player's
    edge."""
    figures = json.loads((PROTECT / f"{game}_exposed_2.json").read_text(encoding="utf-8"))
    assert int(figures["cycle"]) == seen_cycle(2, turn_river_orders=BOTH_SEEN_RUNS[game])
    assert figures["complete"] is True
    edge = Fraction(figures["house_edge_per_ante"])
    one_card = json.loads((PROTECT / f"{game}_exposed_1.json").read_text(encoding="utf-8"))
    assert edge < Fraction(one_card["house_edge_per_ante"]) < 0 < Fraction(figures["normal_house_edge_per_ante"])
    frequencies = {name: Fraction(value) for name, value in figures.items() if name.startswith("frequency ")}
    with open(PROTECT / f"{game}_exposed_2_preflop.csv", encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        rows = list(reader)
    fields = list(reader.fieldnames or ())
    choices = fields[fields.index("combinations") + 1:fields.index("ev_best")]
    views = comb_pairs(52) * comb_pairs(50)
    assert len(rows) == 169 * 169 and sum(int(row["combinations"]) for row in rows) == views
    assert all(sum(int(row[choice]) for choice in choices) == int(row["combinations"]) for row in rows)
    for choice in choices:
        if f"frequency pre-flop {choice}" in frequencies:
            assert Fraction(sum(int(row[choice]) for row in rows), views) == frequencies[f"frequency pre-flop {choice}"]
    best = sum(int(row["combinations"]) * Fraction(row["ev_best"]) for row in rows)
    assert best / views == -edge


def test_uth_with_both_cards_seen_is_jacobson_s():
    """-38.581566% per ante; Eliot Jacobson published a 38.5816% player edge, 4x on 34.7368% of hands ("Ultimate
    Texas Hold'em Hole-Card Play: Two Dealer Cards", 2015)."""
    figures = json.loads((PROTECT / "uth_exposed_2.json").read_text(encoding="utf-8"))
    assert Fraction(figures["house_edge_per_ante"]) == Fraction(-2682750886069, 6953452506000)
    assert round(float(Fraction(figures["frequency pre-flop 4x"])) * 100, 4) == 34.7368
    assert frequencies_add_up(figures)["frequency pre-flop 3x"] == 0


def test_casino_holdem_with_both_cards_seen():
    """A player advantage of 22.898117% per ante (normal play: a 2.157646% house edge, one card seen: -9.526818%),
    the flop call made on 68.44% of hands (81.99% normally); no published figure to hold it against."""
    figures = json.loads((PROTECT / "casinoholdem_exposed_2.json").read_text(encoding="utf-8"))
    assert Fraction(figures["house_edge_per_ante"]) == Fraction(-742288891, 3241702800)
    assert Fraction(figures["frequency flop call 2x"]) == Fraction(4807205461, 7023689400)
    assert Fraction(figures["frequency flop call 2x"]) + Fraction(figures["frequency flop fold"]) == 1


@pytest.mark.slow
def test_a_dealer_hand_s_run_equals_the_committed_run_of_an_independent_kernel():
    """The committed run with both cards seen was made by a kernel of its own (per flop, every hole pair against
    every dealer pair, since replaced by this one). With the dealer's AKs seen (every one of its 4,494 flop
    classes; about 16 s on two cores), every starting hand's combinations per pre-flop choice and best EV are the
    committed row's, exactly."""
    rules = as_streets(load_game("uth"))
    view = next(view for view in dealer_views(2) if view.seen == tuple(sorted(parse_cards("Ac Kc"))))
    hand = seen_hand_counts(rules, view, jobs=2)
    game = street_exposure.ExposedStreetGame(rules, 2, (hand,), StreetAnalysis(rules, combined_counts((hand,))), 0.0)
    table = game.dealer_hand_table().set_index("hand")
    committed = pd.read_csv(PROTECT / "uth_exposed_2_preflop.csv", dtype=str)
    committed = committed[committed["dealer"] == "AKs"].set_index("hand")
    assert len(table) == 169 and set(table["dealer"]) == {"AKs"}
    for name, row in table.iterrows():
        other = committed.loc[name]
        assert [int(other[column]) for column in ("combinations", "check", "3x", "4x")] == \
            [row[column] for column in ("combinations", "check", "3x", "4x")]
        assert Fraction(other["ev_best"]) == row["ev_best"]
