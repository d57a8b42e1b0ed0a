"""A borderline thread (A6.1): where the verdict on a board as drawn turns on
the art within a pixel (pycore.rules.los.borderline), ``los`` and ``fire`` say
so with both outcomes; the players' settlement (``settled``) is followed and
carried by links.  Every archive is written by ``tests/vasl_writer.py``."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api, share
from pycore.errors import SetupError
from pycore.setup import load_setup
from tests.test_drawn import REGION, _names, _pairs, drawn_boards
from tests.vasl_writer import board_archive


def woods_beside(d: int) -> dict:
    """Board 41 with woods drawn in Q6 from d px right of its centre (20 px
    wide): the thread 41Q4-41Q8 runs down through Q6's centre."""
    shapes = ({"hex": "Q6", "terrain": "woods", "rect": (d, -40, d + 20, 40), "own": True},)
    source = api.import_board(board_archive({}, None, shapes=shapes,
                                            metadata_buildings=False))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": source}]]}, "units": []}


def los(setup: dict, a: str, b: str) -> dict:
    return api.los(setup, {"hex": a}, {"hex": b})


# --- A6.1: within a pixel, both outcomes ----------------------------------------------

def test_A6_1_woods_a_pixel_across_the_thread_block_it_borderline():
    r = los(woods_beside(-1), "41Q4", "41Q8")
    assert r["los"] is False and r["blocked_at"] == "41Q6"      # the exact thread: as before
    b = r["borderline"]
    assert b["rule"] == "A6.1" and b["at"] == "41Q6" and b["what"] == "the woods drawn in 41Q6"
    assert b["clear"]["los"] is True and b["blocked"]["los"] is False
    assert b["blocked"]["blocked_at"] == "41Q6"
    assert any(x["rule"] == "A6.1" and x["text"].startswith("Borderline") for x in r["steps"])


def test_A6_1_woods_whose_edge_the_thread_runs_along_are_borderline_clear():
    r = los(woods_beside(0), "41Q4", "41Q8")
    assert r["los"] is True
    assert r["borderline"]["at"] == "41Q6" and r["borderline"]["blocked"]["los"] is False
    assert r["borderline"]["clear"]["los"] is True


@pytest.mark.parametrize("d", [1, 2, 4, -3, -8])
def test_A6_1_art_a_pixel_or_more_from_the_thread_is_not_borderline(d):
    r = los(woods_beside(d), "41Q4", "41Q8")
    assert r["borderline"] is None
    assert r["los"] is (d > 0)


def test_A6_1_a_painted_map_is_never_borderline():
    s = {"format": "asl-setup", "version": 1, "map": {"board": "41"},
         "hexes": {"41Q6": {"terrain": "woods"}}}
    assert los(s, "41Q4", "41Q8")["borderline"] is None
    assert los(s, "41P4", "41Q8")["borderline"] is None


def test_A6_1_fire_carries_the_borderline_ruling():
    s = woods_beside(-1)
    s["units"] = [{"id": "g", "side": "German", "type": "squad", "hex": "41Q4"},
                  {"id": "r", "side": "Russian", "type": "squad", "hex": "41Q8"}]
    r = api.fire(s, "g", "r")
    assert r["los"] is False and r["borderline"]["at"] == "41Q6"


# --- A6.5: both directions together -----------------------------------------------------

@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(drawn_boards(), st.data())
def test_A6_5_both_directions_are_borderline_together_at_the_same_hex(board, data):
    hexes, shapes = board
    source = api.import_board(board_archive(hexes, None, shapes=shapes,
                                            metadata_buildings=False))["source"]
    s = api.load({"format": "asl-setup", "version": 1,
                  "map": {"boards": [[{"board": "41", "source": source}]]}})
    for a, b in _pairs(data, ["41" + n for n in _names(REGION)]):
        there, back = los(s, a, b)["borderline"], los(s, b, a)["borderline"]
        assert (there is None) == (back is None), (a, b, there, back)
        if there is not None:
            assert there["at"] == back["at"] and there["what"] == back["what"]
            assert there["clear"]["los"] and not there["blocked"]["los"]


# --- settled: the players' dr or agreement (A6.1) ----------------------------------------

def test_A6_1_a_settled_dr_of_2_makes_a_borderline_block_clear_either_way_round():
    s = woods_beside(-1)
    s["settled"] = [{"viewer": "41Q8", "target": "41Q4", "dr": 2, "los": True}]
    for a, b in (("41Q4", "41Q8"), ("41Q8", "41Q4")):
        r = los(s, a, b)
        assert r["los"] is True and r["borderline"]["at"] == "41Q6"
        assert r["steps"][-1] == {"rule": "A6.1", "text": "The players settled this borderline "
                                  "LOS by a dr of 2: it is not blocked (A6.1).",
                                  "explain": r["steps"][-1].get("explain")}


