"""Entrenchments: B9.21 (no LOS across a same-level wall/hedge between an
entrenched unit and a non-adjacent same-level or lower Location)."""
from __future__ import annotations

from .. import geometry as g


class Entrenchments:
    """The entrenchment rules of a Ruling (pycore.los.ruling)."""

    def _entrenchments(self) -> None:
        for e, other in ((self.viewer, self.target), (self.target, self.viewer)):
            if not e.entrenched or self.range <= 1 or other.elevation > e.elevation:
                continue
            sd = self._wall_crossed_at(e.elevation)
            if sd is not None and e is self.viewer:
                # The viewer beneath the entrenchment sees nothing there: not the
                # Location, nor any unit in it (B9.21).
                self.blocked(g.hexside_name(sd), "B9.21",
                             f"{e.name} is in an entrenchment and the LOS crosses the "
                             f"same-level {self.s.wall(sd).type} {g.hexside_name(sd)} to a "
                             "non-adjacent Location without a half-level elevation "
                             "advantage: it cannot see past it (B9.21).")
                return
            if sd is not None:
                self.unit_hidden(g.hexside_name(sd), "B9.21",
                                 f"{e.name} is in an entrenchment and the LOS crosses the "
                                 f"same-level {self.s.wall(sd).type} {g.hexside_name(sd)} to a "
                                 "non-adjacent Location without a half-level elevation "
                                 "advantage (B9.21); the entrenchment itself can be seen.")
                return

    def _wall_crossed_at(self, level: int) -> g.Hexside | None:
        for it in self.trace:
            if it.kind in ("cross", "along"):
                sides = (g.hexside(*it.hexes),)
            elif it.kind == "vertex":
                sides = g.vertex_hexsides(it.points[0])
            else:
                continue
            for sd in sides:
                info = self.s.wall(sd)
                if info is not None and not info.gap and self.s.wall_level(sd) == level:
                    return sd
        return None
