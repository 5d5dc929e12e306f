"""How a Hold'em kernel decides on the flop and the river: the optimal strategy or a posted rule set, as a tuple of
integers.

The one-Play-bet flop pass (:func:`analyzer.engines.holdem.enumeration.flop_pass`) decides by value; the streets
kernel reads a posted card's rules (:mod:`analyzer.engines.holdem.street_posted`: its flop rule as written choices,
its river rule per board class, :func:`analyzer.engines.holdem.streets.street_flop`'s ``rule``). The two points:

* the flop, after a pre-flop check: Play 2x or check (:func:`flop_bets`);
* the river, after two checks: Play 1x or fold (:func:`river_bets`).

Each point is decided either **by value**, the optimal strategy: bet when the
bet is worth strictly more (exact ties go to the smaller wager); or **by
rule**, a posted strategy (:class:`analyzer.engines.holdem.posted.PostedStrategy`
builds its policy):

* flop: bet 2x with (a) two pair or better whose category is above the
  flop's own (``flop_two_pair_with_hole``), (b) a hidden pair: a hole card of
  a flop card's rank, or a pocket pair whose rank is not in the bit mask
  ``flop_pockets_excluded``, (c) four to a flush with a hole card of that suit
  of rank ``flop_flush_min`` or better (13: no such rule);
* river: bet 1x when the player's hand is a pair or better and its made part
  beats the board's (the made part: the hand without its kickers,
  :func:`analyzer.engines.holdem.features.made_part`; with
  ``river_kickers_count`` the whole hand), or when fewer than
  ``river_outs_limit`` unseen cards would let the board beat the player (0:
  no such clause; the dealer outs are counted only when the rest of the rule
  says fold).

:meth:`Policy.packed` gives a policy as the tuple of integers the kernels
read: a tuple, not an array, so it is passed by value and cannot alias the
arrays the kernels write. The kernels are inlined into their callers, so a
policy that is a constant there (the optimal one) compiles to its bare
comparisons of values.

>>> import numpy as np
>>> from analyzer.core.cards import RANK_SYMBOLS, parse_cards
>>> from analyzer.engines.holdem.features import flop_category
>>> from analyzer.engines.holdem.sevens import FLUSH_RANK, STRAIGHT_TOP, evaluate_cards
>>> flop = np.array(parse_cards("2h 7h Kh"))
>>> def bets(policy, hole, raise_value=0, check_value=0):
...     x, y = parse_cards(hole)
...     rank = evaluate_cards(np.array([x, y, *flop]), STRAIGHT_TOP, FLUSH_RANK)
...     return flop_bets(policy.packed(), raise_value, check_value, x, y, flop, rank, flop_category(flop))
>>> rule = Policy(flop_by_value=False, flop_flush_min=RANK_SYMBOLS.index("T"))
>>> bets(rule, "Qh 3c"), bets(rule, "9h 3c")  # four to a flush with a hidden queen, with a nine
(True, False)
>>> bets(OPTIMAL, "9h 3c", raise_value=-100, check_value=-120)  # 2x loses less than checking
True
"""

from __future__ import annotations

from dataclasses import dataclass

from numba import njit

from analyzer.core.cards import RANK_COUNT
from analyzer.engines.holdem.features import MADE_PART_MODULI, dealer_outs, made_part
from analyzer.engines.holdem.sevens import PAIR_OR_BETTER, SPAN, TWO_PAIR

#: Positions in :meth:`Policy.packed`.
(FLOP_BY_VALUE, FLOP_TWO_PAIR_WITH_HOLE, FLOP_POCKETS_EXCLUDED, FLOP_FLUSH_MIN, RIVER_BY_VALUE,
 RIVER_KICKERS_COUNT, RIVER_OUTS_LIMIT) = range(7)


