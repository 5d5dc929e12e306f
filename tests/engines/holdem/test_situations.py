"""Ultimate Texas Hold'em: the flop and river decisions by situation (made hand, draw, dealer outs).

Specification: the features of a situation, hand-checked; the kernel's
per-situation counts against plain loops over every board of a flop and
every concrete flop of a few flop classes; the committed full run's tables
against the totals they must add up to.
"""

from __future__ import annotations

import itertools
from math import comb
from pathlib import Path

import numpy as np
import pytest
from tests.engines.holdem.test_engine import plain_completions, plain_ranks
from tests.engines.holdem.test_posted import lines_of, made_key, slow_dealer_outs

from analyzer.core.cards import combinations, parse_cards
from analyzer.core.isomorphism import suit_classes
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem import situations
from analyzer.engines.holdem.features import (
    DRAWS,
    FLOP_MADE_HANDS,
    RIVER_MADE_HANDS,
    flop_features,
    flop_situation_codes,
    river_features,
)
from analyzer.engines.holdem.posted import SCALED_NETS
from analyzer.engines.holdem.results import load_counts

CARD = parse_cards
GOLDEN = Path(__file__).resolve().parents[3] / "enumerations" / "uth"
#: Flop classes of the reduced run: 2c 2d 2h (weight 4) and 5c 5d Jc (12).
REDUCED = [0, 700]


# --------------------------------------------------------------------------- features, by hand


@pytest.mark.parametrize("hole, flop, made, draw", [
    ("As Ad", "Kc 7h 2d", "pocket overpair", "no draw"),
    ("9s 9d", "Kc 7h 2d", "pocket pair below the top flop card", "no draw"),
    ("5s 5d", "Kc 7h 2d", "pocket pair below two flop cards", "no draw"),
    ("Ks 3d", "Kc 7h 2d", "top pair", "no draw"),
    ("7s 3d", "Kc 7h 2d", "second pair", "no draw"),
    ("2s Qd", "Kc 7h 2d", "bottom pair", "no draw"),
    ("As Qd", "Kc Kh 2d", "pair on the board", "no draw"),
    ("Ks Qd", "Kc Kh 2d", "three of a kind with a hole card", "no draw"),
    ("As Qd", "Kc Kh Kd", "three of a kind on the board", "no draw"),
    ("Ks 7d", "Kc 7h 2d", "two pair", "no draw"),
    ("Qs Jd", "Tc 9h 2d", "high card", "open-ended or double gutshot"),
    ("Qs 8d", "Tc 9h 2d", "high card", "gutshot"),
    ("As 2d", "3c 4h 9d", "high card", "gutshot"),           # the wheel needs a five
    ("Ah 3h", "Kh 8h 2c", "high card", "four-flush, hole card ten or better"),
    ("9h 3h", "Kh 8h 2c", "high card", "four-flush, hole card below ten"),
    ("Jh Th", "9h 8c 2h", "high card", "four-flush, hole card ten or better + open-ended or double gutshot"),
    ("Jh Th", "9h 8h 7h", "straight flush", "no draw"),
    ("Jh Td", "9h 8c 7h", "straight", "no draw"),           # a made straight draws to nothing here
    ("Jh 2h", "9h 8h 7h", "flush", "no draw"),
])
def test_flop_features(hole, flop, made, draw):
    assert flop_features(CARD(hole), CARD(flop)) == (made, draw)


@pytest.mark.parametrize("hole, board, made, outs", [
    ("Ac Kd", "8h 8s 2c 5d 3h", "pair, board plays", 11),       # 5s, 3s, 2s (9), an eight (2)
    ("8c Kd", "8h 8s 2c 5d 3h", "three of a kind, hole card plays", 0),  # 8d: trips, lower kickers
    ("Tc 3d", "Ah Qs 8d 6c 4h", "high card", 23),
    ("Tc 2d", "5h 6s 7d 8c 9h", "straight, hole card plays", 0),
    ("Ac Ad", "5h 6s 7d 8c 9h", "straight, board plays", 4),      # the board's straight; a ten beats it
    ("2c 3d", "As Ks Qs Js Ts", "royal flush, board plays", 0),
])
def test_river_features(hole, board, made, outs):
    assert river_features(CARD(hole), CARD(board)) == (made, outs)


