"""The map's look: the stylesheet and fill patterns embedded in every map SVG.

The SVG carries its own style, so a map exported for a TD looks exactly like
the map on screen. Elements only carry data attributes (``data-terrain``,
``data-ground``, ``data-type``, ...); this sheet turns them into colours, so
the page can repaint a hex by changing one attribute.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:   # svgwrite is loaded after ready; the preview (web.preview) needs only the sheets
    import svgwrite

# Terrain fills (docs/contract.md "hexes.terrain"). A terrain not listed here still
# draws, with the generic "unknown" hatch, and its name in the hex.
TERRAIN_FILLS = {
    "woods": ("#2f6b2a", "#5d9b48"),
    "brush": ("#7fa857", "#b5cf8a"),
    "grain": ("#c9a93a", "#ecd98a"),
    "orchard": ("#4e8a3a", "#c6e0a8"),
    "building": ("#7a4a26", "#c08a5a"),
    "stone-building": ("#55555f", "#a4a4b2"),
    "marsh": ("#3f7b9a", "#a9cfc8"),
    "shellholes": ("#6b5a3f", "#cdbf9f"),
    "gully": ("#6e4a26", "#b08a5c"),
    "stream": ("#2f6fa8", "#b08a5c"),        # B20: a gully holding a rivulet
    "crag": ("#5a5a5a", "#c8c4bc"),          # B17
    "graveyard": ("#4a4a52", "#dcdcd4"),     # B18
    "water": ("#2f6fa8", "#a9d3ef"),         # B21: a river, pond or canal
    "lumberyard": ("#8a5a24", "#e2c79a"),    # stacked lumber: a one-level obstacle
    "sunken-road": ("#5e3a18", "#d9c08a"),   # B4: a road cut a level below the ground
}

# Base level (hill) tints, clamped to -1..4 in ``data-ground``.
GROUND_FILLS = {
    "-1": "#d8cfb8",
    "0": "#f4f1e4",
    "1": "#e6d6a4",
    "2": "#d6b97f",
    "3": "#c49b60",
    "4": "#a9824c",
}

# Colours of the first four sides met in a setup (``data-sidx``), and of the
# usual nationalities whatever their order.
SIDE_FILLS = ["#9fb4cf", "#d9b27c", "#a7c08a", "#c4a6d4"]
NATION_FILLS = {
    "German": "#9fb4cf",
    "Russian": "#d9b27c",
    "American": "#a7c08a",
    "British": "#d8c8a0",
    "Japanese": "#e8d46a",
    "Italian": "#b8c4b0",
    "French": "#8fb0e0",
}

HEXSIDE_CSS = """
.hexside{fill:none;stroke:none;stroke-linecap:round}
.hexside[data-type]{stroke:#c05ac0;stroke-width:4}
.hexside[data-type=wall]{stroke:#7d7d7d;stroke-width:4.5}
.hexside[data-type=hedge]{stroke:#7a8f00;stroke-width:4.5}
.hexside[data-type=bocage]{stroke:#14401a;stroke-width:8}
.hexside[data-type=light-bocage]{stroke:#3c6b2a;stroke-width:6}
.hexside[data-type=cliff]{stroke:#3a2410;stroke-width:7;stroke-dasharray:5 2.5;stroke-linecap:butt}
.hexside[data-type=rowhouse]{stroke:#111111;stroke-width:7;stroke-linecap:butt}
.hexside[data-hillside]{stroke-dasharray:9 2.5;stroke-linecap:butt}
.hexside[data-gap]{stroke-dasharray:34 32 34;stroke-linecap:butt}
.hexside[data-ssr]{filter:drop-shadow(0 0 1.5px #ffb000) drop-shadow(0 0 1.5px #ffb000)}
.hexside[data-block]{stroke:#e02020b0;stroke-width:9}
.hexside[data-block][data-type]{stroke:#e02020}
"""

# The hex outline, and the map's and boards' edges: in the drawing and in its
# first-paint preview (web.preview).
GRID_STROKE = "stroke:#9a9a88;stroke-width:.6"
FRAME_CSS = """
.map-edge{fill:none;stroke:#444;stroke-width:1.2;pointer-events:none}
.board-edge{pointer-events:none}
.board-edge rect{fill:none;stroke:#3050a0;stroke-width:2;stroke-dasharray:10 5}
.board-edge text{font:bold 18px sans-serif;fill:#3050a0;fill-opacity:.55}
"""

HEX_CSS = f"\n.hex-ground{{{GRID_STROKE}}}" + """
.hex-terrain{fill:none;stroke:none}
.hex-shade{fill:#000;fill-opacity:0;stroke:none}
.hex[data-vis=hindered] .hex-shade{fill:url(#v-hindered);fill-opacity:1}
.hex[data-vis=unseen] .hex-shade{fill-opacity:.42}
.hex[data-selected] .hex-ground{stroke:#1060ff;stroke-width:2.5}
.hex[data-block] .hex-ground{stroke:#e02020;stroke-width:3}
.hex[data-unmodelled] .hex-ground{stroke:#7a2c9e;stroke-width:2.5;stroke-dasharray:3 3}
.hex[data-ssr] .hex-ground{stroke:#ffb000;stroke-width:2.5}
.hex-name{font:7px sans-serif;fill:#555;text-anchor:middle}
.hex[data-terrain] .hex-name{fill:#222;paint-order:stroke;stroke:#fffc;stroke-width:2px}
.hex-info{font:bold 9px sans-serif;fill:#222;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:2.2px}
.vertex{fill:transparent;stroke:none}
.vertex[data-block]{fill:#e02020;stroke:#fff;stroke-width:1}
"""

UNIT_CSS = """
.unit rect.counter{stroke:#222;stroke-width:1;rx:2}
.unit text{font:bold 7.5px sans-serif;text-anchor:middle;fill:#111}
.unit text.u-id{font-weight:normal;font-size:7px}
.unit text.u-status{font-size:7px;fill:#fff;paint-order:stroke;stroke:#222;stroke-width:2px}
.unit[data-broken] rect.counter{stroke:#c00000;stroke-width:2;stroke-dasharray:3 2}
.unit[data-selected] rect.counter{stroke:#1060ff;stroke-width:3}
.units text.u-hex,.los .end-name{font:bold 7px sans-serif;text-anchor:middle;fill:#111;paint-order:stroke;stroke:#fff;stroke-width:2.2px}
.unit .u-link{stroke:#222;stroke-width:1;stroke-dasharray:2 2}
.unit .u-vertex{fill:#222}
"""

LOS_CSS = """
.los .thread{stroke-width:2.5;stroke-linecap:round;stroke-opacity:.85}
.los[data-status=clear] .thread{stroke:#00a070}
.los[data-status=hindered] .thread{stroke:#e08a00;stroke-dasharray:9 4}
.los[data-status=blocked] .thread{stroke:#e02020;stroke-dasharray:3 4}
.los .block-mark{fill:none;stroke:#e02020;stroke-width:3}
.los .end{fill:#fff;stroke:#222;stroke-width:1.5}
"""


def _fills_css() -> str:
    rules = [f".hex[data-ground='{k}'] .hex-ground{{fill:{v}}}" for k, v in GROUND_FILLS.items()]
    rules.append(".hex[data-terrain] .hex-terrain{fill:url(#t-unknown)}")
    rules += [f".hex[data-terrain={t}] .hex-terrain{{fill:url(#t-{t})}}" for t in TERRAIN_FILLS]
    rules += [f".unit[data-sidx='{i}'] rect.counter{{fill:{c}}}" for i, c in enumerate(SIDE_FILLS)]
    rules += [f".unit[data-side={n}] rect.counter{{fill:{c}}}" for n, c in NATION_FILLS.items()]
    return "\n".join(rules)


def stylesheet() -> str:
    """The CSS embedded in the map SVG."""
    return "\n".join([HEX_CSS, FRAME_CSS, HEXSIDE_CSS, UNIT_CSS, LOS_CSS, _fills_css()])


def _pattern(dwg: svgwrite.Drawing, name: str, ink: str, paper: str) -> svgwrite.pattern.Pattern:
    pat = dwg.pattern(id=f"t-{name}", size=(8, 8), patternUnits="userSpaceOnUse")
    pat.add(dwg.rect((0, 0), (8, 8), fill=paper, fill_opacity=0.85))
    motif = {
        "woods": lambda: dwg.circle((4, 4), 3, fill=ink),
        "orchard": lambda: dwg.circle((4, 4), 1.6, fill=ink),
        "brush": lambda: dwg.path("M0 8 L8 0", stroke=ink, stroke_width=1.2),
        "grain": lambda: dwg.path("M0 2 H8 M0 6 H8", stroke=ink, stroke_width=0.9),
        "marsh": lambda: dwg.path("M1 3 H5 M3 7 H7", stroke=ink, stroke_width=1.1),
        "shellholes": lambda: dwg.circle((4, 4), 2.2, fill="none", stroke=ink, stroke_width=0.9),
        "gully": lambda: dwg.path("M0 4 Q2 2 4 4 T8 4", fill="none", stroke=ink, stroke_width=1),
        "stream": lambda: dwg.path("M0 4 Q2 2 4 4 T8 4", fill="none", stroke=ink, stroke_width=1.4),
        "building": lambda: dwg.rect((1, 1), (6, 6), fill=ink),
        "stone-building": lambda: dwg.rect((0.5, 0.5), (7, 7), fill=ink, stroke=paper, stroke_width=1),
        "crag": lambda: dwg.polygon([(1, 6), (3, 2), (5, 5), (7, 3)], fill=ink),
        "graveyard": lambda: dwg.rect((3, 1.5), (2, 5), fill=ink),
        "sunken-road": lambda: dwg.path("M0 2 H8 M0 6 H8", stroke=ink, stroke_width=1.6),
        "lumberyard": lambda: dwg.path("M1 2 H7 M1 4 H7 M1 6 H7", stroke=ink, stroke_width=1.1),
        "water": lambda: dwg.path("M0 3 Q2 1.5 4 3 T8 3 M0 7 Q2 5.5 4 7 T8 7", fill="none",
                                  stroke=ink, stroke_width=0.8),
    }.get(name, lambda: dwg.path("M0 0 L8 8 M8 0 L0 8", stroke=ink, stroke_width=0.8))
    pat.add(motif())
    return pat


def add_defs(dwg: svgwrite.Drawing) -> None:
    """Put the stylesheet and terrain patterns into ``dwg``'s defs."""
    dwg.defs.add(dwg.style(stylesheet()))
    for name, (ink, paper) in TERRAIN_FILLS.items():
        dwg.defs.add(_pattern(dwg, name, ink, paper))
    dwg.defs.add(_pattern(dwg, "unknown", "#b04ab0", "#f0d8f0"))
    # A hindered hex (visibility): orange stripes, a mark no board art has, so
    # it is never taken for grain's yellow (a tint was).
    hatch = dwg.pattern(id="v-hindered", size=(6, 6), patternUnits="userSpaceOnUse",
                        patternTransform="rotate(45)")
    hatch.add(dwg.rect((0, 0), (2, 6), fill="#e06a00", fill_opacity=0.65))
    dwg.defs.add(hatch)
