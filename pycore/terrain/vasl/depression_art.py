"""An imported board's Depressions as drawn (B19.2, B20.2, B4.2): the pixels
of a Depression hex that lie outside the Depression's own art.

B19.2: a unit IN a gully sees another gully hex beyond an adjacent one only
where "the LOS can be drawn ... without leaving" the gully's depiction (B20.2
says the same of a stream, B4.2 of a sunken road between its contour lines).
On a board as drawn, that is judged on the pixels (``pycore.rules.los.drawn``):
the thread must pass through none of this layer's pixels, exactly as a thread
meets woods (``pycore.terrain.depiction.met``: a thread along the art's edge,
or grazing its corner, stays on it).

A pixel is the Depression's own where the board draws it below the hex's
level (the bed, and what is drawn down in it: 12CC9's brush, B19.21), where
its code is a gully's or a stream's (a gully run on down a hill is drawn in
its colours at the lower ground's level, B19.5), or where a bridge is drawn
over it (B6: the bed runs on beneath the bridge; in a bridge hex the road
drawn at the hex's level is the bridge's deck and its ends, taken as the
bridge). A sunken road's code counts only below the hex's level: VASL draws
an elevated road's banks in its colours (``layers.ground_layer``).
"""
from __future__ import annotations

from functools import lru_cache

from ... import geometry as g
from . import codes as c
from .layers import Board, Layer, runs_of, pixels
from ..depiction import Run

# codes whose pixels are a Depression's art at any level (a sunken road's only below it)
_ART = (c.DEPRESSIONS - {c.SUNKEN_ROAD}) | c.BRIDGES


@lru_cache(maxsize=None)
def _outside_codes(bridge: bool) -> bytes:
    """bytes.translate table: 0 for the codes of a gully's, a stream's or a
    bridge's art (with ``bridge``, a road's too: the deck), else 1."""
    art = _ART | c.ROADS if bridge else _ART
    return bytes(0 if code in art else 1 for code in range(256))


@lru_cache(maxsize=None)
def _not_below(level: int) -> bytes:
    """bytes.translate table: a pixel's elevation (a signed byte) to 1 where
    it is at or above ``level``, 0 below it (the Depression's bed)."""
    return bytes(0 if (e - 256 if e > 127 else e) < level else 1 for e in range(256))


def outside(board: Board, h: g.Hex) -> Layer:
    """Board-local Depression hex ``h``'s pixels drawn outside its
    Depression (the module's docstring), value 1, as ``Layer.columns``;
    ``Layer(None, None)`` where every pixel of the hex is the Depression's."""
    key = ("outside depression", h)
    got = board.layers.get(key)
    if got is not None:
        return got
    entry = board.reading.hexes.get(h, {})
    elev, codes, gh = board.archive.elevations, board.archive.codes, board.archive.shape.height
    by_code = _outside_codes(bool(entry.get("bridge")))
    by_level = _not_below(entry.get("level", 0))
    out: dict[int, list[Run]] = {}
    for i, j0, j1 in pixels(h, board.archive.shape):
        lo, hi = i * gh + j0, i * gh + j1 + 1
        a, b = codes[lo:hi].translate(by_code), elev[lo:hi].translate(by_level)
        both = (int.from_bytes(a, "big") & int.from_bytes(b, "big")).to_bytes(hi - lo, "big")
        runs = runs_of(both, j0)
        if runs:
            out[i] = runs
    board.layers[key] = got = Layer(None, out) if out else Layer(None, None)
    return got
