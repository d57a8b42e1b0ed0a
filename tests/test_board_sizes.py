"""Boards of the other sizes VASL draws (issue 38): a Deluxe board (15 x 5
hexes, three times as large) and a board cut in two down its column Q (17 x
20 hexes: VASL's 1a-13b, 1b's columns named Q to GG as printed). Their size
and hex size are read from their own archive; boards of one size are laid
side by side as a geomorphic board's are, their half hexes making one hex at
the seam (docs/board-reading.md "Board sizes"). The archives are written by
the tests (tests/vasl_writer.py); the real ones are read where the machine has
them."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pycore import api
from pycore.errors import SetupError
from pycore.session import Session
from tests.vasl_writer import DELUXE, HALF_A, HALF_B, LOWER, board_archive

BOARDS = Path(os.path.expanduser("~/.cache/vasl-boards"))


def _setup(rows, **more):
    return {"format": "asl-setup", "version": 1, "map": {"boards": rows}, **more}


@pytest.fixture(scope="module")
def deluxe():
    """Deluxe boards a and b: woods at aC3, a one-level hill at bD2, a wall
    along bF3-bG3; and a Deluxe pair's session."""
    s = Session()
    a = api.import_board(board_archive({"C3": {"terrain": "woods"}}, {}, name="a",
                                       shape=DELUXE), session=s)
    b = api.import_board(board_archive({"D2": {"level": 1}, "B3": {"terrain": "woods"}},
                                       {"F3-G3": "wall"}, name="b", shape=DELUXE), session=s)
    return s, a, b


@pytest.fixture(scope="module")
def halves():
    """Board 1 cut in two: 1a (columns A to Q) and 1b (Q to GG), woods at 1bR10."""
    s = Session()
    a = api.import_board(board_archive({"B2": {"terrain": "brush"}}, {}, name="1a",
                                       shape=HALF_A), session=s)
    b = api.import_board(board_archive({"R10": {"terrain": "woods"}}, {}, name="1b",
                                       shape=HALF_B), session=s)
    return s, a, b


def test_a_deluxe_board_imports_with_its_own_size_and_names(deluxe):
    s, a, b = deluxe
    assert (a["columns"], a["rows"]) == (15, 5) and (b["columns"], b["rows"]) == (15, 5)
    assert api.board_terrain(a["source"], session=s)["hexes"] == {"C3": {"terrain": "woods"}}
    read = api.board_terrain(b["source"], session=s)
    assert read["hexes"] == {"B3": {"terrain": "woods"}, "D2": {"level": 1}}
    assert read["hexsides"] == {"F3-G3": "wall"}


def test_half_boards_are_named_as_printed_from_q_to_gg(halves):
    s, a, b = halves
    assert (a["columns"], a["rows"]) == (17, 20) and (b["columns"], b["rows"]) == (17, 20)
    assert api.board_terrain(b["source"], session=s)["hexes"] == {"R10": {"terrain": "woods"}}
    assert api.board_terrain(a["source"], session=s)["hexes"] == {"B2": {"terrain": "brush"}}


def _pair(a, b, flip=False):
    return [[{"board": a["board"], "source": a["source"]},
             {"board": b["board"], "source": b["source"], **({"flip": True} if flip else {})}]]


def test_deluxe_boards_side_by_side_share_their_seam_hexes(deluxe):
    s, a, b = deluxe
    setup = _setup(_pair(a, b))
    loaded = api.load(setup, session=s)
    assert (loaded.grid.columns, loaded.grid.rows) == (29, 5)
    names = loaded.names
    assert names.parse_hex("aO3") == names.parse_hex("bA3")
    assert names.all(names.parse_hex("bA3")) == ["aO3", "bA3"]
    assert names.hex(names.parse_hex("bD2")) == "bD2"
    with pytest.raises(ValueError, match="its hexes run from aA1 to aO5"):
        names.parse_hex("aP3")
    terrain = api.map_terrain(setup, session=s)["hexes"]
    assert terrain["aC3"]["terrain"] == "woods" and terrain["bD2"]["level"] == 1


@pytest.mark.parametrize("woods", [True, False])
def test_los_across_a_deluxe_seam_meets_the_other_boards_woods_both_ways(deluxe, woods):
    """A6.1 both ways: the thread from aN3 to bD3 crosses the seam and passes
    through bB3's centre: blocked by its woods, clear where the player clears it."""
    s, a, b = deluxe
    setup = _setup(_pair(a, b), **({} if woods else {"hexes": {"bB3": {"terrain": "open"}}}))
    for viewer, target in (("aN3", "bD3"), ("bD3", "aN3")):
        got = api.los(setup, viewer, target, session=s)
        assert got["los"] is not woods
        assert got["range"] == 4
        if woods:
            assert got["blocked_at"] == "bB3"


