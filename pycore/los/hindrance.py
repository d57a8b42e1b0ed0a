"""Hindrances: A6.7 (+1 per Hindrance hex; the same-range rule, said as it is
applied, and the total as a sum) and D9.4 (AFVs and wrecks as Hindrances, with
every exception)."""
from __future__ import annotations

from .. import geometry as g
from ..location import unit_end
from ..terrain import TERRAIN


class Hindrances:
    """The Hindrance rules of a Ruling (pycore.los.ruling)."""

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
                elif not (type(self)(self.s, self.viewer, afv, False).los
                          and type(self)(self.s, self.target, afv, False).los):
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
