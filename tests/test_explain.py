"""Steps a TD can check (issue 10): every rule the engine cites is explained
in the app's own words (pycore.rules.explain), and the explanation rides on each
step of a ruling."""
from __future__ import annotations

import re
from pathlib import Path

from pycore import api
from pycore.rules import explain

PYCORE = Path(explain.__file__).parent
# A rule number as the engine writes it in a string literal: "B9.2", "A6.21", "B.2".
RULE = re.compile(r"""["']([A-D](?:\d+(?:\.\d+)*|\.\d+))["']""")


def cited_rules() -> set[str]:
    """Every rule number written as a string anywhere in the engine's sources."""
    found = set()
    for path in PYCORE.rglob("*.py"):
        if path.name == "explain.py":
            continue
        found |= set(RULE.findall(path.read_text("utf-8")))
    return found


def test_the_grep_finds_the_rules_the_engine_cites():
    rules = cited_rules()
    # Sanity: the scan sees the LOS, TEM, WA and movement rules.
    assert {"A6.1", "A6.7", "B9.2", "B9.31", "B9.32", "B9.4", "D9.4"} <= rules


def test_every_rule_the_engine_can_cite_is_explained():
    missing = sorted(cited_rules() - set(explain.EXPLAIN))
    assert not missing, f"no explanation for {missing}"


def test_explanations_are_sentences_of_their_own():
    for rule, text in explain.EXPLAIN.items():
        assert 30 <= len(text) <= 450, rule
        assert text.endswith("."), rule


B92 = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10, "board": "6"},
       "hexsides": {"Z8-Y9": "hedge", "Y8-Z8": "wall", "Y7-X7": "wall"},
       "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6"}]}


def test_each_step_of_a_ruling_carries_its_rule_explained():
    for result in (api.los(B92, "g1", "r1"), api.fire(B92, "g1", "r1")):
        assert result["steps"]
        for step in result["steps"]:
            assert step["explain"] == explain.EXPLAIN[step["rule"]]
    b92 = [s for s in api.los(B92, "g1", "r1")["steps"] if s["rule"] == "B9.2"]
    # B9.2 EX: the rule's condition (all three hexspines at the far vertex) is
    # stated, and the step names the hexspine of this setup it was checked on.
    assert b92 and "all three" in b92[0]["explain"]
    assert any("Y8-Z8" in s["text"] or "Y9-Z8" in s["text"] for s in b92)


def test_blocked_ruling_explains_the_blocking_rule():
    setup = {**B92, "hexsides": {**B92["hexsides"], "Y8-Y9": "hedge"}}
    result = api.los(setup, "g1", "r1")
    assert result["los"] is False and result["rule"] == "B9.2"
    blocking = [s for s in result["steps"] if s["rule"] == result["rule"]]
    assert blocking[-1]["explain"] == explain.EXPLAIN["B9.2"]


def test_wall_advantage_problems_and_moves_are_explained_too():
    setup = {**B92, "units": [{"id": "g2", "side": "German", "type": "squad", "hex": "E2",
                               "wa": True},
                              {"id": "r2", "side": "Russian", "type": "squad", "hex": "E3",
                               "wa": True}], "hexsides": {"E2-E3": "wall"}}
    problems = api.wall_advantage(setup)["problems"]
    assert problems and all(p["explain"] == explain.EXPLAIN[p["rule"]] for p in problems)
    move = api.move_cost(B92, "infantry", "Z8", "Y8")
    assert any(s["rule"] == "B9.4" for s in move["steps"])
    assert all(s["explain"] == explain.EXPLAIN[s["rule"]] for s in move["steps"])


def test_an_unknown_rule_gets_no_invented_explanation():
    result = explain.attach({"steps": [{"rule": "Z99.9", "text": "?"}, {"rule": None}]})
    assert all("explain" not in s for s in result["steps"])
