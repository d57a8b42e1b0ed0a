"""web.boardfile: the page's board library on the Python side (issue 19),
through the bridge as the worker calls it. The archives are painted by
tests/vasl_writer.py."""
from __future__ import annotations

import json
import os

import pytest

from pycore import api, share
from pycore.geometry.boards import BOARD_GRID
from pycore.terrain.vasl import archive
from tests.vasl_writer import board_archive
from web import bridge

BD41 = board_archive({"Q5": {"terrain": "woods"}, "R4": {"level": 1}}, {"Q5-R4": "hedge"})
BD42 = board_archive({"C3": {"terrain": "stone-building", "levels": 2}}, {}, name="42")


@pytest.fixture(autouse=True)
def empty_library():
    api.clear_boards()
    yield
    api.clear_boards()


def call(name, *args):
    return json.loads(bridge.call(name, json.dumps(list(args))))


def written(tmp_name: str, data: bytes) -> str:
    path = f"/tmp/asl-board-{tmp_name}-{os.getpid()}"
    with open(path, "wb") as f:
        f.write(data)
    return path


def two_boards(flip: bool = False) -> dict:
    a, b = (call("import_board_file", written(n, d))["ok"]["source"] for n, d in (("a", BD41), ("b", BD42)))
    second = {"board": "42", "source": b, **({"flip": True} if flip else {})}
    return {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41", "source": a}, second]]}}


def test_a_board_file_written_by_the_worker_is_imported_once_and_removed():
    path = written("x", BD41)
    got = call("import_board_file", path)["ok"]
    assert (got["board"], got["version"], got["columns"], got["rows"]) == ("41", "6.3", 33, 10)
    assert got["source"] == api.import_board(BD41)["source"]
    assert not os.path.exists(path)


def test_a_bad_board_file_is_a_setup_error_and_its_file_is_removed_too():
    path = written("bad", b"not a board")
    answer = call("import_board_file", path)
    assert answer["kind"] == "SetupError" and "not a zip" in answer["error"]
    assert not os.path.exists(path)
    assert api.boards() == []


def test_a_file_bigger_than_any_board_archive_is_refused_before_it_is_read():
    path = f"/tmp/asl-board-big-{os.getpid()}"
    with open(path, "wb") as f:
        f.truncate(archive.MAX_ARCHIVE_BYTES + 1)          # sparse: nothing is written
    answer = call("import_board_file", path)
    assert answer["kind"] == "SetupError" and "too big" in answer["error"]
    assert not os.path.exists(path)


def test_only_the_workers_paths_are_read():
    assert call("import_board_file", "/etc/passwd")["kind"] == "SetupError"


@pytest.mark.parametrize("flip", [False, True])
def test_map_terrain_is_each_boards_reading_in_the_maps_names(flip):
    setup = two_boards(flip)
    layer = call("map_terrain", setup)["ok"]
    assert layer["hexes"]["41Q5"] == {"terrain": "woods", "origin": "board 41"}
    assert layer["hexes"]["41R4"] == {"level": 1, "origin": "board 41"}
    assert layer["hexes"]["42C3"] == {"terrain": "stone-building", "levels": 2, "origin": "board 42"}
    assert "41A1" not in layer["hexes"]           # open ground at level 0, as in a setup
    assert layer["hexsides"] == {"41Q5-41R4": {"type": "hedge", "origin": "board 41"}}
    # beneath the player's entries (none here): the boards' terrain, what the paint tools start from
    assert layer["beneath"]["hexes"]["41Q5"] == {"terrain": "woods"}
    # What the rules judge is the same terrain (A6.1: the reading stands for the depiction).
    assert api.place(setup, "41Q5")["name"] == "41Q5"


def test_map_terrain_of_a_map_without_imported_boards_is_empty():
    plain = {"format": "asl-setup", "version": 1, "map": {"boards": [["12", "6"]]}}
    got = call("map_terrain", plain)["ok"]
    assert got.pop("rules") == api.ssr_catalog()      # the toggles: no board's own art
    assert got == {"hexes": {}, "hexsides": {}, "unmodelled": {}, "changed": [],
                   "beneath": None, "legend": ""}


def test_map_terrain_names_the_hexes_whose_board_draws_what_the_app_does_not_model():
    shapes = ({"hex": "Q6", "terrain": "rubble", "rect": (-40, -40, 40, 40), "own": True},)
    source = api.import_board(board_archive({}, None, shapes=shapes))["source"]
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": "41", "source": source}]]}}
    assert call("map_terrain", setup)["ok"]["unmodelled"] == {
        "41Q6": "Stone Rubble (not modelled yet)"}
    reading = call("hex_reading", setup, "41Q6")["ok"]["text"]
    assert "the board also draws Stone Rubble (not modelled yet) here: check it by eye" in reading
    # the player's own entry for the hex says what is there: no mark
    corrected = {**setup, "hexes": {"41Q6": {"terrain": "open"}}}
    assert call("map_terrain", corrected)["ok"]["unmodelled"] == {}


def test_a_link_names_the_file_to_import_for_each_board_not_on_this_device():
    setup = two_boards()
    link = share.encode(api.load({**setup, "hexes": {"41Q6": {"terrain": "brush"}}}))
    assert call("missing_boards", link)["ok"] == []
    api.clear_boards()
    missing = call("missing_boards", link)["ok"]
    assert [m["file"] for m in missing] == ["bd41", "bd42"]
    assert missing[0]["message"] == "board 41 (VASL 6.3) is not on this device: import bd41"
    # ... and the link itself carries only the player's entries, no board's terrain.
    assert share.unpack(link)["hexes"] == {"41Q6": {"terrain": "brush"}}


def test_missing_boards_of_text_that_is_not_a_link_is_empty():
    assert call("missing_boards", "#s1.!!!")["ok"] == []
    assert call("missing_boards", "hello")["ok"] == []


def test_a_forgotten_board_is_refused_in_a_players_words_naming_its_file():
    setup = two_boards()
    left = call("forget_board", setup["map"]["boards"][0][1]["source"])["ok"]
    assert [b["board"] for b in left] == ["41"]
    answer = call("validate", setup)
    assert answer["player"] == "board 42 (VASL 6.3) is not on this device: import bd42"


def test_the_board_image_is_the_one_the_metadata_names_or_none():
    import base64
    import io
    import zipfile
    got = call("board_image_file", written("img", BD41))["ok"]
    assert got["type"] == "image/gif"
    with zipfile.ZipFile(io.BytesIO(BD41)) as z:
        assert base64.b64decode(got["base64"]) == z.read("bd41.gif")
    bare = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(BD41)) as z, zipfile.ZipFile(bare, "w") as out:
        for info in z.infolist():
            if not info.filename.endswith(".gif"):
                out.writestr(info, z.read(info))
    assert call("board_image_file", written("bare", bare.getvalue()))["ok"] is None
    assert call("board_image_file", written("junk", b"junk"))["kind"] == "SetupError"


