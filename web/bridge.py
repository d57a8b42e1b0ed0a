"""The one entry point the browser's JavaScript calls (static/worker.js).

``call(name, args_json)`` runs one named query with JSON arguments and always
returns a JSON string: ``{"ok": result}`` on success, or
``{"error": message, "kind": "SetupError" | "InternalError"}``. Nothing
escapes: a bug in the core must show the player a message, not hang the page.
"""
from __future__ import annotations

import json
import re
import sys
from importlib import import_module
from typing import Any, Callable

from pycore import jsonread
from pycore.errors import SetupError

try:  # written into the wheel by build.py; absent when run from a checkout
    from web._build import BUILD_ID
except ImportError:
    BUILD_ID = "dev"


def _lazy(module: str, attr: str) -> Callable[..., Any]:
    """``module.attr``, imported on first use so no query pays for another's."""
    def run(*args: Any) -> Any:
        return getattr(import_module(module), attr)(*args)
    return run


def _validate(setup: Any) -> dict:
    return import_module("pycore.setup").load_setup(setup).to_dict()


def _render_map(setup: Any, options: dict | None = None) -> str:
    if options is not None and not isinstance(options, dict):
        raise SetupError("options: must be an object")
    return import_module("web.render").map_svg(setup, **(options or {}))


def _version() -> dict:
    from pycore.explain import RULEBOOK
    from pycore.limits import MAX_LEVEL
    return {"build": BUILD_ID, "python": sys.version.split()[0], "rulebook": RULEBOOK,
            "max_level": MAX_LEVEL}


# Query name -> function (CONTRACT.md "The Python API", "Share links").
HANDLERS: dict[str, Callable[..., Any]] = {
    **{name: _lazy("pycore.api", name)
       for name in ("los", "fire", "visibility", "wall_advantage", "move_cost", "place",
                    "thread")},
    "share_encode": _lazy("pycore.share", "encode"),
    "share_decode": _lazy("pycore.share", "decode"),
    "share_read": _lazy("pycore.share", "read"),          # setup + question (issue 10)
    "qr_svg": _lazy("web.qr", "qr_svg"),
    "ruling_card": _lazy("web.card", "ruling_card"),
    "validate": _validate,
    "render_map": _render_map,
    "render_preview": _lazy("web.preview", "map_preview"),   # no svgwrite: before the idle wheels
    "version": _version,
    # The board library (issue 19, web/boardfile.py): the worker writes a file's bytes.
    "import_board_file": _lazy("web.boardfile", "import_board_file"),
    "forget_board": _lazy("web.boardfile", "forget_board"),
    "map_terrain": _lazy("web.boardfile", "map_terrain"),
    "missing_boards": _lazy("web.boardfile", "missing_boards"),
    "board_image_file": _lazy("web.boardfile", "board_image_file"),
}


# Imported before the worker reports ready, so the first click pays no import.
STARTUP_MODULES = ("pycore.api", "pycore.setup", "pycore.share")
# Imported once the worker is idle after ready: svgwrite alone takes about a
# second to import in Pyodide, and the first paint uses the pre-rendered map.
IDLE_MODULES = ("web.render",)


def warm(modules: Any = STARTUP_MODULES) -> list[str]:
    """Import `modules` ahead of the queries that need them; returns those loaded."""
    loaded = []
    for module in modules:
        try:
            import_module(module)
        except ImportError:
            continue  # the query that needs it reports it, as an InternalError
        loaded.append(module)
    return loaded


# Queries whose first argument is a setup.  The page sends the whole setup with
# every query; its JSON text is matched against the texts seen last, so an
# unchanged setup is neither parsed nor validated again (issue 13).
SETUP_QUERIES = frozenset(("los", "fire", "visibility", "wall_advantage", "move_cost",
                           "place", "thread", "validate", "share_encode", "render_map", "render_preview",
                           "ruling_card", "map_terrain"))
_RECENT_TEXTS: list[str] = []          # newest first, at most limits.SETUP_CACHE_SIZE
_SPACE = re.compile(r"[ \t\n\r]*")    # JSON's whitespace, no other
_DECODER = json.JSONDecoder()


