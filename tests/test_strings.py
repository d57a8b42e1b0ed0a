"""Every string of a setup, through every door (issue 14).

A setup's text ends up in an SVG map, a share link, a file and the page. Text
that XML cannot hold (control characters) or UTF-8 cannot encode (lone
surrogates) is refused when the setup is read, with a SetupError naming the
field, whichever door it came through: a file on the command line, the
page's bridge (import, autosave, window.asl) or the Python API. A link is
the exception for control characters, which links made before issue 14 could
hold: they are replaced, with a warning naming the field (issue 24). And no
JSON, however deep, can exhaust the interpreter behind any door.
"""
from __future__ import annotations

import base64
import json
import subprocess
import sys
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import api, share
from pycore.errors import SetupError
from pycore.setup import load_setup
from web import bridge
from web.render import map_svg

ROOT = Path(__file__).resolve().parents[1]


def base():
    return {"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 8},
            "hexes": {"C3": {"terrain": "woods"}},
            "hexsides": {"D4-D5": "wall"},
            "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "B2"},
                      {"id": "r1", "side": "Russian", "type": "squad", "hex": "F6"}]}


# Where a stranger can put free text, and how to put it there.
def _unit_id(s, t): s["units"][0]["id"] = t
def _unit_side(s, t): s["units"][0]["side"] = t
def _unit_name(s, t): s["units"][0]["name"] = t
def _board(s, t): s["map"]["board"] = t
def _extra_value(s, t): s["notes"] = {"by": [t]}
def _extra_key(s, t): s["units"][1]["x"] = {t: 1}


PLACES = {"units[0].id": _unit_id, "units[0].side": _unit_side,
          "units[0].name": _unit_name, "map.board": _board,
          "setup.notes": _extra_value, "units[1].x": _extra_key}
HOSTILE = {"control": "bad\u0001id", "escape": "x\x1b[31m", "null": "a\x00",
           "C1": "a\x85b", "surrogate": "\ud800", "low surrogate": "z\udfff",
           "noncharacter": "\uffff"}


def _link(setup: dict) -> str:
    """A version-1 link for ``setup`` as a stranger would craft it: raw deflate
    of its JSON, surrogates and all (share.encode refuses to make one)."""
    text = json.dumps(setup).encode("utf-8")       # \\ud800 stays an escape: valid JSON
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = squeezer.compress(text) + squeezer.flush()
    return "s1." + base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("place", PLACES)
def test_hostile_text_is_refused_naming_its_field_through_every_door(place, kind, tmp_path):
    setup = base()
    PLACES[place](setup, HOSTILE[kind])
    field = place.split(".")[0] if place == "units[1].x" else place

    with pytest.raises(SetupError) as api_error:             # the Python API
        api.wall_advantage(setup)
    assert str(api_error.value).startswith(field)

    if kind in ("surrogate", "low surrogate"):               # a link: never made by us
        with pytest.raises(SetupError) as link_error:
            share.decode(_link(setup))
        assert field in str(link_error.value)
    else:     # links made before issue 14 held control characters: repaired (issue 24)
        opened = share.read(_link(setup))
        assert any(field in w for w in opened["warnings"]), opened["warnings"]
        load_setup(opened["setup"])

    answer = json.loads(bridge.call("wall_advantage", json.dumps([setup])))   # the page
    assert answer["kind"] == "SetupError" and field in answer["error"]

    path = tmp_path / "setup.json"                           # a file
    path.write_text(json.dumps(setup), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycore", "wa", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and field in out.stderr and "Traceback" not in out.stderr


def test_share_encode_of_a_lone_surrogate_is_a_SetupError_not_UnicodeEncodeError():
    setup = base()
    setup["map"]["board"] = "\ud800"
    with pytest.raises(SetupError, match="map.board"):
        share.encode(setup)


def test_ordinary_text_of_any_script_is_kept():
    setup = base()
    setup["units"][0]["name"] = "Bäckerei «5» 4-4-7 ☆ 𝔘 \u202e"
    setup["units"][0]["side"] = "Deutsch"
    assert share.decode(share.encode(setup))["units"][0]["name"] == setup["units"][0]["name"]


def _deep(n: int) -> str:
    return '{"format": "asl-setup", "version": 1, "notes": ' + "[" * n + "]" * n + "}"


@pytest.mark.parametrize("depth", [33, 3000, 100_000])
def test_json_nested_deep_is_refused_at_every_door(depth, tmp_path):
    text = _deep(depth)
    for name in ("validate", "wall_advantage", "render_map", "render_preview"):   # import, autosave, asl.call
        answer = json.loads(bridge.call(name, "[" + text + "]"))
        assert answer["kind"] == "SetupError" and "nested more than 32" in answer["error"]
    answer = json.loads(bridge.call("los", json.dumps([base(), "g1", "[" * depth])))
    assert "error" in answer                                       # a query's own argument
    path = tmp_path / "deep.json"
    path.write_text(text)
    out = subprocess.run([sys.executable, "-m", "pycore", "wa", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and "nested more than 32" in out.stderr
    # and the bridge still answers afterwards
    assert "ok" in json.loads(bridge.call("los", json.dumps([base(), "g1", "r1"])))


def test_the_command_line_reads_a_file_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(base()).encode("utf-8"))
    out = subprocess.run([sys.executable, "-m", "pycore", "los", str(path), "g1", "r1"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == api.los(base(), "g1", "r1")


@pytest.mark.parametrize("version", [1.0, True, "1", 1.5])
def test_setup_version_is_matched_exactly(version):
    with pytest.raises(SetupError, match="^version:"):
        load_setup(dict(base(), version=version))


def test_link_version_is_matched_exactly():
    link = share.encode(base())
    assert share.decode(link)
    with pytest.raises(SetupError, match="^link:"):
        share.decode("s01." + link[3:])


# --- any Unicode in any string field ---------------------------------------------

@settings(max_examples=150, deadline=None)
@given(place=st.sampled_from(sorted(PLACES)), text=st.text(max_size=6))
def test_any_text_in_any_field_is_refused_or_renders_and_travels(place, text):
    setup = base()
    PLACES[place](setup, text)
    try:
        loaded = load_setup(setup)
    except SetupError as exc:
        assert str(exc)
        return
    ElementTree.fromstring(map_svg(setup))                       # valid XML
    link = share.encode(setup)
    assert share.decode(link) == loaded.to_dict()
    assert share.encode(share.decode(link)) == link
