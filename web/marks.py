"""Units and the LOS thread on the map, placed by element name only.

Positions are those ``web.render`` wrote as the ``data-cx``/``data-cy`` of the
hex, hexside and vertex elements it drew from ``pycore.geometry``; nothing here
computes a coordinate. ``static/ui/mapview.js`` draws the same elements with
the same classes in the browser, from these constants (``js_module``, written
into the site by build.py), so the two must change together.
"""
from __future__ import annotations

import json

from pycore import geometry
from web import present

UNIT_SIZE = 26  # counter side in pixels: a finger-sized target on a tablet
STACK_STEP = (14, -8)  # a stack fans out across its hex, each counter still tappable
ID_CHARS = 7

TYPE_ABBR = {"squad": "SQD", "halfsquad": "HS", "crew": "CRW", "leader": "LDR", "hero": "HERO",
             "vehicle": "AFV", "wreck": "WRCK", "gun": "GUN"}

# Status flags shown under the counter (docs/contract.md "units"), in this order.
STATUS_ABBR = [("broken", "BRK"), ("unarmed", "UNA"), ("pinned", "PIN"), ("entrenched", "ENT"),
               ("dug_in", "DUG"), ("concealed", "?"), ("hidden", "HID"), ("crest", "CRST"),
               ("burning", "BURN"), ("moved", "MVD")]


def js_module() -> str:
    """The drawing constants above as an ES module, for static/ui/mapview.js:
    build.py writes it into the site as ``ui/marks.js``, so the page's counters
    are drawn with these very values."""
    values = {"TYPE_ABBR": TYPE_ABBR, "STATUS_ABBR": STATUS_ABBR, "UNIT_SIZE": UNIT_SIZE,
              "STACK_STEP": STACK_STEP, "ID_CHARS": ID_CHARS}
    return "".join(["// Written by build.py from web/marks.py (js_module); not in git.\n",
                    *(f"export const {k} = {json.dumps(v)};\n" for k, v in values.items())])


def canonical(name: str) -> str:
    """A hex, hexside or vertex name in the geometry's own spelling (any order accepted)."""
    parts = name.count("-")
    if parts == 0:
        return geometry.hex_name(geometry.parse_hex(name))
    if parts == 1:
        return geometry.hexside_name(geometry.parse_hexside(name))
    return geometry.vertex_name(geometry.parse_vertex(name))


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


def unit_anchor(unit: dict, positions: dict):
    """Where the counter sits: on its Bypass hexside (A4.3), else its hex centre."""
    if unit.get("bypass"):
        return positions[canonical(unit["bypass"])]
    return positions[canonical(unit["hex"])]


def stack_position(base, depth: int, size: int):
    """Where counter ``depth`` of a stack of ``size`` sits: fanned out about the anchor."""
    shift = depth - (size - 1) / 2
    return (round(base[0] + shift * STACK_STEP[0], 2), round(base[1] + shift * STACK_STEP[1], 2))


def trace_point(who, setup: dict, positions: dict):
    """The end of an LOS thread: a unit's or Location's vertex if set (A6.12, B9.42), else its hex centre dot."""
    if isinstance(who, str):
        unit = next((u for u in setup.get("units", []) if u.get("id") == who), None)
        if unit is None:
            raise KeyError(f"no unit {who!r} in the setup")
    else:
        unit = who
    return positions[canonical(unit.get("vertex") or unit["hex"])]


def _unit_group(dwg, unit, sidx, at, selected):
    g = dwg.g(class_="unit", transform=f"translate({at[0]:.2f},{at[1]:.2f})")
    attrs = {"data-unit": unit["id"], "data-side": str(unit.get("side", "")), "data-sidx": str(sidx)}
    if unit.get("broken"):
        attrs["data-broken"] = "true"
    if selected is not None and selected == unit["id"]:
        attrs["data-selected"] = "true"
    g.attribs.update(attrs)
    title = " ".join(str(x) for x in (unit["id"], unit.get("name", ""), f"({unit.get('side', '')}",
                                      f"{unit.get('type', '')})") if x)
    g.set_desc(title=title)
    half = UNIT_SIZE / 2
    g.add(dwg.rect((-half, -half), (UNIT_SIZE, UNIT_SIZE), class_="counter"))
    g.add(dwg.text(counter_label(unit), insert=(0, -2), class_="u-type"))
    g.add(dwg.text(short_id(str(unit["id"])), insert=(0, 8), class_="u-id"))
    status = status_label(unit)
    if status:
        g.add(dwg.text(status, insert=(0, half + 8), class_="u-status"))
    return g


def unit_layer(dwg, setup: dict, positions: dict, selected=None):
    """Every unit as a counter (stacked counters step up and right), as a group
    made by ``dwg`` but not added to it."""
    layer = dwg.g(class_="units")
    sides = side_order(setup)
    units = setup.get("units", [])
    anchors = [unit_anchor(u, positions) for u in units]
    seen: dict = {}
    for unit, base in zip(units, anchors):
        depth = seen.get(base, 0)
        seen[base] = depth + 1
        at = stack_position(base, depth, anchors.count(base))
        g = _unit_group(dwg, unit, sides[unit.get("side")], at, selected)
        if unit.get("vertex"):
            v = positions[canonical(unit["vertex"])]
            g.add(dwg.line((0, 0), (v[0] - at[0], v[1] - at[1]), class_="u-link"))
            g.add(dwg.circle((v[0] - at[0], v[1] - at[1]), 2.5, class_="u-vertex"))
        layer.add(g)
    return layer


def los_layer(dwg, setup: dict, los: dict, positions: dict):
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
        g.add(dwg.circle(positions[canonical(los["blocked_at"])], 7, class_="block-mark"))
    return g
