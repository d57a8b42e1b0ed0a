"""The page's side of issue 40 in Python: a borderline ruling's two outcomes
and its settlement (web/present.py, web/borderline.py), who sees a hex or a
unit and a side's dead ground with their words (web/seen.py), and coverage in
steps (pycore.api.coverage_steps) as the page's worker runs it. Boards are
written by tests/vasl_writer.py (tests/test_borderline.py's woods_beside)."""
from __future__ import annotations

import re

import pytest

from pycore import api, share
from pycore.errors import SetupError
from tests.test_borderline import woods_beside
from tests.test_seen import _setup, _unit
from web import borderline, bridge, present, seen


def _duel() -> dict:
    """Board 41, woods drawn a pixel across the thread 41Q4-41Q8 (A6.1), a
    squad at each end."""
    s = woods_beside(-1)
    s["units"] = [_unit("g", "German", "41Q4"), _unit("r", "Russian", "41Q8")]
    return s


# --- A6.1: the panel's borderline, both outcomes -------------------------------------------

def test_A6_1_the_panel_shows_both_outcomes_as_the_core_rules_each():
    s = _duel()
    got = present.fire(s, "g", "r")
    b = got["present"]["borderline"]
    assert b["title"] == "Borderline (A6.1)" and b["at"] == "41Q6"
    assert b["what"] == "the woods drawn in 41Q6" and b["settled"] is None
    clear, blocked = b["outcomes"]
    assert (clear["key"], clear["verdict"], blocked["key"], blocked["verdict"]) == \
        ("clear", "Clear LOS", "blocked", "No LOS (A6.1)")
    # with LOS: the Hindrance, the TEM the fire would have, and who has WA
    agreed = api.fire({**s, "settled": [{"viewer": "g", "target": "r", "dr": None, "los": True}]},
                      "g", "r")
    facts = {f["key"]: f["value"] for f in clear["facts"]}
    assert facts["tem"] == present.signed(agreed["tem"]) and facts["hindrance"] == "0"
    assert facts["wall_advantage"] == "nobody"
    # without: what blocks it
    assert [f["value"] for f in blocked["facts"]] == ["41Q6 (A6.1)"]
    # the card's and the panel's line
    line = [f for f in got["present"]["facts"] if f["key"] == "borderline"]
    assert line[0]["value"].startswith("the woods drawn in 41Q6; not settled")


def test_A6_1_a_hex_to_hex_ruling_shows_no_TEM_in_its_outcomes():
    got = present.los(woods_beside(-1), {"hex": "41Q4"}, {"hex": "41Q8"})
    keys = [f["key"] for f in got["present"]["borderline"]["outcomes"][0]["facts"]]
    assert keys == ["hindrance"]


def _asked(setup: dict, viewer, target, tool: str, los: bool) -> dict:
    """One outcome as the rules rule it with that settlement recorded (ahead of any other)."""
    ask = api.fire if tool == "fire" else api.los
    entry = {"viewer": viewer, "target": target, "dr": None, "los": los}
    return ask({**setup, "settled": [entry, *(setup.get("settled") or [])]}, viewer, target)


@pytest.mark.parametrize("d", [-1, 0])              # the exact thread blocked, clear
@pytest.mark.parametrize("how", [None, "clear", "blocked"])
@pytest.mark.parametrize("tool, ends", [("fire", ("g", "r")), ("fire", ("r", "g")),
                                        ("los", ("g", "r")),
                                        ("los", ({"hex": "41Q8"}, {"hex": "41Q4", "level": 0}))])
def test_A6_1_A6_5_each_outcome_shown_is_the_rules_ruling_with_that_settlement(d, how, tool, ends):
    # The panel's outcomes come from the ruling's own borderline (and a fire not
    # blocked asked again, for its TEM): the same as asking with each settlement.
    s = woods_beside(d)
    s["units"] = [_unit("g", "German", "41Q4"), _unit("r", "Russian", "41Q8")]
    if how is not None:
        s = borderline.settle(s, *ends, how, tool)["setup"]
    got = (present.fire if tool == "fire" else present.los)(s, *ends)["present"]["borderline"]
    for shown, los in zip(got["outcomes"], (True, False)):
        asked = _asked(s, *ends, tool, los)
        assert asked["los"] is los and asked["borderline"]["settled"]["los"] is los
        want = present._outcome(shown["key"], shown["heading"], asked, None)
        assert {**shown, "facts": [f for f in shown["facts"] if f["key"] != "wall_advantage"]} == want
        assert tool == "los" or not los or "tem" in {f["key"] for f in shown["facts"]}


