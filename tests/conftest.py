"""Shared fixtures: one exact analysis of each game per test session (Three Card Poker about a second,
Crazy 4 and Super 4 about 8 s each, Mississippi Stud and Let It Ride about 5 s each, Four Card Fever and
Caribbean Stud about a minute or two, DJ Wild Stud Poker about 20 s), built only when a test asks for it.

A session run by several workers (pytest-xdist, as ``python3 tasks.py test`` does) shares one cache folder:
the first worker to need a game enumerates it while holding the game's lock, and the others then read it
from the cache instead of enumerating it again.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from anywhere, not only from the repository root
    sys.path.insert(0, str(ROOT))

import analyzer  # noqa: E402


def session_cache(tmp_path_factory) -> Path:
    """The session's cache folder: a new temporary folder, shared by the workers of one parallel run."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "enumeration-cache"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session", autouse=True)
def fresh_cache(tmp_path_factory):
    """Every test session enumerates afresh: its cache lives in a temporary folder."""
    saved = os.environ.get("ANALYZER_CACHE")
    os.environ["ANALYZER_CACHE"] = str(session_cache(tmp_path_factory))
    yield
    if saved is None:
        os.environ.pop("ANALYZER_CACHE")
    else:
        os.environ["ANALYZER_CACHE"] = saved


def analysed(game: str, jobs: int = 1):
    """The full analysis of a shipped game, enumerated by one worker at a time (the others read the cache)."""
    with FileLock(Path(os.environ["ANALYZER_CACHE"]) / f"{game}.lock"):
        return analyzer.analyze(game, jobs=jobs)


@pytest.fixture(scope="session")
def crazy4():
    """The full analysis of Crazy 4 Poker with the default rules and paytables."""
    return analysed("crazy4", jobs=2)


@pytest.fixture(scope="session")
def super4():
    """The full analysis of Super 4 Poker with the rules as written."""
    return analysed("super4", jobs=2)


@pytest.fixture(scope="session")
def fourcardfever():
    """The full analysis of Four Card Fever (every player hand and dealer up-card)."""
    return analysed("fourcardfever", jobs=2)


@pytest.fixture(scope="session")
def threecard():
    """The full analysis of Three Card Poker with the default paytables."""
    return analysed("threecard")


@pytest.fixture(scope="session")
def caribbean():
    """The full analysis of Caribbean Stud Poker (every player hand and dealer up-card)."""
    return analysed("caribbean", jobs=2)


@pytest.fixture(scope="session")
def mississippi():
    """The full analysis of Mississippi Stud (every starting hand, every street)."""
    return analysed("mississippi")


@pytest.fixture(scope="session")
def letitride():
    """The full analysis of Let It Ride with its Three Card Bonus."""
    return analysed("letitride")


@pytest.fixture(scope="session")
def uth():
    """Ultimate Texas Hold'em from its committed counts (enumerations/uth/): no enumeration in tests."""
    return analysed("uth")


@pytest.fixture(scope="session")
def thb():
    """Texas Hold'em Bonus from its committed counts (enumerations/thb/): no enumeration in tests."""
    return analysed("thb")


@pytest.fixture(scope="session")
def casinoholdem():
    """Casino Hold'em from its committed counts (enumerations/casinoholdem/)."""
    return analysed("casinoholdem")


@pytest.fixture(scope="session")
def jacksorbetter():
    """Jacks or Better video poker (9/6), a few seconds."""
    return analysed("jacksorbetter")


@pytest.fixture(scope="session")
def deuces():
    """Deuces Wild video poker (full pay), a few seconds."""
    return analysed("deuces")


@pytest.fixture(scope="session")
def twentyoneplusthree():
    """21+3 from a six-deck shoe, well under a second."""
    return analysed("twentyoneplusthree")


@pytest.fixture(scope="session")
def highcardflush():
    """High Card Flush, seven cards against seven counted suit by suit: about half a minute on two cores."""
    return analysed("highcardflush", jobs=2)


@pytest.fixture(scope="session")
def djwild():
    """DJ Wild Stud Poker (53-card deck, deuces and the joker wild), about 20 s."""
    return analysed("djwild")
