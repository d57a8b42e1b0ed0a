"""B9.42: a wall or hedge at the vertex a LOS is traced to (a unit in Bypass, the
target of a Snap Shot) affects that LOS, and gives its TEM, only if the LOS is
drawn exactly along its hexside, or the unit is in one of the two hexes that
hexside forms and the LOS enters the vertex via the opposite hex (including its
hexsides). In no other case: B9.42 is the rule for a traced vertex, so B9.1's
"inclusive of vertices" does not make such a wall block it.

Rebuilt on board 41's B9.42 EX geometry: the unit is in Q4 at the Q4-Q5-R4
vertex; every hex is open ground unless named. The firers named reach that
vertex as follows (the exact thread, pycore.geometry.trace): O3, O4, S1 through
Q4; O5, O6, P5 through Q5; S4, S5, T3 through R4; P4 along Q4-Q5; R5 and S7
along Q5-R4. Each LOS is checked both ways (A6.5).
"""
from __future__ import annotations

import pytest

from pycore import api
from tests.helpers import assert_blocked, assert_clear, check_both_ways, setup, unit

VERTEX = "Q4-Q5-R4"


def _s(hexsides: dict, firer: str, hexes: dict | None = None, **target) -> dict:
    fields = {"vertex": VERTEX, "wa": False, **target}
    return setup(hexes or {}, hexsides,
                 [unit("t", "Q4", **fields), unit("f", firer, side="Russian", wa=False)])


def _b9_42_steps(r: dict) -> list[str]:
    return [x["text"] for x in r["steps"] if x["rule"] == "B9.42"]


def _sources(s: dict) -> set:
    return {o["source"] for o in api.fire(s, "f", "t")["tem_options"]}


# --- neither case: the hedge merely ends at the traced vertex ----------------------------

@pytest.mark.parametrize("firer", ["S4", "S5", "T3", "O3", "O4", "S1", "O5", "O6", "P5"])
def test_B9_42_hedge_ending_at_the_traced_vertex_neither_blocks_nor_gives_TEM(firer):
    # Q5-R4 ends at Q4-Q5-R4; Q4 is not one of its hexes and no thread here runs
    # along it: it does not affect the LOS (before issue 21: blocked there by B9.1).
    s = _s({"Q5-R4": "hedge"}, firer)
    for r in check_both_ways(s, "f", "t"):
        assert_clear(r)
        said = _b9_42_steps(r)
        assert len(said) == 1 and "neither" in said[0] and "Q5-R4" in said[0]
    assert "hedge" not in _sources(s)
    assert _sources(s) == _sources(_s({}, firer))      # as if the hedge were not there


@pytest.mark.parametrize("firer", ["S4", "S5", "T3"])
def test_B9_42_vehicle_bypassing_woods_sees_past_a_hedge_ending_at_its_vertex(firer):
    # The vehicle bypasses woods Q4 along Q4-R4 (Q5 woods too): it sees out
    # through R4 whether or not the Q5-R4 hedge is there.
    woods = {"Q4": {"terrain": "woods"}, "Q5": {"terrain": "woods"}}
    veh = {"type": "vehicle", "bypass": "Q4-R4"}
    with_hedge = _s({"Q5-R4": "hedge"}, firer, woods, **veh)
    assert_clear(check_both_ways(with_hedge, "t", "f")[0])
    seen = api.visibility(with_hedge, "t")["hexes"]
    unseen = api.visibility(_s({}, firer, woods, **veh), "t")["hexes"]
    assert seen == unseen and sum(h["los"] for h in seen.values()) > 10


def test_B9_42_does_not_lift_B9_1_at_a_vertex_the_thread_only_passes_through():
    # The thread P3 -> T6 passes through Q4-Q5-R4 on its way: the hedge ending
    # there still blocks it, inclusive of its vertices (B9.1).
    s = setup(hexsides={"Q5-R4": "hedge"},
              units=[unit("a", "P3"), unit("b", "T6", side="Russian")])
    assert VERTEX in api.thread(s, "a", "b")["touches"]
    for r in check_both_ways(s, "a", "b"):
        assert_blocked(r, VERTEX, "B9.1")


# --- first case: the LOS is drawn exactly along the hexside ---------------------------------

