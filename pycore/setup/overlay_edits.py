"""What a tap does to a setup's ``map.overlays`` (the page's Overlays tool;
docs/overlays.md "Laying one in the page"): lay an overlay on a hex, point it
toward a hex next to its anchor or move it, turn it to the next orientation
its file can lay, remove it.

Each edit answers the new ``map.overlays`` and what was done, in a player's
words; the setup with the new list is loaded (so laid) before it is answered,
so a refusal is a SetupError and a setup the page keeps always loads.
Orientations turn clockwise on the screen, flipped boards too (a flip turns a
board half round: clockwise stays clockwise), from an overlay's orientation a
(``pycore.terrain.overlays.orientation``).
"""
from __future__ import annotations

from typing import Any, Callable

from .. import geometry as g
from ..errors import SetupError
from ..terrain import overlays
from ..terrain.vasl.library import Library
from ..terrain.vasl.overlay import ORIENTATIONS, Overlay
from .overlays import board_hex, board_of, find_source

# The six neighbours of a hex, clockwise on the map from straight up (lattice offsets).
CLOCKWISE = ((0, -2), (3, -1), (3, 1), (0, 2), (-3, 1), (-3, -1))
KINDS = ("lay", "tap", "turn", "remove")


def edit(setup: Any, change: Any, load: Callable[[Any], Any], library: Library) -> dict:
    """``change`` applied to ``setup``'s ``map.overlays`` (``load``: a setup
    loaded with ``library``'s boards and overlays): ``{"overlays": [...], "index": i or None,
    "said": words}``. ``change`` is one of ``{"lay": {"overlay", "source",
    "hex"}}``, ``{"tap": i, "hex": name}``, ``{"turn": i}``, ``{"remove": i}``."""
    if not isinstance(setup, dict) or not isinstance(setup.get("map"), dict):
        raise SetupError("setup: overlays lie on a map of imported boards (map.boards)")
    if not isinstance(change, dict) or sum(k in change for k in KINDS) != 1:
        raise SetupError("overlay edit: expected one of lay, tap, turn or remove")
    loaded = load(setup)
    if loaded.layout is None:
        raise SetupError("map.overlays: overlays lie on imported boards: make a map of boards "
                         "from your board files first")
    entries = [p.spec(loaded.layout) for p in loaded.overlays]
    if "lay" in change:
        index, said = _lay(loaded, library, entries, change["lay"])
    else:
        index = _index(change[next(k for k in KINDS if k in change)], entries)
        if "remove" in change:
            gone = entries.pop(index)
            return _checked(setup, entries, None, f"{gone['overlay']} removed from {gone['hex']}.",
                            load)
        p = loaded.overlays[index]
        ovr = library.overlays(p.source).overlays[p.overlay]
        if "turn" in change:
            said = _turn(loaded, p, ovr, entries[index])
        else:
            said = _tap(loaded, p, ovr, entries[index], change.get("hex"))
    return _checked(setup, entries, index, said, load)


def _checked(setup: dict, entries: list, index: int | None, said: str, load: Callable) -> dict:
    new = {**setup, "map": {k: v for k, v in setup["map"].items() if k != "overlays"}}
    if entries:
        new["map"]["overlays"] = entries
    load(new)                                   # laid: refused here, never kept broken
    return {"overlays": entries, "index": index, "said": said}


def _index(value: Any, entries: list) -> int:
    if type(value) is not int or not 0 <= value < len(entries):
        raise SetupError("overlay edit: no such overlay on the map (it was removed meanwhile)")
    return value


def _hex(loaded: Any, name: Any, what: str) -> g.Hex:
    if not isinstance(name, str):
        raise SetupError(f"{what}: a hex name, e.g. 12Q4")
    return board_hex(name, what, loaded.names, loaded.layout)


def _lay(loaded: Any, library: Library, entries: list, spec: Any) -> tuple[int, str]:
    if not isinstance(spec, dict) or not isinstance(spec.get("overlay"), str):
        raise SetupError("overlay edit: lay needs the overlay's name and the hex to lay it on")
    h = _hex(loaded, spec.get("hex"), "overlay's hex")
    label = spec["overlay"].strip().upper()
    source = spec.get("source")
    if source is None:
        source = find_source(label, library, "")
    entry: dict = {"overlay": label, "source": source, "hex": loaded.names.hex(h)}
    ovr = library.overlays(source, "overlay's file").overlays.get(entry["overlay"])
    if ovr is None:
        raise SetupError(f"overlay {entry['overlay']} is not in {library.overlays(source).file}")
    if ovr.single or ovr.place_at is not None:
        entries.append(entry)
        return len(entries) - 1, _laid_words(entry, ovr)
    toward = _next(loaded, h, ovr, board=board_of(loaded.layout, entry["hex"], h), after=None)
    entry["toward"] = loaded.names.hex(toward)
    entries.append(entry)
    return len(entries) - 1, _laid_words(entry, ovr) + " Tap the hex next to it that it points " \
        "to, or Turn it."


