"""The optimal strategy of a paytable game street by street, as tables and as a grid a player reads.

A street's *situation* is the cards seen there (:func:`analyzer.engines.stud.enumeration.situation_codes`).
Two cards are named like Hold'em starting hands ("AKs", "T9o", "77") and drawn as the 13x13 grid (pairs on
the diagonal, suited above it); three or four cards are grouped by the partial poker hand they make in the
ranking of that many cards ("pair of nines", "K high", "flush A high": three or four to a flush), strongest
first, each group with the deals taking each choice, so a group one choice takes reads as a rule and a
mixed one shows how its deals split.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from analyzer.core.cards import RANK_SYMBOLS
from analyzer.core.ranking import ranking_of_size
from analyzer.engines.strategy_grid import (
    Cell,
    DecisionGrid,
    grid_hand,
    group_label,
    percent_text,
)
from analyzer.engines.stud.enumeration import SUITED
from analyzer.games.rules import Street


def two_card_name(code: int) -> str:
    """The Hold'em name of a two-card situation code.

    >>> two_card_name(12 * 13 + 11 + 169), two_card_name(5 * 13 + 5), two_card_name(8 * 13 + 7)
    ('AKs', '77', 'T9o')
    """
    suited, code = divmod(int(code), SUITED)
    high, low = divmod(code, 13)
    if high == low:
        return RANK_SYMBOLS[high] * 2
    return RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + ("s" if suited else "o")


def situation_labels(codes: np.ndarray, cards: int) -> list[str]:
    """Readable names of the situations of ``cards`` cards seen (grouped for three cards or more)."""
    ranking = ranking_of_size(cards)
    if ranking is None:
        return [two_card_name(code) for code in codes]
    return [group_label(ranking, int(code)) for code in codes]


def decision_text(deals: np.ndarray, labels: tuple[str, ...]) -> str:
    """The decision of a group: one choice, or the split "bet 3x 80% / bet 1x 20%" (largest first).

    >>> decision_text(np.array([0, 4, 1]), ("fold", "bet 1x", "bet 2x"))
    'bet 1x 80% / bet 2x 20%'
    """
    total = int(deals.sum())
    taken = sorted(((int(count), label) for count, label in zip(deals, labels, strict=True) if count), reverse=True)
    if len(taken) == 1:
        return taken[0][1]
    return " / ".join(f"{label} {percent_text(Fraction(count, total))}" for count, label in taken)


def street_table(street: Street, cards: int, codes: np.ndarray, deals: np.ndarray, runs: bool = False) -> pd.DataFrame:
    """One street: every group of situations the optimal strategy reaches (strongest first), its deals, the
    deals per choice, the decision; with ``runs``, consecutive groups taking one and the same choice are
    merged into "strongest ... weakest" (the street's rule in a few lines)."""
    labels = [choice.label for choice in street.choices]
    frame = pd.DataFrame(deals, columns=labels)
    frame.insert(0, "situation", situation_labels(codes, cards))
    frame.insert(1, "code", codes)
    grouped = frame.groupby("situation", sort=False).agg({"code": "max", **{label: "sum" for label in labels}})
    grouped = grouped.sort_values("code", ascending=False).drop(columns="code").reset_index()
    grouped = grouped[grouped[labels].sum(axis=1) > 0].reset_index(drop=True)
    grouped["decision"] = [decision_text(row, tuple(labels)) for row in grouped[labels].to_numpy()]
    if runs:
        single = grouped["decision"].isin(labels)
        run = ((grouped["decision"] != grouped["decision"].shift()) | ~single | ~single.shift(fill_value=False)).cumsum()
        grouped = grouped.groupby(run, sort=True).agg(
            {"situation": lambda names: names.iloc[0] + ("" if len(names) == 1 else f" ... {names.iloc[-1]}"),
             **{label: "sum" for label in labels}, "decision": "first"}).reset_index(drop=True)
    grouped.insert(1, "deals", grouped[labels].sum(axis=1))
    return grouped


def two_card_grid(title: str, street: Street, codes: np.ndarray, deals: np.ndarray,
                  values: dict[str, list[Fraction]]) -> DecisionGrid:
    """The 13x13 grid of a two-card street: row the first card, column the second, suited above the
    diagonal; each cell its hand, decision (with the split if its deals split) and the exact EV per ante
    of the decision taken most (``values``: EV of each choice by hand name)."""
    labels = [choice.label for choice in street.choices]
    by_name = {two_card_name(code): row for code, row in zip(codes, deals, strict=True)}
    ranks = tuple(RANK_SYMBOLS[::-1])
    cells = []
    for row in range(len(ranks)):
        line = []
        for column in range(len(ranks)):
            hand = grid_hand(ranks, row, column)
            counts = by_name[hand]
            total = int(counts.sum())
            shares = tuple((labels[i], Fraction(int(counts[i]), total)) for i in reversed(range(len(labels)))
                           if counts[i])
            decision = max(shares, key=lambda pair: pair[1])[0]
            line.append(Cell(decision, shares, hand, values[hand][labels.index(decision)]))
        cells.append(tuple(line))
    return DecisionGrid(title, ranks, ranks, tuple(cells), tuple(labels),
                        "first card (suited above the diagonal, offsuit below)", "second card")


def grouped_grid(title: str, street: Street, table: pd.DataFrame) -> DecisionGrid:
    """A street of three cards or more as a one-column grid: the rows of :func:`street_table` (its runs)."""
    labels = [choice.label for choice in street.choices]
    cells = []
    for _, row in table.iterrows():
        counts = row[labels].to_numpy(dtype=np.int64)
        shares = tuple((labels[i], Fraction(int(counts[i]), int(counts.sum())))
                       for i in reversed(range(len(labels))) if counts[i])
        cells.append((Cell(max(shares, key=lambda pair: pair[1])[0], shares),))
    return DecisionGrid(title, tuple(table["situation"]), (street.title,), tuple(cells), tuple(labels),
                        "cards seen (strongest first)", "")
