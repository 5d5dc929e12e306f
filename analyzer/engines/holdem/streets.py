"""Hold'em games played over streets, as their rules file describes them: exact values and counts.

A deal is the player's two hole cards, the flop (three cards), the turn, the
river and the dealer's two hole cards. The player may decide at four points,
by the community cards seen: before the flop (0), on the flop (3), on the
turn (4) and on the river (5); a game's ``[[streets]]`` say which points
decide (the others just deal on), what may be chosen there (fold, check,
bet k times the Ante), and whether the bets add up or the first one is the
only one (``play_once``). Every bet is the raise wager's; the showdown
settles each wager by the outcome and the player's final hand line
(:func:`showdown_nets`).

Method, per flop class representative F (weights add to 22,100), as in
:mod:`analyzer.engines.holdem.enumeration`, but with the turn and the river
dealt in order so that a decision on the turn can be valued:

1. Every unordered board {t, r} (1,176): its hole pairs fall into classes
   with the same dealer outcome counts and final line
   (:func:`analyzer.engines.holdem.board_classes.board_classes`, the dealer
   qualifying from a given rank). On the river the best choice of each
   state is taken per class, and each hole pair adds the class's values to
   its turn node, once with t as the turn and once with r.
2. On the turn, each (hole pair, turn card) takes its best choice per state;
   their sums give the flop node's values, where each hole pair takes its
   best choice; the values of the pre-flop choices are added, times the
   flop's weight, into the hole pair's starting-hand class (169), and the
   pre-flop decision is taken per class once every flop is in.
3. A second pass over the boards counts the deals reaching every showdown
   state (by final line and dealer outcome), every fold and every choice,
   for each pre-flop choice apart (the pre-flop decision is not known yet).

Values are sums of scaled net results over the deals below a node, so every
comparison is exact in integers; exact ties go to the smaller wager, or the
larger (``tie_break``). Counts are over the ordered cycle
C(52,2) * C(50,3) * 47 * 46 * C(45,2) (halved afterwards for a game that counts
the turn and river as a pair: :attr:`StreetPlan.turn_river_orders`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, make_dataclass, replace
import threading
from math import comb
from typing import NamedTuple

import numpy as np
from numba import njit

from analyzer.core.cards import DECK_SIZE
from analyzer.engines.exact_sums import SumBound, largest_net, raise_stakes
from analyzer.engines.holdem.board_classes import (
    MAX_CLASSES,
    RANK_PAIRS,
    TYPE_COUNT,
    board_classes,
    board_plus_one_by_type,
    board_rank,
    class_scratch,
    exposed_board_classes,
    seen_hand_board_classes,
    flop_rank_tables,
    type_cards,
)
from analyzer.engines.holdem.enumeration import (
    HAND_CLASS_COUNT,
    HAND_CLASS_OF,
    HOLE_PAIRS,
    FlopClassSums,
    deal_board,
    flop_rest,
)
from analyzer.engines.holdem.features import (
    DRAWS,
    FLOP_MADE_HANDS,
    MADE_PART_MODULI,
    OUTS_COUNT,
    RIVER_MADE_HANDS,
    dealer_outs,
    draw_code,
    flop_category,
    flop_made_code,
    made_part,
    river_made_code,
)
from analyzer.engines.holdem.policy import (
    OPTIMAL,
    RIVER_BY_VALUE,
    reads_dealer_outs,
    river_bets_given_outs,
    river_made_part,
)
from analyzer.engines.holdem.shape_tally import (
    BOARD_SHAPES,
    TALLY_WORDS,
    TYPINGS,
    add_gathered,
    add_shape,
    add_turn_shape,
    board_shape_of,
    cards_by_rank,
    clear_classes,
    rank_pair_cards,
)
from analyzer.engines.holdem.sevens import (
    FLUSH_RANK,
    LINE_COUNT,
    STRAIGHT_TOP,
    rank_line,
)
from analyzer.games.rules import GameRules, RulesError, Street, StreetChoice

#: Community cards seen at each decision point: pre-flop, flop, turn, river.
LEVELS = (0, 3, 4, 5)
LEVEL_NAMES = ("pre-flop", "flop", "turn", "river")
#: ``next`` of a fold, and of a choice that is not there.
FOLDS, NONE = -1, -2
#: The choice index of "play on" where a point does not decide (no street there, or the bet is made).
CONTINUE = -1
#: Dealer hands per board (45 cards left), turn cards per flop, river cards per turn.
DEALER_HANDS = comb(DECK_SIZE - 7, 2)
TURNS = DECK_SIZE - 5
RIVERS = DECK_SIZE - 6
#: Ordered deals per hole pair.
DEALS_PER_HOLE = comb(DECK_SIZE - 2, 3) * TURNS * RIVERS * DEALER_HANDS
CYCLE = HOLE_PAIRS * DEALS_PER_HOLE


@dataclass(frozen=True)
class StreetPlan:
    """The decision tree of a Hold'em game over streets, as arrays the kernel reads.

    Level k (0 pre-flop ... 3 river, 4 the showdown) has states: the
    choices made so far (indices into each deciding street's choices).
    ``allowed[k, s]``: how many actions state s has at level k;
    ``action[k, s, a]``: the street's choice index of its a-th action
    (CONTINUE: no decision), in rising order of size (fold, check, bet 1x ...)
    so that a strictly better value (``larger``: at least as good) moves
    the choice on; ``next[k, s, a]``: the state reached at level k + 1, or
    FOLDS; ``stake[k, s]``: the raise multiple state s has made;
    ``fold_value[k, s]``: the scaled net of a fold there (the initial wagers'
    ``on_fold``); ``turn_river_orders``: how many times the cycle counts a
    deal's unordered turn and river (2: in order, the kernel's own count; 1: as
    a pair, ``turn_and_river = "as a pair"``, where nothing decides between them).
    """

    streets: tuple[Street | None, ...]
    states: tuple[tuple[tuple[int, ...], ...], ...]
    allowed: np.ndarray
    action: np.ndarray
    next: np.ndarray
    stake: np.ndarray
    fold_value: np.ndarray
    larger: bool
    turn_river_orders: int

    def showdown_multiple(self, state: int) -> int:
        """The raise multiple of a showdown state."""
        return int(self.stake[4, state])


def street_levels(rules: GameRules) -> tuple[Street | None, ...]:
    """The street deciding at each of the four points (None where the cards are just dealt).

    A street decides when ``cards_before_streets`` plus the cards the earlier streets turned are seen.
    """
    deciding: list[Street | None] = [None] * len(LEVELS)
    seen = rules.cards_before_streets
    for street in rules.streets:
        if seen not in LEVELS or deciding[LEVELS.index(seen)] is not None:
            raise RulesError(f"{rules.source}: a Hold'em street decides with 0, 3, 4 or 5 community cards seen, "
                             f"not {seen} ({street.title})")
        deciding[LEVELS.index(seen)] = street
        seen += street.cards
    return tuple(deciding)


def as_streets(rules: GameRules) -> GameRules:
    """``rules`` written over streets: unchanged when they are; a ``[play]`` table of one Play bet at the
    decision points its options name (``when``: pre-flop, flop, turn, river) becomes one street per point
    (check, or fold at the last point when the game allows a fold, and the bets named there, "4x") with
    ``play_once``, the Play bet made at most once (Ultimate Texas Hold'em's reading).

    >>> from analyzer.games.rules import load_game
    >>> streets = as_streets(load_game("uth"))
    >>> [(s.title, s.cards, [c.label for c in s.choices]) for s in streets.streets], streets.play_once
    ([('pre-flop', 3, ['check', '3x', '4x']), ('flop', 2, ['check', '2x']), ('river', 0, ['fold', '1x'])], True)
    """
    if rules.streets:
        return rules
    if any(option.requires is not None for option in rules.play):
        raise RulesError(f"{rules.source}: a Hold'em Play option with a hand required is not read over streets")
    named = sorted({option.when for option in rules.play}, key=lambda when: LEVEL_NAMES.index(when)
                   if when in LEVEL_NAMES else -1)
    points = [point for point in named if point in LEVEL_NAMES]
    if len(points) < len(named):
        raise RulesError(f"{rules.source}: each Play option of a Hold'em game names its decision point (when = "
                         f"{', '.join(LEVEL_NAMES)}), not {named[0]!r}")
    levels = [LEVELS[LEVEL_NAMES.index(point)] for point in points]
    raise_wager = rules.raise_wager.name
    streets = []
    for number, (point, level) in enumerate(zip(points, levels, strict=True)):
        last = number == len(points) - 1
        quiet = StreetChoice("fold", 0, "fold") if last and rules.fold else StreetChoice("check", 0, "check")
        bets = sorted(option.multiple for option in rules.play if option.when == point)
        choices = (quiet, *(StreetChoice("bet", m, f"{m}x") for m in bets))
        cards = (levels[number + 1] if not last else rules.community_cards) - level
        streets.append(Street(point, cards, raise_wager, choices))
    return replace(rules, streets=tuple(streets), cards_before_streets=levels[0], play_once=True)


def street_plan(rules: GameRules, scale: int, fold_net: int) -> StreetPlan:
    """The plan of ``rules``' streets; ``fold_net``: the scaled net of a fold (every initial wager's
    ``on_fold``). A fold is offered only while no bet is made (a bet is never forfeited on a fold). The
    kernel sums in int64: a game whose sums over the cycle could pass 64 bits is refused here
    (:mod:`analyzer.engines.exact_sums`)."""
    streets = street_levels(rules)
    states: list[list[tuple[int, ...]]] = [[()]]
    stakes: list[list[int]] = [[0]]
    transitions = []
    for level, street in enumerate(streets):
        reached: list[tuple[int, ...]] = []
        reached_stake: list[int] = []
        moves = []
        for prefix, stake in zip(states[level], stakes[level], strict=True):
            choices = street.choices if street is not None and not (rules.play_once and stake > 0) else ()
            options = sorted(range(len(choices)), key=lambda i: choices[i].order) if choices else [CONTINUE]
            title = street.title if street is not None else LEVEL_NAMES[level]
            row = []
            for index in options:
                choice = choices[index] if index != CONTINUE else None
                if choice is not None and choice.action == "fold":
                    if stake:
                        raise RulesError(f"{rules.source}: {title}: a fold after a bet is not supported "
                                         "(the bet would be forfeited)")
                    row.append((index, FOLDS))
                    continue
                if choice is not None and choice.action not in ("check", "bet"):
                    raise RulesError(f"{rules.source}: {title}: a Hold'em street offers fold, check or bet, "
                                     f"not {choice.action}")
                key = prefix + ((index,) if street is not None else ())
                if key not in reached:
                    reached.append(key)
                    reached_stake.append(stake + (choice.multiple if choice is not None else 0))
                row.append((index, reached.index(key)))
            moves.append(row)
        states.append(reached)
        stakes.append(reached_stake)
        transitions.append(moves)
    width = max(len(level) for level in states)
    actions = max(len(row) for moves in transitions for row in moves)
    allowed = np.zeros((len(LEVELS), width), dtype=np.int64)
    action = np.full((len(LEVELS), width, actions), CONTINUE, dtype=np.int64)
    following = np.full((len(LEVELS), width, actions), NONE, dtype=np.int64)
    for level, moves in enumerate(transitions):
        for state, row in enumerate(moves):
            allowed[level, state] = len(row)
            for position, (index, target) in enumerate(row):
                action[level, state, position] = index
                following[level, state, position] = target
    stake_table = np.zeros((len(LEVELS) + 1, width), dtype=np.int64)
    for level, values in enumerate(stakes):
        stake_table[level, :len(values)] = values
    largest = largest_net(raise_stakes(rules, int(stake_table.max())), scale)
    SumBound.of(CYCLE, largest).require_int64(rules, "the Hold'em streets kernel")
    fold_value = np.full((len(LEVELS), width), fold_net, dtype=np.int64)
    turn = streets[LEVEL_NAMES.index("turn")]
    if rules.turn_and_river == "as a pair" and turn is not None:
        raise RulesError(f"{rules.source}: turn_and_river = \"as a pair\" is for a game that decides nothing between "
                         f"the turn and the river; {turn.title} decides there")
    return StreetPlan(streets, tuple(tuple(level) for level in states), allowed, action, following, stake_table,
                      fold_value, rules.tie_break == "larger", 1 if rules.turn_and_river == "as a pair" else 2)


# --------------------------------------------------------------------------- the kernel


@njit(cache=True, nogil=True, inline="always")
def best_action(values, count, larger):
    """Index of the best of ``values[:count]`` (in rising order of wager): strictly better moves on, or at
    least as good with ``larger``."""
    best = 0
    for a in range(1, count):
        if values[a] > values[best] or (larger and values[a] == values[best]):
            best = a
    return best


@njit(cache=True, nogil=True, inline="always")
def _node_choice(allowed, following, fold_value, larger, level, state, deals, values, trial):
    """The best action's position at one decision node: ``trial[a]`` the value of action a, a fold's scaled net
    times the node's ``deals``, or ``values[next state]`` (the states' sums below the node)."""
    count = allowed[level, state]
    for a in range(count):
        target = following[level, state, a]
        trial[a] = fold_value[level, state] * deals if target == FOLDS else values[target]
    return best_action(trial, count, larger)


@njit(cache=True, nogil=True, inline="always")
def _written_position(action, level, state, choice):
    """The position of the street's choice ``choice`` among the actions of a node (0 when it is not offered
    there: a state that does not decide)."""
    for a in range(action.shape[2]):
        if action[level, state, a] == choice:
            return a
    return 0


@njit(cache=True, nogil=True, inline="always")
def showdown_value(outcomes, line, nets, multiple):
    """Scaled net summed over the dealer hands of one (hole pair, board) ending at a showdown of ``multiple``."""
    total = 0
    for o in range(6):
        total += outcomes[o] * (nets[line, o, 0] + multiple * nets[line, o, 1])
    return total


@njit(cache=True, nogil=True, inline="always")
def river_trials(allowed, following, stake, fold_value, state, outcomes, line, nets, dealer_hands, trial):
    """``trial[a]``: the value of each action a at river state ``state`` for one board's dealer ``outcomes`` and
    the player's final ``line`` (a fold: its scaled net times the ``dealer_hands``); returns how many actions."""
    n = allowed[3, state]
    for a in range(n):
        target = following[3, state, a]
        trial[a] = fold_value[3, state] * dealer_hands if target == FOLDS else \
            showdown_value(outcomes, line, nets, stake[4, target])
    return n


