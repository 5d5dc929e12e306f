"""One five-card board's two-card hands, by class of cards: outcomes worked out per class, not per hand.

On a board, what a card adds to a hand depends only on its rank and on
whether it is of the board's *flush suit* (the suit holding three or more
board cards; none when no suit does): its **type**, ``rank + 13`` for a card
of the flush suit, ``rank`` otherwise (26 types). A flush needs five cards
of one suit among seven, so only the flush suit's cards can make one; every
other suit's cards act through their rank alone. The seven-card rank of a
hole pair {x, y} is therefore a function of the two types, and so is
everything the river needs:

* the pair's seven-card rank: the best non-flush rank, a function of the
  seven ranks (per flop, :func:`flop_rank_tables` tabulates it for every
  turn, river and two hole ranks: 1,820 evaluations, one per multiset of
  the four ranks, instead of 91 per board), or the flush suit's best five
  (the flush table);
* the dealer outcome counts: with ``m[t]`` unseen cards of type t, the
  dealer pairs ranked below {x, y} among the cards other than x and y number
  ``L - C[t(x)] - C[t(y)]``, where ``L`` counts every pair ranked below and
  ``C[t]`` the pairs ranked below that hold one given card of type t (the
  same for every card of the type); likewise for "up to" and for the
  dealer's "no pair" (the identity of
  :func:`analyzer.engines.holdem.enumeration.board_outcomes`, summed per type
  instead of per card);
* the board with one more card (the dealer outs): a six-card rank per type.

So the work per board is one pass over at most 351 classes (91 without a
flush suit) in rank order, instead of a sort of the 1,081 hands: without a
flush suit the classes are rank pairs, whose order per turn and river rank
the flop's tables hold; with one, the classes are sorted. Only the final
additions per hole pair remain per hand.

>>> import numpy as np
>>> from analyzer.core.cards import parse_cards
>>> from analyzer.engines.holdem.sevens import FLUSH_RANK, PAIR_OR_BETTER, STRAIGHT_TOP
>>> board = np.array(parse_cards("2c 7d 9h Jc Ks"))
>>> plain, six, five, pair_order = flop_rank_tables(board[:3], STRAIGHT_TOP)
>>> turn, river = board[3] >> 2, board[4] >> 2
>>> unseen = np.setdiff1d(np.arange(52), board)
>>> scratch = class_scratch()
>>> flush_suit = type_cards(board, unseen, scratch)
>>> count = board_classes(unseen, flush_suit, plain[turn, river], pair_order[turn, river], FLUSH_RANK,
...                       PAIR_OR_BETTER, scratch)
>>> classes = scratch.class_multiplicity[:count]
>>> int(count), int(classes.sum())   # no flush suit: 91 rank pairs, 1,081 hands
(91, 1081)
>>> set(scratch.class_outcomes[:count].sum(axis=1).tolist())
{990}
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from analyzer.core.cards import DECK_SIZE, RANK_COUNT
from analyzer.engines.holdem.sevens import rank_from_counts

#: Card types: the rank, plus RANK_COUNT for a card of the flush suit.
TYPE_COUNT = 2 * RANK_COUNT
#: The most classes (pairs of types, a type with itself included) a board can have.
MAX_CLASSES = TYPE_COUNT * (TYPE_COUNT + 1) // 2
#: A type's rank, and its bit in a flush suit's rank mask (0 for a type not of the flush suit).
TYPE_RANK = np.arange(TYPE_COUNT, dtype=np.int64) % RANK_COUNT
TYPE_FLUSH_BIT = np.where(np.arange(TYPE_COUNT) >= RANK_COUNT, 1 << TYPE_RANK, 0).astype(np.int64)
#: Rank pairs (low <= high), coded ``low * 13 + high``.
RANK_PAIRS = RANK_COUNT * (RANK_COUNT + 1) // 2
#: Bits of a rank pair's code in a sort key ``(rank + 1) << _CODE_BITS | code``.
_CODE_BITS = 8
assert RANK_COUNT * RANK_COUNT <= 1 << _CODE_BITS
#: Ranks (< 2**24) are sorted in three passes of 8 bits (:func:`order_by_rank`).
_RADIX_BITS = 8
assert 9 * 13 ** 5 <= 1 << (3 * _RADIX_BITS)


class ClassScratch(NamedTuple):
    """The arrays :func:`type_cards` and :func:`board_classes` fill (:func:`class_scratch`): ``card_type[card]``
    (unseen cards), ``type_counts[t]`` (unseen cards of type t), ``type_card[t]`` (one of them), per class:
    ``class_first <= class_second`` types, ``class_ranks``, ``class_multiplicity`` (hands in the class),
    ``class_outcomes[c]`` (dealer hands per outcome, OUTCOMES order); ``board_masks``: the board's 4 suit masks;
    then work space (:func:`board_classes`', :func:`board_plus_one_by_type`'s, then :func:`order_by_rank`'s);
    last, ``class_outs[c]``, the dealer outs of each class, for a caller that counts them
    (:func:`analyzer.engines.holdem.features.dealer_outs`)."""

    card_type: np.ndarray
    type_counts: np.ndarray
    type_card: np.ndarray
    class_first: np.ndarray
    class_second: np.ndarray
    class_ranks: np.ndarray
    class_multiplicity: np.ndarray
    class_outcomes: np.ndarray
    board_masks: np.ndarray
    below_per_type: np.ndarray
    no_pair_per_type: np.ndarray
    class_below: np.ndarray
    present: np.ndarray
    class_order: np.ndarray
    six_per_type: np.ndarray
    sort_spare: np.ndarray
    sort_buckets: np.ndarray
    class_outs: np.ndarray


@njit(cache=True, nogil=True)
def class_scratch():
    """A :class:`ClassScratch`, made once per flop pass and filled board after board."""
    return ClassScratch(np.full(DECK_SIZE, -1, dtype=np.int64), np.zeros(TYPE_COUNT, dtype=np.int64),
                        np.zeros(TYPE_COUNT, dtype=np.int64), np.empty(MAX_CLASSES, dtype=np.int64),
                        np.empty(MAX_CLASSES, dtype=np.int64), np.empty(MAX_CLASSES, dtype=np.int64),
                        np.empty(MAX_CLASSES, dtype=np.int64), np.empty((MAX_CLASSES, 6), dtype=np.int64),
                        np.zeros(4, dtype=np.int64), np.zeros(TYPE_COUNT, dtype=np.int64),
                        np.zeros(TYPE_COUNT, dtype=np.int64), np.empty(MAX_CLASSES, dtype=np.int64),
                        np.empty(TYPE_COUNT, dtype=np.int64), np.empty(MAX_CLASSES, dtype=np.int64),
                        np.empty(TYPE_COUNT, dtype=np.int64), np.empty(MAX_CLASSES, dtype=np.int64),
                        np.zeros(1 << _RADIX_BITS, dtype=np.int64), np.zeros(MAX_CLASSES, dtype=np.int64))


@njit(cache=True, nogil=True)
def order_by_rank(ranks, count, order, spare, buckets):
    """``order[:count]``: the indices 0 ... count - 1 sorted by ``ranks`` (< 2**24), equal ranks in rising index
    (a stable LSD radix sort, three passes of 8 bits; ``spare``: work space of ``count``, ``buckets`` of 256).

    >>> order = np.empty(4, dtype=np.int64)
    >>> order_by_rank(np.array([70000, 5, 70000, 300]), 4, order, np.empty(4, dtype=np.int64),
    ...               np.empty(256, dtype=np.int64)); order.tolist()
    [1, 3, 0, 2]
    """
    for k in range(count):
        spare[k] = k
    source = spare
    target = order
    for shift in (0, _RADIX_BITS, 2 * _RADIX_BITS):
        buckets[:] = 0
        for q in range(count):
            buckets[(ranks[source[q]] >> shift) & 255] += 1
        total = 0
        for digit in range(256):
            size = buckets[digit]
            buckets[digit] = total
            total += size
        for q in range(count):
            k = source[q]
            digit = (ranks[k] >> shift) & 255
            target[buckets[digit]] = k
            buckets[digit] += 1
        source, target = target, source


@njit(cache=True, nogil=True)
def flop_rank_tables(flop, straight_top):
    """The best non-flush ranks on one flop (3 cards), by the ranks of the turn ``t`` and river ``r``:
    ``plain[t, r]`` (13 x 13): with two more cards (as :func:`analyzer.engines.holdem.sevens.plain_pair_ranks`),
    ``six[t, r, rank]``: with one more, ``five[t, r]``: the board alone (-1 where the deck has no such cards);
    ``pair_order[t, r]``: the 91 rank pairs (``low * 13 + high``) in the order of ``plain[t, r]``.

    A non-flush rank depends on the ranks alone, so ``plain[t, r, low, high]`` is the rank of the flop's ranks
    and the four others as a multiset: each of the 1,820 multisets of four ranks is evaluated once
    (:func:`_four_more`), the six and five card ranks likewise, instead of 91 x 91 evaluations."""
    counts = np.zeros(RANK_COUNT, dtype=np.int64)
    for card in flop:
        counts[card >> 2] += 1
    plain = np.full((RANK_COUNT, RANK_COUNT, RANK_COUNT, RANK_COUNT), -1, dtype=np.int64)
    six = np.full((RANK_COUNT, RANK_COUNT, RANK_COUNT), -1, dtype=np.int64)
    five = np.full((RANK_COUNT, RANK_COUNT), -1, dtype=np.int64)
    for a in range(RANK_COUNT):
        counts[a] += 1
        for b in range(a, RANK_COUNT):
            counts[b] += 1
            if counts[a] <= 4 and counts[b] <= 4:
                five[a, b] = five[b, a] = rank_from_counts(counts, straight_top)
            for c in range(b, RANK_COUNT):
                counts[c] += 1
                if counts[a] <= 4 and counts[b] <= 4 and counts[c] <= 4:
                    value = rank_from_counts(counts, straight_top)
                    for t, r, q in ((a, b, c), (a, c, b), (b, c, a)):
                        six[t, r, q] = six[r, t, q] = value
                _four_more(counts, straight_top, a, b, c, plain)
                counts[c] -= 1
            counts[b] -= 1
        counts[a] -= 1
    pair_order = np.zeros((RANK_COUNT, RANK_COUNT, RANK_PAIRS), dtype=np.int64)
    keys = np.empty(RANK_PAIRS, dtype=np.int64)
    for turn in range(RANK_COUNT):
        for river in range(turn, RANK_COUNT):
            if five[turn, river] < 0:
                continue
            n = 0
            for low in range(RANK_COUNT):
                for high in range(low, RANK_COUNT):  # sort keys: the rank (-1: no such cards) above the pair's code
                    keys[n] = (plain[turn, river, low, high] + 1) << _CODE_BITS | (low * RANK_COUNT + high)
                    n += 1
            keys.sort()
            for q in range(RANK_PAIRS):
                pair_order[turn, river, q] = pair_order[river, turn, q] = keys[q] & ((1 << _CODE_BITS) - 1)
    return plain, six, five, pair_order


@njit(cache=True, nogil=True, inline="always")
def _four_more(counts, straight_top, a, b, c, plain):
    """``plain`` at every arrangement of the ranks a <= b <= c and each d >= c as (turn, river, low, high): the
    rank of ``counts`` (the flop with a, b, c) with d (none where a rank would be held five times)."""
    for d in range(c, RANK_COUNT):
        counts[d] += 1
        if counts[a] <= 4 and counts[b] <= 4 and counts[c] <= 4 and counts[d] <= 4:
            value = rank_from_counts(counts, straight_top)
            for w, x, y, z in ((a, b, c, d), (a, c, b, d), (a, d, b, c)):  # the three ways to make two pairs
                plain[w, x, y, z] = plain[x, w, y, z] = plain[w, x, z, y] = plain[x, w, z, y] = value
                plain[y, z, w, x] = plain[z, y, w, x] = plain[y, z, x, w] = plain[z, y, x, w] = value
        counts[d] -= 1


@njit(cache=True, nogil=True, inline="always")
def fill_outcomes(row, player_no_pair, lower, up_to, no_pair, dealer_hands):
    """``row``: a player hand's dealer hands per outcome (OUTCOMES order: no-qualify win, tie, loss, then
    win, tie, loss) from the numbers of dealer hands ranked ``lower`` than it, ranked ``up_to`` it (lower or
    equal) and without a pair (``no_pair``), out of ``dealer_hands``.

    >>> row = np.zeros(6, dtype=np.int64)
    >>> fill_outcomes(row, False, 700, 702, 500, 990); row.tolist()
    [500, 0, 0, 200, 2, 288]
    """
    if player_no_pair:
        row[0] = lower
        row[1] = up_to - lower
        row[2] = no_pair - up_to
        row[3] = 0
        row[4] = 0
        row[5] = dealer_hands - no_pair
    else:
        row[0] = no_pair
        row[1] = 0
        row[2] = 0
        row[3] = lower - no_pair
        row[4] = up_to - lower
        row[5] = dealer_hands - up_to


@njit(cache=True, nogil=True)
def _add_class(first, second, type_counts, per_type):
    """Add one class's hands to ``per_type`` (hands of the class holding one given card of each type)."""
    if first == second:
        per_type[first] += type_counts[first] - 1
    else:
        per_type[first] += type_counts[second]
        per_type[second] += type_counts[first]


