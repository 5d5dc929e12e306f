"""What an enumeration will take, worked out from the numbers of cards before any work: the memory of the
arrays an engine allocates and roughly the time (:class:`analyzer.engines.base.SizeEstimate`).

The arithmetic follows each array the enumeration builds, in the order it builds them (a
:class:`Footprint` keeps what stays allocated and the largest passing peak): the k-subsets of the deck
(:func:`analyzer.core.cards.combinations`, one byte a card), their suit-isomorphism classes, the
best-hand ranks, and the dealer-hand counter of :mod:`analyzer.core.counting` level by level (dense
tables, sorted keys of 4 or 8 bytes, one rank per whole hand). It is pure arithmetic on binomial
coefficients: it runs in microseconds, whatever the game. The constants were measured on the shipped
games (peak resident memory within a third of the estimate, which errs high).

>>> footprint = Footprint()
>>> footprint.add(100, passing=50); footprint.add(10); footprint.peak
150
>>> player_classes(5), player_classes(3)    # suit-isomorphism classes of 5 and 3 cards
(134459, 1755)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb, lcm, log2, perm

from analyzer.core.cards import DECK_SIZE
from analyzer.core.distributed import cores
from analyzer.core.ranking import SuitRanking
from analyzer.games.rules import GameRules

#: Resident memory of a process that has imported the analyzer (Python, numpy, pandas: about 80 MiB) with
#: what a report adds whatever the game (its simulation check, the workbook), and of a joblib worker
#: process before any array (measured on the shipped games, rounded up).
PROCESS_BYTES = 250 * 2**20
WORKER_BYTES = 120 * 2**20
#: What the analysis and the report add per player situation class (measured on Caribbean Stud: 5.6
#: million classes).
PER_CLASS_BYTES = 250
#: Resident memory of a process, and per hand of the ranking's size, while the ranking's table is built as
#: the game is read (five-card hands: about 580 MiB; measured).
IMPORTS_BYTES = 80 * 2**20
RANKING_BYTES_PER_HAND = 200
#: The time of one starting class's backward induction besides its element operations (stud games).
SECONDS_PER_INDUCTION = 0.003
#: Element operations per second of the numpy kernels, for the rough time (measured on the shipped games:
#: within a factor of two).
OPERATIONS_PER_SECOND = 2e8
#: The counter's cells kept dense (:data:`analyzer.core.counting.DENSE_CELLS`).
DENSE_CELLS = 1 << 23
#: Player hands of one chunk of the closed-dealer enumeration.
CHUNK = 8192
#: Element operations per class, threshold and suit of the by-suit counting, per squared dealer hand size.
SUIT_COUNT_WORK = 4
#: Dealt classes of one block of a draw game's hold counts (about 50 MB of int64 counts for five cards and
#: ten groups).
DRAW_BLOCK = 20_000


@dataclass(frozen=True)
class SizeEstimate:
    """What a game's analysis will take, estimated from its numbers of cards before any work
    (:mod:`analyzer.engines.sizes`): peak memory in ``bytes`` (the process and its worker processes),
    the ``deals`` it counts (its cycle: every deal of the cards, 0 when the cards cannot all be dealt) and
    roughly the ``seconds`` of enumeration on this machine.

    >>> SizeEstimate(83 * 2**30, 17_898_080_272_990_016, 7200).describe()
    'about 83.0 GiB of memory and roughly 2 hours (17,898,080,272,990,016 deals)'
    """

    bytes: int
    deals: int
    seconds: float

    def describe(self) -> str:
        deals = f" ({self.deals:,} deals)" if self.deals else ""
        return f"about {size_text(self.bytes)} of memory and roughly {duration_text(self.seconds)}{deals}"


def size_text(count: float) -> str:
    """Bytes as a person reads them.

    >>> size_text(500), size_text(3 * 2**20), size_text(1.5 * 2**30), size_text(2**60)
    ('500 bytes', '3.0 MiB', '1.5 GiB', '1,024.0 PiB')
    """
    for unit, power in (("PiB", 50), ("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if count >= 2**power:
            return f"{count / 2**power:,.1f} {unit}"
    return f"{int(count)} bytes"


def duration_text(seconds: float) -> str:
    """A rough duration.

    >>> duration_text(0.2), duration_text(42), duration_text(750), duration_text(3 * 86400), duration_text(3e9)
    ('under a second', '42 s', '12 minutes', '3 days', '95 years')
    """
    for unit, length in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * length:
            return f"{seconds / length:,.0f} {unit}"
    return "under a second" if seconds < 1 else f"{seconds:.0f} s"


def with_ranking(rules: GameRules, peak: int) -> int:
    """A peak no lower than that of reading the game: its ranking's table built over every hand of the
    ranking's size."""
    return max(peak, IMPORTS_BYTES + RANKING_BYTES_PER_HAND * hands(DECK_SIZE, rules.ranking.cards))