#: How :func:`_river_choices` takes a river state: its choice per class (CHOSEN), or its choice and that action's
#: value (PRICED, which the turn's values read).
CHOSEN, PRICED = 1, 2


@njit(cache=True, nogil=True)
def _river_choices(count, ranks, outcomes, nets, allowed, action, following, stake, fold_value, larger,
                   values, choice, line_of, valued, dealer_hands, rule, board_made, outs):
    """Per board class c: ``line_of[c]``, its final line; and per river state s that ``valued[s]`` marks
    (:data:`CHOSEN` or :data:`PRICED`), ``choice[c, s]``, the position of the action taken: the best one, or, where
    the ``rule`` (a packed :class:`analyzer.engines.holdem.policy.Policy`) decides the river, its smallest action
    (fold or check) or its largest (the bet) as :func:`analyzer.engines.holdem.policy.river_bets_given_outs` says
    for one hand of the class (every hand of a class has the same rank, dealer outs and made part, ``board_made``:
    the board's, ``outs[c]``: the class's dealer outs, read when the rule counts them); and ``values[c, s]``, the value
    of that action, where the values choose it or the state is PRICED (a rule's choice at a CHOSEN state is
    taken without valuing the actions); ``dealer_hands``: the dealer hands beside each hand of a class (a fold's
    value is its scaled net times them)."""
    states = allowed.shape[1]
    by_rule = rule[RIVER_BY_VALUE] == 0
    trial = np.empty(following.shape[2], dtype=np.int64)
    for c in range(count):
        line = rank_line(ranks[c])
        line_of[c] = line
        for s in range(states):
            if valued[s] == 0:
                continue
            n = allowed[3, s]
            if by_rule and n > 1:
                bets = river_bets_given_outs(rule, 0, 0, ranks[c], board_made, outs[c])
                choice[c, s] = n - 1 if bets else 0
                if valued[s] == CHOSEN:
                    continue
            n = river_trials(allowed, following, stake, fold_value, s, outcomes[c], line, nets, dealer_hands, trial)
            if n == 0:
                continue
            if not (by_rule and n > 1):
                choice[c, s] = best_action(trial, n, larger)
            values[c, s] = trial[choice[c, s]]


@njit(cache=True, nogil=True)
def _class_of_types(count, first, second, table):
    """``table[t1, t2]``: the class of the hands with cards of types t1 and t2 (-1: no such hand is left)."""
    table[:] = -1
    for c in range(count):
        table[first[c], second[c]] = c
        table[second[c], first[c]] = c


@njit(cache=True, nogil=True)
def _river_board(flop, rest, i, j, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets, plan,
                 type_table, river_value, river_choice, line_of, valued, seen, dealer_hands, river_rule, situation,
                 memo):
    """Deal the board of flop, ``rest[i]`` and ``rest[j]``, work out its classes (``type_table``: the class of
    each pair of card types; the dealer's hands: every two of the cards left, the one ``seen`` card and one of
    them, or the two ``seen`` cards: the dealer's hole cards the player sees), their lines and, at the ``valued``
    states, their river choices and values (:func:`_river_choices`; ``river_rule``: the rule deciding the river,
    its work arrays and the flop's :func:`analyzer.engines.holdem.board_classes.flop_rank_tables` of five and six
    cards); when ``situation`` has rows, what a person sees there per class (:func:`_describe_river_classes`);
    returns the number of classes.
    ``memo`` (:class:`ClassMemo`): the classes recorded for a later pass over the flop, or replayed from an
    earlier one instead of classing the board again."""
    allowed, action, following, stake, fold_value, larger = plan
    deal_board(flop, rest, i, j, board, unseen)
    rule, five, six, sorted_six, card_six = river_rule
    by_rule = rule[RIVER_BY_VALUE] == 0
    described = situation.shape[0] > 0
    mode = memo.state[MEMO_MODE]
    turn, river = board[3] >> 2, board[4] >> 2
    if mode == REPLAY:
        count, rank_of_board = _replay_classes(memo, i, j, scratch)
    else:
        flush_suit = type_cards(board, unseen, scratch)
        ranks_here, order_here = plain[turn, river], pair_order[turn, river]
        if seen.shape[0] == 0:
            count = board_classes(unseen, flush_suit, ranks_here, order_here, flush_rank, qualify, scratch)
        elif seen.shape[0] == 1:
            count = exposed_board_classes(unseen, flush_suit, ranks_here, order_here, flush_rank, qualify, scratch,
                                          seen[0])
        else:
            count = seen_hand_board_classes(unseen, flush_suit, ranks_here, order_here, flush_rank, qualify,
                                            scratch, seen[0], seen[1])
        kept = mode == RECORD
        rank_of_board = board_rank(five[turn, river], scratch, flush_rank) if by_rule or described or kept else 0
        if kept or described or (by_rule and reads_dealer_outs(rule)):
            board_plus_one_by_type(unseen, six[turn, river], scratch, flush_rank, sorted_six, card_six)
            _count_class_outs(count, sorted_six, card_six, scratch)
        if kept:
            _record_classes(memo, i, j, count, rank_of_board, scratch)
    _class_of_types(count, scratch.class_first, scratch.class_second, type_table)
    board_made = river_made_part(rule, rank_of_board) if by_rule else 0
    _river_choices(count, scratch.class_ranks, scratch.class_outcomes, nets, allowed, action, following, stake,
                   fold_value, larger, river_value, river_choice, line_of, valued, dealer_hands, rule, board_made,
                   scratch.class_outs)
    if described:
        _describe_river_classes(count, rank_of_board, scratch, situation)
    return count


@njit(cache=True, nogil=True)
def _count_class_outs(count, sorted_six, card_six, scratch):
    """``scratch.class_outs[c]``: the dealer outs of every hand of each class c of a board (after
    :func:`analyzer.engines.holdem.board_classes.board_plus_one_by_type`), alike for all of them: the outs depend
    on the cards' types only."""
    type_card, first, second = scratch.type_card, scratch.class_first, scratch.class_second
    for c in range(count):
        scratch.class_outs[c] = dealer_outs(sorted_six, card_six, type_card[first[c]], type_card[second[c]],
                                            scratch.class_ranks[c])


@njit(cache=True, nogil=True)
def _describe_river_classes(count, rank_of_board, scratch, situation):
    """Per class c of a board (its dealer outs counted, :func:`_count_class_outs`), ``situation[c]`` = (made hand,
    dealer outs, hands of the class): the features a person sees on the river
    (:mod:`analyzer.engines.holdem.features`), alike for every hand of a class."""
    board_made = made_part(rank_of_board, MADE_PART_MODULI)
    ranks, multiplicity, outs = scratch.class_ranks, scratch.class_multiplicity, scratch.class_outs
    for c in range(count):
        situation[c, 0] = river_made_code(ranks[c], board_made, MADE_PART_MODULI)
        situation[c, 1] = outs[c]
        situation[c, 2] = multiplicity[c]


# --------------------------------------------------------------------------- classes kept for a second pass

#: The most board groups of one flop: a shape per rank pair of the turn and the river.
GROUPS = RANK_PAIRS * BOARD_SHAPES

#: :class:`ClassMemo` modes: off, recording the classes of each board classed, replaying them.
MEMO_OFF, RECORD, REPLAY = 0, 1, 2
#: Positions in ``ClassMemo.state``: the mode, the groups recorded or replayed so far, the groups recorded.
MEMO_MODE, MEMO_CURSOR, MEMO_GROUPS = 0, 1, 2


class ClassMemo(NamedTuple):
    """The board classes of one flop, recorded as a pass over it classes its boards and replayed by the next pass
    over the same flop and cards out of the deck (a second strategy played on the same deals), which then classes
    no board: per board classed, in order, its positions in the cards left (checked on replay), its rank and the
    rows of its classes (card types, rank, hands, dealer outcomes, dealer outs). ``state``: (mode, cursor, groups
    recorded); ``flop``: the flop, and the masks of the seen and the dead cards, recorded (checked on replay).
    Made by :func:`class_memo`; its mode is set by the caller between the passes (:data:`MEMO_OFF`: neither)."""

    state: np.ndarray
    flop: np.ndarray
    board: np.ndarray
    first_row: np.ndarray
    board_rank: np.ndarray
    pairs: np.ndarray
    ranks: np.ndarray
    multiplicity: np.ndarray
    outcomes: np.ndarray
    outs: np.ndarray


@njit(cache=True, nogil=True)
def class_memo(used):
    """A :class:`ClassMemo` for every board group of a flop (``used``), else an empty one, always off."""
    groups = GROUPS if used else 0
    rows = groups * MAX_CLASSES
    return ClassMemo(np.zeros(3, dtype=np.int64), np.full(5, -1, dtype=np.int64), np.zeros((groups, 2), np.int64),
                     np.zeros(groups + 1, dtype=np.int64), np.zeros(groups, dtype=np.int64),
                     np.zeros((rows, 2), dtype=np.int64), np.zeros(rows, dtype=np.int64),
                     np.zeros(rows, dtype=np.int64), np.zeros((rows, 6), dtype=np.int64),
                     np.zeros(rows, dtype=np.int64))


