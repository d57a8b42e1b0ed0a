"""Rulings on an imported board as drawn (issue 20, A6.1): woods and buildings
drawn over part of a hex block only where the thread passes through them.

Every archive here is written by ``tests/vasl_writer.py``: no real board's
data is used.
"""
from __future__ import annotations

from pycore import api
from pycore import geometry as g
from pycore.geometry.boards import BOARD_GRID
from pycore.terrain.vasl import layers
from pycore.terrain.vasl.archive import GRID_HEIGHT, GRID_WIDTH
from tests.vasl_writer import board_archive


def imported(hexes=None, hexsides=None, shapes=(), **kw) -> str:
    return api.import_board(board_archive(hexes, hexsides, shapes=shapes, **kw))["source"]


def board_map(*rows, hexes=None, units=()) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"boards": [list(r) for r in rows]},
            "hexes": dict(hexes or {}), "hexsides": {}, "units": list(units)}


def los(setup: dict, viewer: str, target: str) -> dict:
    return api.los(setup, {"hex": viewer}, {"hex": target})


# --- which pixels are a hex's ------------------------------------------------------------

def test_every_pixel_of_a_board_is_exactly_one_hexs():
    seen = bytearray(GRID_WIDTH * GRID_HEIGHT)
    for h in BOARD_GRID.hexes():
        for i, j0, j1 in layers.pixels(h):
            for j in range(j0, j1 + 1):
                seen[i * GRID_HEIGHT + j] += 1
    assert set(seen) == {1}


def test_a_hexs_pixels_are_those_whose_centres_its_hexagon_holds():
    # The same pixels the tests' writer paints for a hex (exact rationals).
    from tests.vasl_writer import column_runs
    painted: dict = {}
    for i, runs in enumerate(column_runs()):
        for h, j0, j1 in runs:
            painted.setdefault(h, []).append((i, j0, j1 - 1))
    for h in BOARD_GRID.hexes():
        assert list(layers.pixels(h)) == painted[h]


# --- B9.35 EX: 41R6 to 41Q5 along the Q6-R5 hexside -----------------------------------

B935_HEXES = {"Q6": {"terrain": "building"}, "R5": {"terrain": "building", "level": 1}}
B935_GROUND = {"R5": {"level": 1}}          # the buildings are drawn by the shapes
B935_SHAPES = ({"hex": "Q6", "terrain": "building", "disc": 18},
               {"hex": "R5", "terrain": "building", "disc": 18})


def test_B9_35_EX_41R6_sees_41Q5_between_buildings_drawn_inside_their_hexes():
    drawn = imported(B935_GROUND, shapes=B935_SHAPES)
    s = board_map([{"board": "41", "source": drawn}])
    r = los(s, "41R6", "41Q5")
    assert r["los"] is True, r["steps"]
    texts = " ".join(x["text"] for x in r["steps"])
    assert ("The building drawn in 41Q6 lies beside the thread, not along it: no obstacle "
            "on that side (A6.1).") in texts
    assert "building drawn in 41R5 lies beside the thread" in texts
    assert los(s, "41Q5", "41R6")["los"] is True                            # A6.5


def test_B9_35_EX_whole_hex_buildings_block_the_same_thread():
    whole = imported(B935_HEXES, name="42")
    r = los(board_map([{"board": "42", "source": whole}]), "42R6", "42Q5")
    assert r["los"] is False and r["blocked_at"] == "42Q6-42R5"


def test_B9_35_EX_with_the_hedges_and_hills_of_the_41Q5_example():
    # The rebuild of tests/test_tem.py: R4, R5 level 1; hedges round Q5 (Q5-R4 and
    # Q5-R5 on the lower level: level-0 ground drawn between them and the crest).
    hedges = {sd: "hedge" for sd in ("Q4-Q5", "Q5-Q6", "Q5-R4", "Q5-R5", "P5-Q5", "P5-Q6",
                                     "O4-P4")}
    drawn = imported({"R4": {"level": 1}, "R5": {"level": 1}}, hedges, shapes=B935_SHAPES)
    s = board_map([{"board": "41", "source": drawn}])
    assert los(s, "41R6", "41Q5")["los"] is True
    assert los(s, "41Q5", "41R6")["los"] is True


