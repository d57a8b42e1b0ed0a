"""Writes tests/data/links.json, the corpus of version-1 share links.

    python -m tests.data.make_links

Each entry is a setup (``source``), the link made from it (with the
``question`` it carries, if any), and rulings
(``checks``) reasoned from the rules text, each with the rule it follows.
The links are compatibility fixtures: an entry's ``link`` string, once
written, is never rewritten (this script keeps it and only adds links for
new entries). To change a setup, add an entry with a new name.

Check ``expect`` keys: plain keys are compared for equality; ``rule`` may be
a list of equally right citations; ``blocked_at`` is compared as a place
(hex, hexside or vertex, names in any order); ``sources_include`` /
``sources_exclude`` look at the ``source`` of each ``tem_options`` entry;
for ``wall_advantage``, ``units`` holds per-unit subsets (``hexsides`` as a
set) and ``problems`` is ``"none"`` or ``"some"``; for ``visibility``,
``hexes`` holds per-hex subsets.
"""
from __future__ import annotations

import json
from pathlib import Path

from pycore import share

CORPUS = Path(__file__).with_name("links.json")
BLOCKS = ["A6.2", "A6.1"]          # a non-inherent obstacle blocks the thread


def unit(uid, side, kind, hex_, **more):
    return {"id": uid, "side": side, "type": kind, "hex": hex_, **more}


def g(uid, hex_, kind="squad", **more):
    return unit(uid, "German", kind, hex_, **more)


def r(uid, hex_, kind="squad", **more):
    return unit(uid, "Russian", kind, hex_, **more)


def setup(columns, rows, hexes=None, hexsides=None, units=(), board=None, **extra):
    m = {"columns": columns, "rows": rows}
    if board:
        m["board"] = board
    return {"format": "asl-setup", "version": 1, "map": m, "hexes": hexes or {},
            "hexsides": hexsides or {}, "units": list(units), **extra}


def los(viewer, target, why, **expect):
    return {"call": "los", "args": [viewer, target], "expect": expect, "why": why}


def fire(firer, target, why, **expect):
    return {"call": "fire", "args": [firer, target], "expect": expect, "why": why}


def wa(why, **expect):
    return {"call": "wall_advantage", "args": [], "expect": expect, "why": why}


def vis(viewer, why, **hexes):
    return {"call": "visibility", "args": [viewer], "expect": {"hexes": hexes}, "why": why}


CLEAR = {"los": True, "blocked_at": None, "rule": None}

