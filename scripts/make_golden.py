"""Write the golden results of every game under ``enumerations/<game>/``.

Usage (from the repository root)::

    .venv/bin/python scripts/make_golden.py                  # every game: fresh analysis, write the CSVs
    .venv/bin/python scripts/make_golden.py --games super4   # one game
    .venv/bin/python scripts/make_golden.py --check          # compare instead of writing

Every number is exact: combination counts as integers, every pay, net result
and figure as a fraction written ``p/q`` (``204/1``, ``-1/1``, ``3/2``). The
files are plain UTF-8 with ``\\n`` line ends, rows in a fixed order, so two runs
write identical bytes. ``tests/shipped_games/test_golden.py`` rebuilds the same text with
:func:`golden_csvs` and compares it with the committed files.

Files:

* ``return_table.csv``: net result per ante, combinations;
* ``wager_<wager>.csv``: one per main wager: outcome, pays, combinations;
* ``side_bet_<bet>_<paytable>.csv``: one per side-bet paytable, the same columns;
* ``strategy_by_best_hand.csv``: (dealer up-card,) best_rank, hands, hands taking each decision;
* ``summary.csv``: figure, value;
* a draw game (video poker), instead of the chart: ``holds_by_cards_kept.csv``, the deals by the number
  of cards the optimal hold keeps;
* Ultimate Texas Hold'em, instead of the chart: ``settlement_by_hand.csv``,
  ``trips_hands.csv``, ``preflop.csv``, ``actions.csv``, ``flop_situations.csv``, ``river_situations.csv``
  and ``flop_decisions.txt``, its count tables, from its analysis over streets (:func:`one_play_bet_csvs`).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from analyzer.core.csvtext import csv_text  # noqa: E402
from analyzer.core.csvtext import exact_text as exact  # noqa: E402

OUTPUT = ROOT / "enumerations"


def safe_name(text: str) -> str:
    """A file-name-safe version of a wager or paytable name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text)


def outcome_rows(table) -> list[list[object]]:
    return [[outcome, exact(pays), int(count)]
            for outcome, pays, count in zip(table["outcome"], table["pays"], table["combinations"], strict=True)]


def summary_rows(analysis) -> list[list[object]]:
    figures = analysis.main_figures()
    rows: list[list[object]] = [["cycle", exact(analysis.cycle)]]
    for name in ("house_edge_per_ante", "house_edge_per_initial_wager", "element_of_risk",
                 "average_total_bet", "variance", "hit_frequency"):
        rows.append([name, exact(figures[name])])
    for action, frequency in figures["actions"].items():
        rows.append([f"action_frequency {action}", exact(frequency)])
    for wager, value in analysis.wager_returns().items():
        rows.append([f"return {wager}", exact(value)])
    for bet, tables in analysis.side_bet_figures().items():
        for paytable, values in tables.items():
            rows.append([f"house_edge {bet} {paytable}", exact(values["house_edge"])])
            rows.append([f"hit_frequency {bet} {paytable}", exact(values["hit_frequency"])])
    return rows


def result_csvs(analysis) -> dict[str, str]:
    """The files of every game: the return table, a table per main wager and per side-bet paytable, the
    summary."""
    files: dict[str, str] = {}
    returns = analysis.return_table()
    files["return_table.csv"] = csv_text(
        ["net", "combinations"],
        [[exact(net), int(count)] for net, count in zip(returns["net"], returns["combinations"], strict=True)])
    for wager in analysis.rules.wagers:
        files[f"wager_{safe_name(wager.name)}.csv"] = csv_text(
            ["outcome", "pays", "combinations"], outcome_rows(analysis.wager_table(wager)))
    for bet in analysis.rules.side_bets:
        for name, paytable in bet.paytables.items():
            files[f"side_bet_{safe_name(bet.name)}_{safe_name(name)}.csv"] = csv_text(
                ["outcome", "pays", "combinations"], outcome_rows(analysis.side_bet_table(bet, paytable)))
    files["summary.csv"] = csv_text(["figure", "value"], summary_rows(analysis))
    return files


def golden_csvs(analysis) -> dict[str, str]:
    """File name -> CSV text of every golden file, built from an :class:`Analysis`: :func:`result_csvs` and the
    strategy's own table (see the module's docstring)."""
    files = result_csvs(analysis)
    if hasattr(analysis, "kept_table"):  # a draw game: deals by the cards the optimal hold keeps
        kept = analysis.kept_table()
        files["holds_by_cards_kept.csv"] = csv_text(["hold", "deals"], [[hold, int(deals)] for hold, deals in
                                                                       zip(kept["hold"], kept["deals"], strict=True)])
        return dict(sorted(files.items()))
    if hasattr(analysis, "posted"):  # a one-Play-bet Hold'em game (Ultimate Texas Hold'em): its count tables
        files.update(one_play_bet_csvs(analysis))
        return dict(sorted(files.items()))
    chart = analysis.strategy_by_best_hand()
    decisions = list(analysis.decisions.names)
    by_up_card = ["dealer_up_card"] if "dealer_up_card" in chart else []
    files["strategy_by_best_hand.csv"] = csv_text(
        [*by_up_card, "best_rank", "hands", *decisions],
        [[*(row[column] for column in by_up_card), int(row["best_rank"]), int(row["hands"]),
          *(int(row[name]) for name in decisions)] for _, row in chart.iterrows()])
    return dict(sorted(files.items()))


