"""The SVG hex map, drawn with svgwrite from ``pycore.geometry`` alone.

``map_svg(setup, los=None, overlay=None, selected=None)`` is a plain function
of the state (like python-chess's ``chess.svg``). Every hex, hexside and
vertex is an element carrying its contract name (``data-hex="Z9"``,
``data-hexside="Y8-Y9"``, ``data-vertex="Y8-Y9-Z8"``) and its pixel position
(``data-cx``/``data-cy``), so the page addresses clicks and places counters by
name and never computes a coordinate itself. Terrain and levels are data
attributes styled by the embedded sheet (``web.mapstyle``), so the page
repaints a hex by setting one attribute.

The three big layers (hexes, hexsides, vertices: 29,000 elements on a 132 x 20
map) are written as XML text, and only the document's frame, its style and the
few units and marks are svgwrite elements: an svgwrite element costs about
20 us to build and serialize, so the big map drew in 1 s on CPython and 2 s in
the page. Both write the same elements; a string from the setup is escaped
where it is written.

Each of those layers is grouped in tiles of about one board (``<g
class="tile">``, ``TILE``). The page moves each tile into an SVG of its own
(``static/ui/mapview.js``): Chromium repaints a whole SVG for any change in
it, 28-32 ms for a 4 x 2 map, 3 ms for one tile.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

import svgwrite

from pycore import api, geometry
from pycore.errors import SetupError

from . import mapstyle, marks
from .frame import (U, Pixels, board_layer, edge, escape, fmt, hexside_point, map_rect, root_attrs,
                    tag, view_box)

STEP = 200       # hexes, hexsides or vertices drawn between two pauses (map_svg_steps)
TILE = (100, 21)  # lattice units across and down: a board's 33 columns (3 apart), 10 rows (2 apart)


def ground_class(level: int) -> str:
    """Base level (B10 hills; B19 gullies are terrain) as the clamped ``data-ground`` tint key."""
    return str(max(-1, min(4, level)))


def _hex_specs(setup: dict, names: geometry.Names) -> dict:
    """Hex name (canonical) -> its setup entry."""
    return {names.hex(names.parse_hex(k)): v for k, v in setup.get("hexes", {}).items()}


def _hexside_specs(setup: dict, names: geometry.Names) -> dict:
    """Hexside name (canonical) -> {"type": ..., flags} for every hexside entry."""
    out = {}
    for k, v in setup.get("hexsides", {}).items():
        spec = {"type": v} if isinstance(v, str) else dict(v)
        out[names.hexside(names.parse_hexside(k))] = spec
    return out


def _grid_parts(grid) -> Generator[None, None, tuple]:
    """The grid's hexes, and its hexsides and vertices, each once, in a stable
    order (in steps, ``map_svg_steps``)."""
    hexes = list(grid.hexes())
    sides: dict[geometry.Hexside, None] = {}
    verts: dict[geometry.Vertex, None] = {}
    for i, h in enumerate(hexes):
        if i % STEP == STEP - 1:
            yield
        for s in geometry.hexsides_of(h):
            if all(grid.contains(x) for x in s):
                sides.setdefault(s, None)
        for v in geometry.hex_vertices(h):
            verts.setdefault(v, None)
    return hexes, list(sides), list(verts)


def _data(attrs: dict) -> dict:
    """Data attributes: ``None``/``False`` left out, ``True`` written as "true"."""
    return {"data-" + k.replace("_", "-"): "true" if v is True else str(v)
            for k, v in attrs.items() if v is not None and v is not False}


def _draw_hex(h, name, spec, pix: Pixels, state) -> str:
    (x, y), _ = pix[h]
    cx, cy = fmt(x), fmt(y)
    attrs = {"class": "hex", "data-hex": name, "data-cx": cx, "data-cy": cy,
             "data-ground": ground_class(spec.get("level", 0))}
    if spec.get("terrain", "open") != "open":
        attrs["data-terrain"] = escape(spec["terrain"])
    attrs.update(_data(state))
    corners = [pix[v] for v in geometry.hex_vertices(h)]
    shape = " ".join(text for _, text in corners)
    top = fmt(round(min(xy[1] for xy, _ in corners) + 8, 2))
    return tag("g", attrs,
                f'<polygon class="hex-ground" points="{shape}"/>'
                f'<polygon class="hex-terrain" points="{shape}"/>'
                f'<polygon class="hex-shade" points="{shape}"/>'
                f'<text class="hex-name" x="{cx}" y="{top}">{name}</text>'
                f'<text class="hex-info" x="{cx}" y="{fmt(round(y + 3.5, 2))}">'
                f'{escape(marks.hex_info(spec))}</text>')


def _draw_hexside(s, name, spec, pix: Pixels, state) -> tuple[str, tuple]:
    """The hexside's element, and its midpoint."""
    (x1, y1), (x2, y2) = (pix[p][0] for p in geometry.hexside_ends(s))
    mid = hexside_point(pix, s)
    cx, cy = fmt(mid[0]), fmt(mid[1])
    attrs = {"class": "hexside", "data-hexside": name, "data-cx": cx, "data-cy": cy}
    if spec:
        attrs.update(_data({"type": spec.get("type") and escape(spec["type"]),
                            "hillside": bool(spec.get("hillside")), "gap": bool(spec.get("gap"))}))
    attrs.update(_data(state))
    # One element per hexside (7,600 on 4 x 2 boards), styled by its data
    # attributes; pathLength: so the B9.3 gap's dashes are a share of the hexside.
    attrs.update({"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2), "pathLength": "100"})
    return tag("line", attrs), mid


class _Tiles(dict):
    """Elements in drawing order, grouped by the tile (``TILE``) that holds
    the lattice point each is drawn at (a hexside: its first hex); a point
    beyond the map's hexes (a vertex on its edge) goes to the nearest tile.

    Each tile is written with the box that holds its elements: the tile's
    part of the map's hexes' centres, and a margin (``MARGIN``) for a hex
    round each (a vertex or hexside lies within one of a centre) and the
    widest stroke. It is ``data-box`` (the tile's viewBox) and ``data-at``
    (its corner from the map's viewBox corner, in pixels), so the page gives
    each tile's SVG its place without computing one, and a tap is hit-tested
    only in the tiles under it."""

    MARGIN = 3  # U: a hex's half width is 2U, its half height 1.73U, a vertex at most 2U past

    def __init__(self, hexes, pix: Pixels, origin):
        super().__init__()
        self.pix, self.origin = pix, origin
        xs, ys = [x for x, _ in hexes] or [0], [y for _, y in hexes] or [0]
        self.low, self.high = (min(xs), min(ys)), (max(xs), max(ys))
        self.last = (self.high[1] // TILE[1], self.high[0] // TILE[0])

    def add(self, point, text: str) -> None:
        x, y = point
        key = (min(max(y // TILE[1], 0), self.last[0]), min(max(x // TILE[0], 0), self.last[1]))
        self.setdefault(key, []).append(text)

    def __str__(self) -> str:
        out = []
        m = self.MARGIN * self.pix.u
        (lx, ly), (hx, hy) = self.low, self.high
        for row, col in sorted(self):
            (x0, y0), _ = self.pix[(max(col * TILE[0], lx), max(row * TILE[1], ly))]
            (x1, y1), _ = self.pix[(min(col * TILE[0] + TILE[0] - 1, hx), min(row * TILE[1] + TILE[1] - 1, hy))]
            box = " ".join(fmt(v) for v in (x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m))
            at = f"{fmt(x0 - m - self.origin[0])} {fmt(y0 - m - self.origin[1])}"
            out.append(f'<g class="tile" data-box="{box}" data-at="{at}">{"".join(self[row, col])}</g>')
        return "".join(out)


def map_svg(setup: Any, los: dict | None = None, overlay: dict | None = None,
            selected: str | None = None, unit: float = U, region=None, counters: bool = True,
            *, session: Any = None) -> str:
    """The map of ``setup`` as an SVG document string.

    ``los``: a ``pycore.api.los``/``fire`` result with ``viewer`` and ``target``
    added (as passed to the API); its thread is drawn coloured clear, hindered
    or blocked, with the blocking hex, hexside or vertex marked.
    ``overlay``: a ``pycore.api.visibility`` result; hexes out of LOS are
    shaded, hindered ones tinted.
    ``selected``: a unit id or hex name to highlight.
    ``counters``: False leaves out the counters and the thread: the page draws
    those itself (static/ui/mapview.js); these are for exports and the card.
    ``region``: ``(x, y, width, height)`` in the map's pixels: only the hexes
    (and their hexsides, vertices and units) near it are drawn, so a crop of
    a large map (the ruling card, web/card.py) costs what it shows.
    """
    return api.finish(map_svg_steps(setup, los, overlay, selected, unit, region, counters, session=session))


def map_svg_steps(setup: Any, los: dict | None = None, overlay: dict | None = None,
                  selected: str | None = None, unit: float = U, region=None,
                  counters: bool = True, *, session: Any = None) -> Generator[None, None, str]:
    """``map_svg`` in steps: pauses (yields None) after each ``STEP`` hexes,
    hexsides or vertices drawn, and returns the same SVG (a 132 x 80
    map of an old link takes seconds, and the page's worker answers rulings
    and saves between steps; web.bridge)."""
    loaded = api.load(setup, session=session)

    def steps() -> Generator[None, None, str]:
        # The page's grid (counters=False) gets the terrain painted by the page.
        data = _drawn(loaded, session) if counters else loaded.to_dict()
        return (yield from _map_svg(loaded, data, los, overlay, selected, unit, region, counters))
    return (yield from steps())


def _drawn(loaded, session: Any) -> dict:
    """The setup as drawn: its terrain after every layer (the boards, the
    SSRs, its own entries: ``pycore.api.map_terrain``), its units as they are."""
    data = loaded.to_dict()
    if not loaded.layers.corrections and not loaded.ssr_changed:
        return data
    terrain = api.map_terrain(loaded, session=session)
    return {**data, "hexes": terrain["hexes"], "hexsides": terrain["hexsides"]}


def _map_svg(loaded, data: dict, los, overlay, selected, unit: float, region,
             counters) -> Generator[None, None, str]:
    grid = loaded.grid
    hexes, sides, verts = yield from _grid_parts(grid)
    rect = map_rect(hexes, unit)
    if region is not None:
        hexes, sides, verts, data = _within(region, unit, hexes, sides, verts, data, loaded.names)
    dwg = _drawing(data, grid, rect, unit)
    is_unit = any(u.get("id") == selected for u in data.get("units", []))
    state = _checked("los, overlay or selected", _state_marks, overlay, None if is_unit else selected, los,
                     loaded.names)

    specs = _hex_specs(data, loaded.names)
    pix = Pixels(unit)
    positions = marks.Positions(loaded.names)
    origin = view_box(rect, unit)[:2]
    drawn_hexes, drawn_sides = _Tiles(hexes, pix, origin), _Tiles(hexes, pix, origin)
    for i, h in enumerate(hexes):
        if i % STEP == STEP - 1:
            yield
        name = loaded.names.hex(h)
        positions[name] = pix[h][0]
        drawn_hexes.add(h, _draw_hex(h, name, specs.get(name, {}), pix, state.get(name, {})))
    side_specs = _hexside_specs(data, loaded.names)
    for i, s in enumerate(sides):
        if i % STEP == STEP - 1:
            yield
        name = loaded.names.hexside(s)
        drawn, positions[name] = _draw_hexside(s, name, side_specs.get(name), pix, state.get(name, {}))
        drawn_sides.add(s[0], drawn)
    parts = [f'<g class="board" clip-path="url(#map-clip)"><g class="hexes">{drawn_hexes}</g>'
             f'<g class="hexsides">{drawn_sides}</g></g>']
    parts.append(edge(rect))
    if loaded.layout is not None:
        parts.append(board_layer(loaded.layout, pix))
    parts.append((yield from _vertex_layer(verts, _Tiles(hexes, pix, origin), rect, pix, state,
                                           positions)))
    if counters:
        parts.append(marks.unit_layer(dwg, data, positions, selected).tostring())
    if los and counters:
        parts.append(_checked("los", marks.los_layer, dwg, data, los, positions).tostring())
    frame = dwg.tostring()
    assert frame.endswith("</svg>")
    return frame[:-len("</svg>")] + "".join(parts) + "</svg>"


def _within(region, unit: float, hexes, sides, verts, data: dict, names: geometry.Names):
    """The parts of the map whose hexes' centres lie within one hex of ``region``."""
    x, y, w, h = region
    near = 4 * unit
    kept = {hx for hx in hexes if x - near <= geometry.pixel(hx, unit)[0] <= x + w + near
            and y - near <= geometry.pixel(hx, unit)[1] <= y + h + near}
    units = [u for u in data.get("units", []) if names.parse_hex(u["hex"]) in kept]
    return ([hx for hx in hexes if hx in kept], [s for s in sides if set(s) <= kept],
            [v for v in verts if kept.intersection(geometry.vertex_hexes(v))],
            {**data, "units": units})


def _checked(field: str, fn, *args):
    """Run fn; a bad name or unit id in the drawing options is a SetupError naming ``field``."""
    try:
        return fn(*args)
    except SetupError:
        raise
    except (ValueError, KeyError, StopIteration, TypeError, AttributeError) as exc:
        raise SetupError(f"{field}: {exc or type(exc).__name__}") from None


def _drawing(data: dict, grid, rect, unit: float) -> svgwrite.Drawing:
    """An empty map document: viewBox round the board, its style, the clip of its edges."""
    x0, y0, x1, y1 = rect
    dwg = svgwrite.Drawing(size=None, debug=False, profile="full")
    dwg.attribs.update({"class": "asl-map", **root_attrs(data, grid, rect, unit)})
    mapstyle.add_defs(dwg)
    clip = dwg.defs.add(dwg.clipPath(id="map-clip"))
    clip.add(dwg.rect((x0, y0), (x1 - x0, y1 - y0)))
    return dwg


def _vertex_layer(verts, drawn: _Tiles, rect, pix: Pixels, state: dict,
                  positions: marks.Positions) -> Generator[None, None, str]:
    """Vertex targets (for Bypass and Snap Shot LOS, A6.12/B9.42), those on the map only,
    in the tiles ``drawn``."""
    x0, y0, x1, y1 = rect
    r = fmt(pix.u * 0.45)
    for i, v in enumerate(verts):
        if i % STEP == STEP - 1:
            yield
        (x, y), _ = pix[v]
        try:
            name = positions.names.vertex(v)
        except ValueError:
            continue  # beside column A of a map one column wide (frame.map_rect): no name
        positions[name] = (x, y)   # a unit's vertex there is marked, drawn or not
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            continue  # cut off by the map's edge: no target to tap
        cx, cy = fmt(x), fmt(y)
        drawn.add(v, tag("circle", {"cx": cx, "cy": cy, "r": r, "class": "vertex", "data-vertex": name,
                                     "data-cx": cx, "data-cy": cy, **_data(state.get(name, {}))}))
    return f'<g class="vertices">{drawn}</g>'


def _state_marks(overlay, selected, los, names: geometry.Names) -> dict:
    """Element name -> data attributes for the visibility overlay, selection and point of block."""
    state: dict = {}
    for name, seen in (overlay or {}).get("hexes", {}).items():
        vis = ("hindered" if seen.get("hindrance") else "seen") if seen.get("los") else "unseen"
        state.setdefault(marks.canonical(name, names), {})["vis"] = vis
    if selected is not None:
        state.setdefault(marks.canonical(selected, names), {})["selected"] = True
    if (los or {}).get("blocked_at"):
        state.setdefault(marks.canonical(los["blocked_at"], names), {})["block"] = True
    return state
