"""One dealer hole card seen from the start in a Hold'em game over streets
(analyzer/engines/holdem/street_exposure.py): the classes of flops and hole pairs with the seen card's suit fixed,
a class representative's results against every flop of its class, the values against a plain loop over every
deal, the cycle, and the committed full run against the published figure."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from analyzer.core.cards import DECK_SIZE, combinations, parse_cards
from analyzer.engines.base import Run
from analyzer.core.isomorphism import suit_classes
from analyzer.engines.holdem.enumeration import FlopClasses, pair_index
from analyzer.engines.holdem import street_exposure
from analyzer.engines.holdem.street_exposure import (
    DEALS_PER_SEEN_HOLE,
    SEEN_CYCLE,
    SeenCardClasses,
    seen_card_classes,
    seen_rank_counts,
)
from analyzer.engines.holdem.streets import as_streets
from analyzer.engines.registry import engine_for
from analyzer.games.rules import load_game


def test_the_cycle_is_jacobson_s():
    # hole pair, seen card, flop, turn, river, the dealer's other card (E. Jacobson's THB run with one card seen)
    assert SEEN_CYCLE == 111_255_240_096_000


@pytest.mark.parametrize("seen", ["2c", "Ac", "7h"])
def test_classes_cover_every_flop_and_hole_pair(seen):
    card = parse_cards(seen)[0]
    classes = seen_card_classes(card)
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
    classes = seen_card_classes(seen)
    chosen = np.array([0, 7, 123])
    weighted = seen_rank_counts(rules, seen, flop_class_indices=chosen)
    flops = combinations(DECK_SIZE, 3).astype(np.int64)
    flops = flops[(flops != seen).all(axis=1)]
    keys = suit_classes(flops, fixed_suits=(seen & 3,))
    members = flops[np.isin(keys.class_of, chosen)]
    assert len(members) == int(classes.flops.weights[chosen].sum())
    every_flop = SeenCardClasses(seen, FlopClasses(members, np.ones(len(members), dtype=np.int64)),
                                 classes.hole_class, classes.hole_sizes)
    monkeypatch.setattr(street_exposure, "seen_card_classes", lambda card: every_flop)
    every = seen_rank_counts(rules, seen)
    for name in ("root_values", "showdown", "folds", "taken", "final_outcomes"):
        assert np.array_equal(getattr(weighted.counts, name), getattr(every.counts, name)), name
    assert int(every.counts.final_outcomes.sum()) == len(members) * comb_pairs(48) * 46 * 45 * 44


def comb_pairs(n: int) -> int:
    return n * (n - 1) // 2


def test_deals_per_hole_and_seen_card():
    assert DEALS_PER_SEEN_HOLE == 18_424 * 46 * 45 * 44
    assert Fraction(SEEN_CYCLE, DEALS_PER_SEEN_HOLE) == 52 * 1275


@pytest.fixture
def reduced(monkeypatch):
    """The exposure over two flop classes per seen card: every code path of a full run, in seconds."""
    original = street_exposure.seen_rank_counts

    def two_classes(rules, seen, jobs=1, progress=False, checkpoint_dir=None, flop_class_indices=None):
        return original(rules, seen, jobs, progress, checkpoint_dir, flop_class_indices=np.arange(2))
    monkeypatch.setattr(street_exposure, "seen_rank_counts", two_classes)


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


def test_both_dealer_cards_are_refused_and_the_risk_rows_say_what_is_known(reduced):
    rules = load_game("casinoholdem")
    engine = engine_for(rules)
    assert engine.exposure_problem(rules, 1) is None
    assert "not yet over streets" in (engine.exposure_problem(rules, 2) or "")
    rows = engine.exposure_rows(rules, Run(), {0: Fraction(1, 50), 1: Fraction(-1, 10)})
    assert [row[:2] for row in rows] == [("normal play", Fraction(1, 50)), ("1 dealer hole card seen", Fraction(-1, 10)),
                                         ("both dealer hole cards seen", None)]


def test_the_committed_runs_give_jacobson_s_figure_and_read_back():
    """THB with one dealer card seen, every deal (2,648 s on two shared cores): a player edge of 7.607007%, the
    7.61% E. Jacobson published; Casino Hold'em's has no published figure."""
    thb_rules, casino = load_game("thb"), load_game("casinoholdem")
    exposure = engine_for(thb_rules).exposure(thb_rules, 1, Run())
    assert exposure.figures["house_edge_per_ante"] == Fraction(-1057899189443, 13906905012000)
    assert round(float(exposure.figures["house_edge_per_ante"]) * 100, 2) == -7.61
    assert exposure.figures["cycle"] == SEEN_CYCLE
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
    """UTH with another Blind table, which its own kernel counts (examples/uth-blind-paytables.toml)."""
    from pathlib import Path
    return load_game("uth", paytable_files=(Path(__file__).resolve().parents[3] / "examples" /
                                            "uth-blind-paytables.toml",))


def test_a_variant_s_risk_rows_do_not_borrow_the_shipped_game_s_committed_runs():
    """The committed runs with dealer cards seen are the shipped game's, so the variant's rows do not show them:
    one card seen is the streets kernel's run, from the variant's rules (not computed yet), both are not
    worked out (why is said)."""
    variant = uth_variant()
    rows = engine_for(variant).exposure_rows(variant, Run(), {0: Fraction(1, 50)})
    assert [row[1] for row in rows] == [Fraction(1, 50), None, None]
    assert rows[1][2] == "not computed yet: run analyzer protect uth --exposed-dealer-cards 1 --no-cache"
    assert "not yet over streets" in rows[2][2]


def test_a_variant_with_one_card_seen_is_the_streets_kernel_s_run(reduced, tmp_path, monkeypatch):
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    variant = uth_variant()
    exposure = engine_for(variant).exposure(variant, 1, Run(cache=False))
    assert exposure.title.startswith("Ultimate Texas Hold'em, 1 dealer hole card seen: exact")
    (_, _, preflop), = exposure.tables
    assert int(preflop["combinations"].sum()) == 52 * 1275
