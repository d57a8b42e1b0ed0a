"""A real board read as a player reads it (issue 27, docs/board-reading.md):
B.1's dominant terrain round the centre dot, gullies and their combinations
(B19.1, B19.21), depression hexsides (B19.2, A6.8 EX), Hillside walls by
B9.6's own test, the ground as drawn (roads, lanes, water), and the terrain
the app does not model named at import.

Each threshold is tested just over and just under, on archives the tests
write (``tests/vasl_writer.py``): no real board's data is used.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from pycore import api
from pycore import geometry as g
from pycore.api import load as load_setup    # loaded with the boards imported (api.DEFAULT.library)
from pycore.terrain.vasl import grid, layers, reading
from pycore.terrain.vasl.archive import GRID_HEIGHT
from tests.helpers import unit
from tests.vasl_writer import board_archive, expected_reading, shape_pixels

ALL = (-40, -40, 40, 40)     # a rect holding a whole hex (with "own": its pixels only)


def read(hexes=None, hexsides=None, shapes=()) -> dict:
    source = api.import_board(board_archive(hexes, hexsides, shapes=shapes))["source"]
    return api.board_terrain(source)


def warnings(hexes=None, hexsides=None, shapes=()) -> list[str]:
    return api.import_board(board_archive(hexes, hexsides, shapes=shapes))["warnings"]


def board_map(source: str, hexes=None, hexsides=None, units=()) -> dict:
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": source}]]},
            "hexes": dict(hexes or {}), "hexsides": dict(hexsides or {}), "units": list(units)}


def _own(name: str) -> set[int]:
    h = g.plain_parse_hex(name)
    return {i * GRID_HEIGHT + j for i, j0, j1 in layers.pixels(h) for j in range(j0, j1 + 1)}


def _disc(name: str) -> set[int]:
    h = g.plain_parse_hex(name)
    return {i * GRID_HEIGHT + j for i, j0, j1 in grid.disc(h) for j in range(j0, j1 + 1)}


def share_of(shape: dict, where: set[int]) -> Fraction:
    """The share of ``where`` (a hex's pixels, or its disc) the shape covers."""
    return Fraction(len(set(shape_pixels(shape)) & where), len(where))


# --- B.1: the terrain round the centre dot ----------------------------------------------

def grain(keep: int, phase: int = 0) -> dict:
    return {"hex": "Q5", "terrain": "grain", "rect": ALL, "own": True,
            "dither": (keep, 10, phase)}


def test_B1_a_dithered_grain_field_is_grain_though_its_centre_pixel_is_a_speckle():
    # VASL's grain is speckled with open ground; the pixel under the dot may be one.
    shape = grain(4, phase=9)
    centre = grid.centre_pixel(g.Hex((45, 9)))     # Q5
    assert centre[0] * GRID_HEIGHT + centre[1] not in shape_pixels(shape)
    assert share_of(shape, _disc("Q5")) > reading.DISC_SHARE
    assert read(shapes=[shape])["hexes"] == {"Q5": {"terrain": "grain"}}


def test_B1_grain_speckles_just_under_the_disc_share_leave_the_hex_open():
    over, under = grain(4), grain(3)
    assert share_of(under, _disc("Q5")) < reading.DISC_SHARE < share_of(over, _disc("Q5"))
    assert share_of(under, _own("Q5")) < reading.HEX_DOMINANT
    assert read(shapes=[over])["hexes"] == {"Q5": {"terrain": "grain"}}
    assert read(shapes=[under])["hexes"] == {}


def test_B1_a_road_drawn_over_the_dot_does_not_make_an_orchard_open():
    # 54L5, the orchard of the B9.55 EX, has a road over its dot.
    for width in (6, 12):            # a road over part of the disc; over all of it
        road = {"hex": "L5", "terrain": "road", "rect": (-40, -width, 40, width), "own": True}
        assert read({"L5": {"terrain": "orchard"}}, shapes=[road])["hexes"] == \
            {"L5": {"terrain": "orchard"}}


def test_B1_woods_round_the_dot_over_a_third_of_the_disc_make_a_woods_hex():
    def woods(x0: int) -> dict:
        return {"hex": "Q5", "terrain": "woods", "rect": (x0, -40, 40, 40), "own": True}
    over, under = woods(2), woods(3)
    assert share_of(under, _disc("Q5")) < reading.DISC_SHARE < share_of(over, _disc("Q5"))
    assert read(shapes=[over])["hexes"] == {"Q5": {"terrain": "woods"}}
    assert read(shapes=[under])["hexes"] == {}


def test_B1_woods_over_half_the_hex_dominate_it_though_the_dot_is_in_open_ground():
    woods = {"hex": "Q5", "terrain": "woods", "rect": ALL, "own": True}
    clearing = {r: {"hex": "Q5", "terrain": "open", "disc": r} for r in (23, 24)}
    over, under = 1 - share_of(clearing[23], _own("Q5")), 1 - share_of(clearing[24], _own("Q5"))
    assert under < reading.HEX_DOMINANT < over          # the dot's disc is open in both
    assert read(shapes=[woods, clearing[23]])["hexes"] == {"Q5": {"terrain": "woods"}}
    assert read(shapes=[woods, clearing[24]])["hexes"] == {}


def test_B1_a_building_beside_its_open_dot_is_still_a_building_hex():
    # "an Open Ground hex center dot never changes a hex containing a building" (B.1; 4X8)
    def house(y0: int) -> dict:
        return {"hex": "X8", "terrain": "stone-building", "rect": (-40, y0, 40, 40), "own": True}
    over, under = house(21), house(23)
    assert share_of(over, _disc("X8")) == 0
    assert share_of(under, _own("X8")) < reading.BUILDING_SHARE < share_of(over, _own("X8"))
    assert read(shapes=[over])["hexes"] == {"X8": {"terrain": "stone-building"}}
    assert read(shapes=[under])["hexes"] == {}


@pytest.mark.parametrize("terrain", ["orchard", "crag"])
def test_B6_inherent_terrain_drawn_round_an_open_dot_fills_the_hex(terrain):
    # Board 8's orchards (D2, E2, G3) draw a few trees round an open dot, and
    # board 80's crags a few rocks: Inherent Terrain fills its hex (B.6). A
    # neighbour's trees spilling over the hexside (under a tenth) leave it open.
    def trees(y0: int) -> dict:
        return {"hex": "X8", "terrain": terrain, "rect": (-40, y0, 40, 40), "own": True}
    over, under = trees(23), trees(24)
    assert share_of(over, _disc("X8")) == 0
    assert share_of(under, _own("X8")) < reading.INHERENT_SHARE < share_of(over, _own("X8"))
    assert read(shapes=[over])["hexes"] == {"X8": {"terrain": terrain}}
    assert read(shapes=[under])["hexes"] == {}
    # and a thread across the hex, X6 to X10, is hindered by it wherever it crosses (A6.7)
    for shape, drm in ((over, 1), (under, 0)):
        source = api.import_board(board_archive(shapes=[shape]))["source"]
        ruling = api.los(board_map(source), "41X6", "41X10")
        assert ruling["los"] and ruling["hindrance"] == drm, ruling["steps"]


def test_B1_building_and_woods_with_neither_dominant_read_as_both():
    # 2I9: "a combination building-woods hex" (B.1): the building first, the woods also
    shapes = [{"hex": "I9", "terrain": "woods", "rect": ALL, "own": True},
              {"hex": "I9", "terrain": "building", "rect": (-40, 8, 40, 40), "own": True}]
    got = read(shapes=shapes)["hexes"]
    assert got == {"I9": {"terrain": "building", "also": "woods"}}
    # a small building in a woods hex leaves it woods
    small = [shapes[0], {"hex": "I9", "terrain": "building", "rect": (-40, 24, 40, 40),
                         "own": True}]
    assert share_of(small[1], _own("I9")) < reading.BUILDING_SHARE
    assert read(shapes=small)["hexes"] == {"I9": {"terrain": "woods"}}


# --- B19: gullies -----------------------------------------------------------------------

def gully_corner(y0: int) -> dict:
    return {"hex": "Q5", "terrain": "gully", "level": -1, "rect": (-40, y0, 40, 40), "own": True}


def test_B19_1_a_gully_drawn_in_part_of_a_hex_makes_it_a_gully_hex():
    over, under = gully_corner(26), gully_corner(27)
    assert share_of(under, _own("Q5")) < reading.GULLY_SHARE < share_of(over, _own("Q5"))
    assert read(shapes=[over])["hexes"] == {"Q5": {"terrain": "gully"}}
    assert read(shapes=[under])["hexes"] == {}


@pytest.mark.parametrize("terrain", ["woods", "brush", "orchard", "grain"])
def test_B19_21_a_gully_keeps_its_other_terrain(terrain):
    hexes = {"Z8": {"terrain": terrain, "gully": True}, "Z7": {"terrain": "gully"}}
    assert read(hexes) == expected_reading(hexes, {})
    assert read(hexes)["hexes"]["Z8"] == {"terrain": terrain, "gully": True}


def test_B19_21_the_loader_carries_the_gully_to_the_rules():
    # 12CC9: gully-brush, "still a 0 level LOS Hindrance"; B19.4 EX: 12Y5, woods gully.
    hexes = {"CC9": {"terrain": "brush", "gully": True}, "Y5": {"terrain": "woods", "gully": True},
             "Y4": {"terrain": "gully"}}
    source = api.import_board(board_archive(hexes))["source"]
    units = [unit("g", "41CC10"), unit("r", "41CC8", side="Russian"),
             unit("m", "41Y4")]
    drawn = board_map(source, units=units)
    s = load_setup(drawn)
    assert s.hex(s.layout.parse_hex("41Y5")).gully
    painted = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
               "hexes": {"41" + k: v for k, v in hexes.items()}, "units": units}
    for a, b in (("g", "r"), ("r", "g")):
        assert api.los(drawn, a, b)["hindrance"] == api.los(painted, a, b)["hindrance"] == 1
    assert api.fire(drawn, "g", "r")["tem"] == api.fire(painted, "g", "r")["tem"]
    cost = api.move_cost(drawn, "m", "41Y4", "41Y5")
    assert cost == api.move_cost(painted, "m", "41Y4", "41Y5")


