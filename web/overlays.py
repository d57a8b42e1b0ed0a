"""The page's Overlays tool, Python side (docs/overlays.md "Laying one in the
page"): a tap's edit of ``map.overlays`` (pycore.api.overlay_edit), where each
overlay's art goes on the drawn map, and its image for the page to show.

The page computes no coordinate: ``overlay_art`` gives each image's place in
the map drawing's own units (web.frame's ``U``), and its turn on a flipped
board as an SVG transform. Its GIF is handed back to the page, which shows it
from a ``blob:`` URL and keeps it nowhere (as the board images:
web/boardfile.py).
"""
from __future__ import annotations

import base64
from typing import Any

from pycore import api, geometry
from pycore.errors import SetupError
from web.frame import U, fmt
from web.messages import player_words


def overlay_edit(setup: Any, change: Any, *, session: Any = None) -> dict:
    """``pycore.api.overlay_edit``, a refusal in a player's words."""
    try:
        return api.overlay_edit(setup, change, session=session)
    except api.NeedsPixels:
        raise                   # the worker decodes them and asks again (static/worker.js)
    except SetupError as e:
        raise SetupError(player_words(str(e), setup)) from None


def overlay_art(setup: Any, *, session: Any = None) -> list:
    """Each overlay's image on the drawn map, in the order laid: ``{"overlay",
    "source", "member", "x", "y", "width", "height", "transform"}`` (the
    transform "" or a half turn about its middle, on a flipped board)."""
    out = []
    for a in api.overlay_art(setup, session=session):
        x0, y0, x1, y1 = a["box"]
        (sx0, sy0), (sx1, sy1) = geometry.pixel((x0, y0), U), geometry.pixel((x1, y1), U)
        turn = f"rotate(180 {fmt((sx0 + sx1) / 2)} {fmt((sy0 + sy1) / 2)})" if a["flip"] else ""
        out.append({"overlay": a["overlay"], "source": a["source"], "member": a["member"],
                    "x": float(fmt(sx0)), "y": float(fmt(sy0)), "width": float(fmt(sx1 - sx0)),
                    "height": float(fmt(sy1 - sy0)), "transform": turn})
    return out


def overlay_image(source: Any, member: Any, *, session: Any = None) -> dict:
    """One overlay image's GIF, checked: ``{"type": "image/gif", "base64"}``."""
    data = api.overlay_gif(source, member, session=session)
    return {"type": "image/gif", "base64": base64.b64encode(data).decode("ascii")}
