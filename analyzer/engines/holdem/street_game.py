"""A Hold'em game over streets (:mod:`analyzer.engines.holdem.streets`): its counts under the optimal
strategy, saved and read back, and its results as the shared tables expect them.

The kernel's class sums keep every pre-flop action apart; the pre-flop
decision of each starting-hand class is then the action of highest value
(ties as ``tie_break`` says), and the counts are those of the actions taken.
A showdown state settles by its raise multiple, so the settlement profiles
are (multiple, final hand line) with their dealer outcomes, and a fold is
the initial wagers' ``on_fold``.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.core.ranking import HandRanking
from analyzer.engines.cache import expect, integers, save_cached
from analyzer.engines.holdem.enumeration import (
    HAND_CLASS_SIZES,
    HAND_CLASSES,
    FlopClassSums,
    flop_classes,
    per_hole_values,
    sum_over_flop_classes,
)
from analyzer.engines.holdem.posted import PostedRun
from analyzer.engines.holdem.results import (
    HoldemPostedRule,
    check_line_patterns,
    line_pair_counts,
    line_ranks,
    line_settlement,
    posted_card_rows,
    preflop_chart,
)
from analyzer.engines.holdem.sevens import LINES
from analyzer.engines.holdem.situations import flop_chart, flop_situations, flop_summary, river_chart, river_summary
from analyzer.engines.holdem.streets import (
    DEALS_PER_HOLE,
    FOLDS,
    LEVEL_NAMES,
    ImposedChoices,
    StreetClassSums,
    StreetPlan,
    as_streets,
    join_sums,
    joined_sums_kind,
    qualifying_rank,
    split_sums,
    strategies_class_sums,
    street_plan,
    street_sums_kind,
)
from analyzer.core.figures import element_of_risk
from analyzer.engines.base import Run, StrategyFigures
from analyzer.engines.holdem.street_strategy import KernelStrategy
from analyzer.engines.results import GameResults, HandCounts, MainFigures, SettlementProfiles, timing
from analyzer.engines.strategy_grid import DecisionGrid, preflop_grid, share_cell
from analyzer.games.rules import OUTCOMES, GameRules, RulesError, Street
from analyzer.games.settlement import common_scale, decision_name, scaled

#: Part of the cache's file name: change it whenever the saved sums change meaning.
SUMS_VERSION = "streets-v3"
#: Beside a file of class sums, the flop choices of a game that decides on the flop (one row per flop class).
FLOP_CHOICES_FILE = "street_flop_choices.npz"
#: Beside a file of class sums, the situations by what a person sees and the choice taken
#: (:func:`analyzer.engines.holdem.streets.street_sums_kind`).
SITUATIONS_FILE = "street_situations.npz"


def game_plan(rules: GameRules) -> tuple[StreetPlan, np.ndarray, int]:
    """The plan, the scaled line settlement (:func:`analyzer.engines.holdem.results.line_settlement`) and the
    scale of a Hold'em game over streets; a RulesError when the kernel's 64-bit sums could overflow
    (:func:`analyzer.engines.holdem.streets.street_plan`)."""
    scale = common_scale(rules)
    return street_plan(rules, scale, fold_net(rules, scale)), line_settlement(rules, scale), scale


def fold_net(rules: GameRules, scale: int) -> int:
    """The scaled net of a fold: the initial wagers' ``on_fold`` (UTH, scale 2: the Ante and the Blind lost, -4)."""
    return sum(int(scaled([w.on_fold], scale)[0]) for w in rules.wagers if w.role != "raise")


def enumerate_street_sums(rules: GameRules, jobs: int = 1, progress: bool = True,
                          flop_class_indices: Sequence[int] | None = None,
                          imposed: ImposedChoices | None = None) -> StreetClassSums:
    """The class sums of every flop class (or the given ones), in parallel chunks; ``imposed``: a strategy's
    choices instead of the values' (:func:`analyzer.engines.holdem.streets.street_class_sums`)."""
    return enumerate_strategies(rules, (imposed,), jobs, progress, flop_class_indices)[0]