@pytest.mark.parametrize("firer", ["R5", "S7"])
def test_B9_42_LOS_along_the_hedge_it_ends_at_is_affected_and_gets_its_TEM(firer):
    # "regardless of which of the three hexes forming the vertex the target
    # unit occupies": Q4 is not one of Q5-R4's hexes, yet the hedge counts.
    s = _s({"Q5-R4": "hedge"}, firer)
    for r in check_both_ways(s, "f", "t"):
        assert_clear(r)
        assert any("along" in x and "first case" in x for x in _b9_42_steps(r))
    assert "hedge" in _sources(s)


def test_B9_42_a_hedge_along_the_thread_still_blocks_by_the_three_hexspine_vertex():
    # The neighbour: the Q5-R4 hexspine touches Q4; its far vertex Q5-R4-R5 with
    # hedges on all three hexspines makes it a Half-Level obstacle (B9.2).
    s = _s({"Q5-R4": "hedge", "Q5-R5": "hedge", "R4-R5": "hedge"}, "S7")
    for r in check_both_ways(s, "f", "t"):
        assert_blocked(r, "Q5-R4-R5", "B9.2")


# --- second case: the target's own hexside, the LOS via the opposite hex -------------------

@pytest.mark.parametrize("firer", ["O5", "O6", "P5"])
def test_B9_42_LOS_entering_the_vertex_via_the_hex_across_the_hedge_gets_its_TEM(firer):
    s = _s({"Q4-Q5": "hedge"}, firer)
    for r in check_both_ways(s, "f", "t"):
        assert_clear(r)        # never blocks LOS into its own hex (B9.2)
        said = _b9_42_steps(r)
        assert len(said) == 1 and "second case" in said[0] and "Q5" in said[0]
    assert "hedge" in _sources(s)


@pytest.mark.parametrize("firer", ["O3", "O4", "S4", "S5"])
def test_B9_42_LOS_entering_the_vertex_from_the_hedge_s_own_side_gets_no_TEM(firer):
    s = _s({"Q4-Q5": "hedge"}, firer)
    for r in check_both_ways(s, "f", "t"):
        assert_clear(r)
        said = _b9_42_steps(r)
        assert len(said) == 1 and "neither" in said[0]
    assert "hedge" not in _sources(s)


def test_B9_42_the_hedge_of_the_target_hex_along_the_thread_counts_from_P4():
    # The EX: "the LOS must be drawn along the hexside (e.g. from P4)".
    s = _s({"Q4-Q5": "hedge"}, "P4")
    for r in check_both_ways(s, "f", "t"):
        assert_clear(r)
        assert any("first case" in x for x in _b9_42_steps(r))
    assert "hedge" in _sources(s)


# --- bocage and light bocage at the traced vertex (B9.5: the wall rules apply) ----------

@pytest.mark.parametrize("kind", ["light-bocage", "bocage"])
@pytest.mark.parametrize("firer", ["S4", "S5", "T3"])
def test_B9_42_bocage_ending_at_the_traced_vertex_does_not_block(kind, firer):
    # B9.5 makes every wall rule apply to bocage unless modified; nothing in
    # B9.52-B9.531 modifies B9.42, and the thread stops at the vertex (A6.2).
    s = _s({"Q5-R4": kind}, firer)
    for r in check_both_ways(s, "f", "t"):
        assert_clear(r)
        assert any("neither" in x for x in _b9_42_steps(r))


@pytest.mark.parametrize("kind", ["light-bocage", "bocage"])
@pytest.mark.parametrize("firer", ["S4", "T3"])
def test_B9_42_own_bocage_not_reached_via_the_hex_across_it_leaves_the_unit_seen(kind, firer):
    # Bocage Q4-Q5 is a hexside of the unit's hex, but the thread reaches the
    # vertex through R4, not Q5: neither case of B9.42, so B9.521 (LOS traced
    # through a bocage hexside) does not hide the unit without WA in woods Q4.
    s = _s({"Q4-Q5": kind}, firer, {"Q4": {"terrain": "woods"}})
    for r in check_both_ways(s, "f", "t"):
        assert_clear(r)


@pytest.mark.parametrize("kind", ["light-bocage", "bocage"])
def test_B9_42_own_bocage_reached_via_the_hex_across_it_is_judged_by_B9_521(kind):
    # The neighbour: from O5 the thread enters the vertex via Q5, across the
    # bocage from Q4 (B9.42's second case), so B9.521 applies: the unit without
    # WA in woods Q4 is not seen, though its Location is; and it sees no farther
    # than the adjacent hex through that bocage.
    s = _s({"Q4-Q5": kind}, "O5", {"Q4": {"terrain": "woods"}})
    for r in check_both_ways(s, "f", "t"):
        assert not r["los"] and r["rule"] == "B9.521"
    assert api.los(s, "f", "t")["location_los"]


