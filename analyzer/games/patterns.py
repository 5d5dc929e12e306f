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
    """A set of hands of one ranking: a category, optionally its leading ranks, optionally "or better"."""

    category: str
    ranks: tuple[int, ...] = ()
    or_better: bool = False

    @property
    def rank(self) -> int | None:
        """The first rank named (the one that names the hand), or None."""
        return self.ranks[0] if self.ranks else None

    @property
    def text(self) -> str:
        """Canonical text of the pattern, parseable by :func:`parse_pattern`."""
        text = self.category
        if self.ranks:
            text += " of " + "-".join(RANK_SYMBOLS[rank] for rank in self.ranks)
        return text + (" or better" if self.or_better else "")

    @property
    def label(self) -> str:
        """The pattern in words, for reports: ranks named, no underscores.

        >>> HandPattern("high_card", (11,), True).label, HandPattern("pair", (10,), True).label
        ('high card king or better', 'pair of queens or better')
        >>> HandPattern("high_card", (11, 10, 6, 2)).label, HandPattern("four_of_a_kind").label
        ('high card K-Q-8-4', 'four of a kind')
        >>> HandPattern("straight_flush", (12,)).label
        'ace-high straight flush'
        """
        text = self.category.replace("_", " ")
        if len(self.ranks) > 1:
            text += " " + "-".join(RANK_SYMBOLS[rank] for rank in self.ranks)
        elif self.ranks:
            single = self.ranks[0]
            if self.category == "high_card":
                text += f" {RANK_NAMES[single]}"
            elif "straight" in self.category or "flush" in self.category:
                text = f"{RANK_NAMES[single]}-high {text}"
            else:
                text += f" of {RANK_PLURALS[single]}"
        return text + (" or better" if self.or_better else "")

    def _exact(self, ranking: HandRanking, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64)
        span = ranking.span
        match = ranks // span == ranking.category_index(self.category)
        for position, rank in enumerate(self.ranks):
            match &= (ranks % span) // (span // DIGIT_BASE ** (position + 1)) % DIGIT_BASE == rank
        return match

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


def parse_pattern(text: str, ranking: HandRanking) -> HandPattern:
    """Parse a hand name against a ranking; raises :class:`PatternError` if it names no hand.

    >>> from analyzer.core.ranking import load_ranking
    >>> parse_pattern("high card of Q-6-4 or better", load_ranking("three_card"))
    HandPattern(category='high_card', ranks=(10, 4, 2), or_better=True)
    """
    key = _normalise(text)
    if key not in {category.name for category in ranking.categories}:
        key = _normalise(ALIASES.get(key, key))
    match = re.fullmatch(r"(?P<name>[a-z0-9_]+?)(?P<better>_or_(better|more))?", key)
    if not match:
        raise PatternError(f"cannot read hand name {text!r}")
    category, named = _split(match["name"], ranking)
    try:
        index = ranking.category_index(category)
    except KeyError:
        names = ", ".join(c.name for c in ranking.categories)
        raise PatternError(f"unknown hand {text!r}: a {ranking.title} is one of {names}") from None
    try:
        ranks = tuple(parse_rank(word) for word in named.split("_")) if named else ()
    except CardError as error:
        raise PatternError(f"hand {text!r}: {error}") from None
    declared = ranking.categories[index]
    ranked = 1 if declared.straight else len(declared.shape)
    if len(ranks) > ranked:
        raise PatternError(f"hand {text!r} names {len(ranks)} ranks; a {declared.label} is ranked by {ranked}")
    pattern = HandPattern(category, ranks, match["better"] is not None)
    pattern.lowest_rank(ranking)  # a pattern that no hand matches is an error
    return pattern