def enumerate_strategies(rules: GameRules, strategies: Sequence[ImposedChoices | None], jobs: int = 1,
                         progress: bool = True, flop_class_indices: Sequence[int] | None = None
                         ) -> list[StreetClassSums]:
    """The class sums of each strategy (None: the optimal one) over every flop class (or the given ones), in one
    pass over the flops, each flop's boards classed once for all of them
    (:func:`analyzer.engines.holdem.streets.strategies_class_sums`)."""
    plan, nets, _ = game_plan(rules)
    qualify = qualifying_rank(rules)
    kinds = [street_sums_kind(plan, situations=imposed is None) for imposed in strategies]
    joined = joined_sums_kind(kinds)

    def compute(flops: np.ndarray, weights: np.ndarray) -> FlopClassSums:
        return join_sums(joined, strategies_class_sums(flops, weights, plan, nets, qualify, strategies))
    return split_sums(sum_over_flop_classes(compute, joined, SUMS_VERSION, f"{rules.title}: flop classes", jobs,
                                            progress, None, flop_class_indices), kinds)


def check_sums(plan: StreetPlan, sums: StreetClassSums) -> None:
    """Cached class sums as the enumeration makes them, over any flop classes (else
    :class:`analyzer.engines.cache.DamagedEntry`): counts of deals that are not negative, and every deal of each
    hole class, under each pre-flop action that plays on, ending at a showdown or a fold."""
    counted = (sums.showdown, sums.folds, sums.taken, sums.final_outcomes)
    expect(all((array >= 0).all() for array in counted), "negative counts")
    deals = sums.final_outcomes.sum(axis=(1, 2))
    ended = sums.showdown.sum(axis=(2, 3, 4)) + sums.folds.sum(axis=(2, 3))
    for action in range(ended.shape[1]):
        expect((ended[:, action] == (0 if plan.next[0, 0, action] == FOLDS else deals)).all(),
               "deals not summing to those of each hole class")


def save_sums(path: Path, sums: StreetClassSums) -> None:
    """Write the class sums as one compressed .npz, atomically (its folder made when missing;
    :func:`analyzer.engines.cache.save_cached`), and beside it the flop choices, when the game decides on the
    flop (:data:`FLOP_CHOICES_FILE`), and the situations (:data:`SITUATIONS_FILE`), both written first: the sums'
    file marks a complete entry. The sums' file holds the summed arrays of play only, so it stays what it was
    before the flop choices and the situations were kept."""
    save_flop_choices(path, sums)
    save_situations(path, sums)
    kind = type(sums)
    arrays = {name: getattr(sums, name) for name in kind.SHAPES if name not in kind.SITUATIONS}
    save_cached(path, lambda temporary: np.savez_compressed(temporary, **arrays))


def save_flop_choices(path: Path, sums: StreetClassSums) -> None:
    """Write the flop choices of the class sums (if they have any) beside the sums' file ``path``, atomically."""
    rows = {name: getattr(sums, name).astype(np.int8) for name in type(sums).ROWS}
    if rows:
        save_cached(path.with_name(FLOP_CHOICES_FILE), lambda temporary: np.savez_compressed(temporary, **rows))


def save_situations(path: Path, sums: StreetClassSums) -> None:
    """Write the situations of the class sums (if they count them) beside the sums' file ``path``, atomically."""
    counted = {name: getattr(sums, name) for name in type(sums).SITUATIONS}
    if counted:
        save_cached(path.with_name(SITUATIONS_FILE), lambda temporary: np.savez_compressed(temporary, **counted))


def load_sums(path: Path, plan: StreetPlan) -> StreetClassSums:
    """Read class sums saved by :func:`save_sums`, with their flop choices when the plan decides on the flop (one
    row per flop class enumerated: 1,755 for a full run) and their situations (an array or a file missing, not
    of integers or of a wrong shape is a damaged entry: :class:`analyzer.engines.cache.DamagedEntry`)."""
    kind = street_sums_kind(plan)
    arrays: dict[str, np.ndarray] = {}
    for file, names in ((path.name, [name for name in kind.SHAPES if name not in kind.SITUATIONS]),
                        (SITUATIONS_FILE, kind.SITUATIONS)):
        arrays.update(_read_arrays(path.with_name(file), path, names, lambda name: kind.SHAPES[name], np.int64))
    arrays.update(_read_arrays(path.with_name(FLOP_CHOICES_FILE), path, kind.ROWS,
                               lambda name: (None, *kind.ROWS[name]), kind.ROW_DTYPE))
    return kind(**arrays)


