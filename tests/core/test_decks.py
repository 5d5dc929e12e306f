"""Decks as data: a game's ``[deck]`` (52-card decks shuffled together, jokers), checked by the schema, shown in
the reports, and refused in one line by an engine that cannot deal from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer.core.decks import Deck
from analyzer.engines.base import Unsupported
from analyzer.engines.registry import engine_for
from analyzer.games.errors import RulesError
from analyzer.games.rules import load_game
from analyzer.reports.method import cards_used, cycle_stages

SHIPPED = Path(__file__).resolve().parents[2] / "analyzer" / "games" / "data" / "games"


def with_deck(tmp_path: Path, table: str, game: str = "threecard") -> str:
    path = tmp_path / "mine.toml"
    path.write_text((SHIPPED / f"{game}.toml").read_text().replace("\n[play]", f"\n[deck]\n{table}\n\n[play]", 1))
    return str(path)


def test_a_deck_is_its_decks_of_52_cards_and_its_jokers():
    assert [Deck().size, Deck(decks=2).size, Deck(decks=8, jokers=2).size] == [52, 104, 418]
    with pytest.raises(ValueError):
        Deck(decks=0)


def test_a_game_without_a_deck_table_is_dealt_from_one_52_card_deck():
    rules = load_game("threecard")
    assert rules.deck == Deck() and cards_used(rules)[0] == ("deck", "one 52-card deck")


def test_the_deck_table_is_read_and_changes_the_input_hash(tmp_path):
    rules = load_game(with_deck(tmp_path, "decks = 6"))
    assert rules.deck == Deck(decks=6) and rules.input_hash != load_game("threecard").input_hash
    assert [stage.formula for stage in cycle_stages(rules, 0)][:2] == ["C(312,3)", "C(309,3)"]


@pytest.mark.parametrize("table, message", [
    ("decks = 9", "deck.decks: "),
    ("jokers = 3", "deck.jokers: "),
    ('decks = "6"', "deck.decks: must be a whole number"),
    ("shoe = 6", "deck.shoe: unknown key 'shoe' \\(known: decks, jokers\\)"),
])
def test_a_deck_out_of_range_or_misspelt_is_refused_naming_the_key(tmp_path, table, message):
    with pytest.raises(RulesError, match=message):
        load_game(with_deck(tmp_path, table))


def test_more_cards_dealt_than_the_deck_holds_is_refused(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text((SHIPPED / "threecard.toml").read_text().replace("player_cards = 3", "player_cards = 50"))
    with pytest.raises(RulesError, match=r"53 cards dealt .* from one 52-card deck"):
        load_game(str(path))


def test_an_engine_that_deals_from_one_deck_refuses_a_shoe_in_one_line(tmp_path):
    path = with_deck(tmp_path, "decks = 6")
    with pytest.raises(Unsupported) as refusal:
        engine_for(load_game(path))
    assert str(refusal.value) == (f"{path}: the deck is not supported for Three Card Poker: this engine deals from "
                                  "one 52-card deck, not a shoe of 6 52-card decks shuffled together (312 cards)")