ENTRIES = [
    {
        "name": "open-ground-and-personnel",
        "covers": "open map, every infantry type, gun, pinned",
        "source": setup(10, 8, units=[
            g("g1", "C1"), r("r1", "C5"),
            g("ldr", "C2", "leader"), g("hero", "C3", "hero"), g("hs", "C4", "halfsquad"),
            g("gun", "E1", "gun"), r("crew", "E5", "crew"), g("pin", "G1", pinned=True),
            r("r2", "G5"),
        ]),
        "checks": [
            los("g1", "r1", "A6.6: Personnel units in intervening hexes never block LOS; "
                "A6.7 range is the least number of hexes.", range=4, hindrance=0, **CLEAR),
            los("gun", "crew", "A6.1: nothing on the thread.", range=4, **CLEAR),
            los("pin", "r2", "A6.1: being pinned does not change LOS.", **CLEAR),
        ],
    },
    {
        "name": "woods-and-buildings-block",
        "covers": "woods, building, stone-building, in-hex TEM, visibility",
        "source": setup(10, 8, hexes={
            "C3": {"terrain": "woods"},
            "E2": {"terrain": "building"}, "E4": {"terrain": "stone-building", "levels": 1},
        }, units=[
            g("g1", "C1"), r("r1", "C5"),
            g("g2", "E3"), r("r2", "E4"), r("r3", "E2"), g("g3", "E1"), r("r4", "E5"),
        ]),
        "checks": [
            los("g1", "r1", "A6.2: woods are a one-level obstacle; both ends are at "
                "ground level.", los=False, location_los=False, blocked_at="C3", rule=BLOCKS),
            los("r1", "g1", "A6.5 reciprocity.", los=False, blocked_at="C3", rule=BLOCKS),
            los("g3", "r4", "A6.2: the building in E2 is the first obstacle on the "
                "thread.", los=False, blocked_at="E2", rule=BLOCKS),
            fire("g2", "r2", "B23 (Terrain Chart): stone building TEM +3.", los=True, tem=3),
            fire("g2", "r3", "B23 (Terrain Chart): wooden building TEM +2.", los=True, tem=2),
            fire("g3", "r3", "B13 (Terrain Chart) and A6.2: LOS into an obstacle hex "
                 "is clear.", los=True),
            vis("g1", "A6.2: LOS extends into an obstacle hex but not through it.",
                C2={"los": True}, C3={"los": True}, C4={"los": False}, C5={"los": False}),
        ],
    },
    {
        "name": "along-a-hexside-obstacles",
        "covers": "A6.1 along a hexside: woods, buildings, grain, brush, orchard, marsh",
        # Cn -> En runs exactly along the hexside D(n-1)-Dn.
        "source": setup(6, 11, hexes={
            "D1": {"terrain": "woods"},
            "D3": {"terrain": "woods"}, "D4": {"terrain": "woods"},
            "D5": {"terrain": "grain"}, "D6": {"terrain": "brush"},
            "D7": {"terrain": "orchard"}, "D8": {"terrain": "marsh"},
            "D9": {"terrain": "building"}, "D10": {"terrain": "stone-building"},
        }, units=[g("a2", "C2"), r("b2", "E2"), g("a4", "C4"), r("b4", "E4"),
                  g("a6", "C6"), r("b6", "E6"), g("a8", "C8"), r("b8", "E8"),
                  g("a10", "C10"), r("b10", "E10")]),
        "checks": [
            los("a2", "b2", "A6.1: woods on one side of the thread only do not block "
                "(non-inherent terrain must be on both sides).", hindrance=0, range=2, **CLEAR),
            los("a4", "b4", "A6.1: woods on both sides of the hexside block.",
                los=False, blocked_at="D3-D4", rule=BLOCKS),
            los("a6", "b6", "A6.1 EXC: inherent grain and brush hinder along their "
                "hexside; A6.7: two hexes at the same range count once.", hindrance=1,
                **CLEAR),
            los("a8", "b8", "A6.1 EXC, B14: orchard hinders along its hexside; marsh "
                "is no Hindrance.", hindrance=1, **CLEAR),
            los("a10", "b10", "A6.1: buildings on both sides of the hexside block.",
                los=False, blocked_at="D9-D10", rule=BLOCKS),
        ],
    },
    {
        "name": "along-a-hexside-inherent-one-side",
        "covers": "A6.1, B.6: grain, brush, shellholes, marsh, building on one side",
        "source": setup(6, 11, hexes={
            "D1": {"terrain": "grain"},
            "D3": {"terrain": "shellholes"}, "D4": {"terrain": "marsh"},
            "D5": {"terrain": "building"},
            "D7": {"terrain": "brush"}, "D8": {"terrain": "woods"},
        }, units=[g("a2", "C2"), r("b2", "E2"), g("a4", "C4"), r("b4", "E4"),
                  g("a6", "C6"), r("b6", "E6"), g("a8", "C8"), r("b8", "E8")]),
        "checks": [
            los("a2", "b2", "A6.1, B.6: grain is not Inherent Terrain; on one side of "
                "the thread only it does not hinder (changed 2026-11-29: was +1, grain "
                "taken as Inherent Terrain).", hindrance=0, **CLEAR),
            los("a4", "b4", "B2, B16.2, B.6: shellholes neither block nor hinder LOS; "
                "marsh hinders a same-level LOS but is not Inherent Terrain, so on one "
                "side of the thread only it does not (changed 2026-11-29: was +1).",
                hindrance=0, **CLEAR),
            los("a6", "b6", "A6.1: a building on one side of the thread only does not "
                "block.", hindrance=0, **CLEAR),
            los("a8", "b8", "A6.1, B.6: brush on one side and woods on the other: "
                "neither is on both sides of the thread, so neither blocks nor hinders "
                "(changed 2026-11-29: was +1, brush taken as Inherent Terrain).",
                hindrance=0, **CLEAR),
        ],
    },
    {
        "name": "hill-blind-hex",
        "covers": "hill levels, A6.4 Blind Hexes, A6.5",
        "source": setup(6, 8, hexes={"C1": {"level": 2}, "C3": {"terrain": "woods"}},
                        units=[g("g1", "C1"), r("r1", "C4"), r("r2", "C5")]),
        "checks": [
            los("g1", "r1", "A6.4: C4 is directly behind the level-1 woods and at its "
                "base level; A6.42 gives no reduction for a one-level advantage.",
                los=False, blocked_at="C3", rule="A6.4"),
            los("r1", "g1", "A6.5 reciprocity.", los=False, blocked_at="C3", rule="A6.4"),
            los("g1", "r2", "A6.4: only one Blind Hex; C5 is two hexes behind the woods.",
                **CLEAR),
            los("r2", "g1", "A6.5 reciprocity.", **CLEAR),
        ],
    },
    {
        "name": "building-levels",
        "covers": "building levels, upper-level units, stone building TEM",
        "source": setup(6, 8, hexes={
            "C1": {"terrain": "stone-building", "levels": 3}, "C3": {"terrain": "woods"},
        }, units=[g("g0", "C1"), g("g2", "C1", level=2), r("r1", "C4"), r("r2", "C5")]),
        "checks": [
            los("g0", "r2", "A6.2: from ground level the woods block.", los=False,
                blocked_at="C3", rule=BLOCKS),
            los("g2", "r1", "A6.4: from level 2, C4 is a Blind Hex behind the woods.",
                los=False, blocked_at="C3", rule="A6.4"),
            los("g2", "r2", "A6.4: C5 is beyond the single Blind Hex.", **CLEAR),
            fire("r2", "g2", "B23 (Terrain Chart): stone building TEM +3.", los=True, tem=3),
        ],
    },
    {
        "name": "gully-depression",
        "covers": "gully, crest, A6.3, B19.2",
        "source": setup(6, 8, hexes={"C5": {"terrain": "gully"}, "C2": {"level": 2}},
                        units=[r("r1", "C5"), r("r2", "C5", crest=True),
                               g("g1", "C4"), g("g2", "C3"), g("g3", "C2")]),
        "checks": [
            los("g1", "r1", "A6.3: a ground-level unit always sees INTO an adjacent "
                "level -1 Depression hex.", los=True),
            los("g2", "r1", "A6.3: two hexes away a unit must be at level 1 or higher "
                "to see INTO the gully.", los=False, rule="A6.3"),
            los("r1", "g2", "A6.5 reciprocity.", los=False, rule="A6.3"),
            los("g3", "r1", "A6.3: three hexes away, level 2 suffices.", los=True),
            los("g2", "r2", "B19.2, A6.3: a unit at crest level is not IN the "
                "Depression.", **CLEAR),
        ],
    },
    {
        "name": "b9-2-ex-board-6",
        "covers": "B9.2 EX: walls and hedges along hexspines, TEM of a hexspine",
        "source": setup(33, 10, board="6", hexsides={
            "Z8-Y9": "hedge", "Y8-Z8": "wall", "Y7-X7": "wall"},
            units=[g("g1", "Z9"), r("r1", "X6")]),
        "checks": [
            los("g1", "r1", "B9.2 EX: both hexspines along the thread touch the firing "
                "or target hex, and neither opposite vertex has three wall/hedge "
                "hexspines. A6.7: range 4 (Z9-Y9-Y8-X7-X6).", range=4, **CLEAR),
            fire("g1", "r1", "B9.2 EX, B9.3: the attack gets +2 for the wall.", tem=2),
        ],
    },
    {
        "name": "b9-2-ex-three-hexspines",
        "covers": "B9.2: a vertex with walls/hedges on all three hexspines",
        "source": setup(33, 10, board="6", hexsides={
            "Z8-Y9": "hedge", "Y8-Z8": "wall", "Y7-X7": "wall", "Y8-Y9": "hedge"},
            units=[g("g1", "Z9"), r("r1", "X6")]),
        "checks": [
            los("g1", "r1", "B9.2 EX: if Y8-Y9 were a hedge no LOS would exist, the "
                "Y8-Y9-Z8 vertex having wall/hedge on all three hexspines.",
                los=False, blocked_at="Y8-Y9-Z8", rule="B9.2"),
        ],
    },
    {
        "name": "b9-2-ex-without-the-hedge",
        "covers": "B9.1, B9.2: a wall ending at a vertex on the thread",
        "source": setup(33, 10, board="6", hexsides={"Y8-Z8": "wall", "Y7-X7": "wall"},
                        units=[g("g1", "Z9"), r("r1", "X6")]),
        "checks": [
            los("g1", "r1", "B9.2 EX: without the Z8-Y9 hedge the LOS is blocked at the "
                "Y8-Y9-Z8 vertex (B9.1: the wall includes its vertices).",
                los=False, blocked_at="Y8-Y9-Z8", rule=["B9.2", "B9.1"]),
        ],
    },
    {
        "name": "a6-7-ex-board-3",
        "covers": "grain Hindrance, hedge TEM, upper building level, B9.33",
        "source": setup(33, 10, board="3", hexes={
            "T1": {"terrain": "building", "levels": 2}, "U2": {"terrain": "grain"}},
            hexsides={"U2-V2": "hedge"},
            units=[g("g1", "T1"), g("g2", "T1", level=1), r("r1", "V2")]),
        "checks": [
            los("g1", "r1", "A6.7 EX: the grainfield in U2 is a +1 Hindrance.",
                hindrance=1, **CLEAR),
            fire("g1", "r1", "A6.7 EX, B9.3: +1 TEM for the hedge.", hindrance=1, tem=1),
            los("g2", "r1", "A6.7 EX: from level 1 of T1 the grain does not hinder "
                "(not a same-level LOS).", hindrance=0, **CLEAR),
            fire("g2", "r1", "A6.7 EX, B9.33: the firer's height (1) is not > the range "
                 "(2), so the hedge TEM stays +1.", hindrance=0, tem=1),
        ],
    },
    {
        "name": "walls-hedges-bocage-in-columns",
        "covers": "wall, hedge, bocage, gap, half-level obstacle, higher viewer",
        "source": setup(14, 6, hexes={"I1": {"level": 1}}, hexsides={
            "C2-C3": "wall", "E4-E5": "hedge", "G4-G5": {"type": "wall"},
            "I2-I3": "wall", "K2-K3": "bocage", "M4-M5": {"type": "wall", "gap": True},
        }, units=[g("c1", "C1"), r("c5", "C5"), g("e1", "E1"), r("e5", "E5"),
                  g("g1", "G1"), r("g5", "G5"), g("i1", "I1"), r("i5", "I5"),
                  g("k1", "K1"), r("k5", "K5"), g("m1", "M1"), r("m5", "M5")]),
        "checks": [
            los("c1", "c5", "B9.2: a wall is a Half-Level obstacle to same-level LOS "
                "when it is not a hexside of the viewing or target hex.",
                los=False, blocked_at="C2-C3", rule="B9.2"),
            fire("e1", "e5", "B9.2: the hedge is a hexside of the target hex; B9.3 "
                 "hedge TEM +1.", los=True, tem=1),
            fire("g1", "g5", "B9.3: wall TEM +2.", los=True, tem=2),
            los("i1", "i5", "A6.21: a Half-Level obstacle never blocks LOS to or from "
                "a higher level Location.", **CLEAR),
            los("k1", "k5", "B9.52, B9.521: bocage is a one-level obstacle; the viewer "
                "is not in a hex formed by it.", los=False, blocked_at="K2-K3",
                rule=["B9.52", "B9.521"]),
            fire("m1", "m5", "B9.3: through a gap (road) the wall TEM still applies to a "
                 "non-moving target.", los=True, tem=2),
        ],
    },
    {
        "name": "entrenched-behind-a-wall",
        "covers": "entrenched, B9.21, location_los",
        "source": setup(6, 8, hexes={"C1": {"terrain": "stone-building", "levels": 2}},
                        hexsides={"C4-C5": "wall"},
                        units=[r("r1", "C5", entrenched=True), g("g1", "C1"),
                               g("g2", "C4"), g("g3", "C1", level=1)]),
        "checks": [
            los("g1", "r1", "B9.21: an entrenched unit cannot be seen across a "
                "same-level wall from a non-adjacent same-level Location, but the "
                "viewer sees its Location.", los=False, location_los=True, rule="B9.21"),
            los("r1", "g1", "B9.21: LOS is reciprocal.", los=False, rule="B9.21"),
            los("g2", "r1", "B9.21: an adjacent viewer sees it.", los=True),
            los("g3", "r1", "B9.21: a half-level elevation advantage allows the LOS.",
                los=True),
        ],
    },
    {
        "name": "bocage-hexside-los",
        "covers": "bocage, wa true/false, B9.521",
        "source": setup(6, 8, hexes={"C5": {"terrain": "woods"}},
                        hexsides={"C4-C5": "bocage"},
                        units=[g("g1", "C1"), r("r1", "C5", wa=False),
                               r("r2", "C5", wa=True)]),
        "checks": [
            los("g1", "r1", "B9.521: a viewer not in a hex formed by the bocage hexside "
                "sees into that hex but not units without WA.", los=False,
                location_los=True, rule="B9.521"),
            los("g1", "r2", "B9.521: it sees a unit that claims WA over the bocage.",
                los=True, location_los=True),
        ],
    },
    {
        "name": "vehicle-and-wreck-hindrances",
        "covers": "vehicle, wreck, burning, armored false, dug_in, entrenched wreck, "
                  "moved, D9.4",
        "source": setup(18, 6, hexes={"O3": {"terrain": "brush"}, "Q4": {"terrain": "grain"}},
                        units=[
            g("c1", "C1"), r("c5", "C5"), r("w1", "C3", "wreck"),
            g("e1", "E1"), r("e5", "E5"), r("w2", "E3", "wreck", burning=True),
            g("g1", "G1"), r("g5", "G5"), r("t1", "G3", "vehicle"),
            g("i1", "I1"), r("i5", "I5"), r("t2", "I3", "vehicle", armored=False),
            g("k1", "K1"), r("k5", "K5"), r("t3", "K3", "vehicle", dug_in=True),
            g("m1", "M1"), r("m5", "M5"), r("w3", "M3", "wreck", entrenched=True),
            g("o1", "O1"), r("o5", "O5"), r("w4", "O3", "wreck"),
            g("q1", "Q1"), r("q5", "Q5"), r("w5", "Q3", "wreck", moved=True),
        ]),
        "checks": [
            los("c1", "c5", "D9.4: a wreck hinders a same-level LOS through its hex.",
                hindrance=1, **CLEAR),
            los("e1", "e5", "D9.4, B25.2: a burning wreck is no Hindrance.",
                hindrance=0, **CLEAR),
            los("g1", "g5", "D9.4: an AFV hinders.", hindrance=1, **CLEAR),
            los("i1", "i5", "D9.4: only wrecks and AFV hinder; an unarmored vehicle "
                "does not.", hindrance=0, **CLEAR),
            los("k1", "k5", "D9.4, D9.54: a Dug-In AFV creates no Hindrance.",
                hindrance=0, **CLEAR),
            los("m1", "m5", "D9.4: an entrenched wreck is no Hindrance.", hindrance=0,
                **CLEAR),
            los("o1", "o5", "A6.7 EX: a wreck adds its Hindrance to the brush in the "
                "same hex.", hindrance=2, **CLEAR),
        ],
    },
    {
        "name": "vehicle-and-wreck-tem",
        "covers": "D9.3 AFV/wreck TEM",
        "source": setup(12, 6, units=[
            g("c1", "C1"), r("c5", "C5"), r("t1", "C5", "vehicle"),
            g("e1", "E1"), r("e5", "E5"), g("w1", "E5", "wreck"),
            g("g1", "G1"), r("g5", "G5"), g("w2", "G5", "wreck", burning=True),
            g("i1", "I1"), r("i5", "I5"), r("t2", "I5", "vehicle", dug_in=True),
            g("k1", "K1"), r("k5", "K5"), r("t3", "K5", "vehicle", armored=False),
        ]),
        "checks": [
            fire("c1", "c5", "D9.3: Infantry with a friendly AFV get +1 TEM.", tem=1,
                 sources_include=["afv"]),
            fire("e1", "e5", "D9.3: Infantry with a wreck get +1 TEM.", tem=1),
            fire("g1", "g5", "D9.3: a burning wreck gives no TEM.", tem=0),
            fire("i1", "i5", "D9.3: a Dug-In AFV gives no TEM.", tem=0),
            fire("k1", "k5", "D9.3: an unarmored vehicle exerts no TEM.", tem=0),
        ],
    },
    {
        "name": "wall-advantage-who-may-claim",
        "covers": "B9.32, B9.323, B9.324: broken, unarmed, hidden, concealed, "
                  "entrenched, upper level, in-hex TEM, vehicle",
        "source": setup(20, 5, hexes={
            "O2": {"terrain": "woods"}, "Q2": {"terrain": "stone-building", "levels": 2}},
            hexsides={f"{c}2-{c}3": "wall" for c in "CEGIKMOQS"},
            units=[g("ok", "C2"), g("broken", "E2", broken=True),
                   g("unarmed", "G2", unarmed=True), g("hidden", "I2", hidden=True),
                   g("concealed", "K2", concealed=True),
                   g("entrenched", "M2", entrenched=True), g("woods", "O2"),
                   g("upstairs", "Q2", level=1), g("afv", "S2", "vehicle")]),
        "checks": [
            wa("B9.32, B9.323: an armed, unbroken ground-level unit in Open Ground "
               "must claim WA over its wall.", units={"ok": {
                   "has": True, "eligible": True, "mandatory": True,
                   "hexsides": ["C2-C3"]}}),
            wa("B9.32: a broken unit may not claim WA.",
               units={"broken": {"has": False, "eligible": False}}),
            wa("B9.32: an unarmed unit may not claim WA.",
               units={"unarmed": {"has": False, "eligible": False}}),
            wa("B9.324: a hidden unit can never claim WA.",
               units={"hidden": {"has": False, "eligible": False}}),
            wa("B9.324: a concealed unit may claim WA.",
               units={"concealed": {"eligible": True}}),
            wa("B9.32: not beneath an entrenchment counter.",
               units={"entrenched": {"has": False, "eligible": False}}),
            wa("B9.32, B9.323: with woods TEM +1 in its hex the unit may, but need not, "
               "claim WA.", units={"woods": {"eligible": True, "mandatory": False}}),
            wa("B9.32: only a ground-level unit may claim WA.",
               units={"upstairs": {"has": False, "eligible": False}}),
            wa("B9.32: a vehicle in Open Ground (no in-hex TEM) may claim WA.",
               units={"afv": {"eligible": True}}),
            wa("B9.321: no two enemies share a wall here, so no contradiction.",
               problems="none"),
        ],
    },
    {
        "name": "wall-advantage-denial-and-conflict",
        "covers": "B9.321, B9.323: enemies sharing a hexside; wa marked on both",
        "source": setup(8, 5, hexes={"C2": {"terrain": "woods"}},
                        hexsides={"C2-C3": "hedge", "E2-E3": "wall"},
                        units=[g("g1", "C2"), r("r1", "C3"),
                               g("g2", "E2", wa=True), r("r2", "E3", wa=True)]),
        "checks": [
            wa("B9.323: the Russian in Open Ground must claim WA; B9.321: that denies "
               "it to the German across the shared hedge.", units={
                   "r1": {"has": True, "mandatory": True},
                   "g1": {"has": False, "eligible": False, "mandatory": False}}),
            wa("B9.321: two enemies cannot both have WA over a shared wall.",
               problems="some"),
        ],
    },
    {
        "name": "hillside-and-lower-level-walls",
        "covers": "hillside false/true, base levels, B9.35, B9.62",
        "source": setup(8, 5, hexes={"C3": {"level": 1}, "E3": {"level": 1}},
                        hexsides={"C2-C3": "wall",
                                  "E2-E3": {"type": "wall", "hillside": True}},
                        units=[g("low1", "C2"), g("high1", "C3"),
                               g("low2", "E2"), g("high2", "E3")]),
        "checks": [
            wa("B9.35: a wall between base levels that is not a Hillside wall lies on "
               "the lower level; the unit below may claim WA over it.",
               units={"low1": {"eligible": True, "hexsides": ["C2-C3"]}}),
            wa("B9.35: a unit above the wall's level may not claim WA over it.",
               units={"high1": {"has": False, "eligible": False}}),
            wa("B9.62: a Hillside wall lies on the higher level; the unit below never "
               "benefits from it.", units={"low2": {"has": False, "eligible": False}}),
            wa("B9.62: the unit at the wall's level may claim WA over it.",
               units={"high2": {"eligible": True, "hexsides": ["E2-E3"]}}),
        ],
    },
    {
        "name": "bypass-wall-advantage",
        "covers": "bypass, B9.32 Bypass WA hexsides",
        "source": setup(6, 6, hexes={"C3": {"terrain": "woods"}},
                        hexsides={"C2-C3": "wall", "C3-D3": "wall"},
                        units=[g("g1", "C3", bypass="C3-C4")]),
        "checks": [
            wa("B9.32: a unit in Bypass may claim WA only over the hexside it straddles "
               "and the two hexsides of its hex that join it: C3-D3, not C2-C3.",
               units={"g1": {"eligible": True, "hexsides": ["C3-D3"]}}),
        ],
    },
    {
        "name": "b9-42-ex-vertex-in-q4",
        "covers": "bypass, vertex, B9.42 vertex LOS",
        "source": setup(33, 10, board="41", hexes={"Q4": {"terrain": "woods"}},
                        hexsides={"Q4-Q5": "hedge"},
                        units=[g("g1", "Q4", bypass="Q4-R4", vertex="Q4-Q5-R4"),
                               r("p4", "P4"), r("o5", "O5"), r("r4", "R4")]),
        "checks": [
            fire("p4", "g1", "B9.42 EX: from P4 the LOS runs along the Q4-Q5 hedge.",
                 los=True, sources_include=["hedge"]),
            fire("o5", "g1", "B9.42 EX: from O5 the LOS enters the vertex via Q5, the "
                 "hex opposite the hedge.", los=True, sources_include=["hedge"]),
            fire("r4", "g1", "B9.42 EX: the hedge does not affect fire from R4.",
                 los=True, sources_exclude=["hedge"]),
        ],
    },
    {
        "name": "b9-42-ex-vertex-in-q5",
        "covers": "bypass, vertex, B9.42 vertex LOS from the other side",
        "source": setup(33, 10, board="41", hexes={"Q5": {"terrain": "woods"}},
                        hexsides={"Q4-Q5": "hedge"},
                        units=[g("g1", "Q5", bypass="Q4-Q5", vertex="P4-Q4-Q5"),
                               r("r4", "R4"), r("p3", "P3"), r("o4", "O4")]),
        "checks": [
            fire("r4", "g1", "B9.42 EX: to the Q5-P4-Q4 vertex hedge TEM applies from "
                 "R4 (along the hedge).", los=True, sources_include=["hedge"]),
            fire("p3", "g1", "B9.42 EX: ...and from P3 (via Q4's hexside).", los=True,
                 sources_include=["hedge"]),
            fire("o4", "g1", "B9.42 EX: ...but not from O4, whose LOS does not go "
                 "through Q4.", los=True, sources_exclude=["hedge"]),
        ],
    },
    {
        "name": "contract-example-with-extra-fields",
        "covers": "unknown extra fields at every level, free text, board prefix",
        "source": {
            "format": "asl-setup", "version": 1,
            "map": {"columns": 33, "rows": 10, "board": "6", "theatre": "ETO"},
            "hexes": {"Y8": {"terrain": "woods", "label": "Bois <b>"}, "J4": {"level": 3},
                      "T1": {"terrain": "building", "levels": 2},
                      "EE8": {"terrain": "gully"}},
            "hexsides": {"Z8-Y9": "hedge", "Y7-X7": "wall",
                         "B4-B5": {"type": "hedge", "hillside": True, "note": "25B4"}},
            "units": [
                {"id": "g1", "side": "German", "type": "squad", "hex": "6Z9",
                 "name": "<script>alert('4-4-7')</script>", "morale": 7},
                {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6", "wa": True,
                 "name": "javascript:alert(1)"},
            ],
            "notes": "Kampfgruppe «Peiper» — turn 3",
            "future": {"weather": "mist", "ssr": [1, 2]},
        },
        "checks": [
            los("g1", "r1", "A6.2: the thread from Z9 to X6 passes through the woods "
                "in Y8.", los=False, blocked_at="Y8", rule=BLOCKS),
        ],
    },
    # Links that carry a question (docs/contract.md, "A question in a link"): the
    # ruling to show on opening. Older version-1 readers keep the extra field
    # with a warning and open the setup as before.
    {
        "name": "question-b9-2-ex-fire-with-view",
        "covers": "question: fire between two units, with a view (zoom, centre)",
        "source": setup(33, 10, board="6", hexsides={
            "Z8-Y9": "hedge", "Y8-Z8": "wall", "Y7-X7": "wall"},
            units=[g("g1", "Z9"), r("r1", "X6")]),
        "question": {"tool": "fire", "viewer": "g1", "target": "r1",
                     "view": {"zoom": 1.6, "centre": "Y8"}},
        "checks": [
            fire("g1", "r1", "B9.2 EX: clear along the two hexspines; B9.3 wall TEM +2.",
                 range=4, tem=2, **CLEAR),
        ],
    },
    {
        "name": "question-a6-7-ex-location-at-a-level",
        "covers": "question: los from a unit to a hex Location at a building level",
        "source": setup(33, 10, board="3", hexes={
            "T1": {"terrain": "building", "levels": 2}, "U2": {"terrain": "grain"}},
            hexsides={"U2-V2": "hedge"}, units=[r("r1", "V2")]),
        "question": {"tool": "los", "viewer": "r1", "target": {"hex": "T1", "level": 1}},
        "checks": [
            los("r1", {"hex": "T1", "level": 1}, "A6.7 EX: level 1 of T1 is above the "
                "grain, so the grain does not hinder.", hindrance=0, **CLEAR),
        ],
    },
    {
        "name": "question-a6-7-ex-same-range-hindrances",
        "covers": "question: los between two hexes; A6.7 same-range Hindrances",
        "source": setup(33, 10, board="4", hexes={
            h: {"terrain": "grain"} for h in ("V5", "V6", "W6", "V7", "W7", "W8", "W9")}),
        "question": {"tool": "los", "viewer": {"hex": "V3", "level": 0},
                     "target": {"hex": "W10", "level": 0}},
        "checks": [
            los("V3", "W10", "A6.7 EX: seven grain hexes in an area of five ranges: +5.",
                range=7, hindrance=5, **CLEAR),
        ],
    },
    {
        "name": "question-b9-42-ex-target-vertex",
        "covers": "question: a hex Location traced to a vertex (B9.42)",
        "source": setup(33, 10, board="41", hexes={"Q4": {"terrain": "woods"}},
                        hexsides={"Q4-Q5": "hedge"}, units=[r("p4", "P4")]),
        "question": {"tool": "los", "viewer": "p4",
                     "target": {"hex": "Q4", "level": 0, "vertex": "Q4-Q5-R4"}},
        "checks": [
            los("p4", {"hex": "Q4", "vertex": "Q4-Q5-R4"}, "B9.42 EX: from P4 the LOS "
                "to the vertex runs along the Q4-Q5 hedge, which touches the target.",
                los=True),
        ],
    },
    {
        "name": "light-bocage-play-aid",
        "covers": "hexside type light-bocage (bocage play aid): ½-level obstacle, LOS "
                  "along its hexspine, +2/+1 TEM, B9.521 followed where the aid is silent",
        "source": setup(33, 10, hexes={"G4": {"level": 2}, "E3": {"terrain": "brush"}},
                        hexsides={"D2-E3": "light-bocage", "P1-P2": "light-bocage",
                                  "R1-R2": "light-bocage"},
                        units=[g("t", "O2"), r("f", "W2"), r("e3", "E3", wa=False),
                               g("g4", "G4")]),
        "checks": [
            los("F3", "C2", "Play aid: a ½-level obstacle between two other hexes blocks "
                "same-level LOS (B9.2).", los=False, blocked_at="D2-E3", rule="B9.2"),
            los("g4", "C2", "Play aid: no Blind Hex from a higher Location; level 2 sees "
                "over it (A6.21).", los=True),
            fire("f", "t", "Play aid: LOS along the P1-P2 hexspine touching O2, but the "
                 "R1-R2 hexspine touches neither end: a ½-level obstacle (B9.2).",
                 los=False, blocked_at="R1-R2"),
            los("C2", "e3", "B9.521, followed for light bocage: a unit holding WA over "
                "it is seen from outside (changed 2026-11-29: e3 in brush must claim WA, "
                "B12.3, B9.323; was: unseen, without WA).", los=True, location_los=True),
            wa("B9.323, B12.3: e3 in brush has no in-hex TEM, so it must claim WA even "
               "marked without it (changed 2026-11-29: was taken as +1 TEM, free to "
               "choose).", units={"e3": {"has": True, "eligible": True}}),
        ],
    },

    # Map layouts of geomorphic boards (issue 11): names carry their board.
    {
        "name": "boards-12-and-6-flipped-b9-2-ex",
        "covers": "map.boards: two boards, board 6 flipped; B9.2 EX on board 6; a seam "
                  "hex given by its second name (6GG6 is 12GG5); a LOS across the seam",
        "source": {"format": "asl-setup", "version": 1,
                   "map": {"boards": [["12", {"board": "6", "flip": True}]]},
                   "hexes": {"6GG6": {"terrain": "woods"}},
                   "hexsides": {"6Z8-6Y9": "hedge", "6Y8-6Z8": "wall", "6Y7-6X7": "wall"},
                   "units": [g("g1", "6Z9"), r("r1", "6X6"), g("g2", "12EE5"),
                             r("r2", "6EE5")]},
        "question": {"tool": "fire", "viewer": "g1", "target": "r1",
                     "view": {"zoom": 1.6, "centre": "6Y8"}},
        "checks": [
            los("g1", "r1", "B9.2 EX on a flipped board 6: both hexspines along the thread "
                "touch the firing or target hex. A6.7: range 4.", range=4, **CLEAR),
            fire("g1", "r1", "B9.2 EX, B9.3: +2 for the wall.", tem=2),
            los("g2", "r2", "A6.2: the woods in the seam hex 12GG5 (6GG6) block. A6.7: the "
                "shared column counts once: 12EE5 to 6EE5 is 12FF, 12GG (6GG), 6FF, 6EE.",
                los=False, blocked_at="12GG5", range=4, rule=BLOCKS),
        ],
    },
    {
        "name": "boards-2x2-stacked-seam",
        "covers": "map.boards: 2 x 2 boards with letter labels; a stacked seam (row 10 on "
                  "row 0); a hill on the lower board",
        "source": {"format": "asl-setup", "version": 1,
                   "map": {"boards": [["12", "6"], ["y", "z"]]},
                   "hexes": {"yC2": {"level": 1}, "12C8": {"terrain": "building", "levels": 2}},
                   "hexsides": {},
                   "units": [g("up", "12C8", level=1), r("down", "yC4"),
                             r("seam", "yB0")]},
        "checks": [
            los("up", "down", "A6.2: the level-1 hill in yC2, across the stacked seam, is "
                "as high as the viewer on level 1 of 12C8, so it blocks the ground-level "
                "yC4 behind it. A6.7: range 6 (rows 8-10 of board 12, 1-4 of board y).",
                los=False, blocked_at="yC2", range=6, rule=BLOCKS),
            vis("up", "A6.1: the seam half-hexes 12B10 and yB0 are one hex.",
                **{"12B10": {"los": True}}),
        ],
    },
]


