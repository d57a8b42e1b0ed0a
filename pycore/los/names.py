"""Names of the parts of the map a ruling cites."""
from __future__ import annotations

from .. import geometry as g


def part_name(kind: str, item) -> str:
    """The contract's name for a hex, hexside or vertex."""
    try:
        if kind == "hex":
            return g.hex_name(item)
        if kind == "hexside":
            return g.hexside_name(item)
        return g.vertex_name(item)
    except ValueError:  # a map-edge vertex naming hexes that have no name
        return str(item)


def touches(trace) -> list[str]:
    """Every hex, hexside and vertex a thread (``geometry.trace``) crosses, runs
    along or touches, in thread order: what the LOS tool lights up, so a player
    sees what may need painting (issue 9)."""
    out = []
    for item in trace:
        if item.kind == "hex":
            out.append(part_name("hex", item.hexes[0]))
        elif item.kind == "vertex":
            out.append(part_name("vertex", item.points[0]))
        else:
            out.append(part_name("hexside", g.hexside(*item.hexes)))
    return out
