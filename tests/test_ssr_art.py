"""A board's own SSR art (issue 39 item 4; docs/overlays.md "A board's own SSR
art"): the images a board file carries for its scenario rules, offered among
that board's Scenario rules and, when a setup names one (``"ssr":
["art-jungle"]``), laid where the file says and read as an overlay's art.

Each situation is ruled both ways (A6.5), on boards flipped and not, and
against a board drawn with the same terrain. The boards and their art are
written by the tests (tests/vasl_writer.py); the last test reads the player's
own board 41 when it is on the machine.
"""
from __future__ import annotations

import time

import pytest

from pycore import api
from pycore import geometry as g
from pycore.errors import SetupError
from pycore.session import Session
from pycore.terrain import overlays
from tests.test_overlays import FLIPS, REAL, _ruling, _setup, _squad, reads_as_its_art
from tests.vasl_writer import board_archive, overlay_archive, overlay_image


def _corner(at: str) -> tuple[int, int]:
    """Where an image drawn with its hex B2 on ``at`` has its corner (board pixels)."""
    return overlays.corner("12", "b2", g.plain_parse_hex(at))


def _art_board(session: Session, art: dict, at: str = "Q5", hexes: dict | None = None,
               in_metadata: bool = False) -> str:
    """A board file carrying one SSR art rule "Jungle": ``art`` painted on its
    B2, laid on ``at``; given by an ``overlaySSR`` file, or by the metadata."""
    x, y = _corner(at)
    members = {"jungle.gif": overlay_image(art)}
    inner = ""
    if in_metadata:
        inner = (f'<overlaySSRules><underlaySSRule name="WallsOnly" image="w.gif">'
                 f'<color name="HedgeGreen"/></underlaySSRule>'
                 f'<overlaySSRule name="Jungle" image="jungle.gif" x="{x}" y="{y}"/>'
                 '</overlaySSRules>\n')
    else:
        members["overlaySSR"] = (f"// the tests' own\r\nWallsOnly\r\nunderlay w.gif HedgeGreen\r\n"
                                 f"\r\nJungle\r\njungle.gif {x},{y}\r\n").encode()
    return api.import_board(board_archive(hexes or {}, {}, name="12", colors=True,
                                          members=members, inner=inner),
                            session=session)["source"]


def _with(setup: dict, ssr: list | None = None, hexes: dict | None = None) -> dict:
    return {**setup, **({"ssr": ssr} if ssr else {}), **({"hexes": hexes} if hexes else {})}


UNITS = [_squad("g1", "Q2"), _squad("r1", "Q7", "Russian")]


@FLIPS
@pytest.mark.parametrize("in_metadata", [False, True], ids=["overlaySSR-file", "metadata"])
def test_B_1_a_boards_own_woods_art_blocks_a_LOS_and_without_it_the_LOS_is_clear(flip, in_metadata):
    s = Session()
    board = _setup(_art_board(s, {"B2": "WoodsGreen"}, in_metadata=in_metadata), UNITS, flip)
    drawn_session = Session()
    drawn = _setup(api.import_board(board_archive({"Q5": {"terrain": "woods"}}, {}, name="12"),
                                    session=drawn_session)["source"], UNITS, flip)
    for a, b in (("g1", "r1"), ("r1", "g1")):
        got = api.los(_with(board, ["art-jungle"]), a, b, session=s)
        assert got["los"] is False and "12Q5" in got["blocked_at"], got["steps"][-1]
        assert _ruling(got) == _ruling(api.los(drawn, a, b, session=drawn_session))
        assert api.los(board, a, b, session=s)["los"] is True       # the art not named: open
        # on that board only, as the page's "Board 12 only" names it
        limited = _with(board, [{"name": "art-jungle", "board": "12"}])
        assert api.los(limited, a, b, session=s)["los"] is False
    terrain = api.map_terrain(_with(board, ["art-jungle"]), session=s)["hexes"]
    assert terrain["12Q5"] == {"terrain": "woods", "origin": "ssr art-jungle"}
    assert "12Q5" not in api.map_terrain(board, session=s)["hexes"]


def test_a_players_correction_still_wins_over_the_boards_art():
    s = Session()
    board = _setup(_art_board(s, {"B2": "WoodsGreen"}), UNITS, False)
    corrected = _with(board, ["art-jungle"], {"12Q5": {"terrain": "open"}})
    for a, b in (("g1", "r1"), ("r1", "g1")):
        assert api.los(corrected, a, b, session=s)["los"] is True
    assert "12Q5" not in api.map_terrain(corrected, session=s)["hexes"]     # open ground, as set