def _split_setup(args_json: str) -> tuple[str, list] | None:
    """(the setup's JSON text, the other arguments) when ``args_json`` is a JSON
    list whose first item is an object; None when it is not (then it is parsed
    whole, and any error reported as before)."""
    start = _SPACE.match(args_json, 1).end() if args_json.startswith("[") else 0
    if not start or not args_json.startswith("{", start):
        return None
    for text in _RECENT_TEXTS:       # the same text parses to the same value
        if args_json.startswith(text, start):
            end = start + len(text)
            break
    else:
        _guard(args_json)
        try:
            end = _DECODER.raw_decode(args_json, start)[1]
        except (ValueError, RecursionError):
            return None
        text = args_json[start:end]
    end = _SPACE.match(args_json, end).end()
    if args_json.startswith("]", end):
        return (text, []) if not args_json[_SPACE.match(args_json, end + 1).end():] else None
    if not args_json.startswith(",", end):
        return None
    rest_json = "[" + args_json[end + 1:]
    _guard(rest_json)
    try:
        rest = json.loads(rest_json)
    except (ValueError, RecursionError):
        return None
    return (text, rest) if rest else None     # "[{...},]" is not JSON


def _loaded(text: str) -> Any:
    """The setup with this JSON text, loaded (from the cache when seen before)."""
    setup = import_module("pycore.setupcache").loaded(text)   # SetupError if bad
    if text in _RECENT_TEXTS:
        _RECENT_TEXTS.remove(text)
    _RECENT_TEXTS.insert(0, text)
    del _RECENT_TEXTS[import_module("pycore.limits").SETUP_CACHE_SIZE:]
    return setup


def _guard(args_json: str) -> None:
    """Every door into Python reads JSON within the limits of ``pycore.jsonread``
    (size, nesting depth, numbers), before ``json.loads`` sees it: a file, an
    autosave or ``window.asl`` can never exhaust the interpreter's stack
    (issue 14). SetupError, the player's input being at fault."""
    jsonread.check(args_json, "setup", "the JSON", wrapped=1)


def _setup_error(message: str, name: str, args: Any, setup_text: str | None) -> str:
    """A SetupError, with the message in a player's words too (``player``)."""
    setup = None
    if name in SETUP_QUERIES:
        try:
            setup = json.loads(setup_text) if setup_text is not None else args[0]
        except (ValueError, RecursionError, IndexError, TypeError):
            setup = None
    from web.messages import player_words
    return json.dumps({"error": message, "kind": "SetupError",
                       "player": player_words(message, setup)})


def _error(message: str, kind: str) -> str:
    return json.dumps({"error": message, "kind": kind})


def call(name: str, args_json: str = "[]") -> str:
    """Run query ``name`` with the JSON list of positional arguments."""
    handler = HANDLERS.get(name)
    if handler is None:
        return _error(f"unknown query {name!r}", "InternalError")
    if not isinstance(args_json, str):
        return _error(f"{name}: arguments must be JSON text", "InternalError")
    try:
        split = _split_setup(args_json) if name in SETUP_QUERIES else None
        if split is None:
            _guard(args_json)
    except SetupError as exc:
        return _error(str(exc), "SetupError")
    try:
        args = json.loads(args_json) if split is None else split[1]
    except (TypeError, ValueError, RecursionError) as exc:
        return _error(f"{name}: arguments are not valid JSON ({exc})", "InternalError")
    if not isinstance(args, list):
        return _error(f"{name}: arguments must be a JSON list", "InternalError")
    try:
        result = handler(*args) if split is None else handler(_loaded(split[0]), *args)
    except SetupError as exc:
        return _setup_error(str(exc), name, args if split is None else None,
                            None if split is None else split[0])
    except Exception as exc:  # noqa: BLE001 - reported, never raised
        return _error(f"{type(exc).__name__}: {exc}", "InternalError")
    try:
        return json.dumps({"ok": result})
    except (TypeError, ValueError, RecursionError) as exc:
        return _error(f"{name}: result is not JSON ({exc})", "InternalError")
