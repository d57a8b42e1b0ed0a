"""What the app read in one hex of the map (docs/real-board-ui.md):
its terrain and base level, and the walls, hedges, bocage and cliffs on its sides, in
one line a player checks against the board's art, e.g.
``41Q6: stone building, level 0; hedge 41Q6-41R5``.

On a map of imported boards it says which part is the player's own
correction (an entry of the setup over the board's reading) and where the
rules follow the drawing rather than the whole hex: what ``pycore.api.hex_terrain``
answers, in a player's words."""
from __future__ import annotations

from typing import Any

from pycore import api


def _terrain(info: dict) -> str:
    name = "open ground" if info["terrain"] == "open" else info["terrain"].replace("-", " ")
    if info["terrain"] == "water":      # B21: as a player names it
        name = f"{info['water'] or 'water'} (a Water Obstacle)"
    if info["terrain"] in api.BUILDINGS and info["levels"] > 1:
        name = f"{name} of {info['levels']} levels"
    if info["gully"] and info["terrain"] != "gully":
        name = f"{name} in a gully"
    if info["stream"] and info["terrain"] != "stream":     # B20.1
        name = f"{name} in a stream"
    if info["bridge"]:      # B6.2; over a gully, units are on it unless beneath (B19.1)
        name = f"{name} with a bridge"
    return f"{name}, level {info['level']}"


def _side(side: dict) -> str:
    kind = side["type"].replace("-", " ")
    flags = [f for f, on in (("Hillside", side["hillside"]), ("gap", side["gap"])) if on]
    return kind + (f" ({', '.join(flags)})" if flags else "")


def hex_reading(setup: Any, name: Any, *, session: Any = None) -> dict:
    """``{"hex", "text", "terrain", "hexsides", "own", "board"}``: hex ``name``
    as the rules read it. ``hexsides`` lists its walls, hedges and bocage as
    ``{"name", "type"}``; ``own``: the player's entry overrides the board's
    reading here; ``board``: the hex lies on an imported board. ``hexsides`` also
    lists cliffs (B11) and rowhouse walls (B23.71), so one misread from a board
    can be seen and removed."""
    info = api.hex_terrain(setup, name, session=session)
    parts = [_terrain(info)]
    if info["drawn_partly"] is not None:
        parts[0] += f" (drawn partly {info['drawn_partly']}: the rules follow the drawing)"
    if info["unmodelled"]:
        parts.append(f"the board also draws {', '.join(info['unmodelled'])} here: check it by eye")
    text = f"{info['hex']}: " + "; ".join(parts + [f"{_side(d)} {d['name']}" for d in info["hexsides"]])
    if info["own"]:
        text += " (your correction)"
    return {"hex": info["hex"], "text": text, "terrain": info["terrain"], "level": info["level"],
            "hexsides": [{"name": d["name"], "type": d["type"]} for d in info["hexsides"]],
            "own": info["own"], "board": info["board"]}
