"""Setups parsed once per edit (issue 13): a cached setup must never answer a
query about an edited one, through the page's bridge or the Python API."""
import json

import pytest

from pycore import api
from pycore.setup import cache as setupcache
from tests.helpers import setup, unit
from web import bridge

# Two ground-level squads five hexes apart in column C; C7 lies between them.
OPEN = setup(units=[unit("g", "C4"), unit("r", "C9", side="Russian")])
WOODS = setup(hexes={"C7": {"terrain": "woods"}}, units=OPEN["units"])
GRAIN = setup(hexes={"C7": {"terrain": "grain"}}, units=OPEN["units"])


def call(name, *args):
    return json.loads(bridge.call(name, json.dumps(list(args))))


@pytest.fixture(autouse=True)
def empty_caches():
    api.DEFAULT.setups.clear()
    bridge._RECENT_TEXTS.clear()


def test_an_edit_between_two_clicks_changes_the_ruling_A6_2():
    # The page sends the setup with every click: the second click after an edit
    # must judge the edited setup, and the third (edit undone) the first again.
    assert call("los", OPEN, "g", "r")["ok"]["los"] is True
    woods = call("los", WOODS, "g", "r")["ok"]
    assert woods["los"] is False and woods["blocked_at"] == "C7"
    assert call("los", GRAIN, "g", "r")["ok"]["hindrance"] == 1      # A6.7
    assert call("los", OPEN, "g", "r")["ok"]["los"] is True


def test_an_edit_changes_every_query_that_takes_a_setup():
    assert call("visibility", OPEN, "g")["ok"]["hexes"]["C9"]["los"] is True
    assert call("visibility", WOODS, "g")["ok"]["hexes"]["C9"]["los"] is False
    moved = dict(OPEN, units=[unit("g", "C8"), OPEN["units"][1]])
    assert call("fire", moved, "g", "r")["ok"]["range"] == 1
    assert call("validate", WOODS)["ok"]["hexes"] == {"C7": {"terrain": "woods"}}
    assert call("validate", OPEN)["ok"]["hexes"] == {}


def test_a_dict_edited_in_place_between_two_api_calls_is_judged_again_A6_2():
    s = setup(units=[unit("g", "C4"), unit("r", "C9", side="Russian")])
    assert api.los(s, "g", "r")["los"] is True
    s["hexes"]["C7"] = {"terrain": "woods"}          # the same dict object, mutated
    assert api.los(s, "g", "r")["los"] is False
    s["hexes"]["C7"]["terrain"] = "grain"            # a nested value, mutated
    assert api.los(s, "g", "r")["hindrance"] == 1
    s["units"][0]["hex"] = "C8"
    assert api.los(s, "g", "r")["range"] == 1


def test_a_value_that_only_looks_the_same_is_validated_again():
    # The key tells a tuple from a list and 1 from True: the second is a
    # SetupError even though the first, with the same JSON, was loaded and cached.
    assert api.los(OPEN, "g", "r")["los"] is True
    with pytest.raises(api.SetupError, match="units: must be a list"):
        api.los(dict(OPEN, units=tuple(OPEN["units"])), "g", "r")
    with pytest.raises(api.SetupError, match="version"):
        api.los(dict(OPEN, version=True), "g", "r")

    class Odd(dict):      # not plain data: validated on every call, never cached
        pass
    assert api.los(Odd(OPEN), "g", "r")["los"] is True
    assert setupcache._key(Odd(OPEN)) is None


def test_a_bad_setup_stays_a_SetupError_on_every_click():
    bad = dict(OPEN, hexsides={"A1-C5": "wall"})
    for _ in range(2):
        assert call("los", bad, "g", "r")["kind"] == "SetupError"


def test_malformed_arguments_after_a_cached_setup_are_still_errors():
    text = json.dumps(OPEN)
    assert json.loads(bridge.call("los", f'[{text}, "g", "r"]'))["ok"]["los"] is True
    for args in (f'[{text},]', f'[{text}, "g", "r"', f'[{text}}}, "g", "r"]',
                 f'[{text}, "g", "r"] x', f'[{text}\u00a0, "g", "r"]'):
        assert json.loads(bridge.call("los", args))["kind"] == "InternalError", args
    assert json.loads(bridge.call("los", f'[ {text} ,"g" , "r" ] '))["ok"]["los"] is True


def test_the_cache_keeps_a_bounded_number_of_setups():
    from pycore import limits
    for col in "CDEFGHIJ":
        call("los", setup(hexes={f"{col}7": {"terrain": "woods"}}, units=OPEN["units"]),
             "g", "r")
    assert len(api.DEFAULT.setups) <= limits.SETUP_CACHE_SIZE
    assert len(bridge._RECENT_TEXTS) <= limits.SETUP_CACHE_SIZE
