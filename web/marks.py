"""Units, hex labels and the LOS thread on the map: the one owner of the
counters' words and places.

Positions are those ``web.render`` writes as the ``data-cx``/``data-cy`` of the
hex, hexside and vertex elements it draws from ``pycore.geometry``. Python
draws the counters itself for exports and the ruling card (``unit_layer``);
the page draws the very same ones from the bridge's ``counters`` answer
(``counters``: each counter's words and places, each hex's label), and takes
the few constants it needs to lay out the unit editor and paint buildings from
``js_module`` (``ui/marks.js``, written into the site by build.py). The page
computes no label and no place of its own.
"""
from __future__ import annotations

import json
from typing import Any

from pycore import geometry
from pycore.api import BUILDINGS, UNIT_FLAGS, UNIT_TYPES, HexInfo, distinct_sides, load_layout
from pycore.errors import SetupError
from web import mapstyle, present
from web.frame import U, Pixels, hexside_point

UNIT_SIZE = 26  # counter side in pixels: a finger-sized target on a tablet
STACK_STEP = (14, -8)  # a stack fans out across its hex, each counter still tappable
STACK_OPEN = (UNIT_SIZE + 4, 0)  # the selected unit's stack opens out, every counter tappable
ID_CHARS = 7

TYPE_ABBR = {"squad": "SQD", "halfsquad": "HS", "crew": "CRW", "leader": "LDR", "hero": "HERO",
             "vehicle": "AFV", "wreck": "WRCK", "gun": "GUN"}

# Status flags shown under the counter (docs/contract.md "units"), in this order.
STATUS_ABBR = [("broken", "BRK"), ("unarmed", "UNA"), ("pinned", "PIN"), ("entrenched", "ENT"),
               ("dug_in", "DUG"), ("concealed", "?"), ("hidden", "HID"), ("crest", "CRST"),
               ("burning", "BURN"), ("moved", "MVD")]


def js_module() -> str:
    """What the page takes from Python as constants, an ES module: build.py
    writes it into the site as ``ui/marks.js``. The counter's size
    (static/ui/mapview.js), the unit types and flags in the setup format's
    order (the unit editor), and the terrains that are buildings (a painted
    hex keeps its ``levels`` only there: static/ui/edits.js)."""
    flags = [flag for flag, _ in STATUS_ABBR]
    assert sorted(flags) == sorted(UNIT_FLAGS)      # every flag has its word
    values = {"UNIT_SIZE": UNIT_SIZE, "UNIT_TYPES": list(UNIT_TYPES), "UNIT_FLAGS": flags,
              "BUILDINGS": sorted(BUILDINGS)}
    return "".join(["// Written by build.py from web/marks.py (js_module); not in git.\n",
                    *(f"export const {k} = {json.dumps(v)};\n" for k, v in values.items())])


def canonical(name: str, names: geometry.Names) -> str:
    """A hex, hexside or vertex name as the map (``names``) spells it (any order accepted)."""
    parts = name.count("-")
    if parts == 0:
        return names.hex(names.parse_hex(name))
    if parts == 1:
        return names.hexside(names.parse_hexside(name))
    return names.vertex(names.parse_vertex(name))


class Positions(dict):
    """Where each hex, hexside and vertex is drawn, by its name on the map (``names``)."""

    def __init__(self, names: geometry.Names):
        super().__init__()
        self.names = names

    def of(self, name: str) -> Any:
        """The position of a part named in any spelling the map reads."""
        return self[canonical(name, self.names)]


def type_label(unit: dict) -> str:
    if unit.get("type") == "vehicle" and unit.get("armored") is False:
        return "VEH"
    kind = str(unit.get("type", "?"))
    return TYPE_ABBR.get(kind, kind[:4].upper())


def status_label(unit: dict) -> str:
    """Short status line: flags, WA marker (B9.32), building level, Bypass (A4.3)."""
    parts = [abbr for flag, abbr in STATUS_ABBR if unit.get(flag)]
    if unit.get("wa") is True:
        parts.append("WA")
    elif unit.get("wa") is False:
        parts.append("noWA")
    if unit.get("level"):
        parts.append(f"L{unit['level']}")
    if unit.get("bypass"):
        parts.append("BYP")
    return " ".join(parts)


def short_id(uid: str) -> str:
    return uid if len(uid) <= ID_CHARS else uid[:ID_CHARS - 1] + "\u2026"


def counter_label(unit: dict) -> str:
    """The counter's bold line: the unit's name ("4-4-7") if it has one, else its type."""
    name = str(unit.get("name") or "").strip()
    return short_id(name) if name else type_label(unit)


def side_order(setup: dict) -> dict:
    """Each side's index in order of first appearance: the counter colour key."""
    order: dict = {}
    for u in setup.get("units", []):
        order.setdefault(u.get("side"), len(order))
    return order


