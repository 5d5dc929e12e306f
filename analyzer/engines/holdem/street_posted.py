"""A posted strategy card (:class:`analyzer.engines.holdem.posted.PostedStrategy`) played by the streets kernel: a
policy as data that the kernel consults.

The card decides at three points and names one bet at each: 4x before the flop, 2x on the flop, 1x on the river
(its rules: :mod:`analyzer.engines.holdem.policy`). Over streets (:func:`analyzer.engines.holdem.streets.as_streets`)
it is placed on the game's decision points as:

* before the flop, a choice per starting-hand class: the street's 4x bet for the card's raising hands, its check for
  the others;
* on the flop, the kernel's ``written`` rows: per (flop class representative, hole pair), the flop street's 2x bet
  when :func:`analyzer.engines.holdem.policy.flop_bets` says so, else its check;
* on the river, the card's river rule itself (:class:`analyzer.engines.holdem.streets.ImposedChoices`'s
  ``river_rule``), read by the kernel per board class: every hand of a class has the same seven-card rank, made
  part and dealer outs, so one hand of it decides for all (the tests compare it with the rule read hand by hand).

The game must offer what the card plays: a check and a 4x bet before the flop, a check and a 2x bet alone on the
flop, a fold (or check) and a 1x bet alone on the river, and no decision on the turn; anything else is a one-line
RulesError.

The run (:func:`posted_run`) is kept as the one-Play-bet results keep a posted card's
(:class:`analyzer.engines.holdem.posted.PostedRun`): the deals by Play multiple, dealer outcome and final line, each
board once. Counted with the turn and the river in order (``turn_and_river``), a game whose turn decides nothing plays
both orders of a board alike, and its counts are exactly twice those.

>>> from analyzer.engines.holdem.posted import CARD_WITH_DEALER_OUTS
>>> from analyzer.engines.holdem.streets import as_streets
>>> from analyzer.games.rules import load_game
>>> card = posted_streets(as_streets(load_game("uth")), CARD_WITH_DEALER_OUTS)
>>> card.preflop, card.flop, card.river
((0, 2), (0, 1), (0, 1))
>>> from analyzer.core.cards import parse_cards
>>> from analyzer.engines.holdem.enumeration import pair_index
>>> flop = np.array(sorted(parse_cards("2h 7h Kh")), dtype=np.int64)
>>> rows = card.flop_rows(flop)
>>> holes = ("Qh 3c", "9h 3c", "7c 3d", "2c 2d")   # a queen to the flush, a nine to it, a pair of 7s, trips
>>> [int(rows[0, pair_index(*parse_cards(hole))]) for hole in holes]   # 1: the flop street's bet 2x
[1, 0, 1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path

import numpy as np
from numba import njit

from analyzer.core.atomic import write_atomically
from analyzer.core.committed import committed_folder
from analyzer.engines.base import Run

from analyzer.engines.holdem.enumeration import HAND_CLASSES, HOLE_PAIRS, flop_rest
from analyzer.engines.holdem.features import flop_category
from analyzer.engines.holdem.policy import flop_bets
from analyzer.engines.cache import expect, integers, save_cached
from analyzer.engines.holdem.posted import (
    CARD_WITH_DEALER_OUTS,
    POSTED_SETTLEMENT_FILE,
    PostedRun,
    PostedStrategy,
    load_posted_counts,
    posted_csvs,
)
from analyzer.engines.holdem.street_game import (
    StreetAnalysis,
    check_sums,
    enumerate_strategies,
    game_plan,
    load_sums,
    save_sums,
    street_counts,
    written_analysis,
)
from analyzer.engines.holdem.sevens import FLUSH_RANK, STRAIGHT_TOP, evaluate_cards
from analyzer.engines.holdem.streets import ImposedChoices, StreetClassSums, StreetPlan, as_streets, street_levels
from analyzer.games.rules import GameRules, RulesError, Street

#: A posted card's run in a cache entry, beside the class sums (:func:`save_played`).
POSTED_CACHE_FILE = "posted_settlement.npz"
#: A one-Play-bet run's settlement: Play multiples 0 (fold) to 4, dealer outcomes, final lines.
SETTLEMENT_SHAPE = (5, 6, 10)
#: The card's bet at each of its decision points (pre-flop, flop, turn, river); None: it decides nothing there.
CARD_BETS = (4, 2, None, 1)
#: The decision points, as the messages name them.
POINTS = ("before the flop", "on the flop", "on the turn", "on the river")


@njit(cache=True, nogil=True)
def _flop_rows(policy, flop, rest, quiet, bet, rows):
    """``rows[0, h]``: ``bet`` or ``quiet`` for every hole pair h of the ``rest`` cards, as the policy's flop rule
    says (:func:`analyzer.engines.holdem.policy.flop_bets`)."""
    cards = np.empty(5, dtype=np.int64)
    cards[2:] = flop
    category = flop_category(flop)
    for q in range(rest.shape[0]):
        for p in range(q):
            x, y = rest[p], rest[q]
            cards[0], cards[1] = x, y
            rank = evaluate_cards(cards, STRAIGHT_TOP, FLUSH_RANK)
            rows[0, x + y * (y - 1) // 2] = bet if flop_bets(policy, 0, 0, x, y, flop, rank, category) else quiet


def _quiet_and_bet(rules: GameRules, level: int, street: Street | None) -> tuple[int, int]:
    """The street's indices of its check (or fold) and of the card's bet there, the two choices the card takes; a
    RulesError when the street does not offer them, or offers more (before the flop, other bets may be offered:
    the card never takes them)."""
    choices = street.choices if street is not None else ()
    quiet = [i for i, choice in enumerate(choices) if choice.action in ("check", "fold")]
    bets = [i for i, choice in enumerate(choices) if choice.action == "bet" and choice.multiple == CARD_BETS[level]]
    if len(quiet) != 1 or len(bets) != 1 or (level > 0 and len(choices) > 2):
        offered = ", ".join(choice.label for choice in choices) or "no decision"
        raise RulesError(f"{rules.source}: a posted card checks or bets {CARD_BETS[level]}x {POINTS[level]}; the "
                         f"game offers {offered}")
    return quiet[0], bets[0]


@dataclass(frozen=True)
class PostedStreets:
    """A posted card placed on a game's streets: the choice indices (check or fold, the bet) it takes before the
    flop, on the flop and on the river."""

    strategy: PostedStrategy
    preflop: tuple[int, int]
    flop: tuple[int, int]
    river: tuple[int, int]

    @property
    def title(self) -> str:
        return self.strategy.title

    def preflop_choices(self) -> np.ndarray:
        """The pre-flop street's choice index of each starting-hand class (HAND_CLASSES order)."""
        raises = self.strategy.raise_classes
        return np.array([self.preflop[1] if name in raises else self.preflop[0] for name in HAND_CLASSES],
                        dtype=np.int64)

    def flop_rows(self, flop: np.ndarray) -> np.ndarray:
        """The kernel's ``written`` rows for a sorted flop class representative: the flop choice of each hole pair
        (-1 for pairs meeting the flop) and no turn choices (rows of -1)."""
        rest = flop_rest(flop)[0]
        rows = np.full((1 + len(rest), HOLE_PAIRS), -1, dtype=np.int64)
        _flop_rows(self.strategy.policy().packed(), flop, rest, self.flop[0], self.flop[1], rows)
        return rows

    def imposed(self) -> ImposedChoices:
        """The flop rows and the river rule, as the kernel reads them."""
        return ImposedChoices(self.flop_rows, self.strategy.policy().packed())


