"""The map's frame in pixels, shared by the full drawing (``web.render``) and
the first-paint preview (``web.preview``): the scale, the map's edges and
viewBox, the root's data attributes, and the board edges of a layout.

Plain text from ``pycore.geometry``, no svgwrite: the preview is drawn before
svgwrite is loaded (static/worker.js).
"""
from __future__ import annotations

import json
import math

from pycore import geometry

U = 12  # pixels per lattice x unit: a hex is 4U = 48 px wide, 2*sqrt(3)*U = 41.6 px high


def fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


class Pixels(dict):
    """Lattice point -> ((x, y) rounded to 0.01 px, its "x,y" text), each
    computed once: a vertex is shared by three hexes, three hexsides and its
    own target."""

    def __init__(self, u: float):
        super().__init__()
        self.u = u

    def __missing__(self, point):
        x, y = (round(c, 2) for c in geometry.pixel(point, self.u))
        got = self[point] = ((x, y), f"{fmt(x)},{fmt(y)}")
        return got


def hexside_point(pix: Pixels, s: geometry.Hexside) -> tuple[float, float]:
    """Where a hexside is drawn and addressed (its ``data-cx``/``data-cy``):
    its midpoint, rounded as written."""
    (x1, y1), (x2, y2) = (pix[p][0] for p in geometry.hexside_ends(s))
    return float(fmt((x1 + x2) / 2)), float(fmt((y1 + y2) / 2))


def escape(text: str) -> str:
    """``html.escape(text)``: a string for an attribute or an element's text.
    Importing ``html`` builds its table of 2,231 named characters, 18 ms of the
    worker's start in Pyodide (web.marks, which the page asks before its first
    click, uses this module)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def tag(name: str, attrs: dict, body: str | None = None) -> str:
    """One element as XML text. Values and body are written as given: numbers
    and geometry names need no escaping, and every other string goes through
    ``escape`` where it is put in (terrain, hexside type, hex text)."""
    head = name + "".join(f' {k}="{v}"' for k, v in attrs.items())
    return f"<{head}/>" if body is None else f"<{head}>{body}</{name}>"


def map_rect(hexes, u: float):
    """The map's edges: the board is cut through the centres of its edge hexes.

    A map one column wide (or one hex high) would have no width (or height)
    that way: it is then as wide as its hexes (a hex is 4u wide and
    2*sqrt(3)*u high), so a 1 x 1 map shows its one hex."""
    xs, ys = zip(*(geometry.pixel(h, u) for h in hexes))
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    if x0 == x1:
        x0, x1 = x0 - 2 * u, x1 + 2 * u
    if y0 == y1:
        y0, y1 = y0 - math.sqrt(3) * u, y1 + math.sqrt(3) * u
    return x0, y0, x1, y1


def view_box(rect, unit: float) -> tuple[float, float, float, float]:
    """The map's viewBox: its edges and half a hexside round them."""
    x0, y0, x1, y1 = rect
    pad = unit * 0.5
    return x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad


def root_attrs(data: dict, grid, rect, unit: float) -> dict:
    """The root ``<svg>``'s viewBox and the map it is of: its size, and its
    board or boards (names then carry board prefixes)."""
    attrs = {"viewBox": " ".join(fmt(v) for v in view_box(rect, unit)),
             "data-columns": str(grid.columns), "data-rows": str(grid.rows)}
    if data["map"].get("board") is not None:
        attrs["data-board"] = str(data["map"]["board"])
    if data["map"].get("boards") is not None:
        attrs["data-boards"] = json.dumps(data["map"]["boards"], separators=(",", ":"))
    return attrs


def rect_attrs(rect) -> dict:
    """A ``<rect>``'s place and size, from (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = rect
    return {"x": fmt(x0), "y": fmt(y0), "width": fmt(x1 - x0), "height": fmt(y1 - y0)}


def edge(rect) -> str:
    """The map's edge, drawn over its hexes."""
    return tag("rect", {"class": "map-edge", **rect_attrs(rect)})


def board_layer(layout, pix: Pixels) -> str:
    """Each board's edges and its label, from ``pycore.geometry.boards``."""
    parts = ['<g class="boards">']
    for board in layout.boards:
        (x0, y0), _ = pix[board.box()[0]]
        (x1, y1), _ = pix[board.box()[1]]
        label = escape(board.label) + (" (flipped)" if board.flip else "")
        parts.append(tag("g", {"class": "board-edge", "data-board": escape(board.label)},
                         tag("rect", rect_attrs((x0, y0, x1, y1)))
                         + tag("text", {"x": fmt(x0 + 6), "y": fmt(y0 + 22)}, label)))
    parts.append("</g>")
    return "".join(parts)
