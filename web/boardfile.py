"""The page's board library, Python side (docs/contract.md "Real boards").

A board file's bytes never travel as JSON: the worker (static/worker.js)
writes them into Pyodide's in-memory file system and the query names the
path; this module reads them once, removes the file and imports them
(``pycore.api.import_board``). Nothing is written anywhere else: the page
keeps the player's files on the device (static/ui/boardstore.js).
"""
from __future__ import annotations

import base64
import os
from dataclasses import replace
from typing import Any

from pycore import api, share
from pycore.geometry.boards import SOURCE_RE, board_number, load_layout
from pycore.errors import SetupError
from pycore.rules.los import unmodelled
from pycore.terrain.mapterrain import imported_terrain
from pycore.terrain.vasl import archive, layers
from web.messages import player_words


def import_board_file(path: Any) -> dict:
    """Import the board file the worker wrote at ``path`` (removed after)."""
    return api.import_board(_read(path))


_IMAGE_TYPES = {".gif": "image/gif", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


def board_image_file(path: Any) -> dict | None:
    """The player's own board image in the board file the worker wrote at
    ``path`` (removed after): ``{"type": "image/gif", "base64": ...}``, or
    None if the archive holds none (``pycore.terrain.vasl.archive.image``). It is
    only handed back to the page, which shows it and keeps it nowhere."""
    found = archive.image(_read(path))
    if found is None:
        return None
    name, image = found
    return {"type": _IMAGE_TYPES[name[name.rfind("."):].lower()],
            "base64": base64.b64encode(image).decode("ascii")}


def _read(path: Any) -> bytes:
    """The bytes the worker wrote at ``path``, which is removed."""
    if not isinstance(path, str) or not path.startswith("/tmp/asl-board-"):
        raise SetupError("board file: expected the path the worker wrote it to")
    try:
        size = os.stat(path).st_size
        archive.check_size(size)                  # refused before it is read
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise SetupError(f"board file: it could not be read ({e.strerror})") from None
    finally:
        try:
            os.remove(path)
        except OSError:
            pass


def layout_boards(rows: Any) -> list:
    """The New map's cells (rows of a board number, or ``{"board", "flip"}``)
    as ``map.boards``: a cell whose number is an imported board's ("4", "04"
    and "bd4" alike: ``pycore.geometry.boards.board_number``) takes that board's
    ``source`` (the newest import of it). Where boards are imported, a cell
    naming a number none of them has raises SetupError saying so, before the
    map is made: a blank board there would rule every LOS clear."""
    load_layout(rows)                               # the cells' own errors first
    imported: dict[str, str] = {}
    for known in api.boards():                      # oldest first: the newest import wins
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


def forget_board(source: Any) -> list:
    """Remove an imported board from this process, and the setups loaded
    with it (``pycore.api.forget_board``); the boards left."""
    return api.forget_board(source)


def map_terrain(setup: Any) -> dict:
    """The terrain the imported boards of ``setup``'s map give it, in the map's
    hex names and the setup format (``{"hexes": ..., "hexsides": ...}``): what
    the page paints beneath the setup's own entries, which override it (open
    ground at level 0 has no entry, as in a setup), and ``unmodelled``: the
    hexes whose boards draw terrain the app does not model, with what it is
    (the map marks them). Empty when no board of the map has a ``source``."""
    s = api.load(setup)
    if s.layout is None or not s.layout.sources:
        return {"hexes": {}, "hexsides": {}, "unmodelled": {}}
    hexes, sides = imported_terrain(s.layout, s.imported)
    d = replace(s, hexes=hexes, hexsides=sides, units=()).to_dict(whole=True)
    unknown = {s.names.hex(h): ", ".join(said) for h, said in unmodelled.on_map(s).items()}
    return {"hexes": d["hexes"], "hexsides": d["hexsides"], "unmodelled": unknown}


def missing_boards(text: Any) -> list:
    """The boards a share link's map names by ``source`` that are not imported
    here, first to last: ``[{"source", "message", "file"}]``, the message naming the
    file to import ("board 41 (VASL 6.3) is not on this device: import bd41").
    Empty when there are none, or when the text is not a link or its map is
    malformed (``share_read`` then says why: such a link is broken)."""
    try:
        obj = share.unpack(text)
    except SetupError:
        return []
    m = obj.get("map") if isinstance(obj, dict) else None
    boards = m.get("boards") if isinstance(m, dict) else None
    if boards is not None:
        try:        # a malformed source, or one of another board: a broken link, never held
            load_layout(boards)
        except SetupError:
            return []
    out = []
    for i, row in enumerate(boards if isinstance(boards, list) else []):
        for j, b in enumerate(row if isinstance(row, list) else []):
            if not isinstance(b, dict) or "source" not in b:
                continue
            try:
                api.LIBRARY.get(b["source"], f"map.boards[{i}][{j}].source")
            except SetupError as e:
                m = SOURCE_RE.match(b["source"]) if isinstance(b["source"], str) else None
                out.append({"source": b["source"], "message": player_words(str(e), None),
                            "file": f"bd{m.group(1)}" if m else None})
    return out


def prepare_boards(setup: Any) -> int:
    """Compute the depiction layers of the imported boards of ``setup``'s map
    (pycore.terrain.vasl.layers.prepare), so the first visibility map on it is as
    quick as the next ones. Asked by the page, unawaited, once such a map is
    shown. Returns the number of hexes prepared."""
    s = api.load(setup)
    return sum(layers.prepare(board) for board in s.imported.values())
