"""The strategy people use at video poker: a ranked list of hold patterns, "hold the highest-ranked pattern
present among the 32 holds of the deal", derived from the exact analysis and evaluated exactly.

A list plays a deal by finding the first of its patterns (:mod:`analyzer.engines.draw.hold_patterns`) that
some allowed hold of the deal has. When several holds of the deal have that pattern (the four "three to a
royal flush" holds of A-K-Q-J suited, the holds of "KQJ unsuited" with one of two kings), the list keeps the
one of them with the highest exact value, then (an exact tie) the one keeping more cards, then the lower mask:
the same order as the optimal hold's (:func:`analyzer.engines.draw.enumeration.best_holds`), so a list whose
first pattern present is always the optimal hold's plays every deal optimally. How many deals that rule
decides between holds of unequal value is reported (:attr:`ListEvaluation.ambiguous_deals`).

A written list is a strategy file (``--strategy``)::

    game = "jacksorbetter"
    title = "Nine/six strategy card"
    rules = ["royal flush", "four to a royal flush", "high pair", "low pair", "J only", "discard everything"]

Each rule is one pattern name (case and spaces aside); a deal none of the listed patterns fits discards
everything: "discard everything" is appended when the list does not end with it. A pattern listed twice, an
unknown name (the closest known one is suggested) or a file for another game is one line naming the file and
the line.

:func:`derive_strategy_list` finds the list from the analysis: patterns ordered by their average exact
value, then improved by moving one pattern at a time to the place that lowers the cost the most, until no
move lowers it. A move changes the pattern played only in the deals whose first pattern present it passes
(moved up) or whose first pattern it is (moved down, to below the deal's second pattern present), so the
change of every move to every place comes from two sums over the holds of every dealt class (in floating
point, for the search only: the list found is then evaluated exactly). From 9/6 Jacks or Better it finds a
list of 49 patterns within 0.001% of the optimal return (:file:`examples/jacksorbetter-strategy.toml`) in seconds.

Every ``analysis`` here is a draw game's :class:`~analyzer.engines.draw.results.DrawAnalysis`, typed by what this
module reads of it (:class:`DrawResults`) so that the results module may import this one.

>>> print(HoldStrategy("Short", ("high pair", "low pair", "discard everything")).strategy_file("mine"), end="")
game = "mine"
title = "Short"
rules = [
  "high pair",
  "low pair",
  "discard everything",
]
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np
import pandas as pd

from analyzer.core import figures
from analyzer.core.cards import format_cards
from analyzer.engines.base import StrategyFigures
from analyzer.engines.draw.hold_patterns import NOTHING, HoldVocabulary
from analyzer.engines.draw.holds import hold_masks
from analyzer.games.files import read_rules_file
from analyzer.games.rules import GameRules, RulesError
from analyzer.games.toml_lines import key_lines, line_of

if TYPE_CHECKING:
    from analyzer.engines.draw.enumeration import DrawCounts, DrawGame
    from analyzer.games.rules import Paytable

class DrawResults(Protocol):
    """What this module reads of a draw game's analysis (:class:`analyzer.engines.draw.results.DrawAnalysis`)."""

    @property
    def rules(self) -> GameRules: ...

    @property
    def game(self) -> DrawGame: ...

    @property
    def counts(self) -> DrawCounts: ...

    @property
    def scale(self) -> int: ...

    @property
    def paytable(self) -> Paytable: ...

    @property
    def average_total_bet(self) -> Fraction: ...

    def action_frequencies(self) -> dict[str, Fraction]: ...


#: Most improving moves :func:`derive_strategy_list` makes (it stops sooner, when no move helps).
MOST_MOVES = 400


def _suffix(matrix: np.ndarray) -> np.ndarray:
    """Sums of each row from each column to the end.

    >>> _suffix(np.array([[0, 5, 9], [0, 0, 2]])).tolist()
    [[14, 14, 9], [2, 2, 2]]
    """
    return np.cumsum(matrix[:, ::-1], axis=1)[:, ::-1]


