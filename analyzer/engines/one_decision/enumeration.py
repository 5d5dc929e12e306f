"""Exhaustive enumeration: every player hand class against every dealer hand.

For each suit-isomorphism class of player situations (the player's hand, and
the dealer's exposed card where the game shows one), the number of dealer
hands (drawn from the cards the player does not hold) that fall in each outcome of
:data:`analyzer.games.rules.OUTCOMES`: dealer qualifies or not, player's best hand
higher, equal or lower. Counts come from :class:`DisjointRankCounter` with
three thresholds per player hand: below the player's rank, up to it, below
the qualifier. Chunks of classes run in parallel through joblib.

Weights times counts add up to the cycle: C(52, 5) * C(47, 5) for two
five-card hands, C(53, 5) * C(48, 5) from a deck with a joker (the deck's
cards are 0 .. size - 1, the jokers after the 52; a joker is in no suit, so
every suit relabelling keeps it). With exposed dealer cards, each suit-isomorphism class of
exposed card sets is enumerated on its own from one representative set (one
dealer card: a club of each of the 13 ranks), the player's hand relabelled
only among suits the exposed cards do not hold, and each player class weighs
its size times the number of exposed sets in the class (four for one card).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, fields
from functools import lru_cache, partial, cache
from math import comb
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed

from analyzer.core.cards import DECK_SIZE, SUIT_COUNT, colex_index, combinations, is_joker
from analyzer.core.counting import DisjointRankCounter
from analyzer.core.isomorphism import suit_classes
from analyzer.core.progress import progress_bar
from analyzer.core.ranking import HandRanking, best_of_table, best_ranks_of
from analyzer.core.ranking import SuitRanking
from analyzer.engines.one_decision.by_suit import suit_class_counts
from analyzer.engines.cache import expect, integers, load_cached, save_cached
from analyzer.games.rules import OUTCOMES, GameRules

CHUNK_SIZE = 8192


@cache
def best_ranks(ranking: HandRanking, hand_size: int) -> np.ndarray:
    """Cached :func:`best_of_table`: best rank of every ``hand_size``-card hand of the ranking's cards (the jokers
    too where it has a rule for them) by colex index; a deck's hands are a prefix (colex indices of the first n
    cards run below C(n, k))."""
    return best_of_table(ranking, hand_size, ranking.deck_cards)


@dataclass(frozen=True)
class Situations:
    """Player hand classes and their dealer outcome counts.

    ``cards``: one representative hand per class (sorted card indices);
    ``weights``: hands in each class; ``best_rank``: the player's best hand
    rank; ``outcome_counts``: (classes, 6) dealer hands per outcome;
    ``dealer_hands``: dealer hands per player hand (each row sums to it);
    ``up_card``: the dealer's exposed card, or None in games without one;
    ``seen_cards``: (classes, k) the dealer's other exposed cards when more than one shows.
    """

    cards: np.ndarray
    weights: np.ndarray
    best_rank: np.ndarray
    outcome_counts: np.ndarray
    dealer_hands: int
    up_card: np.ndarray | None = None
    seen_cards: np.ndarray | None = None
    _ranks_by_ranking: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def cycle(self) -> int:
        """All equally likely deals: player hands times dealer hands."""
        return int(self.weights.sum()) * self.dealer_hands

    def player_ranks(self, ranking: HandRanking) -> np.ndarray:
        """Best ``ranking``-hand of each representative (for side bets on another ranking); cached."""
        if ranking.name not in self._ranks_by_ranking:
            self._ranks_by_ranking[ranking.name] = (
                ranking.evaluate(self.cards) if ranking.cards == self.cards.shape[1]
                else best_ranks(ranking, self.cards.shape[1])[colex_index(self.cards)])
        return self._ranks_by_ranking[ranking.name]


def save_situations(path: Path, situations: Situations) -> None:
    """Save the counts of an enumeration in the cache (atomically, its folder made if need be; see
    :func:`analyzer.engines.cache.save_cached`)."""
    arrays = {f.name: getattr(situations, f.name) for f in fields(Situations)
              if isinstance(getattr(situations, f.name), np.ndarray)}
    save_cached(path, partial(np.savez, **arrays, dealer_hands=np.array(situations.dealer_hands)))


def _read_situations(path: Path, rules: GameRules, exposed: tuple[int, ...] | None) -> Situations:
    """The saved counts, checked against the game (``exposed``: those of one set of exposed dealer cards, a
    chunk): every array there, integers of the right shapes, each class's counts summing to its dealer
    hands and the weights to every player hand, so the counts sum to the cycle."""
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    seen, deck = rules.dealer_up_cards if exposed is None else len(exposed), rules.deck.size
    cards = integers(arrays, "cards", None, rules.player_cards)
    classes = len(cards)
    weights, counts = integers(arrays, "weights", classes), integers(arrays, "outcome_counts", classes, len(OUTCOMES))
    integers(arrays, "best_rank", classes)
    dealer_hands = int(integers(arrays, "dealer_hands"))
    hands = comb(deck - seen, rules.player_cards) * (1 if exposed is not None else comb(deck, seen))
    dealt = comb(deck - seen - rules.player_cards, rules.dealer_cards - seen)
    expect(dealer_hands == dealt, f"{dealer_hands} dealer hands, not {dealt}")
    expect((counts >= 0).all() and (weights > 0).all(), "negative counts")
    expect((counts.sum(axis=1, dtype=np.int64) == dealer_hands).all(), "outcome counts not summing to the dealer hands")
    expect(int(weights.sum(dtype=np.int64)) == hands, f"weights summing to {int(weights.sum())}, not {hands}")
    up_card = integers(arrays, "up_card", classes) if seen else None
    seen_cards = integers(arrays, "seen_cards", classes, seen - 1) if seen > 1 else None
    return Situations(cards, weights, arrays["best_rank"], counts, dealer_hands, up_card, seen_cards)


def load_situations(path: Path, rules: GameRules, exposed: tuple[int, ...] | None = None) -> Situations | None:
    """The saved counts of ``rules`` (``exposed``: of one set of exposed dealer cards), or None when there are
    none or they are damaged (see :func:`analyzer.engines.cache.load_cached`)."""
    return load_cached(path, partial(_read_situations, rules=rules, exposed=exposed))


def outcome_counts(player: np.ndarray, qualifier: int, below: np.ndarray,
                   up_to: np.ndarray, below_qualifier: np.ndarray, total: int | np.ndarray) -> np.ndarray:
    """Dealer hands per outcome from three cumulative counts.

    ``player``: the player's dense rank; ``qualifier``: the lowest qualifying
    dense rank; ``below``/``up_to``/``below_qualifier``: dealer hands ranked
    below the player, at most the player, below the qualifier; ``total``: all dealer hands (one number, or
    one per row).

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


