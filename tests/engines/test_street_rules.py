"""The rule language of strategies written street by street: the part of the cards seen a condition reads.

(The conditions themselves, by hand, are specified with the paytable games over streets:
tests/engines/stud/test_engine.py.)"""

import numpy as np
import pytest

from analyzer.core.cards import parse_cards
from analyzer.engines.street_rules import SeenCards, parse_condition
from analyzer.games.rules import RulesError


@pytest.mark.parametrize("condition, own, board, holds", [
    ("any pair", "Ah Kd", "Kc 7s 2d", True),                 # a hole card pairs the board
    ("any pair on the board", "Ah Kd", "Kc 7s 2d", False),
    ("any pair", "Ah Kd", "7c 7s 2d", True),                 # the board's own pair
    ("any pair on the board", "Ah Kd", "7c 7s 2d", True),
    ("any pair in the hole cards", "9h 9d", "Kc 7s 2d", True),
    ("any pair in the player's cards", "Ah 9d", "9c 7s 2d", False),
    ("not 3 suited on the board", "Ah 9h", "9h 7h 2d", True),
    ("4 suited", "Ah 9h", "8h 7h 2d", True),
    ("2 cards of Q or higher in the hole cards", "Ah Qd", "Kc 7s 2d", True),
    ("2 cards of Q or higher in the hole cards", "Ah 9d", "Kc Qs 2d", False),
])
def test_a_condition_reads_every_card_seen_or_the_part_it_names(condition, own, board, holds):
    seen = SeenCards.of(np.array([parse_cards(own)]), np.array([parse_cards(board)]))
    assert bool(parse_condition(condition)(seen)[0]) is holds


def test_with_no_board_every_card_is_the_player_s():
    seen = SeenCards.of(np.array([parse_cards("Ah Ad")]))
    assert parse_condition("any pair")(seen)[0] and not parse_condition("any pair on the board")(seen)[0]


def test_an_unknown_part_is_an_unknown_condition():
    with pytest.raises(RulesError, match="cannot read condition 'any pair on the table'"):
        parse_condition("any pair on the table")
