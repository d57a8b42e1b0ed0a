"""A session: the boards a caller has imported and the setups it loaded with
them (docs/architecture-library.md).

Whoever asks the rules owns one: the page's bridge (``web.bridge``), the
command line, a test. ``pycore.api`` takes it as ``session=``; without it, the
process's default session (``pycore.api.DEFAULT``) answers, which is the
"this process's board library" of docs/contract.md "Real boards". A setup
means what its text and the session's boards say, never what another session
imported.
"""
from __future__ import annotations

from typing import Any

from . import share
from .geometry.boards import SOURCE_RE, board_number, check_source, load_layout
from .errors import SetupError
from .setup import Setup
from .setup.cache import SetupCache
from .terrain.vasl.library import Board, Library


class Session:
    """A board library and the setups last loaded with it."""

    def __init__(self) -> None:
        self.library = Library()                  # the boards imported so far
        self.setups = SetupCache(self.library)    # the setups last loaded with them

    def load(self, setup: Any) -> Setup:
        """``setup`` (a dict, its JSON text or a Setup) loaded with this
        session's boards, from its cache when loaded before (SetupError if bad)."""
        return self.setups.loaded(setup)

    def board(self, source: Any, path: str = "source") -> Board:
        """An imported board by ``source`` (SetupError naming the file to import)."""
        return self.library.get(source, path)

    def import_board(self, data: Any) -> Board:
        """A VASL board archive's bytes read into this session's library."""
        return self.library.add(data)

    def import_file(self, data: Any) -> dict:
        """A VASL board or overlay archive's bytes read into this session's
        library, described as ``pycore.api.import_board`` describes it."""
        return self.library.add_file(data).summary()

    def boards(self) -> list[dict]:
        """The boards imported, oldest first, as ``pycore.api.import_board`` describes them."""
        return [self.library.get(source).summary() for source in self.library.sources()]

    def forget_board(self, source: Any) -> None:
        """Remove an imported board or overlay file, and the setups loaded with
        it (a setup naming it is refused from now on)."""
        from .terrain.vasl import overlay
        if isinstance(source, str) and overlay.SOURCE_RE.match(source):
            self.library.remove(source)
        else:
            self.library.remove(check_source(source))
        self.setups.clear()

    def clear(self) -> None:
        """Forget every imported board (and so every setup loaded)."""
        self.library.clear()
        self.setups.clear()

    def layout_boards(self, rows: Any) -> list:
        """The New map's cells (rows of a board number, or ``{"board", "flip"}``)
        as ``map.boards``: a cell whose number is an imported board's ("4", "04"
        and "bd4" alike: ``pycore.geometry.boards.board_number``) takes that board's
        ``source`` (the newest import of it). Where boards are imported, a cell
        naming a number none of them has raises SetupError saying so, before the
        map is made: a blank board there would rule every LOS clear."""
        load_layout(rows)                               # the cells' own errors first
        imported: dict[str, str] = {}
        for known in self.boards():                     # oldest first: the newest import wins
            imported[board_number(known["board"])] = known["source"]
        out: list[list[Any]] = []
        for i, row in enumerate(rows):
            cells: list[Any] = []
            for j, cell in enumerate(row):
                label = cell if isinstance(cell, str) else cell["board"]
                flip = isinstance(cell, dict) and cell.get("flip", False)
                number = board_number(label)
                own: str | None = cell.get("source") if isinstance(cell, dict) else None
                source = own or imported.get(number)
                if source is None and imported:
                    have = ", ".join(sorted(imported, key=lambda n: (len(n), n)))
                    raise SetupError(f"map.boards[{i}][{j}]: board {label} is not imported on this "
                                     f"device (imported: {have}): import bd{number}, or type the "
                                     f"number of an imported board")
                if source is None:
                    cells.append({"board": label, "flip": True} if flip else label)
                else:
                    cells.append({"board": number, "source": source, **({"flip": True} if flip
                                                                        else {})})
            out.append(cells)
        return out

    def missing_boards(self, text: Any) -> list:
        """The boards a share link's map names by ``source`` that are not in the
        session, first to last: ``[{"source", "error", "file"}]``, the error naming the
        file to import ("board 41 (VASL 6.3) is not on this device: import bd41").
        Empty when there are none, or when the text is not a link or its map is
        malformed (``share_read`` then says why: such a link is broken)."""
        try:
            obj = share.unpack(text)
        except SetupError:
            return []
        m = obj.get("map") if isinstance(obj, dict) else None
        given = m.get("boards") if isinstance(m, dict) else None
        if given is not None:
            try:        # a malformed source, or one of another board: a broken link, never held
                load_layout(given)
            except SetupError:
                return []
        out = self._missing_overlays(m)
        for i, row in enumerate(given if isinstance(given, list) else []):
            for j, b in enumerate(row if isinstance(row, list) else []):
                if not isinstance(b, dict) or "source" not in b:
                    continue
                try:
                    self.board(b["source"], f"map.boards[{i}][{j}].source")
                except SetupError as e:
                    found = SOURCE_RE.match(b["source"]) if isinstance(b["source"], str) else None
                    out.append({"source": b["source"], "error": str(e),
                                "file": f"bd{found.group(1)}" if found else None})
        return out

    def _missing_overlays(self, m: Any) -> list:
        """The overlay files a link's ``map.overlays`` names by source that are
        not in the session (``missing_boards``), as ``{"source", "error", "file": "ovrX"}``."""
        from .terrain.vasl import overlay
        out: list[dict] = []
        given = m.get("overlays") if isinstance(m, dict) else None
        for i, entry in enumerate(given if isinstance(given, list) else []):
            source = entry.get("source") if isinstance(entry, dict) else None
            found = overlay.SOURCE_RE.match(source) if isinstance(source, str) else None
            if found is None or any(o["source"] == source for o in out):
                continue
            try:
                self.library.overlays(source, f"map.overlays[{i}].source")
            except SetupError as e:
                out.append({"source": source, "error": str(e), "file": f"ovr{found.group(1)}"})
        return out
