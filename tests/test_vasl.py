"""Real boards (issue 19, docs/contract.md "Real boards"): VASL board archives read
hex by hex, placed on a map of boards, flipped and corrected by the setup.

Every archive here is written by ``tests/vasl_writer.py`` from a painted
setup: no real board's data is used.
"""
from __future__ import annotations

import hashlib
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api, share
from pycore import geometry as g
from pycore.geometry.boards import BOARD_GRID
from pycore.errors import SetupError
from pycore.terrain.vasl import grid
from pycore.terrain.vasl.hexsides import board_hexsides
from tests.helpers import unit
from tests.vasl_writer import board_archive, expected_reading


def imported(hexes=None, hexsides=None, **kw) -> str:
    return api.import_board(board_archive(hexes, hexsides, **kw))["source"]


def board_map(*boards, hexes=None, hexsides=None, units=()) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [list(boards)]},
            "hexes": dict(hexes or {}), "hexsides": dict(hexsides or {}), "units": list(units)}


# --- the grid: pixels on the lattice, exactly ---------------------------------------------

def test_pixel_grid_puts_hex_centres_where_vasl_does():
    # Column c (0 = A) at x = 56.25 c; odd-lettered columns at y = 64.5 (r - 0.5),
    # even-lettered at y = 64.5 r.
    assert grid.pixel_of(g.PLAIN.parse_hex("A1")) == (0, Fraction(129, 4))
    assert grid.pixel_of(g.PLAIN.parse_hex("B0")) == (Fraction(225, 4), 0)
    assert grid.pixel_of(g.PLAIN.parse_hex("C3")) == (Fraction(225, 2), Fraction(645, 4))
    assert grid.pixel_of(g.PLAIN.parse_hex("GG10")) == (1800, Fraction(2451, 4))


@given(st.integers(-2000, 4000), st.integers(-2000, 4000))
def test_pixel_and_lattice_maps_are_exact_inverses(x, y):
    px = (Fraction(x, 7), Fraction(y, 3))
    assert grid.pixel_of(grid.lattice_of(*px)) == px   # type: ignore[arg-type]


def test_the_quarter_pixel_frame_is_four_times_the_exact_map():
    points = {v for h in BOARD_GRID.hexes() for v in g.hex_vertices(h)} | set(BOARD_GRID.hexes())
    for p in points:
        x, y = grid.pixel_of(p)
        assert grid.quarter(p) == (4 * x, 4 * y)


def test_every_hexside_of_a_board_is_read_from_pixels_that_project_onto_it():
    sides = board_hexsides()
    assert len(sides) == len({g.hexside(h, n) for h in BOARD_GRID.hexes()
                              for n in g.neighbours(h) if BOARD_GRID.contains(n)})
    for sd in sides:
        _, pattern = grid.hexside_pixels(sd)
        offsets = range(pattern.span)
        per_stretch = [set(getter(offsets)) for getter in pattern.stretches]
        assert len(per_stretch) == grid.STRETCHES and all(per_stretch)
        assert set().union(*per_stretch) == {o for a, b in pattern.runs for o in range(a, b)}


# --- import_board ----------------------------------------------------------------------

def test_import_board_names_the_board_by_its_metadata_and_hash():
    data = board_archive({"Q5": {"terrain": "woods"}}, name="12", version="6.1")
    r = api.import_board(data)
    assert r == {"board": "12", "version": "6.1",
                 "source": "vasl:12:6.1:" + hashlib.sha256(data).hexdigest()[:16],
                 "columns": 33, "rows": 10, "ssr": [], "warnings": []}
    assert r in api.boards()


def test_board_terrain_reads_each_hex_at_its_centre_dot():
    hexes = {"Q5": {"terrain": "woods"}, "R4": {"level": 1}, "CC6": {"terrain": "gully"},
             "A1": {"terrain": "brush"}, "GG10": {"terrain": "grain", "level": 2},
             "B0": {"terrain": "marsh"}, "B10": {"terrain": "orchard"},
             "J4": {"terrain": "shellholes", "level": -1}}
    source = imported(hexes)
    assert api.board_terrain(source) == expected_reading(hexes, {})


