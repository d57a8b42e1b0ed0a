"""Visibility in steps (issue 24, item 4): the page's worker runs a sweep a
chunk at a time and answers other questions between chunks, or drops a sweep
a newer one replaces. A sweep paused anywhere, with anything asked in its
pauses, must give exactly the map of a ruling per hex (A6.2)."""
import json
import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import api
from pycore.rules import visibility
from pycore.steps import finish
from pycore.setup import load_setup
from tests.bench import bocage_everywhere
from tests.strategies import setups
from tests.test_los_properties import _location
from tests.test_visibility import _rulings as rulings_per_hex
from web import bridge, queries

SMALL = dict(min_columns=3, max_columns=9, min_rows=2, max_rows=6, max_terrain=30,
             max_hexsides=30, max_units=3)


def _rulings(setup: dict, viewer) -> dict:
    """The visibility map the slow way: one ruling per hex, named on the setup's map."""
    s = load_setup(setup)
    return rulings_per_hex(s, viewer)


@given(setups(**SMALL), setups(**SMALL), st.data(), st.integers(1, 40),
       st.lists(st.sampled_from(["none", "los", "sweep", "visibility"]), max_size=60))
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_a_sweep_paused_anywhere_with_other_questions_between_equals_a_ruling_per_hex_A6_2(
        setup, other, data, step_work, between):
    viewer = _location(data, setup)
    other_viewer = _location(data, other)
    target = _location(data, other)
    saved = visibility.STEP_WORK
    visibility.STEP_WORK = step_work            # pauses after 1 to 40 units of work
    try:
        steps = api.visibility_steps(setup, viewer)
        others = api.visibility_steps(other, other_viewer)
        other_done = None

        def in_pause(pauses: int) -> None:
            # What the worker may answer in a pause: a ruling on another
            # setup (named on another map), a step of another sweep, a
            # whole visibility on another setup.
            nonlocal other_done
            doing = between[pauses % len(between)] if between else "none"
            if doing == "los":
                api.los(other, other_viewer, target)
            elif doing == "sweep" and other_done is None:
                try:
                    next(others)
                except StopIteration as done:
                    other_done = done.value
            elif doing == "visibility":
                api.visibility(other, target)

        result, _ = _run(steps, in_pause)
        if other_done is None:
            other_done = finish(others)
    finally:
        visibility.STEP_WORK = saved
    assert result["hexes"] == _rulings(setup, viewer)
    assert other_done["hexes"] == _rulings(other, other_viewer)
    assert result == api.visibility(setup, viewer)       # the same dict, viewer's name too


def test_a_long_sweep_pauses_within_a_step_of_work_and_answers_as_the_whole_sweep():
    # Bocage on every hexside of 2 x 2 boards, from a hill that sees over it:
    # seconds of work in the page, so it must pause many times.
    setup = bocage_everywhere()
    result, pauses = _run(api.visibility_steps(setup, "u0"))
    hexes = len(result["hexes"])
    assert pauses >= hexes // visibility.STEP_WORK
    assert result == api.visibility(load_setup(setup), "u0")


def _run(steps, in_pause=lambda pauses: None) -> tuple:
    """A generator of steps run to its end, ``in_pause(n)`` called at its n-th
    pause: (what it returns, how many pauses)."""
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, pauses
        pauses += 1
        in_pause(pauses)


def _drive(job: int, first):
    answer, steps = first, 1
    while answer is None:
        answer = bridge.resume(job)
        steps += 1
    return json.loads(answer), steps


@pytest.fixture
def short_steps(monkeypatch):
    monkeypatch.setattr(bridge, "STEP_SECONDS", 0.0)   # one pause per step


def test_the_bridge_answers_a_sweep_in_steps_as_call_answers_it_whole(short_steps):
    setup = bocage_everywhere()
    args = json.dumps([setup, "u0"])
    got, steps = _drive(1, bridge.begin(1, "visibility", args))
    assert steps > 1
    assert got == json.loads(bridge.call("visibility", args))
    assert bridge.resume(1) == json.dumps(
        {"error": "query 1 is not running", "kind": "InternalError"})      # finished, forgotten