def test_A6_1_a_painted_map_has_no_borderline_to_show():
    s = _setup(hexes={"E5": {"terrain": "woods"}}, units=[_unit("g", "German", "E3"),
                                                           _unit("r", "Russian", "E7")])
    got = present.fire(s, "g", "r")
    assert "borderline" not in got["present"]
    assert all(f["key"] != "borderline" for f in got["present"]["facts"])


# --- A6.1: settling it ------------------------------------------------------------------

def test_A6_1_a_roll_is_a_fair_dr_that_decides_as_A6_1_says():
    s = _duel()
    rolls = {}
    for _ in range(200):
        got = borderline.settle(s, "g", "r", "roll", "fire")
        dr = got["dr"]
        assert 1 <= dr <= 6 and got["los"] is (dr <= 3)
        assert got["setup"]["settled"] == [{"viewer": "g", "target": "r", "dr": dr, "los": dr <= 3}]
        rolls[dr] = rolls.get(dr, 0) + 1
        ruling = api.fire(got["setup"], "g", "r")
        assert ruling["los"] is (dr <= 3)
        assert ruling["borderline"]["settled"] == {"entry": 0, "dr": dr, "los": dr <= 3}
    assert sorted(rolls) == [1, 2, 3, 4, 5, 6]       # every face comes up in 200 rolls


@pytest.mark.parametrize("how, los", [("clear", True), ("blocked", False)])
def test_A6_1_the_players_agree_either_way_in_one_call(how, los):
    got = borderline.settle(_duel(), "g", "r", how, "fire")
    assert got["dr"] is None and got["los"] is los
    shown = present.fire(got["setup"], "g", "r")
    assert shown["los"] is los
    assert shown["present"]["borderline"]["settled"]["text"] == \
        f"Settled, agreed: {'not blocked' if los else 'blocked'} (A6.1)."


def test_A6_5_a_settlement_from_the_other_end_replaces_the_first_and_is_taken_back():
    first = borderline.settle(_duel(), "g", "r", "clear", "fire")["setup"]
    other = borderline.settle(first, "r", "g", "blocked", "fire")["setup"]
    assert other["settled"] == [{"viewer": "r", "target": "g", "dr": None, "los": False}]
    assert api.fire(other, "g", "r")["los"] is False
    back = borderline.settle(other, "g", "r", "none", "fire")
    assert "settled" not in back["setup"] and back["los"] is None
    assert api.fire(back["setup"], "g", "r")["los"] is False      # the exact thread's verdict


def test_A6_1_a_settled_roll_travels_in_a_link_and_shows_on_the_card():
    pytest.importorskip("svgwrite")
    from web.card import ruling_card
    got = borderline.settle(_duel(), "g", "r", "roll", "fire")
    question = {"tool": "fire", "viewer": "g", "target": "r"}
    link = share.encode(api.load(got["setup"]), question)
    opened = api.share_read(link)
    assert opened["setup"]["settled"] == got["setup"]["settled"]
    card = ruling_card(opened["setup"], question, "https://x.test/#" + link)
    outcome = "not blocked" if got["los"] else "blocked"
    said = " ".join(re.findall(r'class="card-fact"[^>]*>([^<]*)<', card))
    assert f"the woods drawn in 41Q6; settled, dr {got['dr']}: {outcome}" in said
    steps = " ".join(re.findall(r'class="card-step"[^>]*>([^<]*)<', card))
    assert f"by a dr of {got['dr']}: it is {outcome}" in steps


def test_nothing_to_settle_where_the_rules_decide():
    s = _setup(units=[_unit("g", "German", "E3"), _unit("r", "Russian", "E7")])
    with pytest.raises(SetupError, match="not borderline"):
        borderline.settle(s, "g", "r", "roll")
    same = borderline.settle(s, "g", "r", "none")          # nothing to take back: as it was
    assert same["setup"] is s and same["los"] is None
    with pytest.raises(SetupError, match="^how:"):
        borderline.settle(_duel(), "g", "r", "coin")