def test_building_levels_come_from_the_metadata_or_the_code():
    hexes = {"T1": {"terrain": "building", "levels": 3},
             "X1": {"terrain": "stone-building", "levels": 2}, "O4": {"terrain": "building"}}
    by_metadata = api.board_terrain(imported(hexes, metadata_buildings=True))["hexes"]
    by_code = api.board_terrain(imported(hexes, metadata_buildings=False, name="12"))["hexes"]
    assert by_metadata == by_code == expected_reading(hexes, {})["hexes"]


def test_a_gully_hex_is_read_at_its_base_level_not_its_depicted_one():
    # VASL draws a depression's pixels one level below the hex's base level.
    hexes = {"CC6": {"terrain": "gully", "level": 1}, "CC7": {"terrain": "gully"}}
    got = api.board_terrain(imported(hexes))["hexes"]
    assert got == {"CC6": {"terrain": "gully", "level": 1}, "CC7": {"terrain": "gully"}}


def test_unknown_terrain_codes_are_open_ground_with_a_warning():
    from tests import vasl_writer as w
    w.HEX_CODES["mystery"] = 250
    try:
        data = board_archive({"Q5": {"terrain": "mystery"}, "Q6": {"terrain": "woods"}})
    finally:
        del w.HEX_CODES["mystery"]
    r = api.import_board(data)
    assert any("250" in text and "open ground" in text for text in r["warnings"])
    assert any("Q5" in text for text in r["warnings"])
    assert api.board_terrain(r["source"])["hexes"] == {"Q6": {"terrain": "woods"}}


def test_terrain_the_app_does_not_model_is_named_in_a_warning():
    from tests import vasl_writer as w
    w.HEX_CODES["rubble"] = 90     # VASL's Stone Rubble (lumberyards: tests/test_lumberyard.py)
    try:
        r = api.import_board(board_archive({"P9": {"terrain": "rubble"}}))
    finally:
        del w.HEX_CODES["rubble"]
    assert r["warnings"] == ["board 41: Stone Rubble (not in the app yet: read as open ground) "
                             "drawn at P9"]


# --- hexsides: how much of a hexside the depiction must cover -----------------------------

@pytest.mark.parametrize("cover, wall", [
    ((0, 0.56), True), ((0, 0.44), False),          # from one end
    ((0.2, 0.76), True), ((0.3, 0.74), False),      # in the middle
    ((0.44, 1), True), ((0.56, 1), False),          # to the other end
])
def test_a_wall_is_read_where_its_depiction_covers_at_least_half_the_hexside(cover, wall):
    for name in ("E4-E5", "E4-F4", "E5-F4"):         # the three directions of hexsides
        source = imported({}, {name: {"type": "wall", "cover": cover}})
        assert (name in api.board_terrain(source)["hexsides"]) is wall, (name, cover)


def test_walls_round_a_hex_do_not_spill_onto_the_hexsides_between_them():
    # Every other hexside of E5 walled: the walls' ends touch the three bare ones.
    walled = {"E5-E4": "wall", "E5-F5": "wall", "E5-D5": "wall"}
    got = api.board_terrain(imported({}, walled))["hexsides"]
    assert got == expected_reading({}, walled)["hexsides"]


def test_B9_3_a_road_through_a_break_in_a_wall_makes_a_gap():
    both_ends = [(0, 0.38), (0.62, 1)]
    sides = {"E4-E5": {"type": "wall", "cover": both_ends, "gap": True},
             "G4-G5": {"type": "hedge", "cover": both_ends},
             "J4-J5": {"type": "wall", "gap": True}}
    source = imported({}, sides)
    got = api.board_terrain(source)["hexsides"]
    # A break with no road is just a wall drawn with a break; a road beside a
    # whole wall passes no break.
    assert got == {"E4-E5": {"type": "wall", "gap": True}, "G4-G5": "hedge", "J4-J5": "wall"}
    s = api.load(board_map({"board": "41", "source": source}))
    assert s.hexsides[s.names.parse_hexside("41E4-41E5")].gap
    assert not s.hexsides[s.names.parse_hexside("41J4-41J5")].gap


def test_hedge_bocage_and_cactus_hedge_are_told_apart():
    sides = {"E4-E5": "hedge", "G4-G5": "bocage", "J4-J5": "cactus-hedge", "L4-L5": "wall"}
    assert api.board_terrain(imported({}, sides))["hexsides"] == sides