def test_B19_1_a_bridge_over_a_gully_reads_as_a_gully_bridge_hex():
    # 20T8: the gully with its bridge (B19.1: units there are on the bridge by default)
    hexes = {"T7": {"terrain": "gully"}, "T8": {"terrain": "gully"}, "T9": {"terrain": "gully"}}
    bridge = {"hex": "T8", "terrain": "bridge", "level": 0, "rect": (-8, -40, 8, 40), "own": True}
    assert read(hexes, shapes=[bridge])["hexes"]["T8"] == {"terrain": "gully", "bridge": True}
    assert not any("Bridge" in w or "bridge" in w for w in warnings(hexes, shapes=[bridge]))


def test_B6_2_a_pontoon_bridge_is_no_Hindrance_and_is_not_read_as_a_bridge():
    pontoon = {"hex": "T8", "code": 86, "level": 0, "rect": (-8, -40, 8, 40), "own": True}
    wooden = dict(pontoon, code=85)
    assert read(shapes=[wooden])["hexes"]["T8"] == {"bridge": True}
    assert "T8" not in read(shapes=[pontoon])["hexes"]


# --- B19.2: depression hexsides ---------------------------------------------------------

def test_B19_2_two_gully_hexes_the_gully_does_not_join_read_not_joined():
    # A6.8 EX: units IN 12BB4 and AA5 cannot see each other.
    hexes = {"BB4": {"terrain": "gully"}, "AA5": {"terrain": "gully"},
             "AA4": {"terrain": "gully"}}
    sides = {"AA5-BB4": {"depression": False}}
    got = read(hexes, sides)
    assert got == expected_reading(hexes, sides)
    assert got["hexsides"] == {"AA5-BB4": {"depression": False}}
    assert read(hexes)["hexsides"] == {}          # drawn across: joined
    # and the rules see it as on the painted map, both ways (A6.5)
    source = api.import_board(board_archive(hexes, sides))["source"]
    units = [unit("g", "41BB4"), unit("r", "41AA5", side="Russian")]
    drawn = board_map(source, units=units)
    painted = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
               "hexes": {"41" + k: v for k, v in hexes.items()},
               "hexsides": {"41AA5-41BB4": {"depression": False}}, "units": units}
    for a, b in (("g", "r"), ("r", "g")):
        assert api.los(drawn, a, b)["los"] == api.los(painted, a, b)["los"]


