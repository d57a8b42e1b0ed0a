"""Map layouts of geomorphic boards (pycore.geometry.boards, issue 11): seams, flipped
boards, board-prefixed names, and rulings that never depend on how a hex is
named."""
from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api, geometry, share
from pycore.geometry.boards import load_layout
from pycore.errors import SetupError
from pycore.setup import load_setup
from tests import test_los_examples as ex
from tests.helpers import setup, unit
from tests.strategies import unit_pairs

FLIPPED_6 = {"board": "6", "flip": True}


def layout_setup(boards, **parts) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": boards}, **parts}


def hex_of(boards, name: str) -> geometry.Hex:
    names = geometry.Names(load_layout(boards))
    return names.parse_hex(name)


# --- seams and flipped boards ----------------------------------------------------------

@pytest.mark.parametrize("boards, a, b", [
    ([["12", "6"]], "12GG5", "6A5"),                  # side by side: GG on A
    ([["12", "6"]], "12GG10", "6A10"),
    ([["12"], ["6"]], "12B10", "6B0"),                # stacked: row 10 on row 0
    ([["12"], ["6"]], "12FF10", "6FF0"),
    ([["12", FLIPPED_6]], "12GG5", "6GG6"),           # flipped: its GG on the seam, rows reversed
    ([["12", FLIPPED_6]], "12GG1", "6GG10"),
    ([["12"], [FLIPPED_6]], "12B10", "6FF10"),        # flipped below: its row 10 at the top
    ([[FLIPPED_6, "12"]], "6A5", "12A6"),             # flipped on the left: its A on the seam
])
def test_a_seam_hex_answers_to_both_its_names(boards, a, b):
    assert hex_of(boards, a) == hex_of(boards, b)
    s = load_setup(layout_setup(boards, hexes={b: {"terrain": "woods"}}))
    assert s.names.hex(hex_of(boards, b)) == a   # the first board's name is shown
    assert list(s.to_dict()["hexes"]) == [a]


def test_a_flipped_board_runs_the_other_way_its_A1_at_the_far_corner():
    boards = [[FLIPPED_6]]
    assert hex_of(boards, "6A1") == geometry.plain_parse_hex("GG10")
    assert hex_of(boards, "6GG10") == geometry.plain_parse_hex("A1")
    assert hex_of(boards, "6B0") == geometry.plain_parse_hex("FF10")


def test_the_combined_map_is_one_lattice_of_32_columns_per_board_plus_one():
    assert load_setup(layout_setup([["12", "6"], ["y", "z"]])).grid.columns == 65
    assert load_setup(layout_setup([["12", "6"], ["y", "z"]])).grid.rows == 20
    big = load_setup(layout_setup([["1", "2", "3", "4"], ["5", "6", "7", "8"]]))
    assert (big.grid.columns, big.grid.rows) == (129, 20)     # 4 x 2 boards stay allowed


@pytest.mark.parametrize("boards", [[["12", "6"]], [["12"], ["6"]], [["12", FLIPPED_6]],
                                    [[FLIPPED_6], ["12"]], [["a", "b"], ["c", FLIPPED_6]]])
def test_every_name_of_every_hex_reads_back_as_that_hex(boards):
    layout = load_layout(boards)
    seams = 0
    names = geometry.Names(layout)
    for h in layout.grid.hexes():
        all_names = names.all(h)
        seams += len(all_names) > 1
        assert all(names.parse_hex(n) == h for n in all_names), all_names
        for side in geometry.hexsides_of(h):
            if all(layout.grid.contains(x) for x in side):
                assert names.parse_hexside(names.hexside(side)) == side
        for v in geometry.hex_vertices(h):   # those on the map, as web.render draws them
            if 3 <= v[0] <= 3 * layout.grid.columns and 0 <= v[1] <= 2 * layout.grid.rows:
                assert names.parse_vertex(names.vertex(v)) == v
    assert seams > 0