@njit(cache=True, nogil=True)
def type_cards(board, unseen, scratch):
    """The board's suit masks and flush suit (returned; -1 for none), and the type of every ``unseen`` card
    (``scratch``: :func:`class_scratch`)."""
    card_type, type_counts, type_card, suit_masks = (scratch.card_type, scratch.type_counts, scratch.type_card,
                                                     scratch.board_masks)
    suit_masks[:] = 0
    for card in board:
        suit_masks[card & 3] |= 1 << (card >> 2)
    flush_suit = -1
    for suit in range(4):
        if bin_count(suit_masks[suit]) >= 3:
            flush_suit = suit
    type_counts[:] = 0
    for card in unseen:
        kind = (card >> 2) + (RANK_COUNT if card & 3 == flush_suit else 0)
        card_type[card] = kind
        type_counts[kind] += 1
        type_card[kind] = card
    return flush_suit


@njit(cache=True, nogil=True, inline="always")
def board_flush_suit(flop, turn, river):
    """The board's flush suit (of three or more of its five cards; -1 for none), as :func:`type_cards` finds it,
    without typing the cards left.

    >>> from analyzer.core.cards import parse_cards
    >>> flop, turn, river = np.array(parse_cards("2c 7c 9h")), *parse_cards("Jc Kd")
    >>> int(board_flush_suit(flop, turn, river)) == parse_cards("2c")[0] & 3   # clubs
    True
    """
    for suit in range(4):
        held = (turn & 3 == suit) + (river & 3 == suit)
        for card in flop:
            held += card & 3 == suit
        if held >= 3:
            return suit
    return -1


