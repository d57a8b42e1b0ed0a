"""Line of sight: A6, B9.1-B9.2, B9.21, B9.52-B9.531, B9.61, B19, D9.4.

``evaluate`` reads the exact trace from ``pycore.geometry`` and applies the
rules to it in thread order; it does no geometry of its own.  Every finding
becomes a step ``{"rule", "text"}`` a player can check.  The rules live in
one module per family, named for it, as plain functions of a frozen context
(context.py) and the ruling record (ruling.py, which lists them); driver.py
runs them in thread order.

Elevations are compared in half levels (integers): a wall or hedge is a
half-level obstacle, a single-story house one level, a building with upper
levels ½ above its top level (B23.2; pycore.terrain.catalog.obstacle_height).
"""
from __future__ import annotations

from typing import Any

from ..location import End, resolve
from ...setup import Setup
from . import borderline, unmodelled, water
from .driver import judge
from .ruling import Ruling


def evaluate(s: Setup, viewer: Any, target: Any) -> Ruling:
    """Judge the LOS between two ends (unit ids, hex names or Location objects)."""
    v = viewer if isinstance(viewer, End) else resolve(s, viewer, "viewer")
    t = target if isinstance(target, End) else resolve(s, target, "target")
    r = judge(s, v, t)
    _finish(s, r)
    borderline.judge(s, r, judge, lambda o: _finish(s, o))     # A6.1: for the player only too
    return borderline.settle(s, r)


def _finish(s: Setup, r: Ruling) -> None:
    unmodelled.judge(s, r)      # for the player only: a visibility sweep does not say it
    water.judge(s, r)           # B21: the same


def query(s: Setup, viewer: Any, target: Any) -> dict[str, Any]:
    return evaluate(s, viewer, target).as_dict()


def thread(s: Setup, viewer: Any, target: Any) -> dict[str, Any]:
    """The thread between two ends and what it touches (no ruling)."""
    from ... import geometry as g
    from .names import touches
    v, t = resolve(s, viewer, "viewer"), resolve(s, target, "target")
    trace = g.trace(v.point, t.point) if v.hex != t.hex else ()
    return {"from": list(v.point), "to": list(t.point), "touches": touches(s.names, trace)}


__all__ = ["Ruling", "evaluate", "query", "thread"]