@njit(cache=True, nogil=True)
def _start_memo(memo, flop, seen, dead):
    """Start a pass over ``flop`` (with the dealer cards ``seen`` and the ``dead`` cards out of the deck):
    recording, remember them; replaying, refuse another flop or other cards out than those recorded (a
    ValueError)."""
    mode = memo.state[MEMO_MODE]
    memo.state[MEMO_CURSOR] = 0
    out = np.array([card_mask(seen), card_mask(dead)], dtype=np.int64)
    if mode == RECORD:
        memo.flop[:3] = flop
        memo.flop[3:] = out
        memo.state[MEMO_GROUPS] = 0
    elif mode == REPLAY:
        for k in range(3):
            if memo.flop[k] != flop[k]:
                raise ValueError("a pass replays the classes of another flop than the one recorded")
        if memo.flop[3] != out[0] or memo.flop[4] != out[1]:
            raise ValueError("a pass replays the classes of other cards out of the deck than those recorded")


@njit(cache=True, nogil=True)
def card_mask(cards):
    """The bit mask of ``cards`` (bit c for card c).

    >>> card_mask(np.array([0, 51])) == 1 | 1 << 51
    True
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


@njit(cache=True, nogil=True)
def _record_classes(memo, i, j, count, rank_of_board, scratch):
    """Record the ``count`` classes of board {rest[i], rest[j]} (in ``scratch``) as the next group."""
    g = memo.state[MEMO_CURSOR]
    first = memo.first_row[g]
    memo.board[g, 0], memo.board[g, 1] = i, j
    memo.board_rank[g] = rank_of_board
    for c in range(count):
        row = first + c
        memo.pairs[row, 0], memo.pairs[row, 1] = scratch.class_first[c], scratch.class_second[c]
        memo.ranks[row] = scratch.class_ranks[c]
        memo.multiplicity[row] = scratch.class_multiplicity[c]
        memo.outs[row] = scratch.class_outs[c]
        for o in range(6):
            memo.outcomes[row, o] = scratch.class_outcomes[c, o]
    memo.first_row[g + 1] = first + count
    memo.state[MEMO_CURSOR] = g + 1
    memo.state[MEMO_GROUPS] = g + 1


@njit(cache=True, nogil=True)
def _replay_classes(memo, i, j, scratch):
    """The next recorded group's classes put back into ``scratch``: returns (their count, the board's rank); a
    ValueError when the board {rest[i], rest[j]} is not the one recorded there."""
    g = memo.state[MEMO_CURSOR]
    if g >= memo.state[MEMO_GROUPS] or memo.board[g, 0] != i or memo.board[g, 1] != j:
        raise ValueError("a pass replays the classes of another board than the one recorded")
    first, last = memo.first_row[g], memo.first_row[g + 1]
    for row in range(first, last):
        c = row - first
        scratch.class_first[c], scratch.class_second[c] = memo.pairs[row, 0], memo.pairs[row, 1]
        scratch.class_ranks[c] = memo.ranks[row]
        scratch.class_multiplicity[c] = memo.multiplicity[row]
        scratch.class_outs[c] = memo.outs[row]
        for o in range(6):
            scratch.class_outcomes[c, o] = memo.outcomes[row, o]
    memo.state[MEMO_CURSOR] = g + 1
    return last - first, memo.board_rank[g]


class GroupWork(NamedTuple):
    """Work arrays of :func:`_group_boards` for one flop (:func:`_group_work`): per board shape
    (:data:`BOARD_SHAPES`) its class table by card types, classes' lines, dealer outcomes, river values and
    choices, flush suit, boards and boards holding each card (by position in the cards left); ``board_shape[i,
    j]``: the shape of board {rest[i], rest[j]} while its rank pair is taken (-1 otherwise); the cards' positions
    by rank (``of_rank[r]`` of them, ``by_rank[r, u]``); each card's type per shape; each shape's number of
    classes and its classes' two card types; when the river's situations are counted, each class's
    (:func:`_describe_river_classes`; no rows otherwise)."""

    shape_table: np.ndarray
    shape_line: np.ndarray
    shape_outcomes: np.ndarray
    shape_value: np.ndarray
    shape_choice: np.ndarray
    shape_suit: np.ndarray
    boards: np.ndarray
    with_card: np.ndarray
    board_shape: np.ndarray
    of_rank: np.ndarray
    by_rank: np.ndarray
    card_type: np.ndarray
    shape_count: np.ndarray
    shape_pair: np.ndarray
    shape_situation: np.ndarray


@njit(cache=True, nogil=True)
def _group_work(rest, classes, width, described):
    """The :class:`GroupWork` of one flop (``rest``: the cards left), for ``classes`` classes a shape at most and
    river states ``width``; ``described``: whether the river's situations are counted."""
    n = rest.shape[0]
    of_rank, by_rank = cards_by_rank(rest)
    return GroupWork(np.zeros((BOARD_SHAPES, TYPE_COUNT, TYPE_COUNT), dtype=np.int64),
                     np.zeros((BOARD_SHAPES, classes), dtype=np.int64),
                     np.zeros((BOARD_SHAPES, classes, 6), dtype=np.int64),
                     np.zeros((BOARD_SHAPES, classes, width), dtype=np.int64),
                     np.zeros((BOARD_SHAPES, classes, width), dtype=np.int64), np.zeros(BOARD_SHAPES, dtype=np.int64),
                     np.zeros(BOARD_SHAPES, dtype=np.int64), np.zeros((BOARD_SHAPES, n), dtype=np.int64),
                     np.full((n, n), -1, dtype=np.int64), of_rank, by_rank,
                     np.zeros((BOARD_SHAPES, DECK_SIZE), np.int64), np.zeros(BOARD_SHAPES, dtype=np.int64),
                     np.zeros((BOARD_SHAPES, classes, 2), dtype=np.int64),
                     np.zeros((BOARD_SHAPES, classes if described else 0, 3), dtype=np.int64))


@njit(cache=True, nogil=True)
def _group_boards(flop, rest, low, high, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets, plan,
                  seen, dealer_hands, valued, work, river_rule, memo, classify=True):
    """Class the boards of one flop whose two cards are of ranks ``low`` and ``high``, once per shape: their hands
    fall into the same classes, a hand's class given by its cards' types (rank, and whether of the flush suit),
    so one board of each shape is classed (:func:`_river_board`; with its river values and choices at the
    ``valued`` states), and the shape's boards and the boards holding each card are counted (``work``:
    :class:`GroupWork`; :func:`_ungroup` clears them; ``memo``: :class:`ClassMemo`). Without ``classify`` the boards
    are only counted and the cards typed (a pass whose classes were kept, :func:`_keep_groups`)."""
    (shape_table, shape_line, shape_outcomes, shape_value, shape_choice, shape_suit, boards, with_card, board_shape,
     of_rank, by_rank, card_type, shape_count, shape_pair, _) = work
    boards[:] = 0
    for u in range(of_rank[low]):
        for v in range(u + 1 if low == high else 0, of_rank[high]):
            i, j = by_rank[low, u], by_rank[high, v]
            shape, flush_suit = board_shape_of(flop, rest[i], rest[j])
            if boards[shape] == 0 and classify:
                count = _river_board(flop, rest, i, j, board, unseen, scratch, plain, pair_order, flush_rank, qualify,
                                     nets, plan, shape_table[shape], shape_value[shape], shape_choice[shape],
                                     shape_line[shape], valued, seen, dealer_hands, river_rule,
                                     work.shape_situation[shape], memo)
                shape_count[shape] = count
                outcomes, first, second = scratch.class_outcomes, scratch.class_first, scratch.class_second
                for c in range(count):
                    shape_pair[shape, c, 0] = first[c]
                    shape_pair[shape, c, 1] = second[c]
                    for o in range(6):
                        shape_outcomes[shape, c, o] = outcomes[c, o]
            if boards[shape] == 0:
                shape_suit[shape] = flush_suit
                for card in rest:
                    card_type[shape, card] = (card >> 2) + (13 if card & 3 == flush_suit else 0)
            boards[shape] += 1
            with_card[shape, i] += 1
            with_card[shape, j] += 1
            board_shape[i, j] = shape
            board_shape[j, i] = shape


@njit(cache=True, nogil=True, inline="always")
def _turn_partners(t, rest, shape_of, shape, partners, table, types, found_hole, found_class, found_times):
    """The hole pairs {rest[p], rest[q]} without the card ``rest[t]`` that a board shape's boards {rest[t], r}
    reach with r neither card, ``partners - [{t, p} is one] - [{t, q} is one]`` times (``partners``: the boards
    holding ``rest[t]``): their indices, classes (``table`` of ``types``) and times, returned how many."""
    found = 0
    for q in range(rest.shape[0] if partners else 0):
        if q == t:
            continue
        y = rest[q]
        base = y * (y - 1) // 2
        less_y = partners - (1 if shape_of[t, q] == shape else 0)
        for p in range(q):
            times = less_y - (1 if shape_of[t, p] == shape else 0)
            if p == t or times == 0:
                continue
            found_hole[found] = rest[p] + base
            found_class[found] = table[types[rest[p]], types[y]]
            found_times[found] = times
            found += 1
    return found


@njit(cache=True, nogil=True, inline="always")
def _shape_data(work, shape):
    """One board shape's class table, lines, dealer outcomes, river values and choices, card types and boards
    holding each card, from the work arrays of :func:`_group_boards`."""
    return (work.shape_table[shape], work.shape_line[shape], work.shape_outcomes[shape], work.shape_value[shape],
            work.shape_choice[shape], work.card_type[shape], work.with_card[shape])


@njit(cache=True, nogil=True)
def _ungroup(low, high, work):
    """Clear what :func:`_group_boards` counted for the rank pair ``low``, ``high``."""
    with_card, board_shape, of_rank, by_rank = work.with_card, work.board_shape, work.of_rank, work.by_rank
    with_card[:] = 0
    for u in range(of_rank[low]):
        for v in range(of_rank[high]):
            board_shape[by_rank[low, u], by_rank[high, v]] = -1
            board_shape[by_rank[high, v], by_rank[low, u]] = -1


@njit(cache=True, nogil=True)
def _settle_rivers(river_deals, allowed, action, following, taken, folds):
    """The deals of a flop reaching each river choice, ``river_deals[c, a0, s, line, k]`` (class c, pre-flop
    action a0, river state s, final line, choice k), counted in ``taken`` where the choice is a bet or a fold
    and in ``folds`` where it folds, and cleared for the next flop (no other cell is ever written). Summed per flop
    and settled once: added choice by choice as the hole pairs reached them, through a helper numba inlined, they
    cost a reference taken and dropped on each of four arrays per addition, about 15% of UTH's kernel time."""
    for c in range(river_deals.shape[0]):
        for a0 in range(river_deals.shape[1]):
            for s in range(river_deals.shape[2]):
                for line in range(LINE_COUNT):
                    for k in range(allowed[3, s]):
                        deals = river_deals[c, a0, s, line, k]
                        if deals == 0:
                            continue
                        river_deals[c, a0, s, line, k] = 0
                        if action[3, s, k] != CONTINUE:
                            taken[c, a0, 3, line, action[3, s, k]] += deals
                        if following[3, s, k] == FOLDS:
                            folds[c, a0, 3, s] += deals


@njit(cache=True, nogil=True, inline="always")
def _add_outcomes(row, times, outcomes, first_outcome):
    """``row[o] += times * outcomes[o]`` for the dealer outcomes from ``first_outcome`` on."""
    for o in range(first_outcome, 6):
        row[o] += times * outcomes[o]


