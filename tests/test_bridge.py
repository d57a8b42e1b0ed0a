"""web.bridge: the one entry point the page's worker calls, run here on CPython.

It always answers JSON: ``{"ok": ...}`` or ``{"error", "kind"}``, so the page
shows a message instead of hanging, and a bad link or setup is a SetupError
the page can explain while it keeps the setup on screen.
"""
import json
from pathlib import Path

from pycore import api
from web import bridge

B92 = {"format": "asl-setup", "version": 1,
       "hexsides": {"Z8-Y9": "hedge", "Y7-X7": "wall", "Y8-Z8": "wall"},
       "units": [{"id": "g", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r", "side": "Russian", "type": "squad", "hex": "X6"}]}


def call(name, *args):
    return json.loads(bridge.call(name, json.dumps(list(args))))


def test_los_through_the_bridge_is_the_api_ruling_B9_2_EX():
    assert call("los", B92, "g", "r") == {"ok": api.los(B92, "g", "r")}
    assert call("fire", B92, "g", "r")["ok"]["tem"] == 2   # the X7-Y7 wall (B9.2 EX)


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
    assert opened["warnings"] and opened["warnings"][0].startswith("unit g1\u240a:")
    assert "units[0]" not in opened["warnings"][0]