@njit(cache=True, nogil=True)
def _class_list(flush_suit, plain, pair_order, flush_rank, scratch):
    """The classes of the two-card hands on a board (after :func:`type_cards`): their types, ranks and
    multiplicities, and ``order``, the classes in rising rank; returns their number."""
    (_, type_counts, _, first, second, ranks, multiplicity, _, suit_masks, _, _, _, present, order, _, _, _, _) = scratch
    count = 0
    if flush_suit < 0:  # the classes are rank pairs, taken in the order of their ranks
        for q in range(RANK_PAIRS):
            t1 = pair_order[q] // RANK_COUNT
            t2 = pair_order[q] % RANK_COUNT
            if type_counts[t1] > 0 and type_counts[t2] > (1 if t1 == t2 else 0):
                first[count] = t1
                second[count] = t2
                ranks[count] = plain[t1, t2]
                order[count] = count
                count += 1
    else:  # every pair of the types present, sorted by rank
        types = 0
        for kind in range(TYPE_COUNT):
            if type_counts[kind] > 0:
                present[types] = kind
                types += 1
        board_flush = suit_masks[flush_suit]
        for u in range(types):
            t1 = present[u]
            r1 = TYPE_RANK[t1]
            with_first = board_flush | TYPE_FLUSH_BIT[t1]  # the flush suit's ranks with the first card
            for v in range(u if type_counts[t1] > 1 else u + 1, types):
                t2 = present[v]
                first[count] = t1
                second[count] = t2
                ranks[count] = max(plain[r1, TYPE_RANK[t2]], flush_rank[with_first | TYPE_FLUSH_BIT[t2]])
                count += 1
        order_by_rank(ranks, count, order, scratch.sort_spare, scratch.sort_buckets)
    for c in range(count):
        t1 = first[c]
        t2 = second[c]
        multiplicity[c] = type_counts[t1] * (type_counts[t1] - 1) // 2 if t1 == t2 else type_counts[t1] * type_counts[t2]
    return count


