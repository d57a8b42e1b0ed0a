"""Overlays laid on imported boards (issue 39; docs/overlays.md).

Each situation is ruled twice, both ways (A6.5): on an open board with an
overlay the tests draw laid on it, and on a board drawn with the same terrain
(tests/vasl_writer.py); the rulings must agree, on boards flipped and not.
No real overlay's data is used, except by the last test, which reads the
player's own archives when they are on the machine.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore import api, share
from pycore import geometry as g
from pycore.errors import SetupError
from pycore.session import Session
from pycore.terrain import overlays
from pycore.terrain.catalog import BUILDINGS, TERRAIN
from tests.vasl_writer import board_archive, overlay_archive, overlay_image, zip_archive

EVERYWHERE = "b2;b2;b2;b2;b2;b2"


def _board(session: Session, hexes: dict | None = None, hexsides: dict | None = None) -> str:
    return api.import_board(board_archive(hexes or {}, hexsides or {}, name="12", colors=True),
                            session=session)["source"]


def _setup(source: str, units: list, flip: bool, laid: list | None = None) -> dict:
    cell = {"board": "12", "source": source, **({"flip": True} if flip else {})}
    m: dict = {"boards": [[cell]]}
    if laid:
        m["overlays"] = laid
    return {"format": "asl-setup", "version": 1, "map": m, "units": units}


def _squad(uid: str, hexname: str, side: str = "German", level: int = 0) -> dict:
    return {"id": uid, "side": side, "type": "squad", "hex": "12" + hexname, "level": level}


def _both(art: dict, drawn: dict, units: list, at: str, sides: dict | None = None,
          drawn_sides: dict | None = None, board: dict | None = None, flip: bool = False):
    """(session, setup with the overlay laid, session, setup of the board drawn with it)."""
    s1, s2 = Session(), Session()
    ovr = api.import_board(overlay_archive({"t1": (EVERYWHERE, {
        "a": overlay_image(art, sides)})}), session=s1)
    laid = [{"overlay": "T1", "source": ovr["source"], "hex": "12" + at}]
    with_overlay = _setup(_board(s1, board), units, flip, laid)
    as_drawn = _setup(_board(s2, {**(board or {}), **drawn}, drawn_sides), units, flip)
    return s1, with_overlay, s2, as_drawn


def _ruling(r: dict) -> tuple:
    return r["los"], r["hindrance"]     # the rule may be A6.1 (as drawn) on one, A6.2 on the other


FLIPS = pytest.mark.parametrize("flip", [False, True], ids=["as-is", "flipped"])


@FLIPS
def test_B_1_a_woods_overlay_on_open_ground_blocks_a_LOS_through_it(flip):
    units = [_squad("g1", "Q2"), _squad("r1", "Q7", "Russian")]
    s1, laid, s2, drawn = _both({"B2": "WoodsGreen"}, {"Q5": {"terrain": "woods"}}, units, "Q5",
                                flip=flip)
    for a, b in (("g1", "r1"), ("r1", "g1")):
        got = api.los(laid, a, b, session=s1)
        assert got["los"] is False and "12Q5" in got["blocked_at"], got["steps"][-1]
        assert _ruling(got) == _ruling(api.los(drawn, a, b, session=s2))
    terrain = api.map_terrain(laid, session=s1)["hexes"]
    assert terrain["12Q5"] == {"terrain": "woods", "origin": "overlay T1"}


@FLIPS
def test_B_1_a_grain_overlay_hinders_a_LOS_through_it_by_one(flip):
    units = [_squad("g1", "Q2"), _squad("r1", "Q7", "Russian")]
    s1, laid, s2, drawn = _both({"B2": "GrainL0"}, {"Q5": {"terrain": "grain"}}, units, "Q5",
                                flip=flip)
    for a, b in (("g1", "r1"), ("r1", "g1")):
        got = api.los(laid, a, b, session=s1)
        assert got["los"] is True and got["hindrance"] == 1, got["steps"]
        assert _ruling(got) == _ruling(api.los(drawn, a, b, session=s2))


@FLIPS
def test_B10_23_a_hill_overlay_casts_a_Blind_Hex(flip):
    # A viewer on a level-2 hill in R0; a one-level overlay hill 6 hexes away
    # (R6) casts one Blind Hex (R7) behind it; R8 is seen (B10.23). (In column
    # R, even rows, the art drawn for B2 lies on the hex to the pixel.)
    units = [_squad("g1", "R0", level=0), _squad("r1", "R7", "Russian"),
             _squad("r2", "R8", "Russian")]
    hill = {"R0": {"level": 2}}
    s1, laid, s2, drawn = _both({"B2": "Level1"}, {"R6": {"level": 1}}, units, "R6",
                                board=hill, flip=flip)
    blind = api.los(laid, "g1", "r1", session=s1)
    assert blind["los"] is False and blind["rule"] == "B10.23", blind["steps"][-1]
    assert api.los(laid, "g1", "r2", session=s1)["los"] is True
    for a, b in (("g1", "r1"), ("r1", "g1"), ("g1", "r2")):
        assert _ruling(api.los(laid, a, b, session=s1)) == _ruling(api.los(drawn, a, b, session=s2))


@FLIPS
def test_B9_32_a_hedge_drawn_on_an_overlay_gives_Wall_Advantage(flip):
    units = [_squad("g1", "Q4"), _squad("r1", "Q6", "Russian")]
    s1, laid, s2, drawn = _both({"B2": "Level0"}, {}, units, "Q4", sides={"B2-B3": "HedgeGreen"},
                                drawn_sides={"Q4-Q5": "hedge"}, flip=flip)
    got = api.wall_advantage(laid, session=s1)["units"]
    assert got["g1"]["has"] and [sorted(x.split("-")) for x in got["g1"]["hexsides"]] == [
        ["12Q4", "12Q5"]], got["g1"]
    assert got == api.wall_advantage(drawn, session=s2)["units"]
    sides = api.map_terrain(laid, session=s1)["hexsides"]
    assert {"type": "hedge", "origin": "overlay T1"} in (sides.get("12Q4-12Q5"),
                                                         sides.get("12Q5-12Q4"))


@FLIPS
def test_B21_1_a_river_overlay_is_water(flip):
    units = [_squad("g1", "Q2")]
    s1, laid, _, _ = _both({"B2": "Water"}, {}, units, "Q5", flip=flip)
    hexes = api.map_terrain(laid, session=s1)["hexes"]
    assert hexes["12Q5"]["terrain"] == "water" and hexes["12Q5"]["origin"] == "overlay T1"


def _two_hex_overlay() -> bytes:
    """t2: two hexes of woods, the second above (a), up right (b), down right
    (c), below (d), down left (e) or up left (f) of the first, C3."""
    second = {"a": "C2", "b": "D2", "c": "D3", "d": "C4", "e": "B3", "f": "B2"}
    return overlay_archive({"t2": ("c3;c3;c3;c3;c3;c3", {
        side: overlay_image({"C3": "WoodsGreen", other: "WoodsGreen"})
        for side, other in second.items()})})


@pytest.mark.parametrize("toward", ["Q3", "R3", "R4", "Q5", "P4", "P3"])
@FLIPS
def test_an_overlay_lies_toward_its_second_hex(toward, flip):
    s = Session()
    ovr = api.import_board(_two_hex_overlay(), session=s)
    laid = [{"overlay": "t2", "source": ovr["source"], "hex": "12Q4", "toward": "12" + toward}]
    hexes = api.map_terrain(_setup(_board(s), [], flip, laid), session=s)["hexes"]
    woods = {k for k, v in hexes.items() if v.get("terrain") == "woods"}
    assert woods == {"12Q4", "12" + toward}
    assert all(hexes[k]["origin"] == "overlay T2" for k in woods)


def test_orientation_follows_VASLs_six_directions():
    q4 = g.plain_parse_hex("Q4")
    got = {overlays.orientation(q4, g.plain_parse_hex(n)) for n in ("Q3", "R3", "R4", "Q5", "P4", "P3")}
    assert got == set("abcdef")
    assert overlays.orientation(q4, None) == "a"


def test_a_link_carries_the_overlay_by_reference_and_names_the_file_another_device_lacks():
    s, board, data = Session(), board_archive({}, {}, name="12", colors=True), _two_hex_overlay()
    ovr = api.import_board(data, session=s)
    source = api.import_board(board, session=s)["source"]
    setup = _setup(source, [], False, [{"overlay": "T2", "hex": "12Q4", "toward": "12Q3"}])
    loaded = api.load(setup, session=s).to_dict()
    assert loaded["map"]["overlays"] == [{"overlay": "T2", "source": ovr["source"],
                                          "hex": "12Q4", "toward": "12Q3"}]
    other = Session()
    api.import_board(board, session=other)
    link = share.encode(api.load(setup, session=s))      # a loaded Setup: what the page shares
    with pytest.raises(SetupError, match=r"map\.overlays\[0\]\.source: overlay file ovrT .* "
                                         r"is not on this device: import ovrT"):
        share.decode(link, other.library)
    # the page asks for the file the link lacks, then opens it once imported
    assert [m["file"] for m in other.missing_boards(link)] == ["ovrT"]
    api.import_board(data, session=other)
    assert other.missing_boards(link) == []
    assert share.decode(link, other.library)["map"]["overlays"] == loaded["map"]["overlays"]


@pytest.mark.parametrize("entry, field", [
    ({"overlay": "T2", "hex": "12Q4", "toward": "12Q7"}, r"map\.overlays\[0\]\.toward: .*not next to"),
    ({"overlay": "T2", "hex": "12Q4"}, r"map\.overlays\[0\]\.toward: missing"),
    ({"overlay": "T9", "hex": "12Q4", "toward": "12Q3"}, r"map\.overlays\[0\]"),
    ({"overlay": "T2", "hex": "12ZZ99", "toward": "12Q3"}, r"map\.overlays\[0\]\.hex"),
    ({"overlay": "T2", "hex": "12Q4", "toward": "12Q3", "colour": 1}, r"map\.overlays\[0\]: unknown"),
])
def test_a_bad_overlay_entry_is_refused_naming_its_field(entry, field):
    s = Session()
    api.import_board(_two_hex_overlay(), session=s)
    with pytest.raises(SetupError, match=field):
        api.load(_setup(_board(s), [], False, [entry]), session=s)


def test_an_overlay_is_cut_at_its_boards_edge_and_a_correction_still_wins():
    s = Session()
    ovr = api.import_board(_two_hex_overlay(), session=s)
    b = _board(s)
    setup = _setup(b, [], False, [{"overlay": "T2", "source": ovr["source"], "hex": "12A4",
                                   "toward": "12A3"}])
    setup["hexes"] = {"12A3": {"terrain": "brush"}}
    hexes = api.map_terrain(setup, session=s)["hexes"]
    assert hexes["12A4"] == {"terrain": "woods", "origin": "overlay T2"}
    assert hexes["12A3"] == {"terrain": "brush", "origin": "setup"}


# --- hostile overlay files (docs/hostile-files.md) ---------------------------------------

def _gif_claiming(width: int, height: int) -> bytes:
    return (b"GIF89a" + width.to_bytes(2, "little") + height.to_bytes(2, "little")
            + b"\x00\x00\x00" + b"\x2c\x00\x00\x00\x00" + width.to_bytes(2, "little")
            + height.to_bytes(2, "little") + b"\x00\x08" + b"\x01\x00\x00;")


def _endless_lzw() -> bytes:
    good = overlay_image({"B2": "WoodsGreen"}, size=(60, 60))
    start = good.index(b"\x2c")
    return good[:start + 11] + (b"\xff" + b"\x00" * 255) * 12_000     # never ends


HOSTILE = {
    "a GIF claiming 65,535 x 65,535 pixels": (_gif_claiming(65535, 65535), "65,535 x 65,535"),
    "a truncated GIF": (overlay_image({"B2": "WoodsGreen"})[:200], "cut short"),
    "an LZW stream that never ends": (_endless_lzw(), "more image data|cut short"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_image_is_refused_within_a_second_and_nothing_is_lost(name):
    data, why = HOSTILE[name]
    s = Session()
    kept = api.import_board(_two_hex_overlay(), session=s)
    t = time.perf_counter()
    with pytest.raises(SetupError, match=why):
        api.import_board(overlay_archive({"t1": (EVERYWHERE, {"a": data})}), session=s)
    assert time.perf_counter() - t < 1
    assert api.import_board(_two_hex_overlay(), session=s) == kept


@pytest.mark.parametrize("data, why", [
    (b"t1 " + b"b2;" * 400, "characters long"),
    (b"x" * 200_000, "would unzip to"),
])
def test_an_absurd_data_file_is_refused_within_a_second(data, why):
    art = overlay_image({"B2": "WoodsGreen"})
    t = time.perf_counter()
    with pytest.raises(SetupError, match=why):
        api.import_board(overlay_archive({"t1": (EVERYWHERE, {"a": art})}, data=data),
                         session=Session())
    assert time.perf_counter() - t < 1


def test_origins_off_the_map_leave_their_orientation_out_and_laying_it_is_refused():
    s = Session()
    art = overlay_image({"B2": "WoodsGreen", "B1": "WoodsGreen"})
    got = api.import_board(overlay_archive({"t1": ("zz999;b2;b2;b2;b2;b2", {
        k: art for k in "abcdef"})}), session=s)
    assert any("zz999" in w for w in got["warnings"])
    with pytest.raises(SetupError, match="orientation a"):
        api.load(_setup(_board(s), [], False, [{"overlay": "T1", "hex": "12Q4",
                                                "toward": "12Q3"}]), session=s)


def test_a_zip_bomb_image_is_refused_from_its_header_within_a_second():
    bomb = zip_archive({"ovrt1a.gif": b"GIF89a" + bytes(60_000_000), "data": b"t1 b2;b2\n"})
    t = time.perf_counter()
    with pytest.raises(SetupError, match="zip bomb"):
        api.import_board(bomb, session=Session())
    assert time.perf_counter() - t < 1


# --- the player's own overlay files -------------------------------------------------------

REAL = Path(os.path.expanduser("~/.cache/vasl-boards"))


def reads_as_its_art(hexes: dict, board: str, image, palettes: tuple, x0: int, y0: int,
                     what: str, whole: bool = True) -> int:
    """Every hex of ``board`` whose disc round the dot the art (laid with its
    corner at x0, y0) paints in one terrain reads as that terrain in
    ``hexes`` (``map_terrain``'s); how many were checked. ``palettes``: the
    colours' names, the first naming a colour wins. Not ``whole``: the art
    may leave part of the disc to the board (a board's own SSR art draws
    symbols), all it paints there being of that terrain, not open ground
    (art thinning a wood leaves the hex a wood: B.1)."""
    from pycore.terrain.vasl import colornames, grid
    checked = 0
    for h in g.Grid(33, 10).hexes():
        shown = set()
        for i, j0, j1 in grid.disc(h):
            for j in range(j0, j1 + 1):
                u, v = i - x0, j - y0
                k = image.pixels[v * image.width + u] if 0 <= u < image.width and \
                    0 <= v < image.height else image.transparent
                if k == image.transparent:
                    if whole:
                        shown.add(None)
                    continue
                name = next((p[image.palette[k]] for p in palettes if image.palette[k] in p), None)
                seen = colornames.shown(name) if name else None
                if seen is not None:      # not a centre dot, grid line or number
                    shown.add(seen.terrain)
        if len(shown) != 1 or None in shown:
            continue
        terrain = shown.pop()
        want = {"Woods": "woods", "Brush": "brush", "Grain": "grain", "Orchard": "orchard",
                "Marsh": "marsh", "Open Ground": "open"}.get(terrain)
        if want is None or (want == "open" and not whole):
            continue
        entry = hexes.get(board + g.PLAIN.hex(h), {"terrain": "open"})
        if want == "open" and TERRAIN[entry.get("terrain", "open")].inherent:
            continue    # B.6: an orchard's trees round an open dot fill the hex (test_reading.py)
        if want == "open" and entry.get("terrain") in BUILDINGS:
            continue    # B.1: an open dot never makes a hex holding a building open ground
        assert entry.get("terrain", "open") == want, (what, g.PLAIN.hex(h), entry)
        checked += 1
    return checked


@pytest.mark.skipif(not (REAL / "overlays").is_dir() or not (REAL / "bd12").exists(),
                    reason="the player's VASL overlay files are not on this machine")
def test_every_real_overlay_family_imports_and_reads_the_terrain_its_art_shows_in_each_orientation():
    # issue 39: one overlay of each family, laid on 12Q5 in every orientation its file draws
    # (a, b, ... f: pointing to each neighbour), reads hex by hex what its art shows there
    s = Session()
    board = api.import_board((REAL / "bd12").read_bytes(), session=s)["source"]
    colors = s.library.colors(board)
    families = sorted(p for p in (REAL / "overlays").iterdir() if p.name.startswith("ovr"))
    assert len(families) > 90
    checked = laid_in = 0
    for path in families:
        got = api.import_board(path.read_bytes(), session=s)
        assert got["kind"] == "overlays" and got["overlays"], path.name
        found = s.library.overlays(got["source"])
        layable = [(o, k) for o in found.overlays.values() for k in "abcdef"
                   if k in o.images and o.origins["abcdef".index(k)]]
        if not layable:         # VASL's own ovrXP_B names no hex as its one-hex overlays' origin
            assert got["warnings"], path.name
            continue
        ovr = layable[0][0]
        for side in [k for o, k in layable if o is ovr][:1 if ovr.place_at is not None else 6]:
            to = {"a": "Q4", "b": "R4", "c": "R5", "d": "Q6", "e": "P5", "f": "P4"}[side]
            laid = [{"overlay": ovr.label, "source": got["source"], "hex": "12Q5",
                     **({} if ovr.single else {"toward": "12" + to})}]
            hexes = api.map_terrain(_setup(board, [], False, laid), session=s)["hexes"]
            first = g.plain_parse_hex("Q5")
            if ovr.place_at is not None:        # the one place it fits (ovr4: t0 toward t-1)
                first = overlays.local_hex(ovr.place_at[0], "12")
                side = "a" if ovr.single else overlays.orientation(
                    first, overlays.local_hex(ovr.place_at[1], "12"))
            image = found.image(ovr.images[side])
            x0, y0 = overlays.corner("12", ovr.origins["abcdef".index(side)], first)
            checked += reads_as_its_art(hexes, "12", image, (found.colors, colors), x0, y0,
                                        f"{path.name} {ovr.label}{side}")
            laid_in += 1
    assert checked > 600 and laid_in > 300, (checked, laid_in)


def test_the_command_line_imports_board_and_overlay_files_for_a_setup_naming_them(tmp_path, capsys):
    import json
    from pycore.__main__ import main
    board, ovr = board_archive({}, {}, name="12", colors=True), _two_hex_overlay()
    s = Session()
    b, o = (api.import_board(x, session=s)["source"] for x in (board, ovr))
    (tmp_path / "bd12").write_bytes(board)
    (tmp_path / "ovrT").write_bytes(ovr)
    (tmp_path / "s.json").write_text(json.dumps(_setup(b, [_squad("g1", "Q2"), _squad("r1", "Q7", "Russian")],
                                                       False, [{"overlay": "T2", "source": o, "hex": "12Q4",
                                                                "toward": "12Q5"}])))
    args = ["los", str(tmp_path / "s.json"), "g1", "r1"]
    assert main(["--import", str(tmp_path / "bd12"), *args]) == 2
    assert "import ovrT" in capsys.readouterr().err
    assert main(["--import", str(tmp_path / "bd12"), "--import", str(tmp_path / "ovrT"), *args]) == 0
    assert json.loads(capsys.readouterr().out)["los"] is False       # the overlay's woods in Q4-Q5


OPPOSITE = dict(zip("abcdef", "defabc"))


@given(st.sampled_from(sorted(g.Grid(33, 10).hexes())))
def test_orientation_law_six_neighbours_six_letters_and_back_the_opposite(h):
    around = [n for n in g.neighbours(h)]
    letters = [overlays.orientation(h, n) for n in around]
    assert sorted(letters) == list("abcdef")
    assert all(overlays.orientation(n, h) == OPPOSITE[k] for n, k in zip(around, letters))


@pytest.mark.parametrize("flip", [False, True], ids=["as-is", "board-13-flipped"])
def test_an_overlay_on_the_second_board_of_a_seam_shows_on_the_seam_hex(flip):
    # 13A4 is the seam hex 12GG4: its name, and by default its reading, are board
    # 12's; the overlay lies on board 13, whose half of the hex shows it.
    s = Session()
    ovr = api.import_board(_two_hex_overlay(), session=s)["source"]
    b12 = api.import_board(board_archive({}, {}, name="12", colors=True), session=s)["source"]
    b13 = api.import_board(board_archive({}, {}, name="13", colors=True), session=s)["source"]
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": "12", "source": b12},
                                 {"board": "13", "source": b13, **({"flip": True} if flip else {})}]],
                     "overlays": [{"overlay": "T2", "source": ovr, "hex": "13A4" if not flip else "13GG4",
                                   "toward": "13B4" if not flip else "13FF4"}]}}
    hexes = api.map_terrain(setup, session=s)["hexes"]
    woods = {k for k, v in hexes.items() if v.get("terrain") == "woods"}
    assert len(woods) == 2 and all(hexes[k]["origin"] == "overlay T2" for k in woods), hexes
    assert ("12GG4" in woods) is (not flip)


def test_B23_an_overlays_building_is_its_own_not_the_boards_named_building_beneath():
    # Board 12 names Q5 a three-level stone building; the overlay draws a wooden
    # building there: it is read from the overlay's art (one level, wooden).
    s = Session()
    board = api.import_board(board_archive({"Q5": {"terrain": "stone-building", "levels": 3}}, {},
                                           name="12", colors=True), session=s)["source"]
    ovr = api.import_board(overlay_archive({"t1": (EVERYWHERE, {"a": overlay_image(
        {"B2": "WoodBldg1"})})}), session=s)["source"]
    hexes = api.map_terrain(_setup(board, [], False, [{"overlay": "T1", "source": ovr,
                                                       "hex": "12Q5"}]), session=s)["hexes"]
    assert hexes["12Q5"] == {"terrain": "building", "origin": "overlay T1"}, hexes["12Q5"]


def test_an_overlays_own_colors_file_adds_names_to_the_boards():
    # ovr3's own colors file names only its rice paddies: the rest of its art
    # is named by the board's file.
    from tests.vasl_writer import TEST_COLORS
    s = Session()
    ovr = api.import_board(overlay_archive({"t1": (EVERYWHERE, {"a": overlay_image(
        {"B2": "WoodsGreen"})})}, colors={"GrainL0": TEST_COLORS["GrainL0"]}), session=s)
    hexes = api.map_terrain(_setup(_board(s), [], False, [{"overlay": "T1", "source": ovr["source"],
                                                          "hex": "12Q5"}]), session=s)["hexes"]
    assert hexes["12Q5"] == {"terrain": "woods", "origin": "overlay T1"}


@pytest.mark.parametrize("kind", ["board", "overlays"])
def test_a_file_imported_is_unzipped_once_and_read_as_what_it_holds(kind, monkeypatch):
    # Session.import_file opens the zip once: the overlay test and the reader
    # (and a board's colours) share it; what is imported is as before.
    from pycore.terrain.vasl import archive
    data = board_archive({"C3": {"terrain": "woods"}}, {}, name="12", colors=True) if kind == "board" \
        else overlay_archive({"t1": (EVERYWHERE, {"a": overlay_image({"C3": "WoodsGreen"})})}, colors=True)
    opened, counted = archive.opened, []
    monkeypatch.setattr(archive, "opened", lambda d: counted.append(1) or opened(d))
    got = Session().import_file(data)
    assert len(counted) == 1 and got["kind" if kind == "overlays" else "board"] == \
        ("overlays" if kind == "overlays" else "12")
    monkeypatch.setattr(archive, "opened", opened)
    lib = Session().library
    alone = lib.add_overlays(data) if kind == "overlays" else lib.add(data)
    assert got == alone.summary()


@pytest.mark.parametrize("name, file", [("t1", "ovrT"), ("wd12", "ovrWD"), ("be2", "ovrBE"),
                                        ("oc4", "ovrOC"), ("rr_a3", "ovrRR_A"), ("7", "ovr7")])
def test_an_overlay_not_imported_names_the_file_its_archive_is(name, file):
    # One rule for an overlay's family (pycore.terrain.vasl.overlay.family): the
    # file the player is asked to import is the one that archive reads as.
    shared = {"be2": "be1", "oc4": "oc3"}.get(name, name)
    data = overlay_archive({shared: (EVERYWHERE, {"a": overlay_image({"C3": "WoodsGreen"})})},
                           data=f"{name} {EVERYWHERE}\n{shared} {EVERYWHERE}\n".encode())
    s = Session()
    assert api.import_board(data, session=s)["family"] == file[3:]
    with pytest.raises(SetupError, match=rf"map\.overlays\[0\]: overlay {name.upper()} is not "
                                         rf"on this device: import {file}$"):
        other = Session()                               # no overlay file imported
        api.load(_setup(_board(other), [], False, [{"overlay": name, "hex": "12Q4"}]), session=other)
