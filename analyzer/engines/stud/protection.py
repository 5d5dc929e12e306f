"""Procedure leaks in the games with no dealer hand: community cards seen early, exactly; colluders,
estimated.

*Community cards seen early* (a dealing error): the player sees the first ``k`` community cards before
the first decision. Every set of the player's and those ``k`` cards is as likely as any other, and only
the set matters (the final hand is all of them), so the exact game is every suit class of
``P + k`` known cards played optimally (:func:`analyzer.engines.stud.known.play_known`), weighted by
its size: exact house edge, average total bet and element of risk.

*Colluding players*: ``N`` other players, each holding ``P`` cards, show them to the player; those cards
are dead. Sampled deals (the player's hand and the colluders' cards, from seeded shuffles), each played
exactly over every order of the community cards from the deck without the dead cards, twice: optimally
knowing the dead cards, and by the normal optimal choices (those of the same cards seen without the
information). The dead cards are a random part of the unseen deck, so the normal choices' mean over
the samples is the normal game's exact expected result, and

    house edge(N) = house edge(0) - mean gain,   gain = EV_informed - EV_normal choices >= 0,

the value of the information: zero unless it changes a choice, so its mean has a small error.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

import numpy as np

from analyzer.core.cards import combinations
from analyzer.core.isomorphism import suit_classes
from analyzer.core.progress import progress_bar
from analyzer.engines.base import MAX_COLLUDERS
from analyzer.engines.exact_sums import exact_total
from analyzer.engines.collusion import CollusionEstimate, colluders_count
from analyzer.engines.stud.known import play_known
from analyzer.engines.stud.tree import GameTree

#: Known-card sets played per batch.
BATCH = 64
#: Sampled deals per batch of the colluder estimate.
DEAL_BATCH = 16
#: Deals sampled by default for the colluder estimate (about 40 s for Mississippi Stud on one core).
DEFAULT_DEALS = 2_000


def seen_label(seen: int) -> str:
    """``N community card(s) seen early``.

    >>> seen_label(1), seen_label(2)
    ('1 community card seen early', '2 community cards seen early')
    """
    return f"{seen} community card{'s' if seen > 1 else ''} seen early"


def seen_problem(community_cards: int, seen: int) -> str | None:
    """Why ``seen`` community cards seen early cannot be analysed, or None.

    >>> seen_problem(2, 3)
    'between 1 and 2 of the 2 community cards can be seen early, not 3'
    """
    if not 1 <= seen <= community_cards:
        return f"between 1 and {community_cards} of the {community_cards} community cards can be seen early, not {seen}"
    return None


def seen_figures(tree: GameTree, seen: int, progress: bool = False) -> dict[str, Fraction]:
    """The exact house edge per ante, average total bet and element of risk with ``seen`` community
    cards seen before the first decision."""
    known = tree.rules.player_cards + seen
    sets = combinations(52, known).astype(np.int64)
    classes = suit_classes(sets)
    cards, weights = sets[classes.representatives], classes.weights
    net = staked = 0
    orders = 1
    batches = range(0, len(cards), BATCH)
    for start in progress_bar(batches, len(batches), progress, seen_label(seen)):
        play = play_known(tree, cards[start:start + BATCH])
        net += int(play.totals @ weights[start:start + BATCH])  # in the values' type: within the cycle's bound
        staked += int(play.stakes @ weights[start:start + BATCH])
        orders = play.orders
    deals = len(sets) * orders
    edge = -Fraction(net, deals * tree.scale)
    average = Fraction(staked, deals)
    return {"house_edge_per_ante": edge, "element_of_risk": edge / average, "average_total_bet": average}


class StudCollusionEstimate(CollusionEstimate):
    """The colluder estimate of a game with no dealer hand (``switched``: deals whose first decision the
    dead cards changed)."""

    def method(self) -> str:
        return (f"ESTIMATE, not exhaustive: {self.deals:,} sampled deals (seed {self.seed}), each played optimally "
                f"knowing the dead cards ({colluders_count(self.colluders)}), exactly over every order of the "
                f"community cards; edge = normal edge - mean value of the information; standard error "
                f"{100 * self.standard_error:.4f}%")


def sampled_deals(tree: GameTree, colluders: int, count: int, seed: int, batch: int) -> tuple[np.ndarray, np.ndarray]:
    """``count`` uniformly shuffled deals (the player's cards, the colluders' cards), the ``batch``-th of
    ``seed``."""
    rng = np.random.default_rng([seed, batch])
    order = np.argsort(rng.random((count, 52)), axis=1)
    player = tree.rules.player_cards
    return np.sort(order[:, :player], axis=1), order[:, player:player * (colluders + 1)]


def estimate_collusion(tree: GameTree, normal_edge: Fraction, colluders: int, deals: int, seed: int = 1,
                       progress: bool = False) -> StudCollusionEstimate:
    """Estimate the house edge per ante with ``colluders`` other players' cards known (see the module)."""
    if not 1 <= colluders <= MAX_COLLUDERS:
        raise ValueError(f"between 1 and {MAX_COLLUDERS} colluding players, not {colluders}")
    started = time.perf_counter()
    gains, switched = [], 0
    sizes = [min(DEAL_BATCH, deals - start) for start in range(0, deals, DEAL_BATCH)]
    for batch, size in enumerate(progress_bar(sizes, len(sizes), progress,
                                              f"{tree.rules.name}: deals with {colluders_count(colluders)}")):
        hands, dead = sampled_deals(tree, colluders, size, seed, batch)
        normal = play_known(tree, hands, decisions=True)
        informed = play_known(tree, hands, dead, decisions=True)
        usual = play_known(tree, hands, dead, follow=normal)
        gains.append(informed.totals - usual.totals)
        switched += int((informed.decisions[0][0][2][:, 0] != normal.decisions[0][0][2][:, 0]).sum())
    gain = np.concatenate(gains)
    if (gain < 0).any():
        raise AssertionError("the optimal play knowing the dead cards did worse than the normal play")
    unit = informed.orders * tree.scale
    spread = float(np.std(gain.astype(np.float64) / unit, ddof=1)) if deals > 1 else math.inf
    return StudCollusionEstimate(tree.rules.name, colluders, deals, seed, normal_edge,
                                 Fraction(exact_total(gain), deals * unit), spread / math.sqrt(deals), switched,
                                 time.perf_counter() - started)