def test_B9_6_a_wall_between_levels_with_no_lower_ground_beside_it_is_hillside():
    hexes = {"R4": {"level": 1}, "R5": {"level": 1}}
    sides = {"Q5-R4": {"type": "hedge", "hillside": True}, "Q5-R5": "hedge"}
    got = api.board_terrain(imported(hexes, sides))["hexsides"]
    # Q5-R5 has level-0 ground painted between the hedge and the hill (B9.35).
    assert got == {"Q5-R4": {"type": "hedge", "hillside": True}, "Q5-R5": "hedge"}


def test_B9_6_a_wall_beside_a_gully_is_hillside_where_the_gully_reaches_it():
    # Both hexes at base level 0, the gully's pixels at -1 (B9.6 names 12X4-Y4).
    hexes = {"X4": {"terrain": "gully"}, "X5": {"terrain": "gully"}}
    sides = {"X4-Y4": {"type": "wall", "hillside": True}, "X5-Y5": "wall"}
    got = api.board_terrain(imported(hexes, sides))["hexsides"]
    assert got == {"X4-Y4": {"type": "wall", "hillside": True}, "X5-Y5": "wall"}


def test_bocage_is_never_hillside():
    hexes = {"R4": {"level": 1}}
    got = api.board_terrain(imported(hexes, {"Q5-R4": {"type": "bocage", "hillside": True}}))
    assert got["hexsides"] == {"Q5-R4": "bocage"}


# --- the round trip ------------------------------------------------------------------------

PAINTABLE = ["open", "woods", "brush", "grain", "orchard", "marsh", "shellholes", "gully",
             "building", "stone-building"]


@st.composite
def painted_boards(draw):
    cells = BOARD_GRID.hexes()
    chosen = draw(st.lists(st.sampled_from(cells), max_size=40, unique=True))
    hexes = {}
    for h in chosen:
        terrain = draw(st.sampled_from(PAINTABLE))
        entry = {"terrain": terrain, "level": draw(st.integers(-1, 3))}
        if terrain in ("building", "stone-building"):
            entry["levels"] = draw(st.integers(1, 4))
        hexes[h] = entry
    sides = {}
    for sd in draw(st.lists(st.sampled_from(board_hexsides()), max_size=25, unique=True)):
        kind = draw(st.sampled_from(["wall", "hedge", "bocage", "cactus-hedge"]))
        depicted = [hexes.get(h, {}).get("level", 0)
                    - (hexes.get(h, {}).get("terrain") == "gully") for h in sd]
        hillside = kind != "bocage" and depicted[0] != depicted[1] and draw(st.booleans())
        sides[sd] = {"type": kind, "hillside": True} if hillside else kind
    return ({g.PLAIN.hex(h): v for h, v in hexes.items()},
            {g.PLAIN.hexside(sd): v for sd, v in sides.items()})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(painted_boards())
def test_a_painted_board_written_as_an_archive_reads_back_the_same(board):
    hexes, sides = board
    assert api.board_terrain(imported(hexes, sides)) == expected_reading(hexes, sides)


# --- on a map: placed, flipped, corrected -------------------------------------------------

def test_an_imported_board_is_judged_by_its_reading():
    source = imported({"R5": {"terrain": "woods"}})
    s = board_map({"board": "41", "source": source},
                  units=[unit("g", "41R4"), unit("r", "41R6", side="Russian")])
    r = api.los(s, "g", "r")
    assert r["los"] is False and r["blocked_at"] == "41R5"


def test_the_setups_own_entries_override_the_board_and_alone_travel_in_links():
    source = imported({"R5": {"terrain": "woods"}}, {"E4-E5": "wall"})
    s = board_map({"board": "41", "source": source}, hexes={"41R5": {"terrain": "open"}},
                  units=[unit("g", "41R4"), unit("r", "41R6", side="Russian")])
    assert api.los(s, "g", "r")["los"] is True
    loaded = api.load(s)
    assert loaded.wall(g.hexside(*(loaded.layout.parse_hex(n) for n in ("41E4", "41E5"))))
    link = share.encode(api.load(s))
    back = share.decode(link, api.DEFAULT.library)
    assert back["hexes"] == {"41R5": {"terrain": "open"}}
    assert back["hexsides"] == {}
    assert back["map"]["boards"] == [[{"board": "41", "source": source}]]


