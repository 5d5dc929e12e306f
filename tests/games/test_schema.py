"""The rules-file schema (analyzer/games/schema.py): small hand-checked cases, then every key of every shipped
file misspelt in turn, then files mutated at random (hypothesis): never a traceback, never a silent misreading."""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.cli.main import main
from analyzer.games.errors import RulesError
from analyzer.games.rules import game_names, load_game
from analyzer.games.schema import MODELS, exact_number, kind_of, pay_value, table_model, validate
from analyzer.games.schema_reference import reference_markdown
from analyzer.games.toml_lines import key_lines

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "analyzer" / "games" / "data" / "games"
EXAMPLES = ROOT / "examples"

#: Every file a user might start from: the shipped games and the examples, with the game each is for.
FILES = [(path, None) for path in sorted(SHIPPED.glob("*.toml"))] + [
    (path, path.name.split("-")[0]) for path in sorted(EXAMPLES.glob("*.toml"))]


def check(path: Path, game: str | None, capsys) -> tuple[int, str]:
    """``analyzer check PATH [--game GAME]`` in this process: (exit code, stderr)."""
    with pytest.raises(SystemExit) as done:
        main(["check", str(path), *(["--game", game] if game else [])])
    return done.value.code, capsys.readouterr().err


# -- small cases --------------------------------------------------------------------------------------------
def test_numbers_are_read_exactly_as_written():
    assert exact_number(4.000000000000001, "x") == Fraction(4000000000000001, 10**15)
    assert pay_value("1000000000000000001/1000000000000000000") == Fraction(10**18 + 1, 10**18)
    assert pay_value("3 to 2") == pay_value("3:2") == Fraction(3, 2)


@pytest.mark.parametrize("value, message", [
    (10**30, "a pay is from 0 to 1,000,000,000"), (-2, "a pay is from 0"), ("lots", "cannot read pay 'lots'"),
    (float("nan"), "must be a number"), (float("inf"), "must be a number"), (True, "must be a number"),
])
def test_a_pay_out_of_range_or_unreadable_is_refused(value, message):
    with pytest.raises(ValueError, match=message):
        pay_value(value)


@pytest.mark.parametrize("change, expected", [
    (("requires = ", "require = "), "line 34: play.multiples[2].require: unknown key 'require'; did you mean "
                                    "'requires'?"),
    (("fold = true", 'fold = "false"'), "line 31: play.fold: must be true or false, not 'false'"),
    (('title = "Crazy 4 Poker"', 'title = ["x"]'), "line 4: title: must be a text in quotes"),
    (('name = "crazy4"', 'name = "../x"'), "line 3: name: '../x' must be made of letters, digits, _ and -"),
    (('name = "crazy4"', 'name = ""'), "line 3: name: '' must be made of letters"),
    (("[play]", "[play.draw]\ncards = 1\n[play]"), "play.draw: unknown key 'draw'"),
    (("dealer_up_cards = 0", 'dealer_up_cards = "0"'), "line 9: dealer_up_cards: must be a whole number, not '0'"),
    (("on_fold = -1", "on_fold = -2"), "wagers.ante.on_fold: a result per unit staked is from -1"),
    (("player_cards = 5\ndealer_cards = 5", "player_cards = 30\ndealer_cards = 30"), "60 cards dealt"),
    (('hand = "best"', 'hand = 5'), "side_bets.queens_up.hand: must be a text in quotes, not 5"),
    (('"200"', "1" + "0" * 30), "pays: a pay is from 0 to 1,000,000,000 'to 1'"),
    (("dealer_up_cards = 0", 'dealer_up_cards = 0\nturn_and_river = "as a pair"'),
     'turn_and_river = "as a pair" counts the last two of five community cards, but the game deals 0'),
    (("dealer_up_cards = 0", 'dealer_up_cards = 0\nturn_and_river = "pair"'),
     "line 10: turn_and_river: must be one of in order, as a pair, not 'pair'; did you mean 'as a pair'?"),
])
def test_a_misread_of_the_issue_is_refused_with_its_line(tmp_path, change, expected):
    old, new = change
    text = (SHIPPED / "crazy4.toml").read_text()
    assert old in text
    path = tmp_path / "mine.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(RulesError) as error:
        load_game(str(path))
    assert expected in str(error.value) and str(error.value).startswith(str(path)), str(error.value)


def test_a_side_bet_ranked_on_more_cards_than_it_is_dealt_is_refused(tmp_path):
    text = (SHIPPED / "threecard.toml").read_text().replace('title = "Pair Plus"', 'title = "Pair Plus"\n'
                                                             'ranking = "five_card"', 1)
    path = tmp_path / "tcp.toml"
    path.write_text(text)
    with pytest.raises(RulesError, match="side_bets.pair_plus: ranking 'five_card' ranks 5 cards, but the hand it "
                                         "is paid on has 3"):
        load_game(str(path))


