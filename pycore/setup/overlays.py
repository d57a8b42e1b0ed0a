"""The setup's ``map.overlays``: overlays laid on its imported boards, read
and written (docs/contract.md "Overlays"; pycore.terrain.overlays lays them).

``[{"overlay": "X1", "source": "vasl-ovr:X:4:...", "hex": "12Q4", "toward": "12Q5"}]``:
``hex`` the hex the overlay is anchored on, ``toward`` the hex next to it that
its second anchor lies in (left out for a one-hex overlay). A link carries
the reference, never the overlay: a missing file raises SetupError naming it.
"""
from __future__ import annotations

from typing import Any

from .. import geometry as g
from ..errors import SetupError
from ..geometry.boards import Layout
from ..terrain.overlays import Placement
from ..terrain.vasl.library import Library
from .fields import hex_name, need, shown, str_field

MAX_OVERLAYS = 64
_KEYS = ("overlay", "source", "hex", "toward")


def load_overlays(value: Any, layout: Layout | None, names: g.Names, library: Library
                  ) -> tuple[Placement, ...]:
    if value is None:
        return ()
    items = need(value, list, "map.overlays")
    if items and layout is None:
        raise SetupError("map.overlays: overlays lie on imported boards: give the map as "
                         "map.boards, with each board's file imported")
    if len(items) > MAX_OVERLAYS:
        raise SetupError(f"map.overlays: more than {MAX_OVERLAYS} overlays")
    assert layout is not None or not items
    return tuple(_one(item, f"map.overlays[{i}]", layout, names, library)   # type: ignore[arg-type]
                 for i, item in enumerate(items))


def _one(item: Any, path: str, layout: Layout, names: g.Names, library: Library) -> Placement:
    d = need(item, dict, path)
    unknown = [k for k in d if k not in _KEYS]
    if unknown:
        raise SetupError(f"{path}: unknown field {shown(unknown[0])} (an overlay has "
                         "\"overlay\", \"source\", \"hex\" and \"toward\")")
    if "overlay" not in d:
        raise SetupError(f"{path}.overlay: missing (the overlay's name, e.g. \"X1\")")
    label = str_field(d["overlay"], f"{path}.overlay").strip().upper()
    source = d.get("source")
    if source is None:
        source = find_source(label, library, path)
    found = library.overlays(source, f"{path}.source")
    ovr = found.overlays.get(label)
    if ovr is None:
        raise SetupError(f"{path}.overlay: {label} is not in {found.file} (it holds "
                         f"{', '.join(list(found.overlays)[:12])})")
    if "hex" not in d:
        raise SetupError(f"{path}.hex: missing (the hex the overlay is anchored on, e.g. 12Q4)")
    text = str_field(d["hex"], f"{path}.hex")
    h = board_hex(text, f"{path}.hex", names, layout)
    board = board_of(layout, text, h)
    if board.source is None:
        raise SetupError(f"{path}.hex: board {board.label} is not imported: an overlay is laid "
                         f"on a board's own file (import bd{board.label})")
    toward = None
    if d.get("toward") is not None:
        toward = hex_name(str_field(d["toward"], f"{path}.toward"), f"{path}.toward", names)
        if toward != h and not g.are_adjacent(h, toward):
            raise SetupError(f"{path}.toward: {names.hex(toward)} is not next to "
                             f"{names.hex(h)}: give the hex next to it that the overlay's "
                             "second anchor lies in")
    elif not ovr.single and ovr.place_at is None:
        raise SetupError(f"{path}.toward: missing: {label} covers several hexes; give the hex "
                         f"next to {names.hex(h)} its second anchor lies in (as on the "
                         "scenario card, e.g. X1 on 12Q4-Q5)")
    return Placement(label, source, h, None if ovr.single else toward, board.label)


def find_source(label: str, library: Library, path: str) -> str:
    """The newest imported archive holding overlay ``label``."""
    from ..terrain.vasl.overlay import family        # with the first overlay file, as the library
    for source in reversed(library.overlay_sources()):
        if label in library.overlays(source).overlays:
            return source
    raise SetupError(f"{path + ': ' if path else ''}overlay {label} is not on this device: "
                     f"import ovr{family(label)}")


def board_hex(text: str, path: str, names: g.Names, layout: Layout) -> g.Hex:
    """The hex ``text`` names, on one of the map's boards, or SetupError naming ``path``."""
    h = hex_name(text, path, names)
    if not layout.holders(h):
        raise SetupError(f"{path}: {text.strip()} is not a hex of the map's boards")
    return h


def board_of(layout: Layout, text: str, h: g.Hex) -> Any:
    """The board an overlay anchored on ``h`` lies on: the one its name names."""
    holders = layout.holders(h)
    named = [b for b in holders if text.strip().upper().startswith(b.label.upper())]
    return max(named, key=lambda b: len(b.label)) if named else holders[0]


def dump_overlays(placements: tuple[Placement, ...], layout: Layout) -> list:
    return [p.spec(layout) for p in placements]
