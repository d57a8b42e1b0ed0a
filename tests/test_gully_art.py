"""B19.2, B20.2 on a board as drawn: between two units IN a gully (or a
stream) that are not adjacent, the LOS must stay on the Depression's art
(pycore.terrain.vasl.depression_art), judged on the pixels as exactly as
woods are (A6.1: along the art's edge it stays on it); a painted map, and a
hex the player paints, are judged hex by hex.

Every board here is an archive the tests write (``tests/vasl_writer.py``):
Q4 and Q6 are gully (or stream) hexes, and Q5 between them is open ground
with the art drawn across it from the Q4-Q5 hexside to the Q5-Q6 one; the
thread Q4-Q6 runs down column Q along the pixel edge x = 900. Each ruling is
asked both ways (A6.5). The rulebook's own example (12E9 beneath the bridge
to G8) is in ``tests/test_real_board_examples.py``.
"""
from __future__ import annotations

from pycore import api
from tests.boards import on
from tests.helpers import assert_blocked, assert_clear, check_both_ways, cited, unit
from tests.vasl_writer import board_archive

# px from Q5's dot (x0, y0, x1, y1): the Depression's art across Q5
STRAIGHT = [(-6, -40, 6, 40)]
BENT = [(-6, -40, 6, -10), (-6, -16, 28, -6), (16, -16, 28, 16), (-6, 6, 28, 16),
        (-6, 6, 6, 40)]             # round a bend to the right: the thread leaves it


def drawn(kind: str, rects: list, ends: dict | None = None, shapes: tuple = (),
          hexes: dict | None = None) -> dict:
    """The board: Q4 and Q6 ``kind`` hexes (or ``ends``), ``kind``'s art
    across Q5 in ``rects``; a unit IN each end; ``hexes``: the player's entries."""
    art = [{"hex": "Q5", "terrain": kind, "level": -1, "rect": r, "own": True} for r in rects]
    src = api.import_board(board_archive(
        ends if ends is not None else {n: {"terrain": kind} for n in ("Q4", "Q6")},
        shapes=[*art, *shapes]))["source"]
    assert api.board_terrain(src)["hexes"]["Q5"]["terrain"] == kind
    s = on(src, "41", unit("g", "41Q4"), unit("r", "41Q6", side="Russian"))
    s["hexes"] = {"41" + k: v for k, v in (hexes or {}).items()}
    return s


def test_B19_2_a_gully_drawn_round_a_bend_the_thread_leaves_blocks_in_that_hex():
    for r in check_both_ways(drawn("gully", BENT), "g", "r"):
        assert_blocked(r, "41Q5", "B19.2")
        assert any("leaves the gully as the board draws it in 41Q5" in st["text"]
                   for st in r["steps"]), r["steps"]


def test_B19_2_a_gully_drawn_along_the_thread_is_clear():
    for r in check_both_ways(drawn("gully", STRAIGHT), "g", "r"):
        assert_clear(r)
        assert "B19.2" in cited(r)


def test_B19_2_along_the_arts_edge_the_thread_stays_on_it_a_pixel_over_it_leaves():
    # x = 900 is a pixel edge: art on one side of it is art beside the thread (A6.1)
    down = [(-6, -40, 6, 12), (-6, 2, 18, 12)]
    for side, los in (((0, 2, 18, 40), True), ((-10, 2, 0, 40), True),
                      ((1, 2, 18, 40), False)):
        for r in check_both_ways(drawn("gully", down + [side]), "g", "r"):
            assert r["los"] is los, (side, r["steps"])


def test_B19_2_a_painted_map_and_the_players_own_entry_are_judged_hex_by_hex():
    painted = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
               "hexes": {"41" + n: {"terrain": "gully"} for n in ("Q4", "Q5", "Q6")},
               "units": [unit("g", "41Q4"), unit("r", "41Q6", side="Russian")]}
    for s in (painted, drawn("gully", BENT, hexes={"Q5": {"terrain": "gully"}})):
        for r in check_both_ways(s, "g", "r"):
            assert_clear(r)


def test_B19_1_the_ends_own_hexes_are_IN_the_gully_wherever_its_art_lies():
    # Q4's art beside its dot (the thread leaves it there): still IN the gully, LOS
    ends = {"Q6": {"terrain": "gully"}}
    q4 = ({"hex": "Q4", "terrain": "gully", "level": -1, "rect": (2, -40, 30, 40),
           "own": True},)
    for r in check_both_ways(drawn("gully", [(-6, -40, 6, 40), (2, -40, 6, 40)], ends, q4),
                             "g", "r"):
        assert_clear(r)


def test_B20_2_a_stream_drawn_off_the_thread_blocks_and_along_it_is_clear():
    off = [(-10, -40, 10, 12), (-10, 2, 18, 12), (8, 2, 18, 40)]     # through the dot, then off
    for r in check_both_ways(drawn("stream", off), "g", "r"):
        assert_blocked(r, "41Q5", "B20.2")
        assert any("leaves the stream as the board draws it in 41Q5" in st["text"]
                   for st in r["steps"]), r["steps"]
    for r in check_both_ways(drawn("stream", STRAIGHT), "g", "r"):
        assert_clear(r)
        assert "B20.2" in cited(r)


def test_B6_the_bed_runs_on_beneath_a_bridge_and_its_road_between_the_ends():
    # 41U4-U6 beneath the bridge at U5: the bridge and its road are drawn over the bed
    over = ({"hex": "Q5", "terrain": "bridge", "level": 0, "rect": (-40, -10, 40, 10),
             "own": True},
            {"hex": "Q5", "terrain": "road", "level": 0, "rect": (-40, -4, 40, 4), "own": True})
    for kind in ("gully", "stream"):
        for r in check_both_ways(drawn(kind, [(-12, -40, 12, 40)], shapes=over), "g", "r"):
            assert_clear(r)      # both ends beneath it: no B6.2 Hindrance


def test_A6_1_a_thread_along_the_Depression_arts_edge_is_borderline_both_ways():
    # B19.2, B20.2, B4.2 on the art within a pixel: moved a pixel across, the
    # thread along x = 900 leaves the art (or stays on it) where the exact one
    # does not, so the players may settle it by A6.1's dr
    down = [(-6, -40, 6, 12), (-6, 2, 18, 12)]
    for kind, rule, said in (("gully", "B19.2", "gully"), ("stream", "B20.2", "stream"),
                             ("sunken-road", "B4.2", "sunken road")):
        for side, los in (((0, 2, 18, 40), True), ((1, 2, 18, 40), False)):
            for r in check_both_ways(drawn(kind, down + [side]), "g", "r"):
                assert r["los"] is los, (kind, side, r["steps"])
                b = r["borderline"]
                assert b is not None and b["at"] == "41Q5", (kind, side, b)
                assert b["what"] == f"the edge of the {said} drawn in 41Q5"
                assert b["clear"]["los"] and not b["blocked"]["los"]
                assert b["blocked"]["rule"] == rule


def test_A6_1_a_thread_well_on_the_gully_art_or_well_off_it_is_not_borderline():
    for rects in (STRAIGHT, BENT):
        for r in check_both_ways(drawn("gully", rects), "g", "r"):
            assert r["borderline"] is None, (rects, r["borderline"])
