"""The driver: one LOS check, in thread order (A6.1).

It builds the context once, then walks the exact trace and asks the rules for
each kind of trace part in the order of ``ON`` until one blocks; then ``AFTER``
judges the whole thread; then the Hindrance total.  The order matters: the
first block found is the one reported.

Where the walk meets a hex or hexside that the player corrected over an
imported board's reading, or that a scenario's SSR changed, it says so before
the rules judge it ("41Q5 is open ground at level 0 by your correction ...",
"The hedge Q1-R1 is bocage by the scenario's SSR ..."; docs/ssr.md "Every
ruling says so"); the ends' hexes, whose levels and terrain make the ends, are
said with the ends, first.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from ... import geometry as g
from ..location import End
from ...setup import Setup
from ...terrain import ssr
from ...terrain.mapterrain import MapTerrain, correction_step
from . import (bocage, bridge, building, depression, entrenchment, hindrance, hindrance_total,
               obstacles, rowhouse, walls)
from .context import Ctx, bocage_hexes, terrain
from .quiet_ground import CRESTED, WHOLE
from .names import cited
from .ruling import Ruling
from .source import Terrain

Rule = Callable[[Ctx, Ruling, int, g.TraceItem], None]

ON: dict[g.TraceKind, tuple[Rule, ...]] = {
    # (hindrance also asks pycore.rules.los.orchard: B14.2 at different levels)
    "hex": (obstacles.in_hex, bocage.house, hindrance.in_hex),   # A6.2, A6.4, B9.52, A6.7, D9.4
    "cross": (rowhouse.crossed, walls.crossed),                  # B23.71, B9.2, B9.52, B9.521
    "along": (obstacles.along, hindrance.along, walls.along,     # A6.1, A6.7, B9.2, B9.52
              rowhouse.along),                                   # B23.71
    "vertex": (walls.at_vertex,),                                # B9.1, B9.2, B9.52
}
AFTER: tuple[Callable[[Ctx, Ruling], None], ...] = (depression.judge, entrenchment.judge)
_LOUD = 1 << 30              # the top of a hex that is not quiet: above any end


def judge(s: Setup, viewer: End, target: End, with_afv: bool = True,
          art: Terrain | None = None) -> Ruling:
    """The LOS between two ends, with every step; ``with_afv`` False leaves
    AFVs and wrecks out (D9.4's own checks of the LOS to one); ``art``: the
    terrain to ask instead of the setup's (pycore.rules.los.borderline: the
    board's art with the thread moved across)."""
    v, t = viewer, target
    r = Ruling(v, t, g.distance(v.hex, t.hex))
    r.say("A6.1", f"LOS from {describe(v, s.names)} to {describe(t, s.names)}, range {r.range}.")
    said: set[Any] | None = set() if s.ssr_changed or s.layers.corrected else None
    if said is not None:
        _changed(r, s.layers, said, (v.hex, t.hex), s.names)
    if bridge.on_and_beneath(s, v, t):
        r.blocked(s.names.hex(t.hex), "B6.2", bridge.blocked_text(v, t, s.names))
        return r
    if v.hex == t.hex:
        if abs(v.level - t.level) > 1:
            r.blocked(s.names.hex(v.hex), "A6.8",
                      "The building levels between them block the LOS (A6.8 EX).")
        else:
            r.say("A6.8", "Both are in the same hex: the LOS is clear.")
        return r
    joined = building.floors_between(s, v.hex, t.hex) if r.range == 1 and v.level != t.level \
        else None
    if joined is not None:
        one, why = joined
        if one:
            # one building: its floors lie between different levels (A6.8 EX, 12U5 and V4)
            r.blocked(s.names.hex(t.hex), "A6.8",
                      f"{s.names.hex(v.hex)} and {s.names.hex(t.hex)} are one building: {why}. "
                      "The building levels between them block the LOS (A6.8 EX).")
            return r
        r.say("B23.1", f"{s.names.hex(v.hex)} and {s.names.hex(t.hex)}: {why}, so no floors of "
                       "one building lie between them (A6.8).")
    r.trace = trace = g.trace(v.point, t.point)
    # the lower end; at one elevation, the one whose ground hills are judged
    # from is the lower (a Depression end counts from the level around it):
    # either way the same hill is above both ends (A6.2, A6.5)
    lo, hi = (v, t) if (v.elevation, v.in_depression) <= (t.elevation, t.in_depression) \
        else (t, v)
    quiet: Mapping[g.Hex, int] = s.derived(WHOLE) if art is None else {}
    crested: Mapping[g.Hex, int] = s.derived(CRESTED) if art is None else {}
    ctx = Ctx(s, v, t, r.range, trace, lo, hi,
              lo.elevation + (1 if lo.in_depression else 0),
              walls.hexspines(s, v, t, trace), bocage_hexes(s), art or terrain(s), judge, s.names,
              quiet, crested, with_afv)
    _walk(ctx, r, said)
    for rule in AFTER:
        if r.block is not None:
            break
        rule(ctx, r)
    if r.location_los and r.hindered:
        hindrance.sum_up(r, ctx.names)
        hindrance_total.judge(r, ctx.names)        # +6 or more blocks (B.10)
    if r.los:
        extra = f", Hindrance DRM +{r.hindrance}" if r.hindered else ", no Hindrance"
        r.say("A6.1", f"LOS is clear{extra}.")
    elif r.location_los:
        r.say("A6.1", f"{t.name}'s Location can be seen, but not the unit itself.")
    return r


def _walk(ctx: Ctx, r: Ruling, said: set[Any] | None) -> None:
    """Each part of the thread in order, each of its rules in order, until one
    blocks; ``said``: the parts an SSR changed said so far (None: the SSRs
    changed nothing).

    Parts no rule speaks of are passed without asking (each rule's own first
    test, made once): a hexside crossed that the setup lists nothing on (the
    ``cross`` rules judge what a hexside holds); a quiet hex no higher than
    the lower end (pycore.rules.los.quiet_ground; one drawn with crest lines
    only where it is not next to an end: B10.2 EXC), or a hexside run along
    between two such hexes, listing nothing (A6.1: no obstacle or Hindrance on
    either side); a vertex none of whose hexsides lists anything (the vertex
    rules are the walls')."""
    layers, listed = ctx.s.layers, ctx.s.hexsides
    quiet, crested, low, loud = ctx.quiet, ctx.crested, ctx.lo.elevation, _LOUD
    for i, item in enumerate(ctx.trace):
        if said is not None:
            _changed(r, layers, said, ssr.parts(item), ctx.names)
        kind = item.kind
        if kind == "hex":
            h = item.hexes[0]
            if quiet.get(h, loud) <= low or \
                    (crested.get(h, loud) <= low and item.near > 1 and item.far > 1):
                continue
        elif kind == "cross":
            a, b = item.hexes
            if ((a, b) if a < b else (b, a)) not in listed:
                continue
        elif kind == "along":
            a, b = item.hexes
            if quiet.get(a, loud) <= low and quiet.get(b, loud) <= low and \
                    (a, b) not in listed:
                continue
        else:
            a, b, c = item.hexes     # sorted, so are its three hexsides
            if (a, b) not in listed and (a, c) not in listed and (b, c) not in listed:
                continue
        for rule in ON[kind]:
            rule(ctx, r, i, item)
            if r.block is not None:
                r.blocked_part = i
                return


def _changed(r: Ruling, layers: MapTerrain, said: set[Any], parts: Iterable[Any],
             names: g.Names) -> None:
    """A step for each of ``parts`` the player corrected over an imported
    board or an SSR changed, the first time it is met: every step a
    correction or a transformation decided says so (pycore.terrain.mapterrain.correction_step,
    pycore.terrain.ssr.step)."""
    for p in parts:
        if p in said:
            continue
        if p in layers.corrected:
            said.add(p)
            r.steps.append(correction_step(p, layers, names))
        elif (change := layers.changed.get(p)) is not None:
            said.add(p)
            r.steps.append(ssr.step(p, change, names))


def describe(e: End, names: g.Names) -> str:
    """An end as the first step names it: unit, hex, level, vertex, elevation."""
    where = names.hex(e.hex)
    if e.level:
        where += f" level {e.level}"
    if e.point != e.hex:
        where += f" (vertex {cited(names.vertex, e.point)})"
    what = f"{e.unit.label} in {where}" if e.unit else where
    if e.in_depression:
        what += " (IN the Depression)"
    elif e.on_gully_bridge:
        what += " (on the gully's bridge, B19.1)"
    return what + f" at elevation {e.elevation}"