def dealer_outcomes(counter: DisjointRankCounter, cards: np.ndarray, player_dense: np.ndarray,
                    qualifier: int, dealer_hands: int) -> np.ndarray:
    """Outcome counts of each player hand against the counter's dealer hands.

    Thresholds: below the player, up to the player, and (if there is a
    qualifier; no hand ranks below dense rank 0) below the qualifier.
    """
    thresholds = [player_dense, player_dense + 1] + ([np.full_like(player_dense, qualifier)] if qualifier else [])
    cumulative = counter.count_below(cards, np.stack(thresholds, axis=1))
    below_qualifier = cumulative[:, 2] if qualifier else np.zeros_like(player_dense)
    return outcome_counts(player_dense, qualifier, cumulative[:, 0], cumulative[:, 1], below_qualifier,
                          dealer_hands)


@dataclass(frozen=True)
class DenseRanks:
    """Hand ranks renumbered 0, 1, 2 ... in order, and the dense rank of the qualifier."""

    distinct: np.ndarray
    qualifier: int

    @classmethod
    def of(cls, rules: GameRules) -> DenseRanks:
        distinct = rules.ranking.distinct
        qualifier = (int(np.searchsorted(distinct, rules.dealer_qualifies.lowest_rank(rules.ranking)))
                     if rules.dealer_qualifies else 0)
        return cls(distinct, qualifier)

    def __call__(self, ranks: np.ndarray) -> np.ndarray:
        return np.searchsorted(self.distinct, ranks)


_COUNTER_LOCK = threading.Lock()


