"""The engine interface: what every engine gives the rest of the program.

An engine turns a game's rules (:class:`analyzer.games.rules.GameRules`) into
exact results (:class:`analyzer.engines.results.GameResults`) and serves the
capabilities the commands ask for: a written strategy's cost, the game with
dealer cards seen (exposure), colluding players, the pay solver, the
simulator's strategy, the procedure risk rows; and before any work, what the
analysis will take (:meth:`Engine.estimate`: memory, deals, rough time). The CLI, the reports and the
protection tables reach every game through this interface only; which engine
serves a game is the registry's business (:mod:`analyzer.engines.registry`).

Every method's types are narrow: an engine is generic over its results type and the type of its written
strategies (:class:`StrategyFile`); a written strategy's figures are :class:`StrategyFigures`, the
colluders' estimate a :class:`analyzer.engines.collusion.CollusionEstimate` (its knobs a
:class:`CollusionOptions`), a solved pay a :class:`analyzer.engines.pay_solver.Solution`.

A capability an engine cannot give for a game raises :class:`Unsupported`,
whose message always reads "FILE: CAPABILITY is not supported for GAME: why" (made
in one place, :meth:`Engine.unsupported`).

>>> from analyzer.games.rules import load_game
>>> from analyzer.engines.registry import engine_for
>>> engine_for(load_game("crazy4")).name
'one_decision'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, Required, TypedDict, TypeVar, runtime_checkable

from analyzer.engines.sizes import PROCESS_BYTES, SizeEstimate
from analyzer.games.errors import RulesError
from analyzer.games.rules import GameRules

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from analyzer.engines.collusion import CollusionEstimate
    from analyzer.engines.pay_solver import Solution
    from analyzer.engines.results import GameResults, MainFigures

#: A procedure risk row: procedure, house edge per ante (None: not computed), method, and for an
#: estimate its 95% interval (low, high).
RiskRow = tuple[str, Fraction | None, str] | tuple[str, Fraction | None, str, tuple[float, float]]

#: Most other players at a table (colluders).
MAX_COLLUDERS = 6

EXHAUSTIVE = "exhaustive enumeration, optimal strategy for what the player sees"
COMMITTED = " (committed result, enumerations/protect)"


class Unsupported(RulesError):
    """A capability an engine cannot give for a game (one line: what, for which game, why)."""


@dataclass(frozen=True)
class Run:
    """How to run the work: parallel workers, progress bars on stderr, whether a cached (or committed)
    result may be reused, and where one-line notices go (e.g. "using the cached enumeration ...")."""

    jobs: int = 1
    progress: bool = False
    cache: bool = True
    notify: Callable[[str], None] | None = None

    def tell(self, message: str) -> None:
        """Pass a notice on, if anyone listens."""
        if self.notify is not None:
            self.notify(message)


@dataclass(frozen=True)
class Exposure:
    """The exact game when the player sees ``seen`` of the dealer's face-down cards.

    ``figures``: house edge per ante, element of risk, average total bet,
    actions; ``results``: the full tables when the engine builds them (a
    report can then be written), else None; ``tables``: further tables a
    workbook of the exposure shows (title of sheet, heading, table).
    """

    title: str
    seen: int
    figures: Mapping[str, Any]
    results: GameResults | None = None
    tables: tuple[tuple[str, str, pd.DataFrame], ...] = field(default=())


class StrategyFile(Protocol):
    """A strategy written as rules in a file (``--strategy``), read and checked by its engine
    (:meth:`Engine.load_strategy`), which alone evaluates it."""

    @property
    def title(self) -> str:
        """Its name in reports."""
        ...


@dataclass(frozen=True, kw_only=True)
class StrategyFigures:
    """The exact figures of a written strategy (:meth:`Engine.evaluate_strategy`): its ``title``, house edge per
    ante, and cost per ante against the optimal strategy; element of risk, average total bet, the share of
    deals taking each final action and of each choice at each decision point where the engine gives them
    (None where it does not)."""

    title: str
    house_edge_per_ante: Fraction
    element_of_risk: Fraction | None = None
    average_total_bet: Fraction | None = None
    cost_per_ante: Fraction
    actions: dict[str, Fraction] | None = None
    decision_points: dict[str, dict[str, Fraction]] | None = None

    @classmethod
    def played(cls, title: str, played: MainFigures, optimal_edge: Fraction) -> StrategyFigures:
        """The figures of a strategy from the main figures of the game ``played`` by it, its cost the edge
        above ``optimal_edge`` (the optimal strategy's)."""
        return cls(title=title, house_edge_per_ante=played["house_edge_per_ante"],
                   element_of_risk=played["element_of_risk"], average_total_bet=played["average_total_bet"],
                   cost_per_ante=played["house_edge_per_ante"] - optimal_edge, actions=played["actions"],
                   decision_points=played["decision_points"])

    def as_dict(self) -> StrategyFiguresDict:
        """The figures given, by name, in the order of the fields (the summary's ``written_strategy``)."""
        given: StrategyFiguresDict = {"title": self.title, "house_edge_per_ante": self.house_edge_per_ante}
        if self.element_of_risk is not None:
            given["element_of_risk"] = self.element_of_risk
        if self.average_total_bet is not None:
            given["average_total_bet"] = self.average_total_bet
        given["cost_per_ante"] = self.cost_per_ante
        if self.actions is not None:
            given["actions"] = self.actions
        if self.decision_points is not None:
            given["decision_points"] = self.decision_points
        return given


class StrategyFiguresDict(TypedDict, total=False):
    """:meth:`StrategyFigures.as_dict`: the figures a written strategy's evaluation gives (``title``,
    ``house_edge_per_ante`` and ``cost_per_ante`` always)."""

    title: Required[str]
    house_edge_per_ante: Required[Fraction]
    element_of_risk: Fraction
    average_total_bet: Fraction
    cost_per_ante: Fraction
    actions: dict[str, Fraction]
    decision_points: dict[str, dict[str, Fraction]]


@dataclass(frozen=True)
class CollusionOptions:
    """The knobs of a colluders' estimate (:meth:`Engine.collusion`): ``deals`` sampled, and for an engine
    that estimates the pre-flop use of the colluders' cards, ``preflop_samples`` (colluder deals with every
    board enumerated); None: the engine's default (:meth:`Engine.collusion_options`), or for a knob the
    engine has not, not asked for."""

    deals: int | None = None
    preflop_samples: int | None = None


@runtime_checkable
class HoldPolicy(Protocol):
    """A draw strategy the simulator plays: the cards each dealt hand keeps."""

    @property
    def name(self) -> str:
        """What the strategy is called in the simulation check."""

    def holds(self, dealt: np.ndarray) -> np.ndarray:
        """A hold mask per dealt hand (one hand per row, cards as dealt; bit ``i`` keeps card ``i``)."""


class DealPlayer(Protocol):
    """A strategy that plays each dealt hand itself, from the cards it may see at each decision: the
    simulator asks it for the Play multiple of every deal (the total of the bets made in a game over streets)."""

    @property
    def name(self) -> str:
        """What the strategy is called in the simulation check."""

    def multiples(self, player: np.ndarray, up_cards: np.ndarray, board: np.ndarray) -> np.ndarray:
        """The multiple of each deal (one row of cards per deal in each array), a fold as the game marks it."""


class PostedCard(Protocol):
    """A posted Hold'em strategy the simulator plays street by street: each decision ``"Nx"`` (bet N times the
    Ante), or a check or a fold."""

    @property
    def name(self) -> str:
        """What the strategy is called."""

    def preflop_decision(self, hole: list[int]) -> str: ...

    def flop_decision(self, hole: list[int], flop: list[int]) -> str: ...

    def river_decision(self, hole: list[int], board: list[int]) -> str: ...


@dataclass(frozen=True)
class SituationPlay:
    """One decision against the dealer, played from a table: representative player hands (one row of cards each,
    one per situation class), the dealer up-card of each (None: the game shows none) and the Play multiple each
    takes."""

    hands: np.ndarray
    up_cards: np.ndarray | None
    multiples: np.ndarray


@dataclass(frozen=True)
class StreetSituations:
    """One decision street of a game with no dealer hand: representative cards seen (one row each, one per suit
    class of the cards seen and path), the path to each (the choices made at the streets before, one column per
    street) and the choice index each takes."""

    seen: np.ndarray
    paths: np.ndarray
    choices: np.ndarray


@dataclass(frozen=True)
class StreetPlay:
    """A game with no dealer hand played street by street from tables: one :class:`StreetSituations` per
    decision street."""

    streets: tuple[StreetSituations, ...]


@dataclass(frozen=True)
class PostedPlay:
    """A posted Hold'em strategy played street by street (pre-flop, flop and river decisions)."""

    card: PostedCard


@dataclass(frozen=True)
class HoldPlay:
    """A draw game played by a policy: the cards each dealt hand keeps."""

    policy: HoldPolicy


@dataclass(frozen=True)
class DealPlay:
    """A player that decides each deal itself from the cards it may see."""

    player: DealPlayer


#: The strategy a simulation plays, one kind per way of deciding (the simulator dispatches on the kind).
PlayedStrategy = SituationPlay | StreetPlay | PostedPlay | HoldPlay | DealPlay


@dataclass(frozen=True)
class SimulationPlan:
    """What the simulator plays and what it compares with: the strategy's ``name``, the ``exact`` results of
    that strategy, and the ``strategy`` itself as data (:data:`PlayedStrategy`)."""

    name: str
    exact: GameResults
    strategy: PlayedStrategy


#: The results an engine's analysis gives, and the strategies written for it that it reads.
ResultsT = TypeVar("ResultsT", bound="GameResults")
StrategyT = TypeVar("StrategyT", bound=StrategyFile)


class Engine(ABC, Generic[ResultsT, StrategyT]):
    """One way of enumerating games, giving results of type ``ResultsT`` and reading written strategies of
    type ``StrategyT``. Subclasses implement :meth:`analyze` (abstract) and the capabilities they support; every
    other capability answers :class:`Unsupported` with the engine's reason."""

    #: Whether :meth:`hand_decisions` is given (``analyze --hand`` is refused before any work otherwise).
    gives_hand_decisions = False

    def __init__(self, name: str) -> None:
        self.name = name  # the registry's name of the engine

    @property
    def package(self) -> str:
        """The engine's package (its counting code: part of the cache key, :mod:`analyzer.engines.cache`)."""
        return type(self).__module__.rpartition(".")[0]

    def problem(self, rules: GameRules) -> str | None:
        """Why this engine cannot analyse ``rules`` at all, or None (engines that serve only some shapes of
        game say which); :meth:`check_analysable` refuses such rules in one line before any work."""
        return None

    def check_analysable(self, rules: GameRules) -> None:
        """The one-line refusal of rules this engine cannot analyse (see :meth:`problem`)."""
        if (why := self.problem(rules)) is not None:
            raise self.unsupported(rules, "analysis", why)

    def deck_problem(self, rules: GameRules) -> str | None:
        """Why this engine cannot deal ``rules``' deck, or None if it can (engines deal from one 52-card deck
        unless they say otherwise)."""
        return None if rules.deck.standard else f"this engine deals from one 52-card deck, not {rules.deck.describe()}"

    def count_inputs(self, rules: GameRules) -> dict[str, object]:
        """What the enumeration's counts depend on besides the cards, ranking, qualifier and counting code
        (each engine's own: the cache key holds it)."""
        return {}

    def unsupported(self, rules: GameRules, capability: str, why: str) -> Unsupported:
        """The one-line refusal of a capability."""
        return Unsupported(f"{rules.source}: {capability} is not supported for {rules.title}: {why}")

    # -- the analysis -------------------------------------------------------------------------------
    def estimate(self, rules: GameRules, run: Run) -> SizeEstimate:
        """What the analysis of ``rules`` will take with ``run``'s workers (memory, deals, rough time),
        worked out from the numbers of cards in microseconds, before any work (an engine that does not say:
        one process)."""
        return SizeEstimate(PROCESS_BYTES, 0, 0.0)

    @abstractmethod
    def analyze(self, rules: GameRules, run: Run) -> ResultsT:
        """Exact results of the game under the optimal strategy (dealer cards seen: :meth:`exposure`)."""

    # -- capabilities -------------------------------------------------------------------------------
    def load_strategy(self, rules: GameRules, path: Path) -> StrategyT:
        """A strategy written as rules in a file, checked before any work (see ``--strategy``)."""
        raise self.unsupported(rules, "--strategy", "this engine has no written-strategy evaluator yet")

    def evaluate_strategy(self, analysis: ResultsT, strategy: StrategyT, run: Run = Run()) -> StrategyFigures:
        """The exact figures of a written strategy and its cost against the optimal one (``run``: workers,
        progress and cache use of an evaluation that enumerates on its own)."""
        raise self.unsupported(analysis.rules, "--strategy", "this engine has no written-strategy evaluator yet")

    def solve(self, rules: GameRules, wager: str, line: str, target: Fraction, run: Run) -> Solution:
        """The exact pay of a paytable line for a target house edge (:mod:`analyzer.engines.pay_solver`,
        :mod:`analyzer.engines.one_decision.solve`)."""
        raise self.unsupported(rules, "solve", "this engine has no pay solver yet")

    def exposure_problem(self, rules: GameRules, seen: int) -> str | None:
        """Why ``seen`` face-down dealer cards of this game cannot be analysed exactly, or None if they can."""
        return "this engine analyses no dealer cards seen"

    def exposure(self, rules: GameRules, seen: int, run: Run) -> Exposure:
        """The exact game with ``seen`` of the dealer's face-down cards seen by the player."""
        raise self.unsupported(rules, "--exposed-dealer-cards", self.exposure_problem(rules, seen) or "")

    def exposure_rows(self, rules: GameRules, run: Run, known: dict[int, Fraction]) -> list[RiskRow]:
        """Procedure risk rows of normal play and of each exposure: the ``known`` house edges per ante by
        number of dealer cards seen (0: normal play), else the cache or the committed results, else
        "not computed"."""
        raise self.unsupported(rules, "the procedure risk table", "this engine analyses no dealer cards seen")

    def collusion_problem(self, rules: GameRules) -> str | None:
        """Why colluders of this game cannot be estimated, or None if they can (the procedure risk table says
        so instead of suggesting a run that would be refused)."""
        return "this engine has no collusion estimate"

    def collusion(self, rules: GameRules, colluders: int, seed: int, run: Run,
                  options: CollusionOptions = CollusionOptions()) -> CollusionEstimate:
        """An estimate of the house edge when ``colluders`` other players show the player their cards (``options``:
        the knobs asked for; a knob the engine has not is refused)."""
        raise self.unsupported(rules, "--colluding-players", self.collusion_problem(rules) or "")

    def committed_collusion(self, rules: GameRules, colluders: int) -> CollusionEstimate | None:
        """The committed colluder estimate for the shipped game, or None."""
        return None

    def collusion_options(self, rules: GameRules) -> CollusionOptions:
        """Defaults of the collusion estimate's knobs (None for a knob the engine has not)."""
        return CollusionOptions()

    def hand_decisions(self, analysis: ResultsT, cards: tuple[int, ...]) -> pd.DataFrame:
        """Every decision open to the player holding ``cards`` with its exact expected value, best first (see
        ``analyze --hand``)."""
        raise self.unsupported(analysis.rules, "--hand", "this engine gives no per-hand decision table")

    def simulation(self, analysis: ResultsT) -> SimulationPlan:
        """The strategy the simulator plays and the exact results of that strategy to compare with."""
        raise self.unsupported(analysis.rules, "simulation", "this engine has no strategy to simulate")