#: A hole pair's dealer outcomes in pass 1 of :func:`street_flop`, summed per (river choice, final line) over the
#: boards, are packed three to a 63-bit word, 21 bits each, the six in two words: a flop has C(49, 2) = 1,176
#: boards of C(45, 2) = 990 dealer hands, 1,164,240 < 2**21 deals (:func:`_check_packing` makes sure; a hole pair
#: meets fewer, and a gathered row, :func:`analyzer.engines.holdem.shape_tally.add_shape`, no more), so adding a
#: class's words ``times`` over adds each outcome ``times`` over, no field spilling into the next.
OUTCOME_BITS = 21
OUTCOMES_PER_WORD = 3
assert OUTCOMES_PER_WORD * TALLY_WORDS == 6
_FIELD = (1 << OUTCOME_BITS) - 1


@njit(cache=True, nogil=True)
def _check_packing(boards, dealer_hands):
    """Refuse a deal whose packed tallies could spill: the deals over a flop's ``boards`` must stay under
    2**OUTCOME_BITS."""
    if boards * dealer_hands > _FIELD:
        raise ValueError("a flop's deals exceed a packed tally field")


@njit(cache=True, nogil=True)
def _pack_classes(count, pairs, lines, outcomes, choices, tallied, choice_width, pair_words):
    """Per class c of one board shape (``pairs[c]``: its two card types t1, t2), ``pair_words[t1, t2]`` and
    ``pair_words[t2, t1]``: the offsets of its cells in a hole pair's packed tally (:func:`_unpack_tally`), one per
    tallied river state (the class's choice there and its line; no state tallied: one cell per line), then its
    six dealer outcomes packed three to a word, the first in the highest bits (e.g. outcomes 0, 0, 0, 7, 0, 983:
    words 0 and ``7 << 42 | 983``)."""
    slots = pair_words.shape[2] - TALLY_WORDS
    for c in range(count):
        t1, t2 = pairs[c, 0], pairs[c, 1]
        for j in range(slots):
            k = choices[c, tallied[j]] if tallied.shape[0] > 0 else 0
            pair_words[t1, t2, j] = ((j * choice_width + k) * LINE_COUNT + lines[c]) * TALLY_WORDS
        for w in range(TALLY_WORDS):
            word = 0
            for f in range(OUTCOMES_PER_WORD):
                word = (word << OUTCOME_BITS) | outcomes[c, OUTCOMES_PER_WORD * w + f]
            pair_words[t1, t2, slots + w] = word
        pair_words[t2, t1] = pair_words[t1, t2]


@njit(cache=True, nogil=True)
def _unpack_tally(holes, packed, into):
    """``into[h, j, choice, line, o]``: twice each hole pair's packed tally (both orders of a board's two cards),
    unpacked (:func:`_pack_classes`)."""
    slots, width = into.shape[1], into.shape[2]
    for pair in range(holes.shape[0]):
        h = holes[pair, 2]
        for j in range(slots):
            for k in range(width):
                for line in range(LINE_COUNT):
                    at = ((j * width + k) * LINE_COUNT + line) * TALLY_WORDS
                    for w in range(TALLY_WORDS):
                        word = packed[h, at + w]
                        for f in range(OUTCOMES_PER_WORD):
                            shift = OUTCOME_BITS * (OUTCOMES_PER_WORD - 1 - f)
                            into[h, j, k, line, OUTCOMES_PER_WORD * w + f] = 2 * ((word >> shift) & _FIELD)


@njit(cache=True, nogil=True, inline="always")
def _river_net(fold_value, nets, stake, s, target, line, o):
    """The scaled net of one deal leaving river state s for ``target`` (a fold, or a showdown state) with the final
    ``line`` and dealer outcome o."""
    return fold_value[3, s] if target == FOLDS else nets[line, o, 0] + stake[4, target] * nets[line, o, 1]


@njit(cache=True, nogil=True)
def _tallied_values(holes, river_tally, tallied, following, stake, fold_value, nets, flop_total):
    """``flop_total[h, s]``, the value summed over the boards of each river state s that decides, from its tally
    (``river_tally[h, j]`` for the j-th of them, ``tallied``): per choice, line and outcome, a fold's scaled net
    or the showdown's, times the deals (what the choices' values per board add up to)."""
    for j in range(tallied.shape[0]):
        s = tallied[j]
        for pair in range(holes.shape[0]):
            h = holes[pair, 2]
            total = 0
            for k in range(river_tally.shape[2]):
                target = following[3, s, k]
                if target == NONE:
                    continue
                for line in range(LINE_COUNT):
                    for o in range(6):
                        deals = river_tally[h, j, k, line, o]
                        total += deals * _river_net(fold_value, nets, stake, s, target, line, o)
            flop_total[h, s] = total


@njit(cache=True, nogil=True)
def _keep_groups(work, kept, groups):
    """Keep the classes of the board shapes of the rank pair just grouped (:func:`_group_boards`): each one's
    class table by card types, and its classes' lines, dealer outcomes and river choices, after the ``groups``
    kept before (``kept``: tables, each group's first class row, lines, outcomes, choices; :func:`flop_work`);
    returns how many groups are kept now."""
    kept_table, kept_first, kept_line, kept_outcomes, kept_choice = kept
    shape_table, shape_line, shape_outcomes, shape_choice = (work.shape_table, work.shape_line, work.shape_outcomes,
                                                             work.shape_choice)
    boards, shape_count = work.boards, work.shape_count
    for shape in range(BOARD_SHAPES):
        if boards[shape] == 0:
            continue
        kept_table[groups] = shape_table[shape]
        first, count = kept_first[groups], shape_count[shape]
        for c in range(count):
            kept_line[first + c] = shape_line[shape, c]
            for o in range(6):
                kept_outcomes[first + c, o] = shape_outcomes[shape, c, o]
            for s in range(kept_choice.shape[1]):
                kept_choice[first + c, s] = shape_choice[shape, c, s]
        kept_first[groups + 1] = first + count
        groups += 1
    return groups


@njit(cache=True, nogil=True, inline="always")
def _kept_group(kept, group):
    """The class table, lines, dealer outcomes and river choices of the ``group``-th group kept
    (:func:`_keep_groups`)."""
    kept_table, kept_first, kept_line, kept_outcomes, kept_choice = kept
    first, last = kept_first[group], kept_first[group + 1]
    return kept_table[group], kept_line[first:last], kept_outcomes[first:last], kept_choice[first:last]


@njit(cache=True, nogil=True)
def _add_river_situations(allowed, river_states, count, situation, choices, times, river_situations):
    """``river_situations[s, made hand, dealer outs, choice] += hands * times`` for the ``count`` classes of a
    board shape (``situation[c]``: :func:`_describe_river_classes`), at each river state s that decides."""
    for c in range(count):
        made, outs, hands = situation[c, 0], situation[c, 1], situation[c, 2]
        for s in range(river_states):
            if allowed[3, s] > 1:
                river_situations[s, made, outs, choices[c, s]] += hands * times


@njit(cache=True, nogil=True)
def _group_values(flop, rest, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets, plan, seen,
                  dealer_hands, first_outcome, turn_decides, per_board, river_states, turn_outcomes, turn_sums,
                  kept, tallied, packed_tally, river_rule, weight, river_situations, memo, line_group, turn_gathered,
                  turn_typings):
    """Pass 1 of :func:`street_flop`, the boards taken by rank pair and shape (:func:`_group_boards`): every
    board's dealer outcomes by hole pair and final line, and the values of the river states that decide.

    A hole pair {x, y} takes a shape's class values once per board holding neither card, ``boards - with[x] -
    with[y] + [{x, y} is such a board]`` times (twice: both orders of the turn and the river), its dealer outcomes
    packed (:func:`_pack_classes`) into ``packed_tally`` (a row per hole pair; gathered per class,
    :mod:`analyzer.engines.holdem.shape_tally`) when the turn does not decide alone, by final line and, where river
    states decide (``tallied``), by the choice taken at each of them (:func:`_unpack_tally` reads it out; the river
    states are valued from it, :func:`_tallied_values`); as the turn card t, once per board {t, r} with r neither x
    nor y, ``with[t] - [{t, x} is one] - [{t, y} is one]`` times, into ``turn_outcomes[t, h, group, o -
    first_outcome]`` (by the final line's group, ``line_group``; it has rows when the turn decides and no river
    state does: gathered per class and turn card and handed out once, ``turn_gathered`` and ``turn_typings``,
    :func:`analyzer.engines.holdem.shape_tally.add_turn_shape`) or ``turn_sums`` (the turn and some river state
    decide). Equal to the sums over every board, which the tests
    compare with a plain loop. When the turn and a river state decide, the groups' classes are kept for pass 2
    (``kept`` has rows, :func:`_keep_groups`). When ``river_situations`` has rows, every (hole pair, board) of
    the flop is added, ``weight`` times, to ``river_situations[s, made hand, dealer outs, choice]`` at each river
    state s that decides (:func:`_describe_river_classes`), whether or not the play reaches s."""
    n = rest.shape[0]
    valued = per_board.any()
    # the river states valued per board: those that decide, and every one when the turn decides too (its
    # values sum them all)
    valued_states = np.zeros(plan[0].shape[1], dtype=np.int8)
    for s in range(river_states if valued else 0):
        valued_states[s] = PRICED if turn_decides else CHOSEN if per_board[s] else 0
    by_turn = turn_outcomes.shape[0] > 0
    work = _group_work(rest, scratch.class_ranks.shape[0], plan[0].shape[1], river_situations.shape[0] > 0)
    boards, shape_of = work.boards, work.board_shape
    found_hole = np.zeros(HOLE_PAIRS, dtype=np.int64)
    found_class = np.zeros(HOLE_PAIRS, dtype=np.int64)
    found_times = np.zeros(HOLE_PAIRS, dtype=np.int64)
    slots = max(1, tallied.shape[0])
    pair_words = np.zeros((TYPE_COUNT, TYPE_COUNT, slots + TALLY_WORDS), dtype=np.int64)
    choice_width = _river_width(plan[0])
    # the boards' terms of the tally by card types, per flush suit of the shapes (shape_tally.add_shape)
    gathered = np.zeros((TYPINGS if packed_tally.shape[1] > 0 else 0, TYPE_COUNT, TYPE_COUNT,
                         packed_tally.shape[1]), dtype=np.int64)
    used = np.zeros(TYPINGS, dtype=np.bool_)
    members = np.empty(8, dtype=np.int64)
    groups = 0
    for low in range(13):
        for high in range(low, 13):
            held = rank_pair_cards(work.of_rank, work.by_rank, low, high, members)
            _group_boards(flop, rest, low, high, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets,
                          plan, seen, dealer_hands, valued_states, work, river_rule, memo)
            if kept[0].shape[0] > 0:
                groups = _keep_groups(work, kept, groups)
            for shape in range(BOARD_SHAPES if by_turn else 0):  # the rank pair's cards, each as the turn card
                if boards[shape] > 0:
                    table, lines, outcomes, _, _, types, with_shape = _shape_data(work, shape)
                    add_turn_shape(rest, with_shape, shape_of, shape, work.shape_suit[shape] + 1, table, types, lines,
                                   outcomes, work.shape_count[shape], work.shape_pair[shape], members[:held],
                                   line_group, first_outcome, turn_gathered, turn_typings, turn_outcomes)
            for shape in range(0 if by_turn else BOARD_SHAPES):
                if boards[shape] == 0:
                    continue
                table, lines, outcomes, values, choices, types, with_shape = _shape_data(work, shape)
                for t in range(n if turn_decides and valued else 0):
                    found = _turn_partners(t, rest, shape_of, shape, with_shape[t], table, types, found_hole,
                                           found_class, found_times)
                    for e in range(found):
                        for s in range(river_states):
                            turn_sums[t, found_hole[e], s] += found_times[e] * values[found_class[e], s]
                if river_situations.shape[0] > 0:
                    _add_river_situations(plan[0], river_states, work.shape_count[shape], work.shape_situation[shape],
                                          choices, weight * boards[shape], river_situations)
                if packed_tally.shape[1] > 0:
                    count, pairs = work.shape_count[shape], work.shape_pair[shape]
                    _pack_classes(count, pairs, lines, outcomes, choices, tallied, choice_width, pair_words)
                    suit = work.shape_suit[shape] + 1
                    used[suit] = True
                    for slot in range(slots):
                        add_shape(rest, boards[shape], with_shape, shape_of, shape, types, pair_words, count, pairs,
                                  members[:held], slot, gathered[suit], packed_tally)
                    clear_classes(count, pairs, pair_words)
            _ungroup(low, high, work)
    if packed_tally.shape[1] > 0:
        add_gathered(rest, gathered, used, packed_tally)
    for t in range(n if by_turn else 0):
        add_gathered(rest, turn_gathered[t].reshape(TYPINGS, TYPE_COUNT, TYPE_COUNT, -1), turn_typings[t],
                     turn_outcomes[t].reshape(HOLE_PAIRS, -1), t)
        for typing in range(TYPINGS):  # cleared for the next flop
            if turn_typings[t, typing]:
                turn_gathered[t, typing] = 0
                turn_typings[t, typing] = False


