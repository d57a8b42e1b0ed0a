"""The JSON-in, JSON-out facade (docs/contract.md).  The browser bridge and the
command line call these; bad input raises SetupError naming the field.

A setup may be a dict, its JSON text or a loaded ``Setup``; one seen before
(unchanged) is not validated again (``pycore.setup.cache``). Every name in and
out is as the setup's map names it: board-prefixed on a layout of boards
(``pycore.geometry.boards``).

This module owns the process's board library (``LIBRARY``, the boards
imported so far) and the setups loaded with it (``SETUPS``): every setup given
here is loaded against that library, and forgetting a board drops the setups
loaded with it (docs/architecture-library.md)."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from .rules import explain
from . import geometry as g
from .rules import los as rules
from .rules import movement, tem, wa
from .geometry.boards import check_source
from .errors import SetupError
from .setup import Setup
from .setup.cache import SetupCache
from .steps import finish
from .rules.visibility import visibility_steps as sweep
from .terrain.vasl.library import Library

__all__ = ["SetupError", "los", "visibility", "visibility_steps", "fire", "wall_advantage", "move_cost", "place",
           "thread", "import_board", "board_terrain", "boards", "forget_board", "load",
           "seen_by", "coverage"]

LIBRARY = Library()              # the boards imported into this process
SETUPS = SetupCache(LIBRARY)     # the setups last loaded with them


def load(setup: Any) -> Setup:
    """``setup`` (a dict, its JSON text or a Setup) loaded with this process's
    boards, from ``SETUPS`` when it was loaded before (SetupError if bad)."""
    return SETUPS.loaded(setup)


def los(setup: Any, viewer: Any, target: Any) -> dict:
    """Can ``viewer`` see ``target``?  (A6, B9.1-9.2, B9.21, B9.52x, B9.61, B19, D9.4)"""
    s = load(setup)
    return explain.attach(rules.query(s, viewer, target))


def thread(setup: Any, viewer: Any, target: Any) -> dict:
    """The LOS thread between two ends (as ``los`` takes them) and every hex,
    hexside and vertex it crosses, runs along or touches, in order (A6.1)."""
    s = load(setup)
    return rules.thread(s, viewer, target)


def visibility(setup: Any, viewer: Any) -> dict:
    """Every hex's ground Location the viewer can see, with its Hindrance DRM
    (IN a Depression where the hex is one): one sweep in pycore.rules.visibility,
    equal to a ruling per hex. It uses pycore.rules.los; pycore.rules.los never uses it."""
    return finish(visibility_steps(setup, viewer))


def visibility_steps(setup: Any, viewer: Any) -> Generator[dict | None, None, dict]:
    """``visibility`` in steps: a generator that pauses between chunks of the
    sweep and returns the same dict (web.bridge runs it a chunk at a
    time, so the page's other questions are answered between chunks). A pause yields
    None or the hexes proved since the last one, ``{"hexes", "done", "of"}``
    (pycore.rules.visibility.visibility_steps: the page draws them)."""
    s = load(setup)
    return (yield from sweep(s, viewer))


def fire(setup: Any, firer: Any, target: Any, indirect: bool = False) -> dict:
    """``los`` plus the TEM the target receives (B9.3x, B9.62, D9.3)."""
    if not isinstance(indirect, bool):
        raise SetupError("indirect: must be true or false")
    s = load(setup)
    return explain.attach(tem.fire(s, firer, target, indirect))


def wall_advantage(setup: Any) -> dict:
    """Who has, may and must claim Wall Advantage (B9.32-B9.324, B9.62, D9.5x)."""
    s = load(setup)
    return explain.attach(wa.report(s))


def move_cost(setup: Any, unit: Any, from_hex: Any, to_hex: Any) -> dict:
    """MF/MP to cross into an adjacent hex (B9.4, B9.54, B9.541, B9.7, B19.4)."""
    s = load(setup)
    return explain.attach(movement.move_cost(s, unit, from_hex, to_hex))


def place(setup: Any, name: Any) -> dict:
    """What a hex, hexside or vertex name means on this setup's map: its one
    canonical ``name``, its ``kind`` and every ``names`` it answers to (a seam
    hex of a board layout has two: ``12GG5`` and ``6A5``)."""
    s = load(setup)
    if not isinstance(name, str) or not name.strip():
        raise SetupError("name: expected a hex, hexside or vertex name, e.g. 12P2")
    parts = name.strip().split("-")
    kind = {1: "hex", 2: "hexside", 3: "vertex"}.get(len(parts))
    try:
        if kind == "hex":
            h = s.names.parse_hex(parts[0])
            if not s.grid.contains(h):
                raise ValueError(f"{s.names.hex(h)} is off the map")
            names = s.names.all(h)
            return {"name": names[0], "kind": kind, "names": names}
        if kind == "hexside":
            text = s.names.hexside(s.names.parse_hexside(name.strip()))
        elif kind == "vertex":
            text = s.names.vertex(s.names.parse_vertex(name.strip()))
        else:
            raise ValueError(f"{name.strip()!r} is not a hex, hexside or vertex name")
    except ValueError as e:
        raise SetupError(f"name: {e}") from None
    return {"name": text, "kind": kind, "names": [text]}


# --- real boards (docs/contract.md "Real boards") ----------------------------------------

def import_board(data: Any) -> dict:
    """Read a VASL board archive (the bytes of ``bd41``, ...) into this process's
    board library: ``{"board", "version", "source", "columns", "rows", "warnings"}``.
    A damaged or hostile file raises SetupError saying what is wrong."""
    return LIBRARY.add(data).summary()


def board_terrain(source: Any) -> dict:
    """An imported board read hex by hex, in the setup format with the board's
    own names: ``{"hexes": {"CC6": {"terrain": "gully"}, ...}, "hexsides": {"E4-E5": "wall"}}``."""
    return LIBRARY.get(source).reading.as_setup()


def boards() -> list:
    """The boards imported into this process, as ``import_board`` describes them."""
    return [LIBRARY.get(source).summary() for source in LIBRARY.sources()]


def forget_board(source: Any) -> list:
    """Remove an imported board from this process, and the setups loaded with
    it (a setup naming it is refused from now on): the boards left."""
    LIBRARY.remove(check_source(source))
    SETUPS.clear()
    return boards()


def clear_boards() -> None:
    """Forget every imported board (and so every setup loaded)."""
    LIBRARY.clear()
    SETUPS.clear()


# --- who sees a hex, and a side's coverage (docs/contract.md "Who sees a hex") ---------------

from .rules import seen  # noqa: E402  (kept with the functions it serves)


def seen_by(setup: Any, target: Any, steps: bool = False) -> dict:
    """Every unit that could see ``target`` (a unit id: its enemies; a Location:
    every unit), each with ``los`` and ``hindrance`` as ``los`` rules the pair;
    with ``steps``, each ruling's steps too. An analysis aid (A6.11)."""
    return seen.seen_by(load(setup), target, steps)


def coverage(setup: Any, side: Any, level: Any = 0, at: Any = None) -> dict:
    """For every hex, how many of ``side``'s Good Order units see a unit at its
    ground Location (or at building ``level`` where the hex has it), and whether
    only through Hindrance; with ``at`` (a hex), each viewer's ruling of it with
    its steps. An analysis aid (A6.11)."""
    return seen.coverage(load(setup), side, level, at)
