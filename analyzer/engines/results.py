"""Results as pandas DataFrames: return table, wager tables, summary, strategy.

Every table has a ``combinations`` column of exact integers that adds up to
the cycle, and exact ``probability`` and ``contribution`` columns
(``fractions.Fraction``); floats appear only when a table is displayed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, NotRequired, Protocol, TypedDict

import numpy as np
import pandas as pd

from analyzer.core import figures
from analyzer.core.ranking import HandRanking
from analyzer.engines.card_sets import pair_deals, set_deals
from analyzer.engines.exact_sums import SumBound, largest_net, raise_stakes
from analyzer.games.rules import (
    OUTCOME_LABELS,
    OUTCOMES,
    GameRules,
    PaidOn,
    Paytable,
    RulesError,
    SideBet,
    Wager,
)
from analyzer.games.settlement import scaled, settle

if TYPE_CHECKING:
    from analyzer.engines.strategy_grid import DecisionGrid

FOLD_LABEL = "player folds"
NO_LINE_LABEL = "no paying hand"


class TopAward(TypedDict):
    """A main wager's largest paytable award and its odds "1 in N" (:meth:`GameResults.top_awards`)."""

    top_award: str
    pays: Fraction
    one_in: Fraction | None


class SideBetSummary(TypedDict):
    """House edge, hit frequency and top award odds of one side bet paytable (:func:`side_bet_summary`)."""

    house_edge: Fraction
    hit_frequency: Fraction
    standard_deviation: str
    top_award: str | None
    top_award_one_in: Fraction | None
    default: bool


class MainFigures(TypedDict):
    """The figures of the main game (:meth:`GameResults.main_figures`): the shared ones, and those some
    engines add (the share of deals taking each choice at each decision point; a draw game's return to
    player and award frequency). Every engine gives the variance; the summary's copy
    (:func:`analyzer.reports.summary.summary`) leaves it out."""

    house_edge_per_ante: Fraction
    house_edge_per_initial_wager: Fraction
    element_of_risk: Fraction
    average_total_bet: Fraction
    standard_deviation: str
    variance: NotRequired[Fraction]
    hit_frequency: Fraction
    actions: dict[str, Fraction]
    top_awards: dict[str, TopAward]
    decision_points: NotRequired[dict[str, dict[str, Fraction]]]
    return_to_player: NotRequired[Fraction]
    award_frequency: NotRequired[Fraction]


class PostableRule(Protocol):
    """A strategy a dealer could post (:meth:`GameResults.posted_rule`), with its exact cost against the optimal
    one."""

    @property
    def cost(self) -> Fraction:
        """Its cost per ante against the optimal strategy."""
        ...

    @property
    def text(self) -> str:
        """The rule in words, on one line."""
        ...

    def strategy_file(self, game: str) -> str:
        """The rule as a strategy file (``--strategy`` reads it back)."""
        ...

    def table(self) -> pd.DataFrame:
        """One row per group or decision point."""
        ...


class Timing(TypedDict):
    """How long an analysis took and when it finished (the keywords of a results object)."""

    seconds: float
    finished_at: datetime


def timing(started: float) -> Timing:
    """``seconds`` since ``started`` (a ``time.perf_counter()``) and ``finished_at`` now, for a results object."""
    return {"seconds": time.perf_counter() - started, "finished_at": datetime.now().astimezone()}


def exact_table(events: list[str], pays: list[Fraction], combinations: list[int], cycle: int) -> pd.DataFrame:
    """An outcome table: event, pays (result per unit), combinations, probability, contribution."""
    probability = [Fraction(int(count), cycle) for count in combinations]
    return pd.DataFrame({
        "outcome": events,
        "pays": pays,
        "combinations": [int(count) for count in combinations],
        "probability": probability,
        "contribution": [p * pay for p, pay in zip(probability, pays, strict=True)],
    })


def exact_bincount(codes: np.ndarray, counts: np.ndarray, length: int) -> np.ndarray:
    """Exact int64 sums of ``counts`` per code in ``0 .. length - 1``.

    ``np.bincount`` sums in float64, exact only below 2**53; summing the low
    and high 26 bits of the counts separately keeps every partial sum exact
    for up to 2**27 rows of counts below 2**52.

    >>> exact_bincount(np.array([0, 2, 2]), np.array([2**52 - 1, 2**52 - 1, 5]), 3).tolist()
    [4503599627370495, 0, 4503599627370500]
    """
    assert len(counts) < 2**27 and (counts < 2**52).all() and (counts >= 0).all()
    low = np.bincount(codes, weights=counts & (2**26 - 1), minlength=length)
    high = np.bincount(codes, weights=counts >> 26, minlength=length)
    return (np.rint(high).astype(np.int64) << 26) + np.rint(low).astype(np.int64)