@njit(cache=True, nogil=True)
def board_classes(unseen, flush_suit, plain, pair_order, flush_rank, qualify, scratch):
    """Classes of the two-card hands from ``unseen`` on a five-card board (after :func:`type_cards`, which
    gave ``flush_suit``), with each class's rank and dealer outcome counts (see the module docstring; the
    dealer qualifies with a seven-card rank of ``qualify`` or more: PAIR_OR_BETTER for a pair, 0 for no
    qualifier); returns the number of classes. ``plain``, ``pair_order``: the board's turn and river entries
    of :func:`flop_rank_tables`."""
    (_, type_counts, _, first, second, ranks, multiplicity, outcomes, _, below_per_type, no_pair_per_type,
     below, _, order, _, _, _, _) = scratch
    count = _class_list(flush_suit, plain, pair_order, flush_rank, scratch)
    size = unseen.shape[0]
    dealer_hands = (size - 2) * (size - 3) // 2
    no_pair_total = 0
    no_pair_per_type[:] = 0
    for q in range(count):  # the classes ranked below the qualifier come first
        c = order[q]
        if ranks[c] >= qualify:
            break
        no_pair_total += multiplicity[c]
        _add_class(first[c], second[c], type_counts, no_pair_per_type)
    below_per_type[:] = 0
    processed = 0
    start = 0
    while start < count:
        rank = ranks[order[start]]
        end = start + 1
        while end < count and ranks[order[end]] == rank:
            end += 1
        for q in range(start, end):
            c = order[q]
            below[c] = processed - below_per_type[first[c]] - below_per_type[second[c]]
        for q in range(start, end):
            c = order[q]
            processed += multiplicity[c]
            _add_class(first[c], second[c], type_counts, below_per_type)
        player_no_pair = rank < qualify
        for q in range(start, end):
            c = order[q]
            lower = below[c]
            up_to = processed - below_per_type[first[c]] - below_per_type[second[c]] + 1
            no_pair = no_pair_total - no_pair_per_type[first[c]] - no_pair_per_type[second[c]]
            if player_no_pair:
                no_pair += 1  # the player's own hand, taken out twice
            fill_outcomes(outcomes[c], player_no_pair, lower, up_to, no_pair, dealer_hands)
        start = end
    return count


