"""What the app read in one hex of the map (docs/real-board-ui.md):
its terrain and base level, and the walls, hedges, bocage and cliffs on its sides, in
one line a player checks against the board's art, e.g.
``41Q6: stone building, level 0; hedge 41Q6-41R5``.

On a map of imported boards it says which part is the player's own
correction (an entry of the setup over the board's reading) and where the
rules follow the drawing rather than the whole hex (pycore.rules.los.drawn)."""
from __future__ import annotations

from typing import Any

from pycore import api
from pycore import geometry as g
from pycore.rules.los import unmodelled
from pycore.rules.los.context import terrain
from pycore.setup import CLIFF, hex_field
from pycore.terrain.catalog import BUILDINGS


def _terrain(info: Any) -> str:
    name = "open ground" if info.terrain == "open" else info.terrain.replace("-", " ")
    if info.terrain == "water":      # B21: as a player names it
        name = f"{info.extra.get('water', 'water')} (a Water Obstacle)"
    if info.terrain in BUILDINGS and info.levels > 1:
        name = f"{name} of {info.levels} levels"
    if info.gully and info.terrain != "gully":
        name = f"{name} in a gully"
    if info.stream and info.terrain != "stream":     # B20.1
        name = f"{name} in a stream"
    if info.bridge:         # B6.2; over a gully, units are on it unless beneath (B19.1)
        name = f"{name} with a bridge"
    return f"{name}, level {info.level}"


def _side(info: Any) -> str:
    kind = info.type.replace("-", " ")
    flags = [f for f, on in (("Hillside", info.hillside), ("gap", info.gap)) if on]
    return kind + (f" ({', '.join(flags)})" if flags else "")


def hex_reading(setup: Any, name: Any) -> dict:
    """``{"hex", "text", "terrain", "hexsides", "own", "board"}``: hex ``name``
    as the rules read it. ``hexsides`` lists its walls, hedges and bocage as
    ``{"name", "type"}``; ``own``: the player's entry overrides the board's
    reading here; ``board``: the hex lies on an imported board. ``hexsides`` also
    lists cliffs (B11), so a cliff misread from a board can be seen and removed."""
    s = api.load(setup)
    h = hex_field(name, "hex", s.grid, s.names)
    info = s.hex(h)
    hex_name = s.names.hex(h)
    sides = []
    for sd in g.hexsides_of(h):      # its walls, hedges, bocage and cliffs (B11)
        side = s.wall(sd) or s.hexsides.get(sd)
        if side is not None and (side is s.wall(sd) or side.type == CLIFF):
            sides.append({"name": s.names.hexside(sd), "type": side.type, "said": _side(side)})
    board = s.layout is not None and any(b.source is not None for b in s.layout.holders(h))
    own = s.overrides is not None and (h in s.overrides.hexes or any(
        sd in s.overrides.hexsides for sd in g.hexsides_of(h)))
    parts = [_terrain(info)]
    partly = terrain(s).drawn_partly(h)
    if partly is not None:
        parts[0] += f" (drawn partly {partly}: the rules follow the drawing)"
    unknown = unmodelled.on_map(s).get(h)
    if unknown:
        parts.append(f"the board also draws {', '.join(unknown)} here: check it by eye")
    text = f"{hex_name}: " + "; ".join(parts + [f"{d['said']} {d['name']}" for d in sides])
    if own:
        text += " (your correction)"
    return {"hex": hex_name, "text": text, "terrain": info.terrain, "level": info.level,
            "hexsides": [{"name": d["name"], "type": d["type"]} for d in sides],
            "own": own, "board": board}

