"""The deal of a Hold'em game against a dealer, and the sums over flop classes every Hold'em kernel shares.

A deal is the player's two hole cards, the flop (three cards), the turn and river and the dealer's two hole cards.
Because the player decides after the flop, *which* three of the five board cards are the flop matters, so the
cycle orders the board into flop and turn+river:

    C(52,2) * C(50,3) * C(47,2) * C(45,2) = 27,813,810,024,000
      = 10 * C(52,2) * C(50,5) * C(45,2)   (the GUIDE's cycle, unordered board).

This module gives the game's numbers (:data:`CYCLE`, :data:`DEALS_PER_HOLE` ...), the 169 starting-hand classes
(:data:`HAND_CLASSES`, :func:`pair_index`), the 1,755 flop classes (:func:`flop_classes`; GUIDE §2, "Hold'em: work
per board": a flop class representative stands for its class, its weight times), the per-board helpers of the
kernels (:func:`flop_rest`, :func:`deal_board`, :func:`board_outcomes`), the shipped
one-Play-bet main game's settlement (:data:`SHIPPED`, which checks the committed posted card's run), and the
integer class sums added over chunks of flop classes, run in parallel (joblib threads; the numba kernels release
the GIL), optionally checkpointed (:class:`FlopClassSums`, :func:`sum_over_flop_classes`): any split gives the same
numbers. The optimal strategy and its counts are the streets kernel's (:mod:`analyzer.engines.holdem.streets`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import Field, dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar

import numpy as np
from joblib import Parallel, delayed
from numba import njit

from analyzer.core.cards import DECK_SIZE, RANK_SYMBOLS, combinations
from analyzer.core.isomorphism import suit_classes
from analyzer.core.progress import progress_bar
from analyzer.engines.cache import integers, load_cached, save_cached
from analyzer.engines.holdem.board_classes import (
    fill_outcomes,
    order_by_rank,
)
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    LINE_COUNT,
    LINES,
    PAIR_OR_BETTER,
    STRAIGHT_TOP,
    board_pair_ranks,
)

# --------------------------------------------------------------------------- the game's numbers

HOLE_PAIRS = comb(DECK_SIZE, 2)                     # 1,326 two-card hands of the deck
FLOPS = comb(DECK_SIZE - 2, 3)                      # 19,600 flops per hole pair
TURN_RIVERS = comb(DECK_SIZE - 5, 2)                # 1,081 turn/river pairs per flop
DEALER_HANDS = comb(DECK_SIZE - 7, 2)               # 990 dealer hands per board
BOARD_ORDERS = comb(5, 3)                           # 10 ways to split a board into flop + turn/river
#: Deals enumerated: hole, flop, turn/river, dealer.
CYCLE = HOLE_PAIRS * FLOPS * TURN_RIVERS * DEALER_HANDS
#: The GUIDE's cycle, boards unordered: CYCLE // BOARD_ORDERS.
UNORDERED_CYCLE = HOLE_PAIRS * comb(DECK_SIZE - 2, 5) * DEALER_HANDS
#: Deals per hole pair (for one hole pair, a sum over all of them is one EV numerator).
DEALS_PER_HOLE = FLOPS * TURN_RIVERS * DEALER_HANDS
#: Every value is in half antes (the flush pays 3 to 2 on the Blind).
SCALE = 2

#: Play multiples, the index of ``settlement``'s first axis (fold = no Play bet).
MULTIPLES = ("fold", "1x", "2x", "3x", "4x")
FOLD, PLAY_1X, PLAY_2X, PLAY_3X, PLAY_4X = range(5)
#: Outcomes, the index of ``settlement``'s second axis: dealer qualifies or not x comparison.
OUTCOMES = ("no_qualify_win", "no_qualify_tie", "no_qualify_lose", "win", "tie", "lose")
NQ_WIN, NQ_TIE, NQ_LOSE, WIN, TIE, LOSE = range(6)
#: Blind lines, the index of ``settlement``'s third axis: the player's final hand.
BLIND_LINES = LINES[:6] + ("below_straight",)
BELOW_STRAIGHT = len(BLIND_LINES) - 1
#: The shipped game's Blind pays (to 1) per blind line when the player wins; below a straight it pushes: the
#: shipped game's, which checks the committed posted card's run only.
BLIND_PAYS = (Fraction(500), Fraction(50), Fraction(10), Fraction(3), Fraction(3, 2), Fraction(1), Fraction(0))
#: Blind pays per hand line (LINES), scaled by SCALE.
BLIND_SCALED = np.array([int(SCALE * BLIND_PAYS[min(line, BELOW_STRAIGHT)]) for line in range(LINE_COUNT)],
                        dtype=np.int64)
#: Flop choices (index of ``flop_actions``'s last axis) and river choices.
FLOP_CHOICES = ("2x", "check")
RIVER_CHOICES = ("1x", "fold")

# --------------------------------------------------------------------------- the main wagers


@dataclass(frozen=True, eq=False)
class MainWagers:
    """How the main wagers settle, as the enumeration reads them, scaled by SCALE (per ante).

    ``nets[line, outcome, 0]``: the initial wagers (Ante and Blind) when the
    player's final hand is ``line`` (LINES) and the showdown is ``outcome``
    (OUTCOMES: the dealer with or without a pair, then the comparison);
    ``nets[line, outcome, 1]``: the Play wager per unit of its multiple;
    ``fold``: the initial wagers on a fold. The value of Play ``m`` at a
    showdown is ``nets[line, outcome, 0] + m * nets[line, outcome, 1]``, so
    the river value is ``A + m * B``. The shipped
    game's is :data:`SHIPPED`.

    >>> SHIPPED.net(PLAY_4X, WIN, 0), SHIPPED.net(PLAY_1X, NQ_LOSE, 9), SHIPPED.net(FOLD, WIN, 0)
    (Fraction(505, 1), Fraction(-2, 1), Fraction(-2, 1))
    """

    nets: np.ndarray
    fold: int

    def net(self, multiple: int, outcome: int, line: int) -> Fraction:
        """Net result per ante of Ante + Blind + Play for one settlement cell (``multiple``: MULTIPLES index)."""
        if multiple == FOLD:
            return Fraction(self.fold, SCALE)
        return Fraction(int(self.nets[line, outcome, 0] + multiple * self.nets[line, outcome, 1]), SCALE)

    def scaled_nets(self) -> np.ndarray:
        """SCALE * net per ante of every settlement cell [multiple, outcome, hand line] (5, 6, 10)."""
        cells = self.nets[None, :, :, 0] + np.arange(len(MULTIPLES))[:, None, None] * self.nets[None, :, :, 1]
        cells[FOLD] = self.fold
        return np.ascontiguousarray(cells.transpose(0, 2, 1))

    def key(self) -> str:
        """A short digest of the settlement (part of the checkpoint names)."""
        return hashlib.sha1(f"{self.nets.tolist()}:{self.fold}".encode()).hexdigest()[:12]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MainWagers) and self.fold == other.fold and np.array_equal(self.nets, other.nets)

    def __hash__(self) -> int:
        return hash(self.key())


def _shipped_wagers() -> MainWagers:
    """The shipped game: Ante pushed when the dealer has no pair, Blind paying BLIND_PAYS on a win, Play even."""
    ante = (0, 0, 0, 1, 0, -1)
    blind = (0, 0, -1, 0, 0, -1)
    play = (1, 0, -1, 1, 0, -1)
    nets = np.zeros((LINE_COUNT, len(OUTCOMES), 2), dtype=np.int64)
    for line in range(LINE_COUNT):
        for outcome in range(len(OUTCOMES)):
            paid = BLIND_SCALED[line] if outcome in (WIN, NQ_WIN) else SCALE * blind[outcome]
            nets[line, outcome] = (SCALE * ante[outcome] + paid, SCALE * play[outcome])
    return MainWagers(nets, -2 * SCALE)


#: The shipped game's main wagers (uth.toml's Ante, Blind 500-50-10-3-3:2-1 and Play).
SHIPPED = _shipped_wagers()

# --------------------------------------------------------------------------- starting-hand classes


def _starting_hand_classes() -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """Names of the 169 classes (AA, AKs, AKo ... 22), their sizes, and the class of each hole pair."""
    names: list[str] = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                names.append(RANK_SYMBOLS[high] * 2)
            else:
                names.append(RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + "s")
                names.append(RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + "o")
    index = {name: i for i, name in enumerate(names)}
    pairs = np.asarray(combinations(DECK_SIZE, 2), dtype=np.int64)
    class_of = np.empty(len(pairs), dtype=np.int64)
    for row, (x, y) in enumerate(pairs):
        high, low = max(x >> 2, y >> 2), min(x >> 2, y >> 2)
        name = RANK_SYMBOLS[high] + RANK_SYMBOLS[low]
        if high != low:
            name += "s" if x & 3 == y & 3 else "o"
        class_of[row] = index[name]
    sizes = np.bincount(class_of, minlength=len(names)).astype(np.int64)
    return tuple(names), sizes, class_of


#: HAND_CLASSES[c]: name ("AKs"); HAND_CLASS_SIZES[c]: 6, 4 or 12; HAND_CLASS_OF[colex pair]: c.
HAND_CLASSES, HAND_CLASS_SIZES, HAND_CLASS_OF = _starting_hand_classes()
HAND_CLASS_COUNT = len(HAND_CLASSES)

#: The two cards (lower, higher) of each hole pair, by colex index (:func:`pair_index`).
HOLE_FIRST, HOLE_SECOND = np.asarray(combinations(DECK_SIZE, 2), dtype=np.int64).T.copy()


def pair_index(x: int, y: int) -> int:
    """Colex index of the two-card hand {x, y}: ``pair_index(0, 1) == 0``."""
    x, y = min(x, y), max(x, y)
    return x + y * (y - 1) // 2


# --------------------------------------------------------------------------- flop classes


@dataclass(frozen=True)
class FlopClasses:
    """The 1,755 suit classes of flops: a representative (3 sorted cards) and a weight each."""

    cards: np.ndarray
    weights: np.ndarray

    def __len__(self) -> int:
        return len(self.weights)


def flop_classes() -> FlopClasses:
    """Suit classes of the 22,100 flops.

    >>> classes = flop_classes()
    >>> len(classes), int(classes.weights.sum())
    (1755, 22100)
    """
    flops = np.asarray(combinations(DECK_SIZE, 3), dtype=np.int64)
    classes = suit_classes(flops)
    return FlopClasses(flops[classes.representatives], classes.weights.astype(np.int64))


# --------------------------------------------------------------------------- numba kernels


@njit(cache=True, nogil=True)
def board_outcomes(board, unseen, straight_top, flush_rank, first, second, ranks, order, below,
                   card_count, card_no_pair, buckets, outcomes):
    """Dealer outcome counts of every player hole pair on one board.

    ``outcomes[k]``: dealer hands (two of the unseen cards other than pair k)
    per outcome (OUTCOMES order) for the player holding pair k. Returns the
    number of pairs. ``order``, ``below``, ``card_count``, ``card_no_pair``,
    ``buckets`` (256) are scratch space.
    """
    pairs = board_pair_ranks(board, unseen, straight_top, flush_rank, first, second, ranks)
    size = unseen.shape[0]
    dealer_hands = (size - 2) * (size - 3) // 2
    no_pair_total = 0
    card_no_pair[:] = 0
    card_count[:] = 0
    for k in range(pairs):
        if ranks[k] < PAIR_OR_BETTER:
            no_pair_total += 1
            card_no_pair[first[k]] += 1
            card_no_pair[second[k]] += 1
    order_by_rank(ranks, pairs, order, below, buckets)
    processed = 0
    start = 0
    while start < pairs:
        rank = ranks[order[start]]
        end = start + 1
        while end < pairs and ranks[order[end]] == rank:
            end += 1
        for q in range(start, end):
            k = order[q]
            below[q] = processed - card_count[first[k]] - card_count[second[k]]
        for q in range(start, end):
            k = order[q]
            card_count[first[k]] += 1
            card_count[second[k]] += 1
        processed += end - start
        player_no_pair = rank < PAIR_OR_BETTER
        for q in range(start, end):
            k = order[q]
            x = first[k]
            y = second[k]
            lower = below[q]
            up_to = processed - card_count[x] - card_count[y] + 1
            no_pair = no_pair_total - card_no_pair[x] - card_no_pair[y]
            if player_no_pair:
                no_pair += 1  # the player's own hand, taken out twice
            fill_outcomes(outcomes[k], player_no_pair, lower, up_to, no_pair, dealer_hands)
        start = end
    return pairs


@njit(cache=True, nogil=True)
def flop_rest(flop):
    """``rest``: the 49 cards not in the flop, ascending; ``local[card]``: a card's position in it (-1 in the
    flop)."""
    rest = np.empty(DECK_SIZE - 3, dtype=np.int64)
    local = np.full(DECK_SIZE, -1, dtype=np.int64)
    n = 0
    for card in range(DECK_SIZE):
        if card != flop[0] and card != flop[1] and card != flop[2]:
            rest[n] = card
            local[card] = n
            n += 1
    return rest, local


@njit(cache=True, nogil=True)
def deal_board(flop, rest, i, j, board, unseen):
    """``board``: the flop, then turn ``rest[i]`` and river ``rest[j]``; ``unseen``: the other cards of
    ``rest``, ascending."""
    board[0] = flop[0]
    board[1] = flop[1]
    board[2] = flop[2]
    board[3] = rest[i]
    board[4] = rest[j]
    m = 0
    for u in range(rest.shape[0]):
        if u != i and u != j:
            unseen[m] = rest[u]
            m += 1


#: Per hole pair, river choice (1x, fold) and final hand line, a tally of two words: boards << 32 plus the
#: dealer's no-qualify wins; ties << 32 plus the losses of a player with high card to a non-qualifying dealer
#: or the qualified wins of a player with a pair or better (each under 2**32 per flop). The dealer's wins
#: (every dealer hand not in the other three) and the outcomes that cannot happen are left out. The words are
#: added ``times`` over, gathered per class and corrected per hole pair (:mod:`analyzer.engines.holdem.shape_tally`):
#: a row passes through negative values on the way, exactly, and every field ends in range.
# --------------------------------------------------------------------------- a board's hands, one at a time


@dataclass(frozen=True)
class RiverOutcomes:
    """Every player hole pair on one five-card board.

    ``first < second``: the pair's cards; ``ranks``: the player's seven-card
    rank; ``outcomes[k]``: dealer hands per outcome (OUTCOMES order), summing
    to 990.
    """

    first: np.ndarray
    second: np.ndarray
    ranks: np.ndarray
    outcomes: np.ndarray


def river_outcomes(board: Sequence[int]) -> RiverOutcomes:
    """Dealer outcome counts of every hole pair on a five-card board, one hand at a time (:func:`board_outcomes`):
    the per-hand view the board classes and the estimators are checked against.

    >>> river = river_outcomes([0, 5, 10, 15, 51])
    >>> river.outcomes.shape, set(river.outcomes.sum(axis=1).tolist())
    ((1081, 6), {990})
    """
    cards = np.asarray([int(card) for card in board], dtype=np.int64)
    unseen = np.setdiff1d(np.arange(DECK_SIZE, dtype=np.int64), cards)
    pairs = len(unseen) * (len(unseen) - 1) // 2
    first, second, ranks, order, below = (np.empty(pairs, np.int64) for _ in range(5))
    outcomes = np.empty((pairs, 6), dtype=np.int64)
    board_outcomes(cards, unseen, STRAIGHT_TOP, FLUSH_RANK, first, second, ranks, order, below,
                   np.zeros(DECK_SIZE, np.int64), np.zeros(DECK_SIZE, np.int64), np.zeros(256, np.int64),
                   outcomes)
    return RiverOutcomes(first, second, ranks, outcomes)


# --------------------------------------------------------------------------- class sums


class FlopClassSums:
    """Integer arrays over chunks of flop classes. Subclasses declare ``SHAPES`` (field -> shape),
    arrays summed over chunks, and ``ROWS`` (field -> shape of one row), arrays with one row per
    flop class, in the order the classes were given (chunks are joined, not added).

    Gives the zero sums, addition, equality, and one flat int64 vector per
    chunk (the checkpoint format). ``ROW_DTYPE``: the integers of the rows (narrower than int64 where a row
    holds small codes, e.g. choices).
    """

    SHAPES: dict[str, tuple[int, ...]] = {}
    ROWS: dict[str, tuple[int, ...]] = {}
    ROW_DTYPE: type[np.integer] = np.int64
    #: every kind of class sums is a dataclass (declared so, or made by a function such as
    #: :func:`analyzer.engines.holdem.streets.street_sums_kind`): ``dataclasses.replace`` applies
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @classmethod
    def zeros(cls) -> Self:
        arrays = {name: np.zeros(shape, dtype=np.int64) for name, shape in cls.SHAPES.items()}
        arrays.update({name: np.zeros((0, *shape), dtype=cls.ROW_DTYPE) for name, shape in cls.ROWS.items()})
        return cls(**arrays)

    def flat(self) -> np.ndarray:
        """All arrays in one int64 vector (the checkpoint format)."""
        return np.concatenate([getattr(self, name).ravel() for name in (*self.SHAPES, *self.ROWS)])

    @classmethod
    def from_flat(cls, vector: np.ndarray) -> Self:
        arrays: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in cls.SHAPES.items():
            size = int(np.prod(shape))
            arrays[name] = np.array(vector[start:start + size], dtype=np.int64).reshape(shape)
            start += size
        row_size = sum(int(np.prod(shape)) for shape in cls.ROWS.values())
        rows = (len(vector) - start) // row_size if row_size else 0
        for name, shape in cls.ROWS.items():
            size = rows * int(np.prod(shape))
            arrays[name] = np.array(vector[start:start + size], dtype=cls.ROW_DTYPE).reshape(rows, *shape)
            start += size
        if start != len(vector):
            raise ValueError("checkpoint vector of the wrong length")
        return cls(**arrays)

    def __add__(self, other: Self) -> Self:
        arrays = {name: getattr(self, name) + getattr(other, name) for name in self.SHAPES}
        arrays.update({name: np.concatenate([getattr(self, name), getattr(other, name)]) for name in self.ROWS})
        return type(self)(**arrays)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and all(
            np.array_equal(getattr(self, name), getattr(other, name)) for name in (*self.SHAPES, *self.ROWS))

    __hash__ = None  # type: ignore[assignment]


#: The class sums one run over flop classes adds up (:func:`sum_over_flop_classes`).
SumsT = TypeVar("SumsT", bound=FlopClassSums)


# --------------------------------------------------------------------------- chunks, checkpoints

#: Flop classes per chunk (1,755 = 65 chunks of 27).
CHUNK_FLOPS = 27


def checkpointed(compute: Callable[[np.ndarray], SumsT], kind: type[SumsT], key: str,
                 members: np.ndarray, checkpoint_dir: Path | None) -> SumsT:
    """``compute(members)``, read from or saved (atomically) to ``checkpoint_dir``; a damaged file is recomputed.

    ``key`` names what is computed (it and the members make the file name).
    """
    if checkpoint_dir is None:
        return compute(members)
    digest = hashlib.sha1(f"{key}:{members.tolist()}".encode()).hexdigest()[:16]
    path = checkpoint_dir / f"{key.split(':')[0]}_{int(members[0]):04d}_{len(members)}_{digest}.npy"
    saved = load_cached(path, lambda cached: kind.from_flat(integers({"sums": np.load(cached)}, "sums", None)))
    if saved is not None:
        return saved
    sums = compute(members)
    save_cached(path, lambda temporary: np.save(temporary, sums.flat()))
    return sums


def sum_over_flop_classes(compute: Callable[[np.ndarray, np.ndarray], SumsT], kind: type[SumsT],
                          key: str, description: str, jobs: int = 1, progress: bool = True,
                          checkpoint_dir: Path | None = None,
                          flop_class_indices: Sequence[int] | np.ndarray | None = None,
                          chunk_flops: int = CHUNK_FLOPS, classes: FlopClasses | None = None) -> SumsT:
    """``compute(flops, weights)`` over the given flop classes (default: all 1,755; ``classes``: another set of
    flop classes, e.g. with a seen dealer card's suit fixed), in chunks run in parallel (joblib threads; the numba
    kernels release the GIL), checkpointed, added as integers."""
    classes = flop_classes() if classes is None else classes
    indices = np.arange(len(classes)) if flop_class_indices is None else np.asarray(flop_class_indices)
    if len(np.unique(indices)) != len(indices):
        raise ValueError("a flop class is listed twice")
    chunks = [indices[start:start + chunk_flops] for start in range(0, len(indices), chunk_flops)]
    if checkpoint_dir is not None:
        checkpoint_dir = Path(checkpoint_dir)
        checkpoint_dir.mkdir(parents=True, exist_ok=True)

    def chunk(members: np.ndarray) -> SumsT:
        return compute(classes.cards[members], classes.weights[members])

    tasks = (delayed(checkpointed)(chunk, kind, key, members, checkpoint_dir) for members in chunks)
    parts = Parallel(n_jobs=jobs, prefer="threads", return_as="generator")(tasks)
    total = kind.zeros()
    for part in progress_bar(parts, total=len(chunks), enabled=progress, description=description):
        total = total + part
    return total


# --------------------------------------------------------------------------- results


def per_hole_values(class_sums: np.ndarray, class_sizes: np.ndarray = HAND_CLASS_SIZES) -> np.ndarray:
    """Class sums (first axis: the starting-hand classes, or other classes of hole pairs of ``class_sizes``)
    divided by the class sizes: the values per hole pair, equal within a class by suit symmetry, so the division
    is exact (checked).

    >>> per_hole_values(HAND_CLASS_SIZES[:, None] * np.array([[3, -1]]))[:2].tolist()
    [[3, -1], [3, -1]]
    """
    sizes = np.maximum(class_sizes, 1).reshape(-1, *(1,) * (class_sums.ndim - 1))
    if (class_sums % sizes).any():
        raise ArithmeticError("class sums not divisible by class sizes: suit symmetry broken")
    return class_sums // sizes
