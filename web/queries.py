"""Every query the page can ask (``QUERIES``), with the few that live here:
what ``web.bridge``, the one door the worker calls, runs for each name."""
from __future__ import annotations

import re
import sys
from typing import Any, Callable, NamedTuple

from pycore import api
from pycore.errors import SetupError
from web import boardfile, borderline, marks, overlays, present, preview, reading, scenario, seen
from web.build_id import BUILD_ID


class Query(NamedTuple):
    """One query the page can ask, declared once (``QUERIES``)."""
    function: Callable[..., Any]    # what answers it: a function of pycore.api, or of web
    setup_first: bool = True        # its first argument is a setup (cached by its text)
    session: bool = True            # it takes the bridge's session (``session=``)
    idle_wheels: bool = False       # needs svgwrite or segno, loaded once the worker is idle
    imports: tuple[str, ...] = ()   # what the function imports when first run: warmed ahead
    at_start: bool = True           # warmed before ready (a first click may ask it), else when idle
    steps: Callable[..., Any] | None = None   # a generator function answering it in chunks (begin)

    @property
    def home(self) -> str:
        """The module its function lives in (warmed with ``imports``)."""
        return self.function.__module__

    def run(self, *args: Any, session: Any = None) -> Any:
        return self.function(*args, **({"session": session} if self.session else {}))

    def start(self, *args: Any, session: Any = None) -> Any:
        """Its generator of steps (``steps``), or None when it runs whole."""
        if self.steps is None:
            return None
        return self.steps(*args, **({"session": session} if self.session else {}))


def render_map(setup: Any, options: dict | None = None, *, session: Any = None) -> str:
    return api.finish(render_map_steps(setup, options, session=session))


def render_map_steps(setup: Any, options: dict | None = None, *, session: Any = None) -> Any:
    """``render_map`` in steps (a 132 x 80 map takes seconds). web.render
    imports svgwrite, one of the idle wheels: imported when first asked."""
    if options is not None and not isinstance(options, dict):
        raise SetupError("options: must be an object")
    from web.render import map_svg_steps
    return map_svg_steps(setup, **(options or {}), session=session)


def ruling_card(*args: Any, session: Any = None) -> str:
    """The ruling card (web.card, which needs svgwrite: imported when first asked)."""
    from web.card import ruling_card as card
    return card(*args, session=session)


def qr_svg(*args: Any) -> str:
    """A QR code (web.qr, which needs segno: imported when first asked)."""
    from web.qr import qr_svg as qr
    return qr(*args)


def share_read(text: Any, *, session: Any = None) -> dict:
    """``pycore.api.share_read``, its warnings in a player's words (``unit g1␊``,
    not ``units[0].id``), each ending as a sentence."""
    opened = api.share_read(text, session=session)
    opened["warnings"] = _said(opened["warnings"], opened["setup"])
    return opened


def file_read(text: Any, *, session: Any = None) -> dict:
    """A setup file's text checked as ``validate`` checks it, ``{"setup",
    "warnings"}``: what reading it changed or found, said as for a link
    (invisible characters removed from sides and ids, sides that look alike)."""
    got = api.read_file(text, session=session)
    return {"setup": got["setup"], "warnings": _said(got["warnings"], got["setup"])}


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
    limits = api.limits()
    del limits["setup_cache_size"]
    # the page refuses a board file bigger than max_board_bytes from its size, unread
    return {"build": BUILD_ID, "python": sys.version.split()[0], "rulebook": api.RULEBOOK, **limits}