def test_B19_2_a_wall_and_a_bank_on_one_hexside_read_together():
    hexes = {"X4": {"terrain": "gully"}, "X5": {"terrain": "gully"}}
    sides = {"X4-X5": {"type": "wall", "depression": False}}
    assert read(hexes, sides) == expected_reading(hexes, sides)


# --- B9.6: Hillside walls and hedges ----------------------------------------------------

def test_B9_6_a_bank_on_the_lower_side_does_not_stop_a_hillside_wall():
    # 12X4-Y4: the wall beside the gully; a bank at level 0 lies between the
    # wall and the gully's bed, on the lower side: B9.6 looks at the higher side.
    hexes = {"X4": {"terrain": "gully"}}
    bank = {"hex": "X4", "terrain": "open", "level": 0, "rect": (-40, -40, 40, -14),
            "own": True}
    got = read(hexes, {"X4-Y4": {"type": "wall", "hillside": True}}, shapes=[bank])
    # X4-Y4 lies on X4's upper right; the bank covers X4's top part, beside it
    assert got["hexsides"] == {"X4-Y4": {"type": "wall", "hillside": True}}


def test_B9_6_lower_ground_on_the_higher_side_makes_a_plain_wall():
    # B9.35: the lower level's terrain between the wall and the crest line
    hexes = {"Q5": {"level": 1}}
    for hillside in (True, False):
        got = read(hexes, {"Q5-R4": {"type": "hedge", "hillside": hillside}})
        assert got["hexsides"] == {"Q5-R4": {"type": "hedge", "hillside": True}
                                   if hillside else "hedge"}