@pytest.mark.parametrize("woods", [True, False])
def test_los_across_the_seam_of_two_half_boards_both_ways(halves, woods):
    s, a, b = halves
    setup = _setup(_pair(a, b), **({} if woods else {"hexes": {"1bR10": {"terrain": "open"}}}))
    loaded = api.load(setup, session=s)
    assert (loaded.grid.columns, loaded.grid.rows) == (33, 20)
    assert loaded.names.all(loaded.names.parse_hex("1bQ5")) == ["1aQ5", "1bQ5"]
    for viewer, target in (("1aP10", "1bT10"), ("1bT10", "1aP10")):
        got = api.los(setup, viewer, target, session=s)
        assert got["los"] is not woods and got["range"] == 4


@pytest.mark.parametrize("woods", [True, False])
def test_the_lower_half_of_a_tall_board_is_named_from_row_11_below_its_upper_half(woods):
    """VASL's BFPDW1a over BFPDW1b: the lower board's A column runs from A11;
    its row-10 half hexes are the upper board's; a thread down column C from
    the upper board meets the lower board's woods at C12 (A6.1), both ways."""
    s = Session()
    up = api.import_board(board_archive({}, {}, name="DW1a"), session=s)
    low = api.import_board(board_archive({"C12": {"terrain": "woods"}} if woods else {}, {},
                                         name="DW1b", shape=LOWER), session=s)
    assert (low["columns"], low["rows"]) == (33, 10)
    assert api.board_terrain(low["source"], session=s)["hexes"] == (
        {"C12": {"terrain": "woods"}} if woods else {})
    setup = _setup([[{"board": "DW1a", "source": up["source"]}],
                    [{"board": "DW1b", "source": low["source"]}]])
    loaded = api.load(setup, session=s)
    assert (loaded.grid.columns, loaded.grid.rows) == (33, 20)
    names = loaded.names
    assert names.all(names.parse_hex("DW1bB10")) == ["DW1aB10", "DW1bB10"]
    with pytest.raises(ValueError, match="its hexes run from DW1bA11 to DW1bGG20"):
        names.parse_hex("DW1bC5")
    for viewer, target in (("DW1aC9", "DW1bC14"), ("DW1bC14", "DW1aC9")):
        got = api.los(setup, viewer, target, session=s)
        assert got["los"] is not woods and got["range"] == 5
        assert got["blocked_at"] == ("DW1bC12" if woods else None)


def test_a_flipped_deluxe_board_turns_its_names_round(deluxe):
    s, a, b = deluxe
    names = api.load(_setup(_pair(a, b, flip=True)), session=s).names
    # flipped, b's A1 is the map's bottom right corner, and its O5 the seam hex aO1
    assert names.parse_hex("bO5") == names.parse_hex("aO1")
    assert names.hex(names.parse_hex("bA1")) == "bA1"
    corner = names.parse_hex("bA1")
    assert corner == max(api.load(_setup(_pair(a, b, flip=True)), session=s).grid.hexes())


def test_boards_of_two_sizes_on_one_map_are_refused_naming_the_field(deluxe):
    s, a, _ = deluxe
    geo = api.import_board(board_archive({}, {}, name="41"), session=s)
    rows = [[{"board": "41", "source": geo["source"]}, {"board": "a", "source": a["source"]}]]
    with pytest.raises(SetupError, match=r"^map\.boards\[0\]\[1\]: board a is 15 x 5 hexes, "
                                         r"but board 41 is 33 x 10"):
        api.load(_setup(rows), session=s)


def test_a_painted_geomorphic_board_below_a_half_board_is_refused():
    s = Session()
    half = api.import_board(board_archive({}, {}, name="1a", shape=HALF_A), session=s)
    rows = [[{"board": "1a", "source": half["source"]}]] + [[f"x{i}"] for i in range(4)]
    with pytest.raises(SetupError, match=r"^map\.boards\[1\]\[0\]: board x0 is 33 x 10"):
        api.load(_setup(rows), session=s)


# --- the real boards, where this machine has them --------------------------------------

def _real(name: str) -> bytes:
    path = BOARDS / name
    if not path.exists():
        pytest.skip(f"{path} is not on this machine")
    return path.read_bytes()


@pytest.mark.parametrize("name, size, first, top", [
    ("bda", (15, 5), "A", 0), ("bdBFP1", (15, 5), "A", 0), ("bd1a", (17, 20), "A", 0),
    ("bd1b", (17, 20), "Q", 0), ("bdBFPDW1b", (33, 10), "A", 10)])
def test_the_real_boards_of_other_sizes_import(name, size, first, top):
    s = Session()
    got = api.import_board(_real(name), session=s)
    assert (got["columns"], got["rows"]) == size
    hexes = api.board_terrain(got["source"], session=s)["hexes"]
    assert hexes, "a real board reads some terrain"
    letters = {h.rstrip("0123456789") for h in hexes}
    assert min(letters, key=lambda c: (len(c), c)) >= first
    assert min(int(h[len(h.rstrip("0123456789")):]) for h in hexes) >= top


