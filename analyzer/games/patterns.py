"""Hand patterns: the hand names written in paytables, qualifiers and strategy rules.

Grammar: ``CATEGORY [of RANK] [or better]``, with a few named aliases.

* ``straight`` matches exactly the straights;
* ``four_of_a_kind of A`` matches four aces (the rank named is the one that
  names the hand: the quads, trips, higher pair, pair, or top card);
* ``pair of Q or better`` matches every hand ranked at least as high as the
  lowest pair of queens, whatever its category;
* ``any`` matches every hand.

Words may be written with spaces, hyphens or underscores and in any case, and
ranks as symbols, names or plurals: "Pair of Queens or Better" works.

>>> from analyzer.core.ranking import load_ranking
>>> four = load_ranking("four_card")
>>> parse_pattern("Four Aces", four)
HandPattern(category='four_of_a_kind', rank=12, or_better=False)
>>> parse_pattern("pair of queens or better", four).text
'pair of Q or better'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from analyzer.core.cards import RANK_SYMBOLS, CardError, parse_rank
from analyzer.core.ranking import TIEBREAK_SPAN, HandRanking

ALIASES = {
    "royal_flush": "straight_flush of A",
    "four_aces": "four_of_a_kind of A",
    "any": "high_card or better",
    "all_other_hands": "high_card or better",
    "any_other_four_of_a_kind": "four_of_a_kind",
    "three_of_a_kind_or_better": "three_of_a_kind or better",
}


class PatternError(ValueError):
    """A hand name that names no hand of the ranking."""


@dataclass(frozen=True)
class HandPattern:
    """A set of hands of one ranking: a category, optionally one rank, optionally "or better"."""

    category: str
    rank: int | None = None
    or_better: bool = False

    @property
    def text(self) -> str:
        """Canonical text of the pattern, parseable by :func:`parse_pattern`."""
        text = self.category
        if self.rank is not None:
            text += f" of {RANK_SYMBOLS[self.rank]}"
        return text + (" or better" if self.or_better else "")

    def _exact(self, ranking: HandRanking, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64)
        match = ranks // TIEBREAK_SPAN == ranking.category_index(self.category)
        if self.rank is not None:
            primary = (ranks % TIEBREAK_SPAN) // (TIEBREAK_SPAN // 13)
            match &= primary == self.rank
        return match

    def lowest_rank(self, ranking: HandRanking) -> int:
        """The lowest rank of a hand that matches the exact pattern (without "or better")."""
        table = ranking.table
        matching = table[self._exact(ranking, table)]
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


def parse_pattern(text: str, ranking: HandRanking) -> HandPattern:
    """Parse a hand name against a ranking; raises :class:`PatternError` if it names no hand."""
    key = _normalise(text)
    key = _normalise(ALIASES.get(key, key))
    match = re.fullmatch(r"(?P<category>[a-z_]+?)(_of_(?P<rank>[a-z0-9]+))?(?P<better>_or_better)?", key)
    if not match:
        raise PatternError(f"cannot read hand name {text!r}")
    category = match["category"]
    try:
        ranking.category_index(category)
    except KeyError:
        names = ", ".join(c.name for c in ranking.categories)
        raise PatternError(f"unknown hand {text!r}: a {ranking.title} is one of {names}") from None
    rank = None
    if match["rank"] is not None:
        try:
            rank = parse_rank(match["rank"])
        except CardError as error:
            raise PatternError(f"hand {text!r}: {error}") from None
    pattern = HandPattern(category, rank, match["better"] is not None)
    pattern.lowest_rank(ranking)  # a pattern that no hand matches is an error
    return pattern