def unit_anchor(unit: dict, positions: Positions):
    """Where the counter sits: on its Bypass hexside (A4.3), else its hex centre."""
    if unit.get("bypass"):
        return positions.of(unit["bypass"])
    return positions.of(unit["hex"])


def stack_position(base, depth: int, size: int, step: tuple[int, int] = STACK_STEP):
    """Where counter ``depth`` of a stack of ``size`` sits: fanned out about the anchor."""
    shift = depth - (size - 1) / 2
    return (round(base[0] + shift * step[0], 2), round(base[1] + shift * step[1], 2))


def hex_info(spec: dict) -> str:
    """The short text printed in a hex: base level ("L2"), a terrain the map has
    no fill for, building levels ("2 lvl") and the building's name (B23.1: "A";
    a longer one cut to three characters and an ellipsis)."""
    parts = []
    if spec.get("level", 0):
        parts.append(f"L{spec['level']}")
    terrain = spec.get("terrain", "open")
    if terrain not in mapstyle.TERRAIN_FILLS and terrain != "open":
        parts.append(str(terrain))
    if spec.get("levels", 1) != 1:
        parts.append(f"{spec['levels']} lvl")
    name = spec.get("building")
    if isinstance(name, str):               # at most 4 characters fit beside "2 lvl"
        parts.append(name if len(name) <= 4 else name[:3] + "\u2026")
    return " ".join(parts)


def _title(unit: dict) -> str:
    return " ".join(str(x) for x in (unit["id"], unit.get("name", ""), f"({unit.get('side', '')}",
                                     f"{unit.get('type', '')})") if x)


def placements(setup: dict, positions: Positions) -> list[dict]:
    """Each unit's counter, in the setup's order: its words (``label``, the
    unit's name or type; ``short``, its id; ``status``; ``title``), its side's
    colour index ``sidx``, the ``stack`` it is in (an index), and where it sits
    ``at`` with its stack fanned out (STACK_STEP) and ``open`` with its stack
    opened out (STACK_OPEN, the page's selected unit), each with ``vertex``:
    the offset from the counter to its vertex (A6.12, B9.42), or None; and
    ``hex_label``, the name of its hex on a stack's first counter only (None on
    the others), printed above it so the hex can be found at any zoom."""
    sides = side_order(setup)
    units = setup.get("units", [])
    anchors = [unit_anchor(u, positions) for u in units]
    stacks = {a: i for i, a in reversed(list(enumerate(anchors)))}
    seen: dict = {}
    out = []
    for unit, base in zip(units, anchors):
        depth = seen.get(base, 0)
        seen[base] = depth + 1
        size = anchors.count(base)
        v = positions.of(unit["vertex"]) if unit.get("vertex") else None
        places = {}
        for key, step in (("at", STACK_STEP), ("open", STACK_OPEN)):
            at = stack_position(base, depth, size, step)
            places[key] = {"x": at[0], "y": at[1], "vertex": None if v is None else
                           [round(v[0] - at[0], 2), round(v[1] - at[1], 2)]}
        out.append({"id": unit["id"], "side": str(unit.get("side", "")),
                    "sidx": sides[unit.get("side")], "stack": stacks[base],
                    "broken": bool(unit.get("broken")), "label": counter_label(unit),
                    "short": short_id(str(unit["id"])), "status": status_label(unit),
                    "hex_label": str(unit.get("hex", "")) if depth == 0 else None,
                    "title": _title(unit), **places})
    return out


class Places(Positions):
    """Canonical name -> where ``web.render`` draws it (its data-cx/cy), for the
    names asked about, computed on demand from ``pycore.geometry``."""

    def __init__(self, pix: Pixels, names: geometry.Names):
        super().__init__(names)
        self.pix = pix

    def __missing__(self, name: str) -> tuple[float, float]:
        parts = name.count("-")
        if parts == 1:
            got = hexside_point(self.pix, self.names.parse_hexside(name))
        else:
            point = self.names.parse_hex(name) if parts == 0 else self.names.parse_vertex(name)
            got = self.pix[point][0]
        self[name] = got
        return got


