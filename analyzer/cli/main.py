"""The ``analyzer`` command: list games, print a game's exact analysis, write its math report.

Exit codes: 0 on success; 2 with a one-line message on bad input (unknown
game, bad option, unwritable output), before any file is written; 1 when
``simulate`` finds a wager outside the z-score limit; 130 when interrupted
(no half-written file is left behind).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer import __version__
from analyzer.core.distributed import BackendError, execution_backend
from analyzer.engines.holdem.collusion import DEFAULT_PREFLOP_SAMPLES, DEFAULT_SAMPLES
from analyzer.engines.one_decision.collusion import DEFAULT_DEALS, MAX_COLLUDERS
from analyzer.engines.one_decision.posted_rule import PostedRule, derive_posted_rule
from analyzer.engines.one_decision.results import Analysis
from analyzer.engines.one_decision.solve import solve_pay
from analyzer.engines.one_decision.strategy_files import (
    evaluate_strategy,
    load_strategy,
    posted_rule_file,
)
from analyzer.engines.progressive import (
    load_progressive,
    progressive_figures,
    progressive_table,
)
from analyzer.engines.results import GameResults
from analyzer.games.rules import GameRules, RulesError, game_names, load_game
from analyzer.pipeline import analyze
from analyzer.protection.procedure_risk import (
    COMMITTED_HOLDEM,
    COMMITTED_HOLDEM_PREFLOP,
    class_totals_folder,
    colluders_label,
    committed_holdem_figures,
    figures_only,
    holdem_procedure_risk,
    hole_cards_label,
    procedure_risk,
    unsupported_exposure,
)
from analyzer.reports.compare import as_display, compare_paytables
from analyzer.reports.sanity import game_warnings, percent, table_warnings
from analyzer.reports.summary import as_text, exact, summary
from analyzer.simulation.hands import SimulationError

if TYPE_CHECKING:
    import pandas as pd

    from analyzer.engines.holdem.results import HoldemPostedRule
    from analyzer.simulation import SimulationCheck

DEFAULT_REPORTS = Path("reports")


class UsageError(Exception):
    """Bad input: reported on one line with exit code 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _option(text: str) -> tuple[str, str]:
    name, separator, choice = text.partition("=")
    if not separator or not name or not choice:
        raise argparse.ArgumentTypeError(f"rule option {text!r} must be NAME=CHOICE")
    return name.strip(), choice.strip()


def _edge(text: str) -> Fraction:
    try:
        value = Fraction(text.strip().removesuffix("%"))
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"--target-edge takes a number such as 0.035 or 3.5%, not {text!r}") from None
    return value / 100 if text.strip().endswith("%") else value


def _count(flag: str, smallest: int):
    """An argparse type: a whole number (``1_000_000`` and ``1,000,000`` work too) of at least ``smallest``."""
    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", "").replace(",", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} takes a whole number, not {text!r}") from None
        if value < smallest:
            raise argparse.ArgumentTypeError(f"{flag} must be at least {smallest}")
        return value
    return parse


_jobs = _count("--jobs", 1)


def _simulation_hands(text: str) -> int:
    hands = _count("--simulation-hands", 0)(text)
    if hands == 1:
        raise argparse.ArgumentTypeError("--simulation-hands must be 0 (no simulation check) or at least 2")
    return hands


