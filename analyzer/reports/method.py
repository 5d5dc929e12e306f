"""The method of an analysis in words, for a report: how the cycle (every equally likely deal) is counted.

The cycle is the engine's count; :func:`cycle_stages` finds, among the
natural ways of dealing the game's cards from its deck (one 52-card deck unless it says), the product
of binomial coefficients that equals it, stage by stage: the player's cards,
the dealer's (the up cards, then the others, when the count tells which are
up) and the community cards, as one set or street by street. A hand is a set
of cards, but where the player decides between streets, which cards came on
which street matters: the board is then counted street by street, each street
a set, so the count is the unordered count times the ways to split the board
into the streets (for a flop of 3 cards then 2 more, C(5,3) = 10). Every
probability is the same either way. :func:`cycle_explanation` writes the
stages out as a sentence.

>>> from math import comb
>>> from analyzer.games.rules import load_game
>>> print(cycle_explanation(load_game("threecard"), comb(52, 3) * comb(49, 3)))
C(52,3) x C(49,3) = 22,100 x 18,424 = 407,170,400: the player's 3 cards, then the dealer's 3 cards.
"""

from __future__ import annotations

from itertools import product
from math import comb, prod
from typing import NamedTuple

from analyzer.core.cards import JOKER_RANK, RANK_SYMBOLS
from analyzer.games.rules import GameRules


class Stage(NamedTuple):
    """One stage of the count: what is dealt, its count as a binomial ("C(50,3)"), its number."""

    what: str
    formula: str
    number: int


def compositions(total: int) -> list[tuple[int, ...]]:
    """The ways to deal ``total`` cards in streets (ordered parts), fewest streets first, larger first.

    >>> compositions(3)
    [(3,), (2, 1), (1, 2), (1, 1, 1)]
    """
    if total == 0:
        return [()]
    ways = [(first, *rest) for first in range(total, 0, -1) for rest in compositions(total - first)]
    return sorted(ways, key=len)


def _ways(rules: GameRules) -> list[list[list[tuple[int, str, bool]]]]:
    """For each group of cards, the ways to count it: each a list of (cards, the words, a street?) stages."""
    groups = [[[(rules.player_cards, f"the player's {rules.player_cards} cards", False)]]]
    dealer, up = rules.dealer_cards, rules.dealer_up_cards
    if dealer:
        ways = [[(dealer, f"the dealer's {dealer} cards", False)]]
        if up:
            ways.insert(0, [(up, f"the dealer's {up} up card{'s' if up > 1 else ''}", False),
                            (dealer - up, f"the dealer's other {dealer - up} cards", False)])
        groups.append(ways)
    community = rules.community_cards
    if community:
        groups.append([[(community, f"the {community} community cards", False)]] +
                      [[(cards, f"community cards, street {street} ({cards} card{'s' if cards > 1 else ''}, a set)",
                         True) for street, cards in enumerate(streets, start=1)]
                       for streets in compositions(community) if len(streets) > 1])
    return groups


def _chosen(rules: GameRules, cycle: int) -> list[tuple[int, str, bool]]:
    """The first way of counting whose product is ``cycle``; the natural one when none is."""
    choices = [[stage for way in choice for stage in way] for choice in product(*_ways(rules))]
    return next((choice for choice in choices if _count(choice, rules.deck.size) == cycle), choices[0])


def _count(stages: list[tuple[int, str, bool]], deck: int) -> int:
    left, count = deck, 1
    for cards, _, _ in stages:
        count, left = count * comb(left, cards), left - cards
    return count


def cycle_stages(rules: GameRules, cycle: int) -> list[Stage]:
    """How the cycle counts deals: one :class:`Stage` per group of cards dealt, each C(cards left, cards
    dealt), the last the product. The first way of counting (see the module) whose product is
    ``cycle``; when none is, the natural one (its product then differs from ``cycle``: a report says so).

    >>> from analyzer.games.rules import load_game
    >>> [stage.formula for stage in cycle_stages(load_game("uth"), 10 * comb(52, 2) * comb(50, 2) * comb(48, 5))]
    ['C(52,2)', 'C(50,2)', 'C(48,3)', 'C(45,2)', 'C(52,2) x C(50,2) x C(48,3) x C(45,2)']
    """
    lines, left = [], rules.deck.size
    for cards, what, _ in _chosen(rules, cycle):
        lines.append(Stage(what, f"C({left},{cards})", comb(left, cards)))
        left -= cards
    lines.append(Stage("cycle: the product", " x ".join(line.formula for line in lines),
                       prod(line.number for line in lines)))
    return lines