# Links made by the releases before issue 14, which allowed control characters in a
# setup's text and any map up to 132 x 80 (issue 24). Each was made as that code made
# it: ``share._pack`` of the setup as ``load_setup(...).to_dict()`` gave it then. Today
# such a link opens with a warning; ``opens_as`` is the setup it opens to (control
# characters replaced by pycore.share.oldlinks), ``warns`` what the warnings name.
OLD_LINKS = [
    {
        "name": "before-issue-14-map-132x40",
        "covers": "a 132 x 40 map (16 boards' worth), legal before issue 14's hex cap",
        "source": setup(132, 40, hexes={"EE20": {"terrain": "woods"}},
                        units=[g("g1", "EE1"), r("r1", "EE40"), r("far", "BBBBBB40")]),
        "warns": ["map: 132 x 40"],
        "checks": [
            los("g1", "r1", "A6.2: the woods in EE20 block a thread down column EE. "
                "A6.7: range 39.", los=False, blocked_at="EE20", range=39, rule=BLOCKS),
            los("g1", "far", "A6.1: nothing on the thread. A6.7: range is the least number "
                "of hexes, 101 columns across (39 rows down fit within them).", range=101,
                **CLEAR),
        ],
    },
    {
        "name": "before-issue-14-map-66x80",
        "covers": "a 66 x 80 map, legal before issue 14's hex cap",
        "source": setup(66, 80, hexes={"MMM79": {"terrain": "building"}},
                        units=[g("g1", "MMM1"), r("r1", "MMM80")]),
        "warns": ["map: 66 x 80"],
        "checks": [
            los("g1", "r1", "A6.2: the building in MMM79 blocks the thread down its column.",
                los=False, blocked_at="MMM79", rule=BLOCKS),
        ],
    },
    {
        "name": "before-issue-14-tab-in-a-unit-name",
        "covers": "a unit name with a TAB pasted into it",
        "source": setup(10, 8, units=[g("g1", "C1", name="Kampfgruppe\tNord"),
                                      r("r1", "C5")]),
        "opens_as": setup(10, 8, units=[g("g1", "C1", name="Kampfgruppe\u2409Nord"),
                                        r("r1", "C5")]),
        "warns": ["units[0].name"],
        "checks": [
            los("g1", "r1", "A6.1: open ground; a unit's name changes no ruling.", range=4,
                **CLEAR),
        ],
    },
    {
        "name": "before-issue-14-newline-in-an-id",
        "covers": "a unit id ending in a pasted newline, beside one without",
        "source": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                        units=[g("g1\n", "C1"), g("g1", "E1"), r("r1", "C5")]),
        "opens_as": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                          units=[g("g1\u240a", "C1"), g("g1", "E1"), r("r1", "C5")]),
        "warns": ["units[0].id"],
        "checks": [
            los("g1\u240a", "r1", "A6.2: the woods in C3 block; the repaired id still "
                "names the unit in C1.", los=False, blocked_at="C3", rule=BLOCKS),
            los("g1", "r1", "A6.1: from E1 the thread misses the woods (the two ids stay "
                "two units).", **CLEAR),
        ],
    },
    {
        "name": "before-issue-14-newline-in-an-unknown-field",
        "covers": "an unknown (newer version's) field whose value and name hold newlines",
        "source": setup(10, 8, units=[g("g1", "C1"), r("r1", "C5")],
                        notes={"by": "line one\nline two", "tab\there": 1}),
        "opens_as": setup(10, 8, units=[g("g1", "C1"), r("r1", "C5")],
                          notes={"by": "line one\u240aline two", "tab\u2409here": 1}),
        "warns": ["setup.notes.by", "the name of setup.notes.tab\u2409here"],
        "checks": [
            los("g1", "r1", "A6.1: open ground; an unknown field changes no ruling.",
                range=4, **CLEAR),
        ],
    },
]

