"""The map's key: one swatch for each mark the map draws, and what it means.

Each swatch is a small SVG drawn with the map's own classes and data
attributes (``class="hex" data-terrain="woods"``, ``class="hexside"
data-type="wall"``, ...), so the map's stylesheet (``web.mapstyle``) and the
page's (static/style.css) colour it exactly as they colour the map: the key
cannot drift from what it explains. It sits inside the map's section, so it
follows the map's mode too: over a board's own art it shows the thin marks
drawn there. No swatch carries a name (``data-hex`` and the like), so nothing
in it can be taken for a hex of the map.

Written into index.html when the site is built (``buildsite.page``).
"""
from __future__ import annotations

from pycore import api, geometry

from . import mapstyle
from .frame import Pixels, escape, fmt, tag

_PIX = Pixels(4)                      # a hex 16 px wide
_HEX = geometry.PLAIN.parse_hex("B2")
_CORNERS = [_PIX[v] for v in geometry.hex_vertices(_HEX)]
_SHAPE = " ".join(text for _, text in _CORNERS)
_XS = [xy[0] for xy, _ in _CORNERS]
_YS = [xy[1] for xy, _ in _CORNERS]
_HEX_BOX = f"{fmt(min(_XS) - 1)} {fmt(min(_YS) - 1)} {fmt(max(_XS) - min(_XS) + 2)} {fmt(max(_YS) - min(_YS) + 2)}"
MINUS = "\u2212"


def _svg(box: str, body: str) -> str:
    return tag("svg", {"class": "key-swatch", "viewBox": box, "aria-hidden": "true"}, body)


def _data(data: dict[str, str]) -> dict[str, str]:
    """``los_end="true"`` as ``{"data-los-end": "true"}``, as the map writes its marks."""
    return {f"data-{k.replace('_', '-')}": v for k, v in data.items()}


def _hex(**data: str) -> str:
    """A hex as the map draws one (web.render), with these data attributes."""
    attrs = {"class": "hex", "data-ground": "0", **_data(data)}
    return _svg(_HEX_BOX, tag("g", attrs, "".join(
        f'<polygon class="{part}" points="{_SHAPE}"/>'
        for part in ("hex-ground", "hex-terrain", "hex-shade"))))


def _line(cls: str, **data: str) -> str:
    """A hexside or a thread across the swatch (pathLength as the map's hexsides)."""
    attrs = {"class": cls, **_data(data), "x1": "3", "y1": "8", "x2": "37", "y2": "8", "pathLength": "100"}
    return tag("line", attrs)


def _hexside(**data: str) -> str:
    return _svg("0 0 40 16", _line("hexside", **data))


def _thread(status: str) -> str:
    return _svg("0 0 40 16", tag("g", {"class": "los", "data-status": status}, _line("thread")))


def _vertex(**data: str) -> str:
    attrs = {"class": "vertex", **_data(data), "cx": "0", "cy": "0", "r": "3"}
    return _svg("-8 -6 16 12", tag("circle", attrs))


def _unit(**data: str) -> str:
    half = 8
    attrs = {"class": "unit", "data-sidx": "0", **_data(data)}
    return _svg("-10 -10 20 20", tag("g", attrs, tag(
        "rect", {"class": "counter", "x": -half, "y": -half, "width": 2 * half, "height": 2 * half})))


# Terrain a player names otherwise than the setup format does (B21).
_SAID = {"water": "River, pond or canal: a Water Obstacle",
         "stream": "Stream: a gully holding a rivulet"}


def _words(name: str) -> str:
    return _SAID.get(name) or name.replace("-", " ").capitalize()


def entries() -> list[tuple[str, list[tuple[str, str]]]]:
    """The key's sections: (title, [(swatch SVG, what it means)])."""
    hexes = [(_hex(terrain=t), f"{_words(t)} ({api.TERRAIN[t].rule})")
             for t in mapstyle.TERRAIN_FILLS]
    hexes.append((_hex(terrain="unknown"), "Terrain the map has no fill for: its name is in the hex"))
    levels = [(_hex(ground=k), "Ground level " + k.replace("-", MINUS) + (" and up" if k == "4" else ""))
              for k in mapstyle.GROUND_FILLS]
    sides = [(_hexside(type=t), f"{_words(t)} ({api.HEXSIDES[t].rule})")
             for t in ("wall", "hedge", "bocage", "light-bocage")]
    sides += [
        (_hexside(type="cliff"), "Cliff (B11)"),
        (_hexside(type="rowhouse"), "Rowhouse wall: the bar between two of a rowhouse's hexes (B23.71)"),
        (_hexside(type="wall", hillside="true"), "Hillside wall or hedge (B9.6)"),
        (_hexside(type="wall", gap="true"), "Wall or hedge with a gap a road passes through (B9.3)"),
        (_hexside(type="hedge", ssr="true"), "Edged in gold: changed by a scenario rule (SSR)"),
    ]
    marks = [
        (_thread("clear"), "Clear LOS"),
        (_thread("hindered"), "LOS through a Hindrance (A6.7)"),
        (_thread("blocked"), "Blocked LOS (A6.3)"),
        (_thread("pending"), "The thread while you choose its other end"),
        (_hex(los_end="true"), "An end of the LOS question"),
        (_hex(terrain="woods", on_thread="true"), "Terrain the thread crosses"),
        (_hex(block="true"), "The hex where the LOS is blocked"),
        (_hexside(type="wall", on_thread="true"), "A wall, hedge or bocage the thread touches"),
        (_vertex(on_thread="true"), "A vertex the thread passes through"),
        (_hexside(type="wall", block="true"), "The hexside where the LOS is blocked"),
        (_vertex(block="true"), "The vertex where the LOS is blocked"),
        (_hex(vis="hindered"), "Seen through a Hindrance (Visibility tool)"),
        (_hex(vis="unseen"), "Not seen (Visibility tool)"),
        (_hex(borderline="true"), "The art a borderline LOS turns on (A6.1)"),
        (_hex(seen_target="true"), "The hex asked about: who sees it"),
        (_hex(cover="0"), "Dead ground: no unit of the side sees it"),
        (_hex(cover="1"), "Seen by one unit of the side"),
        (_hex(cover="2"), "Seen by two or more units of the side"),
        (_hex(cover="1", cover_hindered="true"), "Seen only through a Hindrance (dead ground view)"),
        (_hex(unmodelled="true"), "Terrain the app does not model: check it by eye"),
        (_hex(ssr="true"), "A hex a scenario rule (SSR) changed"),
        (_hex(selected="true"), "The hex being edited"),
        (_hex(goto="true"), "The hex you went to"),
    ]
    units = [(_unit(), "A unit (its side's colour)"),
             (_unit(broken="true"), "A broken unit"),
             (_unit(selected="true"), "The unit being edited")]
    return [("Terrain", hexes), ("Hill levels", levels), ("Hexsides", sides),
            ("Questions and rulings", marks), ("Counters", units)]


def key_html() -> str:
    """The key as HTML: a list per section, and a note shown only over a board's own art."""
    parts = ['<p class="key-images">Over a board\'s own art the map draws what it read '
             "thinly: terrain outlined in purple dashes, walls, hedges and bocage as "
             "thin magenta lines. Tap a hex to read it.</p>"]
    for title, rows in entries():
        items = "".join(f"<li>{swatch}<span>{escape(words)}</span></li>" for swatch, words in rows)
        parts.append(f'<h3>{escape(title)}</h3><ul class="key-list">{items}</ul>')
    return "".join(parts)
