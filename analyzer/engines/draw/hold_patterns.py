"""Hold patterns: the words video-poker strategy cards are written in ("four to a royal flush", "high pair",
"KQJ unsuited"), each a set of holds, so that every hold of every deal has exactly one pattern.

A pattern is a predicate on a hold of a deal (the five cards dealt and the cards kept) that reads only the
ranks of the cards kept and whether they are all of one suit: the cards thrown away do not count (no
"penalty cards"), and the patterns are those of a game without wild cards. Its words come from the rules,
not from a game's name:

* a *high card* is a rank whose every pair is paid by the paytable (more than a loss): for a table whose
  lowest paying pair line is "pair of J or better", J, Q, K and A; a "high pair" is a pair of them, any other
  pair a "low pair" (a table paying no pair has no high cards);
* the *royal* ranks are those of the ace-high straight, T J Q K A;
* the *ways* of cards to a straight (flush): how many five-rank straights hold them all (5-6-7: three, 3-7
  4-8 and 5-9; 5-6-8 and 2-3-4: two; 5-6-9 and A-2-3: one); four cards to a straight are *outside* when two
  straights hold them (both ends open, 8 cards complete them: 5-6-7-8, 2-3-4-5) and *inside* when one does
  (4 cards: 5-6-8-9, J-Q-K-A, A-2-3-4).

The patterns, by the cards kept (a hold that fits none of the named ones is "other N-card hold"):

* 5: royal flush, straight flush, full house, flush, straight (the made hand kept whole);
* 4 or 5: four of a kind (the quads, with or without the fifth card);
* 4: two pair; four to a royal flush; four to a straight flush; four to a flush; four to an outside
  straight or four to an inside straight, each "with N high cards";
* 3: three of a kind; three to a royal flush; three to a straight flush, by its ways and high cards
  ("three to a straight flush, 2 ways, 1 high card"); three to a flush; three high cards not all of one
  suit by their ranks ("KQJ unsuited");
* 2: high pair, low pair; two high cards by their ranks, suited or not ("QJ suited", "AK unsuited"); a high
  card with a suited royal rank below the high cards ("JT suited");
* 1: a high card by its rank ("J only");
* 0: discard everything.

>>> from analyzer.games.rules import load_game
>>> vocabulary = HoldVocabulary.of(load_game("jacksorbetter"))
>>> vocabulary.pattern_of("Ah Kh Qh Jh 2c", "Ah Kh Qh Jh"), vocabulary.pattern_of("Jd Js 4c 7h 9s", "Jd Js")
('four to a royal flush', 'high pair')
>>> vocabulary.pattern_of("Kc Qd Jh 7s 2c", "Kc Qd Jh"), vocabulary.pattern_of("9h Td Jh Qs 3c", "9h Td Jh Qs")
('KQJ unsuited', 'four to an outside straight with 2 high cards')
>>> vocabulary.pattern_of("Ac 2c 3c 8d 9s", "Ac 2c 3c"), vocabulary.pattern_of("5h 6h 7h Kd 2s", "5h 6h 7h")
('three to a straight flush, 1 way, 1 high card', 'three to a straight flush, 3 ways, no high card')
>>> len(vocabulary.names)
62
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np

from analyzer.core.cards import ACE, RANK_COUNT, RANK_SYMBOLS, parse_cards
from analyzer.core.ranking import TIEBREAK_SPAN
from analyzer.games.rules import GameRules, RulesError

#: The ranks of the ace-high straight (T J Q K A): the ranks of a royal flush.
ROYAL = frozenset(range(ACE - 4, ACE + 1))
#: The hand size the patterns are written for.
HAND_SIZE = 5
#: The fall-back pattern of each number of cards kept that fits no named pattern.
OTHER = "other {}-card hold"
NOTHING = "discard everything"


def straight_ways(ranks: set[int] | frozenset[int]) -> int:
    """How many five-rank straights (A-2-3-4-5 to T-J-Q-K-A) hold every one of the distinct ``ranks``.

    >>> straight_ways({3, 4, 5}), straight_ways({0, 1, ACE}), straight_ways({9, 10, 11, ACE}), straight_ways({0, 9})
    (3, 1, 1, 0)
    """
    low = {-1 if rank == ACE else rank for rank in ranks}  # the ace below the deuce
    windows = [set(range(start, start + 5)) for start in range(-1, RANK_COUNT - 4)]
    return sum(1 for window in windows if ranks <= window or low <= window)


def high_ranks(rules: GameRules) -> frozenset[int]:
    """The ranks whose every pair (with any unpaired kickers) a line of the wager's paytable pays more than a
    loss: for a table whose lowest pair line is "pair of J or better", J Q K A.

    >>> from analyzer.games.rules import load_game
    >>> "".join(RANK_SYMBOLS[rank] for rank in sorted(high_ranks(load_game("jacksorbetter"))))
    'JQKA'
    """
    wager = rules.wagers[0]
    ranking, paytable = wager.ranking, wager.paytable
    if paytable is None:
        raise RulesError(f"{rules.source}: hold patterns need the paytable the final hand is paid by")
    hands = ranking.distinct
    pairs = hands[hands // TIEBREAK_SPAN == ranking.category_index("pair")]
    lines = paytable.line_index(ranking, pairs)
    paid = np.array([line >= 0 and paytable.lines[line].pays > -1 for line in lines], dtype=bool)
    primary = np.array([ranking.primary_rank(int(rank)) for rank in pairs])
    return frozenset(rank for rank in range(RANK_COUNT) if (primary == rank).any() and paid[primary == rank].all())


def _cards(count: int) -> str:
    return "no high card" if count == 0 else f"{count} high card{'s' if count > 1 else ''}"


def _ranks(ranks) -> str:
    return "".join(RANK_SYMBOLS[rank] for rank in sorted(ranks, reverse=True))


@dataclass(frozen=True)
class HoldVocabulary:
    """The hold patterns of a game: the high ranks it is worded by, every pattern name (``names``, made hands
    first, then draws by the cards kept, then the fall-backs) and the pattern of every hold."""

    high: frozenset[int]
    hand_size: int = HAND_SIZE

    @classmethod
    def of(cls, rules: GameRules) -> HoldVocabulary:
        """The vocabulary of a draw game's rules (five cards dealt, a paytable on the final hand)."""
        if rules.player_cards != HAND_SIZE:
            raise RulesError(f"{rules.source}: hold patterns are written for {HAND_SIZE} cards dealt, not "
                             f"{rules.player_cards}")
        return cls(high_ranks(rules))

    # -- one hold, in words ----------------------------------------------------------------------------------
    def describe(self, ranks: tuple[int, ...], suited: bool) -> tuple[tuple, str]:
        """(Order in the vocabulary, name) of the hold keeping cards of ``ranks`` (all of one suit or not).

        >>> HoldVocabulary(frozenset(range(9, 13))).describe((9, 10), True)[1]
        'QJ suited'
        """
        kept, counts = len(ranks), Counter(ranks)
        shape = sorted(counts.values(), reverse=True)
        distinct = frozenset(ranks)
        high = len(distinct & self.high)
        ways = straight_ways(distinct) if len(distinct) == kept else 0
        named = self._named(kept, shape, distinct, high, ways, suited)
        if named is None:
            return (90 + self.hand_size - kept,), OTHER.format(kept) if kept else NOTHING
        return named

    def _named(self, kept: int, shape: list[int], distinct: frozenset[int], high: int, ways: int, suited: bool
               ) -> tuple[tuple, str] | None:
        top = tuple(sorted(-rank for rank in distinct))  # the ranks, highest first, for the order
        if kept == 0:
            return (99,), NOTHING
        if shape[0] == 4:
            return (2,), "four of a kind"
        if kept == 5:
            if ways and suited:
                return ((0,), "royal flush") if distinct == ROYAL else ((1,), "straight flush")
            made: tuple[tuple[int, ...], str] | None = ((3,), "full house") if shape == [3, 2] else None
            if made is None and suited:
                made = (4,), "flush"
            if made is None and ways:
                made = (5,), "straight"
            return made
        if shape[0] == 3:
            return ((6,), "three of a kind") if kept == 3 else None
        if shape == [2, 2]:
            return (7,), "two pair"
        if shape[0] == 2:
            if kept != 2:
                return None
            return ((8,), "high pair") if distinct <= self.high else ((9,), "low pair")
        royal = suited and distinct <= ROYAL
        if kept == 4:
            if royal:
                return (10,), "four to a royal flush"
            if suited and ways:
                return (11,), "four to a straight flush"
            if suited:
                return (12,), "four to a flush"
            if ways:
                kind = "outside" if ways == 2 else "inside"
                return (13 if ways == 2 else 14, -high), f"four to an {kind} straight with {_cards(high)}"
            return None
        if kept == 3:
            if royal:
                return (20,), "three to a royal flush"
            if suited and ways:
                return (21, -ways, -high), (f"three to a straight flush, {ways} way{'s' if ways > 1 else ''}, "
                                            f"{_cards(high)}")
            if suited:
                return (22,), "three to a flush"
            if high == 3:
                return (23, top), f"{_ranks(distinct)} unsuited"
            return None
        if kept == 2:
            if high == 2 or royal:
                return (30 if suited else 31, -high, top), \
                    f"{_ranks(distinct)} {'suited' if suited else 'unsuited'}"
            return None
        return ((40, top), f"{_ranks(distinct)} only") if high else None

    # -- every hold ------------------------------------------------------------------------------------------
    @property
    def _table(self) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
        """The names in order, the pattern of every key (:meth:`keys`) and the first key of each hold size."""
        return _pattern_table(self)

    @property
    def names(self) -> tuple[str, ...]:
        """Every pattern name, made hands first, then the draws by the cards kept, then the fall-backs."""
        return self._table[0]

    def index(self, name: str) -> int:
        """The position of a pattern name in :attr:`names` (KeyError for a name not there)."""
        return self.names.index(name)

    def keys(self, held: np.ndarray) -> np.ndarray:
        """The key of each row of held cards (ascending card indices, one hold per row, all rows one size):
        ``offset[kept] + 2 * (index of the multiset of ranks) + (all of one suit)``."""
        kept = held.shape[1]
        ranks = held >> 2
        index = np.zeros(len(held), dtype=np.int64)
        for position in range(kept):  # ranks rise along the row: sum C(rank + i, i + 1) numbers the multisets
            index += np.array([comb(rank + position, position + 1) for rank in range(RANK_COUNT)])[ranks[:, position]]
        suited = (held & 3 == held[:, :1] & 3).all(axis=1) if kept else np.ones(len(held), dtype=bool)
        return self._table[2][kept] + 2 * index + suited

    def classify(self, cards: np.ndarray) -> np.ndarray:
        """``patterns[d, mask]``: the pattern (its index in :attr:`names`) of every hold of every dealt hand
        (``cards``: ascending card indices, one hand per row; bit ``i`` of the mask keeps card ``i``).

        >>> vocabulary = HoldVocabulary(frozenset(range(9, 13)))
        >>> patterns = vocabulary.classify(np.array([sorted(parse_cards("Ah Kh Qh Jh 2c"))]))
        >>> [vocabulary.names[p] for p in patterns[0, [0b11110, 0b00000, 0b10000]]]
        ['four to a royal flush', 'discard everything', 'A only']
        """
        cards = np.asarray(cards, dtype=np.int64)
        table = self._table[1]
        patterns = np.empty((len(cards), 2 ** cards.shape[1]), dtype=np.int16)
        for mask in range(2 ** cards.shape[1]):
            positions = [position for position in range(cards.shape[1]) if mask >> position & 1]
            patterns[:, mask] = table[self.keys(cards[:, positions])]
        return patterns

    def pattern_of(self, dealt: str, held: str) -> str:
        """The pattern of one hold written as cards (``"Ah Kh Qh Jh 2c"``, ``"Ah Kh Qh Jh"``)."""
        cards, kept = sorted(parse_cards(dealt)), set(parse_cards(held))
        if not kept <= set(cards) or len(cards) != self.hand_size:
            raise ValueError(f"hold {held!r} is not part of the {self.hand_size} cards {dealt!r}")
        mask = sum(1 << position for position, card in enumerate(cards) if card in kept)
        return self.names[int(self.classify(np.array([cards]))[0, mask])]


@lru_cache(maxsize=8)
def _pattern_table(vocabulary: HoldVocabulary) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """:attr:`HoldVocabulary._table`, built once per vocabulary: every multiset of ranks of every hold size,
    suited or not, described in words."""
    offsets = np.cumsum([0] + [2 * comb(RANK_COUNT + kept - 1, kept) for kept in range(vocabulary.hand_size + 1)])
    keys, described = [], []
    for kept in range(vocabulary.hand_size + 1):
        for ranks in combinations_with_replacement(range(RANK_COUNT), kept):
            multiset = sum(comb(rank + position, position + 1) for position, rank in enumerate(ranks))
            for suited in (False, True):
                keys.append(offsets[kept] + 2 * multiset + suited)
                described.append(vocabulary.describe(ranks, suited))
    order = {name: key for key, name in sorted(set(described))}
    names = tuple(sorted(order, key=lambda name: (order[name], name)))
    index = {name: position for position, name in enumerate(names)}
    table = np.empty(len(keys), dtype=np.int16)
    table[keys] = [index[name] for _, name in described]
    return names, table, offsets
