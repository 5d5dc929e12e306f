"""Every game's results equal the committed golden files in enumerations/<game>/.

The CSV text is built by ``golden_csvs`` in scripts/make_golden.py (loaded by
path); after an intended change, regenerate with
``.venv/bin/python scripts/make_golden.py`` and review the diff.
"""

from __future__ import annotations

import csv
import importlib.util
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_golden.py"
GOLDEN = ROOT / "enumerations" / "crazy4"
CYCLE = 3_986_646_103_440


def load_script():
    spec = importlib.util.spec_from_file_location("make_golden", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_golden():
    return load_script()


@pytest.fixture(scope="module")
def rebuilt(make_golden, crazy4) -> dict[str, str]:
    return make_golden.golden_csvs(crazy4)


def test_golden_files_are_committed(rebuilt):
    assert GOLDEN.is_dir(), f"{GOLDEN} is missing: run scripts/make_golden.py"
    present = sorted(p.name for p in GOLDEN.glob("*.csv"))
    assert present == sorted(rebuilt), (
        f"golden files in {GOLDEN} differ from those the script builds:\n"
        f"  only committed: {sorted(set(present) - set(rebuilt))}\n"
        f"  only rebuilt:   {sorted(set(rebuilt) - set(present))}")


def test_expected_files(rebuilt):
    assert set(rebuilt) == {
        "return_table.csv", "summary.csv", "strategy_by_best_hand.csv",
        "wager_ante.csv", "wager_super_bonus.csv", "wager_play.csv",
        "side_bet_queens_up_50-40-8-4-3-2-1.csv", "side_bet_queens_up_50-40-9-4-3-2-1.csv",
        "side_bet_queens_up_50-30-9-4-3-2-1.csv", "side_bet_queens_up_50-30-8-4-3-2-1.csv",
        "side_bet_queens_up_50-40-7-4-3-2-1.csv",
    }


def first_difference(golden: str, rebuilt: str) -> str:
    """Where two texts first differ, line by line, for the failure message."""
    old, new = golden.split("\n"), rebuilt.split("\n")
    for number, (was, now) in enumerate(zip(old, new, strict=False), start=1):
        if was != now:
            return f"line {number}:\n  golden:  {was!r}\n  rebuilt: {now!r}"
    return f"the golden file has {len(old)} lines, the rebuilt text {len(new)}"


@pytest.mark.parametrize("game", ["super4", "fourcardfever", "uth", "jacksorbetter"])
@pytest.mark.slow
def test_other_games_match_their_golden_files(game, make_golden, request):
    """The other games: every file at once (the analyses come from conftest.py; Hold'em from its counts)."""
    rebuilt_files = make_golden.golden_csvs(request.getfixturevalue(game))
    problems = make_golden.differences(rebuilt_files, ROOT / "enumerations" / game)
    assert not problems, "\n".join(problems) + "\n(if intended: scripts/make_golden.py --games " + game + ")"


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.csv")) or ["(none)"])
def test_golden_file_matches(name, rebuilt):
    path = GOLDEN / name
    assert path.exists(), f"{path}: no such golden file (run scripts/make_golden.py)"
    assert name in rebuilt, f"{path}: committed, but scripts/make_golden.py no longer builds it"
    golden = path.read_text(encoding="utf-8")
    if golden != rebuilt[name]:
        pytest.fail(f"{path} differs from a fresh analysis at {first_difference(golden, rebuilt[name])}\n"
                    "(if the change is intended, regenerate with .venv/bin/python scripts/make_golden.py "
                    "and review the diff)", pytrace=False)


def read_rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_golden_tables_sum_to_the_cycle():
    """The committed files are self-consistent, whatever the code says today."""
    checked = 0
    for path in sorted(GOLDEN.glob("*.csv")):
        rows = read_rows(path)
        if rows and "combinations" in rows[0]:
            assert sum(int(row["combinations"]) for row in rows) == CYCLE, path.name
            checked += 1
    assert checked == 9  # the return table, three wagers, five Queens Up paytables
    chart = read_rows(GOLDEN / "strategy_by_best_hand.csv")
    assert sum(int(row["hands"]) for row in chart) == 2_598_960
    assert all(int(row["play 2x"]) == 0 for row in chart)


def test_summary_values_are_exact_fractions():
    rows = {row["figure"]: row["value"] for row in read_rows(GOLDEN / "summary.csv")}
    assert Fraction(rows["cycle"]) == CYCLE
    assert round(Fraction(rows["element_of_risk"]) * 10_000) == 109
    assert round(Fraction(rows["house_edge_per_ante"]) * 10_000) == 342


def test_writes_are_deterministic(make_golden, rebuilt, tmp_path):
    make_golden.write(rebuilt, tmp_path / "one")
    make_golden.write(dict(reversed(rebuilt.items())), tmp_path / "two")
    for name in rebuilt:
        first = (tmp_path / "one" / name).read_bytes()
        assert first == (tmp_path / "two" / name).read_bytes()
        assert b"\r" not in first and first.endswith(b"\n")
    assert make_golden.differences(rebuilt, tmp_path / "one") == []
