"""Names of the parts of the map a ruling cites."""
from __future__ import annotations

from typing import Callable, Iterable, TypeVar

from ... import geometry as g

_Part = TypeVar("_Part")


def _named(name: Callable[[_Part], str], part: _Part) -> str:
    """The contract's name for a part; its coordinates for a map-edge vertex
    naming hexes that have no name."""
    try:
        return name(part)
    except ValueError:
        return str(part)


def hex_name(h: g.Hex) -> str:
    return _named(g.hex_name, h)


def hexside_name(sd: g.Hexside) -> str:
    return _named(g.hexside_name, sd)


def vertex_name(v: g.Point) -> str:
    return _named(g.vertex_name, v)


def touches(trace: Iterable[g.TraceItem]) -> list[str]:
    """Every hex, hexside and vertex a thread (``geometry.trace``) crosses, runs
    along or touches, in thread order: what the LOS tool lights up, so a player
    sees what may need painting."""
    out = []
    for item in trace:
        if item.kind == "hex":
            out.append(hex_name(item.hexes[0]))
        elif item.kind == "vertex":
            out.append(vertex_name(item.points[0]))
        else:
            out.append(hexside_name(g.hexside(*item.hexes)))
    return out