# --- the ground as drawn ----------------------------------------------------------------

def test_a_road_drawn_on_an_embankment_carries_its_level():
    road = {"hex": "Y7", "terrain": "road", "level": 1, "rect": (-40, -8, 40, 8), "own": True}
    assert read(shapes=[road])["hexes"] == {"Y7": {"level": 1}}


def test_a_road_up_a_hill_is_read_at_the_level_it_is_drawn_at():
    hexes = {"M4": {"level": 1}}
    road = {"hex": "M5", "terrain": "road", "level": 1, "rect": (-40, -10, 40, 10), "own": True}
    assert read(hexes, shapes=[road])["hexes"] == {"M4": {"level": 1}, "M5": {"level": 1}}


def test_B4_1_a_lane_drawn_below_the_ground_is_a_sunken_road_with_no_warning():
    lane = {"hex": "L5", "terrain": "road", "level": -1, "rect": (-40, -8, 40, 8), "own": True}
    assert read(shapes=[lane])["hexes"] == {"L5": {"terrain": "sunken-road"}}
    said = warnings(shapes=[lane])
    assert not any("sunken road" in w.lower() or "gully" in w for w in said), said


def test_a_hedge_beside_a_sunken_lane_stays_at_the_ground_level():
    # board 55: the hedges along its lanes are at level 0, not the lane's -1;
    # beside the lane's depression they are Hillside hedges (B9.6, as 13S4-S5)
    lane = {"hex": "L5", "terrain": "road", "level": -1, "rect": (-40, -8, 40, 8), "own": True}
    got = read({}, {"L5-M5": "hedge"}, shapes=[lane])
    assert got["hexes"] == {"L5": {"terrain": "sunken-road"}}
    assert got["hexsides"] == {"L5-M5": {"type": "hedge", "hillside": True}}
    source = api.import_board(board_archive({}, {"L5-M5": "hedge"}, shapes=[lane]))["source"]
    s = load_setup(board_map(source))
    assert s.wall_level(g.hexside(*(s.layout.parse_hex(n) for n in ("41L5", "41M5")))) == 0


