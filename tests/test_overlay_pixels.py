"""Overlay images decoded outside Python (docs/overlays.md "Decoding"): the page's
Python has no Pillow, so the browser decodes each GIF and hands back its RGBA,
which ``gif.from_rgba`` turns into the image's palette exactly. Here the
browser's part is played by Pillow's RGBA (tests/browser/test_ui_overlays.py
drives the browser's own decoder). The archives are written by the tests."""
from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import api
from pycore.errors import SetupError
from pycore.session import Session
from pycore.terrain.vasl import gif
from tests.vasl_writer import TEST_COLORS, board_archive, overlay_archive, overlay_image

EVERYWHERE = "b2;b2;b2;b2;b2;b2"


def _rgba(data: bytes) -> tuple[int, int, bytes]:
    """What a browser's decoder gives: RGBA, not premultiplied."""
    from PIL import Image
    with Image.open(io.BytesIO(data)) as im:
        rgba = im.convert("RGBA")
        return rgba.width, rgba.height, rgba.tobytes()


def _shown(image: gif.Indexed) -> list:
    """Each pixel's colour, or None where transparent: what the image shows."""
    return [None if k == image.transparent else image.palette[k] for k in image.pixels]


@settings(max_examples=25, deadline=None)
@given(st.dictionaries(st.sampled_from(["B2", "B3", "C2", "C3", "D2", "A1"]),
                       st.sampled_from(sorted(TEST_COLORS)), max_size=6),
       st.booleans())
def test_pixels_a_browser_decoded_read_as_the_image_pillow_decodes(hexes, grid_lines):
    data = overlay_image(hexes, size=(120, 110), grid_lines=grid_lines)
    w, h, rgba = _rgba(data)
    got = gif.from_rgba(data, "t.gif", w, h, rgba)
    assert _shown(got) == _shown(gif.decode(data, "t.gif"))
    assert len(set(got.palette)) == len(got.palette)            # the distinct opaque colours


def _refused_pixels(rgba: bytes, size=(120, 110)) -> str:
    data = overlay_image({"B2": "WoodsGreen"}, size=(120, 110))
    with pytest.raises(SetupError) as e:
        gif.from_rgba(data, "t.gif", *size, rgba)
    return str(e.value)


def test_pixels_not_the_gifs_are_refused_saying_why():
    data = overlay_image({"B2": "WoodsGreen"}, size=(120, 110))
    w, h, rgba = _rgba(data)
    assert "not its own 120 x 110" in _refused_pixels(rgba[:-4])
    assert "not its own 120 x 110" in _refused_pixels(rgba + b"\0" * 4 * 110, size=(121, 110))
    half = bytearray(rgba)
    half[3] = 128
    assert "partly transparent" in _refused_pixels(bytes(half))
    many = bytes(v for k in range(w * h) for v in (k % 256, k // 256 % 256, 7, 255))
    assert "more colours than a GIF" in _refused_pixels(many)


def _no_pillow(monkeypatch) -> None:
    def refuse(data, what):
        gif.check(data, what)
        raise gif.NoDecoder("no Pillow here")
    monkeypatch.setattr(gif, "decode", refuse)


def test_without_pillow_laying_asks_for_every_image_at_once_and_reads_the_same_terrain(monkeypatch):
    art = {"a": overlay_image({"C3": "WoodsGreen", "C4": "WoodsGreen"}),
           "d": overlay_image({"C3": "BrushL0", "C2": "BrushL0"})}
    s_pillow, s_page = Session(), Session()
    setups = []
    for version, s in (("1", s_pillow), ("2", s_page)):     # two files: laid boards are kept by source
        board = api.import_board(board_archive({}, {}, name="12", colors=True), session=s)["source"]
        ovr = api.import_board(overlay_archive({"t2": ("c3;c3;c3;c3;c3;c3", art)}, version=version),
                               session=s)["source"]
        setups.append({"format": "asl-setup", "version": 1, "map": {
            "boards": [[{"board": "12", "source": board}]],
            "overlays": [{"overlay": "T2", "source": ovr, "hex": "12C3", "toward": "12C2"},
                         {"overlay": "T2", "source": ovr, "hex": "12H3", "toward": "12H4"}]}})
    expected = api.map_terrain(setups[0], session=s_pillow)
    _no_pillow(monkeypatch)
    with pytest.raises(api.NeedsPixels) as asked:
        api.map_terrain(setups[1], session=s_page)
    source = setups[1]["map"]["overlays"][0]["source"]
    assert sorted(asked.value.images) == [(source, "ovrt2a.gif"), (source, "ovrt2d.gif")]
    for src, member in asked.value.images:
        api.give_overlay_pixels(src, member, *_rgba(api.overlay_gif(src, member, session=s_page)),
                                session=s_page)
    got = api.map_terrain(setups[1], session=s_page)
    assert got == expected
    assert {k: v for k, v in got["hexes"].items() if v["origin"].startswith("overlay")}
    assert got["hexes"]["12C3"]["origin"] == "overlay T2"


def test_a_hostile_image_is_refused_before_any_decoder_is_given_it():
    s = Session()
    ovr = api.import_board(overlay_archive({"t1": (EVERYWHERE, {"a": overlay_image({"B2": "WoodsGreen"})})}),
                           session=s)["source"]
    found = s.library.overlays(ovr)
    found.files["ovrt1a.gif"] = b"GIF89a" + (65535).to_bytes(2, "little") * 2 + b"\0\0\0;"
    with pytest.raises(SetupError, match="65,535 x 65,535"):
        api.overlay_gif(ovr, "ovrt1a.gif", session=s)
    with pytest.raises(SetupError, match="holds no image"):
        api.overlay_gif(ovr, "../bd12", session=s)


def test_without_pillow_a_boards_own_ssr_art_is_decoded_from_the_browsers_pixels(monkeypatch):
    # a board's SSR art (pycore.terrain.vasl.ssrart) is asked for and read as an overlay's is;
    # two boards (laid boards are kept by source), the second's A1 brush apart
    from tests.test_overlays import _setup
    from tests.test_ssr_art import _art_board
    s_pillow, s_page = Session(), Session()
    setups = [dict(_setup(_art_board(s, {"B2": "WoodsGreen"}, hexes=hexes), [], False),
                   ssr=["art-jungle"])
              for s, hexes in ((s_pillow, None), (s_page, {"A1": {"terrain": "brush"}}))]
    expected = api.map_terrain(setups[0], session=s_pillow)["hexes"]
    assert expected["12Q5"] == {"terrain": "woods", "origin": "ssr art-jungle"}
    _no_pillow(monkeypatch)
    with pytest.raises(api.NeedsPixels) as asked:
        api.map_terrain(setups[1], session=s_page)
    board = setups[1]["map"]["boards"][0][0]["source"]
    assert asked.value.images == [(board + "#ssr-art", "jungle.gif")]
    for src, member in asked.value.images:
        api.give_overlay_pixels(src, member, *_rgba(api.overlay_gif(src, member, session=s_page)),
                                session=s_page)
    got = api.map_terrain(setups[1], session=s_page)["hexes"]
    assert got.pop("12A1")["terrain"] == "brush"
    assert got == expected