def hands(cards: int, size: int) -> int:
    """``comb(cards, size)``, 0 where there is no such hand (a negative or too large ``size``)."""
    return comb(cards, size) if 0 <= size <= cards else 0


@dataclass
class Footprint:
    """Memory held so far and the peak (held plus what one step allocates and frees), and the work done."""

    held: int = 0
    peak: int = 0
    work: float = 0.0

    def add(self, kept: int, passing: int = 0, work: float = 0.0) -> None:
        """A step that keeps ``kept`` bytes and frees ``passing`` more when done."""
        self.peak = max(self.peak, self.held + kept + passing)
        self.held += kept
        self.work += work


def suit_group_orbits(cards: int, fixed_suits: int = 0) -> int:
    """Suit-isomorphism classes of ``cards``-card hands (Burnside's lemma over the permutations of the
    suits not fixed): exact with no suit fixed; with fixed suits (those of exposed dealer cards) counted on
    the whole deck, a little above the classes of the cards left.

    >>> [suit_group_orbits(3, fixed) for fixed in (0, 1, 2)]
    [1755, 5252, 12519]
    """
    free = 4 - fixed_suits
    total, permutations = 0, 0
    for order in itertools.permutations(range(free)):
        permutations += 1
        per_rank = [1]  # one rank's polynomial: (1 + x) per fixed suit, (1 + x^length) per cycle of free suits
        for length in [1] * fixed_suits + cycle_lengths(order):
            grown = per_rank + [0] * length
            for power, value in enumerate(per_rank):
                grown[power + length] += value
            per_rank = grown
        deck = [1]
        for _ in range(13):
            deck = [sum(deck[i] * per_rank[power - i] for i in range(max(0, power - len(per_rank) + 1),
                                                                      min(power, len(deck) - 1) + 1))
                    for power in range(min(cards, len(deck) + len(per_rank) - 2) + 1)]
        total += deck[cards] if cards < len(deck) else 0
    return total // permutations


def cycle_lengths(order: tuple[int, ...]) -> list[int]:
    """The cycle lengths of a permutation (``order[i]``: where ``i`` goes)."""
    seen, lengths = set(), []
    for start in range(len(order)):
        length, position = 0, start
        while position not in seen:
            seen.add(position)
            position, length = order[position], length + 1
        if length:
            lengths.append(length)
    return lengths


def player_classes(cards: int) -> int:
    """Suit-isomorphism classes of the player's ``cards`` cards."""
    return suit_group_orbits(cards)


def combinations_step(footprint: Footprint, deck: int, size: int, done: int = 0) -> None:
    """The cached k-subsets of ``deck`` cards for every k from ``done + 1`` to ``size`` (int8, built in
    blocks and copied: three times the final array while building)."""
    for k in range(done + 1, size + 1):
        count = hands(deck, k)
        footprint.add(k * count, 2 * k * count, work=k * count)


def suit_classes_step(footprint: Footprint, count: int, size: int, int64_input: bool = False) -> None:
    """:func:`analyzer.core.isomorphism.suit_classes` of ``count`` hands: masks, sorted keys, np.unique."""
    copy = 0 if int64_input else 8 * size * count
    footprint.add(0, copy + 104 * count, work=count * (size + 4 * 16 + log2(max(count, 2))))


def best_ranks_step(footprint: Footprint, count: int, size: int, ranking_cards: int) -> None:
    """Best-hand ranks of ``count`` hands of ``size`` cards (int64 kept), a gather per sub-hand."""
    subsets = hands(size, ranking_cards)
    footprint.add(8 * count, (ranking_cards + 24) * count, work=subsets * count * (ranking_cards + 3))


