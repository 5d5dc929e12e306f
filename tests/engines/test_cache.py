"""The enumeration cache and the installed package.

The cache lives in the user's cache folder (or ``$ANALYZER_CACHE``), never in
the working directory; its key changes with the bytes of the counting code;
a damaged entry of any kind is reported in one line on stderr and recomputed
to the same exact figures. A regular (non-editable) install finds the
committed results from any folder.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import tomllib
import venv
from fractions import Fraction
from math import comb
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import platformdirs
import pytest

import analyzer
from analyzer.engines import cache
from analyzer.engines.cache import cache_folder, cache_root, enumeration_key
from analyzer.engines.holdem import enumeration as uth
from analyzer.engines.holdem.street_game import game_plan
from analyzer.engines.holdem.streets import as_streets, street_sums_kind
from analyzer.engines.one_decision import enumeration, exposure_figures
from analyzer.engines.one_decision.enumeration import Situations
from analyzer.engines.one_decision.exposure_figures import ExposureTotals
from analyzer.games.exposure import expose
from analyzer.games.rules import load_game

ROOT = Path(__file__).resolve().parents[2]
#: ``analyzer analyze crazy4``: the exact house edge per ante.
CRAZY4_EDGE = ("3.418855%", "264142729/7726058340")
#: ``analyzer protect uth --exposed-dealer-cards 1``: the committed exact edge (enumerations/protect).
UTH_ONE_SEEN_EDGE = "-8592081451/63213204600"


def truncate(path: Path) -> None:
    """Cut a file to half its length, as an interrupted copy or a full disk would."""
    with open(path, "r+b") as handle:
        handle.truncate(path.stat().st_size // 2)


def damage_notice(path: Path) -> str:
    return f"damaged cache entry {path}: recomputed\n"


def edge_line(output: str) -> str:
    return next(line for line in output.splitlines() if line.strip().startswith("house edge per ante"))


# -- damaged entries ------------------------------------------------------------------------------
def test_a_truncated_enumeration_is_one_line_and_the_figures_stay_exact(tmp_path, monkeypatch, crazy4):
    shipped = cache_folder(crazy4.rules) / "situations.npz"  # the session's cache
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "cache"))
    saved = cache_folder(crazy4.rules) / "situations.npz"
    saved.parent.mkdir(parents=True)
    shutil.copyfile(shipped, saved)
    truncate(saved)
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run([sys.executable, "-m", "analyzer.cli", "analyze", "crazy4", "--jobs", "1", "--quiet"],
                          cwd=work, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == damage_notice(saved)
    assert all(figure in edge_line(done.stdout) for figure in CRAZY4_EDGE)
    assert list(work.iterdir()) == []
    again = analyzer.analyze("crazy4")  # the recomputed entry, read back
    assert np.array_equal(again.situations.outcome_counts, crazy4.situations.outcome_counts)
    assert again.main_figures()["house_edge_per_ante"] == crazy4.main_figures()["house_edge_per_ante"]


def one_decision_chunk(folder: Path, monkeypatch, calls: list[int]) -> list:
    """An exposed dealer card's chunk (``up-card-0.npz``) of a one-decision enumeration, its count stubbed."""
    def count(rules, exposed):  # one class standing for every player hand: C(51, 5) of them, C(46, 4) dealer hands
        calls.append(1)
        return Situations(np.array([[1, 2, 3, 4, 5]], dtype=np.int8), np.array([comb(51, 5)]), np.array([7]),
                          np.array([[comb(46, 4) - 15, 1, 2, 3, 4, 5]], dtype=np.int32), comb(46, 4),
                          np.array([0], dtype=np.int8))

    monkeypatch.setattr(enumeration, "exposed_sets", lambda count, deck: (np.array([[0]]), np.array([4])))
    monkeypatch.setattr(enumeration, "exposed_card_situations", count)
    situations = enumeration.enumerate_situations(expose(load_game("crazy4"), 1), progress=False, checkpoints=folder)
    return situations.outcome_counts.tolist()


def holdem_chunk(folder: Path, monkeypatch, calls: list[int]) -> list:
    """A chunk of flop classes of the Hold'em enumeration (``uth_*.npy``), its sums stubbed."""
    kind = street_sums_kind(game_plan(as_streets(load_game("uth")))[0], flop_choices=False, situations=False)

    def count(members):
        calls.append(1)
        sums = kind.zeros()
        sums.root_values[0, 1] = 42
        return sums

    return uth.checkpointed(count, kind, "uth:test", np.array([0]), folder).flat().tolist()


