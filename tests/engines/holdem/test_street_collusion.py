"""Colluders in the Hold'em games (analyzer/engines/holdem/street_collusion.py, colluder_preflop.py): a sampled
deal's gain against a plain recursion over every turn, river and dealer hand; with nothing known, no gain and the
analysis's own flop choice; the pre-flop gain of a reduced deck against plain recursions over every flop; the
estimate's arithmetic; the committed estimates and the estimate from the command line."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import pytest

import analyzer.cli.main as cli
from analyzer.core.cards import parse_cards
from analyzer.engines.base import CollusionOptions, Run
from analyzer.engines.holdem.colluder_preflop import deals_per_hole, preflop_gain, random_colluder_cards
from analyzer.engines.holdem.enumeration import HAND_CLASS_OF, pair_index
from analyzer.engines.holdem.street_collusion import (
    DEFAULT_PREFLOP_SAMPLES,
    StreetCollusionEstimate,
    deals_below_flop,
    flop_state_of,
    information_gain,
    sampled_deals,
)
from analyzer.engines.holdem.street_game import game_plan
from analyzer.engines.holdem.street_player import flop_class_of
from analyzer.engines.holdem.streets import FOLDS
from analyzer.engines.registry import engine_for
from analyzer.games.rules import load_game
from tests.engines.holdem.test_street_player import packed, plain_best, streets_of
from analyzer.protection.procedure_risk import procedure_risk
from tests.engines.holdem.test_streets import board_outcomes_by_dealer, plain_values


def plain_gain(plan, nets, qualify, hole, flop, known, state):
    """(gain, normal flop choice) by the definition: the normal player's choices take every unseen card into
    account (the known ones too), the informed player's the cards really left; both are valued over the turns,
    rivers and dealer hands with no known card."""
    rest = [card for card in range(52) if card not in set(hole) | set(flop)]
    live = [card for card in rest if card not in known]
    dealers, live_dealers = comb(len(rest) - 2, 2), comb(len(live) - 2, 2)

    @cache
    def outcomes(low, high, dead):
        return board_outcomes_by_dealer(hole, [*flop, low, high], qualify, dead=dead)

    def river_options(state, t, r, dead, hands):
        counts, line = outcomes(min(t, r), max(t, r), dead)
        return [plan.fold_value[3, state] * hands if plan.next[3, state, a] == FOLDS else
                sum(int(counts[o]) * int(nets[line, o, 0] + plan.stake[4, plan.next[3, state, a]] * nets[line, o, 1])
                    for o in range(6)) for a in range(plan.allowed[3, state])]

    def river(state, t, r):
        """(normal value, followed value, best value) of a river state."""
        normal = river_options(state, t, r, (), dealers)
        choice = plain_best(normal, plan.larger)
        if t in known or r in known:
            return normal[choice], None, None
        informed = river_options(state, t, r, tuple(known), live_dealers)
        return normal[choice], informed[choice], max(informed)

    def turn(state, t):
        normal, followed, best = [], [], []
        for a in range(plan.allowed[2, state]):
            target = plan.next[2, state, a]
            if target == FOLDS:
                normal.append(plan.fold_value[2, state] * (len(rest) - 1) * dealers)
                followed.append(plan.fold_value[2, state] * (len(live) - 1) * live_dealers)
                best.append(followed[-1])
                continue
            below = [river(target, t, r) for r in rest if r != t]
            normal.append(sum(value[0] for value in below))
            if t not in known:
                followed.append(sum(value[1] for value in below if value[1] is not None))
                best.append(sum(value[2] for value in below if value[2] is not None))
        choice = plain_best(normal, plan.larger)
        return (normal[choice], None, None) if t in known else (normal[choice], followed[choice], max(best))

    normal, followed, best = [], [], []
    for a in range(plan.allowed[1, state]):
        target = plan.next[1, state, a]
        if target == FOLDS:
            normal.append(plan.fold_value[1, state] * len(rest) * (len(rest) - 1) * dealers)
            followed.append(plan.fold_value[1, state] * len(live) * (len(live) - 1) * live_dealers)
            best.append(followed[-1])
            continue
        below = [turn(target, t) for t in rest]
        normal.append(sum(value[0] for value in below))
        followed.append(sum(value[1] for value in below if value[1] is not None))
        best.append(sum(value[2] for value in below if value[2] is not None))
    choice = plain_best(normal, plan.larger)
    return max(best) - followed[choice], choice


def first_flop_state(plan):
    """The flop state of the first pre-flop action that plays on (THB: the flop bet; UTH: the check)."""
    return next(int(plan.next[0, 0, a]) for a in range(plan.allowed[0, 0]) if plan.next[0, 0, a] != FOLDS)


@pytest.mark.parametrize("game, hole, flop, known, gains", [
    ("casinoholdem", "6d 8s", "4c 9d Tc", "7h 6s Qd 7d", True),   # two of the gutshot's four sevens known
    ("casinoholdem", "8s 4h", "3h 3s Th", "Qs Qd 5c 4s", True),
    ("casinoholdem", "Qc 9h", "4s 5s Kd", "6s 7s", False),
    ("thb", "Qh Kh", "3c 6h Td", "6d 3d", True),                  # the board's pairing cards known
    ("thb", "Qs Jc", "4h 8s Tc", "Qh 2s 9c 4d", True),             # a queen and a nine, the player's outs, known
    ("uth", "Ks Ah", "6d 7c Qc", "Qh 9c", True),                   # a river decision
    ("uth", "9c Ah", "3c 5d Tc", "7c 7s", True),
])
def test_a_sample_s_gain_and_normal_flop_choice_equal_a_plain_recursion(game, hole, flop, known, gains):
    _, plan, nets, qualify = streets_of(game)
    hole, flop, known = parse_cards(hole), sorted(parse_cards(flop)), parse_cards(known)
    state = first_flop_state(plan)
    mask = np.zeros(52, dtype=np.bool_)
    mask[list(known)] = True
    fast = information_gain(hole[0], hole[1], np.array(flop, dtype=np.int64), mask, state, packed(plan), nets,
                            qualify)
    assert (int(fast[0]), int(fast[1])) == plain_gain(plan, nets, qualify, hole, flop, known, state)
    assert (fast[0] > 0) == gains


def test_with_nothing_known_there_is_no_gain_and_the_flop_choice_is_the_analysis_s(thb):
    rules, plan, nets, qualify = streets_of("thb")
    nothing = np.zeros(52, dtype=np.bool_)
    for deal in sampled_deals(0, 5, 0, 6):
        flop, (x, y) = np.sort(deal[:3]), deal[3:5]
        state = flop_state_of(plan, thb.counts.decision, int(x), int(y))
        if state == FOLDS:
            state = first_flop_state(plan)
        gain, choice = information_gain(int(x), int(y), flop, nothing, state, packed(plan), nets, qualify)
        flop_class, relabel = flop_class_of(flop)
        mx, my = (x & ~3) | relabel[x & 3], (y & ~3) | relabel[y & 3]
        low, high = min(mx, my), max(mx, my)
        assert gain == 0
        assert choice == thb.counts.flop_choice[flop_class, low + high * (high - 1) // 2, state]


def test_samples_are_distinct_cards_the_same_whatever_the_chunks():
    whole = sampled_deals(2, 1, 0, 10)
    assert whole.shape == (10, 9) and all(len(set(row)) == 9 for row in whole)
    assert np.array_equal(np.vstack([sampled_deals(2, 1, 0, 4), sampled_deals(2, 1, 4, 6)]), whole)
    assert deals_below_flop(2) == 43 * 42 * comb(41, 2)


def test_the_estimate_is_the_same_on_any_number_of_jobs_and_below_normal_play():
    rules = load_game("casinoholdem")
    engine = engine_for(rules)
    one, two = (engine.collusion(rules, 3, 4, Run(jobs, progress=False), CollusionOptions(120, preflop_samples=2))
                for jobs in (1, 2))
    assert one.mean_gain == two.mean_gain and one.switched == two.switched
    assert one.mean_gain > 0 and one.edge == one.normal_edge - one.mean_gain
    assert one.standard_error > 0


def test_a_game_without_a_pre_flop_decision_samples_no_pre_flop_deal_and_is_no_upper_bound():
    """Casino Hold'em's first choice is on the flop: the colluders' cards are worth nothing before it, so the
    flop-on part is the whole estimate, whatever ``preflop_samples`` asks."""
    rules = load_game("casinoholdem")
    engine = engine_for(rules)
    estimate = engine.collusion(rules, 1, 4, Run(1, progress=False), CollusionOptions(40, preflop_samples=3))
    assert not estimate.preflop_decides and estimate.preflop_gains == ()
    assert "no pre-flop decision" in estimate.method() and "upper bound" not in estimate.method()
    committed = engine.committed_collusion(rules, 1)
    assert committed is not None and "no pre-flop decision" in committed.method()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["uth", "thb"])
def test_the_pre_flop_gain_of_a_reduced_deck_equals_plain_recursions(game):
    """42 colluders' cards leave 10 to deal: every hole pair, flop, turn, river and dealer hand by the plain
    recursion of the kernel's tests, the normal pre-flop choice the analysis's."""
    rules, plan, nets, qualify = streets_of(game)
    scale = game_plan(rules)[2]
    preflop = np.arange(169) % int(plan.allowed[0, 0])      # a normal choice for each starting hand
    rest = parse_cards("As Ks Qs Js Ts 9h 9d 5c 2c 2d")
    colluders = tuple(card for card in range(52) if card not in rest)
    total = 0
    for hole in combinations(sorted(rest), 2):
        others = [card for card in rest if card not in hole]
        values = np.zeros(int(plan.allowed[0, 0]), dtype=np.int64)
        for flop in combinations(others, 3):
            values += plain_values(plan, nets, qualify, list(hole), list(flop), dead=colluders)[0]
        total += int(values.max() - values[preflop[HAND_CLASS_OF[pair_index(*hole)]]])
    assert deals_per_hole(42) == comb(8, 3) * 5 * 4 * comb(3, 2)
    expected = Fraction(total, comb(10, 2) * scale * deals_per_hole(42))
    assert preflop_gain(plan, nets, scale, qualify, preflop, colluders, jobs=2) == expected > 0


def test_colluder_deals_for_the_pre_flop_part_are_seeded():
    cards = random_colluder_cards(3, 1, 0)
    assert len(set(cards)) == 6 and cards == tuple(sorted(cards)) == random_colluder_cards(3, 1, 0)


def test_the_pre_flop_samples_add_their_mean_and_widen_the_interval():
    flop_on = StreetCollusionEstimate("uth", 1, 100, 1, Fraction(2, 100), Fraction(1, 1000), 1e-5, 5)
    both = StreetCollusionEstimate("uth", 1, 100, 1, Fraction(2, 100), Fraction(1, 1000), 1e-5, 5,
                                   preflop_gains=(Fraction(1, 10_000), Fraction(3, 10_000)))
    assert flop_on.edge == Fraction(19, 1000) and both.edge == Fraction(19, 1000) - Fraction(2, 10_000)
    assert both.preflop_standard_error == pytest.approx(1e-4)
    low, high = both.interval()
    assert high - low == pytest.approx(2 * math.hypot(1.959964 * 1e-5, 12.706 * 1e-4))
    assert "upper bound" in flop_on.method() and "2 sampled colluder deals" in both.method()


def test_uth_s_committed_estimates_use_the_cards_pre_flop_too():
    """enumerations/protect/colluders.csv (scripts/protect_colluders.py uth:1-6 --deals 20000 --preflop-samples 4):
    the exact normal edge, gains growing with the cards known, and the procedure risk table's rows."""
    rules = load_game("uth")
    engine = engine_for(rules)
    normal = engine.analyze(rules, Run()).main_figures()["house_edge_per_ante"]
    gains = []
    for colluders in range(1, 7):
        estimate = engine.committed_collusion(rules, colluders)
        assert isinstance(estimate, StreetCollusionEstimate) and len(estimate.preflop_gains) == 4
        assert estimate.normal_edge == normal and estimate.mean_gain > 0 and estimate.deals == 20_000
        gains.append(estimate.mean_gain + estimate.preflop_gain)
    assert gains == sorted(gains)  # more known cards, more information
    row = procedure_risk(rules, Run(), {0: normal}).set_index("procedure").loc["1 colluding player"]
    assert " to " in row["95% interval"] and "pre-flop: every flop enumerated for 4 sampled colluder deals" in \
        row["method"]


