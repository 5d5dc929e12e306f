"""Exhaustive enumeration: every player hand class against every dealer hand.

For each suit-isomorphism class of player hands, the number of dealer hands
(drawn from the cards the player does not hold) that fall in each outcome of
:data:`analyzer.rules.OUTCOMES`: dealer qualifies or not, player's best hand
higher, equal or lower. Counts come from :class:`DisjointRankCounter` with
three thresholds per player hand: below the player's rank, up to it, below
the qualifier. Chunks of classes run in parallel through joblib.

Weights times counts add up to the cycle: C(52, 5) * C(47, 5) for two
five-card hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np
from joblib import Parallel, delayed

from analyzer.cards import DECK_SIZE, colex_index, combinations
from analyzer.counting import DisjointRankCounter
from analyzer.isomorphism import suit_classes
from analyzer.progress import progress_bar
from analyzer.ranking import HandRanking, best_of_table
from analyzer.rules import GameRules

CHUNK_SIZE = 8192


@lru_cache(maxsize=None)
def best_ranks(ranking: HandRanking, hand_size: int) -> np.ndarray:
    """Cached :func:`best_of_table`: best rank of every ``hand_size``-card hand by colex index."""
    return best_of_table(ranking, hand_size)


@dataclass(frozen=True)
class Situations:
    """Player hand classes and their dealer outcome counts.

    ``cards``: one representative hand per class (sorted card indices);
    ``weights``: hands in each class; ``best_rank``: the player's best hand
    rank; ``outcome_counts``: (classes, 6) dealer hands per outcome;
    ``dealer_hands``: dealer hands per player hand (each row sums to it).
    """

    cards: np.ndarray
    weights: np.ndarray
    best_rank: np.ndarray
    outcome_counts: np.ndarray
    dealer_hands: int

    @property
    def cycle(self) -> int:
        """All equally likely deals: player hands times dealer hands."""
        return int(self.weights.sum()) * self.dealer_hands

    def player_ranks(self, ranking: HandRanking) -> np.ndarray:
        """Best ``ranking``-hand of each representative (for side bets on another ranking)."""
        return best_ranks(ranking, self.cards.shape[1])[colex_index(self.cards)]


def outcome_counts(player: np.ndarray, qualifier: int, below: np.ndarray,
                   up_to: np.ndarray, below_qualifier: np.ndarray, total: int) -> np.ndarray:
    """Dealer hands per outcome from three cumulative counts.

    ``player``: the player's dense rank; ``qualifier``: the lowest qualifying
    dense rank; ``below``/``up_to``/``below_qualifier``: dealer hands ranked
    below the player, at most the player, below the qualifier.

    >>> outcome_counts(np.array([5]), 3, np.array([40]), np.array([42]), np.array([10]), 100).tolist()
    [[10, 0, 0, 30, 2, 58]]
    """
    qualified = player >= qualifier
    zero = np.zeros_like(below)
    columns = [
        np.where(qualified, below_qualifier, below),                  # no qualify, player higher
        np.where(qualified, zero, up_to - below),                     # no qualify, tie
        np.where(qualified, zero, below_qualifier - up_to),           # no qualify, dealer higher
        np.where(qualified, below - below_qualifier, zero),           # player higher
        np.where(qualified, up_to - below, zero),                     # tie
        total - np.where(qualified, up_to, below_qualifier),          # dealer higher
    ]
    return np.stack(columns, axis=1)


def enumerate_situations(rules: GameRules, jobs: int = 1, progress: bool = True) -> Situations:
    """Outcome counts of every player hand class of a game with no exposed dealer card."""
    if rules.dealer_up_cards:
        raise NotImplementedError("games with an exposed dealer card are not enumerated yet")
    ranking = rules.ranking
    player_hands = combinations(DECK_SIZE, rules.player_cards)
    classes = suit_classes(player_hands)
    cards = np.asarray(player_hands[classes.representatives])
    best = best_ranks(ranking, rules.player_cards)[classes.representatives]

    distinct = np.unique(ranking.table)
    dealer_dense = np.searchsorted(distinct, best_ranks(ranking, rules.dealer_cards))
    counter = DisjointRankCounter(combinations(DECK_SIZE, rules.dealer_cards), dealer_dense,
                                  len(distinct), rules.player_cards)
    player_dense = np.searchsorted(distinct, best)
    qualifier = (int(np.searchsorted(distinct, rules.dealer_qualifies.lowest_rank(ranking)))
                 if rules.dealer_qualifies else 0)
    thresholds = np.stack([player_dense, player_dense + 1, np.full_like(player_dense, qualifier)], axis=1)

    starts = range(0, len(cards), CHUNK_SIZE)
    tasks = (delayed(counter.count_below)(cards[s:s + CHUNK_SIZE], thresholds[s:s + CHUNK_SIZE])
             for s in starts)
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(tasks)
    cumulative = np.concatenate(list(progress_bar(parts, total=len(starts), enabled=progress,
                                                  description=f"{rules.name}: dealer hands")))
    dealer_hands = comb(DECK_SIZE - rules.player_cards, rules.dealer_cards)
    counts = outcome_counts(player_dense, qualifier, cumulative[:, 0], cumulative[:, 1],
                            cumulative[:, 2], dealer_hands)
    return Situations(cards, classes.weights, best, counts, dealer_hands)