def test_the_bridge_answers_settle_with_the_pages_own_setup_changed_only_in_settled():
    import json
    s = _duel()
    s["question"] = {"tool": "fire", "viewer": "g", "target": "r"}
    got = json.loads(bridge.call("settle", json.dumps([s, "g", "r", "blocked", "fire"])))["ok"]
    assert {k: v for k, v in got["setup"].items() if k != "settled"} == s
    assert got["said"] == "Agreed: blocked (A6.1)."


# --- who sees it, dead ground ----------------------------------------------------------

def _field() -> dict:
    return _setup(hexes={"E5": {"terrain": "woods"}, "G4": {"terrain": "grain"}},
                  units=[_unit("g1", "German", "E3"), _unit("g2", "German", "B6"),
                         _unit("g3", "German", "J2", broken=True),
                         _unit("r1", "Russian", "E7")])


def test_A6_11_who_sees_a_unit_lists_its_enemies_those_that_see_first_with_their_words():
    got = seen.who_sees(_field(), "r1")
    assert [(u["unit"], u["status"]) for u in got["units"]] == \
        [(u["unit"], "clear" if not u["hindrance"] else "hindered") for u in got["units"] if u["los"]] + \
        [(u["unit"], "blocked") for u in got["units"] if not u["los"]]
    by_api = {u["unit"]: api.los(_field(), u["unit"], "r1")["los"] for u in got["units"]}
    assert {u["unit"]: u["los"] for u in got["units"]} == by_api
    assert got["said"] == f"{sum(by_api.values())} of 3 enemy units see r1."
    assert "A6.11" in got["aid"]


def test_A6_7_who_sees_a_hex_gives_each_ones_Hindrance():
    got = seen.who_sees(_field(), {"hex": "H4", "level": 0})
    for u in got["units"]:
        r = api.los(_field(), u["unit"], {"hex": "H4"})
        assert (u["los"], u["hindrance"]) == (r["los"], r["hindrance"])
        if r["los"] and r["hindrance"]:
            assert u["words"] == f"sees it, Hindrance +{r['hindrance']}"
    assert got["said"].endswith("units see H4.")


def test_dead_ground_in_steps_gives_the_same_answer_and_counts_only_up():
    s = _field()
    steps = seen.dead_ground_steps(s, "German")
    shown: dict = {}
    while True:
        try:
            got = next(steps)
        except StopIteration as done:
            final = done.value
            break
        for name, entry in (got or {}).get("hexes", {}).items():
            assert entry["seen"] >= shown.get(name, {"seen": 0})["seen"]
            shown[name] = entry
    assert shown == final["hexes"] == api.coverage(s, "German")["hexes"]
    assert final["units"] == ["g1", "g2"]                   # g3 is broken (A12.1)
    unseen = sum(1 for h in final["hexes"].values() if not h["seen"])
    assert f"Unseen (dead ground): {unseen} hexes" in final["said"]


def test_a_vehicle_target_is_at_ground_level_and_named_so():
    s = _setup(hexes={"F6": {"terrain": "building", "levels": 2}},
               units=[_unit("g1", "German", "D7"), _unit("r1", "Russian", "K1")])
    got = api.coverage(s, "German", 0, "F6", True)
    assert got["vehicle"] is True and got["at"]["level"] == 0
    assert got["at"]["units"][0]["steps"][0]["text"].startswith("LOS from g1")
    assert got["hexes"] == api.coverage(s, "German")["hexes"]   # no rule modelled gives it a height
    with pytest.raises(SetupError, match="^level: a vehicle"):
        api.coverage(s, "German", 1, None, True)
    with pytest.raises(SetupError, match="^vehicle:"):
        api.coverage(s, "German", 0, None, "yes")


def test_over_dead_ground_who_sees_a_hex_lists_only_that_sides_units():
    got = seen.who_sees(_field(), {"hex": "H4", "level": 0}, "German")
    assert {u["unit"] for u in got["units"]} == {"g1", "g2", "g3"}
    assert got["said"].endswith("German units see H4.")
    with pytest.raises(SetupError, match="^side:"):
        seen.who_sees(_field(), {"hex": "H4"}, "Finns")