def test_the_drawn_map_and_ruling_card_show_the_boards_terrain_under_the_players_entries():
    from web import render
    setup = two_boards()
    setup["hexes"] = {"42C3": {"terrain": "open"}}
    setup["hexsides"] = {"41Q5-41R4": "none"}
    svg = render.map_svg(setup)
    assert svg.count('data-terrain="woods"') == 1                 # 41Q5, from the board
    assert 'data-terrain="stone-building"' not in svg              # 42C3: the player's open ground
    assert 'data-type="hedge"' not in svg and 'data-type="none"' not in svg   # the hedge removed


def test_prepare_boards_reads_every_hex_of_each_board_ahead_and_changes_no_ruling():
    # Issue 20's first visibility map on imported boards: the page asks for the
    # drawings to be read while the player looks at the map.
    setup = two_boards(flip=True)
    viewer = {"hex": "41Q5"}
    before = call("visibility", setup, viewer)["ok"]
    api.clear_boards()                                        # boards read afresh, nothing cached
    setup = two_boards(flip=True)
    boards = [api.DEFAULT.library.get(b["source"]) for b in setup["map"]["boards"][0]]
    assert all(not b.layers for b in boards)
    hexes = len(BOARD_GRID.hexes())                        # 346: 17 columns of 10, 16 of 11
    assert call("prepare_boards", setup)["ok"] == 2 * hexes
    assert all(h in b.layers and ("ground", h) in b.layers     # obstacles and ground, each hex
               for b in boards for h in BOARD_GRID.hexes())
    assert call("visibility", setup, viewer)["ok"] == before
