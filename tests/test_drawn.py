"""Rulings on an imported board as drawn (issue 20, A6.1): woods and buildings
drawn over part of a hex block only where the thread passes through them.

Every archive here is written by ``tests/vasl_writer.py``: no real board's
data is used.
"""
from __future__ import annotations

from pycore import api
from pycore import geometry as g
from pycore.boards import BOARD_GRID
from pycore.vasl import layers
from pycore.vasl.archive import GRID_HEIGHT, GRID_WIDTH
from tests.vasl_writer import board_archive


def imported(hexes=None, hexsides=None, shapes=(), **kw) -> str:
    return api.import_board(board_archive(hexes, hexsides, shapes=shapes, **kw))["source"]


def board_map(*rows, hexes=None, units=()) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [list(r) for r in rows]},
            "hexes": dict(hexes or {}), "hexsides": {}, "units": list(units)}


def los(setup: dict, viewer: str, target: str) -> dict:
    return api.los(setup, {"hex": viewer}, {"hex": target})


# --- which pixels are a hex's ------------------------------------------------------------

def test_every_pixel_of_a_board_is_exactly_one_hexs():
    seen = bytearray(GRID_WIDTH * GRID_HEIGHT)
    for h in BOARD_GRID.hexes():
        for i, j0, j1 in layers.pixels(h):
            for j in range(j0, j1 + 1):
                seen[i * GRID_HEIGHT + j] += 1
    assert set(seen) == {1}


def test_a_pixel_belongs_to_the_hex_whose_centre_is_nearest():
    from pycore.vasl.grid import quarter
    with g.naming(None):
        q6 = g.plain_parse_hex("Q6")
    for i, j0, j1 in layers.pixels(q6):
        for j in (j0, j1):
            p = (4 * i + 2, 4 * j + 2)
            d = [(p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2
                 for c in map(quarter, (q6, *g.neighbours(q6)))]
            assert d[0] == min(d)


# --- B9.35 EX: 41R6 to 41Q5 along the Q6-R5 hexside -----------------------------------

B935_HEXES = {"Q6": {"terrain": "building"}, "R5": {"terrain": "building", "level": 1}}
B935_GROUND = {"R5": {"level": 1}}          # the buildings are drawn by the shapes
B935_SHAPES = ({"hex": "Q6", "terrain": "building", "disc": 18},
               {"hex": "R5", "terrain": "building", "disc": 18})


def test_B9_35_EX_41R6_sees_41Q5_between_buildings_drawn_inside_their_hexes():
    drawn = imported(B935_GROUND, shapes=B935_SHAPES)
    s = board_map([{"board": "41", "source": drawn}])
    r = los(s, "41R6", "41Q5")
    assert r["los"] is True, r["steps"]
    texts = " ".join(x["text"] for x in r["steps"])
    assert "building drawn in 41Q6 lies beside the thread: open on that side (A6.1)" in texts
    assert "building drawn in 41R5 lies beside the thread" in texts
    assert los(s, "41Q5", "41R6")["los"] is True                            # A6.5


def test_B9_35_EX_whole_hex_buildings_block_the_same_thread():
    whole = imported(B935_HEXES, name="42")
    r = los(board_map([{"board": "42", "source": whole}]), "42R6", "42Q5")
    assert r["los"] is False and r["blocked_at"] == "42Q6-42R5"


def test_a_thread_through_a_building_drawn_inside_its_hex_is_blocked_there():
    source = imported({}, shapes=({"hex": "Q6", "terrain": "building", "disc": 12},))
    s = board_map([{"board": "41", "source": source}])
    r = los(s, "41Q7", "41Q5")                    # through Q6's centre
    assert r["los"] is False and r["blocked_at"] == "41Q6"
    assert "building drawn in 41Q6" in r["steps"][-1]["text"]
    # the thread from P6 to R6 passes Q6 well off its centre: the disc is beside it
    r = los(s, "41P7", "41R6")
    assert r["los"] is True, r["steps"]


def test_woods_drawn_in_a_corner_of_an_open_hex_block_only_the_threads_through_it():
    source = imported({}, shapes=({"hex": "Q6", "terrain": "woods", "rect": (4, -30, 30, 30)},))
    s = board_map([{"board": "41", "source": source}])
    assert los(s, "41Q7", "41Q5")["los"] is True        # through Q6's centre, left of the woods
    r = los(s, "41P6", "41S6")                          # across Q6's right part
    assert r["los"] is False and r["blocked_at"] == "41Q6"


def test_the_players_own_entry_overrides_the_drawing():
    drawn = imported(B935_GROUND, shapes=B935_SHAPES)
    s = board_map([{"board": "41", "source": drawn}],
                  hexes={"41Q6": {"terrain": "building"}, "41R5": {"terrain": "building",
                                                                     "level": 1}})
    assert los(s, "41R6", "41Q5")["los"] is False
