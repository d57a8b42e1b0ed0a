"""Counters as players name them: a short list per nationality, for a unit's
``name`` (docs/contract.md "units"): squads and half-squads by firepower,
range and morale ("4-6-7"), leaders by morale and leadership modifier ("8-1"),
support weapons and common AFVs by their usual abbreviations.

Only facts: the numbers on a nationality's counters and the weapons' and
vehicles' names, nothing of any counter's art. The lists are short on
purpose (what a player picks most); any other name is typed. A name is a
name: the unit's ``type`` still decides its rules, and choosing a name from a
group sets the type that group is (a leader's name makes the unit a leader;
a support weapon's leaves it as it is).

The page takes these as constants (``js_module``, written into the site as
``ui/counters.js`` by the build), beside the nationalities its side chips offer.
"""
from __future__ import annotations

import json

# The nationalities of ASL's orders of battle, for the side chips, in this order.
NATIONS = ["German", "Russian", "American", "British", "French", "Italian", "Japanese",
           "Finnish", "Chinese", "Polish", "Hungarian", "Romanian", "Slovakian", "Croatian",
           "Bulgarian", "Belgian", "Dutch", "Greek", "Norwegian", "Yugoslav", "Partisan",
           "Free French", "Commonwealth"]

# A group's words and the unit type choosing a name from it sets (None: keep the type).
GROUPS = {"squads": ("Squads", "squad"), "half": ("Half-squads", "halfsquad"),
          "crews": ("Crews", "crew"), "leaders": ("Leaders", "leader"),
          "sw": ("Support weapons", None), "afv": ("AFVs", "vehicle")}

_LEADERS = ["10-3", "10-2", "9-2", "9-1", "8-1", "8-0", "7-0", "6+1"]
_MGS = ["LMG", "MMG", "HMG"]

NAMES: dict[str, dict[str, list[str]]] = {
    "German": {"squads": ["8-3-8", "6-5-8", "5-4-8", "4-6-8", "4-6-7", "4-4-7", "4-3-6"],
               "half": ["3-3-8", "2-4-8", "2-4-7", "2-3-8", "2-3-7", "2-3-6"],
               "crews": ["2-2-8"], "leaders": _LEADERS,
               "sw": _MGS + ["PSK", "PF", "ATR", "DC", "FT", "50mm MTR"],
               "afv": ["PzKpfw IVH", "PzKpfw IIIN", "StuG IIIG", "PzKpfw VG", "PzKpfw VIE",
                       "SPW 251/1"]},
    "Russian": {"squads": ["6-2-8", "4-5-8", "5-2-7", "4-4-7", "4-2-6"],
                "half": ["3-2-8", "2-4-8", "2-3-7", "2-2-7", "2-2-6"],
                "leaders": ["10-3", "10-2", "10-0", "9-2", "9-1", "9-0", "8-1", "8-0", "7-0", "6+1"],
                "sw": _MGS + [".50-cal HMG", "ATR", "DC", "FT", "50mm MTR"],
                "afv": ["T-34 M43", "T-34/85", "KV-1 M41", "SU-76M", "IS-2"]},
    "American": {"squads": ["7-6-8", "7-4-7", "6-6-8", "6-6-7", "6-6-6", "5-5-8", "5-4-6",
                            "5-3-6"],
                 "half": ["3-4-8", "3-4-7", "3-4-6", "3-3-7", "2-4-8", "2-3-8", "2-3-7",
                          "2-3-6"],
                 "leaders": _LEADERS,
                 "sw": _MGS + [".50-cal HMG", "BAZ", "DC", "FT", "60mm MTR"],
                 "afv": ["M4A1", "M4A3(75)W", "M4A3(76)W", "M10 GMC", "M3 HT"]},
    "British": {"squads": ["6-4-8", "4-5-8", "4-5-7", "4-4-7", "4-3-6"],
                "half": ["3-3-8", "2-4-8", "2-4-7", "2-3-7", "2-2-6"],
                "leaders": _LEADERS,
                "sw": _MGS + ["PIAT", "ATR", "DC", "FT", "2in MTR"],
                "afv": ["Sherman V", "Sherman VC", "Cromwell VII", "Churchill VII", "Carrier"]},
    "French": {"squads": ["4-5-8", "4-5-7", "4-3-7"], "half": ["2-4-8", "2-3-7", "2-2-7"],
               "leaders": _LEADERS, "sw": _MGS + ["ATR", "DC", "FT"]},
    "Italian": {"squads": ["4-4-7", "3-4-7", "3-4-6", "3-3-6"],
                "half": ["2-4-7", "1-3-7", "1-3-6", "1-2-6"],
                "leaders": _LEADERS, "sw": _MGS + ["ATR", "DC", "FT"]},
    "Japanese": {"squads": ["4-4-8", "4-4-7", "3-4-7", "3-3-6"],
                 "half": ["2-3-8", "2-3-7", "1-3-7", "1-2-6"],
                 "leaders": ["10-2", "10-1", "10-0", "9-1", "9-0", "8-0"],
                 "sw": _MGS + ["DC", "FT", "50mm MTR"]},
}


def groups(nation: str) -> list[dict]:
    """The groups offered for ``nation``: ``[{"words", "type", "names"}]``, empty
    for a nationality with no list (its names are typed)."""
    lists = NAMES.get(nation, {})
    return [{"words": GROUPS[key][0], "type": GROUPS[key][1], "names": lists[key]}
            for key in GROUPS if key in lists]


def js_module() -> str:
    """The nationalities and their counters' names, as an ES module the build
    writes into the site as ``ui/counters.js``."""
    values = {"NATIONS": NATIONS, "COUNTER_NAMES": {n: groups(n) for n in NAMES}}
    return "".join(["// Written by build.py from web/counter_names.py (js_module); not in git.\n",
                    *(f"export const {k} = {json.dumps(v)};\n" for k, v in values.items())])