def build_parser() -> Parser:
    parser = Parser(prog="analyzer", description="Exact combinatorial analysis of casino poker games: "
                    "optimal strategy, house edge, element of risk, regulator-ready Excel reports.")
    parser.add_argument("--version", action="version", version=f"analyzer {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    commands.add_parser("games", help="list the games the analyzer knows")

    def game_command(name: str, help_text: str) -> Parser:
        command = commands.add_parser(name, help=help_text, description=help_text)
        command.add_argument("game", help=f"the game: one of {', '.join(game_names())}")
        command.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 1,
                             help="parallel workers for the enumeration (default: all cores)")
        command.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=CHOICE",
                             help="choose the reading of an ambiguous rule (see the report's Rules sheet)")
        command.add_argument("--quiet", action="store_true", help="no progress bars")
        command.add_argument("--no-cache", action="store_true",
                             help="enumerate afresh instead of reusing a cached enumeration")
        command.add_argument("--backend", choices=("local", "dask"), default="local",
                             help="where the enumeration's chunks run (default: this machine)")
        command.add_argument("--scheduler", metavar="ADDRESS",
                             help="with --backend dask: the Dask scheduler, e.g. tcp://10.0.0.5:8786")
        command.add_argument("--paytable", type=Path, action="append", default=[], metavar="FILE",
                             help="add or replace paytables from a TOML file (see README); repeatable")
        command.add_argument("--strategy", type=Path, metavar="FILE",
                             help="also evaluate a strategy written as rules (see README) against the optimal one")
        command.add_argument("--progressive", type=Path, metavar="FILE",
                             help="analyse a progressive wager from this paytable file (TOML; see README)")
        return command

    analyze_command = game_command("analyze", "print the exact analysis of a game")
    analyze_command.add_argument("--json", action="store_true",
                                 help="print one JSON object; exact figures are \"p/q\" strings")
    compare_command = game_command("compare", "compare paytable variants: each --paytable file against the "
                                   "shipped paytables, the optimal strategy recomputed for each")
    compare_command.add_argument("--json", action="store_true", help="print one JSON list instead of a table")
    compare_command.add_argument("-o", "--output", type=Path, default=None, help="also write an .xlsx table")
    solve_command = game_command("solve", "the exact pay of one paytable line that gives a wager a target "
                                 "house edge, and the nearby pays a casino would post")
    solve_command.add_argument("--wager", required=True, help="the wager or side bet, e.g. queens_up")
    solve_command.add_argument("--line", required=True, help="the line's label or hand, e.g. 'Three of a kind'")
    solve_command.add_argument("--target-edge", required=True, type=_edge, metavar="EDGE",
                               help="the house edge wanted, e.g. 0.035 or 3.5%%")
    solve_command.add_argument("--json", action="store_true", help="print one JSON object")
    protect_command = game_command("protect", "game protection: the exact house edge when the player sees some "
                                   "of the dealer's face-down cards (a procedure leak)")
    leak = protect_command.add_mutually_exclusive_group(required=True)
    leak.add_argument("--exposed-dealer-cards", type=int, choices=(1, 2), metavar="K",
                      help="how many of the dealer's face-down cards the player sees (1 or 2): exact")
    leak.add_argument("--colluding-players", type=int, choices=range(1, MAX_COLLUDERS + 1), metavar="N",
                      help=f"how many other players (1 to {MAX_COLLUDERS}) show the player their hands: an "
                           "estimate from sampled deals, each settled exactly (see README)")
    protect_command.add_argument("--deals", type=_count("--deals", 2), default=None, metavar="M",
                                 help=f"with --colluding-players: deals to sample (default {DEFAULT_DEALS:,}; for "
                                      f"uth, (colluders' cards, flop) samples, each with every player hand: "
                                      f"default {DEFAULT_SAMPLES:,})")
    protect_command.add_argument("--seed", type=_count("--seed", 0), default=1,
                                 help="with --colluding-players: seed of the sampled deals (default 1)")
    protect_command.add_argument("--preflop-samples", type=_count("--preflop-samples", 0), default=None,
                                 metavar="K",
                                 help=f"uth with --colluding-players: colluder deals whose every board is enumerated "
                                      f"to estimate the pre-flop use of their cards (default {DEFAULT_PREFLOP_SAMPLES}; "
                                      f"about 90 s each for one colluder, 25 s for six; 0: pre-flop played as normal, "
                                      f"an upper bound on the edge)")
    protect_command.add_argument("--json", action="store_true", help="print one JSON object")
    protect_command.add_argument("-o", "--output", type=Path, default=None,
                                 help="also write the report of the game so played, with its Procedure risk sheet")
    report_command = game_command("report", "write a game's math report as an Excel workbook")
    report_command.add_argument("-o", "--output", type=Path, default=None,
                                help="the workbook to write (default: reports/GAME.xlsx)")
    report_command.add_argument("--charts", action="store_true",
                                help="also write the strategy and net-result charts as PNG files beside it")
    report_command.add_argument("--simulation-hands", type=_simulation_hands, default=None, metavar="N",
                                help="hands of the report's Simulation check sheet (default: a few seconds' "
                                     "worth for the game; 0: no simulation check)")
    report_command.add_argument("--seed", type=_count("--seed", 0), default=1,
                                help="seed of the simulation check's shuffles (default 1)")
    simulate_command = game_command("simulate", "check the exact figures against an independent simulation: "
                                    "shuffled decks, the strategy applied, every wager settled by the written "
                                    "rules; each wager's mean return, standard error and z-score")
    simulate_command.add_argument("--hands", type=_count("--hands", 2), default=None, metavar="N",
                                  help="hands to deal (default: 1,000,000; 100,000 for Ultimate Texas Hold'em)")
    simulate_command.add_argument("--seed", type=_count("--seed", 0), default=1,
                                  help="seed of the shuffles (default 1): the same seed and hands, the same result")
    simulate_command.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _checked_output(path: Path) -> Path:
    if path.suffix.lower() != ".xlsx":
        raise UsageError(f"report file {str(path)!r} must end in .xlsx")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"folder {str(folder)!r} for the report does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"folder {str(folder)!r} for the report is not writable")
    return path