@njit(cache=True, nogil=True)
def exposed_board_classes(unseen, flush_suit, plain, pair_order, flush_rank, qualify, scratch, seen):
    """:func:`board_classes` when the player sees the dealer's hole card ``seen`` (not among ``unseen``): the
    dealer's hand is ``seen`` and one of the cards left besides the player's two, so each class's outcomes
    count those cards by type, each type's card ranked once with ``seen`` on the board (its non-flush rank from
    ``plain``, a flush when ``seen`` and the card bring the flush suit to five).

    A type's dealer rank does not depend on which card of the type it is, and the player's two cards take one
    card of each of their types out of the dealer's, so a class's counts are those of every card left below
    (or up to) its rank, less its own two cards where they are."""
    (_, type_counts, _, first, second, ranks, _, outcomes, suit_masks, dealer_rank, _, _, present, order, _, _,
     _, _) = scratch
    count = _class_list(flush_suit, plain, pair_order, flush_rank, scratch)
    seen_rank = seen >> 2
    flush_mask = -1
    if flush_suit >= 0:
        flush_mask = suit_masks[flush_suit] | (1 << seen_rank if seen & 3 == flush_suit else 0)
    for kind in range(TYPE_COUNT):
        if type_counts[kind] == 0:
            continue
        rank = kind % RANK_COUNT
        value = plain[seen_rank, rank]
        if flush_mask >= 0:
            value = max(value, flush_rank[flush_mask | (1 << rank if kind >= RANK_COUNT else 0)])
        dealer_rank[kind] = value
    dealer_hands = unseen.shape[0] - 2
    # the types present in rising dealer rank (insertion sort of at most 26), then one merge with the classes,
    # which ``order`` gives in rising player rank; the player's two cards come out of their types' counts
    types = 0
    no_pair_all = 0
    for kind in range(TYPE_COUNT):
        if type_counts[kind] == 0:
            continue
        if dealer_rank[kind] < qualify:
            no_pair_all += type_counts[kind]
        at = types
        while at > 0 and dealer_rank[present[at - 1]] > dealer_rank[kind]:
            present[at] = present[at - 1]
            at -= 1
        present[at] = kind
        types += 1
    walked = 0
    below_all = 0
    for q in range(count):
        c = order[q]
        player = ranks[c]
        while walked < types and dealer_rank[present[walked]] < player:
            below_all += type_counts[present[walked]]
            walked += 1
        equal_all = 0
        ahead = walked
        while ahead < types and dealer_rank[present[ahead]] == player:
            equal_all += type_counts[present[ahead]]
            ahead += 1
        lower = below_all
        up_to = below_all + equal_all
        no_pair = no_pair_all
        for kind in (first[c], second[c]):
            value = dealer_rank[kind]
            if value < player:
                lower -= 1
            if value <= player:
                up_to -= 1
            if value < qualify:
                no_pair -= 1
        fill_outcomes(outcomes[c], player < qualify, lower, up_to, no_pair, dealer_hands)
    return count