def _read_arrays(file: Path, sums: Path, names: Iterable[str], shape: Callable[[str], tuple[int | None, ...]],
                 dtype: type[np.integer]) -> dict[str, np.ndarray]:
    """The integer arrays ``names`` of one .npz file beside the sums' file ``sums`` (its own or one written beside
    it), each of the given shape (None: any length); no names: none read (the file need not exist)."""
    names = list(names)
    if not names:
        return {}
    expect(file.is_file(), f"no {file.name} beside {sums.name}")
    with np.load(io.BytesIO(file.read_bytes())) as saved:
        return {name: np.asarray(integers(saved, name, *shape(name)), dtype=dtype) for name in names}


@dataclass(frozen=True)
class StreetCounts:
    """Exact counts of a Hold'em game over streets under the optimal strategy, over the cycle the plan counts (the
    turn and river in order, or as a pair: :func:`as_dealt`).

    ``root_values[c, a]``: scaled value of pre-flop action a for one hole pair of class c, summed over its
    DEALS_PER_HOLE deals; ``decision[c]``: the action taken; ``showdown[s, line, outcome]``: deals ending at
    showdown state s; ``folds[level, s]``: deals folding there; ``taken[level, line, choice]``: deals taking
    a street's choice by the line of the cards seen (pre-flop: by class, ``preflop_taken[c, choice]``);
    ``final_outcomes[line, outcome]``: every deal by the final line and the dealer outcome, whatever the
    decisions (a reduced run over some flop classes counts those deals only); ``flop_choice[f, h, s]``: the
    flop choices of every flop class (no rows when the flop never decides,
    :func:`analyzer.engines.holdem.streets.street_sums_kind`); ``flop_situations[s, made hand, draw, choice]``,
    ``river_situations[s, made hand, dealer outs, choice]``: the situations by what a person sees and the choice
    taken at each state that decides (no rows when that street never decides or they were not counted).
    """

    plan: StreetPlan
    scale: int
    root_values: np.ndarray
    decision: np.ndarray
    showdown: np.ndarray
    folds: np.ndarray
    taken: np.ndarray
    preflop_taken: np.ndarray
    final_outcomes: np.ndarray
    flop_choice: np.ndarray
    flop_situations: np.ndarray
    river_situations: np.ndarray

    @property
    def cycle(self) -> int:
        return int(self.final_outcomes.sum())


def street_counts(sums: StreetClassSums, plan: StreetPlan, scale: int,
                  class_sizes: np.ndarray = HAND_CLASS_SIZES, preflop: np.ndarray | None = None) -> StreetCounts:
    """The pre-flop decisions from the class sums (classes of hole pairs of ``class_sizes``: by default the 169
    starting hands), or the street's choice index ``preflop[c]`` a written strategy gives each class, then every
    count under them."""
    values = per_hole_values(sums.root_values, class_sizes)
    decision = np.zeros(len(values), dtype=np.int64)
    for action in range(1, values.shape[1]):
        if preflop is not None:
            decision = np.where(plan.action[0, 0, action] == preflop, action, decision)
            continue
        better = values[:, action] >= values[np.arange(len(values)), decision] if plan.larger else \
            values[:, action] > values[np.arange(len(values)), decision]
        decision = np.where(better, action, decision)
    chosen = np.arange(len(values))
    counted = as_dealt(plan, sums.final_outcomes, sums.folds, sums.showdown, sums.taken)
    final_outcomes, folds_by_action, showdown, taken = counted
    class_deals = final_outcomes.sum(axis=(1, 2))
    folds = folds_by_action[chosen, decision].sum(axis=0)
    root_folds = plan.next[0, 0, decision] == FOLDS
    folds[0, 0] += int(class_deals[root_folds].sum())
    street = plan.streets[0]
    preflop_taken = np.zeros((len(values), len(street.choices) if street else 1), dtype=np.int64)
    preflop_taken[chosen, np.maximum(plan.action[0, 0, decision], 0)] = class_deals
    flop_choice = np.zeros((0, 0, 0), np.int8)
    if "flop_choice" in type(sums).ROWS:  # a field of the kinds street_sums_kind makes when the flop decides only
        flop_choice = getattr(sums, "flop_choice")  # noqa: B009 (not declared on StreetClassSums: mypy knows no such attribute)
    # fields of the kinds that count situations only (as above)
    situations = [getattr(sums, name) if name in type(sums).SITUATIONS else np.zeros((0, 0, 0, 0), np.int64)
                  for name in ("flop_situations", "river_situations")]
    return StreetCounts(plan, scale, values, decision, showdown[chosen, decision].sum(axis=0), folds,
                        taken[chosen, decision].sum(axis=0), preflop_taken, final_outcomes.sum(axis=0),
                        flop_choice, *situations)