def posted_choices(rules: GameRules) -> tuple[tuple[int, int], ...]:
    """The choice indices (check or fold, the bet) a posted card takes before the flop, on the flop and on the
    river of ``rules`` (over streets): a RulesError when the game does not offer what the card plays (see the
    module docstring)."""
    levels = street_levels(rules)
    for level, street in enumerate(levels):
        if CARD_BETS[level] is None and street is not None:
            raise RulesError(f"{rules.source}: a posted card decides nothing {POINTS[level]}; the game does")
    return tuple(_quiet_and_bet(rules, level, street) for level, street in enumerate(levels)
                 if CARD_BETS[level] is not None)


def takes_a_posted_card(rules: GameRules) -> bool:
    """Whether a posted card can be played on ``rules`` (over streets): it decides where the card does and offers
    its choices there."""
    try:
        posted_choices(rules)
    except RulesError:
        return False
    return True


def posted_streets(rules: GameRules, strategy: PostedStrategy) -> PostedStreets:
    """``strategy`` placed on the streets of ``rules`` (over streets): a RulesError when the game does not offer
    what the card plays (:func:`posted_choices`)."""
    preflop, flop, river = posted_choices(rules)
    return PostedStreets(strategy, preflop, flop, river)


def one_play_bet_settlement(analysis: StreetAnalysis) -> np.ndarray:
    """``settlement_by_hand[multiple, outcome, line]`` (5, 6, 10) of a game over streets whose turn decides nothing:
    its showdowns by raise multiple, its folds by outcome and line (every deal, less those at a showdown), each
    board once (counts of the turn and river in order halved, exactly: both orders of a board play alike)."""
    counts, plan = analysis.counts, analysis.plan
    if plan.streets[2] is not None or plan.stake.max() >= 5:
        raise ValueError("a game whose turn decides, or with a Play bet past 4x, has no one-Play-bet settlement")
    by_multiple = np.zeros((5, *counts.final_outcomes.T.shape), dtype=np.int64)
    for state in range(counts.showdown.shape[0]):
        by_multiple[plan.showdown_multiple(state)] += counts.showdown[state].T
    by_multiple[0] = counts.final_outcomes.T - by_multiple[1:].sum(axis=0)
    orders = plan.turn_river_orders
    if (by_multiple % orders).any() or (by_multiple < 0).any():
        raise ArithmeticError("the two orders of a board did not play alike")
    return by_multiple // orders