def counter_step(footprint: Footprint, count: int, size: int, excluded: int, rank_count: int) -> int:
    """A :class:`analyzer.core.counting.DisjointRankCounter` over ``count`` hands of ``size`` cards for
    queries of up to ``excluded`` cards; returns the largest level's keys (the cost of a query's search)."""
    footprint.add(8 * count, 8 * count, work=count)  # the dense ranks of the hands
    width, largest = rank_count + 1, 1
    for level in range(min(size, excluded) + 1):
        segments, subsets = hands(DECK_SIZE, level), hands(size, level)
        passing = 32 * count  # the colex index of each subset of the hands, times the width, plus the ranks
        if level == size and segments * width > DENSE_CELLS:
            footprint.add((2 if rank_count < 2**15 else 4) * segments, passing, work=count)
        elif segments * width <= DENSE_CELLS:
            cells = segments * width
            footprint.add(4 * cells, 24 * cells + passing, work=subsets * (count + cells))
        else:
            keys = subsets * count
            item = 4 if (segments + 1) * rank_count < 2**31 else 8
            footprint.add(item * keys + 16 * (segments + 1), passing, work=keys * (2 + log2(max(keys, 2))))
            largest = max(largest, keys)
    return largest


def queries_work(queries: int, player_cards: int, thresholds: int, largest: int) -> float:
    """The binary searches of ``queries`` player hands: one per subset of the hand and threshold."""
    return queries * 2**player_cards * thresholds * (4 + log2(max(largest, 2)))


def closed_dealer(player: int, dealer: int, ranking_cards: int, rank_count: int,
                  thresholds: int, deck: int = DECK_SIZE) -> tuple[Footprint, int]:
    """The footprint of the enumeration of every player class against every dealer hand when no dealer
    card shows (threads share one counter), and the player classes (those of the 52 cards: a joker adds
    a few)."""
    footprint = Footprint()
    player_hands, dealer_hands = hands(deck, player), hands(deck, dealer)
    classes = player_classes(player)
    combinations_step(footprint, deck, player)
    suit_classes_step(footprint, player_hands, player)
    footprint.add(classes * (player + 24))  # representatives, weights, best ranks, dense ranks
    best_ranks_step(footprint, player_hands, player, ranking_cards)
    combinations_step(footprint, deck, dealer, done=player)
    if dealer != player:
        best_ranks_step(footprint, dealer_hands, dealer, ranking_cards)
    largest = counter_step(footprint, dealer_hands, dealer, player, rank_count)
    footprint.add(classes * 72, CHUNK * (8 * player + 64 * thresholds) * 2**min(player, dealer),
                  work=queries_work(classes, min(player, dealer), thresholds, largest))
    return footprint, classes


def exposed_dealer_task(player: int, dealer: int, up_cards: int, ranking_cards: int, rank_count: int,
                        thresholds: int) -> tuple[Footprint, int]:
    """The footprint of one set of exposed dealer cards (one worker's task: every player class against the
    dealer's hidden cards), and its player classes."""
    footprint = Footprint()
    rest = DECK_SIZE - up_cards
    player_hands, hidden = hands(rest, player), hands(rest, dealer - up_cards)
    classes = suit_group_orbits(player, fixed_suits=min(up_cards, 4))
    combinations_step(footprint, rest, max(player, dealer - up_cards))
    footprint.add(8 * player * player_hands)  # the player's hands as card numbers (int64)
    suit_classes_step(footprint, player_hands, player, int64_input=True)
    footprint.add(8 * player * classes)
    footprint.add(8 * (2 * dealer - up_cards) * hidden, 8 * dealer * hidden)  # hidden and whole dealer hands
    best_ranks_step(footprint, hidden, dealer, ranking_cards)
    largest = counter_step(footprint, hidden, dealer - up_cards, player, rank_count)
    best_ranks_step(footprint, hands(DECK_SIZE, player), player, ranking_cards)  # every player hand's, cached
    footprint.add(classes * 56, classes * (8 * player + 64 * thresholds) * 2,
                  work=queries_work(classes, min(player, dealer - up_cards), thresholds, largest))
    return footprint, classes


