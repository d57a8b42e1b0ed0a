"""The one entry point the browser's JavaScript calls (static/worker.js).

``call(name, args_json)`` runs one named query with JSON arguments and always
returns a JSON string: ``{"ok": result}`` on success, or
``{"error": message, "kind": "SetupError" | "InternalError"}``. Nothing
escapes: a bug in the core must show the player a message, not hang the page.
``begin``/``resume``/``cancel`` answer the same queries a step at a time, so a
long one never holds the worker (kind ``"Superseded"`` when cancelled);
``progress`` gives what a running one has proved since it was last asked (a
visibility sweep's hexes so far, for the page to draw as they come).
"""
from __future__ import annotations

import gc
import json
import re
import time
from importlib import import_module
from typing import Any, NamedTuple

from pycore import api
from pycore.errors import SetupError
from web import build_id
from web.queries import QUERIES

BUILD_ID = build_id.BUILD_ID        # static/worker.js reads bridge.BUILD_ID

# The page's session: the boards the player imported and the setups loaded
# with them (pycore.session), passed to every query that takes one.
SESSION = api.Session()

# What call() itself imports for a query that takes a setup.
_CALL_IMPORTS = ("pycore.api", "pycore.limits", "pycore.jsonread")


def modules(idle: bool = False) -> list[str]:
    """The modules the queries need, in order, once each: those of the queries
    a first click may ask (``idle=False``), or of the others."""
    found = [] if idle else list(_CALL_IMPORTS)
    for query in QUERIES.values():
        if (query.at_start and not query.idle_wheels) != idle:
            found += [query.home, *query.imports]
    return list(dict.fromkeys(found))


def app_build(path: str) -> str:
    """The build id written in the app's zip at ``path``. static/worker.js asks
    it once Python is restored from the start-up snapshot (buildsite/snapshot.py):
    the zip it fetched must be the one the snapshot imported from. zipimport's
    directory of that zip, kept in the snapshot, is read afresh first, so a later
    import reads the zip as it is."""
    import zipimport
    importer = zipimport.zipimporter(f"{path}/web/")     # the web package's modules
    importer.invalidate_caches()
    found: dict[str, Any] = {}
    exec(importer.get_code("web._build"), found)
    return str(found["BUILD_ID"])


def overlay_gif(source: str, member: str) -> bytes:
    """An overlay's GIF, checked, for static/worker.js to decode with the
    browser's own decoder (a query answered ``NeedsPixels`` named it).
    SetupError (a Python error in the worker) if it is no such image."""
    return api.overlay_gif(source, member, session=SESSION)


def overlay_pixels(source: str, member: str, width: int, height: int, path: str) -> str:
    """The RGBA the browser decoded ``overlay_gif(source, member)`` to, which
    static/worker.js wrote at ``path`` (removed after), kept as that image's
    palette indices: "" if kept, else why not, in a player's words."""
    import os
    try:
        if not path.startswith("/tmp/asl-pixels-"):
            raise SetupError("overlay file: expected the path the worker wrote its pixels to")
        with open(path, "rb") as f:
            rgba = f.read(4 * width * height + 1)
        api.give_overlay_pixels(source, member, width, height, rgba, session=SESSION)
        return ""
    except SetupError as exc:
        return str(exc)
    except OSError as exc:
        return f"overlay file: {member}'s pixels could not be read ({exc.strerror})"
    finally:
        try:
            os.remove(path)
        except OSError:
            pass


def idle_queries_json() -> str:
    """The names of the queries that wait for the idle wheels (static/worker.js)."""
    return json.dumps(sorted(name for name, q in QUERIES.items() if q.idle_wheels))


def warm(idle: bool = False) -> list[str]:
    """Import ahead what the queries need (``modules``): before the worker
    reports ready, so the first click pays no import; with ``idle`` once the
    idle wheels are in (svgwrite alone takes about a second to import in
    Pyodide, and the first paint uses the pre-rendered map). Returns those
    loaded."""
    loaded = []
    for module in modules(idle):
        try:
            import_module(module)
        except ImportError:
            continue  # the query that needs it reports it, as an InternalError
        loaded.append(module)
    _freeze_imports()
    return loaded