@dataclass(frozen=True)
class HoldStrategy:
    """A ranked list of hold patterns (strongest first) and its name in reports."""

    title: str
    patterns: tuple[str, ...]

    def strategy_file(self, game: str, comment: str = "") -> str:
        """The list as a strategy file (the format :func:`load_hold_strategy` reads)."""
        head = "".join(f"# {line}\n" if line else "#\n" for line in comment.splitlines())
        rules = "".join(f"  {_quoted(name)},\n" for name in self.patterns)
        return f"{head}game = {_quoted(game)}\ntitle = {_quoted(self.title)}\nrules = [\n{rules}]\n"


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class StrategyList(HoldStrategy):
    """A list derived from the analysis (:func:`derive_strategy_list`) with its exact evaluation."""

    evaluation: ListEvaluation


# -- the holds of every deal, by pattern ------------------------------------------------------------------------
@dataclass(frozen=True)
class PatternHolds:
    """Every dealt class's holds, best first (value, then cards kept, then lower mask), each with its pattern:
    ``pattern[d, j]`` (-1: a hold barred, or a pattern an earlier, better hold of the deal already has),
    ``value[d, j]`` and ``mask[d, j]``; entry 0 of each deal is its optimal hold."""

    vocabulary: HoldVocabulary
    pattern: np.ndarray
    value: np.ndarray
    mask: np.ndarray
    weights: np.ndarray
    ambiguous: np.ndarray  # (D, patterns) bool: holds of this pattern of unequal value in the deal

    @classmethod
    def of(cls, analysis: DrawResults) -> PatternHolds:
        return _pattern_holds(analysis)

    def ranks(self, order: np.ndarray) -> np.ndarray:
        """``rank[d, j]``: the position in ``order`` (pattern indices) of each entry's pattern; past the end
        for a pattern not listed or an entry with none."""
        position = np.full(len(self.vocabulary.names) + 1, len(order), dtype=np.int64)
        position[np.asarray(order, dtype=np.int64)[::-1]] = np.arange(len(order))[::-1]  # a repeat: its first
        return position[self.pattern]  # pattern -1 reads the last: past the end

    def played(self, order: np.ndarray) -> np.ndarray:
        """The entry each deal plays under the list ``order`` (-1: no listed pattern is there)."""
        ranks = self.ranks(order)
        entry = np.argmin(ranks, axis=1)
        return np.where(ranks[np.arange(len(ranks)), entry] < len(order), entry, -1)


def _pattern_holds(analysis: DrawResults) -> PatternHolds:
    counts, game = analysis.counts, analysis.game
    vocabulary = HoldVocabulary.of(analysis.rules)
    masks, kept = hold_masks(game.hand_size)
    patterns = vocabulary.classify(counts.cards)
    patterns[:, ~game.allowed] = -1
    values = counts.values
    rows = np.arange(len(values))[:, None]
    preference = np.lexsort((masks, -kept))  # more cards kept first, then the lower mask
    order = preference[np.argsort(-values[:, preference], axis=1, kind="stable")]  # then the value, first
    pattern, value, mask = patterns[rows, order], values[rows, order], masks[order]
    by_pattern = np.argsort(pattern, axis=1, kind="stable")  # each pattern's entries together, best first
    grouped = pattern[rows, by_pattern]
    first = np.ones(pattern.shape, dtype=bool)
    first[:, 1:] = grouped[:, 1:] != grouped[:, :-1]
    repeated = np.zeros(pattern.shape, dtype=bool)
    repeated[rows, by_pattern] = ~first
    # a pattern is ambiguous in a deal when a later hold of it has a lower value than its first (best) one
    grouped_value = value[rows, by_pattern]
    lower = np.zeros(pattern.shape, dtype=bool)
    lower[:, 1:] = ~first[:, 1:] & (grouped_value[:, 1:] < grouped_value[:, :-1])
    ambiguous = np.zeros((len(values), len(vocabulary.names) + 1), dtype=bool)
    ambiguous[np.broadcast_to(rows, lower.shape)[lower], grouped[lower]] = True
    pattern = np.where(repeated, -1, pattern)
    return PatternHolds(vocabulary, pattern, value, mask, counts.weights.astype(np.int64), ambiguous[:, :-1])