# Water (B21: rivers, ponds, banks) is read in tests/test_water.py.


# --- terrain the app does not model, named ----------------------------------------------

@pytest.mark.parametrize("terrain,name", [("road-block", "Road Block"),
                                          ("rubble", "Stone Rubble")])
def test_unmodelled_terrain_is_named_once_with_its_first_hexes(terrain, name):
    hexes = ["B2", "C3", "D2", "E3", "F2", "G3", "H2", "I3"]
    shapes = [{"hex": h, "terrain": terrain, "rect": (-12, -6, 12, 6)} for h in hexes]
    said = [w for w in warnings(shapes=shapes) if name in w]
    how = "check it by eye" if terrain in ("road-block", "bridge") else "read as open ground"
    assert said == [f"board 41: {name} (not in the app yet: {how}) drawn at B2, C3, D2, E3, "
                    f"F2, G3 and 2 more"], said


# --- board numbers as players type them ---------------------------------------------------

@pytest.mark.parametrize("typed", ["4", "04", "bd4", "BD04", " 4 "])
def test_a_board_number_is_read_as_players_type_it(typed):
    from pycore.geometry.boards import board_number
    assert board_number(typed) == "4"
    assert board_number("bd12a") == "12a" and board_number("0") == "0"


def test_the_new_maps_cells_name_an_imported_board_however_its_number_is_typed():
    from pycore.errors import SetupError
    from pycore.api import forget_board, layout_boards
    from web.messages import player_words

    def forget_all() -> None:
        for b in api.boards():
            forget_board(b["source"])
    forget_all()
    try:
        assert layout_boards([["4", "12"]]) == [["4", "12"]]      # nothing imported: blank boards
        source = api.import_board(board_archive({"Q5": {"terrain": "woods"}}, name="04"))["source"]
        got = layout_boards([["bd4", {"board": "04", "flip": True}]])
        assert got == [[{"board": "4", "source": source},
                        {"board": "4", "source": source, "flip": True}]]
        with pytest.raises(SetupError) as e:
            layout_boards([["4", "12"]])
        assert player_words(str(e.value), None) == (
            "the board in row 1, column 2: board 12 is not imported on this device (imported: "
            "4): import bd12, or type the number of an imported board")
        s = load_setup({"format": "asl-setup", "version": 1,
                        "map": {"boards": layout_boards([["4"]])}})
        assert s.hex(s.layout.parse_hex("4Q5")).terrain == "woods"
    finally:
        forget_all()


def test_B19_1_unlike_a_gully_a_stream_drawn_in_a_corner_does_not_make_a_stream_hex():
    corner = {"hex": "Q5", "terrain": "stream", "level": -1, "rect": (-40, 20, 40, 40),
              "own": True}
    assert share_of(corner, _own("Q5")) > reading.GULLY_SHARE
    assert read(shapes=[corner])["hexes"] == {}
    across = dict(corner, rect=(-40, -10, 40, 10))       # through the dot: a stream hex
    assert read(shapes=[across])["hexes"] == {"Q5": {"terrain": "stream"}}


# --- the round trip with gullies: painted, written, read back the same ----------------------

from hypothesis import HealthCheck, given, settings          # noqa: E402
from hypothesis import strategies as st                       # noqa: E402

from pycore.geometry.boards import BOARD_GRID    # noqa: E402


