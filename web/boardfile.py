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
from typing import Any

from pycore import api
from pycore.errors import SetupError
from web.messages import player_words


def import_board_file(path: Any, *, session: Any = None) -> dict:
    """Import the board file the worker wrote at ``path`` (removed after)."""
    return api.import_board(_read(path), session=session)


_IMAGE_TYPES = {".gif": "image/gif", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


def board_image_file(path: Any) -> dict | None:
    """The player's own board image in the board file the worker wrote at
    ``path`` (removed after): ``{"type": "image/gif", "base64": ...}``, or
    None if the archive holds none (``pycore.api.board_image``). It is
    only handed back to the page, which shows it and keeps it nowhere."""
    found = api.board_image(_read(path))
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
        api.check_board_size(size)                # refused before it is read
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise SetupError(f"board file: it could not be read ({e.strerror})") from None
    finally:
        try:
            os.remove(path)
        except OSError:
            pass


def missing_boards(text: Any, *, session: Any = None) -> list:
    """The boards a share link's map names by ``source`` that are not imported
    here, first to last (``pycore.api.missing_boards``): ``[{"source",
    "message", "file"}]``, the message in a player's words naming the file to
    import ("board 41 (VASL 6.3) is not on this device: import bd41")."""
    return [{"source": m["source"], "message": player_words(m["error"], None), "file": m["file"]}
            for m in api.missing_boards(text, session=session)]