# Every query the page can ask (docs/contract.md "The Python API", "Share links";
# docs/architecture.md, "How the page talks to Python"), by name, each naming the
# function that answers it. static/worker.js asks for the names that need the idle
# wheels (``idle_queries_json``), and ``web.bridge.warm`` imports what the others
# need before the worker reports ready. ``los`` and ``fire`` are pycore.api's,
# with how to show the ruling (web.present).
QUERIES: dict[str, Query] = {
    "los": Query(present.los, imports=("pycore.rules.los", "pycore.rules.explain")),
    "fire": Query(present.fire, imports=("pycore.rules.tem", "pycore.rules.explain")),
    "visibility": Query(api.visibility, imports=("pycore.rules.los", "pycore.rules.visibility"),
                        steps=api.visibility_steps),    # seconds on the worst setups
    "wall_advantage": Query(present.claims, imports=("pycore.rules.wa",)),
    "move_cost": Query(api.move_cost, imports=("pycore.rules.movement",),
                       at_start=False),                  # not asked by the page yet
    "place": Query(api.place),
    # The counters and hex labels the page draws, from the setup as it holds it.
    "counters": Query(marks.counters, setup_first=False, session=False),
    "thread": Query(api.thread, imports=("pycore.rules.los",)),
    "validate": Query(api.validate),
    "file_read": Query(file_read, imports=("pycore.setup.lookalike", "web.messages")),
    # A side or id typed in the unit editor, read as a setup reads it.
    "typed_name": Query(api.typed_name, session=False, imports=("pycore.setup.typed", "unicodedata")),
    "share_encode": Query(api.share_encode, session=False),
    "share_decode": Query(api.share_decode, setup_first=False),
    "share_read": Query(share_read, setup_first=False,   # setup + question
                        imports=("web.messages",)),
    "render_preview": Query(preview.map_preview,        # no svgwrite: before the idle wheels
                            at_start=False),             # asked only for a new map size
    "render_map": Query(render_map, idle_wheels=True, imports=("web.render",), steps=render_map_steps),
    "ruling_card": Query(ruling_card, idle_wheels=True, imports=("web.card",)),
    "qr_svg": Query(qr_svg, setup_first=False, session=False, idle_wheels=True,
                    imports=("web.qr", "segno")),
    "version": Query(version, setup_first=False, session=False),
    # The board library (web/boardfile.py): the worker writes a file's
    # bytes. Asked at start only where the player keeps boards: warmed when idle.
    "import_board_file": Query(boardfile.import_board_file, setup_first=False,
                               imports=("pycore.terrain.vasl.archive", "pycore.terrain.vasl.reading",
                                        "pycore.terrain.vasl.overlay",   # is it an overlay file?
                                        "pycore.terrain.vasl.ssrart",    # a board's own SSR art
                                        "encodings.cp437"),  # zip names
                               at_start=False),
    "forget_board": Query(api.forget_board, setup_first=False, at_start=False),
    "layout_boards": Query(api.layout_boards, setup_first=False, at_start=False),
    # The map's terrain as the rules see it, every layer decided (pycore.terrain.mapterrain),
    # with the SSRs' legend: what the map paints. And the toggles' list.
    "map_terrain": Query(scenario.terrain, imports=("pycore.rules.los.unmodelled",)),
    # Turning an SSR on turns off any other of its group (they change the same terrain).
    "ssr_catalog": Query(api.ssr_catalog, setup_first=False, session=False),
    "missing_boards": Query(boardfile.missing_boards, setup_first=False, at_start=False),
    "board_image_file": Query(boardfile.board_image_file, setup_first=False, session=False,
                              at_start=False),
    # What the app read in one hex (the reading view, web/reading.py).
    "hex_reading": Query(reading.hex_reading, imports=("pycore.rules.los",)),
    # The Overlays tool (web/overlays.py): a tap's edit of map.overlays, on the page's own
    # setup object (only map.overlays changes); where their art goes; one image's GIF.
    "overlay_edit": Query(overlays.overlay_edit, setup_first=False, at_start=False,
                          imports=("pycore.setup.overlay_edits",)),
    "overlay_art": Query(overlays.overlay_art, at_start=False),
    "overlay_image": Query(overlays.overlay_image, setup_first=False, at_start=False),
    "prepare_boards": Query(api.prepare_boards, at_start=False, imports=("pycore.terrain.vasl.layers",)),
    # A borderline LOS settled by the players (A6.1): the dr rolled here; the
    # page applies the setup it returns as an edit (web/borderline.py). The
    # setup is the page's own object, not a loaded one: only ``settled`` changes.
    "settle": Query(borderline.settle, setup_first=False, at_start=False),
    # Who sees a hex or a unit, and a side's dead ground (web/seen.py): analysis aids (A6.11).
    "who_sees": Query(seen.who_sees, imports=("pycore.rules.seen",), at_start=False),
    "dead_ground": Query(seen.dead_ground, imports=("pycore.rules.seen",), at_start=False,
                         steps=seen.dead_ground_steps),   # one sweep per viewer
}