@njit(cache=True, nogil=True)
def _group_counts(flop, rest, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets, plan, seen,
                  dealer_hands, walk, flop_choice, turn_choice, kept, class_of, walked_boards, walked_showdown,
                  river_rule, memo):
    """Pass 2 of :func:`street_flop` where the turn and a river state decide, the boards taken by rank pair and
    shape as in :func:`_group_values`, with the classes pass 1 kept (``kept``, in the same order: no board is
    classed again): for each hole pair and pre-flop action to ``walk`` (the river state after each turn card's
    choice), by the hole pair's class (``class_of``): the boards reaching each river choice
    (``walked_boards[class, a0, s, line, choice]``) and the deals reaching each showdown
    (``walked_showdown[class, a0, s, line, o]``)."""
    allowed, following = plan[0], plan[2]
    n = rest.shape[0]
    roots = allowed[0, 0]
    work = _group_work(rest, scratch.class_ranks.shape[0], allowed.shape[1], False)
    boards, shape_of, of_rank, by_rank = work.boards, work.board_shape, work.of_rank, work.by_rank
    members = np.zeros(8, dtype=np.int64)
    # the hole pairs (positions p < q in ``rest``) with something to walk: often half of them or fewer
    walked = np.empty((n * (n - 1) // 2, 2), dtype=np.int64)
    pairs = 0
    for q in range(n):
        for p in range(q):
            if walk[rest[p] + rest[q] * (rest[q] - 1) // 2].any():
                walked[pairs, 0], walked[pairs, 1] = p, q
                pairs += 1
    group = 0
    for low in range(13):
        for high in range(low, 13):
            _group_boards(flop, rest, low, high, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets,
                          plan, seen, dealer_hands, np.zeros(allowed.shape[1], dtype=np.int8), work, river_rule,
                          memo, False)
            count = rank_pair_cards(of_rank, by_rank, low, high, members)
            for shape in range(BOARD_SHAPES):
                if boards[shape] == 0:
                    continue
                table, lines, outcomes, choices = _kept_group(kept, group)
                group += 1
                types, with_shape = work.card_type[shape], work.with_card[shape]
                for e in range(pairs):
                    p, q = walked[e, 0], walked[e, 1]
                    h = rest[p] + rest[q] * (rest[q] - 1) // 2
                    hole_class = class_of[h]
                    c = table[types[rest[p]], types[rest[q]]]
                    line = lines[c]
                    for a0 in range(roots):
                        if walk[h, a0] == 0:
                            continue
                        after = following[1, following[0, 0, a0], flop_choice[h, following[0, 0, a0]]]
                        for m in range(count):
                            t = members[m]
                            times = with_shape[t] - (1 if shape_of[t, p] == shape else 0) \
                                - (1 if shape_of[t, q] == shape else 0)
                            if t == p or t == q or times == 0:
                                continue
                            s = following[2, after, turn_choice[t, h, after]]
                            if s == FOLDS:
                                continue
                            k = choices[c, s]
                            walked_boards[hole_class, a0, s, line, k] += times
                            final = following[3, s, k]
                            if final != FOLDS:
                                _add_outcomes(walked_showdown[hole_class, a0, final, line], times, outcomes[c], 0)
            _ungroup(low, high, work)


@njit(cache=True, nogil=True, inline="always")
def _turn_card_values(outcomes, by_state, values):
    """``values[s] = sum over (group, o) of outcomes[group, o] * by_state[s, group, o]``: the values of the river
    states that do not decide for one hole pair and turn card, from its dealer outcomes summed over the river cards
    (``by_state``: :func:`_linear_by_group`; each state's total kept in a register, written once)."""
    for s in range(by_state.shape[0]):
        total = 0
        for group in range(outcomes.shape[0]):
            for o in range(outcomes.shape[1]):
                total += outcomes[group, o] * by_state[s, group, o]
        values[s] = total


@njit(cache=True, nogil=True)
def _linear_by_group(linear, group_line, first_outcome):
    """``linear[s, line, o]`` (the scaled net of a deal at a river state s that does not decide, by final line and
    dealer outcome) by line group instead, the first line of each group standing for it (``group_line``), and the
    outcomes from ``first_outcome``."""
    by_state = np.zeros((linear.shape[0], group_line.shape[0], 6 - first_outcome), dtype=np.int64)
    for s in range(linear.shape[0]):
        for group in range(group_line.shape[0]):
            for o in range(first_outcome, 6):
                by_state[s, group, o - first_outcome] = linear[s, group_line[group], o]
    return by_state


@njit(cache=True, nogil=True)
def _turn_decisions(rest, holes, plan, turn_deals, written, turn_outcomes, by_state, turn_sums, turn_choice,
                    flop_sums):
    """Each hole pair's (``holes``: x, y, h) choice at each turn state, per turn card ``rest[i]`` it does not hold:
    ``turn_choice[i, h, s]`` (the values' best, or the ``written`` strategy's), and ``flop_sums[h, s]``, the chosen
    values summed over the turn cards. The values are ``turn_sums[i, h]``, set here, when the outcomes are kept
    per turn card (``turn_outcomes`` has rows), to the sums of the river states that do not decide
    (:func:`_turn_card_values`). Every cell of ``turn_choice`` read afterwards is written here first. Apart from
    :func:`street_flop`: a small function's loops keep their variables in registers."""
    allowed, action, following, _, fold_value, larger = plan
    by_turn = turn_outcomes.shape[0] > 0
    trial = np.empty(action.shape[2], dtype=np.int64)
    for i in range(rest.shape[0]):  # the per-turn-card arrays read in order
        for pair in range(holes.shape[0]):
            x, y, h = holes[pair, 0], holes[pair, 1], holes[pair, 2]
            if rest[i] == x or rest[i] == y:
                continue
            values = turn_sums[i, h]
            if by_turn:
                _turn_card_values(turn_outcomes[i, h], by_state, values)
            for s in range(allowed.shape[1]):
                if allowed[2, s] == 0:
                    continue
                best = _node_choice(allowed, following, fold_value, larger, 2, s, turn_deals, values, trial)
                if written.shape[0] > 0:
                    best = _written_position(action, 2, s, written[1 + i, h])
                turn_choice[i, h, s] = best
                flop_sums[h, s] += trial[best]


@njit(cache=True, nogil=True)
def _dealer_hands(left, seen):
    """The dealer's hands per board when ``left`` cards are left after the hole pair and the board and the player
    sees ``seen`` of the dealer's two hole cards: every two of them, the seen card and one of them, or one hand.

    >>> _dealer_hands(45, 0), _dealer_hands(44, 1), _dealer_hands(43, 2)
    (990, 44, 1)
    """
    if seen == 0:
        return left * (left - 1) // 2
    return left if seen == 1 else 1


@njit(cache=True, nogil=True)
def _without(rest, local, card):
    """``rest`` and ``local`` (:func:`analyzer.engines.holdem.enumeration.flop_rest`) without ``card``."""
    kept = np.empty(rest.shape[0] - 1, dtype=np.int64)
    places = np.full(local.shape[0], -1, dtype=np.int64)
    m = 0
    for other in rest:
        if other != card:
            kept[m] = other
            places[other] = m
            m += 1
    return kept, places


@njit(cache=True, nogil=True, inline="always")
def _seen_rank(plain_rank, flop_masks, x, y, z, flush_rank):
    """The rank of the player's best five of the flop, hole cards x and y and (z >= 0) the turn card z:
    ``plain_rank``, the best non-flush rank of their ranks (the flop's :func:`flop_rank_tables` entry), or a
    flush (``flop_masks``: the flop's suit masks).

    Equal to ``evaluate_cards(...)`` of the same cards without its per-hand arrays."""
    best = plain_rank
    for suit in range(4):
        mask = flop_masks[suit]
        if x & 3 == suit:
            mask |= 1 << (x >> 2)
        if y & 3 == suit:
            mask |= 1 << (y >> 2)
        if z >= 0 and z & 3 == suit:
            mask |= 1 << (z >> 2)
        flush = flush_rank[mask]
        if flush > best:
            best = flush
    return best


@njit(cache=True, nogil=True)
def _hole_pairs(local):
    """The hole pairs the flop leaves (``local[card] < 0``: a flop card), one row each: (x, y, h) with x < y and
    ``h = x + y * (y - 1) // 2`` (1,176 rows for one flop, C(49, 2))."""
    rows = np.empty((DECK_SIZE * (DECK_SIZE - 1) // 2, 3), dtype=np.int64)
    count = 0
    for y in range(DECK_SIZE):
        if local[y] < 0:
            continue
        for x in range(y):
            if local[x] < 0:
                continue
            rows[count, 0] = x
            rows[count, 1] = y
            rows[count, 2] = x + y * (y - 1) // 2
            count += 1
    return rows[:count]


@njit(cache=True, nogil=True, inline="always")
def _first_outcome(qualify):
    """The first dealer outcome counted: without a qualifier the dealer always qualifies, so the three
    no-qualify outcomes never occur (nor are kept)."""
    return 3 if qualify <= 0 else 0


@njit(cache=True, nogil=True)
def _deciding_rivers(allowed, action):
    """How many river states a plan has, and which of them are valued board by board: those that decide (more
    than one action) or end otherwise than at a showdown."""
    width = allowed.shape[1]
    river_states = 0
    while river_states < width and allowed[3, river_states] > 0:
        river_states += 1
    per_board = np.zeros(river_states, dtype=np.bool_)
    for s in range(river_states):
        per_board[s] = allowed[3, s] > 1 or action[3, s, 0] != CONTINUE
    return river_states, per_board


@njit(cache=True, nogil=True)
def _tallied_rivers(allowed):
    """The river states that offer a choice: pass 1 tallies each hole pair's deals by the choice taken there
    (the river's choice is the class's, known as the board is classed), so that a path reaching one of them
    whatever the turn card needs no second pass."""
    states = np.zeros(allowed.shape[1], dtype=np.int64)
    count = 0
    for s in range(allowed.shape[1]):
        if allowed[3, s] > 1:
            states[count] = s
            count += 1
    return states[:count]


@njit(cache=True, nogil=True)
def _river_width(allowed):
    """The most choices a river state offers (at least one): the width of a tally's choices."""
    return max(1, allowed[3].max())


@njit(cache=True, nogil=True)
def flop_work(plan, qualify, classes, remembered=False, line_group=None):
    """The work arrays of :func:`street_flop` for one plan (as packed there) and qualifier, made once and used
    flop after flop: per turn card (up to 49) and hole pair, the values and choices of the turn states; per hole
    pair, the flop states' values and choices and the deals by final line and outcome; the dealer outcomes per
    turn card and hole pair (rows only when the turn decides and no river state does); the summed values when
    the turn does not decide; what pass 2 walks; when the turn and some river state decide, room for every
    board group's classes (:func:`_keep_groups`: at most :data:`GROUPS` groups of :data:`MAX_CLASSES` classes,
    of which only the pages used are ever touched), and pass 2's boards reaching each river choice and deals
    reaching each showdown, by hole pair class (of ``classes``); per hole pair, the deals by river choice, line
    and outcome at each river state that decides (:func:`_tallied_rivers`; none deciding: by line alone), and
    the same packed as pass 1 adds them (:func:`_pack_classes`; no columns when the turn decides and no river
    state does); the deals reaching each river choice by class (:func:`_settle_rivers`); the group of each final
    line and the first line of each group (``line_group``, :func:`line_groups`; none: a group per line), by which
    the dealer outcomes per turn card are kept; per turn card, those outcomes gathered by the flush typing of the
    board shapes and the two cards' types, and the typings met (rows only when the outcomes are kept per turn card:
    :func:`analyzer.engines.holdem.shape_tally.add_turn_shape`, cleared as they are handed out); and a
    :class:`ClassMemo` (``remembered``: with room for a flop's classes, for a second pass over each flop; else
    empty), off.

    Made per flop, these 10 to 20 MB cost a page fault per 4 KiB touched, a fifth of a flop's time."""
    allowed, action = plan[0], plan[1]
    width, roots = allowed.shape[1], allowed[0, 0]
    _, per_board = _deciding_rivers(allowed, action)
    turn_decides = allowed[2].max() > 1
    cards = DECK_SIZE - 3
    by_turn = turn_decides and not per_board.any()
    # pass 2 walks the boards only when the turn and some river state decide
    groups = GROUPS if turn_decides and per_board.any() else 0
    walked_classes = classes if groups else 0
    tallied = _tallied_rivers(allowed)
    if line_group is None:
        group_of = np.arange(LINE_COUNT, dtype=np.int64)
    else:
        group_of = line_group.copy()
    group_line = np.zeros(group_of.max() + 1, dtype=np.int64)
    for line in range(LINE_COUNT - 1, -1, -1):
        group_line[group_of[line]] = line
    kept = (np.zeros((groups, TYPE_COUNT, TYPE_COUNT), dtype=np.int64), np.zeros(groups + 1, dtype=np.int64),
            np.zeros(groups * MAX_CLASSES, dtype=np.int64), np.zeros((groups * MAX_CLASSES, 6), dtype=np.int64),
            np.zeros((groups * MAX_CLASSES, width), dtype=np.int64))
    return (np.zeros((cards, HOLE_PAIRS, width), dtype=np.int64), np.zeros((cards, HOLE_PAIRS, width), dtype=np.int8),
            np.zeros((HOLE_PAIRS, width), dtype=np.int64), np.zeros((HOLE_PAIRS, width), dtype=np.int64),
            np.zeros((HOLE_PAIRS, LINE_COUNT, 6), dtype=np.int64),
            # at most 46 x 990 = 45,540 deals per (turn card, hole pair), over all its cells: uint16, the narrower
            # the faster (this array is what the innermost loop is bound by)
            np.zeros((cards if by_turn else 0, HOLE_PAIRS, group_line.shape[0], 6 - _first_outcome(qualify)),
                     dtype=np.uint16),
            np.zeros((0 if turn_decides else HOLE_PAIRS, width), dtype=np.int64),
            np.zeros((HOLE_PAIRS, roots), dtype=np.int64), kept,
            np.zeros((walked_classes, roots, width, LINE_COUNT, action.shape[2]), dtype=np.int64),
            np.zeros((walked_classes, roots, width, LINE_COUNT, 6), dtype=np.int64),
            np.zeros((HOLE_PAIRS, max(1, tallied.shape[0]), _river_width(allowed), LINE_COUNT, 6), dtype=np.int64),
            np.zeros(0 if by_turn else HOLE_PAIRS * max(1, tallied.shape[0]) * _river_width(allowed) * LINE_COUNT
                     * TALLY_WORDS, dtype=np.int64),
            np.zeros((classes, roots, width, LINE_COUNT, action.shape[2]), dtype=np.int64), group_of, group_line,
            np.zeros((cards if by_turn else 0, TYPINGS, TYPE_COUNT, TYPE_COUNT, group_line.shape[0],
                      6 - _first_outcome(qualify)), dtype=np.uint16),
            np.zeros((cards if by_turn else 0, TYPINGS), dtype=np.bool_), class_memo(remembered))


@njit(cache=True, nogil=True)
def _add_flop_situation(allowed, choice, x, y, flop, rank, category, straight_top, weight, flop_situations):
    """``flop_situations[s, made hand, draw, choice[s]] += weight`` for hole cards x, y on ``flop`` (``rank``: of
    the five cards; ``category``: the flop's own, :func:`analyzer.engines.holdem.features.flop_category`) at each
    flop state s that decides (:func:`analyzer.engines.holdem.features.flop_made_code` and
    :func:`~analyzer.engines.holdem.features.draw_code`)."""
    made = flop_made_code(x, y, flop, rank, category)
    draw = draw_code(x, y, flop, rank, straight_top)
    for s in range(allowed.shape[1]):
        if allowed[1, s] > 1:
            flop_situations[s, made, draw, choice[s]] += weight


@njit(cache=True, nogil=True)
def street_flop(flop, weight, class_of, straight_top, flush_rank, qualify, nets, plan, written, rule, flop_choices,
                root_values, showdown, folds, taken, final_outcomes, flop_situations, river_situations, seen, dead,
                work):
    """Add one flop representative's results, times ``weight``, into the class arrays (``work``: the plan's
    :func:`flop_work`, cleared here).

    ``plan``: (allowed, action, next, stake, fold_value, larger) of :class:`StreetPlan`. Outputs, by
    starting-hand class c and pre-flop action a0 (position among the root's actions):
    ``root_values[c, a0]``: scaled values summed over the class's hole pairs and the deals below the flop;
    ``showdown[c, a0, s, line, o]``: deals ending at showdown state s; ``folds[c, a0, level, s]``: deals
    folding at a level and state; ``taken[c, a0, level, line, choice]``: deals taking a street's choice, by
    the line of the cards seen (the player's best five of them); ``final_outcomes[c, line, o]``: every deal
    by the final line and the dealer outcome, whatever the player decides. ``flop_choices[h, s]`` (when it
    has rows): the position of the action each hole pair h (``x + y * (y - 1) // 2``, x < y) takes at flop
    state s, the one the values pick (left as it is for pairs meeting the flop and states that do not decide).
    ``flop_situations[s, made hand, draw, choice]`` and ``river_situations[s, made hand, dealer outs, choice]``
    (when they have rows): every (hole pair, flop) and (hole pair, board) situation, ``weight`` times, by what a
    person sees (:mod:`analyzer.engines.holdem.features`) and the choice taken at each flop or river state s
    that decides, whether or not the play reaches s.

    ``written`` (rows, when a written strategy decides on the flop and the turn instead of the values): the
    street's choice index each hole pair h takes, ``written[0, h]`` on the flop and ``written[1 + i, h]`` on the
    turn with the turn card ``rest[i]`` (:func:`analyzer.engines.holdem.enumeration.flop_rest`); the values
    are still those of the choices taken, and a choice not offered at a state (no decision there) is passed by.
    ``rule``: a packed :class:`analyzer.engines.holdem.policy.Policy` whose river rule, when it is not by value,
    takes the river choices instead of the values (per board class, :func:`_river_choices`; no dealer card seen).

    ``seen``: the dealer's hole cards the player sees from the start (none, one or both), taken out of the deck,
    so that the dealer's hands per board are every two of the cards left (990), the seen card and one of them (44)
    or the two seen (1); ``dead``: other cards the player knows are out of the deck (colluders' hole cards). The
    class arrays then hold what follows for each hole pair with those cards known.

    The 1,176 boards are taken by the ranks of their two cards and their shape (:func:`_group_boards`): the
    boards of one group have the same classes, so one of them is classed (:func:`_river_board`) and a hole pair
    adds its class's values and outcomes once, times the boards of the group holding neither of its cards
    (:func:`_group_values`). A river state with no decision is worth a fixed net per (line, outcome), so its
    values come from outcome counts summed over the boards (per hole pair, or per hole pair and turn card when
    only the turn decides). A river state that decides has its choice per board class, so pass 1 tallies each
    hole pair's deals by that choice (``river_tally``); only where the river state depends on the turn card's
    choice does a second pass over the groups count the boards reaching each river choice under the decisions
    taken (:func:`_group_counts`).
    """
    allowed, action, following, stake, fold_value, larger = plan
    width = allowed.shape[1]
    roots = allowed[0, 0]
    river_states, per_board = _deciding_rivers(allowed, action)
    rest, local = flop_rest(flop)
    for card in seen:
        rest, local = _without(rest, local, card)
    for card in dead:
        rest, local = _without(rest, local, card)
    holes = _hole_pairs(local)
    n = rest.shape[0]
    dealer_hands = _dealer_hands(n - 4, seen.shape[0])
    turns, rivers = n - 2, n - 3
    scratch = class_scratch()
    tables = flop_rank_tables(flop, straight_top)
    plain, six, five, pair_order = tables
    flop_masks = np.zeros(4, dtype=np.int64)
    for card in flop:
        flop_masks[card & 3] |= 1 << (card >> 2)
    flop_kind = flop_category(flop)
    board = np.empty(5, dtype=np.int64)
    unseen = np.empty(n - 2, dtype=np.int64)
    river_rule = (rule, five, six, np.empty(n - 2, dtype=np.int64), np.full(DECK_SIZE, -1, dtype=np.int64))
    (turn_sums, turn_choice, flop_sums, flop_choice, local_final, turn_outcomes, flop_total, walk, kept,
     walked_boards, walked_showdown, river_tally, packed_tally, river_deals, line_group, group_line, turn_gathered,
     turn_typings, memo) = work
    _start_memo(memo, flop, seen, dead)
    _check_packing(n * (n - 1) // 2, dealer_hands)
    tallied = _tallied_rivers(allowed)
    tally_of = np.full(width, -1, dtype=np.int64)
    tally_of[tallied] = np.arange(tallied.shape[0])
    turn_decides = allowed[2].max() > 1
    turn_sums, turn_choice = turn_sums[:n], turn_choice[:n]
    if turn_decides and turn_outcomes.shape[0] == 0:  # else never added to (_turn_decisions sets them per turn card)
        turn_sums[:] = 0
    flop_sums[:] = 0
    flop_choice[:] = 0
    local_final[:] = 0
    flop_total[:] = 0
    walk[:] = 0
    packed_tally[:] = 0
    trial = np.empty(action.shape[2], dtype=np.int64)
    # A river state that does not decide is worth a fixed net per (line, outcome): ``linear[s]`` (its one action's:
    # a fold's scaled net, or the showdown's). Its values follow from outcome counts summed over boards, so only
    # where the turn and the river decide are river states valued board by board.
    linear = np.zeros((river_states, LINE_COUNT, 6), dtype=np.int64)
    for s in range(river_states):
        target = following[3, s, 0]
        for line in range(LINE_COUNT if allowed[3, s] == 1 else 0):
            for o in range(6):
                linear[s, line, o] = _river_net(fold_value, nets, stake, s, target, line, o)
    # When the turn decides and no river state does, a hole pair's showdowns after a turn card are its outcomes
    # summed over the river cards, kept per turn card by line group (``turn_outcomes`` has rows), and its turn
    # values follow from them; when the turn never decides, its values are summed per hole pair (``flop_total`` has rows).
    first_outcome = _first_outcome(qualify)
    by_state = _linear_by_group(linear, group_line, first_outcome)
    by_turn = turn_outcomes.shape[0] > 0
    turn_outcomes = turn_outcomes[:n if by_turn else 0]
    turn_outcomes[:] = 0
    # pass 1: values, river -> turn, and every deal by final line and dealer outcome
    _group_values(flop, rest, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets, plan, seen,
                  dealer_hands, first_outcome, turn_decides, per_board, river_states, turn_outcomes, turn_sums,
                  kept, tallied, packed_tally.reshape(HOLE_PAIRS, -1), river_rule, weight, river_situations, memo,
                  line_group, turn_gathered, turn_typings)
    # every deal, from the first tally (its cells of the flop's hole pairs are all set; the outcomes before
    # ``first_outcome`` never occur and stay zero)
    if not by_turn:
        _unpack_tally(holes, packed_tally.reshape(HOLE_PAIRS, -1), river_tally)
    for pair in range(holes.shape[0] if not by_turn else 0):
        h = holes[pair, 2]
        for k in range(river_tally.shape[2]):
            for line in range(LINE_COUNT):
                for o in range(6):
                    local_final[h, line, o] += river_tally[h, 0, k, line, o]
    # the values of the river states that do not decide, from the outcome counts (per turn card when the turn
    # decides: :func:`_turn_decisions`)
    if not turn_decides:
        _tallied_values(holes, river_tally, tallied, following, stake, fold_value, nets, flop_total)
    for pair in range(holes.shape[0] if not turn_decides else 0):
        h = holes[pair, 2]
        for s in range(river_states):
            if allowed[3, s] > 1:
                continue
            total = 0
            for line in range(LINE_COUNT):
                for o in range(first_outcome, 6):
                    total += local_final[h, line, o] * linear[s, line, o]
            flop_total[h, s] = total
    # the turn decisions, then the flop decisions and the pre-flop values
    turn_deals = rivers * dealer_hands
    flop_deals = turns * turn_deals
    if turn_decides:
        _turn_decisions(rest, holes, plan, turn_deals, written, turn_outcomes, by_state, turn_sums, turn_choice,
                        flop_sums)
    for pair in range(holes.shape[0]):
        x, y, h = holes[pair, 0], holes[pair, 1], holes[pair, 2]
        for s in range(width if not turn_decides else 0):  # no turn decision: the summed values
            if allowed[2, s] == 0:
                continue
            target = following[2, s, 0]
            flop_sums[h, s] = fold_value[2, s] * turn_deals * turns if target == FOLDS else flop_total[h, target]
        for s in range(width):
            if allowed[1, s] > 0:
                flop_choice[h, s] = _node_choice(allowed, following, fold_value, larger, 1, s, flop_deals,
                                                 flop_sums[h], trial)
                if written.shape[0] > 0:
                    flop_choice[h, s] = _written_position(action, 1, s, written[0, h])
                if flop_choices.shape[0] > 0 and allowed[1, s] > 1:
                    flop_choices[h, s] = flop_choice[h, s]
        if flop_situations.shape[0] > 0:
            _add_flop_situation(allowed, flop_choice[h], x, y, flop,
                                _seen_rank(five[x >> 2, y >> 2], flop_masks, x, y, -1, flush_rank), flop_kind,
                                straight_top, weight, flop_situations)
        c = class_of[h]
        five_line = -1
        for a0 in range(roots):
            target = following[0, 0, a0]
            if target == FOLDS:
                root_values[c, a0] += weight * fold_value[0, 0] * flop_deals
                continue
            chosen = flop_choice[h, target]
            after = following[1, target, chosen]
            root_values[c, a0] += weight * (fold_value[1, target] * flop_deals if after == FOLDS
                                            else flop_sums[h, after])
            # counts of the flop and turn decisions on the way to this root action
            if action[1, target, chosen] != CONTINUE:
                if five_line < 0:
                    five_line = rank_line(_seen_rank(five[x >> 2, y >> 2], flop_masks, x, y, -1, flush_rank))
                taken[c, a0, 1, five_line, action[1, target, chosen]] += weight * flop_deals
            if after == FOLDS:
                folds[c, a0, 1, target] += weight * flop_deals
                continue
            if allowed[2, after] < 2 and action[2, after, 0] == CONTINUE:  # the turn just deals: alike for every card
                if following[2, after, 0] == FOLDS:
                    folds[c, a0, 2, after] += weight * turn_deals * turns
                continue
            for i in range(n):
                if rest[i] == x or rest[i] == y:
                    continue
                k = turn_choice[i, h, after]
                if action[2, after, k] != CONTINUE:
                    z = rest[i]
                    six_line = rank_line(_seen_rank(six[x >> 2, y >> 2, z >> 2], flop_masks, x, y, z, flush_rank))
                    taken[c, a0, 2, six_line, action[2, after, k]] += weight * turn_deals
                if following[2, after, k] == FOLDS:
                    folds[c, a0, 2, after] += weight * turn_deals
    # the counts under the decisions. A path on which neither the turn nor the river decides ends in one showdown
    # state on every board: its counts are the hole pair's final outcomes; a path reaching a river state that
    # decides, the same whatever the turn card, takes pass 1's tally; only a path whose river state depends on
    # the turn card's choice is walked over the boards again (pass 2, :func:`_group_counts`).
    walked = False  # ``walk[h, a0]``: 1 when the river state depends on the turn card's choice
    # (a board's dealer outcomes, from the first counted, add up to its dealer hands: deals = dealer hands x boards)
    # one hole pair's outcomes over the turn cards: all of them, and by pre-flop action and the river state reached
    groups, kept_outcomes = turn_outcomes.shape[2], turn_outcomes.shape[3]
    every = np.zeros((groups, kept_outcomes), dtype=np.int64)
    reached = np.zeros((roots, width, groups, kept_outcomes), dtype=np.int64)
    turn_state = np.empty(roots, dtype=np.int64)
    for pair in range(holes.shape[0] if by_turn else 0):  # every deal, and the paths on which the turn decides
        x, y, h = holes[pair, 0], holes[pair, 1], holes[pair, 2]
        c = class_of[h]
        every[:] = 0
        reached[:] = 0
        for a0 in range(roots):  # the turn state each pre-flop action reaches where the turn decides, else -1
            target = following[0, 0, a0]
            after = FOLDS if target == FOLDS else following[1, target, flop_choice[h, target]]
            turn_state[a0] = -1 if after == FOLDS or allowed[2, after] < 2 else after
        for i in range(n):
            if rest[i] == x or rest[i] == y:
                continue
            row = turn_outcomes[i, h]
            for group in range(groups):
                for o in range(kept_outcomes):
                    every[group, o] += row[group, o]
            for a0 in range(roots):
                after = turn_state[a0]
                if after < 0:
                    continue
                s = following[2, after, turn_choice[i, h, after]]
                if s == FOLDS:
                    continue
                for group in range(groups):
                    for o in range(kept_outcomes):
                        reached[a0, s, group, o] += row[group, o]
        for group in range(groups):
            for o in range(kept_outcomes):
                local_final[h, group_line[group], first_outcome + o] += every[group, o]
        for a0 in range(roots):
            for s in range(width):
                final = following[3, s, 0]
                for group in range(groups):
                    line = group_line[group]
                    deals = 0
                    for o in range(kept_outcomes):
                        deals += reached[a0, s, group, o]
                        if final != FOLDS:
                            showdown[c, a0, final, line, first_outcome + o] += weight * reached[a0, s, group, o]
                    if deals > 0:
                        river_deals[c, a0, s, line, 0] += weight * deals
    for pair in range(holes.shape[0]):
        h = holes[pair, 2]
        c = class_of[h]
        for a0 in range(roots):
            target = following[0, 0, a0]
            if target == FOLDS:
                continue
            after = following[1, target, flop_choice[h, target]]
            if after == FOLDS or (allowed[2, after] > 1 and by_turn):
                continue
            if allowed[2, after] > 1:
                walk[h, a0] = 1
                walked = True
                continue
            s = following[2, after, 0]
            if s == FOLDS:
                continue
            if allowed[3, s] > 1:  # the river decides, the same state whatever the turn: its tally
                for k in range(allowed[3, s]):
                    final = following[3, s, k]
                    for line in range(LINE_COUNT):
                        deals = 0
                        for o in range(6):
                            deals += river_tally[h, tally_of[s], k, line, o]
                            if final != FOLDS:
                                showdown[c, a0, final, line, o] += weight * river_tally[h, tally_of[s], k, line, o]
                        river_deals[c, a0, s, line, k] += weight * deals
                continue
            final = following[3, s, 0]
            for line in range(LINE_COUNT):
                deals = 0
                for o in range(6):
                    deals += local_final[h, line, o]
                    if final != FOLDS:
                        showdown[c, a0, final, line, o] += weight * local_final[h, line, o]
                river_deals[c, a0, s, line, 0] += weight * deals
    if walked:
        walked_boards[:] = 0
        walked_showdown[:] = 0
        _group_counts(flop, rest, board, unseen, scratch, plain, pair_order, flush_rank, qualify, nets, plan, seen,
                      dealer_hands, walk, flop_choice, turn_choice, kept, class_of, walked_boards, walked_showdown,
                      river_rule, memo)
        for c in range(walked_boards.shape[0]):
            for a0 in range(roots):
                for s in range(width):
                    for line in range(LINE_COUNT):
                        for o in range(6):
                            showdown[c, a0, s, line, o] += weight * walked_showdown[c, a0, s, line, o]
                        for k in range(allowed[3, s]):
                            river_deals[c, a0, s, line, k] += (weight * dealer_hands
                                                               * walked_boards[c, a0, s, line, k])
    _settle_rivers(river_deals, allowed, action, following, taken, folds)
    for pair in range(holes.shape[0]):
        h = holes[pair, 2]
        c = class_of[h]
        for line in range(LINE_COUNT):
            for o in range(6):
                final_outcomes[c, line, o] += weight * local_final[h, line, o]


# --------------------------------------------------------------------------- sums over flop classes


def preflop_decides(plan: StreetPlan) -> bool:
    """Whether the plan's pre-flop point offers a choice (no in a game whose only pre-flop wager is compulsory and
    whose first choice is on the flop)."""
    return bool(plan.allowed[0, 0] > 1)


def flop_decides(plan: StreetPlan) -> bool:
    """Whether some flop state of the plan offers a choice."""
    return bool(plan.allowed[1].max() > 1)


#: :func:`street_flop`'s situation arrays when the situations are not counted (no rows).
NOT_COUNTED = np.zeros((0, 0, 0, 0), dtype=np.int64)


class StreetClassSums(FlopClassSums):
    """The class sums of a game over streets: the arrays :func:`street_sums_kind` makes a frozen dataclass of,
    with the shapes of one plan (and, when the flop decides, its rows of flop choices); ``SITUATIONS``: the
    names of its summed arrays that count situations (none when they are not counted)."""

    SITUATIONS: tuple[str, ...] = ()

    root_values: np.ndarray
    showdown: np.ndarray
    folds: np.ndarray
    taken: np.ndarray
    final_outcomes: np.ndarray


def street_sums_kind(plan: StreetPlan, classes: int = HAND_CLASS_COUNT, flop_choices: bool = True,
                     situations: bool = True) -> type[StreetClassSums]:
    """The class sums of one plan over ``classes`` classes of hole pairs (their shapes depend on its states and
    choices); when the flop decides (and ``flop_choices``), one row per flop class, ``flop_choice[h, s]``: the
    action position each hole pair takes at flop state s on the class representative (-1 where it does not
    decide or the pair meets the flop), which a player of single deals reads
    (:mod:`analyzer.engines.holdem.street_player`); with ``situations``, ``flop_situations[s, made hand, draw,
    choice]`` and ``river_situations[s, made hand, dealer outs, choice]`` (:func:`street_flop`)."""
    width, roots = plan.allowed.shape[1], int(plan.allowed[0, 0])
    choices = max((len(street.choices) for street in plan.streets if street is not None), default=1)
    shapes = {"root_values": (classes, roots),
              "showdown": (classes, roots, width, LINE_COUNT, 6),
              "folds": (classes, roots, len(LEVELS), width),
              "taken": (classes, roots, len(LEVELS), LINE_COUNT, choices),
              "final_outcomes": (classes, LINE_COUNT, 6)}
    # a street that never decides has no situations to count: no rows, and the kernel does no work for it
    deciding = [width if plan.allowed[level].max() > 1 else 0 for level in (1, 3)]
    described = {"flop_situations": (deciding[0], len(FLOP_MADE_HANDS), len(DRAWS), choices),
                 "river_situations": (deciding[1], len(RIVER_MADE_HANDS), OUTS_COUNT, choices)} if situations else {}
    shapes.update(described)
    rows = {"flop_choice": (HOLE_PAIRS, width)} if flop_choices and flop_decides(plan) else {}
    return make_dataclass("StreetSums", [(name, np.ndarray) for name in (*shapes, *rows)], bases=(StreetClassSums,),
                          frozen=True, eq=False, namespace={"SHAPES": shapes, "ROWS": rows, "ROW_DTYPE": np.int8,
                                                            "SITUATIONS": tuple(described)})


def joined_sums_kind(kinds: Sequence[type[StreetClassSums]]) -> type[FlopClassSums]:
    """Several kinds of class sums summed together over the same flop classes (strategies enumerated in one pass,
    :func:`strategies_class_sums`): the n-th kind's arrays named ``k<n>_<name>``; :func:`split_sums` takes them
    apart."""
    shapes = {f"k{n}_{name}": shape for n, kind in enumerate(kinds) for name, shape in kind.SHAPES.items()}
    rows = {f"k{n}_{name}": shape for n, kind in enumerate(kinds) for name, shape in kind.ROWS.items()}
    return make_dataclass("JoinedSums", [(name, np.ndarray) for name in (*shapes, *rows)], bases=(FlopClassSums,),
                          frozen=True, eq=False, namespace={"SHAPES": shapes, "ROWS": rows, "ROW_DTYPE": np.int8})


def join_sums(joined: type[FlopClassSums], parts: Sequence[StreetClassSums]) -> FlopClassSums:
    """Class sums of several kinds as one of their :func:`joined_sums_kind` ``joined``."""
    return joined(**{f"k{n}_{name}": getattr(sums, name) for n, sums in enumerate(parts)
                     for name in (*type(sums).SHAPES, *type(sums).ROWS)})


def split_sums(joined: FlopClassSums, kinds: Sequence[type[StreetClassSums]]) -> list[StreetClassSums]:
    """The class sums of each kind out of their :func:`joined_sums_kind`."""
    return [kind(**{name: getattr(joined, f"k{n}_{name}") for name in (*kind.SHAPES, *kind.ROWS)})
            for n, kind in enumerate(kinds)]


@dataclass(frozen=True)
class ImposedChoices:
    """What a strategy other than the optimal one imposes on the kernel (:func:`street_flop`): ``flop_rows``, its
    choices on the flop and the turn of one flop representative (the kernel's ``written`` rows, for example
    :meth:`analyzer.engines.holdem.street_strategy.WrittenStreets.flop_rows`), and ``river_rule``, a packed
    :class:`analyzer.engines.holdem.policy.Policy` whose river rule, unless it is by value, takes the river
    choices per board class."""

    flop_rows: Callable[[np.ndarray], np.ndarray]
    river_rule: tuple[int, ...] = OPTIMAL.packed()


@dataclass(frozen=True)
class KnownCards:
    """Cards the player knows are out of the deck from the start: ``seen``, the dealer's hole cards it sees
    (none, one or both), and ``dead``, other cards (colluding players' hole cards). False when there are none.

    >>> bool(KnownCards()), KnownCards(seen=(0,)).arrays()[0].tolist()
    (False, [0])
    """

    seen: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        cards = (*self.seen, *self.dead)
        if len(self.seen) > 2 or len(set(cards)) != len(cards) or not all(0 <= card < DECK_SIZE for card in cards):
            raise ValueError(f"cards known out of the deck: at most two dealer cards seen, distinct cards, not "
                             f"{self.seen} and {self.dead}")

    def __bool__(self) -> bool:
        return bool(self.seen or self.dead)

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The seen and the dead cards as the kernel takes them (int64 arrays, maybe empty)."""
        return np.array(self.seen, dtype=np.int64), np.array(self.dead, dtype=np.int64)


#: Each thread's :func:`flop_work` and what it was made for (:func:`thread_flop_work`).
_THREAD_WORK = threading.local()


def thread_flop_work(packed: tuple[np.ndarray | bool, ...], qualify: int, classes: int, remembered: bool,
                     line_group: np.ndarray) -> tuple:
    """:func:`flop_work` for the calling thread, made once per plan and kept for its next chunk of flops: making
    it touches 10 to 20 MB (about 24 ms, the time of one or two flop classes, and a chunk is 27), and
    :func:`street_flop` clears what it reads, as it does from one flop to the next."""
    key = (tuple(np.asarray(part).tobytes() for part in packed), qualify, classes, remembered, line_group.tobytes())
    held = getattr(_THREAD_WORK, "held", None)
    if held is None or held[0] != key:
        held = _THREAD_WORK.held = (key, flop_work(packed, qualify, classes, remembered, line_group))
    return held[1]


def line_groups(nets: np.ndarray, by_line: bool = True) -> np.ndarray:
    """The group of each final line by which :func:`street_flop` keeps the dealer outcomes per turn card: one per
    line (``by_line``), or one per set of lines the scaled ``nets`` settle alike (equal for every dealer outcome
    and stake), numbered by their first line. Grouped, the values, decisions and figures are the same and the
    counts by line are those of the groups, each counted at its first line: for runs that report no counts by line.

    >>> nets = np.zeros((LINE_COUNT, 6, 2), dtype=np.int64)
    >>> nets[:4, 5, 0] = 2                            # the four strongest lines pay more on a win
    >>> line_groups(nets, by_line=False).tolist(), line_groups(nets).tolist()[:3]
    ([0, 0, 0, 0, 1, 1, 1, 1, 1, 1], [0, 1, 2])
    """
    if by_line:
        return np.arange(LINE_COUNT, dtype=np.int64)
    first: dict[bytes, int] = {}
    return np.array([first.setdefault(nets[line].tobytes(), len(first)) for line in range(LINE_COUNT)], dtype=np.int64)


def street_class_sums(flops: np.ndarray, weights: np.ndarray, plan: StreetPlan, nets: np.ndarray,
                      qualify: int, known: KnownCards = KnownCards(), class_of: np.ndarray = HAND_CLASS_OF,
                      classes: int = HAND_CLASS_COUNT, imposed: ImposedChoices | None = None,
                      by_line: bool = True) -> StreetClassSums:
    """The class sums of the given flop representatives (each counted ``weights`` times): by starting-hand class
    (169), or, with cards ``known`` out of the deck, by ``class_of`` (a class per hole pair, ``classes`` of
    them, equal for pairs a relabelling of suits that fixes the known cards maps onto each other), without flop
    choices. ``imposed``: a strategy's choices instead of the values' (none with cards known). The optimal
    strategy's sums with no card known count the situations too (:func:`street_sums_kind`). ``by_line`` False:
    the counts by final line only up to the lines the game settles alike (:func:`line_groups`), for a run that
    reports its figures and no counts by line."""
    return strategies_class_sums(flops, weights, plan, nets, qualify, (imposed,), known, class_of, classes,
                                 by_line)[0]


def strategies_class_sums(flops: np.ndarray, weights: np.ndarray, plan: StreetPlan, nets: np.ndarray, qualify: int,
                          strategies: Sequence[ImposedChoices | None], known: KnownCards = KnownCards(),
                          class_of: np.ndarray = HAND_CLASS_OF, classes: int = HAND_CLASS_COUNT,
                          by_line: bool = True) -> list[StreetClassSums]:
    """:func:`street_class_sums` of several strategies on the same deals (None: the optimal one), in one pass over
    the flops: each flop's boards are classed once, by the first strategy's pass, and the others replay those
    classes (:class:`ClassMemo`), so a second strategy costs what its own choices and counts do."""
    if known and any(imposed is not None for imposed in strategies):
        raise ValueError("a strategy's imposed choices are played with no card known out of the deck")
    kinds = [street_sums_kind(plan, classes, flop_choices=not known, situations=not known and imposed is None)
             for imposed in strategies]
    seen, dead = known.arrays()
    all_sums = [kind.zeros() for kind in kinds]
    all_arrays = [[getattr(sums, name) for name in kind.SHAPES] + [NOT_COUNTED] * (2 - len(kind.SITUATIONS))
                  for kind, sums in zip(kinds, all_sums, strict=True)]
    packed = (plan.allowed, plan.action, plan.next, plan.stake, plan.fold_value, plan.larger)
    all_choices = [np.full((len(flops) if kind.ROWS else 0, HOLE_PAIRS, plan.allowed.shape[1]), -1, dtype=np.int8)
                   for kind in kinds]
    by_value = np.zeros((0, HOLE_PAIRS), dtype=np.int64)
    replayed = len(strategies) > 1
    work = thread_flop_work(packed, qualify, classes, replayed, line_groups(nets, by_line))
    memo_state = work[-1].state
    for k, (flop, weight) in enumerate(zip(np.ascontiguousarray(flops, dtype=np.int64), weights, strict=True)):
        for n, (imposed, kind, arrays, choices) in enumerate(zip(strategies, kinds, all_arrays, all_choices,
                                                                 strict=True)):
            memo_state[MEMO_MODE] = MEMO_OFF if not replayed else RECORD if n == 0 else REPLAY
            rows = by_value if imposed is None else imposed.flop_rows(flop)
            rule = OPTIMAL.packed() if imposed is None else imposed.river_rule
            street_flop(flop, int(weight), class_of, STRAIGHT_TOP, FLUSH_RANK, qualify, nets, packed,  # type: ignore[call-arg]
                        rows, rule, choices[k] if kind.ROWS else choices.reshape(0, choices.shape[2]),  # (numba)
                        *arrays, seen, dead, work)
    return [replace(sums, flop_choice=choices) if kind.ROWS else sums
            for kind, sums, choices in zip(kinds, all_sums, all_choices, strict=True)]


def qualifying_rank(rules: GameRules) -> int:
    """The lowest seven-card rank with which the dealer qualifies (0: no qualifier); the qualifier must be
    "X or better".

    >>> from analyzer.core.cards import parse_cards
    >>> from analyzer.games.rules import load_game
    >>> uth = load_game("uth")
    >>> qualifying_rank(uth) == uth.ranking.rank_of(parse_cards("2s 2h 3d 4c 5s"))   # the lowest pair
    True
    >>> qualifying_rank(load_game("thb"))
    0
    """
    pattern = rules.dealer_qualifies
    if pattern is None:
        return 0
    if not pattern.or_better:
        raise RulesError(f"{rules.source}: the dealer's qualifier must be a hand \"or better\", not '{pattern.text}'")
    return int(pattern.lowest_rank(rules.ranking))