def class_totals(folder: Path, monkeypatch, calls: list[int]) -> ExposureTotals:
    """The totals of a class of exposed dealer cards (``exposure-totals-*.json``), stubbed."""
    def count(rules, exposed, size):  # the cycle of the class: its size times C(50, 5) * C(45, 3) deals
        calls.append(1)
        return ExposureTotals(size * comb(50, 5) * comb(45, 3), Fraction(-1, 3), Fraction(20), {"fold": Fraction(4)})

    monkeypatch.setattr(exposure_figures, "class_totals", count)
    return exposure_figures.exposure_totals(expose(load_game("crazy4"), 2), folder=folder, classes=[0])


@pytest.mark.parametrize("run", [one_decision_chunk, holdem_chunk, class_totals])
def test_every_kind_of_damaged_entry_is_one_line_and_recomputed(run, tmp_path, monkeypatch, capsys):
    calls: list[int] = []
    first = run(tmp_path, monkeypatch, calls)
    [saved] = list(tmp_path.iterdir())
    truncate(saved)
    capsys.readouterr()
    second = run(tmp_path, monkeypatch, calls)
    assert capsys.readouterr().err == damage_notice(saved)
    third = run(tmp_path, monkeypatch, calls)  # the rewritten entry is read back, silently
    assert capsys.readouterr().err == ""
    assert len(calls) == 2 and list(tmp_path.iterdir()) == [saved]
    assert first == second == third


# -- where the cache lives and what its key hashes ---------------------------------------------------
def test_the_cache_is_in_the_users_cache_folder_never_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.delenv("ANALYZER_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    assert cache_root() == Path(platformdirs.user_cache_dir("analyzer", appauthor=False))
    assert cache_root().is_absolute() and Path.cwd() not in cache_root().parents
    monkeypatch.setenv("ANALYZER_CACHE", str(tmp_path / "mine"))
    assert cache_folder(load_game("crazy4")).parent == tmp_path / "mine"


def test_the_key_changes_with_the_bytes_of_the_counting_code(tmp_path, monkeypatch):
    copy = tmp_path / "analyzer"
    shutil.copytree(ROOT / "analyzer", copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "resources", SimpleNamespace(files=lambda package: copy))
    crazy4, uth_rules = load_game("crazy4"), load_game("uth")
    keys = {rules.name: enumeration_key(rules) for rules in (crazy4, uth_rules)}

    def edit(name: str) -> None:
        with open(copy / name, "a", encoding="utf-8") as handle:
            handle.write("\n# edited\n")

    edit("reports/workbook.py")  # not counting code: the same keys
    assert {rules.name: enumeration_key(rules) for rules in (crazy4, uth_rules)} == keys
    edit("engines/holdem/enumeration.py")  # Hold'em's engine only
    assert enumeration_key(crazy4) == keys["crazy4"] and enumeration_key(uth_rules) != keys["uth"]
    edit("core/counting.py")  # shared by every engine
    assert enumeration_key(crazy4) != keys["crazy4"]
    assert cache_folder(crazy4).name == f"crazy4-{enumeration_key(crazy4)}"


# -- packaging ------------------------------------------------------------------------------------
def test_pyproject_lists_every_package_and_ships_the_committed_results():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    found = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "analyzer").rglob("__init__.py")}
    assert set(config["packages"]) == found | {"analyzer.enumerations"}
    assert config["package-dir"] == {"analyzer.enumerations": "enumerations"}


@pytest.mark.slow
def test_a_regular_install_runs_from_an_empty_folder_with_the_committed_results(tmp_path):
    # Built from a copy of the sources: setuptools leaves build/ and *.egg-info beside the sources it builds.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "cache",
                                                                "__pycache__", ".pytest_cache"))
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    python = environment / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    site_packages = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                        capture_output=True, text=True, check=True).stdout.strip())
    # the dependencies: this interpreter's (no downloads); the analyzer itself comes first, from the install
    (site_packages / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", str(source)], check=True)
    shutil.rmtree(source)

    work = tmp_path / "work"
    work.mkdir()
    env = {name: value for name, value in os.environ.items() if name not in {"ANALYZER_CACHE", "PYTHONPATH"}}
    env.update(HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "xdg"))
    analyzer_command = environment / ("Scripts" if sys.platform == "win32" else "bin") / "analyzer"

    def run(*arguments: str) -> subprocess.CompletedProcess:
        done = subprocess.run([analyzer_command, *arguments], cwd=work, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done

    analysed = run("analyze", "crazy4", "--jobs", "1", "--quiet")
    assert all(figure in edge_line(analysed.stdout) for figure in CRAZY4_EDGE)
    protected = run("protect", "uth", "--exposed-dealer-cards", "1")
    assert UTH_ONE_SEEN_EDGE in edge_line(protected.stdout)
    assert f"using the committed exact run {site_packages / 'analyzer' / 'enumerations'}" in protected.stderr
    assert list(work.iterdir()) == []
    assert [*tmp_path.glob("xdg/**/situations.npz"), *tmp_path.glob("home/**/situations.npz")]
