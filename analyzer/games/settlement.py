"""Settlement of the main game's wagers from the rules data.

Settlement is linear: for a fixed player hand, a wager's result depends only
on the outcome of the hand (see :data:`analyzer.games.rules.OUTCOMES`) and on
the line of its paytable the player's cards are paid (if any). Results are
scaled by the common denominator of every result and pay so that sums of
counts times results are exact integers.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

import numpy as np

from analyzer.games.rules import OUTCOMES, GameRules, Wager

FOLD = 0  # the decision "fold" has multiple 0


def decision_name(multiple: int) -> str:
    """``fold`` or ``play Nx``."""
    return "fold" if multiple == FOLD else f"play {multiple}x"


def common_scale(rules: GameRules) -> int:
    """Least common denominator of every result and pay of the main game."""
    fractions = [wager.on_fold for wager in rules.wagers]
    for wager in rules.wagers:
        fractions += list(wager.results)
        if wager.paytable:
            fractions += [line.pays for line in wager.paytable.lines]
    return lcm(*(fraction.denominator for fraction in fractions))


def scaled(values, scale: int) -> np.ndarray:
    """Fractions times ``scale`` as int64, checked to be whole."""
    out = [Fraction(value) * scale for value in values]
    assert all(value.denominator == 1 for value in out), "scale is not a common denominator"
    return np.array([int(value) for value in out], dtype=np.int64)


#: Outcomes in which the player's hand beats the dealer's ("on_win" paytables pay only there).
WINNING_OUTCOMES = np.array([outcome.endswith("win") for outcome in OUTCOMES])


def settle(wager: Wager, hits: np.ndarray, scale: int) -> np.ndarray:
    """Result of one unit of ``wager`` (scaled) for each row and outcome, given the line each row's
    hand is paid (-1: none).

    With a paytable "instead", a paying hand is paid its line whatever the
    outcome; "in_addition", the line is paid on top of the outcome's result;
    "on_win", the line replaces the result only when the player beats the dealer.

    >>> from analyzer.games.rules import load_game
    >>> ante = load_game("fourcardfever").wagers[0]   # Ante Bonus 25-20-2, in addition
    >>> settle(ante, np.array([2, -1]), 1)[:, 3:].tolist()   # win, tie, lose with trips / nothing
    [[3, 3, 1], [1, 1, -1]]
    """
    base = np.broadcast_to(scaled(wager.results, scale), (len(hits), len(OUTCOMES)))
    if wager.paytable is None:
        return base.copy()
    paid = (hits >= 0)[:, None]
    pays = np.append(scaled([line.pays for line in wager.paytable.lines], scale), 0)[hits][:, None]
    if wager.paytable_mode == "instead":
        return np.where(paid, pays, base)
    if wager.paytable_mode == "on_win":
        return np.where(paid & WINNING_OUTCOMES, pays, base)
    return base + np.where(paid, pays, 0)
