"""Walls and hedges: A6.21 (Half-Level obstacles), B9.1 (a hexside includes its
vertices), B9.2 (never into its own hex; hexspines along the thread and the
three-hexspine vertex), B9.61 (Hillside walls/hedges).

Bocage is a special form of hedge (B9.5): it counts at a B9.2 vertex, and its
own one-level rules are in pycore.los.bocage. Light bocage is judged here as a
wall, except through a hexside of an end's own hex (B9.521, bocage.py).
"""
from __future__ import annotations

from .. import geometry as g
from ..terrain import BOCAGE_TYPES
from .names import part_name as _where
from .vertex import ALONG, OPPOSITE, near_item, vertex_wall_case


class Walls:
    """The wall and hedge rules of a Ruling (pycore.los.ruling)."""

    def _half_level_blocks(self, sd: g.Hexside, info) -> str | None:
        """A6.21/B9.2: does this wall/hedge block as a half-level obstacle?  Returns
        the reason it does not, or None when it blocks."""
        base = self.s.wall_level(sd)
        v, t = self.viewer.elevation, self.target.elevation
        if info.hillside and abs(v - t) >= 1:
            return "a Hillside wall/hedge is ignored between elevations a level or more apart (B9.61)"
        if max(v, t) > base:
            return "a half-level obstacle never blocks LOS to or from a higher level (A6.21)"
        return None

    def _side_name(self, sd: g.Hexside, info) -> str:
        return f"{info.type} {g.hexside_name(sd)}"

    def _crossing(self, item: g.TraceItem) -> None:
        a, b = item.hexes
        sd = g.hexside(a, b)
        info = self.s.wall(sd)
        if info is None or info.gap:
            return
        if info.type == "bocage" or (info.type == "light-bocage" and self._own_side(sd)):
            self._bocage_crossed(sd, info, a, b)
            return
        if self._own_side(sd):
            self.say("B9.2", f"The {self._side_name(sd, info)} is a hexside of "
                             f"{'the viewer' if self.viewer.hex in sd else 'the target'}'s hex: "
                             "it never blocks LOS into its own hex.")
            return
        self._half_level(sd, info, g.hexside_name(sd), f"The {self._side_name(sd, info)}",
                         "is a Half-Level obstacle to this same-level LOS (A6.21, B9.2)")

    def _hexspines(self) -> dict:
        """B9.2: for each wall/hedge hexspine that touches the viewer's or target's
        hex, the index of the vertex opposite it (judged by the three-hexspine rule)."""
        vv = set(g.hex_vertices(self.viewer.hex))
        tv = set(g.hex_vertices(self.target.hex))
        opposite = {}
        for i, it in enumerate(self.trace):
            if it.kind != "along":
                continue
            info = self.s.wall(tuple(it.hexes))
            if info is None or info.gap or info.type == "bocage":
                continue
            p, q = it.points
            touch_v, touch_t = (p in vv or q in vv), (p in tv or q in tv)
            if touch_v and not touch_t:
                far = q if p in vv else p
            elif touch_t and not touch_v:
                far = p if q in tv else q
            else:
                continue
            j = i + 1 if far == q else i - 1
            opposite[j] = i
        return opposite

    def _along_wall(self, item: g.TraceItem) -> None:
        """B9.2: a wall/hedge hexspine exactly along the thread; bocage along it
        is the bocage module's (B9.52)."""
        a, b = item.hexes
        sd = (a, b)
        name = g.hexside_name(sd)
        info = self.s.wall(sd)
        if info is None or info.gap:
            return
        what = self._side_name(sd, info)
        if info.type == "bocage":
            self._bocage_along(sd, name)
            return
        if self._own_side(sd):
            return
        vv, tv = g.hex_vertices(self.viewer.hex), g.hex_vertices(self.target.hex)
        if any(p in vv for p in item.points) and any(p in tv for p in item.points):
            self.say("B9.2", f"The {what} hexspine touches both the viewer's and the target's "
                             "hex: it does not block (B9.2).")
            return
        touching = [j for j, i in self._spines.items() if self.trace[i] is item]
        if touching:
            v = self.trace[touching[0]].points[0]
            walls = [self.s.wall(x) for x in g.vertex_hexsides(v)]
            # Bocage counts among the three: it is a special form of hedge,
            # depicted by wall/hedge hexsides (B9.5, B9.51).
            if all(w is not None and not w.gap for w in walls):
                why = self._half_level_blocks(sd, info)
                if why is None:
                    self.blocked(_where("vertex", v), "B9.2",
                                 f"The {what} hexspine touches the viewer's/target's hex, but "
                                 f"vertex {_where('vertex', v)} has walls/hedges on all three "
                                 "hexspines: it is a Half-Level obstacle (B9.2).")
                    return
            self.say("B9.2", f"The {what} hexspine touches the viewer's or target's hex and "
                             f"vertex {_where('vertex', v)} does not have walls/hedges on all "
                             "three hexspines: it does not block (B9.2).")
            return
        self._half_level(sd, info, name, f"The {what} hexspine",
                         "touches neither the viewer's nor the target's hex: a Half-Level "
                         "obstacle (B9.2)")

    def _half_level(self, sd: g.Hexside, info, where: str, what: str, blocks: str) -> None:
        """A6.21, B9.2: judge a wall/hedge that may block as a half-level obstacle."""
        why = self._half_level_blocks(sd, info)
        if why:
            self.say("A6.21", f"{what} does not block: {why}.")
        else:
            self.blocked(where, "B9.2", f"{what} {blocks}.")

    def _vertex(self, i: int, item: g.TraceItem) -> None:
        v = item.points[0]
        # The vertex opposite a wall/hedge hexspine that touches an end's hex:
        # its walls and hedges are judged with that hexspine by the
        # three-hexspine rule (B9.2). Its bocage is not: B9.2 says when a
        # wall/hedge along the thread is an obstacle, not that a bocage hexside
        # touched at its vertex stops being one. Bocage includes its vertices
        # (B9.1, B9.5) and is a one-level obstacle (B9.52), so a thread touching
        # it there is judged as it is without the hedge along the thread.
        spine_vertex = i in self._spines
        along = {tuple(it.hexes) for it in self.trace[max(0, i - 1):i + 2] if it.kind == "along"}
        end = self._traced_end(i)
        for sd in g.vertex_hexsides(v):
            info = self.s.wall(sd)
            if info is None or info.gap:
                continue
            if end is not None and not spine_vertex:
                # B9.42 (and B9.5: bocage follows the wall rules): only its two
                # cases count. Bocage of the unit's own hex reached via the hex
                # across it is then judged as that bocage hexside (B9.521).
                case = self._traced_vertex_wall(end, v, sd, info)
                if case != OPPOSITE or info.type not in BOCAGE_TYPES:
                    continue
            if sd in along:
                continue
            if spine_vertex and info.type != "bocage":
                continue
            if self._own_side(sd) and info.type not in BOCAGE_TYPES:
                continue   # B9.2: never blocks LOS into its own hex
            name = _where("vertex", v)
            if info.type in BOCAGE_TYPES and self._own_side(sd):
                x = self.viewer.hex if self.viewer.hex in sd else \
                    (sd[0] if sd[1] == self.target.hex else sd[1])
                self._bocage_crossed(sd, info, x, sd[1] if sd[0] == x else sd[0])
            elif info.type == "bocage":
                self._obstacle(2 * self.s.wall_level(sd) + 2, 1, sd, name,
                               f"the bocage at vertex {name}", "B9.52", min_blind=1)
            else:
                why = self._half_level_blocks(sd, info)
                if why is None:
                    self.blocked(name, "B9.1",
                                 f"The LOS touches the {self._side_name(sd, info)} at vertex "
                                 f"{name}: a wall/hedge includes its vertices (B9.1), a "
                                 "Half-Level obstacle to this same-level LOS (B9.2).")
            if self.block is not None:
                return

    def _traced_end(self, i: int) -> tuple[g.Hex, bool] | None:
        """(its hex, is it the viewer) when trace item i is the vertex an end's LOS
        is traced to (Bypass, Snap Shot: A6.12, B9.42)."""
        if i == len(self.trace) - 1 and self.target.point != self.target.hex:
            return self.target.hex, False
        if i == 0 and self.viewer.point != self.viewer.hex:
            return self.viewer.hex, True
        return None

    def _traced_vertex_wall(self, end: tuple[g.Hex, bool], v: g.Point, sd: g.Hexside,
                            info) -> str | None:
        """B9.42, not B9.1: a wall/hedge ending at the vertex the LOS is traced to
        affects the LOS only in B9.42's two cases. Along the thread it is then
        judged as a hexspine (B9.2, ``_along_wall``); a hexside of the end's own
        hex never blocks LOS into it (B9.2) but gives its TEM (pycore.tem)."""
        h, at_start = end
        case = vertex_wall_case(self.trace, h, sd, at_start)
        what, name, hx = self._side_name(sd, info), _where("vertex", v), g.hex_name(h)
        across = g.hex_name(sd[1] if sd[0] == h else sd[0]) if h in sd else None
        if case == ALONG:
            self.say("B9.42", f"The LOS traced to vertex {name} is drawn exactly along "
                     f"the {what}: it affects this LOS and gives its TEM (B9.42, first "
                     "case); along the thread it is judged as a hexspine (B9.2).")
            return case
        if case == OPPOSITE:
            then = (f"it is judged as a bocage hexside of {hx} (B9.5, B9.521)"
                    if info.type in BOCAGE_TYPES else f"it never blocks LOS into {hx} (B9.2)")
            self.say("B9.42", f"The LOS enters vertex {name} via {across}, across the "
                     f"{what} from {hx}: it affects this LOS and gives its TEM (B9.42, "
                     f"second case); {then}.")
            return case
        near = near_item(self.trace, at_start)
        via = "" if near is None else \
            f" via {g.hex_name(near.hexes[0])}" if near.kind == "hex" else \
            f" along {g.hexside_name(tuple(near.hexes))}"
        why = (f"enters the vertex{via}, not via {across} across it from {hx}"
               if across else f"{hx} is not one of its two hexes")
        self.say("B9.42", f"The {what} ends at vertex {name}, to which the LOS is traced: "
                 f"neither case of B9.42 applies (the LOS is not drawn along it and {why}), "
                 "so it does not affect this LOS.")
        return None