@st.composite
def gully_boards(draw):
    cells = [h for h in BOARD_GRID.hexes() if not BOARD_GRID.is_half(h)]
    chosen = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=24, unique=True))
    hexes = {}
    for h in chosen:
        other = draw(st.sampled_from(["gully", "woods", "brush", "orchard", "grain", "open"]))
        level = draw(st.integers(0, 2))
        hexes[h] = {"terrain": "gully"} if other == "gully" else \
            {"terrain": other, "gully": True} if other != "open" else {}
        if level:
            hexes[h]["level"] = level
    sides = {}
    def gully(h):       # B19.2: a depression hexside lies between two gully hexes
        return hexes[h].get("terrain") == "gully" or hexes[h].get("gully", False)
    pairs = sorted({g.hexside(a, b) for a in hexes for b in g.neighbours(a)
                    if b in hexes and gully(a) and gully(b)})
    for sd in draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []:
        sides[sd] = {"depression": False}
    return ({g.PLAIN.hex(h): v for h, v in hexes.items()},
            {g.PLAIN.hexside(sd): v for sd, v in sides.items()})


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gully_boards())
def test_B19_a_painted_board_of_gullies_reads_back_the_same(board):
    hexes, sides = board
    assert read(hexes, sides) == expected_reading(hexes, sides)


def test_terrain_the_app_lacks_at_the_dot_beside_woods_reads_as_the_woods():
    shapes = [{"hex": "Q5", "terrain": "woods", "rect": ALL, "own": True},
              {"hex": "Q5", "terrain": "rubble", "disc": 14}]
    assert read(shapes=shapes)["hexes"] == {"Q5": {"terrain": "woods"}}
    assert any("Stone Rubble (not in the app yet: read as open ground) drawn at Q5" in w
               for w in warnings(shapes=shapes))


@st.composite
def scribbled_boards(draw):
    """Shapes of any code at any level over a few hexes: whatever a board draws."""
    shapes = []
    for name in draw(st.lists(st.sampled_from(["Q5", "Q6", "R5", "R6", "P5"]), min_size=1,
                              max_size=10)):
        shape = {"hex": name, "code": draw(st.integers(0, 255)), "level": draw(st.integers(-3, 4))}
        if draw(st.booleans()):
            shape["disc"] = draw(st.integers(2, 34))
        else:
            x0, y0 = draw(st.integers(-40, 30)), draw(st.integers(-36, 30))
            shape["rect"] = (x0, y0, x0 + draw(st.integers(2, 40)), y0 + draw(st.integers(2, 40)))
        shapes.append(shape)
    return shapes


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scribbled_boards())
def test_any_drawing_reads_as_a_valid_setup_that_the_rules_load(shapes):
    source = api.import_board(board_archive({}, {}, shapes=shapes))["source"]
    s = load_setup(board_map(source, units=[unit("g", "41Q4"), unit("r", "41Q7", side="Russian")]))
    assert all(info.terrain for info in s.hexes.values())
    api.los(board_map(source, units=[unit("g", "41Q4"), unit("r", "41Q7", side="Russian")]),
            "g", "r")


def test_B1_a_second_terrain_on_a_third_of_the_hex_applies_too():
    woods = {"hex": "Q5", "terrain": "woods", "rect": ALL, "own": True}

    def brush(y0: int) -> dict:
        return {"hex": "Q5", "terrain": "brush", "rect": (-40, y0, 40, 40), "own": True}
    over, under = brush(8), brush(9)
    assert share_of(under, _own("Q5")) < reading.BOTH_SHARE < share_of(over, _own("Q5"))
    for shape, both in ((over, True), (under, False)):
        also = {"also": "brush"} if both else {}
        assert read(shapes=[woods, shape])["hexes"] == {"Q5": {"terrain": "woods", **also}}
        # read as both, no longer warned of (B.1, A2.4)
        assert not any("neither dominant" in w for w in warnings(shapes=[woods, shape]))


def test_an_unmodelled_terrain_names_a_hex_from_16_pixels_drawn_in_it():
    def rubble(x1: int) -> dict:
        return {"hex": "Q5", "terrain": "rubble", "rect": (20, -2, x1, 2)}
    assert len(shape_pixels(rubble(24))) == reading.NAMED_PX > len(shape_pixels(rubble(23)))
    assert any("Stone Rubble" in w for w in warnings(shapes=[rubble(24)]))
    assert not any("Stone Rubble" in w for w in warnings(shapes=[rubble(23)]))
