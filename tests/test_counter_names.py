"""Counters as players name them (web/counter_names.py, docs/contract.md
"units[].name"): the lists by nationality, and the steps naming a unit by its
counter's name before its id."""
from __future__ import annotations

import json
import re

from pycore import api
from web import counter_names, marks

STRENGTH = re.compile(r"^\d{1,2}-\d-\d{1,2}$")        # firepower-range-morale: "4-6-7"
LEADER = re.compile(r"^\d{1,2}[-+]\d$")                # morale and modifier: "8-1", "6+1"


def test_every_listed_nationality_is_a_side_chip_and_every_group_reads_as_its_kind():
    for nation, lists in counter_names.NAMES.items():
        assert nation in counter_names.NATIONS
        for key, names in lists.items():
            assert names and len(names) == len(set(names)), (nation, key)
            if key in ("squads", "half", "crews"):
                assert all(STRENGTH.match(n) for n in names), (nation, key, names)
            if key == "leaders":
                assert all(LEADER.match(n) for n in names), (nation, names)
    # a group's type is a unit type the setup accepts, or none (a weapon keeps the type)
    assert {t for _, t in counter_names.GROUPS.values()} - {None} <= set(marks.UNIT_TYPES)


def test_the_page_module_carries_the_lists_as_groups():
    text = counter_names.js_module()
    consts = dict(re.findall(r"export const (\w+) = (.*);\n", text))
    assert json.loads(consts["NATIONS"]) == counter_names.NATIONS
    german = json.loads(consts["COUNTER_NAMES"])["German"]
    assert [g["words"] for g in german][:4] == ["Squads", "Half-squads", "Crews", "Leaders"]
    assert {"words": "Leaders", "type": "leader", "names": counter_names.NAMES["German"]["leaders"]} in german
    assert counter_names.groups("Partisan") == []          # no list: its names are typed


def _setup(name: str | None) -> dict:
    unit = {"id": "g1", "side": "German", "type": "squad", "hex": "C3"}
    if name:
        unit["name"] = name
    return {"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 8},
            "units": [unit, {"id": "r1", "side": "Russian", "type": "squad", "hex": "H5"}]}


def test_a_step_names_a_unit_by_its_counters_name_before_its_id_and_by_its_id_without_one():
    named = api.los(_setup("4-6-7"), "g1", "r1")["steps"][0]["text"]
    plain = api.los(_setup(None), "g1", "r1")["steps"][0]["text"]
    assert named.startswith("LOS from 4-6-7 g1 in C3"), named
    assert plain.startswith("LOS from g1 in C3"), plain
    # from the other end too (A6.5): the named unit is the target
    back = api.los(_setup("4-6-7"), "r1", "g1")["steps"][0]["text"]
    assert "to 4-6-7 g1 in C3" in back, back


def test_a_name_decides_no_rule_the_type_does():
    as_named = api.los(_setup("8-1"), "g1", "r1")
    plain = api.los(_setup(None), "g1", "r1")
    assert {k: v for k, v in as_named.items() if k != "steps"} == \
        {k: v for k, v in plain.items() if k != "steps"}
