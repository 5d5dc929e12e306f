"""Ultimate Texas Hold'em: the flop and river decisions by situation (made hand, draw, dealer outs).

Specification: the features of a situation, hand-checked; the committed full run's tables (over streets) against
the totals they must add up to, and the report's file of every flop situation. The streets kernel's situation
counts are checked against plain loops in tests/engines/holdem/test_streets.py.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem.enumeration import pair_index
from analyzer.engines.holdem import situations
from analyzer.engines.holdem.features import (
    DRAWS,
    FLOP_MADE_HANDS,
    RIVER_MADE_HANDS,
    flop_features,
    flop_situation_codes,
    river_features,
)

CARD = parse_cards


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


# --------------------------------------------------------------------------- UTH's full run, over streets


@pytest.fixture(scope="module")
def full(uth):
    """UTH's committed analysis: its flop and river situations at the states that decide, the bet first."""
    counts, plan = uth.counts, uth.plan
    flop_state = [int(n) > 1 for n in plan.allowed[1]].index(True)
    river_state = [int(n) > 1 for n in plan.allowed[3]].index(True)
    return (counts.flop_situations[flop_state][..., [1, 0]], counts.river_situations[river_state][..., [1, 0]],
            counts.flop_choice[:, :, flop_state])


def test_full_run_totals(full):
    flop_summary, river_summary, decisions = full
    assert flop_summary.sum() == comb(52, 2) * comb(50, 3)
    assert river_summary.sum() == uth.BOARD_ORDERS * comb(52, 2) * comb(50, 5)
    assert not (river_summary % uth.BOARD_ORDERS).any()  # each (hole, board) once per flop choice
    weights = uth.flop_classes().weights
    for decision, column in ((1, 0), (0, 1)):
        weighted = int((weights[:, None] * (decisions == decision)).sum())
        assert weighted == flop_summary[..., column].sum()


def test_full_run_charts_read_as_strategy(full):
    flop_summary, river_summary, _ = full
    flop = situations.flop_chart(flop_summary).set_index("made hand")
    assert flop.loc["pocket overpair", "no draw"] == "2x"
    assert flop.loc["full house", "no draw"] == "2x"
    assert flop.loc["high card", "no draw"] == "mixed (5% 2x)"
    river = situations.river_chart(river_summary).set_index("made hand")
    assert river.loc["straight, hole card plays", "share 1x"] == 1
    # the published card's "fewer than 21 dealer outs", exactly: 1x up to 18 outs, fold from 20
    assert (river.loc["high card", "1x with at most (outs)"], river.loc["high card", "fold with at least (outs)"]) == (18, 20)
    summary = situations.river_summary(river_summary)
    assert summary[[c for c in summary if c.startswith("situations")]].to_numpy().sum() == river_summary.sum()


def test_every_flop_situation_beside_the_report(uth, full):
    """The report's decision file: every (flop class, hole pair) situation not meeting the flop, its weight and
    the decision the flop choices take, made hand and draw as the situation codes read them."""
    (name, (description, frame)), = uth.decision_files().items()
    assert name == "flop-decisions" and "every (flop, hole cards) situation" in description
    assert len(frame) == 1755 * 1176 and int(frame["weight"].sum()) == comb(52, 3) * comb(49, 2)
    flop_summary, _, decisions = full
    assert (frame["decision"] == "2x").sum() == (decisions == 1).sum()
    first = frame.iloc[0]
    cards = uth_flop_cards(first["flop"])
    made, draw = flop_situation_codes(np.array([cards]))
    hole = parse_cards(first["hole"])
    index = pair_index(*hole)
    assert (first["made hand"], first["draw"]) == (FLOP_MADE_HANDS[made[0, index]], DRAWS[draw[0, index]])


def uth_flop_cards(text: str) -> list[int]:
    return sorted(parse_cards(text))
