"""``analyzer protect GAME``: game protection, the exact house edge when the player sees cards that should
be hidden (some of the dealer's face-down cards, or in a game with no dealer hand the first community
cards, before the first decision), or an estimate when other players show the player their cards; with
the procedure risk table of the game."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from analyzer.cli.common import (
    Session,
    UsageError,
    checked_output,
    game_command,
    positive_count,
)
from analyzer.cli.outcome import Extras, finish, player_advantage, print_exposure, writing
from analyzer.core.distributed import execution_backend
from analyzer.engines.base import MAX_COLLUDERS, CollusionOptions
from analyzer.protection.procedure_risk import colluders_label, procedure_risk
from analyzer.reports.sanity import percent
from analyzer.reports.summary import exact


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "protect", "game protection: the exact house edge when the player sees "
                           "cards that should be hidden (a procedure leak: the dealer's face-down cards, or the "
                           "first community cards in games with no dealer hand), or the estimated edge with "
                           "colluding players", progressive=False)
    leak = command.add_mutually_exclusive_group(required=True)
    leak.add_argument("--exposed-dealer-cards", "--cards-seen", dest="exposed_dealer_cards", type=int,
                      choices=(1, 2), metavar="K",
                      help="how many cards that should be hidden the player sees (1 or 2): the dealer's face-down "
                           "cards, or in games with no dealer hand the first community cards, seen before the "
                           "first decision: exact")
    leak.add_argument("--colluding-players", type=int, choices=range(1, MAX_COLLUDERS + 1), metavar="N",
                      help=f"how many other players (1 to {MAX_COLLUDERS}) show the player their hands: an "
                           "estimate from sampled deals, each settled exactly (see docs/protection.md)")
    command.add_argument("--deals", type=positive_count("--deals", 2), default=None, metavar="M",
                         help="with --colluding-players: deals to sample (default: the engine's, e.g. 20,000; "
                              "for the one-Play-bet Hold'em game, (colluders' cards, flop) samples, each with every "
                              "player hand: 2,000; for Hold'em over streets, (colluders' cards, flop, player hand) "
                              "samples: 4,000)")
    command.add_argument("--seed", type=positive_count("--seed", 0), default=1,
                         help="with --colluding-players: seed of the sampled deals (default 1)")
    command.add_argument("--preflop-samples", type=positive_count("--preflop-samples", 0), default=None,
                         metavar="K",
                         help="Hold'em games with --colluding-players: colluder deals whose every flop is "
                              "enumerated to estimate the pre-flop use of their cards (default 4; UTH about 80 s "
                              "each for one colluder, 30 s for six, on two cores, Texas Hold'em Bonus about four "
                              "times that; 0: pre-flop played as normal, an upper bound on the edge)")
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.add_argument("-o", "--output", type=Path, default=None,
                         help="also write the report of the game so played, with its Procedure risk sheet")


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    output = checked_output(args.output) if args.output else None
    if args.colluding_players:
        return colluders(session, output)
    seen = args.exposed_dealer_cards
    if args.preflop_samples is not None:
        raise UsageError("--preflop-samples is for --colluding-players")
    if (why := session.engine.exposure_problem(session.rules, seen)) is not None:
        raise session.engine.unsupported(session.rules, "--exposed-dealer-cards", why)
    extras = Extras.of(session)
    with execution_backend(args.backend, args.scheduler):
        exposure = session.engine.exposure(session.rules, seen, session.run())
        if exposure.results is not None:
            normal = session.analysis()
            known = {0: normal.main_figures()["house_edge_per_ante"], seen: exposure.figures["house_edge_per_ante"]}
        else:
            known = {seen: exposure.figures["house_edge_per_ante"]}
        risk = procedure_risk(session.rules, session.run(cache=True), known)
    if exposure.results is not None:
        return finish(session, extras, exposure.results, risk, output, print_summary=True)
    print_exposure(exposure.title, exposure.figures, risk, args.json)
    if exposure.figures["house_edge_per_ante"] < 0:
        player_advantage(exposure.title.split(":")[0], exposure.figures["house_edge_per_ante"])
    if output is not None:
        from analyzer.reports.workbook import write_tables_workbook
        with writing(output):
            write_tables_workbook([("Procedure risk", f"{session.rules.title}: procedure risk (house edge per "
                                                      "ante)", risk), *exposure.tables], output)
        print(f"wrote {output} (the procedure risk table{'s' if exposure.tables else ''}; cards seen give "
              "figures, not full tables)")
    return 0


def colluders(session: Session, output: Path | None) -> int:
    """``--colluding-players N``: the engine's estimate and the procedure risk table; ``-o`` writes that table."""
    args, rules = session.args, session.rules
    if args.preflop_samples == 1:
        raise UsageError("--preflop-samples must be 0 or at least 2 (one sample gives no error estimate)")
    with execution_backend(args.backend, args.scheduler):
        estimate = session.engine.collusion(rules, args.colluding_players, args.seed, session.run(),
                                            CollusionOptions(args.deals, args.preflop_samples))
        risk = procedure_risk(rules, session.run(cache=True), {0: estimate.normal_edge},
                              {args.colluding_players: estimate})
    low, high = estimate.interval()
    if args.json:
        print(json.dumps(exact({**estimate.as_dict(), "procedure_risk": risk.to_dict(orient="records")}), indent=2))
    else:
        print(f"{rules.title} with {colluders_label(estimate.colluders)} (their hands known to the player)")
        print(f"  house edge per ante   {percent(estimate.edge):>12}  ESTIMATE from {estimate.deals:,} "
              f"{estimate.sample_unit()} (seed {estimate.seed}), 95% interval {percent(low)} to {percent(high)}")
        print(f"  normal play           {percent(estimate.normal_edge):>12}  exact; an upper bound")
        print(f"  decisions changed     {estimate.switched:>12,}  {estimate.changed_unit()}")
        print("  method: " + estimate.method())
        print("\nprocedure risk\n" + risk.drop(columns="exact").to_string(index=False))
    if estimate.edge < 0:
        player_advantage(f"{rules.title} with {colluders_label(estimate.colluders)} (an estimate)", estimate.edge)
    if output is not None:
        from analyzer.reports.workbook import write_tables_workbook
        with writing(output):
            write_tables_workbook([("Procedure risk", f"{rules.title}: procedure risk (house edge per ante)",
                                    risk)], output)
        print(f"wrote {output} (the procedure risk table)")
    return 0