@lru_cache(maxsize=2)
def _closed_dealer_counter(ranking: HandRanking, dealer_cards: int, player_cards: int,
                           deck: int) -> DisjointRankCounter:
    dense, hands = ranking.distinct, combinations(deck, dealer_cards)
    return DisjointRankCounter(hands, np.searchsorted(dense, best_ranks(ranking, dealer_cards)[:len(hands)]),
                               len(dense), player_cards, deck)


def closed_dealer_counter(rules: GameRules) -> DisjointRankCounter:
    """The counter over every dealer hand of a game with no exposed card: built once per process
    (a Dask or process worker builds its own; threads share one), so tasks carry only player hands."""
    with _COUNTER_LOCK:
        return _closed_dealer_counter(rules.ranking, rules.dealer_cards, rules.player_cards, rules.deck.size)


def closed_dealer_chunk(rules: GameRules, cards: np.ndarray, player_dense: np.ndarray) -> np.ndarray:
    """Outcome counts of some player hand classes: one self-contained task."""
    dealer_hands = comb(rules.deck.size - rules.player_cards, rules.dealer_cards)
    return dealer_outcomes(closed_dealer_counter(rules), cards, player_dense, DenseRanks.of(rules).qualifier,
                           dealer_hands).astype(np.int32)


def _closed_dealer(rules: GameRules, jobs: int, progress: bool) -> Situations:
    ranking, dense = rules.ranking, DenseRanks.of(rules)
    player_hands = combinations(rules.deck.size, rules.player_cards)
    classes = suit_classes(player_hands)
    cards = np.asarray(player_hands[classes.representatives])
    best = best_ranks(ranking, rules.player_cards)[classes.representatives]
    player_dense = dense(best)
    starts = range(0, len(cards), CHUNK_SIZE)
    tasks = (delayed(closed_dealer_chunk)(rules, cards[s:s + CHUNK_SIZE], player_dense[s:s + CHUNK_SIZE])
             for s in starts)
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(tasks)
    counts = np.concatenate(list(progress_bar(parts, total=len(starts), enabled=progress,
                                              description=f"{rules.name}: player hand classes")))
    return Situations(cards, classes.weights, best, counts,
                      comb(rules.deck.size - rules.player_cards, rules.dealer_cards))


def _by_suit(rules: GameRules, ranking: SuitRanking, jobs: int, progress: bool) -> Situations:
    """A ranking that decomposes by suit (the rules' ``ranking``): every class against every dealer hand by
    products of per-suit counts (:mod:`analyzer.engines.one_decision.by_suit`), on the ranks themselves (no
    dense renumbering)."""
    qualifier = rules.dealer_qualifies.lowest_rank(ranking) if rules.dealer_qualifies else None
    counts = suit_class_counts(ranking, rules.player_cards, rules.dealer_cards, qualifier, jobs, progress,
                               f"{rules.name}: player hand classes")
    dealer_hands = comb(DECK_SIZE - rules.player_cards, rules.dealer_cards)
    below_qualifier = counts.below[:, 2] if qualifier is not None else np.zeros(len(counts.values), dtype=np.int64)
    outcomes = outcome_counts(counts.values, int(ranking.distinct[0]) if qualifier is None else qualifier,
                              counts.below[:, 0], counts.below[:, 1], below_qualifier, dealer_hands)
    if dealer_hands < 2**31:
        outcomes = outcomes.astype(np.int32)
    return Situations(counts.cards, counts.weights, counts.values, outcomes, dealer_hands,
                      _ranks_by_ranking={ranking.name: counts.values})


def exposed_sets(count: int, deck: int = DECK_SIZE) -> tuple[np.ndarray, np.ndarray]:
    """One representative of each suit-isomorphism class of ``count`` exposed cards of a ``deck``-card deck,
    and the class sizes.

    One card: the 13 clubs, four sets each (and the joker, one set, from a deck with one); two cards: 13
    pairs, 78 suited and 78 offsuit rank pairs (6, 4 and 12 sets), adding up to C(52, 2).

    >>> cards, sizes = exposed_sets(2)
    >>> len(cards), int(sizes.sum())
    (169, 1326)
    >>> cards, sizes = exposed_sets(1, 53)
    >>> len(cards), int(sizes[-1]), cards[-1].tolist()
    (14, 1, [52])
    """
    sets = combinations(deck, count)
    classes = suit_classes(sets)
    return np.asarray(sets[classes.representatives], dtype=np.int64), classes.weights


