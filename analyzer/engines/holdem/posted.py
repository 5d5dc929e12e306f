"""The exact value of a short posted strategy for Ultimate Texas Hold'em, and its cost.

A casino or a strategy card posts a few simple rules instead of the optimal
strategy. This module plays such a rule set, declared as data
(:class:`PostedStrategy`), over every deal of the ordered cycle of
:mod:`analyzer.engines.holdem.enumeration` (27,813,810,024,000 deals) and counts the
settlement exactly, so its house edge and its cost against the optimal
strategy are exact fractions.

The default rules (the well-known card):

* **pre-flop**: raise 4x with 33+, any ace, K2s+, K5o+, Q6s+, Q8o+, J8s+,
  JTo; otherwise check; never 3x;
* **flop** (after a check): bet 2x with

  (a) two pair or better *made with a hole card*: the category of the best
      five of hole + flop is two pair or better and is strictly above the
      category of the flop's three cards alone (high card, pair or three of
      a kind). A flop of trips with two unrelated hole cards is not bet;
      a pocket pair or a hole card pairing a paired flop is;
  (b) a hidden pair: a pocket pair other than deuces, or a hole card of the
      rank of a flop card;
  (c) four to a flush (four or five of one suit among hole + flop) with a
      hole card of that suit ranked ten or better;

  otherwise check;
* **river** (after two checks): bet 1x with a hidden pair or better, otherwise
  fold. "Hidden pair or better" is read exactly as: the player's seven-card
  hand is a pair or better and its *made part* beats the made part of the
  board's own five-card hand, where the made part is the hand without its
  kickers: the category and the grouped ranks (the pair; both pairs; the
  trips; the quads; trips and pair of a full house; the top card of a
  straight; all five cards of a flush). So a hole card must play in the made
  hand: a pair on the board with an ace kicker folds, a ten on a 5-6-7-8-9
  board bets (a higher straight), a hole card making a higher flush bets, a
  third pair under a board's two pair folds. ``river_kickers_count=True``
  reads it the other way (any hand above the board's, kickers included).

The published card (Wizard of Odds) adds a second river clause the default
here leaves out: "or fewer than 21 dealer outs". It is available as
``river_fewer_dealer_outs_than=21`` (:data:`CARD_WITH_DEALER_OUTS`), read
exactly as: an out is an unseen card (not on the board, not a player's hole
card: 45 of them) such that the best five of the board and that card beat
the player's hand (a tie is not an out); bet 1x when the outs are fewer than
the limit.

Results (full cycle, per ante; ``scripts/posted_run.py --game GAME``, about
20 s on two cores; committed in ``enumerations/uth_posted/``): the default
rules 47080007539/695345250600 = 6.770738%, cost 4.585767% against the
optimal 2.184971%; with the dealer-outs clause (``--dealer-outs 21``)
54758439/2299422125 = 2.381400%, cost 4552857539/2317817502000 = 0.196429%.
Nearly all of the default's cost is the river: without the outs clause it
folds every hand without a hidden pair, many of which are worth a 1x call.

Method: the streets kernel plays the card as a policy it consults
(:mod:`analyzer.engines.holdem.street_posted`); its run is kept here as the
settlement array of the one-Play-bet results (:class:`PostedRun`).

>>> strategy = PostedStrategy()
>>> len(strategy.raise_classes), "22" in strategy.raise_classes, "A2o" in strategy.raise_classes
(69, False, True)
>>> from analyzer.core.cards import parse_cards
>>> strategy.flop_decision(parse_cards("Qh 3c"), parse_cards("2h 7h Kh"))
'2x'
>>> strategy.river_decision(parse_cards("Ac Kd"), parse_cards("8h 8s 2c 5d 3h"))
'fold'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

import numpy as np

from analyzer.core.cards import RANK_COUNT, RANK_SYMBOLS
from analyzer.core.csvtext import csv_text, exact_text, read_rows
from analyzer.engines.holdem.enumeration import (
    CYCLE,  # noqa: F401 (CYCLE: doctests)
    HAND_CLASS_OF,
    HAND_CLASSES,
    SCALE,
    SHIPPED,
    pair_index,
)
from analyzer.engines.holdem.features import (
    board_six_ranks,
    flop_category,
    river_features,
)
from analyzer.engines.holdem.policy import (
    Policy,
    flop_bets,
    river_bets,
    river_made_part,
)
from analyzer.engines.holdem.settlement_file import (
    SETTLEMENT_FILE,
    read_settlement,
    settlement_csv,
)
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    STRAIGHT_TOP,
    evaluate_cards,
)

__all__ = ["PostedStrategy", "CARD_WITH_DEALER_OUTS", "PostedRun", "PostedFigures", "posted_csvs", "load_posted_counts",
           "expand_hand_classes", "house_edge_of_settlement", "POSTED_FILES"]

# --------------------------------------------------------------------------- the strategy, as data

#: The well-known pre-flop chart: raise 4x with these starting hands ("+": this one and the better
#: kickers up to the card below the first; a pair "33+": 33 up to AA; no s/o: suited and offsuit).
DEFAULT_PREFLOP_RAISE = ("33+", "A2+", "K2s+", "K5o+", "Q6s+", "Q8o+", "J8s+", "JTo")


def expand_hand_classes(tokens: Iterable[str]) -> frozenset[str]:
    """The starting-hand classes named by chart tokens (``33+``, ``A2+``, ``K5o+``, ``JTo`` ...).

    >>> sorted(expand_hand_classes(["QQ+", "AKs", "K9o+"]))
    ['AA', 'AKs', 'K9o', 'KJo', 'KK', 'KQo', 'KTo', 'QQ']
    >>> len(expand_hand_classes(["A2+"]))
    24
    """
    names: set[str] = set()
    for token in tokens:
        text = token.strip()
        plus = text.endswith("+")
        core = text[:-1] if plus else text
        if len(core) not in (2, 3) or core[0].upper() not in RANK_SYMBOLS or core[1].upper() not in RANK_SYMBOLS:
            raise ValueError(f"bad starting-hand token {token!r} (write e.g. 33+, A2+, K5o+, JTo)")
        high, low = RANK_SYMBOLS.index(core[0].upper()), RANK_SYMBOLS.index(core[1].upper())
        suffix = core[2:].lower()
        if high == low:
            if suffix:
                raise ValueError(f"bad starting-hand token {token!r}: a pair is neither suited nor offsuit")
            names.update(RANK_SYMBOLS[rank] * 2 for rank in (range(high, RANK_COUNT) if plus else [high]))
            continue
        if low > high or suffix not in ("", "s", "o"):
            raise ValueError(f"bad starting-hand token {token!r}: write the higher card first, then s or o")
        for kicker in (range(low, high) if plus else [low]):
            for kind in ([suffix] if suffix else ["s", "o"]):
                names.add(RANK_SYMBOLS[high] + RANK_SYMBOLS[kicker] + kind)
    unknown = names - set(HAND_CLASSES)
    assert not unknown, unknown
    return frozenset(names)


@dataclass(frozen=True)
class PostedStrategy:
    """A short posted strategy: which hands raise 4x pre-flop, bet 2x on the flop, 1x on the river.

    * ``preflop_raise_4x``: chart tokens (see :func:`expand_hand_classes`); every
      other starting hand checks; the posted strategy never raises 3x;
    * ``flop_two_pair_with_hole_card``: bet 2x with two pair or better whose
      category is above the flop's own (rule (a) of the module docstring);
    * ``flop_hidden_pair_except``: pocket pairs not bet as a hidden pair
      (rule (b)); a hole card pairing the flop always counts;
    * ``flop_flush_draw_min_rank``: rule (c), four to a flush with a hole card
      of that suit of this rank or better (``None``: no flush-draw rule);
    * ``river_kickers_count``: ``False`` (default): bet 1x when a hole card
      plays in the made hand (the made part beats the board's); ``True``: when
      the player's hand is a pair or better and beats the board's, kickers included;
    * ``river_fewer_dealer_outs_than``: also bet 1x when fewer unseen cards than
      this would, with the board, beat the player (``None``: no such clause).
    """

    name: str = "posted"
    preflop_raise_4x: tuple[str, ...] = DEFAULT_PREFLOP_RAISE
    flop_two_pair_with_hole_card: bool = True
    flop_hidden_pair_except: tuple[str, ...] = ("22",)
    flop_flush_draw_min_rank: str | None = "T"
    river_kickers_count: bool = False
    river_fewer_dealer_outs_than: int | None = None

    @property
    def title(self) -> str:
        """Its name in reports (a written strategy's title: :class:`analyzer.engines.base.StrategyFile`)."""
        return self.name

    def __post_init__(self) -> None:
        expand_hand_classes(self.preflop_raise_4x)
        for pair in self.flop_hidden_pair_except:
            if len(pair) != 2 or pair[0] != pair[1] or pair[0] not in RANK_SYMBOLS:
                raise ValueError(f"flop_hidden_pair_except: {pair!r} is not a pocket pair such as '22'")
        if self.flop_flush_draw_min_rank is not None and self.flop_flush_draw_min_rank not in RANK_SYMBOLS:
            raise ValueError(f"flop_flush_draw_min_rank: {self.flop_flush_draw_min_rank!r} is not a rank")
        if self.river_fewer_dealer_outs_than is not None and not 1 <= self.river_fewer_dealer_outs_than <= 46:
            raise ValueError("river_fewer_dealer_outs_than: a number of cards from 1 to 46, or None")

    @property
    def raise_classes(self) -> frozenset[str]:
        """Names of the starting-hand classes that raise 4x."""
        return expand_hand_classes(self.preflop_raise_4x)

    def raises(self) -> np.ndarray:
        """Bool (169,), HAND_CLASSES order: the class raises 4x pre-flop."""
        chosen = self.raise_classes
        return np.array([name in chosen for name in HAND_CLASSES], dtype=bool)

    def policy(self) -> Policy:
        """The flop and river rules as the flop pass plays them (:mod:`analyzer.engines.holdem.policy`).

        >>> PostedStrategy(flop_hidden_pair_except=("22", "33")).policy().flop_pockets_excluded
        3
        """
        excluded = 0
        for pair in self.flop_hidden_pair_except:
            excluded |= 1 << RANK_SYMBOLS.index(pair[0])
        minimum = RANK_COUNT if self.flop_flush_draw_min_rank is None else \
            RANK_SYMBOLS.index(self.flop_flush_draw_min_rank)
        return Policy(flop_by_value=False, flop_two_pair_with_hole=self.flop_two_pair_with_hole_card,
                      flop_pockets_excluded=excluded, flop_flush_min=minimum, river_by_value=False,
                      river_kickers_count=self.river_kickers_count,
                      river_outs_limit=self.river_fewer_dealer_outs_than or 0)

    # ----------------------------------------------------------------- single decisions

    def preflop_decision(self, hole: Sequence[int]) -> str:
        """``'4x'`` or ``'check'`` for two hole cards."""
        x, y = (int(card) for card in hole)
        return "4x" if HAND_CLASSES[HAND_CLASS_OF[pair_index(x, y)]] in self.raise_classes else "check"

    def flop_decision(self, hole: Sequence[int], flop: Sequence[int]) -> str:
        """``'2x'`` or ``'check'`` with two hole cards and a three-card flop (the flop pass's rule)."""
        x, y = (int(card) for card in hole)
        cards = np.asarray([int(card) for card in flop], dtype=np.int64)
        rank = evaluate_cards(np.asarray([x, y, *cards.tolist()], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
        bets = flop_bets(self.policy().packed(), 0, 0, x, y, cards, rank, flop_category(cards))
        return "2x" if bets else "check"

    def river_decision(self, hole: Sequence[int], board: Sequence[int]) -> str:
        """``'1x'`` or ``'fold'`` with two hole cards and the five-card board (the flop pass's rule)."""
        cards = np.asarray([int(card) for card in board], dtype=np.int64)
        x, y = (int(card) for card in hole)
        policy = self.policy().packed()
        player = evaluate_cards(np.asarray([x, y, *cards.tolist()], dtype=np.int64), STRAIGHT_TOP, FLUSH_RANK)
        board_made = river_made_part(policy, evaluate_cards(cards, STRAIGHT_TOP, FLUSH_RANK))
        bets = river_bets(policy, 0, 0, x, y, player, board_made, *board_six_ranks(cards))
        return "1x" if bets else "fold"

    @staticmethod
    def dealer_outs(hole: Sequence[int], board: Sequence[int]) -> int:
        """Unseen cards (45) with which the board beats the player's hand (the kernel's count).

        >>> from analyzer.core.cards import parse_cards
        >>> PostedStrategy.dealer_outs(parse_cards("Tc 3d"), parse_cards("Ah Qs 8d 6c 4h"))  # 15 pairs, K, J
        23
        """
        return river_features(hole, board)[1]


#: The published card's full river rule: hidden pair or better, or fewer than 21 dealer outs.
CARD_WITH_DEALER_OUTS = PostedStrategy(name="posted, with the dealer-outs clause", river_fewer_dealer_outs_than=21)


# --------------------------------------------------------------------------- results

#: SCALE * net per ante of every settlement cell [multiple, outcome, hand line] of the shipped game, as integers.
SCALED_NETS = SHIPPED.scaled_nets()


@dataclass(frozen=True, eq=False)
class PostedRun:
    """A posted strategy's exact run: ``settlement_by_hand[multiple, outcome, hand line]`` (5, 6, 10), the deals of
    the cycle (each board once: the turn and river unordered) by the Play multiple the strategy reached (0: a fold)
    and their outcome and final line. The strategy decides by rules,
    not by values, so the run does not depend on the paytables (the dealer's qualifier aside)."""

    strategy: PostedStrategy
    settlement_by_hand: np.ndarray


def house_edge_of_settlement(by_hand: np.ndarray) -> Fraction:
    """House edge per ante of a settlement array [multiple, outcome, hand line] (5, 6, 10).

    >>> cells = np.zeros((5, 6, 10), dtype=np.int64)
    >>> cells[0, 0, 9] = cells[4, 3, 9] = 1    # one fold (-2), one 4x win with high card (+5)
    >>> house_edge_of_settlement(cells)
    Fraction(-3, 2)
    """
    by_hand = np.asarray(by_hand, dtype=np.int64)
    if by_hand.shape != SCALED_NETS.shape:
        raise ValueError(f"a settlement array of shape {SCALED_NETS.shape}")
    total = sum(int(n) * int(v) for n, v in zip(by_hand.ravel(), SCALED_NETS.ravel(), strict=True))
    return -Fraction(total, SCALE * int(by_hand.sum()))


# --------------------------------------------------------------------------- saved results

#: A posted run's files are committed beside the optimal run's folder, in ``<game>_posted`` (see
#: :func:`analyzer.core.committed.committed_folder`), not in it: ``scripts/make_golden.py`` owns the
#: optimal folder (its ``--check`` flags, and a rewrite deletes, any CSV it does not build).
#: The files of a posted-strategy run.
POSTED_SETTLEMENT_FILE = "posted_settlement_by_hand.csv"
POSTED_SUMMARY_FILE = "posted_summary.csv"
POSTED_FILES = (POSTED_SETTLEMENT_FILE, POSTED_SUMMARY_FILE)
#: Rows of the summary file.
SUMMARY_FIGURES = ("house_edge_per_ante_posted", "house_edge_per_ante_optimal", "cost_per_ante")


def posted_csvs(settlement_by_hand: np.ndarray, optimal_house_edge: Fraction) -> dict[str, str]:
    """File name -> exact CSV text of a posted run of the shipped game: its settlement and its summary against the
    optimum."""
    edge = house_edge_of_settlement(settlement_by_hand)
    figures = (edge, Fraction(optimal_house_edge), edge - Fraction(optimal_house_edge))
    return {
        POSTED_SETTLEMENT_FILE: settlement_csv(settlement_by_hand),
        POSTED_SUMMARY_FILE: csv_text(["figure", "value"],
                                      [[name, exact_text(value)] for name, value in zip(SUMMARY_FIGURES, figures, strict=True)]),
    }


class PostedFigures(NamedTuple):
    """A saved posted-strategy run: its settlement array (5, 6, 10) and its exact cost per ante.

    ``settlement_by_hand[multiple, outcome, hand line]`` (multiple 0: a fold);
    ``cost``: the posted strategy's house edge per ante minus the optimal one.
    """

    settlement_by_hand: np.ndarray
    cost: Fraction

    @property
    def house_edge(self) -> Fraction:
        """House edge per ante of the posted strategy."""
        return house_edge_of_settlement(self.settlement_by_hand)

    @property
    def optimal_house_edge(self) -> Fraction:
        """House edge per ante of the optimal strategy."""
        return self.house_edge - self.cost


def _optimal_settlement_file(folder: Path, optimal_folder: Path | None) -> Path:
    """The optimal run's settlement file: in ``optimal_folder``, else beside the posted files, else in
    the sibling folder of the game (``<game>`` beside ``<game>_posted``)."""
    if optimal_folder is not None:
        return Path(optimal_folder) / SETTLEMENT_FILE
    beside = folder / SETTLEMENT_FILE
    return beside if beside.exists() else folder.parent / folder.name.removesuffix("_posted") / SETTLEMENT_FILE


def load_posted_counts(folder: Path, optimal_folder: Path | None = None) -> PostedFigures:
    """The posted strategy's settlement (5, 6, 10) and cost, from the files :func:`write_posted_results` wrote.

    The house edge is recomputed from the settlement and checked against the
    summary, and the summary's optimal edge against the optimal run's
    settlement file when it is found (see :func:`_optimal_settlement_file`).

    >>> from analyzer.core.committed import committed_folder
    >>> settlement, cost = load_posted_counts(committed_folder("uth", "posted"))
    >>> settlement.shape, int(settlement.sum()) == CYCLE, cost > 0
    ((5, 6, 10), True, True)
    """
    folder = Path(folder)
    by_hand = read_settlement((folder / POSTED_SETTLEMENT_FILE).read_text(encoding="utf-8"))
    summary = {row["figure"]: Fraction(row["value"])
               for row in read_rows((folder / POSTED_SUMMARY_FILE).read_text(encoding="utf-8"))}
    edge, optimal, cost = (summary[name] for name in SUMMARY_FIGURES)
    if house_edge_of_settlement(by_hand) != edge or edge - optimal != cost:
        raise ValueError(f"{folder / POSTED_SUMMARY_FILE} does not match {folder / POSTED_SETTLEMENT_FILE}")
    optimal_file = _optimal_settlement_file(folder, optimal_folder)
    if optimal_file.exists():
        if house_edge_of_settlement(read_settlement(optimal_file.read_text(encoding="utf-8"))) != optimal:
            raise ValueError(f"{folder / POSTED_SUMMARY_FILE}: the optimal house edge is not that of {optimal_file}")
    elif optimal_folder is not None:
        raise FileNotFoundError(optimal_file)
    return PostedFigures(by_hand, cost)
