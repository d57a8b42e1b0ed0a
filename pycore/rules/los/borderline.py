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
in some hex the thread passes, a drawing (obstacle, ground, Hindrance, or
between two ends IN Depressions the Depression's art) meets a moved thread
otherwise than the exact one.  Painted whole-hex maps are
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
from ...terrain.catalog import HINDERING, TERRAIN
from ..location import End, resolve
from .context import terrain
from .drawing import PIXEL, Drawn, unpack
from . import depression
from .drawn import AsDrawn
from .drawn_depression import outside
from .ruling import Ruling

# One pixel of VASL's board art, in the board's quarter pixels (docs/rules.md
# "A borderline thread": a printed board's registration and a taut thread).
TOLERANCE = PIXEL
SHIFTS = (TOLERANCE, -TOLERANCE)
# the largest Hindrance DRM a drawn hex adds (A6.7)
_MOST = max(TERRAIN[name].hindrance for name in HINDERING)

Finish = Callable[[Ruling], None]
Judge = Callable[..., Ruling]


def _differ(t: AsDrawn, r: Ruling, upto: int) -> dict[int, tuple[list[g.Hex], ...]]:
    """Per shift (``SHIFTS``), the hexes the thread passes where a drawing
    meets the thread moved so otherwise than the exact one, and the
    difference could change blocked or not: (obstacle or ground, Hindrance,
    a Depression's art).

    An obstacle or hill no higher than the lower end, either way, blocks
    neither thread (A6.2); a Hindrance changes blocked or not only where the
    total may reach +6 (B.10): such differences are left out, as are the
    obstacles and hills of an end's own hex where its thread starts at the
    centre dot (A6.2: they never block it). A Depression's art counts between
    two ends IN Depressions, in the hexes between them (B19.2, B20.2, B4.2 as
    ``depression`` reads it). Only the thread's parts up to index ``upto``
    are read. A drawing the moved threads meet as the exact one, by its
    bounds alone (``Drawn.alike``), is not read again."""
    p, q = r.viewer.point, r.target.point
    low = min(r.viewer.elevation, r.target.elevation)
    out: dict[int, tuple[list[g.Hex], ...]] = {k: ([], [], []) for k in SHIFTS}
    own = {e.hex for e in (r.viewer, r.target) if e.point == e.hex}

    def above_low(met: int) -> bool:        # an obstacle met above the lower end (A6.2)
        return unpack(met)[0] > 2 * low

    def rises(met: int) -> bool:            # ground met above the lower end (A6.2)
        return met > low

    hindering = []
    for h, e, hd in t.drawings([item.hexes[0] for item in r.trace[:upto + 1]
                                if item.kind == "hex"]):
        if hd is not None:
            hindering.append((h, hd))
        if e is None or h in own:
            continue
        top, level = e.highest          # nothing drawn there can block: not read again
        if top > 2 * low:
            _moved_apart(e.standing, p, q, above_low, h, out, 0)
        if level > low and e.ground is not None:
            _moved_apart(e.ground, p, q, rises, h, out, 0)
    if hindering and r.hindrance + _MOST * len(hindering) >= 6:
        for h, hd in hindering:
            _moved_apart(hd, p, q, _always, h, out, 1)
    if r.viewer.in_depression and r.target.in_depression:
        ends = (r.viewer.hex, r.target.hex)
        for item in r.trace[:upto + 1]:
            h = item.hexes[0]
            if item.kind == "hex" and h not in ends and (d := outside(t.s, h)) is not None:
                _moved_apart(d, p, q, _always, h, out, 2)
    return out


def _always(value: int) -> bool:
    return True


def _moved_apart(d: Drawn, p: g.Point, q: g.Point, counts: Callable[[int], bool], h: g.Hex,
                 out: dict[int, tuple[list[g.Hex], ...]], which: int) -> None:
    """Hex h in ``out[shift][which]`` for each shift whose moved thread meets
    drawing ``d`` otherwise than the exact one, where either meeting
    ``counts``; a drawing met alike, by its bounds alone, is not read."""
    if not d.parts or d.alike(p, q):
        return
    exact = d.met(p, q)
    for k in SHIFTS:
        got = d.met(p, q, k)
        if got != exact and (counts(got) or counts(exact)) and h not in out[k][which]:
            out[k][which].append(h)


def judge(s: Setup, r: Ruling, judge_los: Judge, finish: Finish) -> None:
    """Set ``r.borderline`` (None where the exact thread's verdict does not
    turn on the art within ``TOLERANCE``). ``judge_los``: the driver's
    ``judge``; ``finish``: what ``evaluate`` adds to a ruling after it."""
    t = terrain(s)
    if not r.trace or not isinstance(t, AsDrawn):
        return
    # past the part that blocks the exact thread, a moved thread is blocked there too
    # unless that part's drawing meets it otherwise (read up to it); a part with no
    # drawing (a whole hex, a wall) blocks every moved thread
    last = _block_index(s, r)
    if last is None:
        return
    differ = _differ(t, r, last)
    for shift in SHIFTS:
        if not any(differ[shift]):
            continue
        other = judge_los(s, r.viewer, r.target, art=t.shifted(shift))
        finish(other)
        if other.los == r.los:
            continue
        # A6.5: ``at`` from the whole thread, whichever end views
        solid, hinder, art = _differ(t, r, len(r.trace))[shift] if last < len(r.trace) - 1 \
            else differ[shift]
        h = min(solid or art or hinder)
        name = s.names.hex(h)
        if solid:
            e = t.entry(h)
            what = t.what(h) if e is not None and e.partial is not None else \
                f"the crest line drawn in {name}"
        elif art:
            what = f"the edge of the {depression.kind(s, h)} drawn in {name}"
        else:
            what = f"the {s.hex(h).terrain} drawn in {name}"
        clear, blocked = (r, other) if r.los else (other, r)
        r.borderline = {"rule": "A6.1", "at": name, "what": what,
                        "clear": clear.as_dict(), "blocked": blocked.as_dict(), "settled": None}
        r.say("A6.1", f"Borderline: the thread passes within a pixel of {what}, and the LOS "
                      f"turns on it ({'clear' if r.los else 'blocked'} on the exact thread). If "
                      "the players cannot agree, a dr settles it: 1-3 LOS is not blocked, 4-6 "
                      "it is blocked (A6.1).")
        r.other = other
        return


def _block_index(s: Setup, r: Ruling) -> int | None:
    """The index of the part of the thread where the exact ruling is first
    blocked, a hex drawn in part, else the last part's; None where it is
    blocked by a part the moved threads meet as the exact one: a hex judged
    whole, a hexside or a vertex (walls and hexsides are not moved), or at
    the target's hex by a Depression (A6.3, B19.2); a hex between two ends
    IN Depressions where the thread leaves the Depression's art counts as
    drawn (B19.2, B20.2). A Hindrance total of +6 or more (B.10), and a
    sunken road left between two ends IN Depressions (B4.2, said at the
    target's hex wherever the thread leaves the road's art), are the whole
    thread's."""
    if r.block is None or r.block[1] in ("B.10", "B4.2"):
        return len(r.trace) - 1
    try:
        where = {s.names.parse_hex(name) for name in r.block[0].split("-")}
    except ValueError:
        return len(r.trace) - 1
    t = terrain(s)
    assert isinstance(t, AsDrawn)
    # a part's hexes are its own along a thread (each hex, hexside and vertex is
    # met once), so the part the walk blocked at, where it is the one named, is
    # the first that is
    i = r.blocked_part
    found = i if i is not None and set(r.trace[i].hexes) == where else \
        next((i for i, item in enumerate(r.trace)
              if len(item.hexes) == len(where) and set(item.hexes) == where), None)
    if found is None:
        return len(r.trace) - 1
    item = r.trace[found]
    if item.kind != "hex":
        return None
    h = item.hexes[0]
    if t.entry(h) is not None or t.drawn_hindrance(h) is not None:
        return found
    # B19.2, B20.2, B4.2: where the thread leaves a Depression's art between two ends IN one
    if r.viewer.in_depression and r.target.in_depression and \
            h not in (r.viewer.hex, r.target.hex) and outside(s, h) is not None:
        return found
    return None


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
        if out is not r:
            out.steps.append(r.steps[-1])       # the "Borderline: ..." step
        # which entry settled it, and how (the page's panel and its Clear)
        out.borderline = {**r.borderline, "settled": {"entry": i, "dr": dr, "los": los}}
        how = f"by a dr of {dr}" if dr is not None else "by agreement"
        out.say("A6.1", f"The players settled this borderline LOS {how}: it is "
                        f"{'not blocked' if los else 'blocked'} (A6.1).")
        return out
    return r


def _key(e: End) -> Any:
    return (e.hex, e.level, e.point)

