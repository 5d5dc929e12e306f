"""Optimal flop and river decisions of a Hold'em game as tables a person can read.

The streets kernel counts every flop situation (hole pair and flop) and every
river situation (hole pair and board) by its features
(:mod:`analyzer.engines.holdem.features`) and its optimal decision at each
flop and river state that decides
(:func:`analyzer.engines.holdem.streets.street_sums_kind`), and keeps the flop
decision of every (flop class, hole pair).
This module turns them into DataFrames, a table ``[made hand, feature,
choice]`` with its choices' names, the largest bet first:

* :func:`flop_summary` / :func:`flop_chart`: by made hand and draw, how often
  each choice is optimal (a cell is "2x" or "check" when the decision never varies);
* :func:`river_summary` / :func:`river_chart`: by made hand and dealer outs,
  how often each is optimal, and, for two choices, per made hand the outs up
  to which the bet always wins and from which the other choice always does;
* :func:`flop_situations`: all 2,063,880 (flop class, hole pair)
  situations with their weight, features and decision;

and writes a one-Play-bet game's as text (:func:`situation_files`).

>>> choices = ("2x", "check")
>>> decision_text((3, 1), choices), decision_text((0, 5), choices), decision_text((4, 0), choices)
('mixed (75% 2x)', 'check', '2x')
>>> decision_text((999, 1), choices), decision_text((0, 1, 3), ("bet 2x", "bet 1x", "check"))
('mixed (99% 2x)', 'mixed (25% bet 1x)')

"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from analyzer.core.cards import format_card, format_cards
from analyzer.core.csvtext import csv_text
from analyzer.engines.holdem.enumeration import (
    FLOP_CHOICES,
    HOLE_FIRST,
    HOLE_SECOND,
    RIVER_CHOICES,
    flop_classes,
)
from analyzer.engines.holdem.features import (
    DRAWS,
    FLOP_MADE_HANDS,
    OUTS_COUNT,
    RIVER_MADE_HANDS,
    flop_situation_codes,
)

FLOP_SUMMARY_FILE = "flop_situations.csv"
RIVER_SUMMARY_FILE = "river_situations.csv"
FLOP_DECISIONS_FILE = "flop_decisions.txt"

#: One character per hole pair in ``flop_decisions.txt``: check, 2x, the pair meets the flop.
_DECISION_CHARACTERS = {0: "c", 1: "2", -1: "-"}
_DECISION_HEADER = ("# flop class representative, then one character per hole pair in colex order "
                    "(0-1, 0-2, 1-2, 0-3, ...; card = 4 * rank + suit, deuce first): "
                    "2 = bet 2x, c = check, - = the pair meets the flop")


def decision_text(counts: Sequence[int], choices: Sequence[str]) -> str:
    """The decision of a group of situations taking each choice ``counts[k]`` times (the largest bet first): one
    name when it never varies, else the share of the first choice taken."""
    taken = [k for k, count in enumerate(counts) if count]
    if len(taken) == 1:
        return choices[taken[0]]
    first = counts[taken[0]]
    percent = min(max(round(100 * first / sum(counts)), 1), 99)  # never "0%" or "100%" when mixed
    return f"mixed ({percent}% {choices[taken[0]]})"


def _summary(table: np.ndarray, labels: dict[str, list[str] | list[int]], choices: Sequence[str]) -> pd.DataFrame:
    """One row per non-empty cell of a (feature, feature, choice) count table."""
    first, second = np.nonzero(table.sum(axis=2))
    frame = pd.DataFrame({name: [values[i] for i in index]
                          for (name, values), index in zip(labels.items(), (first, second), strict=True)})
    for k, choice in enumerate(choices):
        frame[f"situations: {choice}"] = table[first, second, k].astype(np.int64)
    frame["decision"] = [decision_text([int(n) for n in row], choices) for row in table[first, second]]
    return frame


def flop_summary(table: np.ndarray, choices: Sequence[str] = FLOP_CHOICES) -> pd.DataFrame:
    """(hole, flop) situations by made hand and draw (``table[made hand, draw, choice]``): how many take each
    choice (Ultimate Texas Hold'em's: bet 2x, check)."""
    return _summary(table, {"made hand": list(FLOP_MADE_HANDS), "draw": list(DRAWS)}, choices)


def flop_chart(table: np.ndarray, choices: Sequence[str] = FLOP_CHOICES) -> pd.DataFrame:
    """The flop summary as a chart: a row per made hand, a column per draw, the decision in each cell."""
    frame = flop_summary(table, choices)
    chart = frame.pivot(index="made hand", columns="draw", values="decision")
    rows = [name for name in FLOP_MADE_HANDS if name in chart.index]
    columns = [name for name in DRAWS if name in chart.columns]
    return chart.loc[rows, columns].fillna("").reset_index().rename_axis(None, axis=1)


def river_summary(table: np.ndarray, choices: Sequence[str] = RIVER_CHOICES) -> pd.DataFrame:
    """(hole, flop, turn+river) situations by made hand and dealer outs (``table[made hand, outs, choice]``): how
    many take each choice (Ultimate Texas Hold'em's: play 1x, fold)."""
    return _summary(table, {"made hand": list(RIVER_MADE_HANDS), "dealer outs": list(range(OUTS_COUNT))}, choices)


def river_chart(table: np.ndarray, choices: Sequence[str] = RIVER_CHOICES) -> pd.DataFrame:
    """Per river made hand, for a river of two choices (the bet, then the other: ``table[made hand, outs,
    choice]``): the dealer outs up to which the bet is always optimal and from which the other choice always is
    (between them the decision depends on more than the outs)."""
    bet, other = choices
    at_most, at_least = f"{bet} with at most (outs)", f"{other} with at least (outs)"
    rows = []
    for made, name in enumerate(RIVER_MADE_HANDS):
        outs = table[made]
        seen = np.flatnonzero(outs.sum(axis=1))
        if not len(seen):
            continue
        always_bet = [o for o in seen if outs[o, 1] == 0]
        always_other = [o for o in seen if outs[o, 0] == 0]
        low = next((o for o in seen if outs[o, 1]), None)    # fewest outs at which some do not bet
        high = next((o for o in seen[::-1] if outs[o, 0]), None)  # most outs at which some bet
        rows.append({
            "made hand": name,
            "situations": int(outs.sum()),
            f"share {bet}": float(outs[:, 0].sum() / outs.sum()),
            at_most: (int(low) - 1 if low is not None else int(seen[-1])) if always_bet else None,
            at_least: (int(high) + 1 if high is not None else int(seen[0])) if always_other else None,
            "outs seen": f"{int(seen[0])}-{int(seen[-1])}",
        })
    frame = pd.DataFrame(rows)
    for column in (at_most, at_least):  # whole numbers or None, not floats
        frame[column] = pd.Series([row[column] for row in rows], dtype=object)
    return frame


def flop_situations(decisions: np.ndarray, names: Sequence[str]) -> pd.DataFrame:
    """Every (flop class representative, hole pair) situation of a full run: its weight (the concrete (hole,
    flop) situations it stands for), features and decision, ``names[decisions[flop class, hole pair]]`` (-1: the
    pair meets the flop, no situation)."""
    classes = flop_classes()
    cards = classes.cards
    made, draw = flop_situation_codes(cards)
    flop_row, hole = np.nonzero(decisions >= 0)
    cards_named = np.array([format_card(card) for card in range(52)], dtype=object)
    flop_text = np.array([" ".join(cards_named[row]) for row in cards], dtype=object)
    return pd.DataFrame({
        "flop": flop_text[flop_row],
        "hole": cards_named[HOLE_SECOND[hole]] + " " + cards_named[HOLE_FIRST[hole]],
        "weight": classes.weights[flop_row].astype(np.int64),
        "made hand": np.array(FLOP_MADE_HANDS, dtype=object)[made[flop_row, hole]],
        "draw": np.array(DRAWS, dtype=object)[draw[flop_row, hole]],
        "decision": np.array(names, dtype=object)[decisions[flop_row, hole]],
    })


# --------------------------------------------------------------------------- files


def situation_files(flop_table: np.ndarray, river_table: np.ndarray, flop_decisions: np.ndarray) -> dict[str, str]:
    """The situation tables of a one-Play-bet game as text (file name -> text): ``flop_table[made hand, draw,
    (2x, check)]``, ``river_table[made hand, dealer outs, (1x, fold)]``, and ``flop_decisions[flop class, hole
    pair]``: 1 for 2x, 0 for check, -1 where the pair meets the flop, one row per flop class (1,755)."""
    flop = [[FLOP_MADE_HANDS[m], DRAWS[d], *(int(n) for n in flop_table[m, d])]
            for m, d in zip(*np.nonzero(flop_table.sum(axis=2)), strict=True)]
    river = [[RIVER_MADE_HANDS[m], int(o), *(int(n) for n in river_table[m, o])]
             for m, o in zip(*np.nonzero(river_table.sum(axis=2)), strict=True)]
    lines = [_DECISION_HEADER] + [
        format_cards(flop) + "," + "".join(_DECISION_CHARACTERS[int(d)] for d in row)
        for flop, row in zip(flop_classes().cards, flop_decisions, strict=True)]
    return {
        FLOP_SUMMARY_FILE: csv_text(["made_hand", "draw", *FLOP_CHOICES], flop),
        RIVER_SUMMARY_FILE: csv_text(["made_hand", "dealer_outs", *RIVER_CHOICES], river),
        FLOP_DECISIONS_FILE: "\n".join(lines) + "\n",
    }
