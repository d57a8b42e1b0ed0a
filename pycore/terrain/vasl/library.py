"""A board library: VASL boards imported by a player, by ``source``
(``"vasl:41:6.3:<16 hex digits of the archive's SHA-256>"``).

A ``Library`` is a plain value passed where boards are needed: a caller's
session (``pycore.session.Session``) holds one and hands it to
``pycore.setup.load_setup``, so what a setup means depends on its arguments,
never on what was imported before (docs/architecture-library.md). A library
knows nothing of what was loaded from it: forgetting a board and clearing the
setups loaded with it is the session's business.

Each board keeps its hex-by-hex reading and its two pixel planes (elevation
and terrain code, 1.16 MB each), which rulings that follow the depiction
read (pycore.terrain.vasl.layers, pycore.rules.los.drawn). Nothing is written anywhere: the page keeps the files on the
device and imports them again after a reload.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...geometry.boards import SOURCE_RE, BoardSize, check_source
from ...errors import SetupError

if TYPE_CHECKING:
    from .archive import Archive, Zipped
    from .overlay import OverlaySet
    from .reading import Reading
    from .gif import Images
    from .ssrart import ArtSet
# The archive's reader and the board's reading (xml, hashlib, the reading's
# tables) are imported with the first board file, not before the page is
# ready (web.bridge warms them when the worker is idle).

__all__ = ["Board", "Library", "SOURCE_RE", "check_source"]


@dataclass(frozen=True)
class Board:
    archive: Archive
    reading: Reading
    # board-local hex (or ("ground", hex)) -> its layer (pycore.terrain.vasl.layers), filled as threads meet it
    layers: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    # its own SSR art (pycore.terrain.vasl.ssrart), None where not read
    art: ArtSet | None = field(default=None, compare=False, repr=False)

    def summary(self) -> dict[str, Any]:
        """What ``pycore.api.import_board`` says of it; ``ssr``: its own SSR
        art's names, as a setup's ``ssr`` names them ("art-dense-jungle")."""
        size = self.archive.shape.size
        art = self.art.rules if self.art is not None else {}
        return {"board": self.archive.name, "version": self.archive.version,
                "source": self.archive.source, "columns": size.columns,
                "rows": size.rows, "ssr": list(art),
                "warnings": list(self.reading.warnings)
                + list(self.art.warnings if self.art is not None else ())}


class Library:
    """Imported boards by source, in the order they were imported."""

    def __init__(self) -> None:
        self._boards: dict[str, Board] = {}
        self._overlays: dict[str, OverlaySet] = {}     # overlay archives by source
        self._colors: dict[str, dict] = {}                     # a board's colours by its source

    def add_file(self, data: bytes) -> Board | OverlaySet:
        """Read a board or overlay archive, as what it holds, and keep it; its
        zip is opened once."""
        from .archive import opened
        from .overlay import holds_overlays
        with opened(data) as zipped:
            if holds_overlays(zipped):
                return self.add_overlays(data, zipped)
            return self.add(data, zipped)

    def add(self, data: bytes, zipped: Zipped | None = None) -> Board:
        """Read a board archive and keep it (reading the same file again is
        free). ``zipped``: ``data`` already ``archive.opened``."""
        from .archive import read, reopened
        from .colornames import of_zip
        from .reading import read as read_board
        from .ssrart import of_zip as art_of_zip
        with reopened(data, zipped) as opened:
            a = read(data, opened)
            if a.source not in self._colors:       # its colours' names, for overlays laid on it
                self._colors[a.source] = of_zip(opened)
            known = self._boards.get(a.source)
            if known is not None:
                return known
            art = art_of_zip(opened, a.source)
        board = self._boards[a.source] = Board(a, read_board(a), art=art)
        return board

    def images(self, source: Any) -> Images:
        """The images named ``source`` in a ``gif.NeedsPixels``: an overlay
        archive's, or an imported board's own SSR art (its source and
        ``ssrart.ART``); SetupError naming the file to import."""
        from .ssrart import ART
        if isinstance(source, str) and source.endswith(ART):
            art = self.get(source[:-len(ART)]).art
            if art is None:
                raise SetupError(f"source: {source[:-len(ART)]}'s board file holds no SSR art")
            return art
        return self.overlays(source)

    def get(self, source: Any, path: str = "source") -> Board:
        """The imported board of ``source``, or SetupError naming the file to import."""
        m = SOURCE_RE.match(check_source(source, path))
        board = self._boards.get(source)
        if board is None:
            assert m is not None
            raise SetupError(f"{path}: board {m.group(1)} (VASL {m.group(2)}) is not on this device: "
                             f"import bd{m.group(1)}")
        return board

    def size_of(self, source: str) -> BoardSize | None:
        """The size of the imported board of ``source``, or None where it is
        not imported (``pycore.geometry.boards.load_layout``)."""
        board = self._boards.get(source)
        return board.archive.shape.size if board is not None else None

    def add_overlays(self, data: bytes, zipped: Zipped | None = None) -> OverlaySet:
        """Read an overlay archive and keep it (pycore.terrain.vasl.overlay).
        ``zipped``: ``data`` already ``archive.opened``."""
        from .overlay import read
        got = read(data, zipped)
        return self._overlays.setdefault(got.source, got)

    def overlays(self, source: Any, path: str = "source") -> OverlaySet:
        """The imported overlay archive of ``source``, or SetupError naming the file to import."""
        from . import overlay
        m = overlay.SOURCE_RE.match(overlay.check_source(source, path))
        assert m is not None
        got = self._overlays.get(source)
        if got is None:
            raise SetupError(f"{path}: overlay file ovr{m.group(1)} (VASL {m.group(2)}) is not on "
                             f"this device: import ovr{m.group(1)}")
        return got

    def overlay_sources(self) -> list[str]:
        return list(self._overlays)

    def colors(self, source: str) -> dict:
        """An imported board's colours by name (its ``colors`` file), empty if it has none."""
        return self._colors.get(source, {})

    def sources(self) -> list[str]:
        return list(self._boards)

    def remove(self, source: str) -> None:
        """Forget a board (``api.forget_board`` also drops the setups loaded with it)."""
        self._boards.pop(source, None)
        self._overlays.pop(source, None)

    def clear(self) -> None:
        self._boards.clear()
        self._overlays.clear()