def test_A6_1_along_a_hexside_the_drawing_must_be_met_on_both_sides():
    q6_woods = {"Q6": {"terrain": "woods"}}
    # R5's woods drawn round its centre: beside the Q6-R5 run, open on that side
    inside = imported(q6_woods, shapes=({"hex": "R5", "terrain": "woods", "disc": 16},))
    r = los(board_map([{"board": "41", "source": inside}]), "41R6", "41Q5")
    assert r["los"] is True, r["steps"]
    assert ("The woods drawn in 41R5 lie beside the thread, not along it: no obstacle on "
            "that side (A6.1).") in [x["text"] for x in r["steps"]]
    # R5's woods drawn up to and over the Q6-R5 hexside: on both sides, it blocks
    edge = imported(q6_woods, name="42",
                    shapes=({"hex": "R5", "terrain": "woods", "rect": (-40, 0, -8, 40)},))
    r = los(board_map([{"board": "42", "source": edge}]), "42R6", "42Q5")
    assert r["los"] is False and r["blocked_at"] == "42Q6-42R5", r["steps"]


def test_a_thread_through_a_building_drawn_inside_its_hex_is_blocked_there():
    source = imported({}, shapes=({"hex": "Q6", "terrain": "building", "disc": 12},))
    s = board_map([{"board": "41", "source": source}])
    r = los(s, "41Q7", "41Q5")                    # through Q6's centre
    assert r["los"] is False and r["blocked_at"] == "41Q6"
    assert "building drawn in 41Q6" in r["steps"][-1]["text"]
    # the thread from P6 to S6 crosses Q6 21 px from its centre: the disc is beside it
    r = los(s, "41P6", "41S6")
    assert r["los"] is True, r["steps"]
    assert ("The building drawn in 41Q6 lies beside the thread, not across it: no obstacle "
            "there (A6.1).") in [x["text"] for x in r["steps"]]


def test_woods_drawn_in_a_corner_of_an_open_hex_block_only_the_threads_through_it():
    source = imported({}, shapes=({"hex": "Q6", "terrain": "woods", "rect": (4, -30, 30, 30)},))
    s = board_map([{"board": "41", "source": source}])
    assert los(s, "41Q7", "41Q5")["los"] is True        # through Q6's centre, left of the woods
    r = los(s, "41P6", "41S6")                          # across Q6's right part
    assert r["los"] is False and r["blocked_at"] == "41Q6"


def test_the_players_own_entry_overrides_the_drawing():
    drawn = imported(B935_GROUND, shapes=B935_SHAPES)
    s = board_map([{"board": "41", "source": drawn}],
                  hexes={"41Q6": {"terrain": "building"}, "41R5": {"terrain": "building",
                                                                     "level": 1}})
    assert los(s, "41R6", "41Q5")["los"] is False


# --- A6.2: crest lines where they are drawn -------------------------------------------

def test_A6_2_a_hill_drawn_over_part_of_a_hex_blocks_only_the_threads_over_it():
    source = imported({}, shapes=({"hex": "Q6", "level": 1, "disc": 14},))
    s = board_map([{"board": "41", "source": source}])
    r = los(s, "41Q7", "41Q5")                     # over the hilltop in Q6's middle
    assert r["los"] is False and r["blocked_at"] == "41Q6" and r["rule"] == "A6.2"
    assert "hill (level 1) drawn in 41Q6" in r["steps"][-1]["text"]
    r = los(s, "41P6", "41S6")                     # across Q6, 21 px off the hilltop
    assert r["los"] is True, r["steps"]
    assert any("crest line drawn across 41Q6 lies beside the thread" in x["text"]
               for x in r["steps"])
    assert los(s, "41S6", "41P6")["los"] is True   # A6.5