def exposed_card_situations(rules: GameRules, exposed: tuple[int, ...]) -> Situations:
    """Every player hand class against a dealer whose ``exposed`` cards are seen.

    The dealer's hidden cards are ``dealer_cards - len(exposed)`` of the
    others; the dealer's rank is the best hand of hidden plus exposed cards,
    so which dealer card is seen does not matter, only which cards are.
    """
    ranking, dense = rules.ranking, DenseRanks.of(rules)
    others = np.setdiff1d(np.arange(rules.deck.size), exposed)
    player_hands = others[combinations(len(others), rules.player_cards)]
    fixed = tuple(sorted({card % SUIT_COUNT for card in exposed if not is_joker(card)}))
    classes = suit_classes(player_hands, fixed_suits=fixed)
    cards = player_hands[classes.representatives]
    hidden = others[combinations(len(others), rules.dealer_cards - len(exposed))]
    whole = np.sort(np.column_stack([hidden, np.broadcast_to(exposed, (len(hidden), len(exposed)))]), axis=1)
    counter = DisjointRankCounter(hidden, dense(best_ranks_of(ranking, whole)), len(dense.distinct),
                                  rules.player_cards, rules.deck.size)
    best = best_ranks(ranking, rules.player_cards)[colex_index(cards)]
    dealer_hands = comb(len(others) - rules.player_cards, rules.dealer_cards - len(exposed))
    counts = dealer_outcomes(counter, cards, dense(best), dense.qualifier, dealer_hands)
    rows = np.broadcast_to(np.asarray(exposed, dtype=np.int8), (len(cards), len(exposed)))
    return Situations(cards.astype(np.int8), classes.weights, best, counts.astype(np.int32), dealer_hands,
                      rows[:, 0].copy(), rows[:, 1:].copy() if len(exposed) > 1 else None)


def _exposed_card_chunk(rules: GameRules, exposed: tuple[int, ...], checkpoints: Path | None) -> Situations:
    """One exposed set's situations, read from or saved to ``checkpoints`` when given (resumable runs)."""

    path = None if checkpoints is None else checkpoints / f"up-card-{'-'.join(map(str, exposed))}.npz"
    cached = None if path is None else load_situations(path, rules, exposed)
    if cached is not None:
        return cached
    situations = exposed_card_situations(rules, exposed)
    if path is not None:
        save_situations(path, situations)
    return situations


def _exposed_dealer(rules: GameRules, jobs: int, progress: bool, checkpoints: Path | None) -> Situations:
    exposed, sizes = exposed_sets(rules.dealer_up_cards, rules.deck.size)
    tasks = (delayed(_exposed_card_chunk)(rules, tuple(int(card) for card in cards), checkpoints)
             for cards in exposed)
    # Each exposed set is a self-contained task with its own tables: worker processes, no shared state.
    parts = list(progress_bar(Parallel(n_jobs=jobs, return_as="generator")(tasks),
                              total=len(exposed), enabled=progress, description=f"{rules.name}: exposed dealer cards"))
    seen = [part.seen_cards for part in parts]
    return Situations(
        cards=np.concatenate([part.cards for part in parts]),
        weights=np.concatenate([part.weights * size for part, size in zip(parts, sizes, strict=True)]),
        best_rank=np.concatenate([part.best_rank for part in parts]),
        outcome_counts=np.concatenate([part.outcome_counts for part in parts]),
        dealer_hands=parts[0].dealer_hands,
        up_card=np.concatenate([part.up_card for part in parts]),
        seen_cards=None if seen[0] is None else np.concatenate(seen))


def enumerate_situations(rules: GameRules, jobs: int = 1, progress: bool = True,
                         checkpoints: Path | None = None) -> Situations:
    """Outcome counts of every player situation class of a game.

    ``checkpoints``: a folder where long enumerations save their completed
    chunks (one per class of exposed dealer cards), so an interrupted run resumes there.
    """
    if rules.dealer_up_cards == 0 and isinstance(ranking := rules.ranking, SuitRanking):
        return _by_suit(rules, ranking, jobs, progress)
    if rules.dealer_up_cards == 0:
        return _closed_dealer(rules, jobs, progress)
    return _exposed_dealer(rules, jobs, progress, checkpoints)