def one_play_bet_csvs(analysis) -> dict[str, str]:
    """The count tables of a one-Play-bet Hold'em game over streets (a ``play_once`` game deciding before the flop
    with check, 3x and 4x, on the flop with 2x and on the river with 1x): its settlement by Play multiple, outcome
    and final hand, its final hands, its pre-flop EVs and decisions, its actions by hand at each decision point,
    its situations and every flop decision, in the tables of ``enumerations/uth``. The kernel's choices are in
    rising order (check, then the bet); these tables name the bet first."""
    import numpy as np

    from analyzer.engines.holdem.sevens import LINES
    from analyzer.engines.holdem.settlement_file import SETTLEMENT_FILE, settlement_csv
    from analyzer.engines.holdem.situations import situation_files
    from analyzer.engines.holdem.street_posted import one_play_bet_settlement

    counts, plan = analysis.counts, analysis.plan
    values = analysis.preflop_values()
    preflop = [[hand, int(weight), exact(check), exact(three), exact(four), decision]
               for hand, weight, check, three, four, decision in zip(
                   values["hand"], values["combinations"], values["EV check"], values["EV 3x"], values["EV 4x"],
                   values["decision"], strict=True)]
    actions = [["pre-flop", "all", choice, int(n)]
               for choice, n in zip(("check", "3x", "4x"), counts.preflop_taken.sum(axis=0), strict=True)]
    for point, level, choices in (("flop", 1, ("2x", "check")), ("river", 3, ("1x", "fold"))):
        taken = counts.taken[level][:, [1, 0]]
        actions += [[point, LINES[line], choice, int(taken[line, i])]
                    for line in range(len(LINES)) for i, choice in enumerate(choices)]
    flop_state = [int(n) > 1 for n in plan.allowed[1]].index(True)
    river_state = [int(n) > 1 for n in plan.allowed[3]].index(True)
    return situation_files(counts.flop_situations[flop_state][..., [1, 0]],
                           counts.river_situations[river_state][..., [1, 0]],
                           counts.flop_choice[:, :, flop_state].astype(np.int8)) | {
        SETTLEMENT_FILE: settlement_csv(one_play_bet_settlement(analysis)),
        "trips_hands.csv": csv_text(["hand", "combinations"], [[line, int(n)] for line, n in zip(
            LINES, counts.final_outcomes.sum(axis=1), strict=True)]),
        "preflop.csv": csv_text(["class", "weight", "ev_check", "ev_3x", "ev_4x", "decision"], preflop),
        "actions.csv": csv_text(["decision_point", "hand", "action", "combinations"], actions),
    }


def golden_files(folder: Path) -> list[str]:
    """Names of the golden files (CSV and text) in ``folder``."""
    return sorted(p.name for p in folder.glob("*") if p.suffix in (".csv", ".txt")) if folder.is_dir() else []


def write(files: dict[str, str], folder: Path) -> None:
    """Write the files (UTF-8, ``\\n``) and remove golden CSV files no longer produced."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in sorted(set(golden_files(folder)) - set(files)):
        (folder / stale).unlink()
    for name, text in files.items():
        with open(folder / name, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)


def differences(files: dict[str, str], folder: Path) -> list[str]:
    """Human-readable differences between ``files`` and the CSV files in ``folder``."""
    problems = []
    present = set(golden_files(folder))
    for name in sorted(present - set(files)):
        problems.append(f"{folder / name}: present but no longer produced")
    for name, text in files.items():
        path = folder / name
        if name not in present:
            problems.append(f"{path}: missing")
            continue
        committed = path.read_text(encoding="utf-8")
        if committed == text:
            continue
        old, new = committed.split("\n"), text.split("\n")
        for number, (was, now) in enumerate(zip(old, new, strict=False), start=1):
            if was != now:
                problems.append(f"{path}, line {number}:\n  golden:  {was!r}\n  rebuilt: {now!r}")
                break
        else:
            problems.append(f"{path}: {len(old)} lines in the golden file, {len(new)} rebuilt")
    return problems


def main(argv: list[str] | None = None) -> int:
    import analyzer

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=analyzer.game_names(), help="default: every game")
    parser.add_argument("--jobs", type=int, default=2, help="parallel workers (default 2)")
    parser.add_argument("--output", type=Path, default=OUTPUT, help=f"parent folder (default {OUTPUT})")
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing")
    args = parser.parse_args(argv)
    failed = False
    for game in args.games:
        files = golden_csvs(analyzer.analyze(game, jobs=args.jobs))
        folder = args.output / game
        if args.check:
            problems = differences(files, folder)
            print("\n".join(problems) or f"{game}: {len(files)} golden files match")
            failed |= bool(problems)
            continue
        write(files, folder)
        for name in files:
            print(folder / name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
