"""The map's terrain with one owner (pycore.terrain.mapterrain): each hex and hexside
is decided once from its layers (the boards' reading, the SSRs, the player's
corrections), each says which layer it came from, and what a link carries is
the player's own part alone. Boards are painted by tests/vasl_writer.py."""
from __future__ import annotations

from pycore import api
from pycore import geometry as g
from tests.vasl_writer import board_archive


def _imported() -> str:
    return api.import_board(board_archive({"Q5": {"terrain": "woods"}, "R3": {"terrain": "grain"}},
                                          {"Q5-R4": "hedge", "P3-P4": "wall"}))["source"]


def _on_board(source: str, **extra) -> dict:
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": source}]]}, **extra}


def test_each_part_names_its_layer_board_ssr_or_the_players_correction():
    source = _imported()
    s = api.load(_on_board(source, ssr=["hedges-to-bocage"],
                           hexes={"41R3": {"terrain": "open"}}, hexsides={"41P3-41P4": "none"}))
    q5, r3, hedge, wall = (s.names.parse_hex("41Q5"), s.names.parse_hex("41R3"),
                           s.names.parse_hexside("41Q5-41R4"), s.names.parse_hexside("41P3-41P4"))
    t = s.terrain
    assert t is not None
    assert (t.origin(q5), s.hexes[q5].terrain) == ("board", "woods")
    assert (t.origin(hedge), s.hexsides[hedge].type) == ("ssr", "bocage")       # B9.51
    assert (t.origin(r3), s.hexes[r3].terrain) == ("player", "open")            # the correction wins
    assert t.origin(wall) == "player" and s.hexsides[wall].type is None
    # a link carries the player's part alone; the whole terrain is asked for by name
    own = s.to_dict()
    assert own["hexes"] == {"41R3": {"terrain": "open"}} and own["hexsides"] == {"41P3-41P4": "none"}
    whole = s.to_dict(whole=True)
    assert whole["hexes"]["41Q5"] == {"terrain": "woods"}
    assert whole["hexsides"]["41Q5-41R4"] == "bocage"
    assert "41R3" not in whole["hexes"]                                        # open ground: no entry


def test_on_a_painted_map_the_players_entries_are_the_board_and_the_ssr_transforms_them():
    s = api.load({"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 8},
                  "hexes": {"C3": {"terrain": "woods"}}, "hexsides": {"D3-D4": "hedge", "E3-E4": "wall"},
                  "ssr": ["hedges-to-bocage"]})
    t = s.terrain
    assert t is not None and not t.corrections and not t.boards
    c3, hedge, wall = g.PLAIN.parse_hex("C3"), g.PLAIN.parse_hexside("D3-D4"), g.PLAIN.parse_hexside("E3-E4")
    assert (t.origin(c3), t.origin(wall)) == ("painted", "painted")
    assert (t.origin(hedge), s.hexsides[hedge].type) == ("ssr", "bocage")
    assert s.to_dict()["hexsides"] == {"D3-D4": "hedge", "E3-E4": "wall"}       # as painted
    assert s.to_dict(whole=True)["hexsides"] == {"D3-D4": "bocage", "E3-E4": "wall"}
    # and without the SSR, the same entries are both the own part and the whole
    plain = api.load({**s.to_dict(), "ssr": []})
    assert plain.to_dict()["hexsides"] == plain.to_dict(whole=True)["hexsides"] == \
        {"D3-D4": "hedge", "E3-E4": "wall"}


def _said(result: dict) -> list[str]:
    return [st["text"] for st in result["steps"] if st["rule"] == "B.1"]


def test_B_1_a_ruling_says_where_its_thread_meets_the_players_correction_of_a_board():
    # The woods drawn in 41Q5 corrected to open ground: a thread through Q5 says so where it
    # meets it, and is clear; the board's reading would block it (A6.2). Both ways (A6.5).
    source = _imported()
    units = [{"id": "a", "side": "G", "type": "squad", "hex": "41Q3"},
             {"id": "b", "side": "R", "type": "squad", "hex": "41Q7"}]
    corrected = _on_board(source, hexes={"41Q5": {"terrain": "open"}}, units=units)
    for viewer, target in (("a", "b"), ("b", "a")):
        r = api.los(corrected, viewer, target)
        assert r["los"] and _said(r) == [
            "41Q5 is open ground at level 0 by your correction of the board's reading (B.1)."]
        drawn = api.los(_on_board(source, units=units), viewer, target)
        assert not drawn["los"] and _said(drawn) == []
    # a hexside corrected: said by name, here a wall removed
    removed = _on_board(source, hexsides={"41P3-41P4": "none"},
                        units=[{"id": "a", "side": "G", "type": "squad", "hex": "41P2"},
                               {"id": "b", "side": "R", "type": "squad", "hex": "41P5"}])
    assert _said(api.los(removed, "a", "b")) == [
        "41P3-41P4 has no wall, hedge or bocage by your correction of the board's reading (B.1)."]


def test_B_1_a_correction_the_thread_does_not_meet_and_a_painted_map_say_nothing():
    source = _imported()
    units = [{"id": "a", "side": "G", "type": "squad", "hex": "41C3"},
             {"id": "b", "side": "R", "type": "squad", "hex": "41C7"}]
    assert _said(api.los(_on_board(source, hexes={"41Q5": {"terrain": "open"}}, units=units),
                         "a", "b")) == []
    painted = {"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 8},
               "hexes": {"C5": {"terrain": "open"}}, "units": [
                   {"id": "a", "side": "G", "type": "squad", "hex": "C3"},
                   {"id": "b", "side": "R", "type": "squad", "hex": "C7"}]}
    assert _said(api.los(painted, "a", "b")) == []     # a painted map is the player's own: no correction