def test_A6_2_the_hex_by_hex_reading_of_the_same_hill_blocks_both():
    source = imported({"Q6": {"level": 1}}, name="42")
    s = board_map([{"board": "42", "source": source}])
    assert los(s, "42Q7", "42Q5")["los"] is False
    assert los(s, "42P6", "42S6")["los"] is False


# --- laws, over synthetic boards with woods and buildings drawn over parts of hexes -----

from hypothesis import HealthCheck, given, settings            # noqa: E402
from hypothesis import strategies as st                        # noqa: E402

from pycore.rules.location import make_end, resolve    # noqa: E402
from pycore.rules.los import evaluate    # noqa: E402
from pycore.rules import visibility    # noqa: E402

# A small region of the board, so that threads meet the drawings often.
REGION = [h for h in BOARD_GRID.hexes() if 8 <= g.col_row(h)[0] <= 16]
SLOW = settings(max_examples=15, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _names(hexes) -> list[str]:
    return [g.PLAIN.hex(h) for h in hexes]


@st.composite
def drawn_boards(draw):
    """(whole hexes, shapes): hills and whole woods/buildings, and woods,
    buildings or hills drawn as discs and rectangles inside hexes."""
    names = _names(REGION)
    hexes = {}
    for name in draw(st.lists(st.sampled_from(names), max_size=8, unique=True)):
        terrain = draw(st.sampled_from(["open", "woods", "building"]))
        hexes[name] = {"terrain": terrain, "level": draw(st.integers(0, 2))}
    shapes = []
    for name in draw(st.lists(st.sampled_from(names), min_size=1, max_size=14, unique=True)):
        kind = draw(st.sampled_from(["woods", "building", "hill"]))
        shape = {"hex": name, "level": draw(st.integers(1, 2))} if kind == "hill" \
            else {"hex": name, "terrain": kind}
        if draw(st.booleans()):
            shape["disc"] = draw(st.integers(4, 34))
        else:
            x0, y0 = draw(st.integers(-40, 30)), draw(st.integers(-36, 30))
            shape["rect"] = (x0, y0, x0 + draw(st.integers(2, 40)), y0 + draw(st.integers(2, 40)))
        if kind == "building":
            shape["levels"] = draw(st.integers(1, 2))
        shapes.append(shape)
    return hexes, tuple(shapes)


def _pairs(data, names, n=12):
    return [tuple(data.draw(st.lists(st.sampled_from(names), min_size=2, max_size=2,
                                     unique=True))) for _ in range(n)]


def _verdict(r: dict) -> tuple:
    """LOS, where it is blocked (a hexside's hexes in any order: a flipped
    board names them the other way round) and the Hindrance."""
    where = r["blocked_at"]
    return r["los"], where and frozenset(where.split("-")), r["hindrance"]


@SLOW
@given(drawn_boards(), st.data())
def test_A6_5_reciprocity_on_a_board_as_drawn(board, data):
    hexes, shapes = board
    source = imported(hexes, shapes=shapes, metadata_buildings=False)
    s = board_map([{"board": "41", "source": source}])
    for a, b in _pairs(data, ["41" + n for n in _names(REGION)]):
        there, back = los(s, a, b), los(s, b, a)
        assert there["los"] == back["los"], (a, b, there["steps"], back["steps"])


@SLOW
@given(drawn_boards(), st.data())
def test_a_drawn_board_rules_alike_flipped_or_placed_elsewhere(board, data):
    hexes, shapes = board
    source = imported(hexes, shapes=shapes, metadata_buildings=False)
    alone = board_map([{"board": "41", "source": source}])
    flipped = board_map([{"board": "41", "source": source, "flip": True}])
    placed = board_map(["42", {"board": "41", "source": source, "flip": True}], ["43", "44"])
    for a, b in _pairs(data, ["41" + n for n in _names(REGION)]):
        want = _verdict(los(alone, a, b))
        assert _verdict(los(flipped, a, b)) == want
        assert _verdict(los(placed, a, b)) == want


@SLOW
@given(drawn_boards(), st.data())
def test_an_archive_of_a_whole_hex_painted_map_rules_as_the_painted_map(board, data):
    hexes, _ = board
    hexes = {n: dict(v, levels=1) if v["terrain"] == "building" else v
             for n, v in hexes.items()}
    source = imported(hexes)
    archive = board_map([{"board": "41", "source": source}])
    painted = board_map(["41"], hexes={"41" + n: v for n, v in hexes.items()})
    for a, b in _pairs(data, ["41" + n for n in _names(REGION)]):
        got, want = los(archive, a, b), los(painted, a, b)
        assert _verdict(got) == _verdict(want)
        assert got["steps"] == want["steps"]


@SLOW
@given(drawn_boards(), st.data())
def test_visibility_equals_a_ruling_per_hex_on_a_board_as_drawn(board, data):
    hexes, shapes = board
    source = imported(hexes, shapes=shapes, metadata_buildings=False)
    setup = board_map([{"board": "41", "source": source}])
    s = api.load(setup)
    viewer = {"hex": "41" + data.draw(st.sampled_from(_names(REGION)))}
    v = resolve(s, viewer, "viewer")
    want = {}
    for h in s.grid.hexes():
        r = evaluate(s, v, make_end(s, h))
        want[s.names.hex(h)] = {"los": r.los, "hindrance": r.hindrance if r.los else 0}
    assert visibility.visibility(s, viewer)["hexes"] == want


# --- A6.1 along a hexside: both hexes' drawings at once (review 20) ------------------------

def _four(source: str, name: str, a: str, b: str) -> list[dict]:
    """The ruling both ways (A6.5), on the board as placed and flipped."""
    return [los(board_map([{"board": name, "source": source, "flip": flip}]), name + x, name + y)
            for flip in (False, True) for x, y in ((a, b), (b, a))]


def _blocked_at(rulings: list[dict], side: set) -> bool:
    return all(r["los"] is False and set(r["blocked_at"].split("-")) == side for r in rulings)


def _woods(hx: str, rect: tuple) -> dict:
    return {"hex": hx, "terrain": "woods", "rect": rect, "own": True}


def test_A6_1_woods_drawn_on_both_sides_of_a_hexside_on_a_pixel_edge_block_along_it():
    # O6-O7 lies on a pixel edge: O6's lower half and O7's upper half drawn up to it
    source = imported({}, shapes=(_woods("O6", (-40, 0, 40, 40)), _woods("O7", (-40, -40, 40, 0))))
    assert _blocked_at(_four(source, "41", "N6", "R6"), {"41O6", "41O7"})
    # O6 whole woods, O7's upper half drawn: the upper hex's drawing is met too
    source = imported({"O6": {"terrain": "woods"}}, name="42",
                      shapes=(_woods("O7", (-40, -40, 40, 0)),))
    assert _blocked_at(_four(source, "42", "N6", "R6"), {"42O6", "42O7"})
    # O7's drawing kept off the hexside: open on that side
    source = imported({"O6": {"terrain": "woods"}}, name="43",
                      shapes=(_woods("O7", (-40, -10, 40, 10)),))
    assert all(r["los"] is True for r in _four(source, "43", "N6", "R6"))


def test_A6_1_woods_drawn_up_to_a_hexside_through_the_lower_hexs_pixel_row_block_along_it():
    # Q5-Q6 runs through a row of Q6's pixels: Q6 whole woods, Q5's lower half drawn
    source = imported({"Q6": {"terrain": "woods"}}, shapes=(_woods("Q5", (-40, 0, 40, 40)),))
    assert _blocked_at(_four(source, "41", "P5", "R5"), {"41Q5", "41Q6"})


def test_A6_1_drawings_reaching_a_hexside_along_different_stretches_do_not_block():
    # Q6's woods reach only the north half of Q6-R5, R5's only its south half
    split = imported({}, shapes=(_woods("Q6", (0, -40, 45, -18)), _woods("R5", (-45, 18, 0, 40))))
    rulings = _four(split, "41", "R6", "Q5")
    assert all(r["los"] is True for r in rulings), rulings[0]["steps"]
    assert any("along different stretches" in x["text"] for x in rulings[0]["steps"])
    # the same drawings over the whole hexside block it
    full = imported({}, name="42", shapes=(_woods("Q6", (0, -40, 45, 0)),
                                           _woods("R5", (-45, 0, 0, 40))))
    assert _blocked_at(_four(full, "42", "R6", "Q5"), {"42Q6", "42R5"})


def test_A6_1_a_hill_drawn_on_both_sides_of_a_hexside_blocks_along_it():
    # level 1 drawn in Q5 and Q6 only in the bands next to their hexside
    band = imported({}, shapes=({"hex": "Q5", "level": 1, "rect": (-40, 10, 40, 40), "own": True},
                                {"hex": "Q6", "level": 1, "rect": (-40, -40, 40, -10),
                                 "own": True}))
    assert _blocked_at(_four(band, "41", "P5", "R5"), {"41Q5", "41Q6"})
    # on one side only: clear
    one = imported({}, name="42", shapes=({"hex": "Q5", "level": 1, "rect": (-40, 10, 40, 40),
                                          "own": True},))
    assert all(r["los"] is True for r in _four(one, "42", "P5", "R5"))


def test_B10_23_a_crest_drawn_across_a_hex_casts_the_blind_hexes_of_the_level_met():
    # Q4's centre dot stays at level 0; level 2 is drawn over its middle band, which the
    # thread from Q2 (level 3) crosses: as the whole level 2 hill. A Crest Line has no
    # Blind Hex of its own (B10.23): 2 hexes away, nothing from range (A6.41), +1 for the
    # drop of two levels to Q5 (A6.43: the part over one), so only Q5 is blind (issue
    # 28; it was 2, Q5 and Q6, when the crest was counted as a one-level obstacle).
    drawn_ = imported({"Q2": {"level": 3}},
                      shapes=({"hex": "Q4", "level": 2, "rect": (-40, -20, 40, -3), "own": True},))
    whole = imported({"Q2": {"level": 3}, "Q4": {"level": 2}}, name="42")
    for target, blind in (("Q5", True), ("Q6", False), ("Q7", False)):
        for source, name in ((drawn_, "41"), (whole, "42")):
            for r in _four(source, name, "Q2", target):
                assert r["los"] is not blind, (name, target, r["steps"])
                if blind:
                    assert r["blocked_at"] == name + "Q4" and r["rule"] == "B10.23"
                    assert f"Crest Line in {name}Q4, 2 hexes away" in r["steps"][-1]["text"]


def test_A6_1_drawings_blocking_along_a_hexside_are_told_in_a_sentence_citing_A6_1():
    source = imported({}, shapes=(_woods("Q6", (0, -40, 45, 0)), _woods("R5", (-45, 0, 0, 40))))
    r = los(board_map([{"board": "41", "source": source}]), "41R6", "41Q5")
    assert r["rule"] == "A6.1"
    assert r["steps"][-1]["text"] == (
        "The woods drawn in 41Q6 and the woods drawn in 41R5 lie on both sides of hexside "
        "41Q6-41R5: they block the LOS, neither end being above them (A6.1, A6.2).")
    inside = imported({}, name="42", shapes=({"hex": "Q6", "terrain": "woods", "disc": 12},))
    r = los(board_map([{"board": "42", "source": inside}]), "42Q7", "42Q5")
    assert r["rule"] == "A6.1" and r["steps"][-1]["text"].endswith("(A6.1, A6.2).")


_runs = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(1, 4)),
                 max_size=8)


