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