def run(arguments: list[str]) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(arguments)
    if args.command == "games":
        for name in game_names():
            print(f"{name:14} {load_game(name).title}")
        return 0
    options = dict(args.option)
    rules = load_game(args.game, options, tuple(args.paytable))  # bad input: fail before any work
    if args.command == "compare":
        return _compare(args, options)
    if args.command == "solve":
        return _solve(args, options)
    if args.command == "simulate":
        return _simulate(args, rules, options)
    progressive = load_progressive(args.progressive, rules.ranking) if args.progressive else None
    written = load_strategy(args.strategy, rules.ranking) if args.strategy else None
    if written and rules.engine != "one_decision":
        raise UsageError(f"--strategy files are not supported for {rules.title} yet")
    output = None
    exposed = getattr(args, "exposed_dealer_cards", None) or 0
    if exposed and (why := unsupported_exposure(rules, exposed)):
        raise UsageError(why)
    if getattr(args, "preflop_samples", None) is not None:
        if not (args.colluding_players and rules.engine == "holdem"):
            raise UsageError("--preflop-samples is for Ultimate Texas Hold'em with --colluding-players")
        if args.preflop_samples == 1:
            raise UsageError("--preflop-samples must be 0 or at least 2 (one sample gives no error estimate)")
    if args.command == "report":
        if args.output is None:
            args.output = DEFAULT_REPORTS / f"{args.game}.xlsx"
            DEFAULT_REPORTS.mkdir(exist_ok=True)
        output = _checked_output(args.output)
    elif args.command == "protect" and args.output:
        output = _checked_output(args.output)
    if args.command == "protect" and args.colluding_players:
        return _protect_colluders(args, rules, options, output)
    if args.command == "protect" and rules.engine == "holdem":
        return _protect_holdem(args, rules, exposed, output)
    if args.command == "protect" and figures_only(rules, exposed):
        return _protect_figures_only(args, rules, options, exposed, output)

    def run_analysis(exposed_cards: int, cache: bool = not args.no_cache) -> GameResults:
        return analyze(args.game, options, jobs=args.jobs, progress=not args.quiet, paytable_files=tuple(args.paytable),
                       cache=cache, notify=_notify, exposed=exposed_cards)

    with execution_backend(args.backend, args.scheduler):
        analysis = run_analysis(exposed)
        risk = None
        if args.command in ("protect", "report") and rules.engine == "one_decision":
            risk = procedure_risk(rules, {exposed: analysis, **({0: run_analysis(0)} if exposed else {})},
                                  lambda cached: run_analysis(cached, cache=True))
        elif args.command == "report" and rules.engine == "holdem":
            risk = holdem_procedure_risk(rules, analysis.main_figures()["house_edge_per_ante"])
    if args.command == "report" and risk is not None and (risk["house edge per ante"].iloc[1:] == "not computed").all():
        risk = None  # no leak analysed, cached or committed: the game's report has no Procedure risk sheet
    posted_rule = posted_rule_of(analysis)
    warnings = game_warnings(analysis)
    simulation = None
    if args.command == "report" and args.simulation_hands != 0:
        from analyzer.simulation import default_hands, simulate
        simulation = simulate(analysis, args.simulation_hands or default_hands(args.game, report=True), args.seed,
                              jobs=args.jobs, progress=not args.quiet)
        warnings += simulation.warnings()
    progressive_results = None
    if progressive is not None:
        table = progressive_table(analysis, progressive)
        progressive_results = {"figures": progressive_figures(analysis, progressive), "table": table}
        warnings += table_warnings(f"Progressive '{progressive.title}' at its reset value", table)
    for warning in warnings:
        print(f"WARNING: {warning}", file=sys.stderr)
    evaluated = evaluate_strategy(analysis, written) if written else None
    if args.command in ("analyze", "protect"):
        figures = summary(analysis, warnings, posted_rule,
                          progressive_results["figures"] if progressive_results else None, evaluated)
        if risk is not None:
            figures["procedure_risk"] = risk.to_dict(orient="records")
        print(json.dumps(exact(figures), indent=2) if args.json else as_text(figures))
        if risk is not None and not args.json:
            print("\nprocedure risk\n" + risk.drop(columns="exact").to_string(index=False))
        if output is None:
            return 0
    write_report(analysis, output, warnings, posted_rule, progressive_results, evaluated, risk, simulation)
    print(f"wrote {output} ({analysis.rules.title}, exhaustive, {analysis.seconds:.1f} s of enumeration)")
    if getattr(args, "charts", False):  # report only
        from analyzer.reports.charts import write_charts
        for path in write_charts(analysis, output.with_suffix("")):
            print(f"wrote {path}")
    return 0


