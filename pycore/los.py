"""Line of sight: A6, B9.1-B9.2, B9.21, B9.52-B9.531, B9.61, B19, D9.4.

``evaluate`` reads the exact trace from ``pycore.geometry`` and applies the
rules to it in thread order; it does no geometry of its own.  Every finding
becomes a step ``{"rule", "text"}`` a player can check.

Elevations are compared in half levels (integers): a wall or hedge is a
half-level obstacle, a single-story building 1½ levels.
"""
from __future__ import annotations

from . import geometry as g
from .location import End, make_end, resolve, unit_end
from .setup import Setup
from .terrain import BOCAGE_TYPES, BUILDINGS, TERRAIN, obstacle_height
from .wa import wa_hexsides


def _where(kind: str, item) -> str:
    """The contract's name for a hex, hexside or vertex."""
    try:
        if kind == "hex":
            return g.hex_name(item)
        if kind == "hexside":
            return g.hexside_name(item)
        return g.vertex_name(item)
    except ValueError:  # a map-edge vertex naming hexes that have no name
        return str(item)


class Ruling:
    """The outcome of one LOS check, with the reasons for it."""

    def __init__(self, s: Setup, viewer: End, target: End, with_afv: bool = True):
        self.s, self.viewer, self.target = s, viewer, target
        self.range = g.distance(viewer.hex, target.hex)
        self.trace: tuple[g.TraceItem, ...] = ()
        self.steps: list[dict] = []
        self.block: tuple[str, str] | None = None        # (where, rule): no location LOS
        self.unit_block: tuple[str, str] | None = None   # the unit alone is unseen
        self.hindrance = 0
        self._hindered: dict[int, list[tuple[str, int]]] = {}   # range -> (hex, DRM)
        self._with_afv = with_afv
        self._judge()

    # --- results ---------------------------------------------------------------
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

    # --- bookkeeping --------------------------------------------------------------
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

    # --- the ruling ------------------------------------------------------------
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
        self.trace = g.trace(v.point, t.point, v.hex, t.hex)
        self.lo, self.hi = (v, t) if v.elevation <= t.elevation else (t, v)
        # Hills are judged against the ground level of a Depression end: the
        # Depression itself is A6.3's business, not a Crest Line's.
        self.lo_ground = self.lo.elevation + (1 if self.lo.in_depression else 0)
        self._spines = self._hexspines()
        hind: dict[int, int] = {}
        for i, item in enumerate(self.trace):
            if self.block is not None:
                break
            kind = item.kind
            if kind == "hex":
                self._hex(item, hind)
            elif kind == "cross":
                self._crossing(item)
            elif kind == "along":
                self._along(item, hind)
            else:
                self._vertex(i, item)
        if self.block is None:
            self._depressions()
        if self.block is None:
            self._entrenchments()
        self.hindrance = sum(hind.values())
        if self.location_los and self.hindrance:
            self._hindrance_sum(hind)
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

    # --- terrain in hexes ------------------------------------------------------
    def _hex(self, item: g.TraceItem, hind: dict) -> None:
        h = item.hexes[0]
        if not self._intervening(h):
            return
        info = self.s.hex(h)
        height = obstacle_height(info.terrain, info.levels)
        if height:
            name = g.hex_name(h)
            self._obstacle(2 * info.level + height, height // 2, (h,), name,
                           f"{info.terrain} in {name}", "A6.2")
        elif info.level > self.lo_ground:
            name = g.hex_name(h)
            self._obstacle(2 * info.level, 1, (h,), name, f"the hill (level {info.level}) in {name}",
                           "A6.2", crest=True)
        if self.block is None and h in _bocage_hexes(self.s):
            self._bocage_house(h)
        if self.block is None and not self._own(h):
            self._hindrance(h, item.near, hind)

    def _bocage_house(self, h: g.Hex) -> None:
        """B9.52: against a viewer above it, a bocage hexside acts as a
        Single-Story House in the hex behind it (the defender's hex), so the
        next hex along the LOS is a Blind Hex, reducible to none (B9.531).

        The house stands in that hex for every LOS from the viewer's side, not
        only one that crosses the bocage hexside itself: B9.521 EX rules that a
        level-1½ viewer in 44BB8 cannot see Y6 "due to the Blind Hex ... blocked
        by the 'Single-Story Houses' in Z6 to Z8", and the BB8-Y6 thread enters
        Z6 from Z7, not through Z6's bocage (Z6-AA6, Z6-AA7). Only Z6's house
        makes Y6 blind (Z7's makes one Blind Hex, Z6). Issue 12 read B9.52 the
        other way; the EX settles it (tests/test_los_rules.py)."""
        hi = self.hi
        for n in g.neighbours(h):
            sd = g.hexside(h, n)
            info = self.s.wall(sd)
            if info is None or info.type != "bocage" or info.gap:
                continue
            top = self.s.wall_level(sd) + 1
            if hi.elevation > top and g.distance(hi.hex, n) < g.distance(hi.hex, h):
                self._obstacle(2 * top, 1, (h,), g.hex_name(h),
                               f"the bocage {g.hexside_name(sd)} (a 'Single-Story House' in "
                               f"{g.hex_name(h)}, B9.52)", "B9.52", min_blind=0)
                return

    def _along_obstacle(self, a: g.Hex, b: g.Hex, name: str) -> None:
        """A6.1: a non-inherent obstacle blocks along a hexside only where it is on
        both sides of the thread; a hill likewise."""
        if self._own(a) or self._own(b):
            return
        ia, ib = self.s.hex(a), self.s.hex(b)
        ha, hb = obstacle_height(ia.terrain, ia.levels), obstacle_height(ib.terrain, ib.levels)
        if ha and hb:
            top_a, top_b = 2 * ia.level + ha, 2 * ib.level + hb
            low, info, height = (a, ia, ha) if top_a <= top_b else (b, ib, hb)
            self._obstacle(min(top_a, top_b), height // 2, (a, b), name,
                           f"{ia.terrain}/{ib.terrain} on both sides of hexside {name}", "A6.1")
        elif ha or hb:
            # A hill on one side, woods or a building on the other: an obstruction
            # is visible on both sides of the thread (A6.1), as for woods/building,
            # so the lower of the two blocks. The hill side counts only if it rises
            # above the lower end's ground (a Crest Line, A6.2).
            (t, it, ht), (hill, ih) = ((a, ia, ha), (b, ib)) if ha else ((b, ib, hb), (a, ia))
            top_t = 2 * it.level + ht
            if ih.level <= self.lo_ground:
                pass        # open ground on that side: the terrain is on one side only
            elif 2 * ih.level <= top_t:
                self._obstacle(2 * ih.level, 1, (a, b), name,
                               f"the hill (level {ih.level}) in {g.hex_name(hill)} and "
                               f"{it.terrain} in {g.hex_name(t)}, on both sides of hexside "
                               f"{name}", "A6.1", crest=True)
            else:
                self._obstacle(top_t, ht // 2, (a, b), name,
                               f"{it.terrain} in {g.hex_name(t)} and the hill (level "
                               f"{ih.level}) in {g.hex_name(hill)}, on both sides of hexside "
                               f"{name}", "A6.1")
        base = min(ia.level, ib.level)
        if self.block is None and base > self.lo_ground:
            self._obstacle(2 * base, 1, (a, b), name,
                           f"the hill (level {base}) on both sides of hexside {name}",
                           "A6.1", crest=True)

    def _obstacle(self, top2: int, full: int, hexes: tuple, where: str, what: str,
                  rule: str, crest: bool = False, min_blind: int | None = None) -> None:
        """A6.2, A6.4-A6.43: an obstacle whose top is ``top2`` half levels high,
        ``full`` its full-level height for Blind Hexes, standing in ``hexes``."""
        lo, hi = self.lo, self.hi
        lo_e = self.lo_ground if crest else lo.elevation
        if 2 * lo_e >= top2:
            return                      # both ends at or above its top: A6.2
        if 2 * hi.elevation <= top2:
            self.blocked(where, rule, f"{what} blocks the LOS: neither end is above it (A6.2).")
            return
        full_top = top2 // 2
        if lo_e >= full_top:
            return                      # not lower than the obstacle's full-level height: A6.4
        ob = min(hexes, key=lambda h: g.distance(h, lo.hex))
        diff = self.s.hex(ob).level - self.s.hex(lo.hex).level
        if crest:
            diff = diff - 1 if diff > 1 else min(diff, 0)   # A6.43: only a difference > 1
        reduction = max(0, hi.elevation - full_top - 1)      # A6.42
        if min_blind is None:
            min_blind = 0 if crest else 1                    # A6.42 EXC (B10.23)
        blind = max(min_blind, full + g.distance(hi.hex, ob) // 5 + diff - reduction)
        behind = g.distance(ob, lo.hex)
        if behind <= blind:
            self.blocked(where, "A6.4",
                         f"{what} makes {g.hex_name(lo.hex)} a Blind Hex: it is {behind} hex(es) "
                         f"behind it and the obstacle creates {blind} Blind Hex(es) for "
                         f"{hi.name} at elevation {hi.elevation} (A6.4, A6.41-A6.43).")
        else:
            self.say("A6.4", f"{what} is seen over: {g.hex_name(lo.hex)} is {behind} hex(es) "
                             f"behind it, beyond its {blind} Blind Hex(es).")

    # --- Hindrances: A6.7, D9.4 --------------------------------------------------
    def _hindrance(self, h: g.Hex, rng: int, hind: dict, terrain: bool = True) -> None:
        info = self.s.hex(h)
        ter = TERRAIN[info.terrain]
        drm = 0
        name = g.hex_name(h)
        if terrain and ter.hindrance:
            reach = self.lo.elevation if ter.hinders_all_levels else self.hi.elevation
            if reach <= info.level:
                drm += ter.hindrance
                self.say(ter.rule if ter.hinders_all_levels else "A6.7",
                         f"{info.terrain} in {name}: +{ter.hindrance} LOS Hindrance (A6.7).")
        if self._with_afv:
            drm += self._afv_hindrance(h)
        if drm:
            self._hindered.setdefault(rng, []).append((name, drm))
        if drm > hind.get(rng, 0):
            hind[rng] = drm

    def _hindrance_sum(self, hind: dict) -> None:
        """A6.7's same-range rule, said as it is applied: Hindrance hexes at the
        same range from the viewer count once, at the highest DRM among them;
        then the total as a sum, one term per range."""
        terms = []
        for rng in sorted(hind):
            hexes = self._hindered[rng]
            names = [n for n, _ in hexes]
            listed = " and ".join(names) if len(names) < 3 else \
                ", ".join(names[:-1]) + " and " + names[-1]
            if len(hexes) > 1:
                self.say("A6.7", f"{listed} are {'both' if len(names) == 2 else 'all'} at "
                                 f"range {rng}: they count once, "
                                 f"+{hind[rng]} (the same-range rule, A6.7).")
            terms.append((f"+{hind[rng]}", f"{'/'.join(names)}, range {rng}"))
        total = " ".join(f"{d} ({where})" for d, where in terms)
        self.say("A6.7", f"Hindrance DRM: {total} = +{self.hindrance}.")

    def _afv_hindrance(self, h: g.Hex) -> int:
        """D9.4: +1 for one or more AFV/wrecks in the hex, with its exceptions."""
        name = g.hex_name(h)
        for u in self.s.units_in(h):
            if not (u.is_afv or u.type == "wreck"):
                continue
            what = f"{u.type} {u.id} in {name}"
            why = None
            if u.burning:
                why = "it is burning"
            elif u.moved:
                why = "it moved this Player Turn (TH Case J)"
            elif u.dug_in or u.entrenched:
                why = "it is Dug-In/entrenched"
            elif u.bypass is not None and not self._touches_hexside(u.bypass):
                why = "it is in Bypass and the LOS does not touch the bypassed hexside"
            else:
                afv = unit_end(self.s, u)
                elev = afv.elevation
                if self.hi.elevation > elev:
                    why = "the LOS is not a same-level LOS"
                elif not (Ruling(self.s, self.viewer, afv, False).los
                          and Ruling(self.s, self.target, afv, False).los):
                    why = "it is not in the LOS of both firer and target"
            if why:
                self.say("D9.4", f"{what}: no Hindrance, {why}.")
                continue
            self.say("D9.4", f"{what}: +1 LOS Hindrance.")
            return 1
        return 0

    def _touches_hexside(self, sd: g.Hexside) -> bool:
        ends = set(g.hexside_ends(sd))
        for it in self.trace:
            if it.kind in ("cross", "along") and tuple(sorted(it.hexes)) == sd:
                return True
            if it.kind == "vertex" and it.points[0] in ends:
                return True
        return False

    # --- walls, hedges, bocage -------------------------------------------------
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

    def _along(self, item: g.TraceItem, hind: dict) -> None:
        a, b = item.hexes
        sd = (a, b)
        name = g.hexside_name(sd)
        self._along_obstacle(a, b, name)
        if self.block is not None:
            return
        for h in (a, b):   # A6.1 EXC: inherent terrain hinders along its hexside; D9.4
            if not self._own(h):
                self._hindrance(h, g.distance(self.viewer.hex, h), hind,
                                terrain=TERRAIN[self.s.hex(h).terrain].inherent)
        info = self.s.wall(sd)
        if info is None or info.gap:
            return
        what = self._side_name(sd, info)
        if info.type == "bocage":   # B9.52, B9.521: no LOS along a bocage hexspine
            self._obstacle(2 * self.s.wall_level(sd) + 2, 1, sd, name,
                           f"the bocage hexspine {name}", "B9.52", min_blind=1)
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
        for sd in g.vertex_hexsides(v):
            info = self.s.wall(sd)
            if info is None or info.gap or sd in along:
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

    # --- Depressions: A6.3, B19.2 ----------------------------------------------------
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

    # --- Entrenchments: B9.21 ------------------------------------------------------
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


def _bocage_hexes(s: Setup) -> frozenset:
    """The hexes with a bocage hexside (cached per setup)."""
    got = s.cache.get("bocage_hexes")
    if got is None:
        got = frozenset(h for sd, info in s.hexsides.items() if info.type == "bocage"
                        for h in sd)
        s.cache["bocage_hexes"] = got
    return got


# --- public entry points ---------------------------------------------------------

def evaluate(s: Setup, viewer, target) -> Ruling:
    """Judge the LOS between two ends (unit ids, hex names or Location objects)."""
    v = viewer if isinstance(viewer, End) else resolve(s, viewer, "viewer")
    t = target if isinstance(target, End) else resolve(s, target, "target")
    return Ruling(s, v, t)


def query(s: Setup, viewer, target) -> dict:
    return evaluate(s, viewer, target).as_dict()


def visibility(s: Setup, viewer) -> dict:
    """Every hex's ground Location (IN a Depression where the hex is one): one
    sweep in pycore.visibility, equal to a Ruling per hex."""
    from .visibility import visibility as sweep
    return sweep(s, viewer)


__all__ = ["Ruling", "evaluate", "query", "visibility"]
