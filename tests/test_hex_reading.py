"""The reading view's line (issue 33, web/reading.py): what the app read in a
hex, worded for a player checking it against the board's art. Boards are
painted by tests/vasl_writer.py."""
from __future__ import annotations

import json

from pycore import api
from tests.vasl_writer import board_archive
from web import bridge
from web.reading import hex_reading

BD41 = board_archive({"Q6": {"terrain": "stone-building"}, "R5": {"terrain": "stone-building", "levels": 2}},
                     {"Q6-R5": "hedge"})


def _map(hexes=None, hexsides=None) -> dict:
    source = api.import_board(BD41)["source"]
    return {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41", "source": source}]]},
            "hexes": hexes or {}, "hexsides": hexsides or {}, "units": []}


def test_an_imported_hex_reads_as_its_terrain_level_and_hedge_from_both_of_its_hexes():
    setup = _map()
    assert hex_reading(setup, "41Q6")["text"] == "41Q6: stone building, level 0; hedge 41Q6-41R5"
    assert hex_reading(setup, "41r5")["text"] == "41R5: stone building of 2 levels, level 0; hedge 41Q6-41R5"
    assert hex_reading(setup, "41A1")["text"] == "41A1: open ground, level 0"
    assert hex_reading(setup, "41Q6")["board"] and not hex_reading(setup, "41Q6")["own"]


def test_the_players_correction_is_read_as_such():
    setup = _map({"41Q6": {"terrain": "open"}}, {"41Q6-41R5": "none"})
    got = hex_reading(setup, "41Q6")
    assert got["text"] == "41Q6: open ground, level 0 (your correction)"
    assert got["own"] and got["hexsides"] == []
    # R5 keeps its building; its hedge is gone with the correction
    assert hex_reading(setup, "41R5")["text"].endswith("level 0 (your correction)")


def test_a_painted_hex_with_a_hillside_wall():
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 5, "rows": 5},
             "hexes": {"B2": {"terrain": "woods", "level": 1}},
             "hexsides": {"B2-C2": {"type": "wall", "hillside": True}}, "units": []}
    got = hex_reading(setup, "B2")
    assert got["text"] == "B2: woods, level 1; wall (Hillside) B2-C2"
    assert got["hexsides"] == [{"name": "B2-C2", "type": "wall"}] and not got["board"]


def test_a_hex_off_the_map_is_a_setup_error_through_the_bridge():
    setup = _map()
    answer = json.loads(bridge.call("hex_reading", json.dumps([setup, "41Z99"])))
    assert answer["kind"] == "SetupError" and "hex" in answer["error"]


def test_a_building_drawn_inside_its_hex_is_read_as_drawn():
    source = api.import_board(board_archive({}, {}, shapes=(
        {"hex": "Q6", "terrain": "building", "disc": 18},)))["source"]
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41", "source": source}]]},
             "hexes": {}, "hexsides": {}, "units": []}
    text = hex_reading(setup, "41Q6")["text"]
    assert text.startswith("41Q6: ") and "(drawn partly building: the rules follow the drawing)" in text


def test_B11_a_cliff_is_read_on_both_of_its_hexes_so_a_misread_one_can_be_removed():
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 5, "rows": 5},
             "hexes": {"B2": {"level": 1}}, "hexsides": {"B2-C2": "cliff"}, "units": []}
    for name in ("B2", "C2"):
        got = hex_reading(setup, name)
        assert got["hexsides"] == [{"name": "B2-C2", "type": "cliff"}]
        assert got["text"].endswith("; cliff B2-C2")
    gone = {**setup, "hexsides": {"B2-C2": "none"}}
    assert hex_reading(gone, "B2")["hexsides"] == []