def _laid_words(entry: dict, ovr: Overlay) -> str:
    if ovr.place_at is not None:
        return f"{entry['overlay']} laid where its file places it (it fits one place only)."
    if "toward" in entry:
        return f"{entry['overlay']} laid on {entry['hex']}, pointing toward {entry['toward']}."
    return f"{entry['overlay']} laid on {entry['hex']} (a one-hex overlay: one orientation)."


def _can_lay(ovr: Overlay, side: str) -> bool:
    k = ORIENTATIONS.index(side)
    return side in ovr.images and ovr.origins[k] is not None


def _next(loaded: Any, h: g.Hex, ovr: Overlay, board: Any, after: g.Hex | None) -> g.Hex:
    """The neighbour of ``h`` on the map, clockwise after ``after`` (from straight
    up on the screen when None), toward which ``ovr`` can be laid."""
    around = [g.Hex((h[0] + dx, h[1] + dy)) for dx, dy in CLOCKWISE]
    start = around.index(after) + 1 if after in around else 0
    for k in range(6):
        n = around[(start + k) % 6]
        if loaded.layout.holders(n) and _can_lay(ovr, overlays.orientation(board.to_local(h),
                                                                            board.to_local(n))):
            return n
    raise SetupError(f"{ovr.label} cannot be laid on {loaded.names.hex(h)}: its file has no "
                     "image for any direction from there")


def _turn(loaded: Any, p: overlays.Placement, ovr: Overlay, entry: dict) -> str:
    if ovr.single or ovr.place_at is not None or p.toward is None:
        return f"{entry['overlay']} has one orientation only: it does not turn."
    board = loaded.layout.by_label[p.board]
    toward = _next(loaded, p.hex, ovr, board, after=p.toward)
    entry["toward"] = loaded.names.hex(toward)
    return f"{entry['overlay']} turned: pointing toward {entry['toward']}."


def _tap(loaded: Any, p: overlays.Placement, ovr: Overlay, entry: dict, name: Any) -> str:
    """A hex next to the overlay's anchor: it points there; any other: it moves
    there, pointing the same way where it can."""
    h = _hex(loaded, name, "tapped hex")
    if h == p.hex:
        return f"{entry['overlay']} is anchored on {entry['hex']}: tap the hex next to it that " \
            "it points to, or another hex to move it there."
    if g.are_adjacent(h, p.hex) and (ovr.single or ovr.place_at is not None):
        return f"{entry['overlay']} has one orientation: it lies on {entry['hex']} whichever " \
            "way it points (a card's second hex changes nothing); tap a hex further off to move it."
    if g.are_adjacent(h, p.hex):
        board = loaded.layout.by_label[p.board]
        side = overlays.orientation(board.to_local(p.hex), board.to_local(h))
        if not _can_lay(ovr, side):
            raise SetupError(f"{entry['overlay']} cannot point toward {loaded.names.hex(h)}: its "
                             f"file has no image for that direction; tap another hex next to "
                             f"{entry['hex']}, or Turn it")
        entry["toward"] = loaded.names.hex(h)
        return f"{entry['overlay']} now points toward {entry['toward']}."
    entry["hex"] = loaded.names.hex(h)
    if "toward" in entry and p.toward is not None:
        board = board_of(loaded.layout, entry["hex"], h)
        same = g.Hex((h[0] + p.toward[0] - p.hex[0], h[1] + p.toward[1] - p.hex[1]))
        keep = loaded.layout.holders(same) and \
            _can_lay(ovr, overlays.orientation(board.to_local(h), board.to_local(same)))
        toward = same if keep else _next(loaded, h, ovr, board, after=None)
        entry["toward"] = loaded.names.hex(toward)
        return f"{entry['overlay']} moved to {entry['hex']}, pointing toward {entry['toward']}."
    return f"{entry['overlay']} moved to {entry['hex']}."