def grouped(keys: dict[str, np.ndarray], combinations: np.ndarray) -> pd.DataFrame:
    """Exact sums of ``combinations`` per distinct combination of the integer ``keys``, in key order.

    Keys of any size: Python integers (an object array, results past 64 bits) and keys whose ranges
    multiply past 64 bits are grouped by their rank among their distinct values.

    >>> grouped({"net": np.array([2**70, -1, 2**70], dtype=object)}, np.array([1, 2, 3])).values.tolist()
    [[-1, 2], [1180591620717411303424, 4]]
    """
    columns = [np.ravel(values) for values in keys.values()]
    counts = np.ravel(combinations).astype(np.int64)
    spans = [(int(column.max()) - int(column.min()) + 1) if len(column) else 1 for column in columns]
    wide = np.prod(spans, dtype=float) >= 2**62
    decoders: list[np.ndarray | None] = [None] * len(columns)
    for index, column in enumerate(columns):
        if column.dtype == object or (wide and spans[index] > 1):
            decoders[index], columns[index] = np.unique(column, return_inverse=True)
        columns[index] = columns[index].astype(np.int64)
    code = np.zeros(len(counts), dtype=np.int64)
    lows, radices = [], []
    for column in columns:
        low = int(column.min()) if len(column) else 0
        radix = (int(column.max()) if len(column) else 0) - low + 1
        code = code * radix + (column - low)
        lows.append(low)
        radices.append(radix)
    assert np.prod(radices, dtype=float) < 2**63, "too many distinct keys to code in 64 bits"
    if np.prod(radices, dtype=float) <= 2**24:  # small code space: count by code directly
        distinct = np.arange(int(np.prod(radices)), dtype=np.int64)
    else:
        distinct, code = np.unique(code, return_inverse=True)
    sums = exact_bincount(code, counts, len(distinct))
    present = sums > 0
    remaining, values = distinct[present], {}
    for name, low, radix, decoder in reversed(list(zip(keys, lows, radices, decoders, strict=True))):
        values[name] = remaining % radix + low if decoder is None else decoder[remaining % radix + low]
        remaining = remaining // radix
    return pd.DataFrame({**{name: values[name] for name in keys}, "combinations": sums[present]})


def distribution(table: pd.DataFrame, column: str = "pays") -> figures.Distribution:
    """The result -> count map of an outcome table (rows with equal results merged)."""
    merged: figures.Distribution = {}
    for pays, count in zip(table[column], table["combinations"], strict=True):
        merged[Fraction(pays)] = merged.get(Fraction(pays), 0) + int(count)
    return merged


def net_table(net: np.ndarray, combinations: np.ndarray, scale: int, cycle: int) -> pd.DataFrame:
    """The return table: every distinct net result (``net`` scaled by ``scale``), highest first, with the
    summed ``combinations`` of the rows that make it.

    >>> net_table(np.array([2, -2, 2]), np.array([1, 2, 1]), 2, 4)[["outcome", "combinations"]].values.tolist()
    [['net +1', 2], ['net -1', 2]]
    """
    rows = grouped({"net": net}, combinations).sort_values("net", ascending=False)
    nets = [Fraction(int(value), scale) for value in rows["net"]]
    table = exact_table([f"net {_signed(value)}" for value in nets], nets, list(rows["combinations"]), cycle)
    return table.rename(columns={"pays": "net"})


@dataclass(frozen=True)
class SettlementProfiles:
    """Deals grouped by what settles them: the Play multiple made (0: fold) and the line each
    main-game paytable pays (``hits``, by wager name; -1: none), with the group's deals per
    outcome when played and its deals when folded (exact)."""

    multiple: np.ndarray
    hits: dict[str, np.ndarray]
    per_outcome: np.ndarray
    folded: np.ndarray


@dataclass(frozen=True)
class HandCounts:
    """Deals of the cycle by the player's hand on one ranking: one rank per row and its deals."""

    ranks: np.ndarray
    deals: np.ndarray