# -- evaluating a list ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ListEvaluation:
    """The exact results of playing a list: the return to player (the stake included: the return "for 1"),
    the house edge per unit, its cost against the optimal holds (the difference of the house edges), the
    deals whose hold differs from the optimal one (``deviating_deals``) and those that lose value by it
    (``costly_deals``), the deals the tie rule of a pattern with several holds decides between unequal values
    (``ambiguous_deals``), the shares of the deals by the number of cards kept (``kept``), and per pattern
    listed its rank, the deals where it is the pattern played, their share and the cost of those deals
    (``table``)."""

    patterns: tuple[str, ...]
    return_to_player: Fraction
    house_edge_per_ante: Fraction
    optimal_house_edge: Fraction
    cost: Fraction
    deviating_deals: int
    costly_deals: int
    ambiguous_deals: int
    kept: dict[int, Fraction]
    table: pd.DataFrame


def _total(weights: np.ndarray, values: np.ndarray) -> int:
    """The exact sum of ``weights * values`` (Python integers for values past 64 bits)."""
    if values.dtype == object:
        return int(sum(int(w) * int(v) for w, v in zip(weights, values, strict=True)))
    return int(np.dot(weights.astype(np.int64), values.astype(np.int64)))


def evaluate_order(analysis: DrawResults, holds: PatternHolds, order: np.ndarray) -> ListEvaluation:
    """The exact evaluation of a list given as pattern indices (see :func:`evaluate_strategy_list`)."""
    names = holds.vocabulary.names
    played = holds.played(order)
    if (played < 0).any():
        first = int(np.flatnonzero(played < 0)[0])
        dealt = format_cards(sorted(analysis.counts.cards[first], reverse=True))
        raise RulesError(f"no listed pattern is among the allowed holds of {dealt}: end the list with a pattern "
                         "every deal has")
    rows = np.arange(len(played))
    value, best, weights = holds.value[rows, played], holds.value[:, 0], holds.weights
    deals = int(weights.sum())
    denominator = deals * analysis.counts.weight * analysis.scale
    units = analysis.rules.initial_units
    edge = -Fraction(_total(weights, value), denominator) / units
    optimal = -Fraction(_total(weights, best), denominator) / units
    chosen_mask = holds.mask[rows, played]
    _, kept_cards = hold_masks(analysis.game.hand_size)
    kept = {k: Fraction(int(weights[kept_cards[chosen_mask] == k].sum()), deals)
            for k in range(analysis.game.hand_size + 1)}
    pattern = holds.pattern[rows, played]
    ambiguous = holds.ambiguous[rows, pattern]
    loss = (best - value)
    rows_table = []
    for rank, index in enumerate(order):
        here = pattern == index
        here_deals = int(weights[here].sum())
        rows_table.append({"rank": rank + 1, "pattern": names[index], "deals": here_deals,
                           "share": Fraction(here_deals, deals),
                           "cost per unit": Fraction(_total(weights[here], loss[here]), denominator) / units})
    return ListEvaluation(
        tuple(names[index] for index in order), 1 - edge, edge, optimal, edge - optimal,
        int(weights[chosen_mask != analysis.counts.chosen].sum()), int(weights[value < best].sum()),
        int(weights[ambiguous].sum()), {cards: share for cards, share in kept.items() if share},
        pd.DataFrame(rows_table, columns=["rank", "pattern", "deals", "share", "cost per unit"]))


def suggestion(written: str, vocabulary: HoldVocabulary) -> str:
    """``; did you mean 'NAME'?`` with the known pattern name closest to ``written``, or nothing.

    >>> suggestion("hihg pair", HoldVocabulary(frozenset(range(9, 13))))
    "; did you mean 'high pair'?"
    """
    known = {_normalised(name): name for name in vocabulary.names}
    close = difflib.get_close_matches(_normalised(written), list(known), n=1, cutoff=0.5)
    return f"; did you mean {known[close[0]]!r}?" if close else ""


def pattern_indices(vocabulary: HoldVocabulary, patterns) -> np.ndarray:
    """The indices of pattern names, written in any case and spacing (an unknown name: a RulesError)."""
    known = {_normalised(name): index for index, name in enumerate(vocabulary.names)}
    indices: list[int] = []
    for name in patterns:
        if _normalised(name) not in known:
            raise RulesError(f"unknown hold pattern {name!r}{suggestion(name, vocabulary)}")
        if known[_normalised(name)] in indices:
            raise RulesError(f"hold pattern {name!r} is listed twice")
        indices.append(known[_normalised(name)])
    return np.array(indices, dtype=np.int64)


