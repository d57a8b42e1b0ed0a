"""Hindrances: A6.7 (+1 per Hindrance hex; the same-range rule, said as it is
applied, and the total as a sum) and D9.4 (AFVs and wrecks as Hindrances, with
every exception).

Which terrain a thread meets is the terrain interface's answer
(pycore.rules.los.source: ``hinders``, ``hinders_along``). Inherent Terrain (B.6:
orchard, crags, a graveyard) fills its hex: it hinders a thread crossing any
part of it, and one along its hexside on one side only (A6.1 EXC). Brush,
grain and marsh are not Inherent Terrain: like woods (A6.1), they count along
a hexside only with a Hindrance on both sides of the thread, and on an
imported board only where the thread crosses their depiction."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g
from ..location import unit_end
from ...terrain.catalog import TERRAIN
from . import orchard
from . import water
from .context import Ctx
from .ruling import listed

if TYPE_CHECKING:
    from .ruling import Ruling


def in_hex(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """A6.7, D9.4: a hex the thread crosses, at its range from the viewer."""
    h = item.hexes[0]
    if ctx.own(h):
        return
    met = ctx.terrain.hinders(h, ctx.viewer.point, ctx.target.point)
    if met.drawn and met.terrain is None:
        ter = ctx.s.hex(h).terrain
        if TERRAIN[ter].hindrance:
            r.say("A6.1", f"The {ter} drawn in {ctx.names.hex(h)} lies beside the thread, not "
                          f"across it: {ter} is not Inherent Terrain (B.6), so it hinders "
                          f"only where the thread crosses it (A6.1).")
    _hinder(ctx, r, h, item.near, met.terrain, met.drawn)


def along(ctx: Ctx, r: Ruling, i: int, item: g.TraceItem) -> None:
    """A6.1: along a hexside, Inherent Terrain (B.6) hinders on one side of the
    thread (A6.1 EXC), other terrain only with a Hindrance on both sides at
    once (A6.7); AFVs and wrecks hinder on either side (D9.4)."""
    a, b = item.hexes
    beside = ctx.terrain.hinders_along(a, b, ctx.viewer.point, ctx.target.point)
    name = ctx.names.hexside((a, b))
    for h, what in ((a, beside.a), (b, beside.b)):
        if ctx.own(h):
            continue
        if what is not None and not (beside.both or TERRAIN[what].inherent):
            drawn = "drawn " if beside.drawn else ""
            r.say("A6.1", f"The {what} {drawn}in {ctx.names.hex(h)} lies on one side of the "
                          f"thread along hexside {name} only: {what} is not Inherent Terrain "
                          f"(B.6), so it hinders only where the thread crosses it (A6.1).")
            what = None
        _hinder(ctx, r, h, g.point_range(ctx.viewer.point, h), what, beside.drawn,
                bridge=False)


def _hinder(ctx: Ctx, r: Ruling, h: g.Hex, rng: int, what: str | None, drawn: bool,
            bridge: bool = True) -> None:
    """Hex h's Hindrances at range ``rng``: the hindering terrain ``what`` the
    thread meets there (None: none), a bridge, AFVs and wrecks."""
    info = ctx.s.hex(h)
    if info.terrain == "orchard" and ctx.hi.elevation > info.level:
        orchard.judge(ctx, r, h, rng)       # B14.2 at different levels
        if r.block is not None:
            return
    drm = 0
    if what is not None:
        ter = TERRAIN[what]
        reach = ctx.lo.elevation if ter.hinders_all_levels else ctx.hi.elevation
        if reach <= info.level + water.bank(info, what):
            drm += ter.hindrance
            # marsh, crag, graveyard cite their own rule too (B16.2, B17.2, B18.2)
            also = f", {ter.rule}" if "." in ter.rule else ""
            where = f"the {what} drawn in" if drawn else f"{what} in"
            r.say(ter.rule if ter.hinders_all_levels else "A6.7",
                  f"{where} {ctx.names.hex(h)}: +{ter.hindrance} LOS Hindrance "
                  f"(A6.7{also}).")
    lo, hi = ctx.lo.elevation, ctx.hi.elevation
    at = info.bridge_level      # B6.1: the bridge's road level
    if bridge and info.bridge and not drm and (lo < at <= hi or lo == hi == at):
        drm += 1
        r.say("B6.2", f"the bridge in {ctx.names.hex(h)}: +1 LOS Hindrance (B6.2, A6.7: a bridge "
                      f"hinders a LOS through it between ends at its level, or with only one "
                      f"end below it; the app assumes the LOS crosses the bridge's sides, not "
                      f"only its road).")
    if ctx.with_afv:
        drm += _afv(ctx, r, h)
    if drm:
        r.hindered.setdefault(rng, []).append((ctx.names.hex(h), drm))


def sum_up(r: Ruling, names: g.Names) -> None:
    """A6.7's same-range rule, said as it is applied: Hindrance hexes at the
    same range from the viewer count once, at the highest DRM among them;
    then the total as a sum, one term per range.  From a vertex the ranges
    count from that vertex (A6.12; ``geometry.point_range``), which the steps say."""
    v = r.viewer.point
    if not g.is_centre(v):
        r.say("A6.7", f"The LOS is traced from vertex {names.vertex(v)} (A6.12): ranges "
                      f"for the same-range rule count from that vertex, its three hexes "
                      f"being at range 0 (A6.7).")
    terms = []
    for rng in sorted(r.hindered):
        hexes = r.hindered[rng]
        named = [n for n, _ in hexes]
        most = max(d for _, d in hexes)
        if len(hexes) > 1:
            r.say("A6.7", f"{listed(named)} are {'both' if len(named) == 2 else 'all'} at "
                          f"range {rng}: they count once, "
                          f"+{most} (the same-range rule, A6.7).")
        terms.append((f"+{most}", f"{'/'.join(named)}, range {rng}"))
    total = " ".join(f"{d} ({where})" for d, where in terms)
    r.say("A6.7", f"Hindrance DRM: {total} = +{r.hindrance}.")


def _afv(ctx: Ctx, r: Ruling, h: g.Hex) -> int:
    """D9.4: +1 for one or more AFV/wrecks in the hex, with its exceptions."""
    for u in ctx.s.units_in(h):
        if not (u.is_afv or u.type == "wreck"):
            continue
        what = f"{u.type} {u.label} in {ctx.names.hex(h)}"
        why = None
        if u.burning:
            why = "it is burning"
        elif u.moved:
            why = "it moved this Player Turn (TH Case J)"
        elif u.dug_in or u.entrenched:
            why = "it is Dug-In/entrenched"
        elif u.bypass is not None and not _touches_hexside(ctx, u.bypass):
            why = "it is in Bypass and the LOS does not touch the bypassed hexside"
        else:
            afv = unit_end(ctx.s, u)
            elev = afv.elevation
            if ctx.hi.elevation > elev:
                why = "the LOS is not a same-level LOS"
            elif not (ctx.judge(ctx.s, ctx.viewer, afv, False).los
                      and ctx.judge(ctx.s, ctx.target, afv, False).los):
                why = "it is not in the LOS of both firer and target"
        if why:
            r.say("D9.4", f"{what}: no Hindrance, {why}.")
            continue
        r.say("D9.4", f"{what}: +1 LOS Hindrance.")
        return 1
    return 0


def _touches_hexside(ctx: Ctx, sd: g.Hexside) -> bool:
    ends = set(g.hexside_ends(sd))
    for it in ctx.trace:
        if it.kind in ("cross", "along") and tuple(sorted(it.hexes)) == sd:
            return True
        if it.kind == "vertex" and it.points[0] in ends:
            return True
    return False
