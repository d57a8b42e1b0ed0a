"""A borderline thread (A6.1): where the verdict on a board as drawn turns on
the art within a pixel, and the players' settlement of it.

A6.1: "If players still cannot agree whether a LOS is blocked or not, the
matter is resolved by a dr: 1-3 LOS is not blocked; 4-6 it is blocked."  On a
printed board that is the thread that grazes the art.  The ruling itself is
the exact thread's (pycore.rules.los.drawn); this module asks again with the
thread moved ``TOLERANCE`` across, either way, in the board's quarter-pixel
frame (``pycore.rules.los.drawing.Drawn.met``: integers only).  Where either
moved thread gets the other verdict (blocked or not), the ruling is
borderline: ``Ruling.borderline`` names the hex whose art it turns on and
holds what ``los`` returns under each outcome (docs/rules.md "A borderline
thread").

It costs only near the art: the moved threads are judged in full only where,
in some hex the thread passes, a drawing (obstacle, ground or Hindrance) meets
a moved thread otherwise than the exact one.  Painted whole-hex maps are
decided exactly: never borderline.

A6.5: both directions are borderline together, with the same ``at``: the
moved threads are the same lines either way (moved down or right on the map
whichever end is the viewer), the exact rulings are reciprocal, and ``at`` is
the first of the hexes concerned in the map's own order, not the thread's.
"""
from __future__ import annotations

from typing import Any, Callable

from ... import geometry as g
from ...setup import Setup
from ..location import End, resolve
from .context import terrain
from .drawn import AsDrawn
from .ruling import Ruling

# One pixel of VASL's board art, in the board's quarter pixels (docs/rules.md
# "A borderline thread": a printed board's registration and a taut thread).
TOLERANCE = 4

Finish = Callable[[Ruling], None]
Judge = Callable[..., Ruling]


def _differ(t: AsDrawn, r: Ruling, shift: int) -> tuple[list[g.Hex], list[g.Hex]]:
    """The hexes the thread passes where a drawing meets the thread moved
    ``shift`` otherwise than the exact one: (obstacle or ground, Hindrance)."""
    p, q = r.viewer.point, r.target.point
    solid: list[g.Hex] = []
    hinder: list[g.Hex] = []
    for item in r.trace:
        if item.kind != "hex":
            continue
        h = item.hexes[0]
        e = t.entry(h)
        if e is not None and any(d is not None and d.parts and
                                 d.met(p, q) != d.met(p, q, shift)
                                 for d in (e.standing, e.ground)):
            solid.append(h)
        d = t.drawn_hindrance(h)
        if d is not None and d.met(p, q) != d.met(p, q, shift):
            hinder.append(h)
    return solid, hinder


def judge(s: Setup, r: Ruling, judge_los: Judge, finish: Finish) -> None:
    """Set ``r.borderline`` (None where the exact thread's verdict does not
    turn on the art within ``TOLERANCE``). ``judge_los``: the driver's
    ``judge``; ``finish``: what ``evaluate`` adds to a ruling after it."""
    t = terrain(s)
    if not r.trace or not isinstance(t, AsDrawn):
        return
    for shift in (TOLERANCE, -TOLERANCE):
        solid, hinder = _differ(t, r, shift)
        if not solid and not hinder:
            continue
        other = judge_los(s, r.viewer, r.target, art=t.shifted(shift))
        finish(other)
        if other.los == r.los:
            continue
        h = min(solid or hinder)
        name = s.names.hex(h)
        if solid:
            e = t.entry(h)
            what = t.what(h) if e is not None and e.partial is not None else \
                f"the crest line drawn in {name}"
        else:
            what = f"the {s.hex(h).terrain} drawn in {name}"
        clear, blocked = (r, other) if r.los else (other, r)
        r.borderline = {"rule": "A6.1", "at": name, "what": what,
                        "clear": clear.as_dict(), "blocked": blocked.as_dict()}
        r.say("A6.1", f"Borderline: the thread passes within a pixel of {what}, and the LOS "
                      f"turns on it ({'clear' if r.los else 'blocked'} on the exact thread). If "
                      "the players cannot agree, a dr settles it: 1-3 LOS is not blocked, 4-6 "
                      "it is blocked (A6.1).")
        r.other = other
        return


def settle(s: Setup, r: Ruling) -> Ruling:
    """A borderline ruling the setup's ``settled`` holds for this pair (either
    way round, A6.5): the ruling of the outcome the players settled on, with a
    step saying so; else ``r``."""
    if r.borderline is None or not s.settled:
        return r
    ends = {_key(r.viewer), _key(r.target)}
    for i, entry in enumerate(s.settled):
        v = resolve(s, entry["viewer"], f"settled[{i}].viewer")
        t = resolve(s, entry["target"], f"settled[{i}].target")
        if {_key(v), _key(t)} != ends or _key(v) == _key(t):
            continue
        los, dr = entry["los"], entry.get("dr")
        out = r if los == r.los else r.other
        assert out is not None
        out.borderline = r.borderline
        how = f"by a dr of {dr}" if dr is not None else "by agreement"
        out.say("A6.1", f"The players settled this borderline LOS {how}: it is "
                        f"{'not blocked' if los else 'blocked'} (A6.1).")
        return out
    return r


def _key(e: End) -> Any:
    return (e.hex, e.level, e.point)

