"""A game is data: a user's own game file, read like a shipped one, and a clear one-line error for
each mistake in it (the file named, and the key where it can be found)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import analyzer
from analyzer.games.rules import (
    OUTCOMES,
    RulesError,
    game_names,
    is_game_file,
    load_game,
)
from analyzer.games.settlement import settle

SHIPPED = Path(analyzer.__file__).parent / "games" / "data" / "games"

#: The smallest game worth analysing: three cards each, no qualifier, even money, fold or play 1x.
SMALL_GAME = """
ranking = "three_card"
player_cards = 3
dealer_cards = 3

[play]
multiples = [{ multiple = 1 }]

[wagers.ante]
title = "Ante"
role = "initial"
on_fold = -1
results = { no_qualify_win = 1, no_qualify_tie = 0, no_qualify_lose = -1, win = 1, tie = 0, lose = -1 }

[wagers.play]
title = "Play"
role = "raise"
on_fold = 0
results = { no_qualify_win = 1, no_qualify_tie = 0, no_qualify_lose = -1, win = 1, tie = 0, lose = -1 }
"""


def write(tmp_path: Path, text: str, name: str = "my-game.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def error_of(path: Path) -> str:
    with pytest.raises(RulesError) as raised:
        load_game(str(path))
    message = str(raised.value)
    assert "\n" not in message and str(path) in message, message
    return message


# -- a user's file is read like a shipped game --------------------------------------------
def test_names_ending_in_toml_or_holding_a_separator_are_files():
    assert not is_game_file("threecard")
    assert is_game_file("threecard.toml") and is_game_file("games/threecard") and is_game_file("./mine")


def test_a_copy_of_a_shipped_game_reads_the_same(tmp_path):
    path = write(tmp_path, (SHIPPED / "threecard.toml").read_text(), "copy.toml")
    mine, shipped = load_game(str(path)), load_game("threecard")
    assert mine.wagers == shipped.wagers and mine.side_bets == shipped.side_bets and mine.play == shipped.play
    assert mine.dealer_qualifies == shipped.dealer_qualifies and mine.name == "threecard"
    assert load_game(path) == mine  # a Path works too


def test_a_small_game_needs_only_the_required_keys_and_analyses(tmp_path):
    path = write(tmp_path, SMALL_GAME)
    rules = load_game(str(path))
    assert (rules.name, rules.title, rules.rules_source) == ("my-game", "my-game", "my-game.toml")
    assert rules.dealer_qualifies is None and rules.side_bets == ()
    analysis = analyzer.analyze(str(path), jobs=1)
    assert analysis.cycle == 22_100 * 18_424
    # A symmetric game where the player may fold: never worse than even.
    assert analysis.main_figures()["house_edge_per_ante"] <= 0


def test_game_names_lists_only_shipped_games(tmp_path, monkeypatch):
    write(tmp_path, SMALL_GAME)
    monkeypatch.chdir(tmp_path)
    assert "my-game" not in game_names()
    assert {"crazy4", "fourcardfever", "super4", "uth", "threecard", "caribbean"} <= set(game_names())
    assert load_game("my-game.toml").name == "my-game"  # a bare file name in the working folder


def test_paytable_outcomes_restrict_where_a_paytable_applies(tmp_path):
    old, new = play_paytable('paytable_mode = "instead"\npaytable_outcomes = ["win", "no_qualify_win"]',
                             hand="pair or better", pays=3)
    play = load_game(str(write(tmp_path, SMALL_GAME.replace(old, new)))).raise_wager
    assert play.paytable_outcomes == ("no_qualify_win", "win")  # kept in the order of OUTCOMES
    results = settle(play, np.array([0, -1]), 1)
    assert dict(zip(OUTCOMES, results[0].tolist(), strict=True)) == {
        "no_qualify_win": 3, "no_qualify_tie": 0, "no_qualify_lose": -1, "win": 3, "tie": 0, "lose": -1}
    assert results[1].tolist() == [1, 0, -1, 1, 0, -1]


def test_on_win_is_instead_on_the_winning_outcomes():
    blind = next(w for w in load_game("uth").wagers if w.name == "blind")
    assert blind.paytable_mode == "on_win" and blind.paytable_outcomes == ("no_qualify_win", "win")
    assert not blind.paid_whatever_the_dealer
    super_bonus = next(w for w in load_game("crazy4").wagers if w.name == "super_bonus")
    assert super_bonus.paytable_outcomes == OUTCOMES and super_bonus.paid_whatever_the_dealer


# -- every mistake is one line naming the file (and the key) ---------------------------------
def test_a_missing_file(tmp_path):
    assert "cannot read the game file" in error_of(tmp_path / "nowhere.toml")


def test_not_toml(tmp_path):
    assert "not valid TOML" in error_of(write(tmp_path, "ranking = \n"))


@pytest.mark.parametrize("text", ["", "# only a comment\n"])
def test_an_empty_file_defines_no_game(tmp_path, text):
    assert "defines no game" in error_of(write(tmp_path, text))


@pytest.mark.parametrize("key", ["ranking", "player_cards", "dealer_cards", "play", "wagers"])
def test_a_missing_required_key(tmp_path, key):
    without = {
        "play": SMALL_GAME.replace("[play]\nmultiples = [{ multiple = 1 }]\n", ""),
        "wagers": SMALL_GAME[: SMALL_GAME.index("[wagers.ante]")],
    }.get(key) or "".join(line for line in SMALL_GAME.splitlines(keepends=True) if not line.startswith(f"{key} ="))
    expected = "a game gives one decision: [play], [[streets]] or [draw]" if key == "play" else f"missing key {key!r}"
    assert expected in error_of(write(tmp_path, without))


def play_paytable(keys: str = 'paytable_mode = "instead"', hand: str = "flush", pays: int = 2,
                  default: str = "t") -> tuple[str, str]:
    """The change that gives the Play wager a one-line paytable "t", with ``keys`` beside it."""
    return 'role = "raise"\n', (f'role = "raise"\n{keys}\ndefault_paytable = "{default}"\n'
                                f'paytables.t.lines = [{{ hand = "{hand}", pays = {pays} }}]\n')


@pytest.mark.parametrize("change, expected", [
    (('"three_card"', '"three_cards"'), "unknown hand ranking 'three_cards'"),
    (("dealer_cards = 3", 'dealer_cards = 3\ndealer_qualifies = "high card of Q-Z"'), "dealer_qualifies"),
    (("dealer_cards = 3", 'dealer_cards = 3\ndealer_qualifies = "pair of Q-6-4"'), "ranked by 2"),
    (("player_cards = 3", "player_cards = 2"), "ranking 'three_card' ranks 3 cards, but the player's hand has 2"),
    (("dealer_cards = 3", "dealer_cards = 3\ndealer_up_cards = 3"), "dealer_up_cards (3) must be fewer"),
    (("{ multiple = 1 }", "{ multiple = 0 }"), "line 7: play.multiples[1].multiple: must be at least 1, not 0"),
    (("{ multiple = 1 }", '{ multiple = 1, requires = "pair of X" }'), "play.multiples: requires"),
    (('role = "raise"', 'role = "bet"'), "wagers.play.role: must be one of initial, raise, street, not 'bet'"),
    (('role = "raise"', 'role = "initial"'), "exactly one wager must have role = \"raise\""),
    (("no_qualify_tie = 0, no_qualify_lose = -1, win = 1, tie = 0, lose = -1 }\n\n[wagers.play]",
      "no_qualify_tie = 0, no_qualify_lose = -1, win = 1, lose = -1 }\n\n[wagers.play]"),
     "wagers.ante.results: missing key 'tie'"),
    (("win = 1, tie = 0, lose = -1 }\n\n[wagers.play]", "win = 1, tie = 0, lose = -1, draw = 0 }\n\n[wagers.play]"),
     "wagers.ante.results.draw: unknown key 'draw'"),
    (("on_fold = -1", 'on_fold = "a lot"'), "wagers.ante.on_fold: a result must be a number"),
    (play_paytable(pays=-2), "wagers.play.paytables.t.lines[1].pays: a pay is from 0"),
    (play_paytable(hand="full house"), "unknown hand 'full house'"),
    (play_paytable(default="u"), "wagers.play: default_paytable 'u' is none of its paytables"),
    (play_paytable(""), "wagers.play: a wager with a default_paytable gives its paytable_mode"),
    (play_paytable('paytable_mode = "instead"\npaytable_outcomes = ["win", "winning"]'),
     "wagers.play.paytable_outcomes[2]: must be one of"),
    (play_paytable('paytable_mode = "on_win"\npaytable_outcomes = ["win"]'), "on_win"),
    (("[play]", '[side_bets.pair_plus]\ntitle = "Pair Plus"\n\n[play]'),
     "side_bets.pair_plus: a side bet needs a default_paytable"),
    (("[play]", '[options.reading]\ndescription = "d"\ndefault = "a"\nchoices.a.set = { "nowhere.x" = 1 }\n\n[play]'),
     "options.reading.choices.a.set: the game has no 'nowhere' to set 'x' in"),
    (("[play]", "side_bets = 3\n[play]"), "side_bets: must be a table"),
    (("[play]", "dealer_qualifier = 3\n[play]"),
     "dealer_qualifier: unknown key 'dealer_qualifier'; did you mean 'dealer_qualifies'?"),
    (play_paytable('paytable_mode = "instead"\npaytable_outcome = ["win"]'),
     # misspelt: never silently ignored
     "wagers.play.paytable_outcome: unknown key 'paytable_outcome'; did you mean 'paytable_outcomes'?"),
    (("[play]", 'dealer_up_cards = "one"\n[play]'), "dealer_up_cards: must be a whole number, not 'one'"),
])
def test_each_mistake_is_one_line_naming_the_file_and_the_key(tmp_path, change, expected):
    old, new = change
    assert old in SMALL_GAME
    message = error_of(write(tmp_path, SMALL_GAME.replace(old, new, 1)))
    assert expected in message, message


def test_an_unknown_shipped_name_lists_the_games():
    with pytest.raises(RulesError, match="unknown game 'threecards'; known games: .*threecard"):
        load_game("threecards")


def test_paytable_files_apply_to_a_users_game(tmp_path):
    game = write(tmp_path, (SHIPPED / "threecard.toml").read_text().replace('name = "threecard"\n', ""), "tcp.toml")
    paytables = write(tmp_path, '[side_bets.pair_plus.paytables."40-30-6-4-1"]\ndefault = true\n'
                      'pays = [40, 30, 6, 4, 1]\n', "tables.toml")
    rules = load_game(str(game), paytable_files=(paytables,))
    assert rules.name == "tcp" and rules.side_bets[0].default_paytable == "40-30-6-4-1"
    assert rules.side_bets[0].paytables["40-30-6-4-1"].lines[3].pays == Fraction(4)
