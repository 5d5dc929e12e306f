"""The PDF math report: `analyzer report GAME -o GAME.pdf` writes a document whose text holds the exact house
edge, its fraction, the strategy, the lab figures and the warnings, with numbered pages; written atomically."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

import analyzer.cli.main as cli
from analyzer.reports import pdf
from analyzer.reports.sanity import game_warnings


def pdf_text(path: Path) -> tuple[list[str], str]:
    """Each page's text, and the whole text with its white space collapsed."""
    pages = [page.extract_text() for page in PdfReader(path).pages]
    return pages, " ".join(" ".join(pages).split())


@pytest.fixture(scope="module")
def threecard_pdf(tmp_path_factory) -> Path:
    """Three Card Poker's PDF report as the command line writes it, with a payout limit of 5 Antes."""
    path = tmp_path_factory.mktemp("pdf") / "threecard.pdf"
    with pytest.raises(SystemExit) as exit_:
        cli.main(["report", "threecard", "-o", str(path), "--quiet", "--simulation-hands", "0", "--payout-cap", "5"])
    assert exit_.value.code == 0
    return path


def test_the_pdf_holds_the_exact_house_edge_and_the_strategy(threecard_pdf):
    _, text = pdf_text(threecard_pdf)
    assert "Three Card Poker: mathematical analysis" in text
    assert "house edge per ante 3.372981% (686689/20358520)" in text
    assert "element of risk 2.014672% (686689/34084400)" in text
    assert "Rule: play 1x with Q-6-4 or better; fold the rest" in text
    assert "Strategy chart" in text
    assert "C(52,3) x C(49,3) = 22,100 x 18,424 = 407,170,400" in text  # the cycle, explained
    assert "Pair Plus 40-30-6-3-1 (default) 7.276018% 402/5525" in text


def test_the_pdf_holds_every_table_and_the_lab_figures(threecard_pdf):
    _, text = pdf_text(threecard_pdf)
    for heading in ("Return table: net result of the main game per Ante", "Ante (paytable 5-4-1)", "Play",
                    "Side bet Pair Plus, paytable 40-30-6-3-1 (default)", "Side bet Pair Plus, paytable 40-30-6-4-1",
                    "Maximum payout of one round", "Standard deviation and volatility index",
                    "95% band of the hold after N hands", "Aggregate payout limit of 5 Antes per round: main game",
                    "What the payout limit covers", "Method", "Rules and assumptions", "Summary"):
        assert heading in text
    assert "Straight flush 40 884,352" in text and "1 in 460.4" in text  # a paying line and its odds
    assert "house edge per ante capped 3.904960% 99374/2544815" in text


def test_every_page_has_its_footer(threecard_pdf):
    pages, _ = pdf_text(threecard_pdf)
    assert len(pages) >= 5
    for number, page in enumerate(pages, start=1):
        assert re.search(rf"Three Card Poker \(threecard\): math report, analyzer \S+\s+page {number} of {len(pages)}",
                         page), number


def test_a_failed_write_leaves_the_previous_report(threecard, tmp_path, monkeypatch):
    path = tmp_path / "threecard.pdf"
    path.write_bytes(b"the previous report")

    def broken(self, story, **options):
        Path(self.filename).write_bytes(b"%PDF-1.4 half")
        raise OSError("disk full")

    monkeypatch.setattr(pdf.SimpleDocTemplate, "build", broken)
    with pytest.raises(OSError, match="disk full"):
        pdf.write_pdf(threecard, path, [])
    assert path.read_bytes() == b"the previous report" and list(tmp_path.iterdir()) == [path]


def test_a_player_advantage_is_in_the_pdf(super4, tmp_path):  # 1.6 s with the session's Super 4 analysis
    path = tmp_path / "super4.pdf"
    warnings = game_warnings(super4)
    pdf.write_pdf(super4, path, warnings, {"text": super4.posted_rule().text, "cost": super4.posted_rule().cost})
    _, text = pdf_text(path)
    assert "house edge per ante -3.196253%" in text
    assert "PLAYER ADVANTAGE: the main game (Super 4 Poker, per ante, optimal strategy)" in text
    assert super4.posted_rule().text in text
    assert str(super4.main_figures()["house_edge_per_ante"]) in text


@pytest.mark.slow
@pytest.mark.parametrize("game", ["crazy4", "super4", "fourcardfever", "uth", "threecard", "caribbean", "mississippi",
                                  "letitride", "thb", "casinoholdem"])
def test_every_shipped_game_writes_its_pdf(game, request, tmp_path):
    analysis = request.getfixturevalue(game)
    posted = analysis.posted_rule()
    path = tmp_path / f"{game}.pdf"
    pdf.write_pdf(analysis, path, game_warnings(analysis), posted and {"text": posted.text, "cost": posted.cost,
                                                                      "table": posted.table()})
    pages, text = pdf_text(path)
    edge = analysis.main_figures()["house_edge_per_ante"]
    assert f"house edge per ante {pdf.with_fraction(edge)}" in text
    assert posted is None or " ".join(posted.text.split()) in text
    assert f"page {len(pages)} of {len(pages)}" in pages[-1]