@pytest.mark.parametrize("firer, hexside", [("R5", "Q5-R4"), ("O5", "Q4-Q5")])
def test_B9_42_the_TEM_step_of_a_wall_at_the_traced_vertex_cites_B9_42(firer, hexside):
    # The wall's TEM value is B9.3's; that it applies at the vertex is B9.42's
    # ruling, and the step the player reads says so.
    r = api.fire(_s({hexside: "wall"}, firer), "f", "t")
    wall_steps = [x for x in r["steps"] if x["text"].startswith(f"wall {hexside}: +")]
    assert wall_steps and all(x["rule"] == "B9.42" for x in wall_steps), wall_steps


# --- A6.7 with A6.12: Hindrance ranges counted from a traced vertex ----------------------

def test_A6_7_A6_12_same_range_rule_counts_from_the_traced_vertex_both_ways():
    # The thread from B3 to the E3-E4-F3 vertex of E4 crosses brush in D3, then runs
    # along E3-E4 beside an orchard in E3 (Inherent Terrain, B.6: it hinders along
    # its hexside on one side of the thread, A6.1 EXC).
    # From B3 they are at ranges 2 and 3: +2.  From E4 both hexes are adjacent, but
    # the thread starts at the vertex, which E3 touches and D3 does not: they lie one
    # behind the other (ranges 0 and 1 from the vertex) and both count, +2 both ways
    # (before: +1 from the vertex, the same-range rule applied to E4's ranges).
    s = setup({"D3": {"terrain": "brush"}, "E3": {"terrain": "orchard"}})
    to_vertex, from_vertex = check_both_ways(s, {"hex": "B3"},
                                             {"hex": "E4", "vertex": "E3-E4-F3"})
    for r in (to_vertex, from_vertex):
        assert_clear(r, hindrance=2)
        assert not any("count once" in x["text"] for x in r["steps"]), r["steps"]
    said = [x["text"] for x in from_vertex["steps"] if x["rule"] == "A6.7"]
    assert any("traced from vertex E3-E4-F3" in t and "A6.12" in t for t in said), said
    assert said[-1] == "Hindrance DRM: +1 (E3, range 0) +1 (D3, range 1) = +2."
    assert to_vertex["steps"][-2]["text"] == "Hindrance DRM: +1 (D3, range 2) +1 (E3, range 3) = +2."


def test_A6_7_A6_12_hexes_at_one_range_from_the_vertex_still_count_once_both_ways():
    # The thread from the E3-E4-F3 vertex of E4 to A5 crosses D3 and D4, both one hex
    # from the vertex and both three from A5: brush in both counts once, +1.
    s = setup({"D3": {"terrain": "brush"}, "D4": {"terrain": "brush"}})
    for r in check_both_ways(s, {"hex": "E4", "vertex": "E3-E4-F3"}, {"hex": "A5"}):
        assert_clear(r, hindrance=1)
        assert any("D3 and D4 are both at range" in x["text"] or
                   "D4 and D3 are both at range" in x["text"] for x in r["steps"]), r["steps"]


def test_A6_7_A6_12_the_same_range_grouping_is_alike_from_either_end_of_any_thread():
    # The law behind A6.5 for Hindrances: grouping a thread's hexes by range from
    # its start (a centre dot or a vertex, geometry.point_range) gives the same groups
    # as grouping them by range from its end.  Every thread from a hex or one of its
    # vertices to every centre and vertex within five hexes.
    from collections import defaultdict

    from pycore import geometry as g

    c = g.PLAIN.parse_hex("Q5")
    starts = [c, *g.hex_vertices(c)]
    ends = {p for h in g.Grid(33, 10).hexes() if g.distance(c, h) <= 5
            for p in (h, *g.hex_vertices(h))}
    assert len(ends) > 200
    for p in starts:
        for q in ends - {p}:
            hexes = {h for it in g.trace(p, q) if it.kind in ("hex", "along") for h in it.hexes}

            def groups(end: g.Point) -> list:
                by = defaultdict(set)
                for h in hexes:
                    by[g.point_range(end, h)].add(h)
                return sorted(sorted(x) for x in by.values())
            assert groups(p) == groups(q), (g.PLAIN.hex(c), p, q)