def test_feature_names_are_distinct():
    assert len(set(FLOP_MADE_HANDS)) == len(FLOP_MADE_HANDS) == 17
    assert len(set(DRAWS)) == len(DRAWS) == 9
    assert len(set(RIVER_MADE_HANDS) - {"high card"}) == len(RIVER_MADE_HANDS) - 2


def test_situation_codes_match_single_situations():
    flop = np.asarray(sorted(CARD("Kh 9h 4h")), dtype=np.int64)
    made, draw = flop_situation_codes(flop[None, :])
    for x, y in [(0, 1), (4, 29), (50, 51), (12, 44)]:
        h = uth.pair_index(x, y)
        assert (FLOP_MADE_HANDS[made[0, h]], DRAWS[draw[0, h]]) == flop_features((x, y), flop)
    assert made[0, uth.pair_index(int(flop[0]), 51)] == -1


# --------------------------------------------------------------------------- the kernel against plain loops


@pytest.mark.slow
def test_river_summary_of_one_flop_against_every_board_and_hole_pair():
    """Every turn/river of one flop, every hole pair: features from the plain evaluator, decision
    from the (already brute-force-checked) dealer outcome counts."""
    flop = CARD("Kh 9h 4h")
    expected = np.zeros(uth.RIVER_SUMMARY_SHAPE, dtype=np.int64)
    rest = [card for card in range(52) if card not in flop]
    for turn, river in itertools.combinations(rest, 2):
        board = np.asarray(sorted(flop + (turn, river)), dtype=np.int64)
        pairs, ranks = plain_completions(board.tolist())
        outs = slow_dealer_outs(board, ranks, pairs[:, 0], pairs[:, 1])
        plays = made_key(ranks) > made_key(plain_ranks([board]))[0]
        lines = lines_of(ranks)
        made = 2 * lines + plays
        fast = uth.river_outcomes(board)
        position = np.empty(52 * 52, dtype=np.int64)
        position[fast.first * 52 + fast.second] = np.arange(len(fast.first))
        outcomes = fast.outcomes[position[pairs[:, 0] * 52 + pairs[:, 1]]]
        play = (outcomes * SCALED_NETS[uth.PLAY_1X][:, lines].T).sum(axis=1)
        fold = (outcomes * SCALED_NETS[uth.FOLD][:, lines].T).sum(axis=1)
        np.add.at(expected, (made, outs, np.where(play > fold, 0, 1)), 1)
    assert expected.sum() == comb(49, 2) * comb(47, 2)
    assert np.array_equal(uth.flop_sums(flop).river_summary, expected)


@pytest.fixture(scope="module")
def reduced():
    """A run over two flop classes, and flop_sums of every concrete flop in them."""
    counts = uth.analyze_holdem(progress=False, flop_class_indices=REDUCED)
    flops = np.asarray(combinations(52, 3), dtype=np.int64)
    chosen = flops[np.isin(suit_classes(flops).class_of, REDUCED)]
    return counts, [(flop, uth.flop_sums(flop)) for flop in chosen]


def test_reduced_run_summaries_equal_every_concrete_flop(reduced):
    counts, per_flop = reduced
    flop_summary = np.zeros(uth.FLOP_SUMMARY_SHAPE, dtype=np.int64)
    river_summary = np.zeros(uth.RIVER_SUMMARY_SHAPE, dtype=np.int64)
    for flop, sums in per_flop:
        river_summary += sums.river_summary
        for x, y in itertools.combinations([c for c in range(52) if c not in flop], 2):
            values = sums.flop_values(uth.pair_index(x, y))
            made, draw = flop_features((x, y), flop)
            flop_summary[FLOP_MADE_HANDS.index(made), DRAWS.index(draw), 0 if values["2x"] > values["check"] else 1] += 1
    found = counts.situations
    assert np.array_equal(found.flop_summary, flop_summary)
    assert np.array_equal(found.river_summary, river_summary)
    assert flop_summary.sum() == len(per_flop) * comb(49, 2)