def posted_rule_of(analysis: GameResults) -> PostedRule | HoldemPostedRule | None:
    """The rule a dealer could post: derived from the optimal strategy in the four-card games,
    the posted card in Ultimate Texas Hold'em (None when its counts were not computed)."""
    return derive_posted_rule(analysis) if isinstance(analysis, Analysis) else analysis.posted_rule()


def write_report(analysis: GameResults, output: Path, warnings: list[str],
                 posted_rule: PostedRule | HoldemPostedRule | None, progressive_results: dict | None = None,
                 evaluated: dict | None = None, risk: pd.DataFrame | None = None,
                 simulation: SimulationCheck | None = None) -> dict[tuple[str, str], Fraction]:
    """Write the math report as ``analyzer report`` does; returns the exact figure behind
    each formula cell, by (sheet, cell) (see :class:`analyzer.reports.workbook.Report`)."""
    from analyzer.reports.workbook import write_workbook
    posted = posted_rule and {
        "text": posted_rule.text, "cost": posted_rule.cost,
        "file": posted_rule_file(posted_rule, analysis.rules.name) if isinstance(posted_rule, PostedRule) else None,
        "written": evaluated,
        "columns": ("when", "decision", "posted: this hand or better", "optimal: weakest hand so played",
                    "cost per ante"),
        "rows": [(*row[:-1], f"{percent(row[-1])} ({row[-1]})")
                 for row in posted_rule.table().itertuples(index=False)]}
    return write_workbook(analysis, output, warnings, posted, progressive_results, risk, simulation)