def evaluate_strategy_list(analysis: DrawResults, patterns, holds: PatternHolds | None = None) -> ListEvaluation:
    """The exact results of playing the list ``patterns`` (names, strongest first) over every dealt class:
    each deal keeps the best hold of the first listed pattern present (see the module). ``holds``: the
    analysis's :class:`PatternHolds`, when already at hand."""
    holds = PatternHolds.of(analysis) if holds is None else holds
    return evaluate_order(analysis, holds, pattern_indices(holds.vocabulary, patterns))


# -- deriving a list --------------------------------------------------------------------------------------------
def _losses(holds: PatternHolds, order: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The change of cost (in value units times deals, as floats) of moving each pattern of ``order`` to each
    position: ``earlier[i, k]`` moves the pattern at ``i`` to position ``k < i`` (before the pattern there),
    ``later[i, k]`` moves it to just after the pattern at ``k > i``."""
    size = len(order)
    ranks = holds.ranks(order)
    rows = np.arange(len(ranks))
    entry = np.argmin(ranks, axis=1)
    first = ranks[rows, entry]
    played_value = holds.value[rows, entry].astype(np.float64)
    weights = holds.weights.astype(np.float64)
    # earlier: an entry of pattern at position r > first of its deal takes the deal when moved to k <= first
    present = (ranks < size) & (ranks > first[:, None])
    r, j = np.nonzero(present)
    gain = weights[r] * (played_value[r] - holds.value[r, j].astype(np.float64))
    earlier = np.bincount(ranks[r, j] * size + first[r], weights=gain, minlength=size * size).reshape(size, size)
    earlier = _suffix(earlier)  # [i, k]: every deal whose first is at k or later
    # later: the deal's pattern at ``first`` moved past its second pattern present gives the deal to that one
    second_ranks = np.where(np.arange(ranks.shape[1]) == entry[:, None], size, ranks)
    second = np.argmin(second_ranks, axis=1)
    second_rank = second_ranks[rows, second]
    has = (second_rank < size) & (first < size)
    moved = weights[has] * (played_value[has] - holds.value[rows[has], second[has]].astype(np.float64))
    later = np.bincount(first[has] * size + second_rank[has], weights=moved, minlength=size * size)
    later = np.cumsum(later.reshape(size, size), axis=1)  # [i, k]: every deal whose second is at k or earlier
    return earlier, later


def _cost(holds: PatternHolds, order: np.ndarray) -> int:
    """The exact cost of a list against the optimal holds, in value units times deals."""
    played = holds.played(order)
    value = holds.value[np.arange(len(played)), played]
    return _total(holds.weights, holds.value[:, 0] - value)


def _improve(holds: PatternHolds, order: np.ndarray, most_moves: int = MOST_MOVES) -> tuple[np.ndarray, int]:
    """Moves one pattern at a time to the place that lowers the cost the most, while one does: the move the
    float sums find best is made only when the exact cost falls (the search stops where rounding alone would
    move), so the cost falls at every move and the search ends."""
    order = np.array(order, dtype=np.int64)
    size = len(order)
    lower = np.tril(np.ones((size, size), dtype=bool), -1)  # k < i
    cost = _cost(holds, order)
    for moves in range(most_moves):
        earlier, later = _losses(holds, order)
        earlier = np.where(lower, earlier, np.inf)
        later = np.where(lower.T, later, np.inf)
        best_earlier = np.unravel_index(np.argmin(earlier), earlier.shape)
        best_later = np.unravel_index(np.argmin(later), later.shape)
        change_earlier, change_later = earlier[best_earlier], later[best_later]
        if min(change_earlier, change_later) >= -0.5:  # the changes are whole numbers
            return order, moves
        i, k = best_earlier if change_earlier <= change_later else best_later
        moved = np.insert(np.delete(order, i), k, order[i])  # before the pattern at k, or just after it
        moved_cost = _cost(holds, moved)
        if moved_cost >= cost:
            return order, moves
        order, cost = moved, moved_cost
    return order, most_moves


def _start(holds: PatternHolds) -> np.ndarray:
    """Every pattern, by its average value over the deals where some hold has it (highest first)."""
    size = len(holds.vocabulary.names)
    where = holds.pattern >= 0
    r, j = np.nonzero(where)
    weights = holds.weights[r].astype(np.float64)
    total = np.bincount(holds.pattern[r, j], weights=weights * holds.value[r, j].astype(np.float64),
                        minlength=size)
    deals = np.bincount(holds.pattern[r, j], weights=weights, minlength=size)
    average = np.where(deals > 0, total / np.maximum(deals, 1), -np.inf)
    return np.lexsort((np.arange(size), -average))


def derive_strategy_list(analysis: DrawResults, title: str | None = None, holds: PatternHolds | None = None
                         ) -> StrategyList:
    """The ranked list of hold patterns that comes closest to the optimal return (see the module), only the
    patterns some deal plays kept, with its exact evaluation."""
    holds = PatternHolds.of(analysis) if holds is None else holds
    order, _ = _improve(holds, _start(holds))
    played = holds.played(order)
    used = set(holds.pattern[np.arange(len(played)), played].tolist())
    order = np.array([index for index in order if index in used], dtype=np.int64)
    evaluation = evaluate_order(analysis, holds, order)
    name = title or f"{analysis.rules.title}, {analysis.paytable.name}: derived hold list"
    return StrategyList(name, evaluation.patterns, evaluation)


# -- strategy files -------------------------------------------------------------------------------------------
def _normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def load_hold_strategy(path: Path, rules: GameRules) -> HoldStrategy:
    """Read a hold-list strategy file for ``rules`` (see the module); every problem is one RulesError line
    naming the file, the line and the key."""
    path = Path(path)
    text, data = read_rules_file(path, "strategy")
    lines = key_lines(text)

    def here(*key: str | int) -> str:
        line = line_of(lines, key)
        dotted = "".join(f"[{part + 1}]" if isinstance(part, int) else f".{part}" for part in key).lstrip(".")
        return f"{path}{f', line {line}' if line else ''}: {dotted}"

    if data.get("game", rules.name) != rules.name:
        raise RulesError(f"{here('game')}: written for game {data['game']!r}, not {rules.name!r}")
    for key in ("up_cards", "streets"):
        if key in data:
            raise RulesError(f"{here(key)}: a draw game's strategy is one list of hold patterns "
                             "(rules = [\"four to a royal flush\", ...])")
    if "rules" not in data:
        raise RulesError(f"{path}: give the hold patterns in order (rules = [\"four to a royal flush\", ...])")
    vocabulary = HoldVocabulary.of(rules)
    known = {_normalised(name): name for name in vocabulary.names}
    patterns: list[str] = []
    for position, written in enumerate(data["rules"]):
        name = known.get(_normalised(written))
        if name is None:
            raise RulesError(f"{here('rules', position)}: unknown hold pattern {written!r}"
                             f"{suggestion(written, vocabulary)}")
        if name in patterns:
            raise RulesError(f"{here('rules', position)}: {name!r} is listed twice (rule "
                             f"{patterns.index(name) + 1} already)")
        patterns.append(name)
    if patterns[-1] != NOTHING and NOTHING not in patterns:
        patterns.append(NOTHING)
    return HoldStrategy(str(data.get("title", path.stem)), tuple(patterns))


def evaluate_hold_strategy(analysis: DrawResults, strategy: HoldStrategy, holds: PatternHolds | None = None
                           ) -> StrategyFigures:
    """The exact figures of a written hold list (house edge per ante, element of risk, average total bet, the
    shares of the deals by the cards kept, as ``actions``) and its cost against the optimal holds (the list's
    house edge minus the optimal one)."""
    evaluation = evaluate_strategy_list(analysis, strategy.patterns, holds)
    average = analysis.average_total_bet
    labels = list(analysis.action_frequencies())  # the analysis's words: "keep 2, draw 3", by the cards kept
    return StrategyFigures(title=strategy.title, house_edge_per_ante=evaluation.house_edge_per_ante,
                           element_of_risk=figures.element_of_risk(-evaluation.house_edge_per_ante, average),
                           average_total_bet=average, cost_per_ante=evaluation.cost,
                           actions={labels[cards]: share for cards, share in evaluation.kept.items()})