def by_suit_game(rules: GameRules, jobs: int) -> SizeEstimate:
    """A ranking that decomposes by suit (:mod:`analyzer.engines.one_decision.by_suit`): no table of
    hands; per player class its masks, cards, counts and analysis, and for each of three thresholds four
    suits' counts of up to ``dealer + 1`` sizes times a polynomial product (about 1 s a million classes
    on one core for seven cards against seven, measured).

    >>> from analyzer.games.rules import load_game
    >>> estimate = by_suit_game(load_game("highcardflush"), 2)
    >>> estimate.bytes < 4 * 2**30, estimate.seconds < 60
    (True, True)
    """
    player, dealer = rules.player_cards, rules.dealer_cards
    classes = player_classes(player)
    thresholds = 3 if rules.dealer_qualifies else 2
    footprint = Footprint()
    footprint.add(3 ** 13 * 8 + 2**13 * (dealer + 2) * 8)  # the sorted values of every subset of every suit
    footprint.add(classes * (32 + player + 8 + 8 + 8 * thresholds + 4 * 6), classes * 32,
                  work=classes * thresholds * SUIT_COUNT_WORK * (dealer + 1) ** 2)
    footprint.add(0, classes * PER_CLASS_BYTES)
    deals = hands(DECK_SIZE, player) * hands(DECK_SIZE - player, dealer)
    return SizeEstimate(IMPORTS_BYTES + PROCESS_BYTES + footprint.peak, deals,
                        footprint.work / OPERATIONS_PER_SECOND / max(1, min(jobs, cores())))


