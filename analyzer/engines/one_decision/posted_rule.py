"""The short strategy a dealer could post, derived from the exact results.

A posted rule has the shape "play Mx with A or better; play 1x with B or
better; fold the rest" (one line where the game has one Play multiple;
"with any hand" and no fold where every hand plays): two thresholds on the
player's best hand rank. Its
total value is separable,

    sum(1x) + sum over hands below B of (fold - 1x) + sum over hands from A up of (Mx - 1x),

so the best B and the best A (with B <= A, and A no lower than the hand the
rules require for Mx) come from prefix sums over the hands sorted by rank.
Where the dealer shows a card, each up-card rank gets its own thresholds.
Its exact cost is the optimal strategy's value minus the rule's, per ante.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

import numpy as np
import pandas as pd

from analyzer.core.cards import RANK_NAMES, RANK_SYMBOLS
from analyzer.core.ranking import HandRanking
from analyzer.engines.exact_sums import floor_of
from analyzer.games.settlement import FOLD, decision_name

if TYPE_CHECKING:
    from analyzer.engines.one_decision.enumeration import Situations
    from analyzer.engines.one_decision.strategy import Decisions
    from analyzer.games.rules import GameRules

NEVER = int(np.iinfo(np.int64).max)

#: The hand of a rule that every hand reaches (a pattern :mod:`analyzer.games.patterns` reads).
ANY_HAND = "any hand"


@dataclass(frozen=True)
class RuleGroup:
    """The thresholds for one group of situations (one dealer up-card rank, or all hands)."""

    condition: str  # "" or "dealer shows a seven"
    up_rank: int | None
    thresholds: tuple[tuple[int, int], ...]  # (multiple, lowest best-hand rank), strongest first
    rows: tuple[tuple[str, str], ...]  # (decision, "hand or better")
    optimal_weakest: tuple[tuple[str, str], ...]  # (decision, weakest hand the optimal strategy plays so)
    cost: Fraction  # this group's share of the rule's cost, per ante

    @property
    def text(self) -> str:
        plays = [f"{decision} with {hand}" for decision, hand in self.rows]
        folds = [] if plays and self.rows[-1][1] == ANY_HAND else ["fold the rest" if plays else "fold every hand"]
        rule = "; ".join(plays + folds)
        return f"{self.condition}: {rule}" if self.condition else rule


@dataclass(frozen=True)
class PostedRule:
    """A posted strategy (one group, or one per dealer up-card rank) and its exact cost per ante."""

    groups: tuple[RuleGroup, ...]
    cost: Fraction

    @property
    def text(self) -> str:
        return " | ".join(group.text for group in self.groups)

    @property
    def rows(self) -> tuple[tuple[str, str], ...]:
        """(decision, hand) rows of every group, the decision prefixed by the group's condition."""
        return tuple((f"{group.condition}: {decision}" if group.condition else decision, hand)
                     for group in self.groups for decision, hand in group.rows)

    def multiple(self, best_rank: np.ndarray, up_rank: np.ndarray | None = None) -> np.ndarray:
        """The multiple the rule plays for each situation (0: fold)."""
        chosen = np.zeros(np.shape(best_rank), dtype=np.int64)
        for group in self.groups:
            here = np.ones(np.shape(best_rank), dtype=bool) if group.up_rank is None else up_rank == group.up_rank
            for multiple, threshold in reversed(group.thresholds):
                chosen = np.where(here & (np.asarray(best_rank) >= threshold), multiple, chosen)
        return chosen

    def strategy_file(self, game: str) -> str:
        """The rule as a strategy file (the format :func:`analyzer.engines.one_decision.strategy_files.load_strategy`
        reads), so a chart can be saved, edited and re-evaluated."""
        def rules(group) -> str:
            lines = [f"{decision.removeprefix('play ')} with {hand}" for decision, hand in group.rows] + ["fold"]
            return "[" + ", ".join(f'"{line}"' for line in lines) + "]"
        text = f'game = "{game}"\ntitle = "posted rule"\n'
        if len(self.groups) == 1:
            return text + f"rules = {rules(self.groups[0])}\n"
        return text + "\n[up_cards]\n" + "".join(f'"{RANK_SYMBOLS[group.up_rank]}" = {rules(group)}\n'
                                                   for group in self.groups if group.up_rank is not None)

    def table(self) -> pd.DataFrame:
        """One row per group and decision: the posted hand, the optimal strategy's weakest, the cost."""
        rows = []
        for group in self.groups:
            weakest = dict(group.optimal_weakest)
            for decision, hand in group.rows:
                rows.append({"condition": group.condition or "all hands", "decision": decision,
                             "posted: this hand or better": hand,
                             "optimal: weakest hand so played": weakest.get(decision, "none"),
                             "group cost per ante": group.cost})
        return pd.DataFrame(rows)


