"""``analyzer check FILE``: a game, paytable, strategy or progressive file checked completely, nothing
enumerated (the lab's edit loop).

The kind of file is recognised from its keys (a game gives ``wagers`` and its
cards; a progressive its ``stake``; a strategy its ``rules`` or
``[[streets]]`` rules; a paytable file ``wagers`` or ``side_bets`` tables of
paytables) or given with ``--kind``. A paytable, strategy or progressive file
is checked against its game: the file's ``game`` key, or ``--game``. The
answer is one line: exit code 0 and what the file holds, or exit code 2 and
the first problem (file, line, key).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from analyzer.cli.common import UsageError, rule_option
from analyzer.games.files import parse_toml, read_text
from analyzer.games.rules import GameRules
from analyzer.games.schema import FILE_KINDS, kind_of
from analyzer.engines.registry import engine_name
from analyzer.games.rules import load_game
from analyzer.pipeline import rules_and_engine


def add_parser(commands: argparse._SubParsersAction) -> None:
    about = "check a game, paytable, strategy or progressive file completely, without enumerating anything"
    command = commands.add_parser("check", help=about, description=about)
    command.add_argument("file", type=Path, help="the file to check (.toml)")
    command.add_argument("--kind", choices=FILE_KINDS, help="the kind of file (default: recognised from its keys)")
    command.add_argument("--game", help="the game a paytable, strategy or progressive file is for (default: its "
                         "game key)")
    command.add_argument("--option", type=rule_option, action="append", default=[], metavar="NAME=CHOICE",
                         help="check the game with this reading of an ambiguous rule")


def run(args: argparse.Namespace) -> int:
    path: Path = args.file
    data = parse_toml(read_text(path, "rules"), str(path))
    kind = args.kind or kind_of(data)
    if kind is None:
        raise UsageError(f"{path}: cannot tell which kind of file this is ({', '.join(FILE_KINDS)}): give --kind")
    options = dict(args.option)
    if kind == "game":  # its engine named, not imported: the check stays well under a second
        rules = load_game(str(path), options)
        engine_name(rules)
        print(f"{path}: a valid game file: {_game_summary(rules)}")
        return 0
    game = args.game or data.get("game")
    if not isinstance(game, str):
        raise UsageError(f"{path}: a {kind} file is checked against its game: give the file a game key or --game")
    if kind == "paytable":
        rules, _ = rules_and_engine(game, options, (path,))
        print(f"{path}: a valid paytable file for {rules.title}: {_paytable_summary(data)}")
    elif kind == "strategy":
        rules, engine = rules_and_engine(game, options)
        engine.load_strategy(rules, path)
        print(f"{path}: a valid strategy file for {rules.title}")
    else:
        from analyzer.engines.progressive import load_progressive  # its module imports the results' tables

        rules = load_game(game, options)
        progressive = load_progressive(path, rules)
        print(f"{path}: a valid progressive file for {rules.title}: {_counted(len(progressive.lines), 'line')}, "
              f"stake {progressive.stake}")
    return 0


def _game_summary(rules: GameRules) -> str:
    """What the game deals and offers, in a few words."""
    cards = f"{rules.player_cards} cards to the player, {rules.dealer_cards} to the dealer"
    if rules.community_cards:
        cards += f", {rules.community_cards} community cards"
    decisions = _counted(len(rules.streets), "decision street") if rules.streets else \
        "one decision" if rules.decided else "no decision"
    return (f"{rules.title}: {cards}; {decisions}; {_counted(len(rules.wagers), 'wager')}, "
            f"{_counted(len(rules.side_bets), 'side bet')}, {_counted(len(rules.options), 'rule option')}")


def _counted(number: int, thing: str) -> str:
    """``1 wager``, ``3 wagers``."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _paytable_summary(data: dict) -> str:
    tables = sum(len(entry.get("paytables", {})) for kind in ("wagers", "side_bets")
                 for entry in data.get(kind, {}).values())
    return _counted(tables, "paytable")