@njit(cache=True, nogil=True)
def seen_hand_board_classes(unseen, flush_suit, plain, pair_order, flush_rank, qualify, scratch, first_seen,
                            second_seen):
    """:func:`board_classes` when the player sees both dealer hole cards (neither among ``unseen``): the dealer's
    hand is known, one hand ranked once on the board (its non-flush rank from ``plain``, a flush when its cards
    bring the flush suit to five), and each class's outcomes count that one hand.

    >>> from analyzer.core.cards import parse_cards
    >>> from analyzer.engines.holdem.sevens import FLUSH_RANK, PAIR_OR_BETTER, STRAIGHT_TOP
    >>> board, dealer = np.array(parse_cards("2c 7c 9c Jd Ac")), parse_cards("Kd Ks")
    >>> plain, six, five, pair_order = flop_rank_tables(board[:3], STRAIGHT_TOP)
    >>> unseen = np.setdiff1d(np.arange(52), [*board, *dealer])
    >>> scratch = class_scratch()
    >>> flush_suit = type_cards(board, unseen, scratch)
    >>> turn, river = board[3] >> 2, board[4] >> 2
    >>> count = seen_hand_board_classes(unseen, flush_suit, plain[turn, river], pair_order[turn, river],
    ...                                 FLUSH_RANK, PAIR_OR_BETTER, scratch, *dealer)
    >>> hands = scratch.class_multiplicity[:count]
    >>> (scratch.class_outcomes[:count] * hands[:, None]).sum(axis=0).tolist()  # 526 of 990 beat two kings
    [0, 0, 0, 526, 0, 464]
    """
    (_, _, _, _, _, ranks, _, outcomes, suit_masks, _, _, _, _, _, _, _, _, _) = scratch
    count = _class_list(flush_suit, plain, pair_order, flush_rank, scratch)
    dealer = plain[first_seen >> 2, second_seen >> 2]
    if flush_suit >= 0:
        mask = suit_masks[flush_suit]
        for card in (first_seen, second_seen):
            if card & 3 == flush_suit:
                mask |= 1 << (card >> 2)
        dealer = max(dealer, flush_rank[mask])
    no_pair = 1 if dealer < qualify else 0
    for c in range(count):
        player = ranks[c]
        fill_outcomes(outcomes[c], player < qualify, 1 if dealer < player else 0, 1 if dealer <= player else 0,
                      no_pair, 1)
    return count


@njit(cache=True, nogil=True)
def board_rank(five, scratch, flush_rank):
    """The board's own rank after :func:`type_cards`: ``five``, its :func:`flop_rank_tables` entry, or its
    flush."""
    best = five
    for mask in scratch.board_masks:
        best = max(best, flush_rank[mask])
    return best


@njit(cache=True, nogil=True)
def board_plus_one_by_type(unseen, six, scratch, flush_rank, sorted_six, card_six):
    """:func:`analyzer.engines.holdem.features.board_plus_one` after :func:`type_cards`, one six-card rank
    per type: ``six``, the board's :func:`flop_rank_tables` entry by rank, or a flush (five of the flush
    suit: four on the board and the card, or five on the board)."""
    card_type, type_counts, values = scratch.card_type, scratch.type_counts, scratch.six_per_type
    suit_masks = scratch.board_masks
    flush_mask = 0
    for suit in range(4):
        if bin_count(suit_masks[suit]) >= 4:
            flush_mask = suit_masks[suit]
    for kind in range(TYPE_COUNT):
        if type_counts[kind] == 0:
            continue
        rank = kind % RANK_COUNT
        value = six[rank]
        if flush_mask:
            value = max(value, flush_rank[flush_mask | (1 << rank if kind >= RANK_COUNT else 0)])
        values[kind] = value
    for m in range(unseen.shape[0]):
        value = values[card_type[unseen[m]]]
        sorted_six[m] = value
        card_six[unseen[m]] = value
    sorted_six.sort()


@njit(cache=True, nogil=True, inline="always")
def bin_count(mask):
    """Bits set in a 13-bit mask: ``bin_count(0b1011) == 3``."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