def test_A6_1_a_settlement_agreeing_with_the_exact_thread_keeps_its_ruling():
    s = woods_beside(0)
    s["settled"] = [{"viewer": "41Q4", "target": "41Q8", "dr": None, "los": True}]
    r = los(s, "41Q4", "41Q8")
    assert r["los"] is True and "by agreement" in r["steps"][-1]["text"]
    s["settled"] = [{"viewer": "41Q4", "target": "41Q8", "dr": 5, "los": False}]
    r = los(s, "41Q4", "41Q8")
    assert r["los"] is False and r["blocked_at"] == "41Q6"


def test_A6_1_a_settlement_is_followed_only_where_the_ruling_is_borderline():
    s = woods_beside(-8)
    s["settled"] = [{"viewer": "41Q4", "target": "41Q8", "dr": 1, "los": True}]
    r = los(s, "41Q4", "41Q8")
    assert r["los"] is False and r["borderline"] is None


@pytest.mark.parametrize("dr", range(1, 7))
def test_A6_1_a_dr_of_1_to_3_settles_not_blocked_4_to_6_blocked_one_rule_for_file_and_roll(dr):
    # pycore.setup.settled.dr_los decides both what a setup's settlement may say
    # and what the page's roll (web/borderline.py settle) records.
    assert api.dr_los(dr) is (dr in (1, 2, 3))
    s = {"format": "asl-setup", "version": 1, "map": {"board": "41"}}
    entry = {"viewer": "41Q4", "target": "41Q8", "dr": dr}
    assert load_setup({**s, "settled": [{**entry, "los": dr <= 3}]}).settled[0]["los"] is (dr <= 3)
    with pytest.raises(SetupError, match=r"^settled\[0\]\.dr: a dr of \d means the LOS is "
                       + ("not blocked" if dr <= 3 else "blocked")):
        load_setup({**s, "settled": [{**entry, "los": dr > 3}]})


@pytest.mark.parametrize("settled, field", [
    ("yes", "settled"),
    ([{"viewer": "41Q4", "target": "41Q8", "dr": 2, "los": False}], "settled[0].dr"),
    ([{"viewer": "41Q4", "target": "41Q8", "dr": 5, "los": True}], "settled[0].dr"),
    ([{"viewer": "41Q4", "target": "41Q8", "dr": 7, "los": False}], "settled[0].dr"),
    ([{"viewer": "41Q4", "target": "41Q8", "dr": True, "los": True}], "settled[0].dr"),
    ([{"viewer": "41Q4", "target": "41Q8", "los": "yes"}], "settled[0].los"),
    ([{"viewer": "41Q4", "target": "41Q8"}], "settled[0].los"),
    ([{"viewer": "41Q4", "target": {"hex": "41Z99"}, "los": True}], "settled[0].target.hex"),
    ([{"viewer": "41Q4", "target": 3, "los": True}], "settled[0].target"),
    (["41Q4"], "settled[0]"),
])
def test_A6_1_settled_is_validated_naming_the_field(settled, field):
    s = {"format": "asl-setup", "version": 1, "map": {"board": "41"}, "settled": settled}
    with pytest.raises(SetupError) as e:
        load_setup(s)
    assert str(e.value).startswith(field + ":"), str(e.value)


def test_A6_1_a_settlement_whose_unit_was_removed_is_dropped_with_a_warning_not_refused():
    # The page removes a unit: the setup it leaves must load (nothing else lost).
    s = {"format": "asl-setup", "version": 1, "map": {"board": "41"},
         "units": [{"id": "g", "side": "German", "type": "squad", "hex": "41Q4"}],
         "settled": [{"viewer": "nobody", "target": "41Q8", "los": True},
                     {"viewer": "g", "target": "41Q8", "dr": 2, "los": True}]}
    loaded = load_setup(s)
    assert [dict(e)["viewer"] for e in loaded.to_dict()["settled"]] == ["g"]
    assert any("settled[0]: viewer 'nobody' is no unit on the map any more" in w
               for w in loaded.warnings)


def test_settled_round_trips_through_a_link():
    s = {"format": "asl-setup", "version": 1, "map": {"board": "41"},
         "units": [{"id": "g", "side": "German", "type": "squad", "hex": "41Q4"}],
         "settled": [{"viewer": "g", "target": {"hex": "41Q8", "level": 0}, "dr": 4,
                      "los": False}, {"viewer": "41A1", "target": "41B1", "los": True}]}
    back = share.decode(share.encode(s))
    assert back["settled"] == [
        {"viewer": "g", "target": {"hex": "41Q8", "level": 0}, "dr": 4, "los": False},
        {"viewer": "41A1", "target": "41B1", "dr": None, "los": True}]
    assert load_setup(back).to_dict() == back