def threshold_text(ranking: HandRanking, threshold: int, achievable: np.ndarray | None = None) -> str:
    """Shortest description of "this hand or better": trailing kickers that are as low as they
    can be are dropped (K-8-4-2 -> "K-8-4"); a category's lowest hand is named by its category.
    ``achievable``: the ranks a player's best hand can take (default: every hand of the ranking);
    A-A-5-3 is the lowest best four of five with a pair of aces, since A-A-4-3-2 holds a straight.

    >>> from analyzer.core.ranking import load_ranking
    >>> from analyzer.core.cards import parse_cards
    >>> four = load_ranking("four_card")
    >>> threshold_text(four, four.rank_of(parse_cards("Kc 8d 4h 2s")))
    'K-8-4'
    """
    table = np.unique(ranking.table if achievable is None else achievable)
    span = ranking.span
    category = threshold // span
    in_category = table[table // span == category]
    if threshold == in_category.min() and category > 0:
        return ranking.categories[category].label
    digits = ranking.tiebreak_ranks(threshold)
    kept = next(kept for kept in range(1, len(digits) + 1)
                if in_category[in_category // (span // 13 ** kept) == threshold // (span // 13 ** kept)].min()
                == threshold)
    return ranking.describe(threshold, kept)


def best_thresholds(ranks: np.ndarray, fold: np.ndarray, single: np.ndarray, top: np.ndarray,
                    lowest_top: int) -> tuple[int, int, int]:
    """Best (play threshold, top threshold, total value) for hands with these ranks and values.

    ``fold``/``single``/``top``: each hand's total value when folded, played
    1x, played at the top multiple (integers, already weighted: int64 when
    every prefix sum fits, else Python integers).
    """
    order = np.argsort(ranks, kind="stable")
    distinct, first = np.unique(ranks[order], return_index=True)
    group = lambda values: np.add.reduceat(values[order], first)  # noqa: E731
    gain_fold = np.concatenate([[0], np.cumsum(group(fold - single))])          # fold below index i
    gain_top = np.concatenate([np.cumsum(group(top - single)[::-1])[::-1], [0]])  # top from index i
    allowed_top = np.append(distinct, NEVER) >= lowest_top
    best_fold_upto = np.maximum.accumulate(gain_fold)
    candidates = best_fold_upto + gain_top
    values = np.where(allowed_top, candidates, floor_of(candidates))
    top_index = int(np.argmax(values))
    play_index = int(np.argmax(gain_fold[: top_index + 1]))
    bound = lambda index: int(distinct[index]) if index < len(distinct) else int(NEVER)  # noqa: E731
    return bound(play_index), bound(top_index), int(single.sum() + values[top_index])


class Decided(Protocol):
    """What :func:`derive_posted_rule` reads of a one-decision analysis
    (:class:`analyzer.engines.one_decision.results.Analysis`, which imports this module)."""

    @property
    def rules(self) -> GameRules: ...

    @property
    def situations(self) -> Situations: ...

    @property
    def decisions(self) -> Decisions: ...


def derive_posted_rule(analysis: Decided) -> PostedRule:
    """The best two-threshold rule (per up-card rank where the dealer shows one), and its exact cost."""
    decisions, situations, rules = analysis.decisions, analysis.situations, analysis.rules
    weights = situations.weights
    columns = {int(m): index for index, m in enumerate(decisions.multiples)}
    single_multiple = min(m for m in columns if m != FOLD)
    top_multiple = max(columns)
    top_option = next(option for option in rules.play if option.multiple == top_multiple)
    lowest_top = top_option.requires.lowest_rank(rules.ranking) if top_option.requires else 0
    weighted = decisions.totals * weights[:, None]
    optimal = weighted[np.arange(len(weights)), decisions.choice]
    achievable = np.unique(situations.best_rank)
    denominator = decisions.scale * situations.dealer_hands * int(weights.sum())
    up_ranks = None if situations.up_card is None else situations.up_card // 4
    describe = lambda rank: threshold_text(rules.ranking, int(rank), achievable)  # noqa: E731
    or_better = lambda rank: ANY_HAND if rank <= achievable[0] else describe(rank) + " or better"  # noqa: E731
    groups = []
    for up_rank in ([None] if up_ranks is None else np.unique(up_ranks)):
        here = slice(None) if up_rank is None else up_ranks == up_rank
        ranks = situations.best_rank[here]
        play_at, top_at, value = best_thresholds(
            ranks, weighted[here, columns[FOLD]], weighted[here, columns[single_multiple]],
            weighted[here, columns[top_multiple]], lowest_top)
        bounds = {top_multiple: top_at, single_multiple: play_at}  # one line when one multiple is both
        thresholds = tuple((m, t) for m, t in bounds.items() if t != NEVER)
        chosen = decisions.multiples[decisions.choice[here]]
        weakest = tuple((decision_name(m), describe(ranks[chosen == m].min())) for m in bounds if (chosen == m).any())
        groups.append(RuleGroup(
            "" if up_rank is None else f"dealer shows {_article(RANK_NAMES[up_rank])}",
            None if up_rank is None else int(up_rank), thresholds,
            tuple((decision_name(m), or_better(t)) for m, t in thresholds), weakest,
            Fraction(int(optimal[here].sum()) - value, denominator)))
    return PostedRule(tuple(groups), sum((group.cost for group in groups), Fraction(0)))


def _article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun
