"""The page's "Scenario rules" section (pycore/terrain/ssr.py, docs/ssr.md):
the SSRs a player may toggle, and the map as the rules see it with them on.

The page computes no rule: it lists ``catalog()`` as toggles and paints what
``ssr_view(setup)`` returns, the transformation done here by ``pycore.terrain.ssr``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.terrain import ssr
from pycore.api import load as load_setup    # with the imported boards (api.LIBRARY)


def catalog() -> list:
    """Every SSR the page offers, in order: ``{"name", "label", "rule", "group"}``.
    Turning one on turns off any other of its ``group`` (they change the same
    terrain: the setup would refuse both)."""
    return ssr.catalog()


def _terrain(s: Any) -> dict:
    """A loaded setup's whole terrain in the setup format, a removed wall left out."""
    d = replace(s, units=(), ssr=()).to_dict(whole=True)
    sides = {k: v for k, v in d["hexsides"].items()
             if (v if isinstance(v, str) else v.get("type")) != "none"}
    return {"hexes": d["hexes"], "hexsides": sides}


def ssr_view(setup: Any) -> dict:
    """``{"legend", "terrain", "board", "changed"}``: the SSRs on, in a player's words, for
    the map's legend ("" when none); when any SSR changed the map, the whole
    terrain the map paints (``{"hexes", "hexsides"}``: the boards' reading or
    the painting, the SSRs applied, the setup's corrections over it, a removed
    wall left out), else None (the page paints as it does without SSRs); and
    on a map of imported boards an SSR changed, their terrain with the SSRs
    applied and without the corrections (else None): what the paint tools
    take as the board's own hex or hexside under a tap (static/ui/edits.js),
    so a tap corrects the bocage shown, not the hedge the board reads; and the
    names of the hexes and hexsides the SSRs changed, which the map marks so
    they look different from the board's own terrain."""
    s = load_setup(setup)
    legend = ssr.legend(s.ssr)
    if not s.ssr_changed:
        return {"legend": legend, "terrain": None, "board": None, "changed": []}
    changed = sorted(s.names.hex(k) if isinstance(k[0], int) else s.names.hexside(k)
                     for k in s.ssr_changed)
    board = None
    if s.layout is not None and s.layout.sources:
        spec = s.to_dict()
        board = _terrain(load_setup({**spec, "hexes": {}, "hexsides": {}, "units": []}))
    return {"legend": legend, "terrain": _terrain(s), "board": board, "changed": changed}