def cycle_explanation(rules: GameRules, cycle: int) -> str:
    """:func:`cycle_stages` as a sentence, saying how many times each board is counted when the board is
    counted street by street; a plain statement of the number when no natural product gives it."""
    *stages, total = cycle_stages(rules, cycle)
    if total.number != cycle:
        return f"{cycle:,} equally likely deals, as counted by the game's engine."
    values = " x ".join(f"{stage.number:,}" for stage in stages)
    words = ", then ".join(stage.what for stage in stages)
    streets = [cards for cards, _, street in _chosen(rules, cycle) if street]
    note = ""
    if streets:
        deck = rules.deck.size
        ways = _count([(cards, "", True) for cards in streets], deck) // comb(deck, sum(streets))
        note = (f" The {sum(streets)} community cards are counted street by street, each street a set, so every "
                f"board is counted {ways:,} times (once for each way to split it into the streets): the cycle is "
                f"{ways:,} times the count with the board as one set, and every probability is the same.")
    return f"{total.formula} = {values} = {cycle:,}: {words}.{note}"


def cards_used(rules: GameRules) -> list[tuple[str, str]]:
    """What the game is dealt from and how its hands rank, for a report: the deck, the ranking, the wild cards.

    >>> from analyzer.games.rules import load_game
    >>> cards_used(load_game("deuces"))
    [('deck', 'one 52-card deck'), ('ranking', 'five-card poker hand, deuces wild'), ('wild cards', 'the 2s')]
    >>> cards_used(load_game("djwild"))[2]
    ('wild cards', 'the 2s, the joker')
    """
    ranking = rules.ranking
    wild = ", ".join("the joker" + ("s" if rules.deck.jokers > 1 else "") if rank == JOKER_RANK
                     else f"the {RANK_SYMBOLS[rank]}s" for rank in ranking.wild) or "none"
    return [("deck", rules.deck.describe()), ("ranking", ranking.title), ("wild cards", wild)]


def method_paragraphs(rules: GameRules, cycle: int) -> list[str]:
    """The method in prose: exhaustive enumeration, the cycle, the strategy (or that there is none), exact
    arithmetic; from a shoe, how hands are counted by card type."""
    decks = rules.deck.decks
    shoe = (f" Every card of the shoe is a separate card, so a hand may hold up to {decks} copies of one card; "
            "hands are counted by card type: a hand holding one rank and suit m times (each of its cards) is dealt "
            f"the product of C({decks}, m) ways, and these add up to the cycle." if decks > 1 else "")
    strategy = ("For every situation the player can be in, the expected value of each decision is computed exactly "
                "from the counts of the dealer's hands (and the cards still to come) against it, and the optimal "
                "decision is the one of largest value; exact ties are broken towards the smaller wager. "
                if rules.decided else "The player decides nothing: every wager is settled by the cards alone. ")
    return [
        "Every deal of the cards is counted: the analysis is an exhaustive enumeration, with no sampling. "
        "Each deal is equally likely, and the number of deals is the cycle: " + cycle_explanation(rules, cycle)
        + shoe,
        strategy + "Each wager's result on each deal follows from the rules and paytables as written (below), so "
        "each table lists every distinct outcome with its number of deals (combinations).",
        "All arithmetic is in integers and exact fractions: probability = combinations / cycle, contribution = "
        "probability x pays, and the house edge is minus the sum of the contributions. Percentages are rounded "
        "to 6 decimals for display only; the exact fractions are given beside them. Only the standard deviation "
        "(a square root) and the figures derived from it are decimals.",
    ]
