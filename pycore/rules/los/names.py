"""Names of the parts of the map a ruling cites."""
from __future__ import annotations

from typing import Callable, Iterable, TypeVar

from ... import geometry as g

_Part = TypeVar("_Part")


def cited(name: Callable[[_Part], str], part: _Part) -> str:
    """A part's name as the map names it (``name``: a ``geometry.Names``
    method); its coordinates for a map-edge vertex naming hexes that have none."""
    try:
        return name(part)
    except ValueError:
        return str(part)


def touches(names: g.Names, trace: Iterable[g.TraceItem]) -> list[str]:
    """Every hex, hexside and vertex a thread (``geometry.trace``) crosses, runs
    along or touches, in thread order: what the LOS tool lights up, so a player
    sees what may need painting."""
    out = []
    for item in trace:
        if item.kind == "hex":
            out.append(cited(names.hex, item.hexes[0]))
        elif item.kind == "vertex":
            out.append(cited(names.vertex, item.points[0]))
        else:
            out.append(cited(names.hexside, g.hexside(*item.hexes)))
    return out
