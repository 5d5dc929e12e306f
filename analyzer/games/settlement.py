"""Settlement of the main game's wagers from the rules data.

Settlement is linear: for a fixed player hand, a wager's result depends only
on the outcome of the hand (see :data:`analyzer.games.rules.OUTCOMES`) and on
the line of its paytable the player's cards are paid (if any). Results are
scaled by the common denominator of every result and pay so that sums of
counts times results are exact integers (in 64 bits only where they provably
fit: :mod:`analyzer.engines.exact_sums`).
"""

from __future__ import annotations

from collections.abc import Iterable
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


#: The range of a signed 64-bit integer.
INT64_RANGE = (-2**63, 2**63 - 1)


def scaled(values: Iterable[Fraction | int], scale: int) -> np.ndarray:
    """Fractions times ``scale`` as int64, checked to be whole; as Python integers (an object array) when
    one of them is past 64 bits, never wrapped round.

    >>> scaled(["3/2", -1], 2).tolist(), scaled([500, 1], 10**17).dtype   # 5 * 10**19 is past 2**63
    ([3, -2], dtype('O'))
    """
    out = [Fraction(value) * scale for value in values]
    assert all(value.denominator == 1 for value in out), "scale is not a common denominator"
    whole = [int(value) for value in out]
    low, high = INT64_RANGE
    if all(low <= value <= high for value in whole):
        return np.array(whole, dtype=np.int64)
    return np.array(whole, dtype=object)


def settle(wager: Wager, hits: np.ndarray, scale: int) -> np.ndarray:
    """Result of one unit of ``wager`` (scaled) for each row and outcome, given the line each row's
    hand is paid (-1: none).

    On the outcomes in ``wager.paytable_outcomes`` (every outcome unless the
    rules restrict it; "on_win": those where the player's hand is higher), a
    paying hand is paid its line *instead* of the outcome's result, or
    *in addition* to it; elsewhere the result stands.

    >>> from analyzer.games.rules import load_game
    >>> ante = load_game("fourcardfever").wagers[0]   # Ante Bonus 25-20-2, in addition
    >>> settle(ante, np.array([2, -1]), 1)[:, 3:].tolist()   # win, tie, lose with trips / nothing
    [[3, 3, 1], [1, 1, -1]]
    >>> blind = load_game("uth").wagers[1]   # Blind 500-50-10-3-3:2-1, on a win only
    >>> settle(blind, np.array([5, -1]), 2)[:, 3:].tolist()   # a straight (1 to 1) / nothing; scale 2
    [[2, 0, -2], [0, 0, -2]]
    """
    results = scaled(wager.results, scale)
    if wager.paytable is None:
        return np.broadcast_to(results, (len(hits), len(OUTCOMES))).copy()
    lines = scaled([line.pays for line in wager.paytable.lines], scale)
    if wager.paytable_mode == "in_addition" and \
            max(map(abs, results.tolist())) + max(map(abs, lines.tolist()), default=0) > INT64_RANGE[1]:
        results, lines = results.astype(object), lines.astype(object)  # a result plus a pay past 64 bits
    base = np.broadcast_to(results, (len(hits), len(OUTCOMES)))
    applies = np.array([outcome in wager.paytable_outcomes for outcome in OUTCOMES])
    paid = (hits >= 0)[:, None] & applies
    pays = np.append(lines, np.zeros(1, dtype=lines.dtype))[hits][:, None]
    if wager.paytable_mode == "in_addition":
        return base + np.where(paid, pays, 0)
    return np.where(paid, pays, base)
