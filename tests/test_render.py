"""The SVG map (web/render.py): every hex, hexside and vertex addressable by
its docs/contract.md name, placed by pycore.geometry, and the setup drawn faithfully."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("svgwrite", reason="web.render draws with svgwrite (pip install svgwrite==1.4.3)")

from pycore import geometry    # noqa: E402
from pycore.errors import SetupError    # noqa: E402
from web import render  # noqa: E402

NS = {"s": "http://www.w3.org/2000/svg"}


def setup(**parts):
    base = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10}}
    base.update(parts)
    return base


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_attr(root: ET.Element, attr: str) -> dict:
    return {el.get(attr): el for el in root.iter() if el.get(attr) is not None}


def centre(el: ET.Element) -> tuple[float, float]:
    return float(el.get("data-cx")), float(el.get("data-cy"))


def px(point) -> tuple[float, float]:
    x, y = geometry.pixel(point, render.U)
    return round(x, 2), round(y, 2)


@pytest.fixture(scope="module")
def board():
    """An empty geomorphic board, 33 x 10."""
    return parse(render.map_svg(setup()))


# --- hex names and geometry (docs/contract.md "Hex names and geometry") -------------------

def test_geomorphic_board_has_every_hex_of_a_33x10_map_and_no_other(board):
    names = set(by_attr(board, "data-hex"))
    expected = {f"{geometry.column_name(c)}{r}" for c in range(1, 34)
                for r in range(1 if c % 2 else 0, 11)}
    assert names == expected
    assert len(names) == 17 * 10 + 16 * 11  # odd columns 1..10, even columns 0..10 (half hexes)
    assert {"A1", "B0", "B10", "Z9", "X6", "GG10", "AA5"} <= names
    assert not {"A0", "GG0", "HH1", "A11"} & names


def test_hexes_are_placed_by_geometry_pixel_with_their_six_vertices(board):
    for name, g in by_attr(board, "data-hex").items():
        h = geometry.PLAIN.parse_hex(name)
        assert centre(g) == px(h)
        polygon = g.find("s:polygon", NS)
        drawn = [tuple(float(v) for v in p.split(",")) for p in polygon.get("points").split()]
        assert drawn == [px(v) for v in geometry.hex_vertices(h)]


def test_rulebook_adjacencies_hold_on_the_drawn_map(board):
    """Q4, Q5 and R4 share a vertex; T1 touches U2; Z9-X6 runs along Z8-Y9 (docs/contract.md)."""
    vertices = by_attr(board, "data-vertex")
    sides = by_attr(board, "data-hexside")
    q = vertices[geometry.PLAIN.vertex(geometry.PLAIN.parse_vertex("Q4-Q5-R4"))]
    assert centre(q) == px(geometry.PLAIN.parse_vertex("Q4-Q5-R4"))
    assert geometry.PLAIN.hexside(geometry.PLAIN.parse_hexside("T1-U2")) in sides
    assert geometry.PLAIN.hexside(geometry.PLAIN.parse_hexside("Z8-Y9")) in sides
    assert geometry.PLAIN.vertex(geometry.PLAIN.parse_vertex("Y8-Y9-Z8")) in vertices


def test_every_hexside_between_two_map_hexes_is_addressable_once(board):
    grid = geometry.Grid(33, 10)
    expected = {geometry.PLAIN.hexside(s) for h in grid.hexes() for s in geometry.hexsides_of(h)
                if grid.contains(s[0]) and grid.contains(s[1])}
    drawn = [el.get("data-hexside") for el in board.iter() if el.get("data-hexside")]
    assert len(drawn) == len(set(drawn))
    assert set(drawn) == expected


def test_hexside_and_vertex_positions_come_from_geometry(board):
    for name, line in by_attr(board, "data-hexside").items():
        p, q = (px(e) for e in geometry.hexside_ends(geometry.PLAIN.parse_hexside(name)))
        assert line.tag == "{http://www.w3.org/2000/svg}line"      # one element per hexside
        assert (float(line.get("x1")), float(line.get("y1")), float(line.get("x2")), float(line.get("y2"))) \
            == (*p, *q)
    for name, el in by_attr(board, "data-vertex").items():
        assert centre(el) == px(geometry.PLAIN.parse_vertex(name))


def test_map_size_comes_from_the_setup():
    root = parse(render.map_svg(setup(map={"columns": 4, "rows": 3})))
    assert set(by_attr(root, "data-hex")) == {"A1", "A2", "A3", "B0", "B1", "B2", "B3",
                                               "C1", "C2", "C3", "D0", "D1", "D2", "D3"}
    assert (root.get("data-columns"), root.get("data-rows")) == ("4", "3")


# --- terrain and levels ---------------------------------------------------------------

def test_terrain_base_level_and_building_levels_are_drawn():
    root = parse(render.map_svg(setup(hexes={
        "Y8": {"terrain": "woods"}, "J4": {"level": 3}, "6T1": {"terrain": "building", "levels": 2},
        "K4": {"level": 7}, "EE8": {"terrain": "gully", "level": -1}})))
    hexes = by_attr(root, "data-hex")
    assert hexes["Y8"].get("data-terrain") == "woods"
    assert hexes["Z9"].get("data-terrain") is None  # open ground
    assert hexes["J4"].get("data-ground") == "3"
    assert hexes["K4"].get("data-ground") == "4"  # tint clamped, the label says the truth
    info = {n: "".join(g.find("s:text[@class='hex-info']", NS).itertext()) for n, g in hexes.items()}
    assert info["K4"] == "L7"
    assert info["T1"] == "2 lvl"  # board prefix "6" accepted
    assert info["EE8"] == "L-1"
    assert info["Z9"] == ""


def test_every_terrain_has_a_fill_pattern():
    root = parse(render.map_svg(setup()))
    patterns = {p.get("id") for p in root.iter("{http://www.w3.org/2000/svg}pattern")}
    for terrain in ("woods", "brush", "grain", "orchard", "building", "stone-building", "marsh",
                    "shellholes", "gully"):
        assert f"t-{terrain}" in patterns


def test_hexside_types_and_b96_hillside_and_b93_gap_flags():
    root = parse(render.map_svg(setup(hexsides={
        "Z8-Y9": "hedge", "Y7-X7": "wall", "AA5-AA6": "bocage",
        "B4-B5": {"type": "hedge", "hillside": True}, "W9-X9": {"type": "wall", "gap": True}})))
    sides = by_attr(root, "data-hexside")
    name = lambda n: geometry.PLAIN.hexside(geometry.PLAIN.parse_hexside(n))  # noqa: E731
    assert sides[name("Z8-Y9")].get("data-type") == "hedge"
    assert sides[name("Y7-X7")].get("data-type") == "wall"
    assert sides[name("AA5-AA6")].get("data-type") == "bocage"
    assert sides[name("B4-B5")].get("data-hillside") == "true"
    assert sides[name("B4-B5")].get("data-gap") is None
    assert sides[name("W9-X9")].get("data-gap") == "true"
    assert sides[name("Y8-Y9")].get("data-type") is None


# --- units ------------------------------------------------------------------------------

UNITS = [
    {"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
    {"id": "g2", "side": "German", "type": "leader", "hex": "Z9", "broken": True, "concealed": True},
    {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6", "wa": True, "level": 1},
    {"id": "t1", "side": "Russian", "type": "vehicle", "hex": "Q4", "bypass": "Q4-R4", "vertex": "Q4-Q5-R4"},
]


UNIT_HEXES = {"X6": {"terrain": "stone-building", "levels": 2}}  # r1 stands on its level 1


def units_of(root):
    return by_attr(root, "data-unit")


def translate(g):
    x, y = g.get("transform").removeprefix("translate(").rstrip(")").split(",")
    return float(x), float(y)


def test_units_stand_on_their_hex_and_stack_visibly():
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS)))
    units = units_of(root)
    z9 = centre(by_attr(root, "data-hex")["Z9"])
    a, b = translate(units["g1"]), translate(units["g2"])
    assert abs(a[0] - b[0]) >= render.marks.UNIT_SIZE / 2  # the top counter leaves the other tappable
    assert ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) == z9  # the stack stays on its hex
    assert translate(units["r1"]) == centre(by_attr(root, "data-hex")["X6"])  # a lone unit: on the dot


def test_unit_status_is_shown_on_the_counter():
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS)))
    units = units_of(root)
    text = lambda uid: " ".join(units[uid].itertext())  # noqa: E731
    assert "LDR" in text("g2") and "BRK" in text("g2") and "?" in text("g2")
    assert units["g2"].get("data-broken") == "true"
    assert "WA" in text("r1") and "L1" in text("r1")
    assert "AFV" in text("t1") and "BYP" in text("t1")
    assert units["g1"].get("data-side") == "German" and units["r1"].get("data-side") == "Russian"
    assert units["g1"].get("data-sidx") != units["r1"].get("data-sidx")


def test_bypass_unit_straddles_its_hexside_and_points_at_its_vertex():
    """A4.3 Bypass; the LOS vertex of A6.12/B9.42 is marked."""
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS)))
    t1 = units_of(root)["t1"]
    side = by_attr(root, "data-hexside")[geometry.PLAIN.hexside(geometry.PLAIN.parse_hexside("Q4-R4"))]
    assert translate(t1) == centre(side)
    dot = t1.find("s:circle[@class='u-vertex']", NS)
    at = translate(t1)
    vertex = px(geometry.PLAIN.parse_vertex("Q4-Q5-R4"))
    assert (round(at[0] + float(dot.get("cx")), 2), round(at[1] + float(dot.get("cy")), 2)) == vertex


def test_unit_ids_and_names_are_escaped_text():
    hostile = [{"id": "<script>alert(1)</script>", "side": "German", "type": "squad", "hex": "A1",
                "name": '<img src=x onerror="alert(2)">'},
               {"id": "javascript:alert(3)", "side": "Russian & Co", "type": "squad", "hex": "B1"}]
    svg = render.map_svg(setup(units=hostile))
    root = parse(svg)
    tags = {el.tag.split("}")[1] for el in root.iter()}
    assert "script" not in tags and "img" not in tags
    assert "<script>" not in svg and "<img" not in svg
    units = units_of(root)
    assert set(units) == {"<script>alert(1)</script>", "javascript:alert(3)"}
    title = units["<script>alert(1)</script>"].find("s:title", NS).text
    assert '<img src=x onerror="alert(2)">' in title
    assert units["javascript:alert(3)"].get("data-side") == "Russian & Co"
    assert not any(el.get("href") or el.get("{http://www.w3.org/1999/xlink}href", "").startswith("javascript")
                   for el in root.iter() if el.tag.endswith("a"))


# --- the LOS thread, overlay and selection -------------------------------------------------

def los_layer(root):
    return next(el for el in root.iter() if el.get("class") == "los")


@pytest.mark.parametrize("result, status", [
    ({"los": True, "hindrance": 0, "blocked_at": None}, "clear"),
    ({"los": True, "hindrance": 2, "blocked_at": None}, "hindered"),  # A6.7 Hindrance DRM
    ({"los": False, "hindrance": 0, "blocked_at": "Y8-Y9-Z8", "rule": "B9.2"}, "blocked"),
])
def test_los_thread_is_coloured_clear_hindered_or_blocked(result, status):
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS), los={"viewer": "g1", "target": "r1", **result}))
    layer = los_layer(root)
    assert layer.get("data-status") == status
    thread = layer.find("s:line[@class='thread']", NS)
    ends = (float(thread.get("x1")), float(thread.get("y1"))), (float(thread.get("x2")), float(thread.get("y2")))
    assert ends == (px(geometry.PLAIN.parse_hex("Z9")), px(geometry.PLAIN.parse_hex("X6")))


def test_point_of_block_is_marked_where_the_ruling_says():
    """B9.2 EX: with a hedge at Y8-Y9 the LOS Z9-X6 is blocked at the Y8-Y9-Z8 vertex."""
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS), los={
        "viewer": "g1", "target": "r1", "los": False, "hindrance": 0, "blocked_at": "Z8-Y9-Y8"}))
    vertex = by_attr(root, "data-vertex")[geometry.PLAIN.vertex(geometry.PLAIN.parse_vertex("Y8-Y9-Z8"))]
    assert vertex.get("data-block") == "true"
    mark = los_layer(root).find("s:circle[@class='block-mark']", NS)
    assert (float(mark.get("cx")), float(mark.get("cy"))) == centre(vertex)
    assert sum(1 for el in root.iter() if el.get("data-block") is not None) == 1


def test_thread_to_a_location_vertex_ends_on_that_vertex():
    """A6.12 / B9.42: LOS traced to a vertex (Bypass, Snap Shot)."""
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS), los={
        "viewer": "g1", "target": {"hex": "Q4", "level": 0, "vertex": "Q4-Q5-R4"}, "los": True, "hindrance": 0}))
    thread = los_layer(root).find("s:line[@class='thread']", NS)
    assert (float(thread.get("x2")), float(thread.get("y2"))) == px(geometry.PLAIN.parse_vertex("Q4-Q5-R4"))


def test_visibility_overlay_shades_unseen_and_tints_hindered_hexes():
    overlay = {"hexes": {"A1": {"los": True, "hindrance": 0}, "A2": {"los": True, "hindrance": 1},
                         "A3": {"los": False, "hindrance": 0}}}
    hexes = by_attr(parse(render.map_svg(setup(), overlay=overlay)), "data-hex")
    assert [hexes[n].get("data-vis") for n in ("A1", "A2", "A3", "A4")] == ["seen", "hindered", "unseen", None]


def test_selected_hex_or_unit_is_highlighted():
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS), selected="6Z9"))
    assert by_attr(root, "data-hex")["Z9"].get("data-selected") == "true"
    root = parse(render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS), selected="g1"))
    assert units_of(root)["g1"].get("data-selected") == "true"
    assert units_of(root)["r1"].get("data-selected") is None
    assert all(el.get("data-selected") is None for el in by_attr(root, "data-hex").values())  # not hex G1


# --- bad input ---------------------------------------------------------------------------

@pytest.mark.parametrize("bad, field", [
    (setup(hexes={"ZZZ": {"terrain": "woods"}}), "ZZZ"),
    (setup(units=[{"id": "g1", "side": "German", "type": "squad", "hex": "A1"},
                  {"id": "g1", "side": "German", "type": "squad", "hex": "A2"}]), "g1"),
    ({"format": "asl-setup"}, "version"),
])
def test_bad_setup_raises_setup_error_naming_the_field(bad, field):
    with pytest.raises(SetupError, match=field):
        render.map_svg(bad)


@pytest.mark.parametrize("options, field", [
    ({"los": {"viewer": "nobody", "target": "g1", "los": True, "hindrance": 0}}, "los"),
    ({"los": {"viewer": "g1", "target": {"hex": "Q99"}, "los": True, "hindrance": 0}}, "los"),
    ({"los": {"viewer": "g1", "target": "r1", "los": False, "blocked_at": "A1-C5"}}, "los"),
    ({"overlay": {"hexes": {"??": {"los": True}}}}, "overlay"),
])
def test_bad_drawing_options_raise_setup_error_naming_them(options, field):
    with pytest.raises(SetupError, match=field):
        render.map_svg(setup(hexes=UNIT_HEXES, units=UNITS), **options)


def test_the_page_asks_for_the_grid_without_counters_it_draws_itself():
    # Issue 9, one source for what is drawn: the page draws counters and the
    # thread (static/ui/mapview.js); Python's are for exports and the card.
    s = setup(units=[{"id": "g1", "side": "German", "type": "squad", "hex": "C3"},
                     {"id": "r1", "side": "Russian", "type": "squad", "hex": "C5"}])
    los = {"viewer": "g1", "target": "r1", "los": True, "hindrance": 0, "blocked_at": None}
    full, grid = render.map_svg(s, los=los), render.map_svg(s, los=los, counters=False)
    assert 'data-unit="g1"' in full and 'class="los"' in full
    assert "data-unit" not in grid and 'class="los"' not in grid
    assert by_attr(parse(grid), "data-hex").keys() == by_attr(parse(full), "data-hex").keys()


def test_a_map_of_boards_is_drawn_in_tiles_each_holding_what_it_draws_inside_its_box():
    # Issue 11: the page puts each tile in an SVG of its own (static/ui/mapview.js),
    # its viewBox data-box and its corner data-at from the map's viewBox corner,
    # so a tap repaints and hit-tests one tile. A tile must hold the whole of
    # each element it draws, with room for the widest stroke (4.5 px).
    root = parse(render.map_svg({"format": "asl-setup", "version": 1,
                                 "map": {"boards": [["1", "2", "3", "4"], ["5", "6", "7", "8"]]}},
                                counters=False))
    vx, vy, _, _ = (float(v) for v in root.get("viewBox").split())
    for layer, attr in (("hexes", "data-hex"), ("hexsides", "data-hexside"), ("vertices", "data-vertex")):
        group = root.find(f".//s:g[@class='{layer}']", NS)
        tiles = list(group)
        assert len(tiles) == 8 and {t.get("class") for t in tiles} == {"tile"}
        held = []
        for tile in tiles:
            x, y, w, h = (float(v) for v in tile.get("data-box").split())
            assert [float(v) for v in tile.get("data-at").split()] == pytest.approx([x - vx, y - vy])
            for el in tile.iter():
                name = el.get(attr)
                if name is None:
                    continue
                held.append(name)
                if layer == "hexes":
                    points = [tuple(map(float, p.split(","))) for p in el[0].get("points").split()]
                elif layer == "hexsides":
                    points = [(float(el.get("x1")), float(el.get("y1"))), (float(el.get("x2")), float(el.get("y2")))]
                else:
                    r = float(el.get("r"))
                    points = [(float(el.get("cx")) + d, float(el.get("cy")) + d) for d in (-r, r)]
                for px_, py_ in points:
                    assert x + 4.5 <= px_ <= x + w - 4.5 and y + 4.5 <= py_ <= y + h - 4.5, (layer, name)
        assert sorted(held) == sorted(by_attr(root, attr)) and len(held) == len(set(held))


def _strokes(css: str) -> dict[str, tuple[str, float]]:
    """selector -> (stroke colour, stroke width) of the rules that set a stroke."""
    out = {}
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        props = dict(p.split(":", 1) for p in body.split(";") if ":" in p)
        if "stroke" in props:
            out[selector.strip()] = (props["stroke"].lower(), float(props.get("stroke-width", 0)))
    return out


def test_hexside_colours_differ_from_every_thread_colour_and_show_under_it_issue_22():
    # B9.1/B9.2: a wall or hedge under the thread must stay readable, and a
    # hedge must never look like a clear LOS thread (it was the same green).
    from web import mapstyle
    sides = {s: c for s, c in _strokes(mapstyle.HEXSIDE_CSS).items() if "data-type=" in s}
    threads = {s: c for s, c in _strokes(mapstyle.LOS_CSS).items() if ".thread" in s}
    thread_width = float(re.search(r"\.los \.thread\{[^}]*stroke-width:([\d.]+)", mapstyle.LOS_CSS)[1])
    assert {"wall", "hedge", "bocage", "light-bocage"} <= {s.split("=")[1].rstrip("]") for s in sides}
    thread_colours = {colour for colour, _ in threads.values()}
    assert len(thread_colours) >= 3
    for selector, (colour, width) in sides.items():
        for thread in thread_colours:   # far apart in RGB (#2f9a2f and #10a030 were 32 apart)
            assert _rgb_distance(colour, thread) >= 90, (selector, colour, thread)
        assert width > thread_width, selector   # the hexside shows on both sides of the thread


def _rgb_distance(a: str, b: str) -> float:
    ra, rb = (tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (a, b))
    return sum((x - y) ** 2 for x, y in zip(ra, rb)) ** 0.5


@pytest.mark.parametrize("columns, rows", [(1, 1), (1, 4), (3, 1)])
def test_a_map_one_hex_wide_or_high_shows_its_hexes_issue_22(columns, rows):
    # The limits allow 1 x 1 (pycore.limits): its map edge, cut through the
    # centres of the edge hexes, had no area, and the page showed nothing.
    root = parse(render.map_svg(setup(map={"columns": columns, "rows": rows})))
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    assert width >= 4 * render.U and height >= 2 * 3 ** 0.5 * render.U


def test_a_unit_traced_to_a_vertex_on_the_maps_edge_is_drawn_A6_12():
    """A unit may trace its LOS to any vertex of its own hex (A6.12, B9.42), on
    the map's edge too, where no vertex target is drawn to tap: the map is still
    drawn, with the counter (before: a KeyError, so the page could not draw it)."""
    from pycore.setup import load_setup
    base = {"format": "asl-setup", "version": 1, "map": {"columns": 3, "rows": 4}}
    s = load_setup(base)
    cases = []
    for h in s.grid.hexes():
        for v in geometry.hex_vertices(h):
            try:
                cases.append((s.names.hex(h), s.names.vertex(v)))
            except ValueError:      # beside column A: a vertex without a name
                pass
    drawn = 0
    for hex_name, vertex in cases:
        setup = {**base, "units": [{"id": "u1", "side": "German", "type": "squad",
                                    "hex": hex_name, "vertex": vertex}]}
        try:
            load_setup(setup)
        except SetupError:            # a vertex the setup format refuses: not this test's
            continue
        assert 'data-unit="u1"' in render.map_svg(setup), (hex_name, vertex)
        drawn += 1
    assert drawn > 40