def _freeze_imports() -> None:
    """Leave what the imports made out of every later garbage collection
    (``gc.freeze``): modules' functions, classes and tables live as long as
    the worker, and walking them was half of each full collection in a sweep's
    step (11-15 ms against 4-8 ms with four pathological setups loaded,
    docs/terrain-interface.md). Only while no setup is loaded: a setup and its
    derived facts hold references to each other, and a frozen cycle is never
    freed. Pyodide's CPython has ``gc.freeze`` too."""
    if _RECENT_TEXTS or _JOBS or api.loaded_setups(SESSION):
        return
    gc.freeze()


# The page sends the whole setup with every query; for a query whose first
# argument is a setup, its JSON text is matched against the texts seen last,
# so an unchanged setup is neither parsed nor validated again.
_RECENT_TEXTS: list[str] = []          # newest first, at most _CACHE_SIZE
_CACHE_SIZE = api.limits()["setup_cache_size"]
_SPACE = re.compile(r"[ \t\n\r]*")    # JSON's whitespace, no other
_DECODER = json.JSONDecoder()


def _skip_space(text: str, pos: int) -> int:
    """The index of the first character at or after ``pos`` that is not JSON's whitespace."""
    m = _SPACE.match(text, pos)
    assert m is not None      # the pattern matches the empty string
    return m.end()


def _split_setup(args_json: str) -> tuple[str, list] | None:
    """(the setup's JSON text, the other arguments) when ``args_json`` is a JSON
    list whose first item is an object; None when it is not (then it is parsed
    whole, and any error reported as before)."""
    start = _skip_space(args_json, 1) if args_json.startswith("[") else 0
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
    end = _skip_space(args_json, end)
    if args_json.startswith("]", end):
        return (text, []) if not args_json[_skip_space(args_json, end + 1):] else None
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
    setup = api.load(text, session=SESSION)   # SetupError if bad
    if text in _RECENT_TEXTS:
        _RECENT_TEXTS.remove(text)
    _RECENT_TEXTS.insert(0, text)
    del _RECENT_TEXTS[_CACHE_SIZE:]
    return setup


def _guard(args_json: str) -> None:
    """Every door into Python reads JSON within the limits of ``pycore.api.check_json``
    (size, nesting depth, numbers), before ``json.loads`` sees it: a file, an
    autosave or ``window.asl`` can never exhaust the interpreter's stack.
    SetupError, the player's input being at fault."""
    api.check_json(args_json, "setup", "the JSON", wrapped=1)


def _setup_error(message: str, name: str, args: Any, setup_text: str | None) -> str:
    """A SetupError, with the message in a player's words too (``player``)."""
    setup = None
    if QUERIES[name].setup_first:
        try:
            setup = json.loads(setup_text) if setup_text is not None else args[0]
            if isinstance(setup, str):       # a file's text (validate)
                setup = api.read_json(setup, "setup")
        except (ValueError, RecursionError, IndexError, TypeError, SetupError):
            setup = None
    from web.messages import player_words
    return json.dumps({"error": message, "kind": "SetupError",
                       "player": player_words(message, setup)})


def _error(message: str, kind: str) -> str:
    return json.dumps({"error": message, "kind": kind})


def call(name: str, args_json: str = "[]") -> str:
    """Run query ``name`` with the JSON list of positional arguments."""
    answer = _begin(None, name, args_json)
    assert answer is not None       # no job: run whole
    return answer


# Queries answered in steps: static/worker.js calls begin(), then,
# while it returns None, lets the page's other messages in and calls resume()
# or, for a query a newer one replaced, cancel(). A step runs for STEP_SECONDS.
STEP_SECONDS = 0.05


class _Job(NamedTuple):
    name: str
    steps: Any                       # the query's generator
    args: Any                        # for _setup_error, as call() passes them
    setup_text: str | None
    proved: dict                     # what its pauses yielded since progress() was asked


_JOBS: dict[int, _Job] = {}


def begin(job: int, name: str, args_json: str = "[]") -> str | None:
    """``call``, for a query that may take long: one that has ``steps`` runs for
    about STEP_SECONDS and then returns None while it has more to do (its
    generator kept as ``job``); any other is answered whole, as ``call``."""
    return _begin(job, name, args_json)


def resume(job: int) -> str | None:
    """Run ``job`` for another STEP_SECONDS: its JSON answer, or None."""
    found = _JOBS.get(job)
    if found is None:
        return _error(f"query {job} is not running", "InternalError")
    return _answer(job, found)


