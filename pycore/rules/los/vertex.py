"""B9.42: a wall/hedge hexside one of whose ends is the vertex a LOS is traced
to (a unit in Bypass, the target of a Snap Shot). It affects that LOS, and
gives its TEM, in two cases only; read here from the exact trace, for the LOS
ruling (pycore.rules.los.walls) and the TEM (pycore.rules.tem) alike.
"""
from __future__ import annotations

from typing import Sequence

from ... import geometry as g

ALONG = "along"          # the LOS is drawn exactly along that hexside
OPPOSITE = "opposite"    # the unit is in one of its two hexes; the LOS enters via the other


def near_item(trace: Sequence[g.TraceItem], at_start: bool) -> g.TraceItem | None:
    """The piece of the thread next to the traced vertex at one end: where the LOS
    enters that vertex (a hex interior, or a hexside run along)."""
    if len(trace) < 2:
        return None
    return trace[1] if at_start else trace[-2]


def vertex_wall_case(trace: Sequence[g.TraceItem], end_hex: g.Hex, sd: g.Hexside, at_start: bool) -> str | None:
    """Which case of B9.42 makes hexside ``sd``, ending at the traced vertex of the
    end in ``end_hex`` (the viewer's when ``at_start``, else the target's), affect
    the LOS: ``ALONG``, ``OPPOSITE``, or None (it does not)."""
    near = near_item(trace, at_start)
    if near is None:
        return None
    if near.kind == "along" and set(near.hexes) == set(sd):
        return ALONG
    if end_hex in sd:
        across = g.hexside_across(sd, end_hex)
        if (near.kind == "hex" and near.hexes[0] == across) or \
                (near.kind == "along" and across in near.hexes):
            return OPPOSITE
    return None