def test_protect_estimates_colluders_over_streets(capsys):
    assert cli.run(["protect", "thb", "--colluding-players", "2", "--deals", "60", "--preflop-samples", "0", "--json",
                    "--quiet"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["deals"] == 60 and printed["colluders"] == 2
    assert Fraction(printed["house_edge_per_ante_estimate"]) <= Fraction(printed["normal_house_edge_per_ante"])
    assert "flop, turn and river" in printed["method"]


def test_a_uth_variant_s_colluders_are_estimated_over_streets(tmp_path, monkeypatch):
    """UTH with another Blind table: its colluders come from the estimator over streets (here on the analysis of
    three flop classes, enough to take every code path)."""
    from pathlib import Path

    from analyzer.engines.holdem import street_engine

    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    original = street_engine.enumerate_played
    monkeypatch.setattr(street_engine, "enumerate_played", lambda rules, card, run: original(
        rules, card, run, flop_class_indices=range(3)))
    variant = load_game("uth", paytable_files=(Path(__file__).resolve().parents[3] / "examples" /
                                               "uth-blind-paytables.toml",))
    engine = engine_for(variant)
    assert engine.collusion_problem(variant) is None
    assert engine.collusion_options(variant).preflop_samples == DEFAULT_PREFLOP_SAMPLES
    estimate = engine.collusion(variant, 2, 1, Run(progress=False), CollusionOptions(deals=40, preflop_samples=0))
    assert estimate.deals == 40 and "flop, turn and river" in estimate.method()
    assert estimate.edge <= estimate.normal_edge