def test_a_hexside_on_one_board_is_named_on_that_board():
    s = load_setup(layout_setup([["12", "6"]], hexsides={"6A5-6B5": "wall"}))
    assert list(s.to_dict()["hexsides"]) == ["6A5-6B5"]


# --- names in: prefixes, ambiguity, errors ---------------------------------------------

def test_a_name_without_a_board_is_taken_where_only_one_board_has_it():
    # Every board has every name A1..GG10, so only a one-board layout (here a
    # flipped board) leaves "Z9" unambiguous.
    s = layout_setup([[FLIPPED_6]], units=[unit("g", "Z9")])
    assert load_setup(s).to_dict()["units"][0]["hex"] == "6Z9"
    assert load_setup(s).units[0].hex == geometry.plain_parse_hex("H1")     # rotated 180 degrees


@pytest.mark.parametrize("name, says", [
    ("P2", "P2 is on boards 12, 6: say which, e.g. 12P2 or 6P2"),
    ("12HH5", "12HH5 is not on board 12"),
    ("9P2", "is not a hex name on these boards"),
    ("Z-9", "is not a hex name"),
])
def test_a_name_that_fits_no_hex_or_several_is_refused_naming_the_field(name, says):
    with pytest.raises(SetupError, match=r'^hexes\["' + name.replace("-", r"\-") + r'"\]: .*' + says
                       .replace(".", r"\.")):
        load_setup(layout_setup([["12", "6"]], hexes={name: {"terrain": "woods"}}))


