"""Depressions: A6.3 (a LOS INTO a Depression needs elevation advantage per hex
of range; continuous Depression hexsides, exclusive of vertices) and B19.2
(gullies and their Depression hexsides)."""
from __future__ import annotations

from .. import geometry as g


class Depressions:
    """The Depression rules of a Ruling (pycore.los.ruling)."""

    def _depressions(self) -> None:
        v, t = self.viewer, self.target
        if not (v.in_depression or t.in_depression):
            return
        if v.in_depression and t.in_depression:
            if self._continuous(self.trace) is None:
                why = ("they are adjacent but not connected by a Depression hexside"
                       if self.range == 1 else
                       "the LOS leaves the Depression between them")
                self.blocked(g.hex_name(t.hex), "B19.2",
                             f"Both are IN Depressions and {why} (A6.3, B19.2).")
            else:
                self.say("B19.2", "The LOS runs along continuous Depression hexsides.")
            return
        low, high = (v, t) if v.in_depression else (t, v)
        items = self.trace if low is t else tuple(reversed(self.trace))
        entry = low.hex
        for it in reversed(items):   # walk back from the Depression end
            if it.kind == "hex":
                h = it.hexes[0]
                if h == low.hex:
                    continue
                if not self.s.hex(h).is_depression or h == high.hex:
                    break
                entry = h
            elif it.kind == "cross":
                if not self.s.depression_connected(g.hexside(*it.hexes)):
                    break
            else:
                break   # a vertex or hexside: A6.3 EXC excludes vertices
        need = g.distance(high.hex, entry)
        adv = high.elevation - low.elevation
        if adv < need:
            via = f" (counted to {g.hex_name(entry)}, where the LOS enters the Depression)" \
                if entry != low.hex else ""
            self.blocked(g.hex_name(entry), "A6.3",
                         f"{low.name} is IN a Depression: a LOS INTO it needs one level of "
                         f"elevation advantage per hex of range{via}; {high.name} has {adv} "
                         f"for {need} hex(es) (A6.3).")
        else:
            self.say("A6.3", f"{high.name} has {adv} level(s) of elevation advantage over "
                             f"{low.name} for {need} hex(es) of range: LOS INTO the "
                             "Depression (A6.3).")

    def _continuous(self, items) -> bool | None:
        """The thread stays IN the Depression: only Depression hex interiors and
        connected Depression hexsides, no vertex (A6.3 EXC, B19.2)."""
        for it in items:
            if it.kind == "hex":
                if not self.s.hex(it.hexes[0]).is_depression:
                    return None
            elif it.kind == "cross":
                if not self.s.depression_connected(g.hexside(*it.hexes)):
                    return None
            else:
                return None
        return True
