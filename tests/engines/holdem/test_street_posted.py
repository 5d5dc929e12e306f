"""A posted card played by the streets kernel: placed on a game's streets (or refused in one line), then the kernel
with the card's choices against a plain recursion that reads the card hand by hand (whole reduced runs against a slow
direct play: tests/engines/holdem/test_posted.py)."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.holdem.enumeration import HOLE_PAIRS, pair_index
from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS, PostedStrategy
from analyzer.engines.holdem.sevens import FLUSH_RANK, LINE_COUNT, STRAIGHT_TOP
from analyzer.engines.holdem.street_engine import StreetHoldemEngine
from analyzer.engines.holdem.street_posted import (
    PostedStreets,
    one_play_bet_settlement,
    posted_streets,
    takes_a_posted_card,
)
from analyzer.engines.holdem.street_strategy import WrittenStreets
from analyzer.engines.holdem.strategy_files import same_rules
from analyzer.engines.registry import engine_for
from analyzer.engines.holdem.streets import KnownCards, LEVELS, NOT_COUNTED, as_streets, flop_work, qualifying_rank, street_flop
from analyzer.games.rules import RulesError, load_game
from tests.engines.holdem.test_streets import (
    FLOP_CLASSES,
    ROOT,
    plain_values,
    plan_of,
    uth_with_a_blind_flush_at_7_to_5,
)


# --------------------------------------------------------------------------- placed on the streets


def test_the_card_takes_the_check_and_its_bet_at_each_point():
    card = posted_streets(as_streets(load_game("uth")), CARD_WITH_DEALER_OUTS)
    streets = as_streets(load_game("uth")).streets
    assert [streets[0].choices[i].label for i in card.preflop] == ["check", "4x"]
    assert [streets[1].choices[i].label for i in card.flop] == ["check", "2x"]
    assert [streets[2].choices[i].label for i in card.river] == ["fold", "1x"]
    choices = card.preflop_choices()
    assert sorted(set(choices.tolist())) == [0, 2] and (choices == 2).sum() == len(CARD_WITH_DEALER_OUTS.raise_classes)


@pytest.mark.parametrize("game, message", [
    ("thb", "a posted card decides nothing on the turn; the game does"),
    ("casinoholdem", "a posted card checks or bets 4x before the flop; the game offers no decision"),
])
def test_a_game_that_does_not_offer_the_card_s_choices_is_refused_in_one_line(game, message):
    with pytest.raises(RulesError, match=message) as error:
        posted_streets(as_streets(load_game(game)), CARD_WITH_DEALER_OUTS)
    assert "\n" not in str(error.value)


def test_a_game_over_streets_reads_a_posted_card_where_it_decides_as_the_card_does(tmp_path):
    # UTH with a Blind the one-Play-bet kernel cannot count goes over streets, and reads UTH's strategy files;
    # Texas Hold'em Bonus decides on the turn, so its files give rules street by street
    variant = uth_with_a_blind_flush_at_7_to_5(tmp_path)
    engine = engine_for(variant)
    assert isinstance(engine, StreetHoldemEngine) and takes_a_posted_card(as_streets(variant))
    card = engine.load_strategy(variant, ROOT / "examples" / "uth-strategy.toml")
    assert isinstance(card, PostedStreets) and same_rules(card.strategy, CARD_WITH_DEALER_OUTS)
    thb = load_game("thb")
    assert not takes_a_posted_card(as_streets(thb))
    assert isinstance(engine_for(thb).load_strategy(thb, ROOT / "examples" / "thb-strategy.toml"), WrittenStreets)


def test_the_flop_rows_are_the_card_s_flop_rule_hand_by_hand():
    card = posted_streets(as_streets(load_game("uth")), CARD_WITH_DEALER_OUTS)
    flop = sorted(parse_cards("4d 9s 9h"))
    rows = card.flop_rows(np.array(flop, dtype=np.int64))
    assert (rows[1:] == -1).all()            # the turn decides nothing
    rng = np.random.default_rng(7)
    rest = [card for card in range(52) if card not in flop]
    for _ in range(200):
        x, y = sorted(rng.choice(rest, 2, replace=False).tolist())
        expected = CARD_WITH_DEALER_OUTS.flop_decision([x, y], flop)
        assert rows[0, pair_index(x, y)] == (1 if expected == "2x" else 0)


# --------------------------------------------------------------------------- the kernel against a plain recursion


@pytest.mark.slow
@pytest.mark.parametrize("strategy", [CARD_WITH_DEALER_OUTS, PostedStrategy(river_kickers_count=True)])
@pytest.mark.parametrize("flop, holes", [
    ("5h 8h 8d", ["Ah 2c", "6c 7s", "Kd Qd"]),
    ("2c 9d Jh", ["Tc 3s", "9c 9s", "Ad 4h"]),
])
def test_the_kernel_plays_the_card_as_a_plain_recursion_reads_it_hand_by_hand(strategy, flop, holes):
    rules, plan, nets = plan_of("uth")
    card = posted_streets(rules, strategy)
    flop_cards = sorted(parse_cards(flop))
    width, roots = plan.allowed.shape[1], int(plan.allowed[0, 0])
    choices = max(len(street.choices) for street in plan.streets if street is not None)
    root_values = np.zeros((HOLE_PAIRS, roots), dtype=np.int64)
    showdown = np.zeros((HOLE_PAIRS, roots, width, LINE_COUNT, 6), dtype=np.int64)
    flop_array = np.array(flop_cards, dtype=np.int64)
    packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
    imposed = card.imposed()
    qualify = qualifying_rank(rules)
    street_flop(flop_array, 1, np.arange(HOLE_PAIRS, dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK, qualify, nets,
                packed, imposed.flop_rows(flop_array), imposed.river_rule, np.full((HOLE_PAIRS, width), -1),
                root_values, showdown, np.zeros((HOLE_PAIRS, roots, len(LEVELS), width), dtype=np.int64),
                np.zeros((HOLE_PAIRS, roots, len(LEVELS), LINE_COUNT, choices), dtype=np.int64),
                np.zeros((HOLE_PAIRS, LINE_COUNT, 6), dtype=np.int64), NOT_COUNTED, NOT_COUNTED, *KnownCards().arrays(),
                flop_work(packed, qualify, HOLE_PAIRS))
    for hole_text in holes:
        hole = parse_cards(hole_text)

        def choice(level, board, hole=hole):   # the card read for this hand, with the street's choice indices
            if level == 1:
                return card.flop[strategy.flop_decision(hole, board) == "2x"]
            return card.river[strategy.river_decision(hole, board) == "1x"]
        values, counts, _ = plain_values(plan, nets, qualify, hole, flop_cards, written=choice)
        h = pair_index(*hole)
        assert root_values[h].tolist() == values, hole_text
        assert np.array_equal(showdown[h], counts), hole_text


# --------------------------------------------------------------------------- the one-Play-bet settlement


def test_a_game_whose_turn_decides_has_no_one_play_bet_settlement():
    from tests.engines.holdem.test_streets import reduced
    with pytest.raises(ValueError, match="whose turn decides, or with a Play bet past 4x"):
        one_play_bet_settlement(reduced(load_game("thb"), FLOP_CLASSES[:1]))