ENTRIES += OLD_LINKS

# Scenario special rules (issue 29, docs/ssr.md): the hedge said once to be bocage.
ENTRIES += [
    {
        "name": "issue-29-hedges-to-bocage-ssr",
        "covers": "the ssr field: all hedges are bocage (B9.51), and no walls on board 44 only",
        "source": setup(6, 8, hexes={"C5": {"terrain": "woods"}},
                        hexsides={"C4-C5": "hedge", "C2-C3": "wall"},
                        units=[g("g1", "C1"), r("r1", "C5", wa=False), r("r2", "C5", wa=True)],
                        board="44", ssr=["hedges-to-bocage", {"name": "no-walls", "board": "44"}]),
        "checks": [
            los("g1", "r1", "B9.521: the hedge is bocage by SSR; a viewer not in a hex formed "
                "by it sees into that hex but not units without WA.", los=False,
                location_los=True, rule="B9.521"),
            los("g1", "r2", "B9.521: it sees a unit that claims WA over the bocage; the C2-C3 "
                "wall is gone by SSR.", los=True, location_los=True),
        ],
    },
]


# Links made by the releases before issue 24 (item 5), whose sides and ids could hold
# characters that show nothing (zero-width), turn text around (bidi controls) or are
# another form of the same letter (fullwidth): made by that code's ``share.encode``.
# Today a side or id is read without invisible characters and compared after NFKC
# (pycore.setup.lookalike); two ids that then read the same are told apart by a visible
# " (2)", so the link still opens (docs/contract.md), and its question follows the unit.
def _side(uid, side, hex_, **more):
    return unit(uid, side, "squad", hex_, **more)