@dataclass
class GameResults:
    """Tables and figures of any game, from its settlement profiles and its player-hand counts.

    A game's analysis provides ``cycle``, ``scale`` (the common denominator of
    its results), ``settled``, ``action_names`` (name of each Play multiple)
    and ``hand_counts``; everything a report shows follows from those.
    """

    rules: GameRules
    seconds: float = field(default=0.0, kw_only=True)
    finished_at: datetime = field(default_factory=datetime.now, kw_only=True)
    _tables: dict[tuple[object, ...], pd.DataFrame] = field(default_factory=dict, repr=False, compare=False, kw_only=True)

    @property
    def cycle(self) -> int:
        """All equally likely deals."""
        raise NotImplementedError

    @property
    def scale(self) -> int:
        """Common denominator of every result of the main game."""
        raise NotImplementedError

    @property
    def settled(self) -> SettlementProfiles:
        """The deals grouped by what settles them."""
        raise NotImplementedError

    def strategy_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """The strategy as tables for a report: (title, table, whether to total its counts), best first;
        each engine's results give their own (a game with no decision has none)."""
        return []

    @property
    def action_names(self) -> dict[int, str]:
        """Name of the final decision that makes each Play multiple (0: fold)."""
        raise NotImplementedError

    def hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals by the player's best ``ranking`` hand (for side bets and paytable lines)."""
        raise NotImplementedError

    def posted_rule(self) -> PostableRule | None:
        """The strategy a dealer could post, with its exact house edge and cost (None when not computed)."""
        raise NotImplementedError

    def decision_grid(self) -> DecisionGrid:
        """The strategy as a grid of decisions (:mod:`analyzer.engines.strategy_grid`)."""
        raise NotImplementedError

    def decision_files(self) -> dict[str, tuple[str, pd.DataFrame]]:
        """Decision tables too long for a workbook, which a report writes beside it as CSV files:
        name -> (what it holds, table). None by default."""
        return {}

    def _cached(self, key: tuple[object, ...], make: Callable[[], pd.DataFrame]) -> pd.DataFrame:
        """A table computed once per analysis (the report and the summary share them); a copy each time."""
        if key not in self._tables:
            self._tables[key] = make()
        return self._tables[key].copy()

    # -- the main game -------------------------------------------------------
    def return_table(self) -> pd.DataFrame:
        """Every distinct net result of the main game, per ante, with its exact count."""
        return self._cached(("return",), self._return_table)

    def _settle(self, wager: Wager) -> np.ndarray:
        """``wager``'s scaled result per unit for each settlement profile and outcome, in a type that holds
        the profile's net result exactly (:mod:`analyzer.engines.exact_sums`)."""
        hits = self.settled.hits.get(wager.name, np.full(len(self.settled.multiple), -1))
        largest = largest_net(raise_stakes(self.rules, int(self.settled.multiple.max(initial=0))), self.scale)
        return SumBound.of(1, largest).cast(settle(wager, hits, self.scale))

    def _return_table(self) -> pd.DataFrame:
        scale, settled = self.scale, self.settled
        initial = sum(self._settle(w) for w in self.rules.wagers if w.role == "initial")
        net = initial + settled.multiple[:, None] * self._settle(self.rules.raise_wager)
        fold_net = sum(int(scaled([w.on_fold], scale)[0]) for w in self.rules.wagers)
        return net_table(np.concatenate([net.ravel(), np.full(len(settled.folded), fold_net)]),
                         np.concatenate([settled.per_outcome.ravel(), settled.folded]), scale, self.cycle)

    def wager_table(self, wager: Wager) -> pd.DataFrame:
        """Outcomes of one main wager under the optimal strategy, per unit of the Ante."""
        return self._cached(("wager", wager.name), lambda: self._wager_table(wager))

    def _wager_table(self, wager: Wager) -> pd.DataFrame:
        scale, settled = self.scale, self.settled
        results = self._settle(wager)
        hits = settled.hits.get(wager.name, np.full(len(settled.multiple), -1))
        multiple = settled.multiple if wager.role == "raise" else np.ones_like(settled.multiple)
        outcome = np.broadcast_to(np.arange(len(OUTCOMES)), results.shape)
        if wager.paid_whatever_the_dealer:
            outcome = np.where((hits >= 0)[:, None], -1, outcome)  # a paid line ignores the dealer
        line = np.broadcast_to(hits[:, None], results.shape)
        folded = settled.folded
        keys = {
            "multiple": np.concatenate([np.broadcast_to(multiple[:, None], results.shape).ravel(),
                                        np.zeros(len(folded), dtype=np.int64)]),
            "line": np.concatenate([line.ravel(), np.full(len(folded), -1)]),
            "outcome": np.concatenate([outcome.ravel(), np.full(len(folded), -2)]),
            "result": np.concatenate([(results * multiple[:, None]).ravel(),
                                      np.full(len(folded), int(scaled([wager.on_fold], scale)[0]), dtype=results.dtype)]),
        }
        rows = grouped(keys, np.concatenate([settled.per_outcome.ravel(), folded]))
        rows = rows.sort_values(["multiple", "line", "outcome"], ascending=[False, True, True])
        events = [self._event(wager, int(m), int(li), int(o)) for m, li, o in
                  zip(rows["multiple"], rows["line"], rows["outcome"], strict=True)]
        return exact_table(events, [Fraction(int(r), scale) for r in rows["result"]],
                           list(rows["combinations"]), self.cycle)

    @staticmethod
    def _event(wager: Wager, multiple: int, line: int, outcome: int) -> str:
        if outcome == -2:
            return FOLD_LABEL
        parts = []
        if wager.role == "raise":
            parts.append(f"play {multiple}x")
        if outcome >= 0:
            parts.append(OUTCOME_LABELS[OUTCOMES[outcome]])
        if line >= 0 and wager.paytable is not None:
            parts.append(wager.paytable.lines[line].label)
        return ": ".join(parts)

    # -- side bets ---------------------------------------------------------
    def losing_hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals in which the dealer's hand beats the player's, by the player's final hand (for a bet paid
        only when the player loses); engines that count outcome by final hand give it."""
        raise RulesError(f"{self.rules.source}: a side bet paid only when the player loses needs the outcome by "
                         "the player's final hand, which this game's analysis does not count")

    def paid_hands(self, ranking: HandRanking, paid: PaidOn = PaidOn()) -> HandCounts:
        """Deals by the hand a side bet is paid on (see :class:`analyzer.games.rules.PaidOn`).

        With ``board_cards`` the player's cards and that many community cards
        are an equally likely set of ``ranking.cards`` cards in every deal;
        with ``cards_from`` the union of the sets named is an equally likely
        set of ``set_cards`` cards. Each such set is dealt ``cycle / C(52,
        cards)`` times, so the bet's hands are the best hand of every set,
        scaled (:mod:`analyzer.engines.card_sets`). The dealer's cards (as
        many as the player's) with the same community cards are dealt exactly
        as the player's are (exchange the two hands: a one-to-one map of the
        deals), so a bet on the dealer's hand has the player's counts.
        """
        if paid.pays_when == "player_loses":
            return self.losing_hand_counts(ranking)
        if paid.on_final_hand:
            return self.hand_counts(ranking)
        ranks, deals = set_deals(ranking, paid.set_cards or ranking.cards, self.cycle, self.rules.source)
        return HandCounts(ranks, deals)

    def hand_pair_counts(self, ranking: HandRanking) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deals by the pair of final hands, the player's and the dealer's (rows: player rank, dealer rank,
        deals), for a bet on both hands; engines that count them give it."""
        raise RulesError(f"{self.rules.source}: a side bet on both final hands needs the deals by the pair of "
                         "final hands, which this game's analysis does not count")

    def paid_pairs(self, ranking: HandRanking, paid: PaidOn) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deals by the pair of hands a bet on both hands is paid on: the final hands
        (:meth:`hand_pair_counts`), or the player's ``cards_from`` set and the dealer's own cards, every pair of
        disjoint sets counted (:func:`analyzer.engines.card_sets.pair_deals`)."""
        if not paid.cards_from:
            return self.hand_pair_counts(ranking)
        return pair_deals(ranking, paid.set_cards, paid.dealer_set_cards, self.cycle, self.rules.source)

    def line_combinations(self, ranking: HandRanking, paytable: Paytable, paid: PaidOn = PaidOn()) -> list[int]:
        """Deals whose hand (the player's, or the one ``paid`` names) is paid by each line of ``paytable``,
        whatever the decision."""
        if paid.hand_of == "both":
            player, dealer, deals = self.paid_pairs(ranking, paid)
            hits = paytable.line_index(ranking, player, dealer)
            return [int(deals[hits == index].sum()) for index in range(len(paytable.lines))]
        hands = self.paid_hands(ranking, paid)
        hits = paytable.line_index(ranking, hands.ranks)
        return [int(hands.deals[hits == index].sum()) for index in range(len(paytable.lines))]

    def side_bet_table(self, bet: SideBet, paytable: Paytable) -> pd.DataFrame:
        """Outcomes of a side bet: every paytable line (even one that never occurs) and the loss."""
        return self._cached(("side bet", bet.name, paytable), lambda: self._side_bet_table(bet, paytable))

    def _side_bet_table(self, bet: SideBet, paytable: Paytable) -> pd.DataFrame:
        combinations = self.line_combinations(bet.ranking, paytable, bet.paid_on)
        events = [line.label for line in paytable.lines]
        pays = [line.pays for line in paytable.lines]
        misses = self.cycle - sum(combinations)
        if misses:
            events.append(NO_LINE_LABEL)
            pays.append(Fraction(-1))
            combinations.append(misses)
        return exact_table(events, pays, combinations, self.cycle)

    # -- figures -----------------------------------------------------------
    @cached_property
    def net_distribution(self) -> figures.Distribution:
        return distribution(self.return_table(), column="net")

    @cached_property
    def average_total_bet(self) -> Fraction:
        """Initial wagers + E[Play multiple], in units of the Ante (a fold adds nothing)."""
        settled = self.settled
        raised = sum(int(deals) * int(multiple) for deals, multiple in
                     zip(settled.per_outcome.sum(axis=1), settled.multiple, strict=True))
        return self.rules.initial_units + Fraction(raised, self.cycle)

    def action_frequencies(self) -> dict[str, Fraction]:
        """P(each final decision) under the optimal strategy, by the Play multiple it makes."""
        settled = self.settled
        deals = settled.per_outcome.sum(axis=1) + settled.folded
        return {name: Fraction(sum(int(d) for d, m in zip(deals, settled.multiple, strict=True) if m == multiple), self.cycle)
                for multiple, name in self.action_names.items()}

    def main_figures(self) -> MainFigures:
        """House edge per ante and per initial wager, element of risk, average bet, SD, hit frequency."""
        distribution_ = self.net_distribution
        mean = figures.mean(distribution_)
        return {
            "house_edge_per_ante": -mean,
            "house_edge_per_initial_wager": -mean / self.rules.initial_units,
            "element_of_risk": figures.element_of_risk(mean, self.average_total_bet),
            "average_total_bet": self.average_total_bet,
            "standard_deviation": figures.standard_deviation(distribution_),
            "variance": figures.variance(distribution_),
            "hit_frequency": figures.hit_frequency(distribution_),
            "actions": self.action_frequencies(),
            "top_awards": self.top_awards(),
        }

    def top_awards(self) -> dict[str, TopAward]:
        """Each main wager's largest paytable award and its odds "1 in N" (the player holding the hand)."""
        awards: dict[str, TopAward] = {}
        for wager in self.rules.wagers:
            paytable = wager.paytable
            if paytable is None:
                continue
            counts = self.line_combinations(wager.ranking, paytable)
            top = max(range(len(counts)), key=lambda index: paytable.lines[index].pays)
            awards[wager.name] = {"top_award": paytable.lines[top].label,
                                  "pays": paytable.lines[top].pays,
                                  "one_in": figures.one_in(Fraction(counts[top], self.cycle))}
        return awards

    def wager_returns(self) -> dict[str, Fraction]:
        """Expected result of each main wager per ante (they add up to E[net])."""
        return {wager.name: figures.mean(distribution(self.wager_table(wager))) for wager in self.rules.wagers}

    def side_bet_figures(self) -> dict[str, dict[str, SideBetSummary]]:
        """House edge, hit frequency and top-award odds of every side bet and paytable."""
        result: dict[str, dict[str, SideBetSummary]] = {}
        for bet in self.rules.side_bets:
            result[bet.name] = {}
            for name, paytable in bet.paytables.items():
                table = self.side_bet_table(bet, paytable)
                result[bet.name][name] = side_bet_summary(table, name == bet.default_paytable)
        return result

def _signed(value: Fraction) -> str:
    text = str(value) if value.denominator != 1 else str(value.numerator)
    return f"+{text}" if value > 0 else text


def side_bet_summary(table: pd.DataFrame, is_default: bool) -> SideBetSummary:
    """House edge, hit frequency and top award odds of one side bet paytable."""
    distribution_ = distribution(table)
    paying = table[table["pays"] > 0]
    top = paying.sort_values("pays").iloc[-1] if len(paying) else None
    return {
        "house_edge": figures.house_edge(distribution_),
        "hit_frequency": figures.hit_frequency(distribution_),
        "standard_deviation": figures.standard_deviation(distribution_),
        "top_award": None if top is None else top["outcome"],
        "top_award_one_in": None if top is None else figures.one_in(top["probability"]),
        "default": is_default,
    }
