"""A Depression hex as an imported board draws it (B19.2, B20.2, B4.2): the
pixels of the hex outside the Depression's own art
(``pycore.terrain.vasl.depression_art``), read once per setup, for
``drawn.AsDrawn.leaves_depression``: a thread between two units IN
Depressions stays in the Depression only where it passes through none of them.
"""
from __future__ import annotations

from ... import geometry as g
from ...geometry.boards import Layout
from ...setup import Setup
from ...terrain.vasl import depression_art
from .drawing import Drawn, drawn_part, per_hex


def outside(s: Setup, h: g.Hex) -> Drawn | None:
    """Depression hex ``h``'s pixels drawn outside the Depression, per board
    holding it (value 1), or None where the hex is judged whole: painted, the
    player's own entry, an SSR's terrain change, or its art filling it."""
    if not s.hex(h).is_depression:
        return None

    def read(layout: Layout) -> Drawn | None:
        parts = []
        for b in layout.holders(h):
            if b.source is not None:
                cols = depression_art.outside(s.imported[b.source], b.to_local(h)).columns
                if cols:
                    parts.append(drawn_part(s, b, cols))
        return Drawn(tuple(parts), "depression") if parts else None
    return per_hex(s, "drawn_depression", h, read)
