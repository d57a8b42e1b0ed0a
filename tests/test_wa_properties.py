"""Properties of Wall Advantage and TEM on random valid setups (tests/strategies.py)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from pycore.errors import SetupError
from pycore.geometry import PLAIN
from pycore.setup import load_setup
from pycore.terrain.catalog import TERRAIN
from pycore.rules.tem import ENTRENCHMENT_TEM
from pycore.rules.wa import wa_hexsides
from tests.strategies import setups, unit_pairs

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
IN_HEX = set(TERRAIN) | set(ENTRENCHMENT_TEM) | {"wreck"}


@SETTINGS
@given(setups(min_units=2, max_units=6, max_hexsides=12, max_columns=4, max_rows=3))
def test_B9_321_no_two_enemies_hold_WA_over_a_shared_hexside(s):
    ss = load_setup(s)
    held = wa_hexsides(ss)
    for a in ss.units:
        for b in ss.units:
            if a.side != b.side:
                assert not (held[a.id] & held[b.id]), (a.id, b.id)


@SETTINGS
@given(setups(min_units=1, max_units=6, max_hexsides=12, max_columns=4, max_rows=3))
def test_B9_32_lone_broken_unit_never_has_WA_and_report_is_consistent(s):
    ss = load_setup(s)
    rep = api.wall_advantage(s)
    for u in ss.units:
        got = rep["units"][u.id]
        if got["has"] or got["mandatory"]:
            assert got["eligible"] and got["reason"] is None
        else:
            assert got["eligible"] == (got["reason"] is None)
        if got["has"]:
            assert got["hexsides"] and not u.hidden and u.level == 0
        assert all(u.hex in PLAIN.parse_hexside(name) and ss.wall(PLAIN.parse_hexside(name))
                   for name in got["hexsides"])
        company = [v for v in ss.units if v is not u and v.hex == u.hex and v.side == u.side
                   and v.level == u.level and not (v.broken or v.unarmed)]
        if u.broken and not company:
            assert not got["has"], u.id


@SETTINGS
@given(setups(min_units=2, max_units=5, max_hexsides=10, max_columns=4, max_rows=3),
       st.randoms(use_true_random=False))
def test_WA_does_not_depend_on_the_order_units_are_listed(s, rnd):
    shuffled = dict(s, units=list(s.get("units", [])))
    rnd.shuffle(shuffled["units"])
    a, b = api.wall_advantage(s), api.wall_advantage(shuffled)
    assert a["units"] == b["units"]
    assert sorted(p["rule"] for p in a["problems"]) == sorted(p["rule"] for p in b["problems"])


@SETTINGS
@given(unit_pairs(max_units=4, max_hexsides=10, max_columns=5, max_rows=4), st.booleans())
def test_B9_31_tem_is_the_best_option_and_WA_means_no_in_hex_TEM(pair, indirect):
    s, firer, target = pair
    r = api.fire(s, firer, target, indirect)
    if not r["los"]:
        assert r["tem"] is None and r["tem_options"] == [] and r["hull_down"] is False
        return
    tems = [o["tem"] for o in r["tem_options"]]
    assert r["tem"] == max(tems, default=0)
    if wa_hexsides(load_setup(s))[target]:
        sources = {o["source"].removesuffix("+air-burst") for o in r["tem_options"]}
        assert not sources & IN_HEX, r["tem_options"]
    if indirect:
        assert r["hull_down"] is False          # B9.34: never HD to Indirect Fire


# --- junk in the extra fields this section reads never escapes as anything but SetupError

JUNK = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
                 st.lists(st.integers(), max_size=2), st.just(10 ** 5000),
                 st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
                 st.sampled_from(["trench", "placed", "thrown", "fully-tracked", "truck"]))
EXTRA_KEYS = ("column", "fortified_gun", "bridge", "roadblock", "pillbox", "cave", "wire",
              "panji", "prisoner", "cupola", "abandoned", "stunned", "moving", "prc",
              "motorcyclist", "emplacement", "entrenchment", "ordnance", "dc", "class", "mp",
              "breacher")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(min_units=2, max_units=4, extras=False), st.data())
def test_junk_extra_fields_give_JSON_or_SetupError_only(s, data):
    for u in s["units"]:
        for key in data.draw(st.lists(st.sampled_from(EXTRA_KEYS), max_size=4, unique=True)):
            u[key] = data.draw(JUNK)
    for name, v in list(s.get("hexsides", {}).items()):
        if data.draw(st.booleans()):
            s["hexsides"][name] = dict({"type": v} if isinstance(v, str) else v,
                                       breach=data.draw(JUNK))
    a, b = s["units"][0], s["units"][1]
    calls = [lambda: api.wall_advantage(s), lambda: api.fire(s, a["id"], b["id"]),
             lambda: api.fire(s, b["id"], a["id"], True)]
    calls += [lambda who=who: api.move_cost(s, who, a["hex"], b["hex"])
              for who in ("infantry", "fully-tracked", a["id"], b["id"])]
    for call in calls:
        try:
            json.dumps(call())
        except SetupError as e:
            assert str(e)
