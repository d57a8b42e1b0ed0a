"""Every query the page can ask (``QUERIES``), with the few that live here:
what ``web.bridge``, the one door the worker calls, runs for each name."""
from __future__ import annotations

import re
import sys
from importlib import import_module
from typing import Any, NamedTuple

from pycore.errors import SetupError
from pycore.steps import finish
from web.build_id import BUILD_ID


class Query(NamedTuple):
    """One query the page can ask, declared once (``QUERIES``)."""
    home: str                       # the module its function lives in
    function: str                   # the function's name there
    setup_first: bool = True        # its first argument is a setup (cached by its text)
    idle_wheels: bool = False       # needs svgwrite or segno, loaded once the worker is idle
    imports: tuple[str, ...] = ()   # what the function imports when first run: warmed ahead
    at_start: bool = True           # warmed before ready (a first click may ask it), else when idle
    steps: str | None = None        # a generator function in home answering it in chunks (begin)

    def run(self, *args: Any) -> Any:
        return getattr(import_module(self.home), self.function)(*args)

    def start(self, *args: Any) -> Any:
        """Its generator of steps (``steps``), or None when it runs whole."""
        return getattr(import_module(self.home), self.steps)(*args) if self.steps else None


def validate(setup: Any) -> dict:
    """The setup checked: an object, or a file's JSON text as it was read (the
    page parses no file itself, so 1e999999 reaches ``pycore.jsonread``)."""
    api = import_module("pycore.api")
    return import_module("pycore.setup").load_setup(setup, api.LIBRARY).to_dict()


def render_map(setup: Any, options: dict | None = None) -> str:
    return finish(render_map_steps(setup, options))


def render_map_steps(setup: Any, options: dict | None = None) -> Any:
    """``render_map`` in steps (a 132 x 80 map takes seconds)."""
    if options is not None and not isinstance(options, dict):
        raise SetupError("options: must be an object")
    return import_module("web.render").map_svg_steps(setup, **(options or {}))


def share_read(text: Any) -> dict:
    """``pycore.share.read``, its warnings in a player's words (``unit g1␊``,
    not ``units[0].id``), each ending as a sentence."""
    opened = import_module("pycore.share").read(text, import_module("pycore.api").LIBRARY)
    opened["warnings"] = _said(opened["warnings"], opened["setup"])
    return opened


def share_decode(text: Any) -> dict:
    """``pycore.share.decode``, the link's map read with this process's boards."""
    return import_module("pycore.share").decode(text, import_module("pycore.api").LIBRARY)


def file_read(text: Any) -> dict:
    """A setup file's text checked as ``validate`` checks it, ``{"setup",
    "warnings"}``: what reading it changed or found, said as for a link
    (invisible characters removed from sides and ids, sides that look alike)."""
    from pycore.setup.lookalike import side_warnings
    loaded = import_module("pycore.setup").load_setup(text, import_module("pycore.api").LIBRARY)
    setup = loaded.to_dict()
    return {"setup": setup,
            "warnings": _said([*loaded.notices, *side_warnings(loaded.units)], setup)}


def _said(warnings: list[str], setup: dict) -> list[str]:
    """Warnings in a player's words, each a sentence (a capital first, unless
    it starts with a field's path such as ``question.target``; a full stop
    last): the page shows them one after another."""
    from web.messages import player_words
    said = [player_words(w, setup) for w in warnings]
    return [_capital(w) + ("" if w.endswith((".", "?", "!")) else ".") for w in said if w]


def _capital(text: str) -> str:
    first = re.split(r"[\s:]", text, maxsplit=1)[0]
    return text if re.search(r"[.\[\]_]", first) else text[:1].upper() + text[1:]


def version() -> dict:
    from pycore.rules.explain import RULEBOOK
    from pycore import limits
    return {"build": BUILD_ID, "python": sys.version.split()[0], "rulebook": RULEBOOK,
            "max_level": limits.MAX_LEVEL, "max_columns": limits.MAX_COLUMNS,
            "max_rows": limits.MAX_ROWS, "max_map_hexes": limits.MAX_MAP_HEXES,
            "max_setup_bytes": limits.MAX_INFLATED_BYTES,
            # the page refuses a bigger board file from its size, unread
            "max_board_bytes": limits.MAX_ARCHIVE_BYTES}


