"""web.bridge: the one entry point the page's worker calls, run here on CPython.

It always answers JSON: ``{"ok": ...}`` or ``{"error", "kind"}``, so the page
shows a message instead of hanging, and a bad link or setup is a SetupError
the page can explain while it keeps the setup on screen.
"""
import gc
import json
import subprocess
import sys
import textwrap

import pytest
from pathlib import Path

from pycore import api
from web import bridge, present

B92 = {"format": "asl-setup", "version": 1,
       "hexsides": {"Z8-Y9": "hedge", "Y7-X7": "wall", "Y8-Z8": "wall"},
       "units": [{"id": "g", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r", "side": "Russian", "type": "squad", "hex": "X6"}]}


def call(name, *args):
    return json.loads(bridge.call(name, json.dumps(list(args))))


def test_los_through_the_bridge_is_the_api_ruling_B9_2_EX():
    ruling = api.los(B92, "g", "r")
    # the API's answer unchanged, with how the page shows it (web.present)
    assert call("los", B92, "g", "r") == {"ok": {**ruling, "present": present.ruling(ruling)}}
    fire = call("fire", B92, "g", "r")["ok"]
    assert fire["tem"] == 2   # the X7-Y7 wall (B9.2 EX)
    assert fire["present"]["facts"][2] == {"key": "tem", "label": "TEM", "value": "+2"}


def test_each_query_is_declared_once_with_its_lane():
    """The worker waits for svgwrite/segno only for the queries that need them."""
    assert json.loads(bridge.idle_queries_json()) == ["qr_svg", "render_map", "ruling_card"]
    for name, query in bridge.QUERIES.items():
        assert callable(query.function), name
        assert query.home.startswith(("pycore.api", "web.")), name     # the front door, or web's own


def test_warm_imports_everything_the_first_click_needs():
    """docs/architecture.md: before ready the worker imports the rules modules (``warm()``),
    so no query a first click may ask imports anything when first asked; and
    once idle (``warm(idle=True)``) neither does any other. Every declared
    query is asked."""
    code = textwrap.dedent(f"""
        import json, sys, tempfile
        from tests.vasl_writer import board_archive
        from web import bridge
        setup = {B92!r}
        files = []
        for _ in range(2):                      # the worker writes a board file; each is read once
            with tempfile.NamedTemporaryFile(prefix="asl-board-", dir="/tmp", delete=False) as f:
                f.write(board_archive({{"Q5": {{"terrain": "woods"}}}}))
            files.append(f.name)
        from tests.vasl_writer import overlay_archive, overlay_image
        for data in (board_archive({{}}, {{}}, name="12", colors=True),
                     overlay_archive({{"t1": ("b2;b2;b2;b2;b2;b2", {{"a": overlay_image({{"B2": "WoodsGreen"}})}})}})):
            with tempfile.NamedTemporaryFile(prefix="asl-board-", dir="/tmp", delete=False) as f:
                f.write(data)
            files.append(f.name)
        sys.modules.pop("tests.vasl_writer")    # the test's own writer is no query's import
        # An overlay file imported and laid before (its image decoded once, by Pillow here)
        bd12, ovr = (json.loads(bridge.call("import_board_file", json.dumps([n])))["ok"]["source"]
                     for n in files[2:])
        laid = {{"format": "asl-setup", "version": 1, "map": {{"boards": [[{{"board": "12", "source": bd12}}]],
                "overlays": [{{"overlay": "T1", "source": ovr, "hex": "12B2"}}]}}}}
        assert "ok" in json.loads(bridge.call("validate", json.dumps([laid])))
        link = json.loads(bridge.call("share_encode", json.dumps([setup])))["ok"]
        fire = {{"tool": "fire", "viewer": "g", "target": "r"}}
        asks = {{"los": [setup, "g", "r"], "fire": [setup, "g", "r"], "visibility": [setup, "g"],
                "thread": [setup, "g", "r"], "wall_advantage": [setup],
                "move_cost": [setup, "g", "Z9", "Z8"], "place": [setup, "Z9"], "validate": [setup],
                "counters": [setup],
                "file_read": [json.dumps(setup)],
                "typed_name": [setup, "side", "G\u0435rman\u200b"],
                "share_encode": [setup], "share_decode": [link], "share_read": [link],
                "render_preview": [setup], "render_map": [setup], "qr_svg": [link],
                "ruling_card": [setup, fire, link], "version": [],
                "import_board_file": [files[0]], "board_image_file": [files[1]],
                "forget_board": ["vasl:41:6.3:0000000000000000"], "map_terrain": [setup],
                "missing_boards": [link], "prepare_boards": [setup],
                "ssr_catalog": [], "layout_boards": [[["bd41"]]],
                "hex_reading": [setup, "A1"],
                "settle": [setup, "g", "r", "none", "fire"], "who_sees": [setup, "r"],
                "dead_ground": [setup, "German"],
                "overlay_edit": [laid, {{"lay": {{"overlay": "T1", "hex": "12C3"}}}}],
                "overlay_art": [laid], "overlay_image": [ovr, "ovrt1a.gif"]}}
        assert set(asks) == set(bridge.QUERIES), set(asks) ^ set(bridge.QUERIES)
        new = {{}}
        for idle in (False, True):
            bridge.warm(idle)
            before = set(sys.modules)
            for name, query in bridge.QUERIES.items():
                if (query.at_start and not query.idle_wheels) != idle:
                    out = json.loads(bridge.call(name, json.dumps(asks[name])))
                    assert "ok" in out, (name, out)
            new[idle] = sorted(set(sys.modules) - before)
        print(json.dumps(new))
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"false": [], "true": []}


def test_share_link_round_trip_through_the_bridge():
    link = call("share_encode", B92)["ok"]
    assert link.startswith("s1.")
    assert call("share_decode", "#" + link)["ok"] == call("validate", B92)["ok"]


def test_a_corrupt_link_is_a_SetupError_the_page_can_show():
    out = call("share_decode", "s1.AAAA!!")
    assert out["kind"] == "SetupError" and out["error"].startswith("link:")


def test_a_bad_setup_names_its_field():
    bad = dict(B92, hexsides={"A1-C5": "wall"})
    out = call("los", bad, "g", "r")
    assert out == {"error": 'hexsides["A1-C5"]: A1 and C5 are not adjacent',
                   "kind": "SetupError", "player": "hexside A1-C5: A1 and C5 are not adjacent"}


def test_a_bad_setup_is_said_in_a_players_words_too_issue_8():
    # The building-level loss of issue 8: r1 on level 1 of a repainted one-level building.
    bad = dict(B92, hexes={"H5": {"terrain": "stone-building"}},
               units=[{"id": "r1", "side": "Russian", "type": "squad", "hex": "H5", "level": 1}])
    out = call("validate", bad)
    assert out["error"].startswith("units[0].level: H5 has no level 1")
    assert out["player"].startswith("unit r1: H5 has no level 1")
    assert call("validate", dict(B92, map={"columns": 500, "rows": 10}))["player"] \
        .startswith("the map's width (columns): 500 is out of range")


def test_a_refused_board_is_named_by_its_box_in_the_new_map_grid_issue_22():
    # "map.boards[0][1]" is code; the player typed in the box of row 1, column 2.
    twice = call("validate", dict(B92, map={"boards": [["6", "6"]]}))
    assert twice["error"].startswith("map.boards[0][1]:")
    assert twice["player"] == "the board in row 1, column 2: board 6 is already on the map"
    flip = call("validate", dict(B92, map={"boards": [["6"], [{"board": "7", "flip": "x"}]]}))
    assert flip["player"].startswith("the flip of the board in row 2, column 1:")
    assert "map.boards" not in call("validate", dict(B92, map={"boards": []}))["player"]
    # An id the player cannot read back (a control character) is not echoed: its place is.
    bad = call("validate", dict(B92, units=[{"id": "bad\u0001id", "side": "German", "type": "squad",
                                              "hex": "A1"}]))
    assert bad["player"].startswith("unit number 1: holds a control character")


def test_version_gives_the_map_size_limits_the_page_offers_issue_22():
    from pycore import limits
    v = call("version")["ok"]
    assert (v["max_columns"], v["max_rows"], v["max_map_hexes"]) == \
        (limits.MAX_COLUMNS, limits.MAX_ROWS, limits.MAX_MAP_HEXES)


def test_version_gives_the_largest_setup_file_the_page_may_send_issue_24():
    """The page refuses a larger file from its size, before reading it."""
    from pycore import limits
    most = call("version")["ok"]["max_setup_bytes"]
    assert most == limits.MAX_INFLATED_BYTES
    text = json.dumps(B92)
    too_large = text[:-1] + ', "notes": "' + " " * (most - len(text)) + '"}'
    assert call("validate", too_large)["kind"] == "SetupError"
    assert "too large" in call("validate", too_large)["error"]
    assert "ok" in call("validate", text)


def test_unknown_queries_and_malformed_arguments_never_raise():
    assert call("rm -rf", 1)["kind"] == "InternalError"
    assert json.loads(bridge.call("los", "{not json"))["kind"] == "InternalError"
    assert json.loads(bridge.call("los", '{"a": 1}'))["kind"] == "InternalError"
    assert call("los", B92)["kind"] == "InternalError"          # missing arguments
    assert call("render_map", B92, "zoom")["kind"] == "SetupError"


def test_render_map_draws_the_setup_with_addressable_hexes():
    svg = call("render_map", B92)["ok"]
    assert 'data-hex="Z9"' in svg and 'data-hexside="Y9-Z8"' in svg


def test_share_read_says_what_an_old_link_changed_in_a_players_words():
    """Issue 24: a link made before issue 14 with a newline in a unit id opens;
    its warning names the unit, not the field path."""
    corpus = json.loads((Path(__file__).parent / "data" / "links.json").read_text("utf-8"))
    link = next(e["link"] for e in corpus["links"]
                if e["name"] == "before-issue-14-newline-in-an-id")
    opened = json.loads(bridge.call("share_read", json.dumps([link])))["ok"]
    assert opened["setup"]["units"][0]["id"] == "g1\u240a"
    assert opened["warnings"] and opened["warnings"][0].startswith("Unit g1\u240a:")
    assert "units[0]" not in opened["warnings"][0]


def test_warming_never_freezes_a_loaded_setup():
    # issue 32: warm() leaves what the imports made out of later garbage
    # collections (gc.freeze), but only before any setup is loaded: a setup's
    # cycles, frozen, would stay in memory after the setup cache let it go.
    call("validate", {"format": "asl-setup", "version": 1, "map": {"columns": 5, "rows": 5}})
    frozen = gc.get_freeze_count()
    bridge.warm()
    bridge.warm(idle=True)
    assert gc.get_freeze_count() == frozen



def _app_zip(path: Path, build: str) -> None:
    import zipfile
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("web/__init__.py", "")
        z.writestr("web/_build.py", f'"""Written by build.py."""\nBUILD_ID = "{build}"\n')
        z.writestr("web/other.py", "WHO = 'first'\n")


def test_the_app_zip_s_build_is_read_from_the_zip_as_it_is_now(tmp_path):
    # static/worker.js, restored from Python's start-up snapshot (issue 32): the
    # zip fetched must be the snapshot's build, or the page says the versions
    # are mixed; the zip's directory the snapshot kept is read afresh, so a
    # zip replaced under the same path is read as it now is
    import zipimport
    path = str(tmp_path / "app.zip")
    _app_zip(tmp_path / "app.zip", "aaaa")
    assert bridge.app_build(path) == "aaaa"
    zipimport.zipimporter(f"{path}/web/").get_code("web.other")     # its directory kept
    (tmp_path / "app.zip").unlink()
    _app_zip(tmp_path / "app.zip", "bbbbbbbbbbbbbbbb")               # other offsets
    assert bridge.app_build(path) == "bbbbbbbbbbbbbbbb"
    found: dict = {}
    exec(zipimport.zipimporter(f"{path}/web/").get_code("web.other"), found)
    assert found["WHO"] == "first"


def test_the_bridge_owns_its_session_apart_from_the_processs_default():
    """pycore.session: a board imported through a session is in that session
    alone; the bridge passes its own to every query that takes one."""
    from tests.vasl_writer import board_archive
    mine = api.Session()
    source = api.import_board(board_archive({"Q5": {"terrain": "woods"}}), session=mine)["source"]
    assert [b["source"] for b in api.boards(session=mine)] == [source]
    assert source not in [b["source"] for b in api.boards()]
    spec = {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "41", "source": source}]]}}
    assert api.map_terrain(spec, session=mine)["hexes"]["41Q5"] == {"terrain": "woods", "origin": "board 41"}
    with pytest.raises(api.SetupError, match="import bd41"):
        api.load(spec)
    was = bridge.SESSION
    bridge.SESSION = mine
    try:
        assert call("map_terrain", spec)["ok"]["hexes"]["41Q5"]["origin"] == "board 41"
    finally:
        bridge.SESSION = was
