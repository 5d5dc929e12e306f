"""A strategy written street by street (:mod:`analyzer.engines.street_rules`) for a Hold'em game over streets:
its choice in every situation, as the streets kernel reads it, and its exact figures.

The file gives one rule list per street of the game, read over the player's two hole cards (``in the hole
cards``) and the community cards turned (``on the board``): before the flop the hole cards alone, on the
flop the hole cards and three cards, on the turn four. Each situation's choice is worked out once, as data
the kernel consults (:func:`analyzer.engines.holdem.streets.street_flop`'s ``written``): the pre-flop choice
per starting-hand class (the rules read only ranks and suit counts, so every hole pair of a class chooses
alike), the flop choice per (flop class representative, hole pair), the turn choice per (flop class
representative, turn card, hole pair). The kernel then counts every deal under those choices, so the house
edge, element of risk and average bet are exact, and so is the cost against the optimal strategy.

A rule list on the river is refused in one line: the kernel values the river per class of hands on a board,
not per hand, and does not read written rules there yet.

>>> from analyzer.core.cards import parse_cards
>>> from analyzer.engines.holdem.enumeration import HAND_CLASSES, pair_index
>>> from analyzer.games.rules import load_game
>>> path = getfixture("tmp_path") / "thb-card.toml"
>>> _ = path.write_text('''[[streets]]
... rules = ["fold with not 1 card of 8 or higher and not any pair and not 2 suited", "otherwise flop bet 2x"]
... [[streets]]
... rules = ["bet 1x with any pair and not any pair on the board", "otherwise check"]
... [[streets]]
... rules = ["otherwise check"]''')
>>> written = load_written_streets(path, load_game("thb"))
>>> flop = np.array(sorted(parse_cards("2c 7d Jh")), dtype=np.int64)
>>> rows = written.flop_rows(flop)
>>> [int(rows[0, pair_index(*parse_cards(hole))]) for hole in ("Jc 3d", "7h 7s", "Ac Kd")]   # 1: bet 1x
[1, 1, 0]
>>> folded = [hand for hand, choice in zip(HAND_CLASSES, written.preflop_choices()) if choice == 0]
>>> len(folded), "32o" in folded, "72o" in folded, "82o" in folded     # offsuit, both cards 2 to 7
(15, True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from analyzer.engines.holdem.enumeration import HAND_CLASS_OF, HOLE_FIRST, HOLE_PAIRS, HOLE_SECOND, flop_rest
from analyzer.engines.holdem.streets import LEVEL_NAMES, ImposedChoices, street_levels
from analyzer.engines.street_rules import Seen, SeenCards, StreetStrategy, load_street_strategy
from analyzer.games.rules import GameRules, RulesError

#: Every two-card hand (x, y), x < y, at row ``pair_index(x, y)``.
HOLES = np.column_stack([HOLE_FIRST, HOLE_SECOND])
#: One hole pair of each starting-hand class (169).
CLASS_HOLES = HOLES[np.unique(HAND_CLASS_OF, return_index=True)[1]]


class KernelStrategy(Protocol):
    """A strategy the streets kernel plays in place of the optimal one: its title, its pre-flop choice per
    starting-hand class and the choices it imposes after the flop (a written strategy, :class:`WrittenStreets`, or a
    posted card, :class:`analyzer.engines.holdem.street_posted.PostedStreets`)."""

    @property
    def title(self) -> str: ...

    def preflop_choices(self) -> np.ndarray: ...

    def imposed(self) -> ImposedChoices: ...


@dataclass(frozen=True)
class WrittenStreets:
    """A written strategy placed on a Hold'em game's decision points: ``levels[k]``, the point (0 pre-flop,
    1 flop, 2 turn) of the strategy's street k."""

    strategy: StreetStrategy
    levels: tuple[int, ...]

    @property
    def title(self) -> str:
        return self.strategy.title

    def street_at(self, level: int) -> int | None:
        """The strategy's street deciding at ``level``, or None."""
        return self.levels.index(level) if level in self.levels else None

    def preflop_choices(self) -> np.ndarray:
        """The choice index of each starting-hand class (HAND_CLASSES order; -1 when nothing is decided
        before the flop)."""
        street = self.street_at(0)
        if street is None:
            return np.full(len(CLASS_HOLES), -1, dtype=np.int64)
        return self.strategy.choose(street, CLASS_HOLES)

    def flop_rows(self, flop: np.ndarray) -> np.ndarray:
        """``written[0, h]``: the flop choice of hole pair h on ``flop`` (a sorted flop class representative);
        ``written[1 + i, h]``: its turn choice with the turn card ``rest[i]``, rest the cards not in the flop in
        rising order; -1 where a pair meets the flop or the turn card, or the point does not decide."""
        rest = flop_rest(flop)[0]
        rows = np.full((1 + len(rest), HOLE_PAIRS), -1, dtype=np.int64)
        holes = HOLES[np.isin(HOLES, rest).all(axis=1)]
        index = holes[:, 0] + holes[:, 1] * (holes[:, 1] - 1) // 2
        hole_cards = Seen.of(holes)
        if (street := self.street_at(1)) is not None:
            flop_cards = Seen.of(flop[None, :])
            rows[0, index] = self.strategy.choose_seen(street, SeenCards(hole_cards, flop_cards.take(
                np.zeros(len(holes), dtype=np.int64))))
        if (street := self.street_at(2)) is not None:
            turn = np.repeat(np.arange(len(rest)), len(holes))
            pairs = np.tile(np.arange(len(holes)), len(rest))
            live = (holes[pairs] != rest[turn, None]).all(axis=1)
            turn, pairs = turn[live], pairs[live]
            boards = Seen.of(np.column_stack([np.broadcast_to(flop, (len(rest), 3)), rest]))
            rows[1 + turn, index[pairs]] = self.strategy.choose_seen(street, SeenCards(hole_cards.take(pairs),
                                                                                       boards.take(turn)))
        return rows

    def imposed(self) -> ImposedChoices:
        """The flop and turn rows, the river decided by value."""
        return ImposedChoices(self.flop_rows)


def written_streets(rules: GameRules, strategy: StreetStrategy) -> WrittenStreets:
    """``strategy`` (one rule list per street of ``rules``, over streets) placed on the decision points; a
    RulesError for rules on the river."""
    levels = tuple(level for level, street in enumerate(street_levels(rules)) if street is not None)
    if 3 in levels:
        raise RulesError(f"{LEVEL_NAMES[3]}: a written Hold'em strategy over streets decides before the river "
                         "(the kernel values the river by classes of hands, not by written rules, yet)")
    return WrittenStreets(strategy, levels)


def load_written_streets(path: Path, rules: GameRules) -> WrittenStreets:
    """Read a strategy file written street by street for ``rules`` (over streets,
    :func:`analyzer.engines.holdem.streets.as_streets`) and place it on the decision points; every problem is a
    one-line RulesError naming the file."""
    strategy = load_street_strategy(path, rules)
    try:
        return written_streets(rules, strategy)
    except RulesError as error:
        raise RulesError(f"{path}: {error}") from None