def one_play_bet_edge(rules: GameRules, settlement_by_hand: np.ndarray) -> Fraction:
    """The house edge per ante of a one-Play-bet run, ``settlement_by_hand[multiple, outcome, line]`` (multiple 0:
    a fold), under the main wagers of ``rules``: a showdown settles at the scaled nets of its line and outcome,
    the initial wagers' plus the Play multiple times the raise wager's
    (:func:`analyzer.engines.holdem.results.line_settlement`), a fold at the initial wagers' ``on_fold``.

    >>> from analyzer.games.rules import load_game
    >>> cells = np.zeros((5, 6, 10), dtype=np.int64)
    >>> cells[0, 0, 9] = cells[4, OUTCOMES.index("win"), 9] = 1   # a fold (-2), a 4x win with high card (+5)
    >>> one_play_bet_edge(load_game("uth"), cells)
    Fraction(-3, 2)
    """
    rules = as_streets(rules)
    scale = common_scale(rules)
    nets = line_settlement(rules, scale)
    fold = fold_net(rules, scale)
    by_hand = settlement_by_hand.astype(object)  # Python integers: no product can overflow
    multiples = np.arange(by_hand.shape[0]).reshape(-1, 1, 1)
    showdowns = (by_hand[1:] * (nets[:, :, 0].T.astype(object) + multiples[1:] * nets[:, :, 1].T.astype(object)))
    total = int(showdowns.sum()) + fold * int(by_hand[0].sum())
    return -Fraction(total, scale * int(by_hand.sum()))