def test_a_setup_takes_away_a_boards_wall_with_the_type_none():
    source = imported({}, {"R5-R6": "wall"})
    s = board_map({"board": "41", "source": source}, hexsides={"41R5-41R6": "none"},
                  units=[unit("g", "41R5"), unit("r", "41R6", side="Russian")])
    assert api.fire(s, "g", "r")["tem"] == 0
    walled = dict(s, hexsides={})
    assert api.fire(walled, "g", "r")["tem"] == 2                  # B9.3: the wall's TEM
    assert share.decode(share.encode(api.load(s)), api.DEFAULT.library)["hexsides"] == {"41R5-41R6": "none"}


def test_a_flipped_board_turns_its_terrain_round_with_its_names():
    source = imported({"A1": {"terrain": "woods"}, "B2": {"level": 1}}, {"A1-A2": "hedge"}, name="7")
    plain = api.load(board_map({"board": "7", "source": source}))
    flipped = api.load(board_map({"board": "7", "source": source, "flip": True}))
    top_left, bottom_right = g.hex_at(1, 1), g.hex_at(33, 10)
    assert plain.hex(top_left).terrain == "woods" and plain.hex(bottom_right).terrain == "open"
    assert flipped.hex(bottom_right).terrain == "woods" and flipped.hex(top_left).terrain == "open"
    assert flipped.names.hex(bottom_right) == "7A1"      # a board's hexes keep their names
    assert flipped.hex(flipped.names.parse_hex("7B2")).level == 1
    assert flipped.wall(flipped.names.parse_hexside("7A1-7A2")) is not None
    assert flipped.hex(flipped.names.parse_hex("7B2")) == flipped.hex(g.hex_at(32, 8))


def test_two_boards_side_by_side_each_keep_their_terrain():
    left = imported({"Q5": {"terrain": "woods"}})
    right = imported({"Q5": {"terrain": "grain"}}, name="12")
    s = api.load(board_map({"board": "41", "source": left}, {"board": "12", "source": right}))
    assert s.hex(s.names.parse_hex("41Q5")).terrain == "woods"
    assert s.hex(s.names.parse_hex("12Q5")).terrain == "grain"


def test_a_units_building_level_is_checked_against_the_boards_building():
    source = imported({"T1": {"terrain": "building", "levels": 2}})
    api.los(board_map({"board": "41", "source": source},
                      units=[unit("g", "41T1", level=1), unit("r", "41T5", side="R")]), "g", "r")


def test_a_board_not_on_this_device_says_which_file_to_import():
    s = board_map({"board": "41", "source": "vasl:41:6.3:0123456789abcdef"})
    with pytest.raises(SetupError, match=r"board 41 \(VASL 6.3\) is not on this device: "
                                         r"import bd41"):
        api.los(s, {"hex": "41A1"}, {"hex": "41B1"})


@pytest.mark.parametrize("source", ["vasl:41:6.3", "41", 41, "vasl:41:6.3:XYZ", None,
                                    "vasl:41:6.3:0123456789ABCDEF"])
def test_a_malformed_source_is_refused_naming_the_field(source):
    with pytest.raises(SetupError, match=r"map\.boards\[0\]\[0\]\.source"):
        api.load(board_map({"board": "41", "source": source}))


def test_importing_the_same_file_twice_keeps_one_board():
    data = board_archive({"Q5": {"terrain": "woods"}}, name="99")
    first = api.import_board(data)
    assert api.import_board(data) == first
    assert api.DEFAULT.library.sources().count(first["source"]) == 1


def test_a_removed_board_is_not_judged_from_a_setup_loaded_before():
    source = imported({"R5": {"terrain": "woods"}}, name="77")
    s = board_map({"board": "77", "source": source},
                  units=[unit("g", "77R4"), unit("r", "77R6", side="Russian")])
    assert api.los(s, "g", "r")["los"] is False
    api.forget_board(source)
    with pytest.raises(SetupError, match="board 77 .* import bd77"):
        api.los(s, "g", "r")
