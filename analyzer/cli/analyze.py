"""``analyzer analyze GAME``: the exact analysis of a game, printed as text or one JSON object."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import TYPE_CHECKING

from analyzer.cli.common import Session, game_command
from analyzer.cli.outcome import Extras, finish
from analyzer.core.cards import CardError, format_cards, parse_cards
from analyzer.core.distributed import execution_backend
from analyzer.reports.summary import exact

if TYPE_CHECKING:
    from analyzer.engines.results import GameResults


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = game_command(commands, "analyze", "print the exact analysis of a game")
    command.add_argument("--json", action="store_true", help="print one JSON object; exact figures are \"p/q\" strings")
    command.add_argument("--hand", metavar="CARDS", type=cards_argument,
                         help="print every decision open to the player dealt CARDS (\"Ah Kh Qh Jh 2c\") with its exact "
                              "expected value, best first, instead of the summary (games whose engine gives it: draws)")


def cards_argument(text: str) -> tuple[int, ...]:
    """Cards named as ``Ah Kh 10h`` (commas allowed), for argparse: a bad name is a one-line usage error."""
    try:
        return parse_cards(text.replace(",", " "))
    except CardError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def print_hand(session: Session, analysis: GameResults, cards: tuple[int, ...]) -> int:
    """The decisions of one dealt hand, as text (exact values beside their decimals) or JSON."""
    table = session.engine.hand_decisions(analysis, cards)
    if session.args.json:
        print(json.dumps({"game": analysis.rules.name, "hand": format_cards(cards),
                          "decisions": exact(table.to_dict(orient="records"))}, indent=2))
        return 0
    shown = table.copy()
    for column in table.columns:
        if isinstance(table[column].iloc[0], Fraction):
            shown[column] = [f"{float(value):.6f}  ({value})" for value in table[column]]
    print(f"{analysis.rules.title}: dealt {format_cards(cards)}\n")
    print(shown.to_string(index=False))
    return 0


def run(args: argparse.Namespace) -> int:
    session = Session.of(args)
    if args.hand is not None and not session.engine.gives_hand_decisions:
        raise session.engine.unsupported(session.rules, "--hand", "this engine gives no per-hand decision table")
    extras = Extras.of(session)
    with execution_backend(args.backend, args.scheduler):
        analysis = session.analysis()
    if args.hand is not None:
        return print_hand(session, analysis, args.hand)
    return finish(session, extras, analysis, None, None, print_summary=True)
