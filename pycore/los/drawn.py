"""Obstacles where an imported board draws them (A6.1; issue 20).

On a map of imported boards (``map.boards`` entries with a ``source``), a hex
the player has not painted and whose woods or building covers only part of
it (``pycore.vasl.layers``: a *partial* hex) is judged on its depiction: the
thread meets the obstacle only where it passes through the drawn pixels,
with the obstruction on both sides of it (``pycore.depiction.met``). Every
other hex, and every painted map, is judged whole, as before.

A seam hex takes the pixels of each imported board holding it, each in that
board's own frame (a flipped board's frame turned with it).
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from .. import geometry as g
from ..boards import Board
from ..depiction import Columns, met
from ..setup import Setup
from ..vasl import grid, layers, library

class Drawn(NamedTuple):
    """A partial hex: per board holding it, (board placement, layer columns)."""
    parts: tuple[tuple[Board, Columns], ...]
    kind: str            # what is drawn: "woods", "building" or "hill"

    def met(self, a: g.Point, b: g.Point) -> int:
        """The obstacle height (half levels above the hex's base) the segment a-b
        passes through, 0 where it passes beside the drawing."""
        best = 0
        for board, cols in self.parts:
            qa = grid.quarter(board.to_local(g.Hex(a)))   # to_local moves any point
            qb = grid.quarter(board.to_local(g.Hex(b)))
            best = max(best, met(cols, qa, qb))
        return best


def ground(s: Setup, h: g.Hex) -> Drawn | None:
    """Hex ``h``'s ground where a crest line is drawn across it (levels per
    pixel, pycore.vasl.layers.ground_layer); None where it is judged whole."""
    layout = s.layout
    if layout is None or not layout.sources:
        return None
    cache: dict[g.Hex, Drawn | None] = s.cache.setdefault("drawn_ground", {})
    if h in cache:
        return cache[h]
    got = None
    if s.own is None or h not in s.own[0]:
        found = [(b, layers.ground_layer(library.get(b.source), b.to_local(h)))
                 for b in layout.holders(h) if b.source is not None]
        if len(found) == 1 and found[0][1].columns is not None:
            got = Drawn(((found[0][0], found[0][1].columns),), "hill")
    cache[h] = got
    return got


def partial(s: Setup, h: g.Hex) -> Drawn | None:
    """Hex ``h``'s depiction where it is partial and the rules follow it; None
    where the hex is judged whole (painted, the player's entry, drawn whole)."""
    layout = s.layout
    if layout is None or not layout.sources:
        return None
    cache: dict[g.Hex, Drawn | None] = s.cache.setdefault("drawn", {})
    if h in cache:
        return cache[h]
    got = None
    if s.own is None or h not in s.own[0]:
        found = [(b, layers.layer(library.get(b.source), b.to_local(h)))
                 for b in layout.holders(h) if b.source is not None]
        wholes = {lay.whole for _, lay in found}
        if found and (None in wholes or len(wholes) > 1):
            parts = tuple((b, lay.columns if lay.columns is not None
                           else layers.filled(b.to_local(h), lay.whole or 0))
                          for b, lay in found)
            top = max((v for _, cols in parts for runs in cols.values() for _, _, v in runs),
                      default=0)
            got = Drawn(parts, "building" if top % 2 else "woods")
    cache[h] = got
    return got


def said(d: Drawn, h: g.Hex) -> str:
    return f"the {d.kind} drawn in {g.hex_name(h)}"


def beside(d: Drawn, h: g.Hex, on_side: bool = False) -> str:
    side = " on that side" if on_side else ""
    what = said(d, h)
    return f"{what[0].upper()}{what[1:]} lies beside the thread: open{side} (A6.1)."


def any_partial(s: Setup, hexes: Sequence[g.Hex]) -> bool:
    return any(partial(s, h) is not None for h in hexes)
