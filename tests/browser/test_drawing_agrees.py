"""The counters and the hex labels the page draws (static/ui/mapview.js) are
the ones Python draws for exports and the ruling card (web/marks.py,
web/render.py hex_info): the same place, labels and status line for every
unit of a stack, a Bypass unit, a vehicle and a named unit, and the same text
in each hex (issue 23). The constants come from web/marks.py by the build
(ui/marks.js); this holds the two drawings' few lines of logic together."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from web import render

from .test_ui_steps import load_setup

NS = {"s": "http://www.w3.org/2000/svg"}
SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
         "hexes": {"X6": {"terrain": "stone-building", "levels": 2}, "C3": {"level": 2},
                   "D4": {"terrain": "woods", "level": -1}, "E5": {"terrain": "grain"}},
         "units": [
             {"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
             {"id": "g2", "side": "German", "type": "leader", "hex": "Z9", "broken": True, "concealed": True},
             {"id": "a-very-long-id", "side": "German", "type": "hero", "hex": "Z9", "name": "Sgt. Hans Kohl"},
             {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6", "wa": True, "level": 1},
             {"id": "t1", "side": "Russian", "type": "vehicle", "hex": "Q4", "bypass": "Q4-R4",
              "vertex": "Q4-Q5-R4", "moved": True},
             {"id": "t2", "side": "Russian", "type": "vehicle", "hex": "C3", "armored": False, "wa": False},
         ]}

UNIT_READ = """() => Object.fromEntries([...document.querySelectorAll("#map g.unit")].map((g) => [
    g.dataset.unit, {at: g.getAttribute("transform"),
                     texts: [...g.querySelectorAll("text")].map((t) => [t.getAttribute("class"), t.textContent]),
                     vertex: g.querySelector(".u-vertex")?.getAttribute("cx") ?? null}]))"""
INFO_READ = """() => Object.fromEntries([...document.querySelectorAll("#map [data-hex]")]
    .map((g) => [g.dataset.hex, g.querySelector(".hex-info")?.textContent ?? ""])
    .filter(([, text]) => text))"""


def python_drawing() -> tuple[dict, dict]:
    root = ET.fromstring(render.map_svg(SETUP))
    units = {}
    for g in root.iterfind(".//s:g[@class='unit']", NS):
        dot = g.find("s:circle[@class='u-vertex']", NS)
        units[g.get("data-unit")] = {
            "at": g.get("transform"),
            "texts": [[t.get("class"), t.text or ""] for t in g.iterfind("s:text", NS)],
            "vertex": None if dot is None else dot.get("cx")}
    info = {}
    for g in root.iterfind(".//*[@data-hex]"):
        text = g.find("s:text[@class='hex-info']", NS)
        if text is not None and text.text:
            info[g.get("data-hex")] = text.text
    return units, info


def test_the_page_draws_counters_and_hex_labels_as_python_does(ready_page):
    page = ready_page
    load_setup(page, SETUP)
    page.wait_for_function("() => document.querySelectorAll('#map g.unit').length === 6")
    units, info = python_drawing()
    drawn = page.evaluate(UNIT_READ)
    for uid in units:   # the vertex dot's offset: floats written by each language
        for side in (units[uid], drawn[uid]):
            side["vertex"] = side["vertex"] and round(float(side["vertex"]), 2)
    assert len(units) == 6
    assert drawn == units
    assert page.evaluate(INFO_READ) == info
    assert info == {"X6": "2 lvl", "C3": "L2", "D4": "L-1"}