@dataclass(frozen=True)
class Policy:
    """The post-flop decisions of one strategy (see the module docstring); the default is the optimal one.

    >>> OPTIMAL.packed()
    (1, 0, 0, 13, 1, 0, 0)
    """

    flop_by_value: bool = True
    flop_two_pair_with_hole: bool = False
    flop_pockets_excluded: int = 0
    flop_flush_min: int = RANK_COUNT
    river_by_value: bool = True
    river_kickers_count: bool = False
    river_outs_limit: int = 0

    def packed(self) -> tuple[int, ...]:
        """The policy as the kernels read it (indexed by ``FLOP_BY_VALUE`` ... ``RIVER_OUTS_LIMIT``)."""
        return (int(self.flop_by_value), int(self.flop_two_pair_with_hole), int(self.flop_pockets_excluded),
                int(self.flop_flush_min), int(self.river_by_value), int(self.river_kickers_count),
                int(self.river_outs_limit))


#: The optimal strategy: every post-flop decision by value.
OPTIMAL = Policy()

# --------------------------------------------------------------------------- numba kernels


@njit(cache=True, nogil=True, inline="always")
def river_made_part(policy, rank):
    """The made part of a rank as the policy's river rule reads it (``river_kickers_count``: the rank)."""
    return rank if policy[RIVER_KICKERS_COUNT] != 0 else made_part(rank, MADE_PART_MODULI)


@njit(cache=True, nogil=True, inline="always")
def reads_dealer_outs(policy):
    """Whether :func:`river_bets` may count dealer outs (then it needs the board's six-card ranks)."""
    return policy[RIVER_BY_VALUE] == 0 and policy[RIVER_OUTS_LIMIT] > 0


@njit(cache=True, nogil=True, inline="always")
def river_bets(policy, play_value, fold_value, x, y, player_rank, board_made, sorted_six, card_six):
    """Play 1x (True) or fold at the river with hole cards x, y: ``play_value`` and ``fold_value`` are the
    two choices' values, ``board_made`` the board's :func:`river_made_part`; ``sorted_six``, ``card_six``:
    the board's ranks with each unseen card (:func:`analyzer.engines.holdem.features.board_plus_one`), read
    only when :func:`reads_dealer_outs`."""
    outs = dealer_outs(sorted_six, card_six, x, y, player_rank) if reads_dealer_outs(policy) else 0
    return river_bets_given_outs(policy, play_value, fold_value, player_rank, board_made, outs)


@njit(cache=True, nogil=True, inline="always")
def river_bets_given_outs(policy, play_value, fold_value, player_rank, board_made, outs):
    """:func:`river_bets` with the player's dealer ``outs`` counted already (read only when
    :func:`reads_dealer_outs`): a kernel that knows them per board class passes them."""
    if policy[RIVER_BY_VALUE] != 0:
        return play_value > fold_value
    if player_rank >= PAIR_OR_BETTER and river_made_part(policy, player_rank) > board_made:
        return True
    limit = policy[RIVER_OUTS_LIMIT]
    return limit > 0 and outs < limit


@njit(cache=True, nogil=True, inline="always")
def flop_bets(policy, raise_value, check_value, x, y, flop, hand_rank, board_category):
    """Play 2x (True) or check on the flop with hole cards x, y: ``raise_value`` and ``check_value`` are the
    two choices' values, ``hand_rank`` the rank of hole + flop, ``board_category`` the flop's own category."""
    if policy[FLOP_BY_VALUE] != 0:
        return raise_value > check_value
    category = hand_rank // SPAN
    if policy[FLOP_TWO_PAIR_WITH_HOLE] != 0 and category >= TWO_PAIR and category > board_category:
        return True
    rx = x >> 2
    ry = y >> 2
    if rx == ry and (policy[FLOP_POCKETS_EXCLUDED] >> rx) & 1 == 0:
        return True
    for card in flop:
        if card >> 2 == rx or card >> 2 == ry:
            return True
    for hole in (x, y):
        if hole >> 2 >= policy[FLOP_FLUSH_MIN]:
            suit = hole & 3
            count = 0
            if x & 3 == suit:
                count += 1
            if y & 3 == suit:
                count += 1
            for card in flop:
                if card & 3 == suit:
                    count += 1
            if count >= 4:
                return True
    return False
