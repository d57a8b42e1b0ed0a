"""The page's "Scenario rules" section and its map's terrain (pycore/ssr.py,
docs/ssr.md, pycore/mapterrain.py): the SSRs a player may toggle, and the
map's terrain as the rules see it, which the page paints as it is given.

The page computes no rule: it lists ``catalog()`` as toggles and paints what
``terrain(setup)`` returns, every layer decided by ``pycore.api.map_terrain``.
"""
from __future__ import annotations

from typing import Any

from pycore import api


def catalog() -> list:
    """Every SSR the page offers, in order: ``{"name", "label", "rule", "group"}``.
    Turning one on turns off any other of its ``group`` (they change the same
    terrain: the setup would refuse both)."""
    return api.ssr_catalog()


def terrain(setup: Any, *, session: Any = None) -> dict:
    """What the map paints: ``pycore.api.map_terrain`` (``hexes`` and
    ``hexsides`` after every layer, each with its ``origin``; ``changed``,
    the hexes and hexsides the SSRs changed, which the map edges in gold;
    ``beneath``, the terrain under the player's own entries on imported
    boards, which the paint tools start from; ``unmodelled``), with
    ``legend``: the SSRs on, in a player's words ("" when none)."""
    return {**api.map_terrain(setup, session=session), "legend": api.ssr_legend(setup, session=session)}