def game_card(rules: GameRules) -> PostedStreets | None:
    """The posted card analysed beside the optimal strategy of a game (over streets) that offers the card's choices
    (:func:`takes_a_posted_card`): the well-known card with the dealer-outs clause
    (:data:`analyzer.engines.holdem.posted.CARD_WITH_DEALER_OUTS`); None for any other game."""
    return posted_streets(rules, CARD_WITH_DEALER_OUTS) if takes_a_posted_card(rules) else None


@dataclass(frozen=True)
class PlayedSums:
    """A game's class sums under the optimal strategy and, for a game that takes a posted card, the card's run,
    enumerated in one pass (:func:`enumerate_played`) and cached together (:func:`save_played`)."""

    optimal: StreetClassSums
    posted: PostedRun | None


def enumerate_played(rules: GameRules, card: PostedStreets | None, run: Run,
                     flop_class_indices: Sequence[int] | None = None) -> PlayedSums:
    """The optimal strategy's class sums and the ``card``'s run (None: no card) over every flop class (or the given
    ones): one pass over the flops, each flop's boards classed once for both
    (:func:`analyzer.engines.holdem.street_game.enumerate_strategies`)."""
    if card is None:
        return PlayedSums(enumerate_strategies(rules, (None,), run.jobs, run.progress, flop_class_indices)[0], None)
    optimal, played = enumerate_strategies(rules, (None, card.imposed()), run.jobs, run.progress, flop_class_indices)
    plan, _, scale = game_plan(rules)
    analysis = StreetAnalysis(rules, street_counts(played, plan, scale, preflop=card.preflop_choices()))
    return PlayedSums(optimal, PostedRun(card.strategy, one_play_bet_settlement(analysis)))


def save_played(path: Path, played: PlayedSums) -> None:
    """Write the card's run (if any) beside the sums' file ``path`` (:data:`POSTED_CACHE_FILE`), then the sums
    (:func:`analyzer.engines.holdem.street_game.save_sums`, which mark a complete entry), each atomically."""
    if played.posted is not None:
        settlement = played.posted.settlement_by_hand
        save_cached(path.with_name(POSTED_CACHE_FILE), lambda temporary: np.savez_compressed(temporary,
                                                                                             settlement=settlement))
    save_sums(path, played.optimal)


def load_played(path: Path, plan: StreetPlan, card: PostedStreets | None) -> PlayedSums:
    """Read what :func:`save_played` wrote (a missing or damaged file: not there, or
    :class:`analyzer.engines.cache.DamagedEntry`)."""
    posted = None
    if card is not None:
        with np.load(path.with_name(POSTED_CACHE_FILE)) as arrays:
            posted = PostedRun(card.strategy, integers(dict(arrays), "settlement", *SETTLEMENT_SHAPE))
    return PlayedSums(load_sums(path, plan), posted)


def check_played(plan: StreetPlan, played: PlayedSums) -> None:
    """Sums as :func:`analyzer.engines.holdem.street_game.check_sums` wants them, and a card's run of deals that
    are not negative and add up to every deal of the sums (each board once)."""
    check_sums(plan, played.optimal)
    if played.posted is not None:
        settlement = played.posted.settlement_by_hand
        expect((settlement >= 0).all() and int(settlement.sum()) * 2 == int(played.optimal.final_outcomes.sum()),
               "a posted card's run of other deals than the sums'")


def committed_card_run(rules: GameRules, card: PostedStreets, run: Run) -> PostedRun:
    """The card's committed run of a shipped game (``enumerations/<game>_posted``, written by
    ``scripts/posted_run.py``), else its run enumerated (:func:`posted_run`)."""
    folder = committed_folder(rules.name, "posted")
    if (folder / POSTED_SETTLEMENT_FILE).is_file():
        return PostedRun(card.strategy, load_posted_counts(folder).settlement_by_hand)
    return posted_run(rules, card.strategy, run)


def posted_run(rules: GameRules, strategy: PostedStrategy, run: Run,
               flop_class_indices: Sequence[int] | None = None) -> PostedRun:
    """The card played on ``rules`` (a one-Play-bet game, or one over streets offering the card's choices) over
    every deal, or the given flop classes only (a reduced run)."""
    rules = as_streets(rules)
    analysis = written_analysis(rules, posted_streets(rules, strategy), run, flop_class_indices)
    return PostedRun(strategy, one_play_bet_settlement(analysis))


def write_posted_results(folder: Path, optimal_house_edge: Fraction, rules: GameRules, strategy: PostedStrategy,
                         run: Run) -> PostedRun:
    """Play the card over every deal of the shipped game ``rules`` and write its files
    (:data:`analyzer.engines.holdem.posted.POSTED_FILES`) into ``folder``, each atomically."""
    played = posted_run(rules, strategy, run)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in posted_csvs(played.settlement_by_hand, optimal_house_edge).items():
        data = text.encode("utf-8")
        write_atomically(folder / name, partial(Path.write_bytes, data=data))
    return played