def dealer_hand_game(rules: GameRules, jobs: int) -> SizeEstimate:
    """A game of one decision against a dealer hand: every player class against every dealer hand, in
    threads sharing one counter when no dealer card shows, else one worker process per set of exposed
    dealer cards (each with its own tables), then the analysis of every class."""
    player, dealer, up_cards = rules.player_cards, rules.dealer_cards, rules.dealer_up_cards
    if isinstance(rules.ranking, SuitRanking) and not up_cards:
        return by_suit_game(rules, jobs)
    ranking_cards, rank_count = rules.ranking.cards, len(rules.ranking.distinct)
    thresholds = 3 if rules.dealer_qualifies else 2
    deck = rules.deck.size
    deals = hands(deck, player) * hands(deck - player, dealer)
    if not up_cards:
        footprint, classes = closed_dealer(player, dealer, ranking_cards, rank_count, thresholds, deck)
        footprint.add(0, classes * PER_CLASS_BYTES)
        return SizeEstimate(with_ranking(rules, PROCESS_BYTES + footprint.peak), deals,
                            footprint.work / OPERATIONS_PER_SECOND)
    sets = suit_group_orbits(up_cards)
    task, classes = exposed_dealer_task(player, dealer, up_cards, ranking_cards, rank_count, thresholds)
    workers = max(1, min(jobs, sets))
    idle = WORKER_BYTES + 8 * hands(DECK_SIZE, ranking_cards)  # a worker, and the ranking's table sent to it
    gathered = sets * classes * 56  # every set's classes, back in this process
    during = PROCESS_BYTES + gathered + workers * (idle + task.peak)
    after = PROCESS_BYTES + gathered * 2 + sets * classes * PER_CLASS_BYTES + workers * idle  # the analysis
    rounds = -(-sets // workers)
    return SizeEstimate(with_ranking(rules, max(during, after)), deals, rounds * task.work / OPERATIONS_PER_SECOND)


def streets_without_dealer(rules: GameRules, jobs: int) -> SizeEstimate:
    """A game of decision streets and no dealer hand: the line every final hand pays on each wager (the
    final hands are every card dealt), then each starting class's backward induction over the subsets of
    the cards it does not hold, one class at a time."""
    player, community = rules.player_cards, rules.community_cards
    finals, rest = hands(DECK_SIZE, player + community), DECK_SIZE - player
    paths = 1
    for street in rules.streets:
        paths *= max(1, len(street.choices))
    wagers = len(rules.wagers)
    footprint = Footprint()
    footprint.add(8 * finals * (wagers + 1), 8 * finals * (wagers + 6), work=finals * (wagers + 6))
    levels = [hands(rest, level) for level in range(community + 1)]
    footprint.add(sum(count * 8 * (rest + 1) for count in levels))  # the subset lattice: subsets and supersets
    classes = player_classes(player)
    footprint.add(0, sum(levels) * paths * 24 + 16 * (player + community) * levels[-1],
                  work=classes * len(rules.streets) * sum(count * (rest - level) for level, count in enumerate(levels)))
    footprint.add(0, classes * PER_CLASS_BYTES)
    deals = hands(DECK_SIZE, player) * perm(rest, community) if 0 <= community <= rest else 0
    seconds = classes * SECONDS_PER_INDUCTION + footprint.work / OPERATIONS_PER_SECOND
    return SizeEstimate(with_ranking(rules, PROCESS_BYTES + footprint.peak), deals, seconds)


#: The Hold'em kernels work one flop (or one board) at a time in arrays of a fixed size, whatever the
#: game's pays: their peak resident memory and processor time measured on the shipped games' fresh
#: enumerations (docs/benchmarks.md), rounded up, by kernel.
HOLDEM_KERNEL_BYTES = {"flop classes": 550 * 2**20, "streets": 250 * 2**20}
HOLDEM_THREAD_BYTES = 64 * 2**20
HOLDEM_CPU_SECONDS = {"flop classes": 100.0, "streets": 300.0}


def holdem_game(rules: GameRules, jobs: int, kernel: str) -> SizeEstimate:
    """A Hold'em game against a dealer, counted by the given ``kernel`` (threads share its tables)."""
    player, dealer, community = rules.player_cards, rules.dealer_cards, rules.community_cards
    deals = hands(DECK_SIZE, player) * hands(DECK_SIZE - player, dealer) * hands(DECK_SIZE - player - dealer,
                                                                                 community)
    threads = max(1, min(jobs, cores()))
    return SizeEstimate(with_ranking(rules, PROCESS_BYTES + HOLDEM_KERNEL_BYTES[kernel] + threads * HOLDEM_THREAD_BYTES),
                        deals, HOLDEM_CPU_SECONDS[kernel] / threads)


def draw_weight(unseen: int, drawn: range | list[int]) -> int:
    """The weight of one deal of a draw game: the least common multiple of the numbers of draws of every
    allowed hold (:mod:`analyzer.engines.draw.enumeration`).

    >>> draw_weight(52 - 5, range(6))
    7669695
    """
    return lcm(*(comb(unseen, count) for count in drawn))


def draw_game(rules: GameRules) -> SizeEstimate:
    """A draw game: the group of every final hand, the subset tables of every proper subset size (one pass
    over the hands), the suit classes of the deals, then the hold counts of every class (``2**n`` holds by
    groups, int32, kept for the process) and every class's hold values (int64), built a block of
    :data:`DRAW_BLOCK` classes at a time."""
    size = rules.player_cards
    wager = rules.wagers[0]
    finals, groups = hands(DECK_SIZE, size), len(wager.paytable.lines) + 1 if wager.paytable else 1
    holds = 2 ** size
    footprint = Footprint()
    combinations_step(footprint, DECK_SIZE, size)
    tables = sum(hands(DECK_SIZE, k) for k in range(size)) * groups * 8
    footprint.add(tables + 8 * finals, 8 * size * finals, work=holds * finals * 4)
    classes = player_classes(size)
    suit_classes_step(footprint, finals, size)
    footprint.add(classes * holds * (groups * 4 + 8) + classes * groups * 8,
                  2 * min(DRAW_BLOCK, classes) * holds * groups * 8, work=classes * 3 ** size * groups * 4)
    deals = finals * draw_weight(DECK_SIZE - size, range(min(size, rules.draw.most_replaced) + 1)) \
        if rules.draw else 0
    return SizeEstimate(with_ranking(rules, PROCESS_BYTES + footprint.peak), deals,
                        footprint.work / OPERATIONS_PER_SECOND)


def shoe_game(rules: GameRules) -> SizeEstimate:
    """A game with no decision (:mod:`analyzer.engines.no_decision`): every multiset of the player's ``n`` card
    types (:func:`analyzer.core.shoes.shoe_hands`: the sets of ``52 + n - 1`` types, one byte a card, made int64,
    and each card's copies compared with every other's), their ranks and ways (int64 each)."""
    size = rules.player_cards
    multisets = hands(DECK_SIZE + size - 1, size)
    footprint = Footprint()
    combinations_step(footprint, DECK_SIZE + size - 1, size)
    footprint.add(multisets * (8 * size + 16), multisets * size * (size + 9), work=multisets * size * size * 8)
    return SizeEstimate(with_ranking(rules, PROCESS_BYTES + footprint.peak), comb(rules.deck.size, size),
                        footprint.work / OPERATIONS_PER_SECOND)