def test_a_cancelled_sweep_is_superseded_and_forgotten(short_steps):
    args = json.dumps([bocage_everywhere(), "u1"])
    assert bridge.begin(2, "visibility", args) is None
    assert bridge.resume(2) is None
    cancelled = json.loads(bridge.cancel(2))
    assert cancelled["kind"] == "Superseded" and "visibility" in cancelled["error"]
    assert json.loads(bridge.resume(2))["kind"] == "InternalError"
    assert 2 not in bridge._JOBS


def test_a_query_without_steps_and_a_bad_viewer_are_answered_at_once_as_call_does(short_steps):
    setup = bocage_everywhere()
    for name, args in (("los", [setup, "u0", "u1"]), ("wall_advantage", [setup]),
                       ("visibility", [setup, "nobody"]), ("visibility", [setup, 42])):
        text = json.dumps(args)
        assert bridge.begin(3, name, text) == bridge.call(name, text)
    assert not bridge._JOBS


def test_a_sweep_on_boards_keeps_its_boards_names_across_rulings_on_a_plain_map_between():
    # Each step runs under its own setup's names (6A1, 12Z9), whatever ran in
    # the pause before it (a plain map's A1).
    boards = {"format": "asl-setup", "version": 1, "map": {"boards": [["6", "12"]]},
              "hexes": {"6Q5": {"terrain": "woods"}, "12E4": {"level": 1}},
              "hexsides": {"6Z8-6Y9": "hedge"}}
    plain = {"format": "asl-setup", "version": 1, "map": {"columns": 8, "rows": 5},
             "hexes": {"C3": {"terrain": "woods"}}}
    steps = api.visibility_steps(boards, {"hex": "6Z9"})
    while True:
        api.los(plain, {"hex": "A1"}, {"hex": "E4"})
        try:
            next(steps)
        except StopIteration as done:
            result = done.value
            break
    assert result["viewer"] == "6Z9"
    assert result["hexes"] == _rulings(boards, {"hex": "6Z9"})


@given(setups(**SMALL), setups(**SMALL), st.integers(1, 30), st.booleans())
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_a_map_drawn_in_steps_with_rulings_between_is_the_map_drawn_whole(
        setup, other, step, counters):
    # web.render.map_svg_steps: the 132 x 80 map of an old link takes seconds,
    # so the worker draws it in steps (issue 24).
    from web import render
    saved = render.STEP
    render.STEP = step
    try:
        whole = render.map_svg(setup, counters=counters)
        steps = render.map_svg_steps(setup, counters=counters)
        while True:
            api.visibility(other, {"hex": "A1"})      # named on another map, maybe
            try:
                next(steps)
            except StopIteration as done:
                drawn = done.value
                break
    finally:
        render.STEP = saved
    assert drawn == whole


def test_the_bridge_draws_a_map_in_steps_as_call_draws_it_whole(short_steps):
    grid = {"format": "asl-setup", "version": 1, "map": {"boards": [["6", "12"], ["44", "y"]]}}
    args = json.dumps([grid, {"counters": False}])
    answer, steps = _drive(4, bridge.begin(4, "render_map", args))
    assert steps > 10
    assert answer == json.loads(bridge.call("render_map", args))
    assert 'data-hex="6A1"' in answer["ok"] and 'data-hex="yGG10"' in answer["ok"]


# What a sweep proves as it goes (issue 30, item 5): each pause yields the hexes
# settled since the last, for the page to draw at once.
def _check_progress(partials: list, final: dict) -> None:
    """The partials, in order, are a growing prefix of the final map, each hex
    once and with its final entry: a hex drawn early never changes later."""
    order = list(final)
    drawn: dict = {}
    for part in partials:
        assert set(part) == {"hexes", "done", "of"} and part["of"] == len(final)
        assert not drawn.keys() & part["hexes"].keys(), "a hex proved twice"
        drawn.update(part["hexes"])
        assert part["done"] == len(drawn)
        assert list(drawn) == order[:len(drawn)]                # the map's prefix, in its order
        assert all(final[h] == v for h, v in part["hexes"].items())


