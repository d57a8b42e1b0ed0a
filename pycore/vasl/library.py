"""This process's board library: the VASL boards imported so far, by ``source``
(``"vasl:41:6.3:<16 hex digits of the archive's SHA-256>"``).

Each board keeps its hex-by-hex reading and its two pixel planes (elevation
and terrain code, 1.16 MB each), which rulings that follow the depiction
read (pycore.vasl.layers, pycore.los.drawn). Nothing is written anywhere: the page keeps the files on the
device and imports them again after a reload.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import SetupError
from . import archive, reading

SOURCE_RE = re.compile(r"^vasl:([A-Za-z0-9][A-Za-z0-9._-]{0,15}):([A-Za-z0-9][A-Za-z0-9._-]{0,15})"
                       r":([0-9a-f]{16})$")


@dataclass(frozen=True)
class Board:
    archive: archive.Archive
    reading: reading.Reading
    # board-local hex -> its obstacle layer (pycore.vasl.layers), filled as threads meet it
    layers: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def summary(self) -> dict[str, Any]:
        return {"board": self.archive.name, "version": self.archive.version,
                "source": self.archive.source, "columns": archive.COLUMNS,
                "rows": archive.ROWS, "warnings": list(self.reading.warnings)}


_BOARDS: dict[str, Board] = {}


def add(data: bytes) -> Board:
    """Read an archive and keep it (reading the same file again is free)."""
    a = archive.read(data)
    known = _BOARDS.get(a.source)
    if known is not None:
        return known
    board = _BOARDS[a.source] = Board(a, reading.read(a))
    return board


def check_source(source: Any, path: str = "source") -> str:
    if not isinstance(source, str) or not SOURCE_RE.match(source):
        raise SetupError(f"{path}: not the name of a board file this app writes (\"vasl:41:6.3:\" "
                         "and 16 hex digits): the link or file is damaged; ask for it again")
    return source


def get(source: Any, path: str = "source") -> Board:
    """The imported board of ``source``, or SetupError naming the file to import."""
    m = SOURCE_RE.match(check_source(source, path))
    board = _BOARDS.get(source)
    if board is None:
        assert m is not None
        raise SetupError(f"{path}: board {m.group(1)} (VASL {m.group(2)}) is not on this device: "
                         f"import bd{m.group(1)}")
    return board


def sources() -> list[str]:
    return list(_BOARDS)


def remove(source: str) -> None:
    """Forget a board: setups that use it are refused from now on."""
    from .. import setupcache
    _BOARDS.pop(source, None)
    setupcache.clear()


def clear() -> None:
    from .. import setupcache
    _BOARDS.clear()
    setupcache.clear()