def counters(setup: Any) -> dict:
    """The page's counters and hex labels (the bridge's ``counters``), for a
    setup as the page holds it (not validated again: a unit or hex whose names
    do not read is left out): ``{"units": placements, "hexes": {name: label},
    "tops": {name: the highest level a unit may be on there}, "sides": the
    units' sides, each once as the rules count sides (``distinct_sides``)}``,
    hexes named as the setup names them, only those with a label or upper levels."""
    if not isinstance(setup, dict):
        raise SetupError("setup: must be an object")
    m = setup.get("map")
    boards = m.get("boards") if isinstance(m, dict) else None
    layout = load_layout(boards) if boards is not None else None
    places = Places(Pixels(U), geometry.Names(layout) if layout is not None else geometry.PLAIN)
    given, specs = setup.get("units"), setup.get("hexes")
    units = [u for u in (given if isinstance(given, list) else []) if _placeable(u, places)]
    hexes, tops = {}, {}
    for name, spec in (specs if isinstance(specs, dict) else {}).items():
        try:
            key = name.strip()      # as the page names it: the map's names (data-hex)
            info = hex_info(spec)
            top = HexInfo(spec["terrain"], levels=int(spec.get("levels", 1))).top_level \
                if spec.get("terrain") in BUILDINGS else 0
        except (ValueError, TypeError, AttributeError):
            continue
        if info:
            hexes[key] = info
        if top > 0:
            tops[key] = top
    return {"units": placements({**setup, "units": units}, places), "hexes": hexes, "tops": tops,
            "sides": distinct_sides(str(u.get("side", "")) for u in units)}


def _placeable(unit: Any, places: Places) -> bool:
    """Whether a unit's names read, so its counter can be placed."""
    if not isinstance(unit, dict) or not isinstance(unit.get("id"), str) \
            or not isinstance(unit.get("side", ""), str):
        return False
    try:
        unit_anchor(unit, places)
        if unit.get("vertex"):
            places.of(unit["vertex"])
    except (ValueError, TypeError, AttributeError, KeyError):    # KeyError: no "hex", or a vertex off the map
        return False
    return True


def trace_point(who, setup: dict, positions: Positions):
    """The end of an LOS thread: a unit's or Location's vertex if set (A6.12, B9.42), else its hex centre dot."""
    if isinstance(who, str):
        unit = next((u for u in setup.get("units", []) if u.get("id") == who), None)
        if unit is None:
            raise KeyError(f"no unit {who!r} in the setup")
    else:
        unit = who
    return positions.of(unit.get("vertex") or unit["hex"])


def _unit_group(dwg, p: dict, selected):
    g = dwg.g(class_="unit", transform=f"translate({p['at']['x']:.2f},{p['at']['y']:.2f})")
    attrs = {"data-unit": p["id"], "data-side": p["side"], "data-sidx": str(p["sidx"])}
    if p["broken"]:
        attrs["data-broken"] = "true"
    if selected is not None and selected == p["id"]:
        attrs["data-selected"] = "true"
    g.attribs.update(attrs)
    g.set_desc(title=p["title"])
    half = UNIT_SIZE / 2
    g.add(dwg.rect((-half, -half), (UNIT_SIZE, UNIT_SIZE), class_="counter"))
    g.add(dwg.text(p["label"], insert=(0, -2), class_="u-type"))
    g.add(dwg.text(p["short"], insert=(0, 8), class_="u-id"))
    if p["status"]:
        g.add(dwg.text(p["status"], insert=(0, half + 8), class_="u-status"))
    return g


def unit_layer(dwg, setup: dict, positions: Positions, selected=None):
    """Every unit as a counter (stacked counters step up and right), as a group
    made by ``dwg`` but not added to it: ``placements``, as the page draws them."""
    layer = dwg.g(class_="units")
    placed = placements(setup, positions)
    for p in placed:
        g = _unit_group(dwg, p, selected)
        if p["at"]["vertex"] is not None:
            dx, dy = p["at"]["vertex"]
            g.add(dwg.line((0, 0), (dx, dy), class_="u-link"))
            g.add(dwg.circle((dx, dy), 2.5, class_="u-vertex"))
        layer.add(g)
    for p in placed:     # after every counter, so no counter hides a name; not part of one,
        if p["hex_label"]:      # so a counter's box is the counter's alone
            g = dwg.g(transform=f"translate({p['at']['x']:.2f},{p['at']['y']:.2f})")
            g.add(dwg.text(p["hex_label"], insert=(0, -UNIT_SIZE / 2 - 3), class_="u-hex"))
            layer.add(g)
    return layer


def los_layer(dwg, setup: dict, los: dict, positions: Positions):
    """The thread from viewer to target, coloured by status, the point of block
    ringed, as a group made by ``dwg`` but not added to it."""
    a = trace_point(los["viewer"], setup, positions)
    b = trace_point(los["target"], setup, positions)
    g = dwg.g(class_="los")
    g.attribs["data-status"] = present.status(los)
    g.add(dwg.line(a, b, class_="thread"))
    for end in (a, b):
        g.add(dwg.circle(end, 3, class_="end"))
    if los.get("blocked_at"):
        g.add(dwg.circle(positions.of(los["blocked_at"]), 7, class_="block-mark"))
    return g