def _cols(cells) -> dict:
    grid: dict = {}
    for i, j, v in cells:
        grid.setdefault(i, {})[j] = v
    return {i: [(j, j, v) for j, v in sorted(col.items())] for i, col in grid.items()}


@given(_runs, _runs, st.tuples(st.integers(0, 28), st.integers(0, 28)),
       st.tuples(st.integers(0, 28), st.integers(0, 28)))
def test_A6_1_both_sides_at_once_is_the_same_either_way_and_at_most_each_side(x, y, a, b):
    from pycore.terrain.depiction import met_beside
    cx, cy = _cols(x), _cols(y)
    both, sx, sy = met_beside(cx, cy, a, b)
    assert met_beside(cx, cy, b, a) == (both, sx, sy)            # A6.5
    assert met_beside(cy, cx, a, b) == (both, sy, sx)
    assert both <= min(sx, sy)


# --- B9.1, B9.3: a wall with a road break, as drawn -----------------------------------------

GAP_WALL = {"Q5-Q6": {"type": "wall", "cover": [(0, 0.4), (0.6, 1)], "gap": True}}


def _gap_board(own_sides=None) -> dict:
    source = imported({}, GAP_WALL)
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": source}]]},
            "hexes": {}, "hexsides": dict(own_sides or {}), "units": []}