@pytest.mark.parametrize("boards, field", [
    ([], "map.boards"), ("12", "map.boards"), ([["12", "6"], ["y"]], r"map.boards\[1\]"),
    ([["12", "12"]], r"map.boards\[0\]\[1\]"), ([["1-2"]], r"map.boards\[0\]\[0\]"),
    ([[{"board": "6", "flip": "yes"}]], r"map.boards\[0\]\[0\].flip"),
    ([[{"board": "6", "turn": 1}]], r"map.boards\[0\]\[0\]"),
    ([["1", "2", "3", "4", "5"]], "map.boards"), ([[str(i)] for i in range(9)], "map.boards"),
    ([["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]], "map.boards"),
])
def test_a_bad_layout_is_refused_naming_the_field(boards, field):
    with pytest.raises(SetupError, match="^" + field + ": "):
        load_setup(layout_setup(boards))


def test_given_columns_and_rows_must_agree_with_the_boards():
    assert load_setup({**layout_setup([["12", "6"]]),
                       "map": {"boards": [["12", "6"]], "columns": 65, "rows": 10}})
    with pytest.raises(SetupError, match=r"^map.columns: 33, but the boards make 65"):
        load_setup({**layout_setup([["12", "6"]]),
                    "map": {"boards": [["12", "6"]], "columns": 33}})


def test_a_layout_round_trips_through_a_link():
    s = layout_setup([["12", FLIPPED_6]], hexes={"6A5": {"level": 1}},
                     units=[unit("g", "12Z9"), unit("r", "6Z3", side="Russian")])
    got = share.decode(share.encode(s))
    assert got["map"]["boards"] == [["12", FLIPPED_6]]
    assert got == load_setup(s).to_dict()


# --- rulings never depend on the names -------------------------------------------------

def _on_board(s: dict, label: str, boards) -> dict:
    """A one-board setup ``s`` moved onto board ``label`` of ``boards``: every
    hex name prefixed; its own names are board ``label``'s."""
    def name(n):
        return "-".join(label + part for part in n.split("-"))
    out = copy.deepcopy(s)
    out["map"] = {"boards": boards}
    out["hexes"] = {name(k): v for k, v in s.get("hexes", {}).items()}
    out["hexsides"] = {name(k): v for k, v in s.get("hexsides", {}).items()}
    for u in out.get("units", []):
        for key in ("hex", "bypass", "vertex"):
            if key in u:
                u[key] = name(u[key])
    return out


def _where(result: dict, s: dict, prefix: str = ""):
    """Where ``result`` is blocked, as a lattice hex/hexside/vertex of ``s``'s
    map (each part of the name given ``prefix`` first), or None."""
    if result["blocked_at"] is None:
        return None
    parts = [prefix + p for p in result["blocked_at"].split("-")]
    names = load_setup(s).names
    return [names.parse_hex, names.parse_hexside, names.parse_vertex][
        len(parts) - 1]("-".join(parts))


def _same_verdict(plain: dict, named: dict) -> None:
    for key in ("los", "location_los", "range", "hindrance", "rule"):
        assert plain[key] == named[key], (key, plain, named)


EX_SETUPS = {"A6.43 J4-H2": ex._a6_43(), "A6.7 grain": ex._a6_7_grain(False),
             "A6.7 seven grain": ex.setup(hexes=ex.many(ex.SEVEN_GRAIN, terrain="grain")),
             "B9.2": ex._b9_2(), "B9.21": ex._b9_21(), "B9.521 BB8 level 2": ex._b9_521(2),
             "B9.521 AA8": ex._aa8(True), "D9.4": ex._d9_4(False), "A6.3": ex._a6_3(),
             "B19.2": ex._b19_2(), "A6.8": ex._a6_8_building()}
EX_TARGETS = ("H1", "H2", "V2", "W10", "X6", "Y6", "Y7", "X7", "Z5", "Z6", "EE8", "E9", "S2")


@pytest.mark.parametrize("boards", [[["12", "6"]], [["12", FLIPPED_6]], [["12"], [FLIPPED_6]]],
                         ids=["2x1", "2x1 flipped", "1x2 flipped"])
@pytest.mark.parametrize("example", sorted(EX_SETUPS))
def test_rulebook_examples_on_board_6_give_the_same_rulings(example, boards):
    plain = EX_SETUPS[example]
    named = _on_board(plain, "6", boards)
    ids = [u["id"] for u in plain["units"]]
    for viewer in ids:
        for target in ids + list(EX_TARGETS):
            if target == viewer:
                continue
            named_target = target if target in ids else "6" + target
            a, b = api.los(plain, viewer, target), api.los(named, viewer, named_target)
            _same_verdict(a, b)
            assert _where(b, named) == _where(a, named, prefix="6")


def _renamed(plain: dict, boards) -> dict:
    """The same map, its hexes named on ``boards`` instead of the plain grid."""
    s = load_setup(plain)
    return dataclasses.replace(s, layout=load_layout(boards), board=None).to_dict()


def _beyond_the_edge(s: dict, unit: dict) -> bool:
    """Does ``unit`` of plain setup ``s`` stand at a vertex beyond the map's edge?"""
    if "vertex" not in unit:
        return False
    loaded = load_setup(s)
    x, y = geometry.PLAIN.parse_vertex(unit["vertex"])
    return not (3 <= x <= 3 * loaded.grid.columns and 0 <= y <= 2 * loaded.grid.rows)


LAYOUTS = st.sampled_from([[["12", "6"]], [["12", FLIPPED_6]], [[FLIPPED_6, "y"]]])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=unit_pairs(min_columns=65, max_columns=65, min_rows=10, max_rows=10,
                       max_terrain=40, max_hexsides=30, extras=False),
       boards=LAYOUTS)
def test_renaming_a_setup_between_boards_and_a_plain_grid_never_changes_a_ruling(case, boards):
    plain, viewer, target = case
    plain["map"].pop("board", None)
    try:
        named = _renamed(plain, boards)
    except ValueError as exc:
        # only a unit's vertex beyond the map's edge, where the boards name no hex
        assert "beyond the map's edge and has no name" in str(exc)
        assert any(_beyond_the_edge(plain, u) for u in plain["units"])
        return
    a, b = api.los(plain, viewer, target), api.los(named, viewer, target)
    _same_verdict(a, b)
    assert _where(a, plain) == _where(b, named)
    def claims(s):
        units = api.wall_advantage(s)["units"]
        names = load_setup(s).names
        return {uid: (u["has"], u["eligible"], u["mandatory"],
                      sorted(names.parse_hexside(n) for n in u["hexsides"]))
                for uid, u in units.items()}
    assert claims(plain) == claims(named)                               # B9.32 too
    assert load_setup(_renamed(named, boards)).to_dict() == named     # names are stable


ALL_LAYOUTS = [[["12", "6"]], [["12", FLIPPED_6]], [[FLIPPED_6, "y"]], [[FLIPPED_6]],
               [["12"], [FLIPPED_6]], [[FLIPPED_6], ["12"]], [["a", "b"], ["c", FLIPPED_6]],
               [[{"board": "a", "flip": True}, FLIPPED_6], [{"board": "c", "flip": True}, "d"]]]


@pytest.mark.parametrize("boards", ALL_LAYOUTS)
def test_every_vertex_on_the_map_has_a_name_that_reads_back_flipped_boards_too(boards):
    # A vertex on or within the map's edges names hexes a board names. One
    # beyond the edge (past a half hex) may need a hex left of a column A or
    # above a row 0, which has no name: it is refused saying so (issue 32).
    layout = load_layout(boards)
    columns, rows = layout.grid
    names = geometry.Names(layout)
    for h in layout.grid.hexes():
        for v in geometry.hex_vertices(h):
            within = 3 <= v[0] <= 3 * columns and 0 <= v[1] <= 2 * rows
            try:
                name = names.vertex(v)
            except ValueError as exc:
                assert not within, v
                assert "beyond the map's edge and has no name" in str(exc)
                assert names.hex(h) in str(exc)
                continue
            assert names.parse_vertex(name) == v


def test_a_vertex_below_a_flipped_boards_half_hex_renamed_is_refused_by_name():
    # Found by the renaming law: on a plain 65 x 10 map F10-F11-G11 lies below
    # the half hex F10. Board 6 flipped on the left puts its row 0 along the
    # map's bottom edge, so F11 would be its row -1: no name.
    plain = setup(columns=65, units=[unit("g", "F10", vertex="F10-F11-G11"),
                                     unit("r", "K5", side="Russian")])
    plain["map"].pop("board", None)
    with pytest.raises(ValueError, match=r"the vertex of 6BB0 and 6AA0 lies beyond the map's "
                                         r"edge and has no name"):
        _renamed(plain, [[FLIPPED_6, "y"]])
    named = _renamed(plain, [["12", "6"]])        # unflipped, board 12 names it
    assert named["units"][0]["vertex"] == "12F10-12F11-12G11"
    _same_verdict(api.los(plain, "g", "r"), api.los(named, "g", "r"))


def test_range_across_a_seam_counts_the_shared_column_once():
    s = layout_setup([["12", "6"]], units=[unit("g", "12Y5"), unit("r", "6C5", side="Russian")])
    plain = setup(columns=65, units=[unit("g", "Y5"), unit("r", "II5", side="Russian")])
    assert api.los(s, "g", "r")["range"] == api.los(plain, "g", "r")["range"] == 10


def test_steps_and_blocked_at_use_the_players_names():
    s = layout_setup([["12", "6"]], hexes={"6B5": {"terrain": "woods"}},
                     units=[unit("g", "12EE5"), unit("r", "6D5", side="Russian")])
    r = api.los(s, "g", "r")
    assert r["los"] is False and r["blocked_at"] == "6B5"
    assert "12EE5" in r["steps"][0]["text"] and "6D5" in r["steps"][0]["text"]
    assert set(api.visibility(s, "g")["hexes"]) >= {"12A1", "6GG10", "12GG5"}
    assert "6A5" not in api.visibility(s, "g")["hexes"]       # one canonical name per hex