def as_dealt(plan: StreetPlan, *counts: np.ndarray) -> tuple[np.ndarray, ...]:
    """Counts of deals as the cycle counts them: the kernel counts each unordered turn and river twice, once in
    each order; a plan that counts them as a pair (``turn_river_orders`` 1) halves every count, exactly (no
    decision falls between the two cards, so both orders of a deal end alike).

    >>> from analyzer.games.rules import load_game
    >>> plan = game_plan(as_streets(load_game("uth")))[0]      # turn_and_river = "as a pair"
    >>> as_dealt(plan, np.array([4, 6]))[0].tolist()
    [2, 3]
    """
    halves = 2 // plan.turn_river_orders
    if halves == 1:
        return counts
    if any((array % halves).any() for array in counts):
        raise ArithmeticError("the two orders of a board did not play alike")
    return tuple(array // halves for array in counts)


@dataclass
class StreetAnalysis(GameResults):
    """The exact analysis of a Hold'em game over streets; ``posted``: the run of a posted card
    (:class:`analyzer.engines.holdem.posted.PostedRun`) made with it or committed, for a game that takes one."""

    counts: StreetCounts
    posted: PostedRun | None = field(default=None, kw_only=True)

    @property
    def cycle(self) -> int:
        return self.counts.cycle

    @property
    def scale(self) -> int:
        """The settlement's scale: the common denominator of the rules' main game (the counts' own, or another
        pay's when the counts are re-settled under changed rules with the strategy held fixed)."""
        return common_scale(self.rules)

    @property
    def plan(self) -> StreetPlan:
        return self.counts.plan

    @cached_property
    def settled(self) -> SettlementProfiles:
        """One profile per (raise multiple, final line), and one for the folds."""
        counts, plan = self.counts, self.plan
        multiples = sorted({plan.showdown_multiple(s) for s in range(len(plan.states[-1]))})
        per_outcome = np.zeros((len(multiples) * len(LINES) + 1, counts.showdown.shape[2]), dtype=np.int64)
        for state in range(counts.showdown.shape[0]):
            if counts.showdown[state].any():
                at = multiples.index(plan.showdown_multiple(state)) * len(LINES)
                per_outcome[at:at + len(LINES)] += counts.showdown[state]
        multiple = np.append(np.repeat(np.array(multiples, dtype=np.int64), len(LINES)), 0)
        lines = np.append(np.tile(np.arange(len(LINES)), len(multiples)), -1)
        folded = np.zeros(len(multiple), dtype=np.int64)
        folded[-1] = int(counts.folds.sum())
        lowest, _ = line_ranks(self.rules.ranking)
        hits = {w.name: np.where(lines >= 0, w.paytable.line_index(w.ranking, lowest)[lines], -1)
                for w in self.rules.wagers if w.paytable}
        return SettlementProfiles(multiple, hits, per_outcome, folded)

    @property
    def action_names(self) -> dict[int, str]:
        """Fold, and each total raise multiple a showdown can reach ("total bet 3x"); in a game of one bet
        (``play_once``) each names the bet and the streets offering it ("play 3x (pre-flop)", "fold (river)").

        >>> from analyzer.engines.holdem.streets import as_streets
        >>> from analyzer.games.rules import load_game
        >>> StreetAnalysis.names_of_actions(as_streets(load_game("uth")), [1, 4])
        {0: 'fold (river)', 1: 'play 1x (river)', 4: 'play 4x (pre-flop)'}
        """
        return self.names_of_actions(self.rules, [int(m) for m in self.settled.multiple[:-1]])

    @staticmethod
    def names_of_actions(rules: GameRules, multiples: Sequence[int]) -> dict[int, str]:
        """The names :attr:`action_names` gives fold (0) and the raise ``multiples`` of ``rules``."""
        if not rules.play_once:
            return {0: "fold"} | {multiple: f"total bet {multiple}x" for multiple in multiples}

        def where(action: str, multiple: int) -> str:
            streets = [street.title for street in rules.streets
                       if any(c.action == action and c.multiple == multiple for c in street.choices)]
            return f" ({', '.join(streets)})" if streets else ""
        return {0: "fold" + where("fold", 0)} | {m: decision_name(m) + where("bet", m) for m in multiples}

    def hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals by the player's final hand line (whatever the decisions)."""
        return HandCounts(line_ranks(ranking)[0], self.counts.final_outcomes.sum(axis=1))

    def hand_pair_counts(self, ranking: HandRanking) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deals by the pair of final hand lines (:func:`analyzer.engines.holdem.results.line_pair_counts`)."""
        return line_pair_counts(ranking, self.cycle)

    def losing_hand_counts(self, ranking: HandRanking) -> HandCounts:
        """Deals played to the showdown that the dealer's hand wins (qualified or not), by the player's final
        hand line (a folded hand is out of action)."""
        losing = [OUTCOMES.index("no_qualify_lose"), OUTCOMES.index("lose")]
        return HandCounts(line_ranks(ranking)[0], self.counts.showdown[:, :, losing].sum(axis=(0, 2)))

    def posted_figures(self) -> StrategyFigures | None:
        """The posted card's exact figures from its run (None without one): its house edge
        (:func:`one_play_bet_edge`), its average total bet (the initial wagers and the mean Play multiple), their
        ratio, the element of risk, and its cost against the optimal strategy."""
        if self.posted is None:
            return None
        settlement = self.posted.settlement_by_hand
        edge = one_play_bet_edge(self.rules, settlement)
        played = sum(multiple * int(settlement[multiple].sum()) for multiple in range(settlement.shape[0]))
        average = self.rules.initial_units + Fraction(played, int(settlement.sum()))
        return StrategyFigures(title=self.posted.strategy.title, house_edge_per_ante=edge,
                               element_of_risk=element_of_risk(-edge, average), average_total_bet=average,
                               cost_per_ante=edge - self.main_figures()["house_edge_per_ante"])

    def posted_rule(self) -> HoldemPostedRule | None:
        """The posted card (when the analysis played one) with its exact house edge under these rules' main wagers
        (:func:`one_play_bet_edge`) and its cost against the optimal strategy; None for a game that takes no
        card (its strategy tables give the strategy street by street)."""
        figures = self.posted_figures()
        if self.posted is None or figures is None:
            return None
        return HoldemPostedRule(posted_card_rows(self.posted.strategy), figures.house_edge_per_ante,
                                figures.cost_per_ante, self.posted.strategy)

    # -- decisions ----------------------------------------------------------
    def decision_points(self) -> dict[str, dict[str, Fraction]]:
        """Share of all deals taking each choice at each deciding street."""
        points = {}
        for level, street in enumerate(self.plan.streets):
            if street is None:
                continue
            deals = self.counts.preflop_taken.sum(axis=0) if level == 0 else self.counts.taken[level].sum(axis=0)
            points[street.title] = {choice.label: Fraction(int(deals[index]), self.cycle)
                                    for index, choice in enumerate(street.choices)}
        return points

    def main_figures(self) -> MainFigures:
        figures = super().main_figures()
        figures["decision_points"] = self.decision_points()
        return figures

    def street(self, level: int) -> Street:
        """The street deciding at ``level`` (0 pre-flop ... 3 river); a ValueError where none does."""
        street = self.plan.streets[level]
        if street is None:
            raise ValueError(f"{self.rules.title} decides nothing at the {LEVEL_NAMES[level]}")
        return street

    def preflop_values(self) -> pd.DataFrame:
        """Every starting-hand class: combinations, the exact EV per ante of each pre-flop choice, the decision."""
        street, plan = self.street(0), self.plan
        frame = pd.DataFrame({"hand": list(HAND_CLASSES), "combinations": HAND_CLASS_SIZES.astype(np.int64)})
        denominator = self.counts.scale * DEALS_PER_HOLE
        for action in range(self.counts.root_values.shape[1]):
            label = street.choices[plan.action[0, 0, action]].label
            frame[f"EV {label}"] = [Fraction(int(v), denominator) for v in self.counts.root_values[:, action]]
        frame["decision"] = [street.choices[plan.action[0, 0, a]].label for a in self.counts.decision]
        return frame

    def preflop_chart(self) -> pd.DataFrame:
        """The 13x13 pre-flop chart: pairs on the diagonal, suited above it, offsuit below."""
        return preflop_chart(dict(zip(HAND_CLASSES, self.preflop_values()["decision"], strict=True)))

    def street_table(self, level: int) -> pd.DataFrame:
        """Deals taking each choice of the street deciding at ``level`` (1 flop, 2 turn, 3 river), by the line
        of the player's best five of the cards seen."""
        street, taken = self.street(level), self.counts.taken[level]
        frame = pd.DataFrame({"best hand": [line.replace("_", " ") for line in LINES]})
        for index, choice in enumerate(street.choices):
            frame[f"deals: {choice.label}"] = taken[:, index].astype(np.int64)
        total = taken.sum(axis=1)
        for index, choice in enumerate(street.choices):
            frame[f"share {choice.label}"] = [Fraction(int(a), int(t)) if t else None
                                              for a, t in zip(taken[:, index], total, strict=True)]
        return frame[total > 0].reset_index(drop=True)

    def decision_grid(self) -> DecisionGrid:
        """The 13x13 pre-flop chart when the game decides pre-flop, else each later street's decision by the
        best hand of the cards seen."""
        if self.plan.streets[0] is not None:
            return preflop_grid(self)
        deciding = [(level, self.street(level)) for level in range(1, len(LEVEL_NAMES))
                    if self.plan.streets[level] is not None]
        rows = []
        for line in range(len(LINES)):
            cells = []
            for level, street in deciding:
                taken = self.counts.taken[level, line]
                names = [choice.label for choice in street.choices]
                cells.append(share_cell(taken[:len(names)], names))
            rows.append(tuple(cells))
        labels = tuple(line.replace("_", " ") for line in LINES)
        decisions = tuple(dict.fromkeys(c.label for _, street in deciding for c in street.choices))
        return DecisionGrid(f"{self.rules.title}: optimal decision by best hand of the cards seen", labels,
                            tuple(street.title for _, street in deciding), tuple(rows), decisions,
                            "best hand of the cards seen", "street")

    def strategy_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """The pre-flop chart and EVs (when the game decides pre-flop), then each later street's decisions."""
        tables: list[tuple[str, pd.DataFrame, bool]] = []
        if self.plan.streets[0] is not None:
            tables += [("Pre-flop: optimal decision by starting hand (row: first card, column: second card)",
                        self.preflop_chart(), False),
                       ("Pre-flop: exact EV per ante of each option", self.preflop_values(), True)]
        for level in range(1, len(LEVEL_NAMES)):
            street = self.plan.streets[level]
            if street is not None:
                tables.append((f"{street.title.capitalize()}: deals taking each choice by the best hand of the "
                               "cards seen (optimal play)", self.street_table(level), True))
        return tables + self.situation_tables()

    def situation_tables(self) -> list[tuple[str, pd.DataFrame, bool]]:
        """At each flop and river state that decides: the optimal choice by what a person sees (flop: made hand and
        draw; river: made hand and dealer outs; :mod:`analyzer.engines.holdem.situations`), as a chart and as
        counts of situations, every situation counted whether or not the play reaches the state."""
        tables: list[tuple[str, pd.DataFrame, bool]] = []
        for state, table in enumerate(self.counts.flop_situations):
            if self.plan.allowed[1, state] > 1:
                names, table = self.state_choices(1, state, table)
                where = f"Flop{self.state_text(1, state)}"
                tables += [(f"{where} chart: optimal decision by made hand (rows) and draw (columns); 'mixed' cells "
                            "depend on more than these two", flop_chart(table, names), False),
                           (f"{where}: (hole, flop) situations by made hand and draw, taking {' or '.join(names)}",
                            flop_summary(table, names), True)]
        for state, table in enumerate(self.counts.river_situations):
            if self.plan.allowed[3, state] > 1:
                names, table = self.state_choices(3, state, table)
                where = f"River{self.state_text(3, state)}"
                if len(names) == 2:
                    tables.append((f"{where} chart: by made hand, the dealer outs up to which {names[0]} is always "
                                   f"optimal and from which {names[1]} always is", river_chart(table, names), False))
                tables.append((f"{where}: (hole, flop, turn+river) situations by made hand and dealer outs, taking "
                               f"{' or '.join(names)}", river_summary(table, names), True))
        return tables

    def decision_files(self) -> dict[str, tuple[str, pd.DataFrame]]:
        """Every (flop class, hole pair) situation's optimal choice at each flop state that decides
        (:func:`analyzer.engines.holdem.situations.flop_situations`), for a full run (its flop choices of every flop
        class at hand): ``flop-decisions`` (``flop-decisions-2`` ... for the further states)."""
        counts, plan = self.counts, self.plan
        if len(counts.flop_choice) != len(flop_classes()):
            return {}
        files: dict[str, tuple[str, pd.DataFrame]] = {}
        for state in range(plan.allowed.shape[1]):
            offered = int(plan.allowed[1, state])
            if offered < 2:
                continue
            names = [self.street(1).choices[plan.action[1, state, k]].label for k in range(offered)]
            name = "flop-decisions" if not files else f"flop-decisions-{len(files) + 1}"
            files[name] = (f"every (flop, hole cards) situation{self.state_text(1, state)}, its weight (the deals it "
                           "stands for), made hand, draw and optimal flop decision",
                           flop_situations(counts.flop_choice[:, :, state], names))
        return files

    def state_choices(self, level: int, state: int, table: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
        """The names of the choices at a state, the largest bet first, and a situation table's choices in that
        order (the kernel counts them in rising order of size)."""
        offered = int(self.plan.allowed[level, state])
        street = self.street(level)
        names = tuple(street.choices[self.plan.action[level, state, k]].label for k in reversed(range(offered)))
        return names, table[..., offered - 1::-1]

    def state_text(self, level: int, state: int) -> str:
        """What led to a state, as " (after pre-flop: bet 1x; flop: check)", or "" where only one path leads."""
        if sum(int(n) > 1 for n in self.plan.allowed[level]) < 2:
            return ""
        levels = [k for k in range(level) if self.plan.streets[k] is not None]
        made = [f"{LEVEL_NAMES[k]}: {self.street(k).choices[index].label}"
                for k, index in zip(levels, self.plan.states[level][state], strict=True) if index >= 0]
        return f" (after {'; '.join(made)})"


def check_street_game(rules: GameRules) -> None:
    """Refuse, in one line, what the Hold'em street counts cannot settle: other numbers of cards, pay lines
    that split a hand line."""
    if rules.player_cards != 2 or rules.dealer_cards != 2 or rules.community_cards != 5:
        raise RulesError(f"{rules.source}: a Hold'em game over streets deals two hole cards to each side and five "
                         "community cards")
    check_line_patterns(rules)


def written_analysis(rules: GameRules, strategy: KernelStrategy, run: Run,
                     flop_class_indices: Sequence[int] | None = None) -> StreetAnalysis:
    """The game played by a written strategy or a posted card: its choices after the flop imposed in the kernel,
    its pre-flop choice per starting-hand class (over the given flop classes only, for a reduced run)."""
    started = time.perf_counter()
    rules = as_streets(rules)
    plan, _, scale = game_plan(rules)
    sums = enumerate_street_sums(rules, jobs=run.jobs, progress=run.progress, flop_class_indices=flop_class_indices,
                                 imposed=strategy.imposed())
    counts = street_counts(sums, plan, scale, preflop=strategy.preflop_choices())
    return StreetAnalysis(rules, counts, **timing(started))