def _simulate(args: argparse.Namespace, rules: GameRules, options: dict[str, str]) -> int:
    """``analyzer simulate``: exit code 1 when a wager's |z| exceeds the limit."""
    from analyzer.simulation import committed_holdem_analysis, default_hands, simulate
    if args.strategy or args.progressive:
        raise UsageError("simulate plays the analysis's own strategy: --strategy and --progressive are not for it")
    if rules.engine == "holdem":  # the committed counts of enumerations/uth and uth_posted: no enumeration
        analysis = committed_holdem_analysis(rules)
    else:
        with execution_backend(args.backend, args.scheduler):
            analysis = analyze(args.game, options, jobs=args.jobs, progress=not args.quiet,
                               paytable_files=tuple(args.paytable), cache=not args.no_cache, notify=_notify)
    check = simulate(analysis, args.hands or default_hands(args.game), args.seed, jobs=args.jobs,
                     progress=not args.quiet)
    print(json.dumps(check.as_dict(), indent=2) if args.json else check.as_text())
    for warning in check.warnings():
        print(f"WARNING: {warning}", file=sys.stderr)
    return 0 if check.passed else 1


def _protect_figures_only(args: argparse.Namespace, rules: GameRules, options: dict[str, str], exposed: int,
                          output: Path | None) -> int:
    """``protect`` with two dealer cards seen: the exact figures summed one class of exposed cards at a
    time (:mod:`analyzer.engines.one_decision.exposure_figures`); no full tables, so ``-o`` writes the procedure risk table."""
    import shutil

    from analyzer.engines.one_decision.exposure_figures import exposure_totals
    from analyzer.games.exposure import expose
    from analyzer.reports.workbook import write_table_workbook

    folder = class_totals_folder(rules, exposed)
    if args.no_cache and folder.is_dir():
        shutil.rmtree(folder)

    def run_analysis(cards: int) -> GameResults:
        return analyze(args.game, options, jobs=args.jobs, progress=not args.quiet,
                       paytable_files=tuple(args.paytable), cache=True, notify=_notify, exposed=cards)

    with execution_backend(args.backend, args.scheduler):
        figures = exposure_totals(expose(rules, exposed), jobs=args.jobs, progress=not args.quiet,
                                  folder=folder).figures()
        risk = procedure_risk(rules, {0: run_analysis(0)}, run_analysis)
    _print_exposure(f"{expose(rules, exposed).title}: exact figures, summed one class of exposed cards at a time",
                    figures, risk, args.json)
    if output is not None:
        write_table_workbook(risk, f"{rules.title}: procedure risk (house edge per ante)", output)
        print(f"wrote {output} (the procedure risk table; two seen cards give figures, not full tables)")
    return 0