def test_the_boards_art_lies_beneath_the_scenarios_overlays_as_VASL_draws_it():
    s = Session()
    board = _art_board(s, {"B2": "WoodsGreen"})
    ovr = api.import_board(overlay_archive({"t1": ("b2;b2;b2;b2;b2;b2", {
        "a": overlay_image({"B2": "GrainL0"})})}), session=s)["source"]
    setup = _with(_setup(board, UNITS, False, [{"overlay": "T1", "source": ovr, "hex": "12Q5"}]),
                  ["art-jungle"])
    assert api.map_terrain(setup, session=s)["hexes"]["12Q5"] == {"terrain": "grain",
                                                                  "origin": "overlay T1"}
    for a, b in (("g1", "r1"), ("r1", "g1")):
        got = api.los(setup, a, b, session=s)
        assert got["los"] is True and got["hindrance"] == 1


def test_the_scenario_rules_list_a_boards_art_for_its_boards_only():
    s = Session()
    summary = api.import_board(board_archive({}, {}, name="12", colors=True, members={
        "jungle.gif": overlay_image({"B2": "WoodsGreen"}),
        "overlaySSR": b"DenseJungle\r\njungle.gif 10,20\r\n\r\nSSO_12_7\r\njungle.gif 1,1\r\n"}),
        session=s)
    assert summary["ssr"] == ["art-dense-jungle", "art-sso-12-7"]
    other = api.import_board(board_archive({}, {}, name="13"), session=s)["source"]
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [
        [{"board": "12", "source": summary["source"]}, {"board": "13", "source": other}]]}}
    listed = {r["name"]: r for r in api.ssr_catalog(setup, session=s)}
    assert listed["art-dense-jungle"]["boards"] == ["12"]
    assert listed["art-dense-jungle"]["label"] == "dense jungle (board 12's own SSR art)"
    assert listed["art-sso-12-7"]["label"].startswith("SSO 12 7")
    assert "hedges-to-bocage" in listed                     # the usual ones first, as before
    assert not any(r["name"].startswith("art-") for r in api.ssr_catalog())
    from web.scenario import terrain
    assert [r["name"] for r in terrain(setup, session=s)["rules"]][-2:] == list(summary["ssr"])
    with pytest.raises(SetupError, match=r"ssr\[0\]: art-dense-jungle .*board 13's file"):
        api.map_terrain({**setup, "ssr": [{"name": "art-dense-jungle", "board": "13"}]}, session=s)


@pytest.mark.parametrize("ssr, why", [
    (["art-nothing-here"], r"ssr\[0\]: art-nothing-here is a board's own SSR art"),
    (["art-jungle", "art-jungle"], r"ssr\[1\]: 'art-jungle' is named twice"),
    (["art-Jungle"], r"ssr\[0\]: unknown scenario rule"),
])
def test_an_art_the_map_lacks_or_a_bad_name_is_refused_naming_the_field(ssr, why):
    s = Session()
    board = _setup(_art_board(s, {"B2": "WoodsGreen"}), UNITS, False)
    with pytest.raises(SetupError, match=why):
        api.los(_with(board, ssr), "g1", "r1", session=s)
    painted = {"format": "asl-setup", "version": 1, "map": {"board": "12"}, "ssr": ["art-jungle"]}
    with pytest.raises(SetupError, match=r"ssr\[0\]: art-jungle .*any board of this map"):
        api.validate(painted)


def test_a_damaged_art_image_is_not_offered_and_the_board_still_imports():
    s = Session()
    started = time.perf_counter()
    summary = api.import_board(board_archive({}, {}, name="12", colors=True, members={
        "bomb.gif": b"GIF89a" + (65535).to_bytes(2, "little") * 2 + b"\x00\x00\x00;",
        "good.gif": overlay_image({"B2": "WoodsGreen"}),
        "overlaySSR": (b"Bomb\r\nbomb.gif 1,1\r\n\r\nGone\r\nmissing.gif 1,1\r\n\r\n"
                       b"Far\r\ngood.gif 99999,1\r\n\r\nGood\r\ngood.gif 1,1\r\n")}), session=s)
    assert time.perf_counter() - started < 1
    assert summary["ssr"] == ["art-good"]
    assert any("Bomb" in w for w in summary["warnings"]) and \
        any("Gone" in w for w in summary["warnings"])


@pytest.mark.skipif(not (REAL / "bd41").exists(), reason="the player's board 41 is not on this machine")
def test_board_41s_own_art_is_offered_and_each_reads_the_terrain_it_shows():
    s = Session()
    summary = api.import_board((REAL / "bd41").read_bytes(), session=s)
    board = s.library.get(summary["source"])
    assert {"art-dense-jungle", "art-light-woods", "art-orchards-to-crags",
            "art-sso-41-118"} <= set(summary["ssr"])
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": "41", "source": summary["source"]}]]}}
    checked = 0
    assert board.art is not None
    for name, art in board.art.rules.items():
        started = time.perf_counter()
        hexes = api.map_terrain({**setup, "ssr": [name]}, session=s)["hexes"]
        assert time.perf_counter() - started < 3, name
        for member, x, y in art.images[-1:]:       # the last image lies on top
            checked += reads_as_its_art(hexes, "41", board.art.image(member),
                                        (s.library.colors(summary["source"]),), x, y, name,
                                        whole=False)
    assert checked > 20