def test_B9_1_a_thread_through_the_road_break_of_a_drawn_wall_is_clear():
    s = _gap_board()
    assert los(s, "41Q7", "41Q4")["los"] is True        # crosses Q5-Q6 at its middle
    assert los(s, "41Q4", "41Q7")["los"] is True        # A6.5


def test_B9_1_a_thread_across_the_drawn_stretches_of_a_wall_with_a_road_break_is_blocked():
    s = _gap_board()
    for a, b in (("41O7", "41R4"), ("41P8", "41R3")):   # at 0.2 and 0.8 of Q5-Q6
        for v, t in ((a, b), (b, a)):                   # A6.5
            r = los(s, v, t)
            assert r["los"] is False and r["blocked_at"] == "41Q5-41Q6", r["steps"]
    assert any(x["rule"] == "B9.1" and "beside its road break" in x["text"]
               for x in los(s, "41O7", "41R4")["steps"])
    # the player's own gap entry is a break along the whole hexside
    own = _gap_board({"41Q5-41Q6": {"type": "wall", "gap": True}})
    assert los(own, "41O7", "41R4")["los"] is True


def test_B9_3_a_moving_target_gets_wall_TEM_across_the_drawn_wall_not_through_its_break():
    def tem(firer: str) -> int | None:
        s = _gap_board()
        s["units"] = [{"id": "a", "side": "German", "type": "squad", "hex": firer},
                      {"id": "b", "side": "Russian", "type": "squad", "hex": "41Q5",
                       "moved": True}]
        return api.fire(s, "a", "b").get("tem")
    assert tem("41Q8") == 0         # through the road break: none for a moving target
    assert tem("41P8") == 2         # across the drawn wall: +2


_lattice = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


@settings(max_examples=500)
@given(st.frozensets(st.integers(0, 31), max_size=12), _lattice, _lattice, _lattice, _lattice)
def test_B9_1_the_break_a_thread_crosses_in_integers_is_the_rational_one(bare, a, b, p, q):
    # pycore.rules.los.drawn_sides.crosses_bare compares the crossing's place along the
    # hexside as integers (divmod); the rational reading it replaces:
    from fractions import Fraction
    from pycore.rules.los.drawn_sides import crosses_bare
    from pycore.terrain.vasl.grid import STRETCHES
    (ax, ay), (bx, by) = a, b
    ux, uy = q[0] - p[0], q[1] - p[1]
    den = (bx - ax) * uy - (by - ay) * ux
    if den == 0:
        expected = True
    else:
        at = Fraction((p[0] - ax) * uy - (p[1] - ay) * ux, den) * STRETCHES
        k = at.numerator // at.denominator
        expected = k in bare or (at == k and k - 1 in bare)
    assert crosses_bare(bare, a, b, p, q) == expected
