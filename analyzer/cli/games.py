"""``analyzer games``: the shipped games, by name and title."""

from __future__ import annotations

import argparse

from analyzer.games.rules import game_names, load_game


def add_parser(commands: argparse._SubParsersAction) -> None:
    about = "list the games the analyzer knows: each shipped game's name (what GAME takes) and title"
    commands.add_parser("games", help=about, description=about)


def run(args: argparse.Namespace) -> int:
    names = game_names()
    width = max(map(len, names))  # the titles in one column, however long a name
    for name in names:
        print(f"{name:{width}} {load_game(name).title}")
    return 0