def test_reduced_run_flop_decisions_and_values_per_representative(reduced):
    counts, _ = reduced
    found = counts.situations
    representatives = uth.flop_classes().cards[REDUCED]
    for row, flop in enumerate(representatives):
        sums = uth.flop_sums(flop)
        for h in range(uth.HOLE_PAIRS):
            x, y = int(uth.HOLE_FIRST[h]), int(uth.HOLE_SECOND[h])
            if x in flop or y in flop:
                assert found.flop_decisions[row, h] == -1
                continue
            values = sums.flop_values(h)
            assert tuple(found.flop_values[row, h]) == (values["check"], values["2x"])
            assert found.flop_decisions[row, h] == int(values["2x"] > values["check"])


def test_flop_situations_frame(reduced):
    counts, _ = reduced
    frame = situations.flop_situations(counts.situations, uth.SCALE * uth.DEALS_PER_FLOP_DECISION)
    weights = uth.flop_classes().weights[REDUCED]
    assert len(frame) == len(REDUCED) * comb(49, 2)
    assert frame["weight"].sum() == int(weights.sum()) * comb(49, 2)
    # the frame's decisions, weighted, are the summary's counts
    by_decision = frame.groupby("decision")["weight"].sum()
    assert by_decision.get("2x", 0) == counts.situations.flop_summary[..., 0].sum()
    assert ((frame["EV 2x"] > frame["EV check"]) == (frame["decision"] == "2x")).all()
    aces = frame[(frame["flop"] == "2c 2d 2h") & (frame["hole"] == "As Ac")].iloc[0]
    assert (aces["made hand"], aces["decision"]) == ("full house", "2x")


# --------------------------------------------------------------------------- the committed full run


@pytest.fixture(scope="module")
def full():
    return load_counts(GOLDEN).situations


def test_full_run_totals(full):
    assert full.flop_summary.sum() == comb(52, 2) * comb(50, 3)
    assert full.river_summary.sum() == uth.BOARD_ORDERS * comb(52, 2) * comb(50, 5)
    assert not (full.river_summary % uth.BOARD_ORDERS).any()  # each (hole, board) once per flop choice
    weights = uth.flop_classes().weights
    for decision, column in ((1, 0), (0, 1)):
        weighted = int((weights[:, None] * (full.flop_decisions == decision)).sum())
        assert weighted == full.flop_summary[..., column].sum()


def test_full_run_flop_decisions_contain_the_reduced_run(full, reduced):
    counts, _ = reduced
    assert np.array_equal(full.flop_decisions[REDUCED], counts.situations.flop_decisions)


def test_full_run_charts_read_as_strategy(full):
    flop = situations.flop_chart(full.flop_summary).set_index("made hand")
    assert flop.loc["pocket overpair", "no draw"] == "2x"
    assert flop.loc["full house", "no draw"] == "2x"
    assert flop.loc["high card", "no draw"] == "mixed (5% 2x)"
    river = situations.river_chart(full.river_summary).set_index("made hand")
    assert river.loc["straight, hole card plays", "share 1x"] == 1
    # the published card's "fewer than 21 dealer outs", exactly: 1x up to 18 outs, fold from 20
    assert (river.loc["high card", "1x with at most (outs)"], river.loc["high card", "fold with at least (outs)"]) == (18, 20)
    summary = situations.river_summary(full.river_summary)
    assert summary[[c for c in summary if c.startswith("situations")]].to_numpy().sum() == full.river_summary.sum()
