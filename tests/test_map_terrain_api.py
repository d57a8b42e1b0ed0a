"""pycore.api.map_terrain (docs/contract.md "Overlays"): the whole map's
terrain after every layer, each entry naming the layer that decided it."""
from __future__ import annotations

from pycore import api
from tests.vasl_writer import board_archive


def test_each_entry_names_the_layer_that_decided_it_board_ssr_or_setup():
    mine = api.Session()
    source = api.import_board(board_archive({"Q5": {"terrain": "woods"}, "R5": {"terrain": "brush"}},
                                            {"Q5-R4": "hedge", "C3-C4": "wall"}), session=mine)["source"]
    spec = {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": source}, "6"]]},
            "hexes": {"41R5": {"terrain": "open"}, "6C3": {"terrain": "woods"}},
            "hexsides": {"41C3-41C4": "none"}, "ssr": ["hedges-to-bocage"]}
    got = api.map_terrain(spec, session=mine)
    assert got["hexes"]["41Q5"] == {"terrain": "woods", "origin": "board 41"}
    assert got["hexes"]["6C3"] == {"terrain": "woods", "origin": "setup"}     # painted on board 6
    assert "41R5" not in got["hexes"]                 # the player's correction: open ground
    assert got["hexsides"] == {"41Q5-41R4": {"type": "bocage", "origin": "ssr hedges-to-bocage"}}
    assert got["changed"] == ["41Q5-41R4"]
    # beneath the player's entries: the board with the SSR, what the paint tools start from
    assert got["beneath"]["hexes"]["41R5"] == {"terrain": "brush"}
    assert got["beneath"]["hexsides"]["41C3-41C4"] == "wall"
    assert got["beneath"]["hexsides"]["41Q5-41R4"] == "bocage"


def test_a_painted_map_is_all_the_setups_own_and_has_nothing_beneath():
    spec = {"format": "asl-setup", "version": 1, "hexes": {"W7": {"terrain": "woods", "level": 1}},
            "hexsides": {"Z8-Y9": "hedge", "Y7-X7": {"type": "wall", "hillside": True}}}
    got = api.map_terrain(spec)
    assert got["hexes"] == {"W7": {"terrain": "woods", "level": 1, "origin": "setup"}}
    assert got["hexsides"] == {"Y9-Z8": {"type": "hedge", "origin": "setup"},
                               "X7-Y7": {"type": "wall", "hillside": True, "origin": "setup"}}
    assert got["beneath"] is None and got["changed"] == []