def progress(job: int) -> str | None:
    """What running ``job`` has proved since this was last asked, as JSON (a
    visibility sweep: ``{"hexes": {name: entry}, "done": n, "of": total}``,
    entries exactly as in its answer), or None when nothing new. static/worker.js
    asks after each step that ends without the answer."""
    found = _JOBS.get(job)
    if found is None or not found.proved:
        return None
    text = json.dumps(found.proved)
    found.proved.clear()
    return text


def _merge(proved: dict, got: dict) -> None:
    """Adds a pause's yield to what was proved: a dict of entries (the hexes)
    grows, any other field (a count) is replaced by the newer."""
    for key, value in got.items():
        if isinstance(value, dict):
            proved.setdefault(key, {}).update(value)
        else:
            proved[key] = value


def cancel(job: int) -> str:
    """Drop ``job`` (a newer question replaced it): its answer says so."""
    found = _JOBS.pop(job, None)
    if found is not None:
        found.steps.close()
    name = found.name if found is not None else "query"
    return _error(f"{name}: superseded by a newer question", "Superseded")


def _begin(job: int | None, name: str, args_json: str) -> str | None:
    # the first step's time counts from here: reading and loading the setup
    # are part of it (a step <= 100 ms of CPU on the worst setups)
    end = time.perf_counter() + STEP_SECONDS
    query = QUERIES.get(name)
    if query is None:
        return _error(f"unknown query {name!r}", "InternalError")
    if not isinstance(args_json, str):
        return _error(f"{name}: arguments must be JSON text", "InternalError")
    try:
        split = _split_setup(args_json) if query.setup_first else None
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
    args_seen, setup_text = (args, None) if split is None else (None, split[0])

    def run() -> Any:
        full = args if split is None else [_loaded(split[0]), *args]
        steps = query.start(*full, session=SESSION) if job is not None else None
        if job is None or steps is None:
            return query.run(*full, session=SESSION)
        _JOBS[job] = _Job(name, steps, args_seen, setup_text, {})
        return _MORE

    first = _result(name, args_seen, setup_text, run)
    if first is not _MORE:
        return first
    assert job is not None
    return _answer(job, _JOBS[job], end)


_MORE = object()          # a job's step ended before its answer


def _returning(value: Any) -> Any:
    """A job's steps once its answer is known: none, then ``value``."""
    return value
    yield  # a generator: the next step returns the value at once


def _answer(job: int, found: _Job, end: float | None = None) -> str | None:
    """Run ``job``'s steps for STEP_SECONDS (or until ``end``, at least one
    step): its JSON answer, or None."""
    stop = time.perf_counter() + STEP_SECONDS if end is None else end

    def run() -> Any:
        worked = False
        while True:
            try:
                got = next(found.steps)
            except StopIteration as done:
                if not worked or time.perf_counter() < stop:
                    return done.value
                # Its time is spent: the answer is written as JSON in a step of
                # its own (a 132 x 80 map's drawing is 12 MB, 25-37 ms).
                _JOBS[job] = found._replace(steps=_returning(done.value))
                return _MORE
            worked = True
            if got:
                _merge(found.proved, got)
            if time.perf_counter() >= stop:
                return _MORE

    answer = _result(found.name, found.args, found.setup_text, run)
    if answer is _MORE:
        return None
    _JOBS.pop(job, None)
    return answer


def _result(name: str, args: Any, setup_text: str | None, run: Any) -> Any:
    """``run()``'s value as the JSON answer (or _MORE), every error reported."""
    try:
        result = run()
    except api.NeedsPixels as exc:      # static/worker.js decodes them and asks again
        return json.dumps({"error": str(exc), "kind": "NeedsPixels", "images": exc.images})
    except SetupError as exc:
        return _setup_error(str(exc), name, args, setup_text)
    except Exception as exc:  # noqa: BLE001 - reported, never raised
        return _error(f"{type(exc).__name__}: {exc}", "InternalError")
    if result is _MORE:
        return _MORE
    try:
        return json.dumps({"ok": result})
    except (TypeError, ValueError, RecursionError) as exc:
        return _error(f"{name}: result is not JSON ({exc})", "InternalError")
