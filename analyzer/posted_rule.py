"""The short strategy a dealer could post, derived from the exact results.

A posted rule has the shape "play Mx with A or better; play 1x with B or
better; fold the rest": two thresholds on the player's best hand rank. Its
total value is separable,

    sum(1x) + sum over hands below B of (fold - 1x) + sum over hands from A up of (Mx - 1x),

so the best B and the best A (with B <= A, and A no lower than the hand the
rules require for Mx) come from prefix sums over the hands sorted by rank.
Its exact cost is the optimal strategy's value minus the rule's, per ante.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from analyzer.ranking import TIEBREAK_SPAN, HandRanking
from analyzer.results import Analysis
from analyzer.strategy import FOLD, decision_name


@dataclass(frozen=True)
class PostedRule:
    """Thresholds (multiple, lowest best-hand rank), strongest first; its text and exact cost."""

    thresholds: tuple[tuple[int, int], ...]
    text: str
    cost: Fraction  # extra house edge per ante against the optimal strategy
    rows: tuple[tuple[str, str], ...]  # (decision, "hand or better")

    def multiple(self, best_rank: np.ndarray) -> np.ndarray:
        """The multiple the rule plays for each best-hand rank (0: fold)."""
        chosen = np.zeros(np.shape(best_rank), dtype=np.int64)
        for multiple, threshold in reversed(self.thresholds):
            chosen = np.where(np.asarray(best_rank) >= threshold, multiple, chosen)
        return chosen


def threshold_text(ranking: HandRanking, threshold: int, achievable: np.ndarray | None = None) -> str:
    """Shortest description of "this hand or better": trailing kickers that are as low as they
    can be are dropped (K-8-4-2 -> "K-8-4"); a category's lowest hand is named by its category.
    ``achievable``: the ranks a player's best hand can take (default: every hand of the ranking);
    A-A-5-3 is the lowest best four of five with a pair of aces, since A-A-4-3-2 holds a straight.

    >>> from analyzer.ranking import load_ranking
    >>> from analyzer.cards import parse_cards
    >>> four = load_ranking("four_card")
    >>> threshold_text(four, four.rank_of(parse_cards("Kc 8d 4h 2s")))
    'K-8-4'
    """
    table = np.unique(ranking.table if achievable is None else achievable)
    category = threshold // TIEBREAK_SPAN
    in_category = table[table // TIEBREAK_SPAN == category]
    if threshold == in_category.min() and category > 0:
        return ranking.categories[category].label
    digits = ranking.tiebreak_ranks(threshold)
    kept = next(kept for kept in range(1, len(digits) + 1)
                if in_category[in_category // 13 ** (5 - kept) == threshold // 13 ** (5 - kept)].min() == threshold)
    return ranking.describe(threshold, kept)


def best_thresholds(ranks: np.ndarray, fold: np.ndarray, single: np.ndarray, top: np.ndarray,
                    lowest_top: int) -> tuple[int, int, int]:
    """Best (play threshold, top threshold, total value) for hands with these ranks and values.

    ``fold``/``single``/``top``: each hand's total value when folded, played
    1x, played at the top multiple (integers, already weighted).
    """
    order = np.argsort(ranks, kind="stable")
    distinct, first = np.unique(ranks[order], return_index=True)
    group = lambda values: np.add.reduceat(values[order], first)  # noqa: E731
    gain_fold = np.concatenate([[0], np.cumsum(group(fold - single))])          # fold below index i
    gain_top = np.concatenate([np.cumsum(group(top - single)[::-1])[::-1], [0]])  # top from index i
    allowed_top = np.append(distinct, np.iinfo(np.int64).max) >= lowest_top
    best_fold_upto = np.maximum.accumulate(gain_fold)
    values = np.where(allowed_top, best_fold_upto + gain_top, np.iinfo(np.int64).min)
    top_index = int(np.argmax(values))
    play_index = int(np.argmax(gain_fold[: top_index + 1]))
    bound = lambda index: int(distinct[index]) if index < len(distinct) else int(np.iinfo(np.int64).max)  # noqa: E731
    return bound(play_index), bound(top_index), int(single.sum() + values[top_index])


def derive_posted_rule(analysis: Analysis) -> PostedRule:
    """The best two-threshold rule for a game with one decision, and its exact cost."""
    decisions, situations, rules = analysis.decisions, analysis.situations, analysis.rules
    weights = situations.weights
    columns = {int(m): index for index, m in enumerate(decisions.multiples)}
    single_multiple = min(m for m in columns if m != FOLD)
    top_multiple = max(columns)
    top_option = next(option for option in rules.play if option.multiple == top_multiple)
    lowest_top = top_option.requires.lowest_rank(rules.ranking) if top_option.requires else 0
    weighted = lambda multiple: decisions.totals[:, columns[multiple]] * weights  # noqa: E731
    play_at, top_at, value = best_thresholds(situations.best_rank, weighted(FOLD), weighted(single_multiple),
                                             weighted(top_multiple), lowest_top)
    optimal = int((decisions.totals[np.arange(len(weights)), decisions.choice] * weights).sum())
    cost = Fraction(optimal - value, decisions.scale * situations.dealer_hands * int(weights.sum()))
    thresholds = tuple((m, t) for m, t in ((top_multiple, top_at), (single_multiple, play_at))
                       if t != np.iinfo(np.int64).max)
    achievable = np.unique(situations.best_rank)
    rows = tuple((decision_name(m), threshold_text(rules.ranking, t, achievable) + " or better")
                 for m, t in thresholds)
    text = "; ".join(f"{decision} with {hand}" for decision, hand in rows) + "; fold the rest"
    return PostedRule(thresholds, text, cost, rows)
