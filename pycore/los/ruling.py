"""The Ruling: one LOS check, its record (steps, where it is blocked) and the
driver that walks the exact trace in thread order and asks each rule family.

Which file holds which rule:

- obstacles.py     A6.1, A6.2, A6.4-A6.43: obstacles, Crest Lines, Blind Hexes
- walls.py         A6.21, B9.1, B9.2, B9.61: walls, hedges, hexspines
- bocage.py        B9.52, B9.521, B9.531: bocage, and light bocage where it follows it
- hindrance.py     A6.7, D9.4: Hindrances and the same-range rule
- depression.py    A6.3, B19.2: Depressions and gullies
- entrenchment.py  B9.21: entrenchments
- here             A6.1 (the thread), A6.8 (same hex, adjacent building levels)

The order of the checks is the order of the thread: the first block found is
the one reported (``blocked_at``, ``rule``).
"""
from __future__ import annotations

from .. import geometry as g
from ..location import End
from ..setup import Setup
from ..terrain import BUILDINGS, TERRAIN
from . import bocage
from .context import Ctx, bocage_hexes
from . import depression
from . import entrenchment
from . import hindrance
from .names import part_name as _where
from . import obstacles
from . import walls
from .walls import hexspines


class Ruling:
    """The outcome of one LOS check, with the reasons for it."""

    def __init__(self, s: Setup, viewer: End, target: End, with_afv: bool = True):
        self.s, self.viewer, self.target = s, viewer, target
        self.range = g.distance(viewer.hex, target.hex)
        self.trace: tuple[g.TraceItem, ...] = ()
        self.steps: list[dict] = []
        self.block: tuple[str, str] | None = None        # (where, rule): no location LOS
        self.unit_block: tuple[str, str] | None = None   # the unit alone is unseen
        self.hindered: dict[int, list[tuple[str, int]]] = {}   # range -> (hex, DRM)
        self._with_afv = with_afv
        self._judge()

    @property
    def hindrance(self) -> int:
        """A6.7: the Hindrance DRM, counting the hexes at one range once."""
        return sum(max(d for _, d in hexes) for hexes in self.hindered.values())

    @property
    def location_los(self) -> bool:
        return self.block is None

    @property
    def los(self) -> bool:
        return self.block is None and self.unit_block is None

    def as_dict(self) -> dict:
        where = self.block or self.unit_block
        return {
            "los": self.los,
            "location_los": self.location_los,
            "range": self.range,
            "hindrance": self.hindrance if self.location_los else 0,
            "blocked_at": where[0] if where else None,
            "rule": where[1] if where else None,
            "steps": self.steps,
            "viewer": self.viewer.name,
            "target": self.target.name,
            "thread": {"from": list(self.viewer.point), "to": list(self.target.point)},
        }

    def say(self, rule: str, text: str) -> None:
        self.steps.append({"rule": rule, "text": text})

    def blocked(self, where: str, rule: str, text: str) -> None:
        if self.block is None:
            self.block = (where, rule)
            self.say(rule, text)

    def unit_hidden(self, where: str, rule: str, text: str) -> None:
        if self.unit_block is None and self.block is None:
            self.unit_block = (where, rule)
            self.say(rule, text)

    def _judge(self) -> None:
        v, t = self.viewer, self.target
        self.say("A6.1", f"LOS from {self._desc(v)} to {self._desc(t)}, range {self.range}.")
        if v.hex == t.hex:
            self._same_hex()
            return
        if self.range == 1 and v.level != t.level and self._building(v.hex) \
                and self._building(t.hex):
            # Adjacent building hexes are taken as one multi-hex building: its
            # floors lie between different levels (A6.8 EX, 12U5 and V4).
            self.blocked(g.hex_name(t.hex), "A6.8",
                         "The building levels between them block the LOS (A6.8 EX).")
            return
        self.trace = trace = g.trace(v.point, t.point, v.hex, t.hex)
        lo, hi = (v, t) if v.elevation <= t.elevation else (t, v)
        self.ctx = ctx = Ctx(self.s, v, t, self.range, trace, lo, hi,
                             lo.elevation + (1 if lo.in_depression else 0),
                             hexspines(self.s, v, t, trace), bocage_hexes(self.s),
                             self._with_afv)
        self.lo, self.hi, self.lo_ground, self._spines = lo, hi, ctx.lo_ground, ctx.spines
        for i, item in enumerate(self.trace):
            if self.block is not None:
                break
            kind = item.kind
            if kind == "hex":
                self._hex(i, item)
            elif kind == "cross":
                walls.crossed(self.ctx, self, i, item)
            elif kind == "along":
                self._along(item)
            else:
                walls.at_vertex(self.ctx, self, i, item)
        if self.block is None:
            depression.judge(self.ctx, self)
        if self.block is None:
            entrenchment.judge(self.ctx, self)
        if self.location_los and self.hindrance:
            hindrance.sum_up(self)
        if self.los:
            extra = f", Hindrance DRM +{self.hindrance}" if self.hindrance else ", no Hindrance"
            self.say("A6.1", f"LOS is clear{extra}.")
        elif self.location_los:
            self.say("A6.1", f"{t.name}'s Location can be seen, but not the unit itself.")

    def _desc(self, e: End) -> str:
        where = g.hex_name(e.hex)
        if e.level:
            where += f" level {e.level}"
        if e.point != e.hex:
            where += f" (vertex {_where('vertex', e.point)})"
        what = f"{e.unit.id} in {where}" if e.unit else where
        if e.in_depression:
            what += " (IN the Depression)"
        return what + f" at elevation {e.elevation}"

    def _same_hex(self) -> None:
        v, t = self.viewer, self.target
        if abs(v.level - t.level) > 1:
            self.blocked(g.hex_name(v.hex), "A6.8",
                         "The building levels between them block the LOS (A6.8 EX).")
        else:
            self.say("A6.8", "Both are in the same hex: the LOS is clear.")

    def _building(self, h: g.Hex) -> bool:
        return self.s.hex(h).terrain in BUILDINGS

    def _own(self, h: g.Hex) -> bool:
        return h == self.viewer.hex or h == self.target.hex

    def _own_side(self, sd: g.Hexside) -> bool:
        return self.viewer.hex in sd or self.target.hex in sd

    def _intervening(self, h: g.Hex) -> bool:
        """A hex whose terrain can block: not an end's own hex, unless that end's
        LOS is traced from a vertex across its interior (A6.2)."""
        v, t = self.viewer, self.target
        if h == v.hex and v.point == v.hex:
            return False
        if h == t.hex and t.point == t.hex:
            return False
        return True

    # --- the thread, hex by hex and hexside by hexside -------------------------------
    def _hex(self, i: int, item: g.TraceItem) -> None:
        h = item.hexes[0]
        if not self._intervening(h):
            return
        obstacles.in_hex(self.ctx, self, i, item)               # A6.2, A6.4
        if self.block is None:
            bocage.house(self.ctx, self, i, item)               # B9.52
        if self.block is None:
            hindrance.in_hex(self.ctx, self, i, item)           # A6.7, D9.4

    def _along(self, item: g.TraceItem) -> None:
        a, b = item.hexes
        obstacles.along(self.ctx, self, 0, item)                # A6.1
        if self.block is not None:
            return
        hindrance.along(self.ctx, self, 0, item)                # A6.1 EXC, A6.7, D9.4
        walls.along(self.ctx, self, 0, item)                                  # B9.2, B9.52
