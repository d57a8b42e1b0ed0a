"""A light picture of a map's grid, shown while its drawing is made.

``web.render`` draws a map of 4 x 2 boards as 29,000 elements (3 MB): about
half a second in Python in the page, and as long again for the page to parse,
lay out and paint it. This draws the same map's frame (its viewBox, edges and
board edges and labels, the size and boards the page checks) and every hex's
outline as one path, 190 KB, in a few tens of milliseconds: the page shows
it at once, then swaps in the drawing, whose hexes lie exactly on it.

Nothing in it can be tapped, and it names nothing: it is a picture. It is
plain text from ``pycore.geometry`` (``web.frame``), so it is drawn before
svgwrite is loaded.
"""
from __future__ import annotations

from typing import Any

from pycore import api, geometry

from . import mapstyle
from .frame import U, Pixels, board_layer, edge, escape, map_rect, rect_attrs, root_attrs, tag

STYLE = (f".grid-outline{{fill:{mapstyle.GROUND_FILLS['0']};{mapstyle.GRID_STROKE}}}"
         + mapstyle.FRAME_CSS)


def map_preview(setup: Any, unit: float = U, *, session: Any = None) -> str:
    """The preview of ``setup``'s map as an SVG document string (its hexes'
    terrain and units are not in it: the page paints those on the drawing)."""
    loaded = api.load(setup, session=session)
    data = loaded.to_dict()
    hexes = list(loaded.grid.hexes())
    rect = map_rect(hexes, unit)
    pix = Pixels(unit)
    outline = []
    for h in hexes:
        first, *rest = (pix[v][1] for v in geometry.hex_vertices(h))
        outline.append(f"M{first}L{' '.join(rest)}Z")
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "class": "map-preview",
             **{k: escape(v) for k, v in root_attrs(data, loaded.grid, rect, unit).items()}}
    clip = tag("clipPath", {"id": "preview-clip"}, tag("rect", rect_attrs(rect)))  # cut through the edge hexes
    body = (tag("style", {}, STYLE) + tag("defs", {}, clip)
            + tag("path", {"class": "grid-outline", "clip-path": "url(#preview-clip)", "d": "".join(outline)})
            + edge(rect) + (board_layer(loaded.layout, pix) if loaded.layout is not None else ""))
    return tag("svg", attrs, body)
