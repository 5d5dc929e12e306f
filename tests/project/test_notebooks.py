"""Every notebook under notebooks/ runs top to bottom without an error (nbclient), so none can rot.

The kernel runs this interpreter (a kernel spec made for the session) in the
notebooks' folder, as Jupyter would, with the session's ``ANALYZER_CACHE``:
the game's fixture fills that cache first, so Four Card Fever is enumerated
at most once per test session and every notebook runs from the cache.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KERNEL = "analyzer-tests"


@pytest.fixture(scope="session")
def kernel_spec(tmp_path_factory):
    """A Jupyter data folder holding a kernel spec that starts ``sys.executable``."""
    folder = tmp_path_factory.mktemp("jupyter")
    spec = folder / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "analyzer tests", "language": "python"}))
    return folder


def test_every_game_has_a_notebook():
    import analyzer

    assert sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb")) == sorted(analyzer.game_names())


@pytest.mark.parametrize("game", ["crazy4", "super4", "uth", "fourcardfever", "threecard", "caribbean",
                                  "mississippi", "letitride", "thb", "casinoholdem", "jacksorbetter", "deuces",
                                  "twentyoneplusthree", "djwild"])
@pytest.mark.slow
def test_notebook_runs_top_to_bottom(game, kernel_spec, request, monkeypatch):
    request.getfixturevalue(game)  # the session's analysis: its enumeration is now in the session's cache
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_spec))
    notebook = nbformat.read(NOTEBOOKS / f"{game}.ipynb", as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), \
        "commit notebooks without outputs"
    client = NotebookClient(notebook, kernel_name=KERNEL, timeout=600,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # the kernel inherits this environment: ANALYZER_CACHE
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    assert sum("image/png" in output.get("data", {}) for output in outputs) == 2  # strategy and net-result charts
