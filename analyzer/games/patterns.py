"""Hand patterns: the hand names written in paytables, qualifiers and strategy rules.

Grammar: ``CATEGORY [of RANK[-RANK...]] [or better]`` ("or more" is read as "or better"), with a few
named aliases.

* ``straight`` matches exactly the straights;
* ``four_of_a_kind of A`` matches four aces (the rank named is the one that
  names the hand: the quads, trips, higher pair, pair, or top card);
* ``high_card of A-K`` matches the hands whose leading ranks are the ones
  named, in the order the hands compare (grouped ranks, then kickers,
  highest first): ace-king high;
* ``pair of Q or better`` matches every hand ranked at least as high as the
  lowest pair of queens, whatever its category; ``high_card of Q-6-4 or
  better`` every hand at least as high as the lowest Q-6-4;
* ``any`` matches every hand;
* alternatives of one category: ``pair of K, Q or J`` (the category said once),
  ``A-Q or A-J`` and a range, ``pair of T down to 2`` (every rank from the
  first down to the second; ``A-Q down to A-J`` runs the last rank);
* a hand named by its ranks alone is a high card: ``A-K`` is ``high_card of A-K``;
* in a ranking that marks suited hands (``two_card``), ``suited`` or
  ``offsuit`` after the name: ``A-K suited``, ``A-Q or A-J offsuit``.
* a ranking by suit (``SuitRanking`` of ``core/ranking.py``) names its categories by length: ``five-card flush or
  more``, ``three-card flush of 9 or better`` (the lowest: 9-3-2).

Words may be written with spaces, hyphens or underscores and in any case, and
ranks as symbols, names or plurals: "Pair of Queens or Better" works. A
category the ranking declares is read as itself, before any alias: the
categories of a ranking with wild cards (``natural_royal_flush``,
``four_wilds``, ``wild_royal_flush``, ``five_of_a_kind``) are named like any
other, and "or better" reaches the categories above them in the ranking's
order.

>>> from analyzer.core.ranking import load_ranking
>>> four = load_ranking("four_card")
>>> parse_pattern("Four Aces", four)
HandPattern(category='four_of_a_kind', ranks=(12,), or_better=False)
>>> parse_pattern("pair of queens or better", four).text
'pair of Q or better'
>>> parse_pattern("High card of ace-king or better", load_ranking("five_card")).text
'high_card of A-K or better'
>>> two = load_ranking("two_card")
>>> parse_pattern("A-Q or A-J suited", two).text, parse_pattern("pair of tens down to twos", two).text
('high_card of A-Q or A-J suited', 'pair of T or 9 or 8 or 7 or 6 or 5 or 4 or 3 or 2')
>>> deuces = load_ranking("deuces_wild")
>>> parse_pattern("Natural Royal Flush", deuces), parse_pattern("five of a kind of aces", deuces).text
(HandPattern(category='natural_royal_flush', ranks=(), or_better=False), 'five_of_a_kind of A')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from analyzer.core.cards import (
    RANK_NAMES,
    RANK_PLURALS,
    RANK_SYMBOLS,
    CardError,
    parse_rank,
)
from analyzer.core.ranking import DIGIT_BASE, HandRanking

ALIASES = {
    "royal_flush": "straight_flush of A",
    "four_aces": "four_of_a_kind of A",
    "any": "high_card or better",
    "any_hand": "high_card or better",
    "all_other_hands": "high_card or better",
    "any_other_four_of_a_kind": "four_of_a_kind",
    "three_of_a_kind_or_better": "three_of_a_kind or better",
}


class PatternError(ValueError):
    """A hand name that names no hand of the ranking."""


@dataclass(frozen=True)
class HandPattern:
    """A set of hands of one ranking: a category, optionally its leading ranks (``ranks``, or any of the
    alternatives ``also`` beside them), optionally only its suited or offsuit hands (``suited``, in a ranking
    that marks them), optionally "or better"."""

    category: str
    ranks: tuple[int, ...] = ()
    or_better: bool = False
    also: tuple[tuple[int, ...], ...] = ()
    suited: bool | None = None

    def __repr__(self) -> str:
        """The fields, ``also`` and ``suited`` only when given."""
        extra = (f", also={self.also!r}" if self.also else "") + (f", suited={self.suited!r}" if self.suited is not None
                                                                  else "")
        return f"HandPattern(category={self.category!r}, ranks={self.ranks!r}, or_better={self.or_better!r}{extra})"

    @property
    def alternatives(self) -> tuple[tuple[int, ...], ...]:
        """Every list of leading ranks the pattern names (one, or several joined by "or")."""
        return (self.ranks, *self.also)

    @property
    def _suffix(self) -> str:
        return {None: "", True: " suited", False: " offsuit"}[self.suited] + (" or better" if self.or_better else "")

    @property
    def rank(self) -> int | None:
        """The first rank named (the one that names the hand), or None."""
        return self.ranks[0] if self.ranks else None

    @property
    def text(self) -> str:
        """Canonical text of the pattern, parseable by :func:`parse_pattern`."""
        text = self.category
        if self.ranks:
            text += " of " + " or ".join("-".join(RANK_SYMBOLS[rank] for rank in ranks) for ranks in self.alternatives)
        return text + self._suffix

    @property
    def label(self) -> str:
        """The pattern in words, for reports: ranks named, no underscores.

        >>> HandPattern("high_card", (11,), True).label, HandPattern("pair", (10,), True).label
        ('high card king or better', 'pair of queens or better')
        >>> HandPattern("high_card", (11, 10, 6, 2)).label, HandPattern("four_of_a_kind").label
        ('high card K-Q-8-4', 'four of a kind')
        >>> HandPattern("straight_flush", (12,)).label
        'ace-high straight flush'
        >>> HandPattern("high_card", (12, 10), also=((12, 9),), suited=True).label
        'A-Q or A-J suited'
        """
        text = self.category.replace("_", " ")
        if self.also:
            named = [("-" if len(ranks) > 1 else "").join(RANK_SYMBOLS[rank] for rank in ranks)
                     for ranks in self.alternatives]
            text = ("" if self.category == "high_card" and len(self.ranks) > 1 else text + " of ") + \
                ", ".join(named[:-1]) + " or " + named[-1]
        elif self.category == "high_card" and self.suited is not None and self.ranks:
            text = "-".join(RANK_SYMBOLS[rank] for rank in self.ranks)
        elif len(self.ranks) > 1:
            text += " " + "-".join(RANK_SYMBOLS[rank] for rank in self.ranks)
        elif self.ranks:
            single = self.ranks[0]
            if self.category == "high_card":
                text += f" {RANK_NAMES[single]}"
            elif "straight" in self.category or "flush" in self.category:
                text = f"{RANK_NAMES[single]}-high {text}"
            else:
                text += f" of {RANK_PLURALS[single]}"
        return text + self._suffix

    def _exact(self, ranking: HandRanking, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64)
        span = ranking.span
        match = ranks // span == ranking.category_index(self.category)
        if self.suited is not None:
            match &= ranking.suited(ranks) == self.suited
        named = np.zeros(ranks.shape, dtype=bool)
        for alternative in self.alternatives:
            these = np.ones(ranks.shape, dtype=bool)
            for position, rank in enumerate(alternative):
                digit = (ranks % span) // (span // DIGIT_BASE ** (position + 1)) % DIGIT_BASE
                these &= digit == rank
            named |= these
        matched: np.ndarray = match & named
        return matched

    def lowest_rank(self, ranking: HandRanking) -> int:
        """The lowest rank of a hand that matches the exact pattern (without "or better")."""
        matching = ranking.distinct[self._exact(ranking, ranking.distinct)]
        if len(matching) == 0:
            raise PatternError(f"no {ranking.cards}-card hand is '{self.text}'")
        return int(matching.min())

    def matches(self, ranking: HandRanking, ranks: np.ndarray) -> np.ndarray:
        """Boolean mask of the ranks matched by this pattern."""
        if self.or_better:
            return np.asarray(ranks) >= self.lowest_rank(ranking)
        return self._exact(ranking, ranks)


def _normalise(text: str) -> str:
    return re.sub(r"[\s\-_]+", "_", text.strip().lower())


def _split(key: str, ranking: HandRanking) -> tuple[str, str]:
    """(category, ranks text) of a normalised hand name without "or better": split at the "_of_" after a
    known category (``four_of_a_kind_of_a``), else at the last "_of_" (the whole name without one)."""
    splits = [(key, "")] + [(key[:at], key[at + 4:]) for at in range(len(key)) if key.startswith("_of_", at)]
    known = {category.name for category in ranking.categories}
    return next((split for split in splits if split[0] in known), splits[-1])


#: The words after a hand name that keep only its suited or offsuit hands.
SUIT_WORDS = {"suited": True, "offsuit": False, "offsuited": False, "off_suit": False, "unsuited": False}


def _rank_list(named: str) -> tuple[int, ...]:
    """Ranks written ``a_k`` (symbols, names or plurals joined by ``_``); CardError for a word that is none."""
    return tuple(parse_rank(word) for word in named.split("_"))


def _alternatives(named: str, category: str) -> list[tuple[int, ...]]:
    """The lists of ranks of ``named`` (normalised): alternatives joined by ``_or_``, each a list of ranks
    (the category may be said again: ``pair_of_q``) or a range ``t_down_to_2`` (the last rank running down)."""
    found = []
    for alternative in named.split("_or_"):
        alternative = alternative.removeprefix(f"{category}_of_")
        first, _, last = alternative.partition("_down_to_") if "_down_to_" in alternative else \
            alternative.partition("_to_")
        high = _rank_list(first)
        if not last:
            found.append(high)
            continue
        low = _rank_list(last)
        if len(low) != len(high) or low[:-1] != high[:-1] or low[-1] > high[-1]:
            raise CardError(f"{alternative.replace('_', ' ')!r} is not a range of one rank running down")
        found.extend(high[:-1] + (rank,) for rank in range(high[-1], low[-1] - 1, -1))
    return found


def parse_pattern(text: str, ranking: HandRanking) -> HandPattern:
    """Parse a hand name against a ranking; raises :class:`PatternError` if it names no hand.

    >>> from analyzer.core.ranking import load_ranking
    >>> parse_pattern("high card of Q-6-4 or better", load_ranking("three_card"))
    HandPattern(category='high_card', ranks=(10, 4, 2), or_better=True)
    """
    key = _normalise(text.replace(",", " or "))
    if key not in {category.name for category in ranking.categories}:
        key = _normalise(ALIASES.get(key, key))
    match = re.fullmatch(r"(?P<name>[a-z0-9_]+?)(?P<better>_or_(better|more))?", key)
    if not match:
        raise PatternError(f"cannot read hand name {text!r}")
    name, suited = match["name"], None
    for word, value in SUIT_WORDS.items():
        if name.endswith(f"_{word}"):
            name, suited = name.removesuffix(f"_{word}"), value
            break
    if suited is not None and not ranking.marks_suited:
        raise PatternError(f"hand {text!r}: a {ranking.title} does not tell suited hands from offsuit ones")
    category, named = _split(name, ranking)
    known = {c.name for c in ranking.categories}
    if category not in known and "high_card" in known:  # ranks alone: a high card
        try:
            _alternatives(name, "high_card")
            category, named = "high_card", name
        except CardError:
            pass
    try:
        index = ranking.category_index(category)
    except KeyError:
        names = ", ".join(c.name for c in ranking.categories)
        raise PatternError(f"unknown hand {text!r}: a {ranking.title} is one of {names}") from None
    try:
        alternatives = _alternatives(named, category) if named else [()]
    except CardError as error:
        raise PatternError(f"hand {text!r}: {error}") from None
    declared = ranking.categories[index]
    ranked = 1 if declared.straight else len(declared.shape)
    for ranks in alternatives:
        if len(ranks) > ranked:
            raise PatternError(f"hand {text!r} names {len(ranks)} ranks; a {declared.label} is ranked by {ranked}")
    unique = list(dict.fromkeys(alternatives))
    pattern = HandPattern(category, unique[0], match["better"] is not None, tuple(unique[1:]), suited)
    pattern.lowest_rank(ranking)  # a pattern that no hand matches is an error
    return pattern
