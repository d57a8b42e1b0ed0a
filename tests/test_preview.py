"""The map's preview (web/preview.py, issue 11): the picture the page shows at
once while Python draws a big map. It must lie exactly where the drawing will:
the same viewBox, map and board edges, and every hex's outline on the
drawing's own hex outline."""
from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from pycore.errors import SetupError
from pycore.setup import load_setup
from web import preview

NS = "{http://www.w3.org/2000/svg}"
FLIPPED = {"format": "asl-setup", "version": 1,
           "map": {"boards": [["12", {"board": "6", "flip": True}], ["y", "z"]]}}


def outlines(d: str) -> list[tuple[str, ...]]:
    """A path's closed subpaths, each as its points' texts."""
    return [tuple(re.split(r"[L ]", sub)) for sub in re.findall(r"M([^Z]*)Z", d)]


def test_the_preview_lies_where_the_drawing_will_hex_for_hex():
    render = pytest.importorskip("web.render")
    drawing = ET.fromstring(render.map_svg(FLIPPED, counters=False))
    picture = ET.fromstring(preview.map_preview(FLIPPED))
    assert picture.get("class") == "map-preview"
    for attr in ("viewBox", "data-columns", "data-rows", "data-boards"):
        assert picture.get(attr) == drawing.get(attr)
    grounds = [tuple(p.get("points").split(" ")) for p in drawing.iter(f"{NS}polygon")
               if p.get("class") == "hex-ground"]
    (path,) = picture.iter(f"{NS}path")
    assert sorted(outlines(path.get("d"))) == sorted(grounds)
    assert len(grounds) == len(list(load_setup(FLIPPED).grid.hexes())) > 1_300   # 2 x 2 boards
    edge = [(r.get("x"), r.get("y"), r.get("width"), r.get("height"))
            for root in (drawing, picture) for r in root.iter(f"{NS}rect") if r.get("class") == "map-edge"]
    assert edge[0] == edge[1]
    boards = [[(g.get("data-board"), "".join(g.itertext()), g.find(f"{NS}rect").attrib)
               for g in root.iter(f"{NS}g") if g.get("class") == "board-edge"] for root in (drawing, picture)]
    assert boards[0] == boards[1]
    assert [b[1] for b in boards[1]] == ["12", "6 (flipped)", "y", "z"]


def test_the_preview_names_nothing_so_nothing_on_it_is_tapped():
    picture = preview.map_preview({"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10}})
    assert "data-hex" not in picture and "data-hexside" not in picture and "data-vertex" not in picture
    assert ET.fromstring(picture).get("data-boards") is None


def test_a_map_the_core_refuses_has_no_preview_but_a_setup_error_naming_the_field():
    with pytest.raises(SetupError, match="map.columns"):
        preview.map_preview({"format": "asl-setup", "version": 1, "map": {"columns": 0, "rows": 10}})


def test_the_preview_is_drawn_without_svgwrite_which_loads_after_ready():
    """static/worker.js answers render_preview before the idle wheels (svgwrite) are loaded."""
    code = ("import sys; sys.modules['svgwrite'] = None; from web import preview; "
            "print(len(preview.map_preview({'format': 'asl-setup', 'version': 1, "
            "'map': {'boards': [['1', '2', '3', '4'], ['5', '6', '7', '8']]}})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 100_000 < int(out.stdout) < 250_000      # 4 x 2 boards: a light picture, not 3 MB