def _protect_colluders(args: argparse.Namespace, rules: GameRules, options: dict[str, str],
                       output: Path | None) -> int:
    """``protect --colluding-players N``: the estimate of :mod:`analyzer.engines.one_decision.collusion` (Ultimate Texas Hold'em:
    :mod:`analyzer.engines.holdem.collusion`), and the procedure risk table with it; ``-o`` writes that table."""
    from analyzer.reports.workbook import write_table_workbook

    colluders = args.colluding_players
    if rules.engine == "holdem":
        from analyzer.engines.holdem.collusion import estimate_holdem_collusion
        from analyzer.simulation import committed_holdem_analysis

        normal = committed_holdem_analysis(rules)  # the main game's exact counts, committed in enumerations/uth
        preflop = normal.preflop_values()
        estimate = estimate_holdem_collusion(normal.main_figures()["house_edge_per_ante"],
                                             dict(zip(preflop["hand"], preflop["decision"])), colluders,
                                             args.deals or DEFAULT_SAMPLES, args.seed,
                                             DEFAULT_PREFLOP_SAMPLES if args.preflop_samples is None
                                             else args.preflop_samples, jobs=args.jobs, progress=not args.quiet)
        risk = holdem_procedure_risk(rules, estimate.normal_edge, colluders={colluders: estimate})
        sampled = "(colluders' cards, flop) samples"
    else:
        from analyzer.engines.one_decision.collusion import estimate_collusion

        def run_analysis(cards: int) -> GameResults:
            return analyze(args.game, options, jobs=args.jobs, progress=not args.quiet,
                           paytable_files=tuple(args.paytable), cache=not args.no_cache, notify=_notify,
                           exposed=cards)

        with execution_backend(args.backend, args.scheduler):
            normal = run_analysis(0)
        estimate = estimate_collusion(normal, colluders, args.deals or DEFAULT_DEALS, args.seed, jobs=args.jobs,
                                      progress=not args.quiet)
        risk = procedure_risk(rules, {0: normal}, run_analysis, {colluders: estimate})
        sampled = "sampled deals"
    low, high = estimate.interval()
    if args.json:
        print(json.dumps(exact({**estimate.as_dict(), "procedure_risk": risk.to_dict(orient="records")}), indent=2))
    else:
        print(f"{rules.title} with {colluders_label(colluders)} (their hands known to the player)")
        print(f"  house edge per ante   {percent(estimate.edge):>12}  ESTIMATE from {estimate.deals:,} {sampled} "
              f"(seed {estimate.seed}), 95% interval {percent(low)} to {percent(high)}")
        print(f"  normal play           {percent(estimate.normal_edge):>12}  exact; an upper bound")
        print(f"  decisions changed     {estimate.switched:>12,}  {estimate.changed_unit()}")
        print("  method: " + estimate.method())
        print("\nprocedure risk\n" + risk.drop(columns="exact").to_string(index=False))
    if estimate.edge < 0:
        print(f"WARNING: {rules.title}: {colluders_label(colluders)} give the player the advantage "
              f"(estimated house edge {percent(estimate.edge)})", file=sys.stderr)
    if output is not None:
        write_table_workbook(risk, f"{rules.title}: procedure risk (house edge per ante)", output)
        print(f"wrote {output} (the procedure risk table)")
    return 0


def _print_exposure(title: str, figures: dict[str, object], risk: pd.DataFrame, as_json: bool) -> None:
    """An exposure's exact figures (house edge, element of risk, average bet, action frequencies) and the
    procedure risk table, as text or one JSON object."""
    if as_json:
        print(json.dumps(exact({"title": title, **figures, "procedure_risk": risk.to_dict(orient="records")}),
                         indent=2))
        return
    print(title)
    for name in ("house_edge_per_ante", "element_of_risk"):
        print(f"  {name.replace('_', ' '):22} {percent(figures[name]):>12}  {figures[name]}")
    print(f"  {'average total bet':22} {float(figures['average_total_bet']):>12.6f}  {figures['average_total_bet']}")
    for name, share in figures.get("actions", {}).items():
        print(f"  {name:22} {percent(share):>12}")
    print("\nprocedure risk\n" + risk.drop(columns="exact").to_string(index=False))