def _proved(steps) -> tuple[dict, list]:
    partials = []
    while True:
        try:
            got = next(steps)
        except StopIteration as done:
            return done.value, partials
        if got is not None:
            partials.append(got)


@given(setups(**SMALL), st.data(), st.integers(1, 40))
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_a_sweep_yields_a_growing_prefix_of_its_final_map_A6_2(setup, data, step_work):
    viewer = _location(data, setup)
    saved = visibility.STEP_WORK
    visibility.STEP_WORK = step_work
    try:
        result, partials = _proved(api.visibility_steps(setup, viewer))
    finally:
        visibility.STEP_WORK = saved
    _check_progress(partials, result["hexes"])
    assert result["hexes"] == _rulings(setup, viewer)


def test_a_long_sweep_proves_hexes_from_its_first_steps_to_its_last():
    setup = load_setup(bocage_everywhere())
    result, partials = _proved(api.visibility_steps(setup, "u0"))
    _check_progress(partials, result["hexes"])
    assert len(partials) > 10
    assert partials[-1]["done"] < len(result["hexes"])    # the last few come with the answer
    assert partials[0]["done"] < len(result["hexes"]) // 10
    # A map already worked out is answered at once, nothing in steps.
    assert _proved(api.visibility_steps(setup, "u0")) == (result, [])


def test_the_bridge_hands_on_what_each_step_proved_until_the_answer(short_steps):
    setup = bocage_everywhere()
    args = json.dumps([setup, {"hex": "C3"}])
    answer, partials = bridge.begin(5, "visibility", args), []
    while answer is None:
        got = bridge.progress(5)
        if got is not None:
            partials.append(json.loads(got))
        assert bridge.progress(5) is None                  # each hex handed on once
        answer = bridge.resume(5)
    assert bridge.progress(5) is None                      # finished: nothing more
    final = json.loads(answer)["ok"]["hexes"]
    assert len(partials) > 10
    _check_progress(partials, final)
    assert final == json.loads(bridge.call("visibility", args))["ok"]["hexes"]


def test_a_cancelled_sweep_hands_on_nothing_more(short_steps):
    args = json.dumps([bocage_everywhere(), {"hex": "A15"}])
    assert bridge.begin(6, "visibility", args) is None
    while bridge.progress(6) is None:
        assert bridge.resume(6) is None
    bridge.cancel(6)
    assert bridge.progress(6) is None


def _slow_last_chunk(spent):
    """A query in steps whose work after its last pause spends its step's time."""
    yield {}
    spent()
    return {"answer": 42}


def test_an_answer_found_after_its_steps_time_is_spent_comes_in_the_next_step(monkeypatch):
    """Issue 32: a job whose last chunk ends past its step's time writes its JSON
    answer in a step of its own (a 132 x 80 map's drawing is 12 MB of JSON), and
    one that ends in time answers at once; either way the answer is call's."""
    clock = [0.0]
    monkeypatch.setattr(bridge, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))
    for spend, steps in ((bridge.STEP_SECONDS * 3, 2), (0.0, 1)):
        def spent(spend=spend):
            clock[0] += spend
        monkeypatch.setitem(bridge.QUERIES, "slow", queries.Query(
            lambda: {"answer": 42}, setup_first=False, session=False,
            steps=lambda spent=spent: _slow_last_chunk(spent)))
        answer, taken = _drive(7, bridge.begin(7, "slow", "[]"))
        assert answer == json.loads(bridge.call("slow", "[]")) == {"ok": {"answer": 42}}
        assert taken == steps, (spend, taken)
