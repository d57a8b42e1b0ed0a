"""The map's terrain as the page paints it (pycore/terrain/mapterrain.py, docs/ssr.md):
the whole map as the rules see it, with the legend of its SSRs.

The page computes no rule: it lists ``pycore.api.ssr_catalog()`` as toggles
and paints what ``terrain(setup)`` returns, every layer decided by
``pycore.api.map_terrain``.
"""
from __future__ import annotations

from typing import Any

from pycore import api


def terrain(setup: Any, *, session: Any = None) -> dict:
    """What the map paints: ``pycore.api.map_terrain`` (``hexes`` and
    ``hexsides`` after every layer, each with its ``origin``; ``changed``,
    the hexes and hexsides the SSRs changed, which the map edges in gold;
    ``beneath``, the terrain under the player's own entries on imported
    boards, which the paint tools start from; ``unmodelled``), with
    ``legend``: the SSRs on, in a player's words ("" when none), and
    ``rules``: the toggles, ``pycore.api.ssr_catalog`` with the SSR art of
    the map's own boards (board 41's dense jungle, ...)."""
    return {**api.map_terrain(setup, session=session), "legend": api.ssr_legend(setup, session=session),
            "rules": api.ssr_catalog(setup, session=session)}