def test_a_choice_that_is_not_the_default_is_checked_too(tmp_path):
    text = (SHIPPED / "crazy4.toml").read_text().replace(
        '"wagers.super_bonus.results.no_qualify_lose" = 0', '"wagers.super_bonus.results.no_qualify_lose" = "no"')
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(RulesError, match=r"options\.super_bonus_without_qualifier\.choices\.push\.set: the game "
                                         r"this choice makes is wrong: .*a result must be a number"):
        load_game(str(path))


def test_every_shipped_game_and_example_passes_the_schema():
    for path, _ in FILES:
        data = tomllib.loads(path.read_text())
        validate(kind_of(data) or "progressive", data, str(path), path.read_text())


# -- every key misspelt -------------------------------------------------------------------------------------
def key_paths(data: object, kind: str, path: tuple = ()) -> list[tuple]:
    """Every key path of ``data`` whose last key is one of the schema's (not a name the user chose: a
    wager's, a paytable's, an option's)."""
    found = []
    if isinstance(data, dict):
        model = table_model(MODELS[kind], path)
        for key, value in data.items():
            if model is not None and key in model.model_fields:
                found.append(path + (key,))
            found += key_paths(value, kind, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += key_paths(value, kind, path + (index,))
    return found


def misspelt(key: str, known: set[str]) -> str:
    """A near miss of ``key`` that is no key at all: its last letter dropped, else two letters swapped."""
    for candidate in (key[:-1], key[:1] + key[2] + key[1] + key[3:], key + "s"):
        if candidate not in known and candidate != key:
            return candidate
    raise AssertionError(key)


def misspellings() -> list[tuple[Path, str | None, tuple, str]]:
    cases = []
    for path, game in FILES:
        data = tomllib.loads(path.read_text())
        kind = kind_of(data) or "progressive"
        for key_path in key_paths(data, kind):
            model = table_model(MODELS[kind], key_path[:-1])
            cases.append((path, game, key_path, misspelt(str(key_path[-1]), set(model.model_fields))))
    return cases


MISSPELLINGS = misspellings()


def with_key_renamed(text: str, key_path: tuple, new: str) -> str:
    """``text`` with the key at ``key_path`` renamed ``new`` on the line that writes it."""
    line = key_lines(text)[key_path] - 1
    rows = text.splitlines(keepends=True)
    rows[line] = re.sub(rf"(?<![\w-]){re.escape(str(key_path[-1]))}(?=\s*[=.\]])", new, rows[line], count=1)
    return "".join(rows)


def test_the_misspellings_cover_every_file_and_hundreds_of_keys():
    assert {path for path, *_ in MISSPELLINGS} == {path for path, _ in FILES}
    assert len(MISSPELLINGS) > 1000


def test_every_key_of_every_file_misspelt_is_refused_by_check_naming_the_key(tmp_path, capsys):
    for number, (path, game, key_path, new) in enumerate(MISSPELLINGS):
        mutated = tmp_path / f"{number}-{path.name}"
        mutated.write_text(with_key_renamed(path.read_text(), key_path, new))
        code, err = check(mutated, game, capsys)
        assert code == 2 and err.count("\n") == 1, (path.name, key_path, err)
        assert f"unknown key {new!r}" in err and str(mutated) in err and ", line " in err, (path.name, key_path, err)


# -- files mutated at random --------------------------------------------------------------------------------
VALUES = st.one_of(
    st.integers(-10**20, 10**20), st.floats(allow_nan=True), st.text(max_size=12), st.booleans(),
    st.lists(st.integers(0, 3), max_size=3), st.dictionaries(st.sampled_from(["hand", "x", "pays"]), st.integers(),
                                                             max_size=2),
    st.sampled_from(["five_card", "pair of Q or better", "3 to 2", "-1", "1/0", "flush", "bet", "instead"]))


def toml_value(value: object) -> str:
    """A Python value written as TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if value != value else ("inf" if value > 0 else "-inf") if abs(value) == float("inf") \
            else repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').encode("unicode_escape").decode() + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f'{key} = {toml_value(item)}' for key, item in value.items()) + " }"
    return str(value)


def value_lines(text: str) -> list[int]:
    """The lines of ``text`` that set a value (``key = value`` on one line)."""
    return [number for number, row in enumerate(text.splitlines()) if " = " in row and not row.lstrip().startswith(
        ("#", "{", "["))]


FUZZED = [path for path, _ in FILES if "threecard" in path.name or "crazy4" in path.name]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FUZZED), st.integers(0, 10**6), VALUES, st.sampled_from(["replace", "delete", "duplicate"]))
def test_a_mutated_file_is_checked_or_refused_never_a_traceback(tmp_path, capsys, path, where, value, how):
    text = path.read_text()
    rows = text.splitlines(keepends=True)
    lines = value_lines(text)
    line = lines[where % len(lines)]
    key = rows[line].split(" = ", 1)[0]
    rows[line] = {"replace": f"{key} = {toml_value(value)}\n", "delete": "", "duplicate": rows[line] * 2}[how]
    mutated = tmp_path / path.name
    mutated.write_text("".join(rows))
    code, err = check(mutated, None if path.parent == SHIPPED else "crazy4" if "crazy4" in path.name
                      else "threecard", capsys)
    assert code in (0, 2) and "Traceback" not in err and err.count("\n") == (code == 2), err


def test_the_shipped_games_are_each_a_game_to_check(capsys):
    for game in game_names():
        code, _ = check(SHIPPED / f"{game}.toml", None, capsys)
        assert code == 0


def test_the_key_reference_in_docs_is_the_schema_written_out():
    assert (ROOT / "docs" / "rules-file-keys.md").read_text() == reference_markdown(), \
        "run scripts/rules_file_keys.py"


def run_cli(arguments: list[str], capsys) -> tuple[int, str]:
    """The command line in this process: (exit code, stdout and stderr)."""
    with pytest.raises(SystemExit) as done:
        main(arguments)
    captured = capsys.readouterr()
    return done.value.code, captured.out + captured.err


#: The malformed files the issue met with a traceback, each as (file name, text, what the one line says).
MALFORMED = [
    ("title.toml", (SHIPPED / "crazy4.toml").read_text().replace('title = "Crazy 4 Poker"', 'title = ["x"]'),
     "line 4: title: must be a text in quotes"),
    ("rules.toml", (SHIPPED / "crazy4.toml").read_text().replace("rules = [", "rules = 5\nrulez = [", 1),
     "unknown key 'rulez'"),
    ("lines.toml", (SHIPPED / "crazy4.toml").read_text().replace('hand = "best"', 'hand = "best"\nlines = 7', 1),
     "not valid TOML"),
    ("paytables.toml", 'game = "crazy4"\n[side_bets.queens_up]\npaytables = [1, 2]\n',
     "line 3: side_bets.queens_up.paytables: must be a table"),
    ("hand.toml", (SHIPPED / "crazy4.toml").read_text().replace('hand = "best"', "hand = 5"),
     "side_bets.queens_up.hand: must be a text in quotes, not 5"),
    ("up_cards.toml", 'game = "caribbean"\nup_cards = 5\n', "line 2: up_cards: must be a table"),
    ("latin.toml", 'title = "caf\xe9"\n', "not UTF-8 text (byte 0xe9 at offset 12)"),
    ("nested.toml", "x = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested too deeply"),
    ("pay.toml", 'game = "crazy4"\n[side_bets.queens_up.paytables.big]\npays = [1' + "0" * 30 + ', 1, 1, 1, 1, 1, 1]\n',
     "pays[1]: a pay is from 0 to 1,000,000,000 'to 1'"),
    ("empty-name.toml", (SHIPPED / "crazy4.toml").read_text().replace('name = "crazy4"', 'name = ""'),
     "line 3: name: '' must be made of letters"),
]


@pytest.mark.parametrize("name, text, expected", MALFORMED, ids=[case[0] for case in MALFORMED])
def test_a_malformed_file_is_one_line_and_exit_code_2(tmp_path, capsys, name, text, expected):
    path = tmp_path / name
    path.write_bytes(text.encode("latin-1" if name == "latin.toml" else "utf-8"))
    code, err = run_cli(["check", str(path)], capsys)
    assert code == 2 and err.count("\n") == 1 and expected in err and str(path) in err, err


def test_a_binary_file_is_one_line(tmp_path, capsys):
    path = tmp_path / "binary.toml"
    path.write_bytes(bytes(range(256)) * 4)
    code, err = run_cli(["check", str(path)], capsys)
    assert code == 2 and err.count("\n") == 1 and "not UTF-8 text" in err


def test_check_says_what_a_valid_file_holds_and_needs_the_game_of_a_strategy(tmp_path, capsys):
    code, out = run_cli(["check", str(EXAMPLES / "crazy4-paytables.toml")], capsys)
    assert code == 0 and "a valid paytable file for Crazy 4 Poker: 2 paytables" in out
    progressive = EXAMPLES / "fourcardfever-progressive.toml"
    code, err = run_cli(["check", str(progressive)], capsys)
    assert code == 2 and "give the file a game key or --game" in err
    code, err = run_cli(["check", str(progressive), "--game", "fourcardfever"], capsys)
    assert code == 0
    unknown = tmp_path / "what.toml"
    unknown.write_text("colour = 1\n")
    code, err = run_cli(["check", str(unknown)], capsys)
    assert code == 2 and "cannot tell which kind of file this is" in err
    code, err = run_cli(["check", str(unknown), "--kind", "strategy", "--game", "crazy4"], capsys)
    assert code == 2 and "unknown key 'colour'" in err


def test_a_holdem_file_with_other_card_counts_is_refused_not_counted_as_the_shipped_game(tmp_path, capsys):
    path = tmp_path / "uth3.toml"
    path.write_text((SHIPPED / "uth.toml").read_text().replace("player_cards = 2", "player_cards = 3", 1))
    code, out = run_cli(["analyze", str(path), "--quiet"], capsys)
    assert code == 2 and "deals two hole cards to each side and five community cards" in out