def _protect_holdem(args: argparse.Namespace, rules: GameRules, exposed: int, output: Path | None) -> int:
    """``protect uth --exposed-dealer-cards K``: the committed exact run (or a new one with ``--no-cache``: about
    20 minutes for one seen card, 30 for both, on two cores, resumable), its figures, the pre-flop decision
    table and the procedure risk table; ``-o`` writes both tables."""
    import pandas as pd

    from analyzer.engines.cache import cache_root
    from analyzer.engines.holdem.posted import OPTIMAL_FOLDER
    from analyzer.engines.holdem.results import HoldemAnalysis, load_counts
    from analyzer.reports.workbook import write_tables_workbook

    figures = None if args.no_cache else committed_holdem_figures(exposed)
    if figures is not None:
        _notify(f"using the committed exact run {COMMITTED_HOLDEM[exposed]}")
        preflop = pd.read_csv(COMMITTED_HOLDEM_PREFLOP[exposed], dtype=str)
    else:
        from analyzer.engines.holdem.exposure import analyze_exposed
        from analyzer.engines.holdem.exposure_both import analyze_both
        results = (analyze_exposed if exposed == 1 else analyze_both)(
            jobs=args.jobs, progress=not args.quiet, checkpoint_dir=cache_root() / f"uth-exposed-{exposed}-chunks")
        figures = {**results.figures(), "actions": results.frequencies()}
        preflop = results.preflop_table()
    normal = HoldemAnalysis(rules, load_counts(OPTIMAL_FOLDER)).main_figures()["house_edge_per_ante"]
    risk = holdem_procedure_risk(rules, normal, {exposed: figures["house_edge_per_ante"]})
    title = f"{rules.title}, {hole_cards_label(exposed)}: exact, optimal play for what the player sees"
    _print_exposure(title, figures, risk, args.json)
    if figures["house_edge_per_ante"] < 0:
        print(f"WARNING: {title.split(':')[0]}: PLAYER ADVANTAGE of {percent(-figures['house_edge_per_ante'])} "
              "per ante", file=sys.stderr)
    if output is not None:
        seen = "seen card" if exposed == 1 else "dealer hand"
        write_tables_workbook([("Procedure risk", f"{rules.title}: procedure risk (house edge per ante)", risk),
                               ("Pre-flop", f"{title}: pre-flop decision per starting hand and {seen}", preflop)],
                              output)
        print(f"wrote {output}")
    return 0


def _notify(message: str) -> None:
    print(message, file=sys.stderr)


def _solve(args: argparse.Namespace, options: dict[str, str]) -> int:
    solution = solve_pay(args.game, args.wager, args.line, args.target_edge, options, jobs=args.jobs,
                         progress=not args.quiet)
    if args.json:
        print(json.dumps(exact(dataclasses.asdict(solution)), indent=2))
        return 0
    print(f"{args.game} {solution.wager}, line '{solution.line}': pays {solution.pays} to 1 "
          f"(= {float(solution.pays):.6f}) for a house edge of exactly {percent(solution.target)}")
    if solution.strategy_dependent:
        print(f"  the optimal strategy changes with this pay; solved exactly in {solution.rounds} rounds")
    print("  pays a casino could post:")
    for pays, edge in solution.nearby:
        print(f"    {float(pays):g} to 1: house edge {percent(edge)} ({edge})")
    return 0


def _compare(args: argparse.Namespace, options: dict[str, str]) -> int:
    for path in args.paytable:  # each file must stand on its own: it is one variant
        load_game(args.game, options, (path,))
    output = _checked_output(args.output) if args.output else None
    frame = compare_paytables(args.game, args.paytable, options, jobs=args.jobs, progress=not args.quiet)
    if args.json:
        print(json.dumps(exact(frame.to_dict(orient="records")), indent=2))
    else:
        print(as_display(frame).to_string(index=False))
    if output:
        from analyzer.reports.workbook import write_table_workbook
        write_table_workbook(as_display(frame), f"{args.game}: paytable variants", output)
        print(f"wrote {output}")
    return 0


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``analyzer`` console command."""
    try:
        code = run(sys.argv[1:] if argv is None else argv)
    except (UsageError, RulesError, BackendError, SimulationError) as error:
        print(f"analyzer: error: {error}", file=sys.stderr)
        code = 2
    except KeyboardInterrupt:
        print("analyzer: interrupted; nothing was written", file=sys.stderr)
        code = 130
    sys.exit(code)


if __name__ == "__main__":
    main()
