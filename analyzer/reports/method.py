"""The method of an analysis in words, for a report: how the cycle (every equally likely deal) is counted.

The cycle is the engine's count; :func:`cycle_explanation` finds, among the
natural ways of dealing the game's cards from one 52-card deck (the player's
cards, the community cards, the dealer's up cards and the others), the
product of binomial coefficients that equals it, and writes it out. Hold'em's
board is dealt as the flop (3 cards) and then the turn and river (2 cards,
unordered), so its cycle is C(50,3) x C(47,2) = 10 x C(50,5) boards per hole
pair: every board is counted 10 times, once per flop it can come from.

>>> from math import comb
>>> from analyzer.games.rules import load_game
>>> print(cycle_explanation(load_game("threecard"), comb(52, 3) * comb(49, 3)))
C(52,3) x C(49,3) = 22,100 x 18,424 = 407,170,400: the player's 3 cards, then the dealer's 3 cards.
"""

from __future__ import annotations

from itertools import product
from math import comb, prod

from analyzer.games.rules import GameRules

DECK = 52


def _steps(rules: GameRules) -> list[list[tuple[list[int], str]]]:
    """For each group of cards, the ways to count them: (card counts, each a binomial, and the words)."""
    cards = rules.player_cards
    steps = [[([cards], f"the player's {cards} cards")]]
    community = rules.community_cards
    if community:
        ways = [([community], f"the {community} community cards")]
        if community == 5:
            ways.append(([3, 2], "the flop (3 community cards), then the turn and river (2 cards, unordered: "
                                 "each board is counted once for each of the 10 flops it can come from)"))
        steps.append(ways)
    dealer, up = rules.dealer_cards, rules.dealer_up_cards
    ways = [([dealer], f"the dealer's {dealer} cards")]
    if up:
        ways.insert(0, ([up, dealer - up], f"the dealer's {up} up card{'s' if up > 1 else ''}, then the dealer's "
                                           f"other {dealer - up} cards"))
    steps.append(ways)
    return steps


def cycle_explanation(rules: GameRules, cycle: int) -> str:
    """The cycle as the product of binomial coefficients that gives it, with the cards each counts
    (see the module); a plain statement of the number when no natural product does."""
    for choice in product(*_steps(rules)):
        sizes = [size for counts, _ in choice for size in counts]
        factors, left = [], DECK
        for size in sizes:
            factors.append((left, size))
            left -= size
        if prod(comb(n, k) for n, k in factors) == cycle and left >= 0:
            terms = " x ".join(f"C({n},{k})" if k > 1 else str(n) for n, k in factors)
            values = " x ".join(f"{comb(n, k):,}" for n, k in factors)
            words = ", then ".join(text for _, text in choice)
            return f"{terms} = {values} = {cycle:,}: {words}."
    return f"{cycle:,} equally likely deals, as counted by the game's engine."


def method_paragraphs(rules: GameRules, cycle: int) -> list[str]:
    """The method in prose: exhaustive enumeration, the cycle, the strategy, exact arithmetic."""
    return [
        "Every deal of the cards is counted: the analysis is an exhaustive enumeration, with no sampling. "
        "Each deal is equally likely, and the number of deals is the cycle: " + cycle_explanation(rules, cycle),
        "For every situation the player can be in, the expected value of each decision is computed exactly from "
        "the counts of the dealer's hands (and the cards still to come) against it, and the optimal decision is "
        "the one of largest value; exact ties are broken towards the smaller wager. Each wager's result on each "
        "deal follows from the rules and paytables as written (below), so each table lists every distinct "
        "outcome with its number of deals (combinations).",
        "All arithmetic is in integers and exact fractions: probability = combinations / cycle, contribution = "
        "probability x pays, and the house edge is minus the sum of the contributions. Percentages are rounded "
        "to 6 decimals for display only; the exact fractions are given beside them. Only the standard deviation "
        "(a square root) and the figures derived from it are decimals.",
    ]
