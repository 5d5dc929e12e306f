#!/usr/bin/env python3
"""A shipped Hold'em game over streets with one or both dealer hole cards seen from the start: the exact full run,
committed.

    .venv/bin/python scripts/street_exposure.py --game thb [--seen 1] [--jobs 2] [--checkpoint DIR]
    .venv/bin/python scripts/street_exposure.py --game uth --seen 2 [--jobs 2] [--checkpoint DIR]

Enumerates every view of the seen cards (a seen card's rank, or a dealer starting hand) and every flop class
(:mod:`analyzer.engines.holdem.street_exposure`; chunks kept in the checkpoint folder, so an interrupted run
resumes), prints the figures and writes ``enumerations/protect/GAME_exposed_K.json`` (K the cards seen; exact
figures as Fraction strings, read back by :func:`analyzer.engines.holdem.protection.committed_holdem_figures`) and
``GAME_exposed_K_preflop.csv``: with one card seen, the pre-flop decision and each option's exact EV per starting
hand and seen card; with both, per starting hand and dealer starting hand, the combinations taking each option and
the best option's exact EV. ``seconds`` is the wall time of the invocation that wrote the file (a run resumed from
its checkpoints takes seconds: keep the full run's time). Times on two cores: Ultimate Texas Hold'em 4.5 minutes
with one card seen and about 2.4 hours with both; Texas Hold'em Bonus about 7 minutes with one; Casino
Hold'em 57 minutes with both.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from fractions import Fraction
from pathlib import Path

from analyzer.core.cards import format_cards
from analyzer.core.committed import PROTECT
from analyzer.engines.base import Run
from analyzer.engines.holdem.street_exposure import exposed_street_game, seen_cycle
from analyzer.engines.holdem.streets import as_streets
from analyzer.engines.registry import engine_for
from analyzer.games.rules import load_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="thb")
    parser.add_argument("--seen", type=int, choices=(1, 2), default=1, help="dealer hole cards seen")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--checkpoint", type=Path, default=None, help="folder of resumable chunks")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rules = as_streets(load_game(args.game))
    normal = engine_for(rules).analyze(rules, Run(jobs=args.jobs)).main_figures()["house_edge_per_ante"]

    def chunks(cards: tuple[int, ...]) -> Path | None:
        name = "".join(format_cards([card]) for card in cards)
        return None if args.checkpoint is None else args.checkpoint / f"{args.game}-seen-{name}"

    game = exposed_street_game(rules, args.seen, args.jobs, True, chunks)
    figures = game.figures()
    orders = game.analysis.plan.turn_river_orders
    assert figures["cycle"] == seen_cycle(args.seen, orders), figures["cycle"]
    edge = Fraction(str(figures["house_edge_per_ante"]))
    record: dict[str, object] = {"cycle": str(figures["cycle"]), "complete": True}
    for name in ("house_edge_per_ante", "house_edge_per_initial_wager", "average_total_bet", "element_of_risk"):
        record[name] = str(figures[name])
    actions = figures["actions"]
    assert isinstance(actions, dict)
    record.update({f"frequency {name}": str(share) for name, share in actions.items()})
    seen = "seen dealer card" if args.seen == 1 else "dealer pair"
    board = "turn, river" if orders == 2 else "turn+river"
    record.update({"house_edge_percent": f"{float(edge) * 100:.6f}",
                   "element_of_risk_percent": f"{float(Fraction(str(figures['element_of_risk']))) * 100:.6f}",
                   "normal_house_edge_per_ante": str(normal), "normal_house_edge_percent": f"{float(normal) * 100:.6f}",
                   "edge_gain_per_ante": str(normal - edge),
                   "cycle_order": f"{seen}, hole, flop, {board}" + (", other dealer card" if args.seen == 1 else ""),
                   "exposed_dealer_cards": str(args.seen), "seconds": str(round(time.perf_counter() - started))})
    target = PROTECT / f"{args.game}_exposed_{args.seen}.json"
    target.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    game.preflop_table().to_csv(PROTECT / f"{args.game}_exposed_{args.seen}_preflop.csv", index=False)
    print(json.dumps(record, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
