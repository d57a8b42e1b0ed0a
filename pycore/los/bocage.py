"""Bocage: B9.52 (a one-level obstacle; the "Single-Story House" and its Blind
Hex against a higher viewer), B9.521 (LOS through a bocage hexside, by Wall
Advantage), B9.531 (Blind Hexes reducible to none, but at least one behind a
hexspine); light bocage (the bocage play aid) where it follows bocage.
"""
from __future__ import annotations

from .. import geometry as g
from ..location import End
from ..setup import Setup
from ..wa import wa_hexsides
from .obstacles import obstacle


class Bocage:
    """The bocage rules of a Ruling (pycore.los.ruling)."""

    def _bocage_house(self, i: int, h: g.Hex) -> None:
        """B9.52: against a viewer above it, a bocage hexside acts as a
        Single-Story House in the hex behind it (the defender's hex), so the
        next hex along the LOS is a Blind Hex, reducible to none (B9.531).

        B9.52 applies it to "that LOS through that bocage hexside", so a LOS
        that meets no bocage at all between the higher end and this hex (trace
        item i) passes a lone bocage hexside's hex like any open hex. Once the
        LOS has crossed or touched bocage on the way, every house it then meets
        counts, not only the one in the hex formed by the hexside it crossed:
        B9.521 EX rules that a level-1½ viewer in 44BB8 cannot see Y6 "due to
        the Blind Hex ... blocked by the 'Single-Story Houses' in Z6 to Z8", and
        the BB8-Y6 thread crosses the Z7-AA7 bocage into Z7 and then enters Z6
        from Z7, not through Z6's bocage (Z6-AA6, Z6-AA7). Only Z6's house makes
        Y6 blind (Z7's makes one Blind Hex, Z6)."""
        hi = self.hi
        for n in g.neighbours(h):
            sd = g.hexside(h, n)
            info = self.s.wall(sd)
            if info is None or info.type != "bocage" or info.gap:
                continue
            top = self.s.wall_level(sd) + 1
            if hi.elevation > top and g.distance(hi.hex, n) < g.distance(hi.hex, h):
                if not self._bocage_met(i, toward_viewer=hi is self.viewer):
                    return
                obstacle(self.ctx, self, 2 * top, 1, (h,), g.hex_name(h),
                               f"the bocage {g.hexside_name(sd)} (a 'Single-Story House' in "
                               f"{g.hex_name(h)}, B9.52)", "B9.52", min_blind=0)
                return

    def _bocage_met(self, i: int, toward_viewer: bool) -> bool:
        """Whether the thread crosses, runs along or touches a bocage hexside
        between trace item i and the viewer's end (or the target's)."""
        met = getattr(self, "_bocage_items", None)
        if met is None:
            met = self._bocage_items = tuple(
                j for j, item in enumerate(self.trace)
                if any(self._is_bocage(sd) for sd in _item_hexsides(item)))
        return any(j < i for j in met) if toward_viewer else any(j > i for j in met)

    def _is_bocage(self, sd: g.Hexside) -> bool:
        info = self.s.wall(sd)
        return info is not None and info.type == "bocage" and not info.gap

    def _bocage_along(self, sd: g.Hexside, name: str) -> None:
        """B9.52, B9.521: no LOS along a bocage hexspine: a one-level obstacle
        with at least one Blind Hex (B9.531)."""
        obstacle(self.ctx, self, 2 * self.s.wall_level(sd) + 2, 1, sd, name,
                       f"the bocage hexspine {name}", "B9.52", min_blind=1)

    def _has_wa(self, e: End, sd: g.Hexside) -> bool:
        return e.unit is not None and sd in wa_hexsides(self.s).get(e.unit.id, ())

    def _bocage_crossed(self, sd: g.Hexside, info, x: g.Hex, y: g.Hex) -> None:
        """B9.52-B9.531: the thread crosses bocage from hex x (viewer's side) to y."""
        v, t = self.viewer, self.target
        name = g.hexside_name(sd)
        if info.type == "light-bocage":
            # A ½-level obstacle: an end above it sees over it, with no Blind Hex
            # ("units on slopes can see over light bocage", the play aid; A6.21).
            if max(v.elevation, t.elevation) > self.s.wall_level(sd):
                return
            self.say("B9.521", f"light bocage {name}: the play aid is silent on LOS through "
                               "it at its own level, so it follows bocage (B9.521).")
        top = self.s.wall_level(sd) + 1
        if min(v.elevation, t.elevation) >= top:
            return
        hi, lo = (v, t) if v.elevation >= t.elevation else (t, v)
        if hi.elevation > top:   # seen over: the next hex is a Blind Hex (B9.52, B9.531)
            hx, ly = (x, y) if hi is v else (y, x)
            if lo.hex == ly:
                if hi.hex != hx and lo.unit is not None and not self._has_wa(lo, sd):
                    self.unit_hidden(name, "B9.521",
                                     f"{lo.name} is behind the bocage {name} without Wall "
                                     f"Advantage: units there cannot be seen from outside the "
                                     "hexes formed by that hexside (B9.521).")
            return   # the Blind Hex beyond is judged in _bocage_house
        v_wa, t_wa = self._has_wa(v, sd), self._has_wa(t, sd)
        v_in, t_in = v.hex == x, t.hex == y
        if v_wa or t_wa:
            who = v.name if v_wa else t.name
            self.say("B9.521", f"{who} has Wall Advantage over the bocage {name}: LOS may be "
                               "traced through it (B9.521).")
        elif v_in and t_in:
            self.say("B9.521", f"Both are in the hexes formed by the bocage {name}: a unit "
                               "there sees anything in the adjacent hex (B9.521).")
        elif v_in:
            self.blocked(name, "B9.521",
                         f"{v.name} is in a hex formed by the bocage {name} without Wall "
                         f"Advantage: it sees through it into the adjacent hex only, not "
                         f"beyond (B9.521).")
        elif t_in and t.unit is not None:
            self.unit_hidden(name, "B9.521",
                             f"The viewer is not in a hex formed by the bocage {name}: it sees "
                             f"into {g.hex_name(y)}, but not units there without Wall "
                             "Advantage (B9.521).")
        elif t_in:
            self.say("B9.521", f"The viewer sees through the bocage {name} into "
                               f"{g.hex_name(y)}, the hex formed by it (B9.521).")
        else:
            self.blocked(name, "B9.521", f"The bocage {name} is a one-level obstacle: LOS "
                                         "through it reaches only the hex formed by it (B9.52, "
                                         "B9.521).")


def _item_hexsides(item: g.TraceItem) -> tuple:
    """The hexsides a piece of the thread crosses, runs along or touches."""
    if item.kind in ("cross", "along"):
        return (g.hexside(*item.hexes),)
    if item.kind == "vertex":
        return g.vertex_hexsides(item.points[0])
    return ()


def bocage_hexes(s: Setup) -> frozenset:
    """The hexes with a bocage hexside (cached per setup)."""
    got = s.cache.get("bocage_hexes")
    if got is None:
        got = frozenset(h for sd, info in s.hexsides.items() if info.type == "bocage"
                        for h in sd)
        s.cache["bocage_hexes"] = got
    return got