LOOKALIKE_LINKS = [
    {
        "name": "before-issue-24-zero-width-space-in-a-side",
        "covers": "a side with a zero-width space inside it (Germ\u200ban), across a wall "
                  "from a German unit with WA",
        "source": setup(10, 8, hexsides={"E3-F3": "wall"},
                        units=[g("g1", "E3", wa=True), _side("g2", "Germ\u200ban", "F3"),
                               r("r1", "F5")]),
        "opens_as": setup(10, 8, hexsides={"E3-F3": "wall"},
                          units=[g("g1", "E3", wa=True), g("g2", "F3"), r("r1", "F5")]),
        "warns": ["units[1].side"],
        "checks": [
            wa("B9.32: g2 is German, g1's friend, so g1's WA over E3-F3 does not deny it "
               "(B9.321 denies WA only to an enemy); it must claim it (B9.323).",
               units={"g2": {"has": True, "eligible": True}}),
        ],
    },
    {
        "name": "before-issue-24-zero-width-twin-ids",
        "covers": "two unit ids that look the same, g1 and g1\u200b, and a question "
                  "asked from the second",
        "source": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                        units=[g("g1", "E1"), g("g1\u200b", "C1"), r("r1", "C5")]),
        "question": {"tool": "los", "viewer": "g1\u200b", "target": "r1"},
        "question_opens_as": {"tool": "los", "viewer": "g1 (2)", "target": "r1"},
        "opens_as": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                          units=[g("g1", "E1"), g("g1 (2)", "C1"), r("r1", "C5")]),
        "warns": ["units[1].id"],
        "checks": [
            los("g1 (2)", "r1", "A6.2: the woods in C3 block; the renamed id still names "
                "the unit in C1.", los=False, blocked_at="C3", rule=BLOCKS),
            los("g1", "r1", "A6.1: from E1 the thread misses the woods (the two ids stay "
                "two units).", **CLEAR),
        ],
    },
    {
        "name": "before-issue-24-rtl-override-in-an-id",
        "covers": "a unit id 1g behind a right-to-left override, which showed it as g1",
        "source": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                        units=[g("\u202e1g", "C1"), r("r1", "C5")]),
        "opens_as": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                          units=[g("1g", "C1"), r("r1", "C5")]),
        "warns": ["units[0].id"],
        "checks": [
            los("1g", "r1", "A6.2: the woods in C3 block.", los=False, blocked_at="C3",
                rule=BLOCKS),
        ],
    },
    {
        "name": "before-issue-24-fullwidth-twin-id",
        "covers": "ids g1 and \uff471 (a fullwidth g: the same letter after NFKC)",
        "source": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                        units=[g("\uff471", "C1"), g("g1", "E1"), r("r1", "C5")]),
        "opens_as": setup(10, 8, hexes={"C3": {"terrain": "woods"}},
                          units=[g("\uff471 (2)", "C1"), g("g1", "E1"), r("r1", "C5")]),
        "warns": ["units[0].id"],
        "checks": [
            los("\uff471 (2)", "r1", "A6.2: the woods in C3 block.", los=False,
                blocked_at="C3", rule=BLOCKS),
            los("g1", "r1", "A6.1: from E1 the thread misses the woods.", **CLEAR),
        ],
    },
    {
        "name": "before-issue-24-cyrillic-look-alike-side",
        "covers": "a side G\u0435rman (Cyrillic \u0435) beside German: two sides that look "
                  "the same",
        "source": setup(10, 8, hexsides={"E3-F3": "wall"},
                        units=[g("g1", "E3", wa=True), _side("g2", "G\u0435rman", "F3"),
                               r("r1", "F5")]),
        "warns": ["G\u0435rman looks like German but is a different side"],
        "checks": [
            wa("B9.321: G\u0435rman is another side than German (a Cyrillic letter), so "
               "g1's WA over E3-F3 denies it to g2.",
               units={"g2": {"has": False, "eligible": False}}),
        ],
    },
]
ENTRIES += LOOKALIKE_LINKS


def _old_link(entry: dict) -> str:
    """The link the code before issue 14 made: its encode was ``_pack`` of the
    loaded setup, with no check on control characters or the map's size."""
    return share._pack(entry["source"])


def main() -> None:
    old = {}
    if CORPUS.exists():
        old = {e["name"]: e["link"] for e in json.loads(CORPUS.read_text())["links"]}
    entries = []
    for entry in ENTRIES:
        link = old.get(entry["name"]) or (
            _old_link(entry) if entry in OLD_LINKS
            else share.encode(entry["source"], entry.get("question")))
        extra = {key: entry[key] for key in ("question", "opens_as", "question_opens_as", "warns") if key in entry}
        entries.append({"name": entry["name"], "covers": entry["covers"], "link": link,
                        "source": entry["source"], **extra, "checks": entry["checks"]})
    doc = {"about": "Version-1 share links that must open forever, with their "
                    "rulings. Made by tests/data/make_links.py; a link string is "
                    "never rewritten.", "links": entries}
    CORPUS.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(entries)} links ({len(entries) - len(old)} new) in {CORPUS}")


if __name__ == "__main__":
    main()
