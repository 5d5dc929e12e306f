"""Poker hand ranking as a single integer, driven by declared categories.

A hand's rank is ``category * TIEBREAK_SPAN + tiebreak`` where ``category``
is the index of its category in the ranking's declared order (weakest first,
see ``core/rankings.toml``) and ``tiebreak`` writes the hand's ranks in base 13,
grouped ranks first (quads, trips, higher pair ...), then kickers, highest
first; a straight is written by its top card alone (4 for A-2-3-4). So "beats"
is ``>`` and "ties" is ``==``.

A ranking may declare wild ranks (``wild = ["2"]``): a wild card stands for any card, even one already in
the hand, and a hand is worth the best hand its wild cards can make (:meth:`HandRanking.evaluate_each`).
A ranking may instead declare a ``kind`` whose hand is worth the best of its four suits (:class:`SuitRanking`:
the longest flush, the longest straight flush).
The joker (cards 52 and 53, rank :data:`JOKER_RANK`) is wild where the ranking lists it
(``wild = ["2", "joker"]``); a ranking that does not list it has no rule for it and refuses a hand holding one.

>>> four = load_ranking("four_card")
>>> from analyzer.core.cards import parse_cards
>>> flush, straight = four.rank_of(parse_cards("2h 5h 9h Jh")), four.rank_of(parse_cards("9c Td Js Qh"))
>>> four.category_name(flush), four.category_name(straight), flush > straight
('flush', 'straight', True)
>>> four.describe(four.rank_of(parse_cards("Ac 2d 3s 4h")))
'straight 4-3-2-A'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations_with_replacement
from functools import cached_property, cache
from importlib import resources
from math import comb
from typing import Any

import numpy as np

from analyzer.core.cards import (
    ACE,
    DECK_SIZE,
    JOKER_RANK,
    MOST_JOKERS,
    RANK_COUNT,
    RANK_PLURALS,
    RANK_SYMBOLS,
    SUIT_COUNT,
    colex_index,
    combinations,
    format_cards,
    parse_rank,
    subset_positions,
)
from analyzer.core.isomorphism import suit_masks

#: Base of the tiebreak digits and the span of one category's ranks.
DIGIT_BASE = RANK_COUNT
TIEBREAK_DIGITS = 5
TIEBREAK_SPAN = DIGIT_BASE ** TIEBREAK_DIGITS
#: Most hands a wild ranking scores at once (each hand once per rank its wild cards may stand for).
SCORED_AT_ONCE = 1 << 19
#: How the wild cards of a flush read (``wild_flush`` in rankings.toml): the highest ranks missing from it (a
#: flush has five different ranks), or each the ace of the flush's suit (wilds may duplicate cards held).
WILD_FLUSH_READINGS = ("highest_missing", "aces")
#: The name of the joker among a ranking's wild cards.
JOKER = "joker"
#: What a ranking's joker may stand for (``joker`` in rankings.toml): any card ("wild"), or, as a "bug" (the Pai
#: Gow rule), only an ace or a card that completes a straight or a flush.
JOKER_READINGS = ("wild", "bug")


@dataclass(frozen=True)
class Category:
    """One hand category: rank multiplicities (largest first), straight and flush flags.

    Three more flags, for rankings with wild cards (or any ranking whose categories overlap): ``royal``, the
    straight's top card is the ace; ``natural``, True for a hand without wild cards, False for one with at least
    one (None: either); ``wilds``, exactly that many wild cards (None: any number).
    """

    name: str
    shape: tuple[int, ...]
    straight: bool = False
    flush: bool = False
    royal: bool = False
    natural: bool | None = None
    wilds: int | None = None

    @property
    def overlapping(self) -> bool:
        """Whether the category uses a flag that makes categories overlap (royal, natural, wilds)."""
        return self.royal or self.natural is not None or self.wilds is not None

    @property
    def label(self) -> str:
        """Readable name: ``three_of_a_kind`` -> ``three of a kind``."""
        return self.name.replace("_", " ")


@cache
def _stand_ins(wilds: int) -> np.ndarray:
    """Every multiset of ranks ``wilds`` wild cards may stand for, one per row (int8; one empty row for none).

    >>> _stand_ins(2).shape, _stand_ins(0).shape
    ((91, 2), (1, 0))
    """
    rows = list(combinations_with_replacement(range(RANK_COUNT), wilds))
    return np.array(rows, dtype=np.int8).reshape(len(rows), wilds)


def _read_ranks(ranks: np.ndarray, size: int) -> tuple[np.ndarray, ...]:
    """(multiplicity, digits, straight, top) of hands given by their ranks (int8 rows of ``size``).

    Each card's key is (how many cards share its rank, its rank); sorted, largest first, with repeats dropped,
    the keys give the tiebreak order (``digits``, 0 past the hand's distinct ranks) and the hand's shape
    (``multiplicity``); ``top`` is a straight's top card (``size - 2`` for the ace-low one).
    """
    copies = sum((ranks == ranks[:, [column]]).astype(np.int16) for column in range(size))
    keys = -np.sort(-(copies * 16 + ranks), axis=1)
    repeated = np.zeros(keys.shape, dtype=bool)
    repeated[:, 1:] = keys[:, 1:] == keys[:, :-1]
    keys = -np.sort(-np.where(repeated, -1, keys), axis=1)
    multiplicity = np.where(keys >= 0, keys // 16, 0)
    digits = np.where(keys >= 0, keys % 16, 0).astype(np.int64)
    distinct = (multiplicity > 0).sum(axis=1)
    all_distinct = distinct == size
    plain = all_distinct & (digits[:, 0] - digits[:, size - 1] == size - 1)
    wheel = all_distinct & (digits[:, 0] == ACE) & (digits[:, 1] == size - 2)
    straight = plain | wheel
    digits = np.where(multiplicity > 0, digits, 0)
    top = np.where(wheel, size - 2, digits[:, 0])
    return multiplicity, digits, straight, top


@cache
def _multiset_terms(position: int) -> np.ndarray:
    """C(rank + position, position + 1) for each rank (the joker's too): the term of the rank at ``position`` of a
    multiset's index."""
    return np.array([comb(rank + position, position + 1) for rank in range(JOKER_RANK + 1)], dtype=np.int64)


@dataclass(frozen=True)
class HandRanking:
    """A ranking of ``cards``-card hands: its categories, weakest first; ``wild``, the ranks whose cards are wild
    (:data:`JOKER_RANK` for the joker); ``wild_flush``, the reading of the wild cards of a flush
    (:data:`WILD_FLUSH_READINGS`); ``joker``, what the joker may stand for (:data:`JOKER_READINGS`).

    Without wild ranks or overlapping flags every hand falls into exactly one category. Otherwise (see
    :meth:`evaluate_each`) categories may overlap and a hand takes the highest category it qualifies for: the
    flags set are requirements, the ones left unset are not (a flush qualifies for ``high_card`` too).
    """

    name: str
    title: str
    cards: int
    categories: tuple[Category, ...]
    wild: tuple[int, ...] = ()
    marks_suited: bool = False
    wild_flush: str = WILD_FLUSH_READINGS[0]
    joker: str = JOKER_READINGS[0]

    @property
    def jokers_wild(self) -> bool:
        """Whether the ranking has a rule for the joker (it lists it among its wild cards)."""
        return JOKER_RANK in self.wild

    @property
    def deck_cards(self) -> int:
        """The cards a hand of this ranking may hold: the 52, and the jokers when it has a rule for them."""
        return DECK_SIZE + (MOST_JOKERS if self.jokers_wild else 0)

    @property
    def reads_straights_and_flushes(self) -> bool:
        """Whether cards in sequence make a straight and cards of one suit a flush: in a ranking that declares
        a straight or a flush category (then every hand must fall into one); one that declares neither ranks
        cards by their ranks alone (two cards: 5-4 suited is a high card)."""
        return any(category.straight or category.flush for category in self.categories)

    @property
    def digits(self) -> int:
        """Base-13 tiebreak digits of a rank (five for poker categories)."""
        return TIEBREAK_DIGITS

    @property
    def span(self) -> int:
        """The ranks of one category: a rank is ``category * span + tiebreak``."""
        span: int = DIGIT_BASE ** self.digits
        return span

    @property
    def overlapping(self) -> bool:
        """Whether hands take the highest category they qualify for (wild cards or overlapping flags)."""
        return bool(self.wild) or any(category.overlapping for category in self.categories)

    def category_index(self, name: str) -> int:
        """Position of a category in the order; raises KeyError for unknown names."""
        for index, category in enumerate(self.categories):
            if category.name == name:
                return index
        raise KeyError(name)

    def category_name(self, rank: int) -> str:
        """Name of the category of a rank."""
        return self.categories[int(rank) // self.span].name

    def evaluate(self, hands: np.ndarray) -> np.ndarray:
        """Ranks (int64) of an array of hands, one hand of ``cards`` cards per row.

        A hand's rank depends only on its multiset of ranks and on whether it is a flush, so each
        hand is keyed by those two, ``evaluate_each`` ranks one hand of each key that occurs, and
        every hand takes the rank of its key: 7,462 hands ranked for all 2,598,960 five-card hands
        (``tests/core/test_ranking.py`` checks the two agree). Rows with a card outside the deck have no
        key; then every hand goes through ``evaluate_each``. With wild ranks, "a flush" in the key is
        "the natural cards share one suit", and the multiset of ranks (wild ranks included) tells the
        natural ranks and the number of wild cards: all a wild hand's rank depends on.
        """
        if not (isinstance(hands, np.ndarray) and hands.dtype.kind in "iu"):
            hands = np.asarray(hands, dtype=np.int64)
        self._check_columns(hands)
        if len(hands) == 0 or hands.min() < 0 or hands.max() >= self.deck_cards:
            return self.evaluate_each(hands)
        keys = self._hand_keys(hands)
        representative = np.full(2 * comb(JOKER_RANK + self.cards, self.cards), -1, dtype=np.intp)
        representative[keys] = np.arange(len(hands))  # any hand of a key will do
        present = np.flatnonzero(representative >= 0)
        rank_of_key = np.zeros(len(representative), dtype=np.int64)
        rank_of_key[present] = self.evaluate_each(hands[representative[present]])
        ranks: np.ndarray = rank_of_key[keys]
        return ranks

    def _check_columns(self, hands: np.ndarray) -> None:
        if hands.ndim != 2 or hands.shape[1] != self.cards:
            raise ValueError(f"{self.name} ranks hands of {self.cards} cards")
        if not self.jokers_wild and hands.size and hands.max() >= DECK_SIZE:
            raise ValueError(f"{self.name} has no rule for the joker (a ranking lists it among its wild cards)")

    def _hand_keys(self, hands: np.ndarray) -> np.ndarray:
        """Key of each hand of the deck's cards: twice the index of its multiset of ranks, plus 1 for a flush.

        Sorted rising, ranks r0 <= r1 <= ... give strictly rising r0 + 0, r1 + 1, ..., so the sum of
        C(r_i + i, i + 1) numbers the multisets of ``cards`` ranks (the joker's rank 13 included) 0, 1, ...,
        C(14 + cards - 1, cards) - 1.
        """
        columns = np.ascontiguousarray(hands.T)
        ranks, suits = list(columns >> 2), columns & 3
        for stop in range(self.cards - 1, 0, -1):  # a bubble sort of the rank columns, in place
            for position in range(stop):
                low, high = ranks[position], ranks[position + 1]
                ranks[position], ranks[position + 1] = np.minimum(low, high), np.maximum(low, high)
        multiset = np.zeros(len(hands), dtype=np.int64)
        for position, column in enumerate(ranks):
            multiset += _multiset_terms(position).take(column)
        suited: np.ndarray = _natural_cards_suited(columns >> 2, suits, self.wild, axis=0) if self.wild \
            else (suits == suits[0]).all(axis=0)
        keys: np.ndarray = 2 * multiset + suited
        return keys

    def evaluate_each(self, hands: np.ndarray) -> np.ndarray:
        """Ranks (int64) of an array of hands, each hand worked out from its cards (``evaluate`` is faster).

        With wild cards (see :meth:`_evaluate_wild`) a hand is worth the best hand its wild cards can make.
        """
        hands = np.asarray(hands, dtype=np.int64)
        self._check_columns(hands)
        if self.overlapping:
            return self._evaluate_wild(hands)
        size = self.cards
        ranks, suits = hands // 4, hands % 4
        ranks, suits = ranks.astype(np.int8), suits.astype(np.int8)  # small types: this runs on millions
        multiplicity, digits, straight, top = _read_ranks(ranks, size)
        suited = (suits == suits[:, :1]).all(axis=1)
        straight &= self.reads_straights_and_flushes
        flush = suited & self.reads_straights_and_flushes
        digits[straight] = 0
        digits[straight, 0] = top[straight]
        tiebreak = np.zeros(len(hands), dtype=np.int64)
        for column in range(TIEBREAK_DIGITS):
            value = digits[:, column] if column < size else 0
            tiebreak = tiebreak * DIGIT_BASE + value
        if self.marks_suited:  # the lowest digit, below every rank digit (a two-card ranking uses two)
            tiebreak += suited
        category = np.full(len(hands), -1, dtype=np.int64)
        for index, declared in enumerate(self.categories):
            match = self._of_shape(multiplicity, declared) & (straight == declared.straight) & (flush == declared.flush)
            if (category[match] >= 0).any():
                raise ValueError(f"{self.name}: hands fall into two categories")
            category[match] = index
        self._suited_groups(category, multiplicity, flush)
        if (category < 0).any():
            raise ValueError(f"{self.name}: some hands fall into no category")
        ranked: np.ndarray = category * TIEBREAK_SPAN + tiebreak
        return ranked

    def _of_shape(self, multiplicity: np.ndarray, declared: Category) -> np.ndarray:
        """Whether each hand has the category's shape."""
        shaped: np.ndarray = (multiplicity == np.array(declared.shape + (0,) * (self.cards - len(declared.shape)))).all(axis=1)
        return shaped

    def _suited_groups(self, category: np.ndarray, multiplicity: np.ndarray, flush: np.ndarray) -> None:
        """The category of each suited hand with a repeated rank that no category declares (in place).

        From a shoe a hand may hold two identical cards, so a hand with a repeated rank may be suited. Unless a
        category declares its shape with ``flush = true`` (suited trips, say), such a hand is both a hand of its
        shape (pair, three of a kind ...) and a flush (its cards share one suit), and takes the higher of the two
        categories; it compares with the others of its category by its ranks, grouped ranks first. From one deck
        no hand is such a hand, so no one-deck rank moves.

        >>> three = load_ranking("three_card")
        >>> [three.category_name(three.rank_of(hand)) for hand in ((0, 0, 8), (0, 0, 0), (0, 0, 5))]
        ['flush', 'three_of_a_kind', 'pair']
        """
        suited = np.flatnonzero((category < 0) & flush & (multiplicity[:, 0] > 1))
        if not len(suited):
            return
        for index, declared in enumerate(self.categories):
            if declared.straight:
                continue
            reads = self._of_shape(multiplicity[suited], declared) if not declared.flush else \
                np.full(len(suited), max(declared.shape) == 1)
            category[suited[reads]] = np.maximum(category[suited[reads]], index)

    def _evaluate_wild(self, hands: np.ndarray) -> np.ndarray:
        """Ranks of hands with wild cards: each wild card stands for any card, even one already in the hand
        (so five of a kind exists), and the hand is worth the best of every substitution.

        A substitution is known by the multiset of ranks the wild cards stand for and by whether the made hand
        is a flush, which it may be (the wild cards taking the naturals' suit) when the natural cards share one
        suit; every such substitution is tried (:func:`_stand_ins`, both suit choices) and scored by
        :meth:`_score`. Reading of ties: the wild cards in a flush stand for the highest ranks missing from it
        (a flush has five different ranks: 2h Ah 9h 5h 3h is the flush A-K-9-5-3, not A-A-9-5-3) or, with the
        reading ``wild_flush = "aces"``, each for the ace of its suit (the flush A-A-9-5-3: a flush category then
        takes any multiplicities of ranks, compared from the highest down), in a straight for the cards that
        make the highest straight, in a group for the best group and kickers, as poker compares them; four wild
        cards and a king (shape [5]) rank by the king. A "bug" joker (``joker = "bug"``) stands for an ace, or for
        any card only where the hand made is a straight or a flush (of a category with either flag).
        """
        size = self.cards
        ranks, suits = hands // 4, hands % 4
        wild = np.isin(ranks, self.wild)
        counts = wild.sum(axis=1)
        suited = _natural_cards_suited(ranks, suits, self.wild, axis=1)
        values = np.full(len(hands), -1, dtype=np.int64)
        for wilds in np.unique(counts):
            rows = np.flatnonzero(counts == wilds)
            naturals = np.sort(np.where(wild[rows], RANK_COUNT, ranks[rows]), axis=1)[:, :size - wilds]
            naturals = naturals.astype(np.int8)
            stand_ins = _stand_ins(int(wilds))
            ways = len(stand_ins)
            step = max(1, SCORED_AT_ONCE // ways)
            for start in range(0, len(rows), step):
                part = rows[start:start + step]
                made = np.concatenate([np.repeat(naturals[start:start + step], ways, axis=0),
                                       np.tile(stand_ins, (len(part), 1))], axis=1)
                for suited_choice in (False, True):
                    flush = np.repeat(suited[part] & suited_choice, ways)
                    scored = self._score(made, flush, int(wilds)).reshape(len(part), ways).max(axis=1)
                    values[part] = np.maximum(values[part], scored)
        if (values < 0).any():
            raise ValueError(f"{self.name}: some hands fall into no category")
        return values

    def _score(self, ranks: np.ndarray, flush: np.ndarray, wilds: int) -> np.ndarray:
        """Rank of each made hand (rows of ranks, repeats allowed; flush or not; ``wilds`` wild cards in it): the
        highest category it qualifies for, -1 where none."""
        multiplicity, digits, straight, top = _read_ranks(ranks, self.cards)
        category = np.full(len(ranks), -1, dtype=np.int64)
        completing = (ranks[:, self.cards - wilds:] != ACE).any(axis=1) if self.joker == "bug" else None
        for index, declared in enumerate(self.categories):
            shape = np.array(declared.shape + (0,) * (self.cards - len(declared.shape)))
            match = (multiplicity == shape).all(axis=1)
            if self._flush_of_aces(declared):
                match = flush.copy()
            if completing is not None and not (declared.straight or declared.flush):
                match &= ~completing  # a bug joker other than an ace makes only straights and flushes
            if declared.straight:
                match &= straight
            if declared.flush:
                match &= flush
            if declared.royal:
                match &= straight & (top == ACE)
            if declared.natural is not None and declared.natural != (wilds == 0):
                match[:] = False
            if declared.wilds is not None and declared.wilds != wilds:
                match[:] = False
            category[match] = index  # a later (higher) category overrides
        by_top = np.array([declared.straight for declared in self.categories] + [False])[category]
        digits[by_top] = 0
        digits[by_top, 0] = top[by_top]
        in_turn = np.array([self._flush_of_aces(declared) for declared in self.categories] + [False])[category]
        digits[in_turn] = -np.sort(-ranks[in_turn], axis=1)
        tiebreak = np.zeros(len(ranks), dtype=np.int64)
        for column in range(TIEBREAK_DIGITS):
            value = digits[:, column] if column < self.cards else 0
            tiebreak = tiebreak * DIGIT_BASE + value
        return np.where(category >= 0, category * TIEBREAK_SPAN + tiebreak, -1)

    def _flush_of_aces(self, category: Category) -> bool:
        """Whether a category is a flush (not a straight) whose wild cards read as aces of its suit."""
        return self.wild_flush == "aces" and category.flush and not category.straight

    def rank_of(self, cards: Iterable[int]) -> int:
        """Rank of one hand of exactly ``cards`` cards."""
        return int(self.evaluate_each(np.array([sorted(cards)]))[0])

    def best_rank_of(self, cards: Iterable[int]) -> int:
        """Rank of the best ``self.cards``-card hand within a larger hand (slow, plain)."""
        from itertools import combinations as subsets
        return max(self.rank_of(sub) for sub in subsets(sorted(cards), self.cards))

    @cached_property
    def table(self) -> np.ndarray:
        """Rank of every ``cards``-card hand of :attr:`deck_cards` cards (the jokers' too, where the ranking has
        a rule for them), indexed by colex index: the hands of the 52 cards come first (indices below C(52, k))."""
        return self.evaluate(combinations(self.deck_cards, self.cards))

    @cached_property
    def distinct(self) -> np.ndarray:
        """Every rank a hand can have, once each, in rising order.

        A hand's rank depends only on its multiset of ranks and on whether it is a flush, so one hand of
        each multiset (suits dealt in turn, so never a flush when a flush is not forced) and one flush of
        each set of distinct ranks give every rank: 7,462 hands for five cards instead of 2,598,960
        (``tests/core/test_ranking.py`` checks the two agree). With wild ranks, "a flush" is "the natural cards
        share one suit": the suits are dealt in turn to the natural cards and, apart, to the wild cards, and
        the natural cards of each multiset whose natural ranks differ are dealt once more all in one suit.
        Where the ranking has a rule for the joker, hands with each number of jokers are dealt too.
        """
        hands = []
        for jokers in range((MOST_JOKERS if self.jokers_wild else 0) + 1):
            added = list(range(DECK_SIZE, DECK_SIZE + jokers))
            for ranks in combinations_with_replacement(range(RANK_COUNT), self.cards - jokers):
                if max((ranks.count(rank) for rank in ranks), default=0) > 4:
                    continue
                dealt = {False: 0, True: 0}  # cards dealt so far, natural and wild
                suits = []
                for rank in ranks:
                    suits.append(dealt[rank in self.wild] % 4)
                    dealt[rank in self.wild] += 1
                hands.append(sorted(4 * rank + suit for rank, suit in zip(ranks, suits, strict=True)) + added)
                naturals = [rank for rank in ranks if rank not in self.wild]
                if len(set(naturals)) == len(naturals):
                    hands.append(sorted(4 * rank + (suit if rank in self.wild else 0)
                                        for rank, suit in zip(ranks, suits, strict=True)) + added)
        return np.unique(self.evaluate(np.array(hands)))

    def shoe_problem(self, decks: int) -> str | None:
        """Why some hand dealt from ``decks`` 52-card decks shuffled together falls into no category, or None.

        From a shoe a hand may hold up to ``4 * decks`` cards of one rank and, suited, up to ``decks`` copies
        of one card: every multiset of ranks is tried, dealt in several suits (suits in turn) and, where the
        copies allow, in one suit. Wild cards are ranked for one deck only.

        >>> load_ranking("three_card").shoe_problem(6), load_ranking("four_card").shoe_problem(8)
        (None, None)
        >>> load_ranking("five_card").shoe_problem(2)
        'five_card ranks no hand of 5 cards of one rank (2c 2d 2h 2s 2c), which 2 decks can deal'
        """
        return _shoe_problem(self, decks)

    def _all_ranked(self, hands: list[list[int]]) -> bool:
        """Whether every hand falls into a category."""
        try:
            self.evaluate_each(np.array(hands))
        except ValueError:
            return False
        return True

    def suited(self, ranks: np.ndarray) -> np.ndarray:
        """Whether each hand rank is marked suited (its cards share one suit), in a ranking that
        ``marks_suited``; False everywhere in any other.

        >>> two = load_ranking("two_card")
        >>> from analyzer.core.cards import parse_cards
        >>> two.suited(np.array([two.rank_of(parse_cards("Ah Kh")), two.rank_of(parse_cards("Ah Kd"))])).tolist()
        [True, False]
        """
        ranks = np.asarray(ranks, dtype=np.int64)
        if not self.marks_suited:
            return np.zeros(ranks.shape, dtype=bool)
        suited: np.ndarray = ranks % TIEBREAK_SPAN % DIGIT_BASE == 1
        return suited

    def tiebreak_ranks(self, rank: int) -> list[int]:
        """The rank digits of a hand rank that carry information, highest first."""
        category = self.categories[int(rank) // self.span]
        tiebreak = int(rank) % self.span
        digits = []
        for _ in range(self.digits):
            digits.append(tiebreak % DIGIT_BASE)
            tiebreak //= DIGIT_BASE
        digits.reverse()
        return digits[:1] if category.straight else digits[: len(category.shape)]

    def primary_rank(self, rank: int) -> int:
        """The rank that names the hand: the quads, trips, higher pair, pair, top card."""
        return self.tiebreak_ranks(rank)[0]

    def describe(self, rank: int, kept: int | None = None) -> str:
        """Readable description of a hand rank, e.g. ``pair of aces, K-7``.

        ``kept`` limits the rank digits shown (``K-8-4`` for ``K-8-4-2`` with 3).

        >>> four = load_ranking("four_card")
        >>> four.describe(four.rank_of((51, 50, 45, 20)))
        'pair of aces, K-7'
        """
        category = self.categories[int(rank) // self.span]
        digits = self.tiebreak_ranks(rank)[:kept]
        symbols = [RANK_SYMBOLS[d] for d in digits]
        if category.straight:
            top = digits[0]
            run = [RANK_SYMBOLS[top - step if top - step >= 0 else ACE] for step in range(len(category.shape))]
            return f"{category.label} {'-'.join(run)}"
        if category.shape[0] == 1:
            prefix = "" if category.name == "high_card" else f"{category.label} "
            mark = (" suited" if self.suited(np.array([rank]))[0] else " offsuit") if self.marks_suited else ""
            return f"{prefix}{'-'.join(symbols)}{mark}"
        groups = sum(1 for multiplicity in category.shape if multiplicity > 1)
        named = " and ".join(RANK_PLURALS[d] for d in digits[:groups])
        text = f"{category.label} of {named}" if groups == 1 else f"{category.label}, {named}"
        kickers = symbols[groups:]
        return text + (", " + "-".join(kickers) if kickers else "")


@cache
def _shoe_problem(ranking: HandRanking, decks: int) -> str | None:
    """:meth:`HandRanking.shoe_problem`, cached by ranking (a frozen dataclass, equal rankings share an entry)
    and number of decks: a module-level cache rather than ``functools.cache`` on the method (ruff B019)."""
    if decks == 1:
        return None
    if ranking.overlapping:
        return f"{ranking.name} has wild cards or overlapping categories, ranked for one 52-card deck only"
    hands = []
    for ranks in combinations_with_replacement(range(RANK_COUNT), ranking.cards):
        most = max(ranks.count(rank) for rank in ranks)
        hands += [[4 * rank + position % 4 for position, rank in enumerate(ranks)]] if most <= 4 * decks else []
        hands += [[4 * rank for rank in ranks]] if most <= decks else []
    if ranking._all_ranked(hands):
        return None
    hand = next(hand for hand in hands if not ranking._all_ranked([hand]))  # the first, to name it
    held = [card // 4 for card in hand]
    most = max(held.count(rank) for rank in held)
    what = f"{most} cards of one rank" if most == ranking.cards else \
        "the shape " + "-".join(str(count) for count in sorted(map(held.count, set(held)), reverse=True))
    suited = ", suited" if len({card % 4 for card in hand}) == 1 and most > 1 else ""
    return f"{ranking.name} ranks no hand of {what}{suited} ({format_cards(hand)}), which {decks} decks can deal"


def _natural_cards_suited(ranks: np.ndarray, suits: np.ndarray, wild: tuple[int, ...], axis: int) -> np.ndarray:
    """Whether the natural (not wild) cards of each hand share one suit (True with one natural card or none);
    ``axis`` runs over a hand's cards."""
    bits = np.bitwise_or.reduce(np.where(np.isin(ranks, wild), 0, 1 << suits), axis=axis)
    suited: np.ndarray = (bits & (bits - 1)) == 0
    return suited


def best_ranks_of(ranking: HandRanking, hands: np.ndarray) -> np.ndarray:
    """Rank of the best ``ranking.cards``-card part of each hand (sorted cards, one hand per row).

    The max over gathers of its sub-hands in ``ranking.table``.
    """
    best = np.full(len(hands), -1, dtype=np.int64)
    for positions in subset_positions(hands.shape[1], ranking.cards):
        np.maximum(best, ranking.table[colex_index(hands[:, positions])], out=best)
    return best


def best_of_table(ranking: HandRanking, hand_size: int, deck_size: int = DECK_SIZE) -> np.ndarray:
    """Best-part rank of every ``hand_size``-card hand of the first ``deck_size`` cards (the jokers after the
    52), indexed by its colex index."""
    return best_ranks_of(ranking, combinations(deck_size, hand_size))


@cache
def declared_rankings() -> dict[str, Any]:
    """Every ranking declared in ``core/rankings.toml``, by name."""
    return tomllib.loads(resources.files("analyzer.core").joinpath("rankings.toml").read_text())


def ranking_of_size(cards: int) -> HandRanking | None:
    """The declared plain poker ranking (without wild cards or a suited mark) of ``cards``-card hands, or None
    when there is none.

    >>> ranking_of_size(4).name, ranking_of_size(5).name, ranking_of_size(2)
    ('four_card', 'five_card', None)
    """
    return next((load_ranking(name) for name, entry in declared_rankings().items()
                 if entry["cards"] == cards and not entry.get("wild") and not entry.get("marks_suited")
                 and not entry.get("kind")), None)


@cache
def load_ranking(name: str) -> HandRanking:
    """The ranking declared under ``[name]`` in ``core/rankings.toml``."""
    declared = declared_rankings()
    if name not in declared:
        raise KeyError(f"unknown hand ranking {name!r}; known: {', '.join(declared)}")
    entry = declared[name]
    if "kind" in entry:  # a ranking whose categories follow from its kind
        return SuitRanking.declared(name, entry)
    categories = tuple(
        Category(c["name"], tuple(c["shape"]), c.get("straight", False), c.get("flush", False),
                 c.get("royal", False), c.get("natural"), c.get("wilds"))
        for c in entry["categories"])
    for category in categories:
        if category.royal and not category.straight:
            raise ValueError(f"{name}: the royal category {category.name} must be a straight (straight = true)")
    wild = tuple(sorted({JOKER_RANK if rank == JOKER else parse_rank(rank) for rank in entry.get("wild", [])}))
    marks_suited = bool(entry.get("marks_suited", False))
    if marks_suited and (wild or entry["cards"] >= TIEBREAK_DIGITS):
        raise ValueError(f"{name}: a suited mark takes the lowest rank digit: a ranking of at most "
                         f"{TIEBREAK_DIGITS - 1} cards without wild cards")
    wild_flush = entry.get("wild_flush", WILD_FLUSH_READINGS[0])
    if wild_flush not in WILD_FLUSH_READINGS:
        raise ValueError(f"{name}: wild_flush is one of {', '.join(WILD_FLUSH_READINGS)}, not {wild_flush!r}")
    joker = entry.get("joker", JOKER_READINGS[0])
    if joker not in JOKER_READINGS or (joker == "bug" and wild != (JOKER_RANK,)):
        raise ValueError(f"{name}: joker is one of {', '.join(JOKER_READINGS)}, and a bug joker the only wild card")
    return HandRanking(name, entry["title"], entry["cards"], categories, wild, marks_suited=marks_suited,
                       wild_flush=wild_flush, joker=joker)


# -- rankings that decompose by suit ----------------------------------------------------------------------
#: The kinds of ranking that decompose by suit.
SUIT_KINDS = ("flush_length", "straight_flush_length")
#: Every 13-bit set of ranks of one suit.
RANK_SETS = 1 << RANK_COUNT
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen")


def popcounts() -> np.ndarray:
    """Number of ranks in each 13-bit set of ranks (int64, indexed by the set).

    >>> popcounts()[[0, 1, 0b1011, RANK_SETS - 1]].tolist()
    [0, 1, 3, 13]
    """
    sets = np.arange(RANK_SETS)
    counts = np.zeros(RANK_SETS, dtype=np.int64)
    for bit in range(RANK_COUNT):
        counts += (sets >> bit) & 1
    return counts


def longest_runs(sets: np.ndarray) -> np.ndarray:
    """Length of the longest run of ranks in sequence of each 13-bit set of ranks; the ace plays high or
    low (A-2-3 is a run of three, K-A-2 two runs).

    >>> longest_runs(np.array([0b1000000000111, 0b1100000000001, 0])).tolist()
    [4, 2, 0]
    """
    sets = np.asarray(sets, dtype=np.int64)
    extended = (sets << 1) | ((sets >> ACE) & 1)  # bit 0: the ace played low, below the two
    length, run = np.zeros(len(sets), dtype=np.int64), np.zeros(len(sets), dtype=np.int64)
    for bit in range(RANK_COUNT + 1):
        run = np.where((extended >> bit) & 1, run + 1, 0)
        length = np.maximum(length, run)
    return length


@dataclass(frozen=True)
class SuitRanking(HandRanking):
    """Rankings that decompose by suit: a hand is worth the best of its suits' values.

    Declared in ``core/rankings.toml`` with a ``kind`` (no category list: the categories follow from it):

    * ``flush_length``: a suit's value is its length (how many of the hand's cards are of that suit), then
      its ranks from the highest down, ace high, as in poker high-card comparison. The hand's value is its
      longest flush; with two suits of that length the better plays.
    * ``straight_flush_length``: a suit's value is its longest run of ranks in sequence (ace high or low:
      A-2-3 counts, K-A-2 does not); runs of one length tie.

    One category per length, from the shortest a best suit can be (four suits hold ``cards`` cards: at least
    ``ceil(cards / 4)`` of one for a flush, one card for a straight flush) up to ``cards``, named by its
    length: ``three_card_flush``, ``seven_card_straight_flush``. A rank is ``category * span + tiebreak``,
    ``span = 13 ** cards``, the tiebreak a flush's ranks in base 13, highest first, padded with zeros (0 for
    a straight flush): "beats" is ``>``.

    Because a hand's value is the largest of its four suits' values (:attr:`SuitRanking.suit_values`, one per
    13-bit set of ranks), a hand ranks below a value v exactly when each of its suits does: the counting of
    :mod:`analyzer.engines.one_decision.by_suit` rests on that.

    >>> from analyzer.core.cards import parse_cards
    >>> flush = load_ranking("longest_flush")
    >>> hand = flush.rank_of(parse_cards("As 9s 4s 2s Kh Qh 3d"))
    >>> flush.category_name(hand), flush.describe(hand)
    ('four_card_flush', 'four card flush A-9-4-2')
    >>> flush.rank_of(parse_cards("Ah Kh Qh 2c 3c 4d 5s")) > flush.rank_of(parse_cards("Ah Kh 9h 8h 2c 3c 4d"))
    False
    >>> straight = load_ranking("longest_straight_flush")
    >>> straight.describe(straight.rank_of(parse_cards("Ac 2c 3c 5c 9d Td Js")))
    'three card straight flush'
    """

    kind: str = "flush_length"

    @classmethod
    def declared(cls, name: str, entry: dict[str, Any]) -> SuitRanking:
        """The ranking of a ``rankings.toml`` entry with a ``kind`` of :data:`SUIT_KINDS`."""
        kind, cards = entry["kind"], int(entry["cards"])
        if kind not in SUIT_KINDS:
            raise ValueError(f"{name}: unknown ranking kind {kind!r} (known: {', '.join(SUIT_KINDS)})")
        if not 1 <= cards <= RANK_COUNT:
            raise ValueError(f"{name}: a {kind} ranking ranks 1 to {RANK_COUNT} cards, not {cards}")
        straight = kind == "straight_flush_length"
        lowest = 1 if straight else -(-cards // SUIT_COUNT)
        suffix = "straight_flush" if straight else "flush"
        categories = tuple(Category(f"{NUMBER_WORDS[length]}_card_{suffix}", (1,) * length, straight, True)
                           for length in range(lowest, cards + 1))
        return cls(name, entry["title"], cards, categories, kind=kind)

    @property
    def digits(self) -> int:
        return self.cards

    @property
    def overlapping(self) -> bool:
        return False

    @property
    def shortest(self) -> int:
        """The length of the lowest category."""
        return len(self.categories[0].shape)

    @cached_property
    def suit_values(self) -> np.ndarray:
        """The value of one suit holding each 13-bit set of ranks (int64), -1 below the lowest category
        (such a suit is never a hand's best); a hand's rank is the largest over its four suits."""
        sets = np.arange(RANK_SETS)
        if self.kind == "straight_flush_length":
            length, tiebreak = longest_runs(sets), np.zeros(RANK_SETS, dtype=np.int64)
        else:
            length = popcounts()
            tiebreak = np.zeros(RANK_SETS, dtype=np.int64)
            place = np.zeros(RANK_SETS, dtype=np.int64)  # how many ranks written so far, highest first
            for rank in range(RANK_COUNT - 1, -1, -1):
                held = ((sets >> rank) & 1).astype(bool)
                shift = DIGIT_BASE ** np.maximum(self.digits - 1 - place, 0)
                tiebreak = np.where(held, tiebreak + rank * shift, tiebreak)
                place += held
        category = length - self.shortest
        return np.where((category >= 0) & (length <= self.cards), category * self.span + tiebreak, -1)

    def describe(self, rank: int, kept: int | None = None) -> str:
        """``four card flush A-9-4-2``, ``five card straight flush`` (straight flushes rank by length alone)."""
        if self.kind == "straight_flush_length":
            return self.categories[int(rank) // self.span].label
        return super().describe(rank, kept)

    @cached_property
    def table(self) -> np.ndarray:
        """Rank of every hand by colex index, for hands of up to five cards (more are counted without it)."""
        if self.cards > 5:
            raise ValueError(f"{self.name}: no table of all {comb(52, self.cards):,} hands; such hands are "
                             "counted suit by suit")
        return self.evaluate(combinations(52, self.cards))

    def evaluate(self, hands: np.ndarray) -> np.ndarray:
        return self.evaluate_each(hands)

    def evaluate_each(self, hands: np.ndarray) -> np.ndarray:
        """Ranks of hands (one per row): the largest value of their suits' sets of ranks."""
        hands = np.asarray(hands, dtype=np.int64)
        self._check_columns(hands)
        ranks: np.ndarray = self.suit_values[suit_masks(hands)].max(axis=1)
        return ranks

    @cached_property
    def distinct(self) -> np.ndarray:
        """Every rank a hand can have: a flush of every set of ranks of one suit whose length L has
        ``4 L >= cards`` (the other cards fill the other suits, each at most as high: the same ranks
        again, or fewer), every length of straight flush (the other cards out of sequence)."""
        values = self.suit_values
        return np.unique(values[values >= 0])
