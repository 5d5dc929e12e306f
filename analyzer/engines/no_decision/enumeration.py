"""Deals of a game with no decision by the rank of the paid hand, counted exactly by card type.

The player's ``n`` cards are an equally likely ``n``-subset of the deck's physical cards; by card type
(:func:`analyzer.core.shoes.shoe_hands`) each multiset is ranked once and weighs its ways, so the deals by rank
add up to the cycle ``C(52 * D, n)``. A ranking of ``k < n`` cards ranks the best ``k`` of the ``n``.

>>> from analyzer.core.decks import Deck
>>> from analyzer.core.ranking import load_ranking
>>> counts = count_hands(Deck(decks=2), 3, load_ranking("three_card"))
>>> counts.cycle, len(counts.ranks)
(182104, 833)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial
from math import comb
from pathlib import Path

import numpy as np

from analyzer.core.cards import subset_positions
from analyzer.core.decks import Deck
from analyzer.core.ranking import HandRanking
from analyzer.core.shoes import shoe_hands
from analyzer.engines.cache import expect, integers, save_cached
from analyzer.engines.results import exact_bincount


@dataclass(frozen=True)
class HandRanks:
    """Deals by the rank of the paid hand: every rank dealt once, rising, and its deals (int64)."""

    ranks: np.ndarray
    deals: np.ndarray

    @property
    def cycle(self) -> int:
        """Every deal: the deals of every rank."""
        return int(self.deals.sum())


@lru_cache(maxsize=8)
def count_hands(deck: Deck, cards: int, ranking: HandRanking) -> HandRanks:
    """Deals of ``cards`` cards from ``deck`` by the rank of their best ``ranking.cards``-card hand."""
    hands, ways = shoe_hands(deck.decks, cards)
    ranks = np.full(len(hands), -1, dtype=np.int64)
    for positions in subset_positions(cards, ranking.cards):
        np.maximum(ranks, ranking.evaluate(hands[:, positions]), out=ranks)
    distinct, where = np.unique(ranks, return_inverse=True)
    counts = HandRanks(distinct, exact_bincount(where.ravel(), ways, len(distinct)))
    assert counts.cycle == comb(deck.size, cards), "the hands do not add up to the cycle"
    return counts


def check_counts(deck: Deck, cards: int, counts: HandRanks) -> None:
    """Cached counts as :func:`count_hands` makes them (else :class:`analyzer.engines.cache.DamagedEntry`)."""
    arrays = {"ranks": counts.ranks, "deals": counts.deals}
    distinct = len(integers(arrays, "ranks", None))
    integers(arrays, "deals", distinct)
    expect((np.diff(counts.ranks) > 0).all(), "ranks not rising")
    expect((counts.deals > 0).all() and counts.cycle == comb(deck.size, cards), "deals not adding up to the cycle")


def save_counts(path: Path, counts: HandRanks) -> None:
    """The counts as one .npz file, written atomically."""
    save_cached(path, partial(np.savez, ranks=counts.ranks, deals=counts.deals))


def load_counts(path: Path) -> HandRanks:
    """The counts :func:`save_counts` wrote."""
    with np.load(path) as data:
        return HandRanks(data["ranks"], data["deals"])