# Every query the page can ask (docs/contract.md "The Python API", "Share links";
# docs/architecture.md, "How the page talks to Python"), by name. static/worker.js asks for
# the names that need the idle wheels (``idle_queries_json``), and ``warm``
# imports what the others need before the worker reports ready. ``los`` and
# ``fire`` are pycore.api's, with how to show the ruling (web.present).
QUERIES: dict[str, Query] = {
    "los": Query("web.present", "los", imports=("pycore.api", "pycore.rules.los", "pycore.rules.explain")),
    "fire": Query("web.present", "fire", imports=("pycore.api", "pycore.rules.tem", "pycore.rules.explain")),
    "visibility": Query("pycore.api", "visibility", imports=("pycore.rules.los", "pycore.rules.visibility"),
                        steps="visibility_steps"),    # seconds on the worst setups
    "wall_advantage": Query("web.present", "claims", imports=("pycore.api", "pycore.rules.wa")),
    "move_cost": Query("pycore.api", "move_cost", imports=("pycore.rules.movement",),
                       at_start=False),                  # not asked by the page yet
    "place": Query("pycore.api", "place", imports=("pycore.geometry",)),
    # The counters and hex labels the page draws, from the setup as it holds it.
    "counters": Query("web.marks", "counters", setup_first=False),
    "thread": Query("pycore.api", "thread", imports=("pycore.rules.los",)),
    "validate": Query("web.queries", "validate", imports=("pycore.setup",)),
    "file_read": Query("web.queries", "file_read", imports=("pycore.setup", "web.messages")),
    # A side or id typed in the unit editor, read as a setup reads it.
    "typed_name": Query("pycore.setup.typed", "typed", imports=("unicodedata",)),
    "share_encode": Query("pycore.share", "encode"),
    "share_decode": Query("web.queries", "share_decode", setup_first=False, imports=("pycore.share",)),
    "share_read": Query("web.queries", "share_read", setup_first=False,   # setup + question
                        imports=("pycore.share", "web.messages")),
    "render_preview": Query("web.preview", "map_preview",    # no svgwrite: before the idle wheels
                            at_start=False),             # asked only for a new map size
    "render_map": Query("web.queries", "render_map", idle_wheels=True, imports=("web.render",),
                        steps="render_map_steps"),
    "ruling_card": Query("web.card", "ruling_card", idle_wheels=True),
    "qr_svg": Query("web.qr", "qr_svg", setup_first=False, idle_wheels=True, imports=("segno",)),
    "version": Query("web.queries", "version", setup_first=False, imports=("pycore.rules.explain",)),
    # The board library (web/boardfile.py): the worker writes a file's
    # bytes. Asked at start only where the player keeps boards: warmed when idle.
    "import_board_file": Query("web.boardfile", "import_board_file", setup_first=False,
                               imports=("pycore.terrain.vasl.archive", "pycore.terrain.vasl.reading",
                                        "encodings.cp437"),  # zip names
                               at_start=False),
    "forget_board": Query("web.boardfile", "forget_board", setup_first=False, at_start=False),
    "layout_boards": Query("web.boardfile", "layout_boards", setup_first=False, at_start=False),
    "map_terrain": Query("web.boardfile", "map_terrain", at_start=False),
    # Scenario rules: the toggles' list, and the map with the SSRs applied.
    "ssr_catalog": Query("web.scenario", "catalog", setup_first=False, imports=("pycore.terrain.ssr",)),
    "ssr_view": Query("web.scenario", "ssr_view", imports=("pycore.terrain.ssr",)),
    "missing_boards": Query("web.boardfile", "missing_boards", setup_first=False,
                            at_start=False),
    "board_image_file": Query("web.boardfile", "board_image_file", setup_first=False,
                              at_start=False),
    # What the app read in one hex (the reading view, web/reading.py).
    "hex_reading": Query("web.reading", "hex_reading", imports=("pycore.rules.los",)),
    "prepare_boards": Query("web.boardfile", "prepare_boards", at_start=False,
                            imports=("pycore.terrain.vasl.layers",)),
}
