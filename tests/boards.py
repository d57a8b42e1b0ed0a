"""Maps of imported boards for tests: a board file the tests write
(``tests/vasl_writer.py``), or a real VASL board from ``~/.cache/vasl-boards``,
read on this machine and never stored (a test skips where it is absent)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pycore import api
from tests.vasl_writer import board_archive

BOARDS = Path.home() / ".cache" / "vasl-boards"


def written(shapes=(), hexes=None, name: str = "41") -> dict:
    """A map of one board the tests write, with sub-hex ``shapes`` drawn on it."""
    source = api.import_board(board_archive(hexes, None, shapes=shapes, name=name))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": name, "source": source}]]},
            "hexes": {}, "hexsides": {}, "units": []}


def real(board: str) -> str:
    """The source of real board ``board`` imported (the test skips without it)."""
    path = BOARDS / f"bd{board}"
    if not path.exists():
        pytest.skip(f"no VASL board {board} on this machine")
    return api.import_board(path.read_bytes())["source"]


def on(source: str, board: str, *units: dict) -> dict:
    """A map of that one board with these units."""
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": board, "source": source}]]}, "units": list(units)}