def test_the_real_half_boards_lie_side_by_side_with_one_seam():
    s = Session()
    a = api.import_board(_real("bd1a"), session=s)
    b = api.import_board(_real("bd1b"), session=s)
    setup = _setup(_pair(a, b))
    loaded = api.load(setup, session=s)
    assert loaded.names.all(loaded.names.parse_hex("1bQ20")) == ["1aQ20", "1bQ20"]
    assert api.los(setup, "1aA1", "1bGG20", session=s)["range"] == 32 + 3


def _with_metadata(data: bytes, old: bytes, new: bytes) -> bytes:
    import io
    import zipfile
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as z, zipfile.ZipFile(out, "w") as w:
        for info in z.infolist():
            body = z.read(info)
            w.writestr(info.filename, body.replace(old, new) if info.filename ==
                       "BoardMetadata.xml" else body)
    return out.getvalue()


@pytest.mark.parametrize("old, new, words", [
    (b'hexHeight="194.2"', b'hexHeight="180"', ("hexHeight of 180", "194.2 pixels")),
    (b'hexHeight="194.2"', b'hexHeight="194.2" A1CenterY="0"', ("half hex", "alternate")),
    (b'hexHeight="194.2"', b'hexHeight="194.2" A1CenterX="-50"', ("A1 lies -50 pixels",)),
    (b'width="15"', b'width="17"', ("17 x 5", "15 x 5")),
])
def test_a_board_whose_metadata_disagrees_with_its_grid_is_refused(old, new, words):
    data = board_archive({}, {}, name="a", shape=DELUXE)
    from zipfile import ZipFile
    import io
    assert old in ZipFile(io.BytesIO(data)).read("BoardMetadata.xml")
    with pytest.raises(SetupError) as e:
        api.import_board(_with_metadata(data, old, new), session=Session())
    for w in words:
        assert w in str(e.value)


def test_a_link_of_deluxe_boards_on_a_device_without_them_names_the_files_to_import(deluxe):
    """The map's size follows from boards this device does not have: the
    player is told which file to import, not that the map's size is wrong."""
    s, a, b = deluxe
    setup = {**_setup(_pair(a, b)), "map": {"boards": _pair(a, b), "columns": 29, "rows": 5}}
    assert api.load(setup, session=s).grid.columns == 29
    with pytest.raises(SetupError, match=r"^map\.boards\[0\]\[0\]\.source: board a .* import bda"):
        api.load(setup, session=Session())


@pytest.mark.parametrize("flips", [(False, False), (False, True), (True, False), (True, True)])
@pytest.mark.parametrize("sizes, across", [
    (((17, 20, 1, 0), (17, 20, 17, 0)), True), (((15, 5, 1, 0), (15, 5, 1, 0)), False),
    (((33, 10, 1, 0), (33, 10, 1, 10)), False)])
def test_every_name_of_every_hex_reads_back_on_boards_of_every_size_flipped_or_not(
        sizes, across, flips):
    """Each hex's names (a seam hex's two) read back to it, and each board's
    own hexes are exactly the map's hexes it holds, whatever the boards' size,
    first column or first row, flipped or not."""
    from pycore import geometry as g
    from pycore.geometry.boards import BoardSize, Layout
    labels = ("p1", "p2")
    cells = [(label, flip) for label, flip in zip(labels, flips)]
    rows = [cells] if across else [[c] for c in cells]
    layout = Layout(rows, {}, {label: BoardSize(*size) for label, size in zip(labels, sizes)})
    names = g.Names(layout)
    held = set()
    for h in layout.grid.hexes():
        assert layout.holders(h), f"{h} is on no board"
        for name in names.all(h):
            assert names.parse_hex(name) == h
        held.update((b.label, b.to_local(h)) for b in layout.holders(h))
    for b in layout.boards:
        assert {local for label, local in held if label == b.label} == set(b.size.hexes())


@pytest.mark.parametrize("shape, name, hexes", [
    (DELUXE, "a", ("C3", "A3", "E3", "C1", "C5")),
    (HALF_B, "1b", ("S5", "Q5", "U5", "S3", "S7"))])
def test_woods_drawn_over_part_of_a_hex_block_only_where_drawn_on_boards_of_other_sizes(
        shape, name, hexes):
    """A6.1 in the board's own pixel frame: woods drawn over the left part of a
    hex (the dot in open ground, so the hex reads open) block the thread that
    crosses them, and not the one that passes beside them, either way round."""
    mid, west, east, north, south = hexes
    k = shape.scale
    woods = {"hex": mid, "terrain": "woods", "rect": (-28 * k, -40 * k, -3 * k, 40 * k),
             "own": True}
    s = Session()
    got = api.import_board(board_archive({}, {}, name=name, shapes=(woods,), shape=shape),
                           session=s)
    assert mid not in api.board_terrain(got["source"], session=s)["hexes"]   # read whole: open
    setup = _setup([[{"board": name, "source": got["source"]}]])
    for a, b in ((west, east), (east, west)):
        ruled = api.los(setup, name + a, name + b, session=s)
        assert ruled["los"] is False and ruled["blocked_at"] == name + mid
    for a, b in ((north, south), (south, north)):
        assert api.los(setup, name + a, name + b, session=s)["los"] is True
