"""The settlement counts of a one-Play-bet Hold'em run as CSV text, and back.

One row per cell ``[multiple, outcome, hand line]`` of a (5, 6, 10) settlement
array (deals by the Play multiple reached, 0 for a fold, the showdown outcome and the final hand line:
:func:`analyzer.engines.holdem.street_posted.one_play_bet_settlement`),
in MULTIPLES, OUTCOMES, LINES order, with columns ``multiple,outcome,hand,combinations``.
The optimal run's golden table (``scripts/make_golden.py``)
and a posted strategy's (:func:`analyzer.engines.holdem.posted.posted_csvs`)
both write it.

>>> cells = np.zeros((5, 6, 10), dtype=np.int64)
>>> cells[4, 3, 9] = 7                       # 4x, player wins, high card
>>> text = settlement_csv(cells)
>>> text.split("\\n")[:2]
['multiple,outcome,hand,combinations', 'fold,no_qualify_win,royal_flush,0']
>>> np.array_equal(read_settlement(text), cells)
True
"""

from __future__ import annotations

import numpy as np

from analyzer.core.csvtext import csv_text, read_rows
from analyzer.engines.holdem.enumeration import MULTIPLES, OUTCOMES
from analyzer.engines.holdem.sevens import LINE_COUNT, LINES

#: The settlement file's name in a run's folder.
SETTLEMENT_FILE = "settlement_by_hand.csv"
_CELLS = [(multiple, outcome, line) for multiple in MULTIPLES for outcome in OUTCOMES for line in LINES]


def settlement_csv(by_hand: np.ndarray) -> str:
    """The CSV text of a settlement array [multiple, outcome, hand line] (5, 6, 10)."""
    counts = np.asarray(by_hand, dtype=np.int64).ravel()
    return csv_text(["multiple", "outcome", "hand", "combinations"],
                    [[*cell, int(n)] for cell, n in zip(_CELLS, counts, strict=True)])


def read_settlement(text: str) -> np.ndarray:
    """The (5, 6, 10) array of a settlement CSV, checking that its rows are the cells in order."""
    rows = read_rows(text)
    if [(row["multiple"], row["outcome"], row["hand"]) for row in rows] != _CELLS:
        raise ValueError("a settlement file with unexpected rows (not the order settlement_csv writes)")
    return np.array([int(row["combinations"]) for row in rows], dtype=np.int64).reshape(
        len(MULTIPLES), len(OUTCOMES), LINE_COUNT)
