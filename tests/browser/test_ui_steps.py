"""What a player does on the page, as small steps the UI tests share.

(Named test_ui_* so it sits with the UI's tests; its own tests check the
steps themselves: a click on a hex really lands on that hex.)
"""
from __future__ import annotations

import json

from pycore import geometry

# B9.2 EX (rules/B9-walls-hedges-bocage.txt): the 4-4-7 in 6Z9 and the 8-3-8 in
# X6; the LOS runs along the hedge Z8-Y9 and the wall X7-Y7 hexspines; the wall
# Y8-Z8 makes the third hexspine of vertex Y8-Y9-Z8 if Y8-Y9 were a hedge.
B92_HEXSIDES = {"Z8-Y9": "hedge", "Y8-Z8": "wall", "X7-Y7": "wall"}


def hexside_name(name: str) -> str:
    """The contract name as the map spells it (either order accepted)."""
    return geometry.PLAIN.hexside(geometry.PLAIN.parse_hexside(name))


def vertex_name(name: str) -> str:
    return geometry.PLAIN.vertex(geometry.PLAIN.parse_vertex(name))


def tool(page, name: str) -> None:
    page.click(f"button[data-tool={name}]")


def centre_of(page, selector: str) -> tuple[float, float]:
    """The middle of what shows of an element: half hexes are cut by the map's edge."""
    box = page.locator(selector).first.bounding_box()
    if selector.startswith("#map"):
        edge = page.locator("#map .map-edge").bounding_box()
        left, top = max(box["x"], edge["x"]), max(box["y"], edge["y"])
        right = min(box["x"] + box["width"], edge["x"] + edge["width"])
        bottom = min(box["y"] + box["height"], edge["y"] + edge["height"])
        return (left + right) / 2, (top + bottom) / 2
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def in_view(page, selector: str) -> bool:
    x, y = centre_of(page, selector)
    box = page.locator("#map").bounding_box()
    return box["x"] < x < box["x"] + box["width"] and box["y"] < y < box["y"] + box["height"]


def settled(page) -> None:
    """The counters Python answers for the last change are drawn (static/ui/mapview.js)."""
    page.wait_for_selector("#map-content:not([data-counters])", state="attached")


def press(page, selector: str, touch: bool = False) -> None:
    """Click with the mouse, or tap with a finger (Pointer Events either way)."""
    if selector.startswith("#map"):
        settled(page)                 # a counter is where Python's last answer put it
    if selector.startswith("#map") and not in_view(page, selector):
        page.click("#zoom-fit")  # the whole map, as a player would to find a far hex
    if touch:
        if not selector.startswith("#map"):
            page.locator(selector).first.scroll_into_view_if_needed()
        page.touchscreen.tap(*centre_of(page, selector))
    elif selector.startswith("#map"):
        page.mouse.click(*centre_of(page, selector))
    else:
        page.click(selector)


def hex_sel(name: str) -> str:
    return f"#map [data-hex='{name}']"


def hexside_sel(name: str) -> str:
    return f"#map [data-hexside='{hexside_name(name)}']"


def unit_sel(uid: str) -> str:
    return f"#map [data-unit={json.dumps(uid)}]"


def paint_hex(page, name: str, terrain: str = "keep", level: str = "keep", touch: bool = False) -> None:
    tool(page, "terrain")
    press(page, f"#terrain-palette [data-terrain='{terrain}']", touch)
    page.select_option("#brush-level", level)
    press(page, hex_sel(name), touch)


def toggle_hexside(page, name: str, kind: str, hillside: bool = False, gap: bool = False,
                   touch: bool = False) -> None:
    tool(page, "hexside")
    press(page, f"#hexside-palette [data-hexside-type='{kind}']", touch)
    page.set_checked("#flag-hillside", hillside)
    page.set_checked("#flag-gap", gap)
    press(page, hexside_sel(name), touch)


def add_unit(page, hex_name: str, side: str, kind: str = "squad", touch: bool = False) -> str:
    """Place a unit; returns the id the page gave it."""
    tool(page, "unit")
    page.fill("#new-side", side)
    page.select_option("#new-type", kind)
    before = {u["id"] for u in setup_of(page)["units"]}
    press(page, hex_sel(hex_name), touch)
    (uid,) = {u["id"] for u in setup_of(page)["units"]} - before
    return uid


def setup_of(page) -> dict:
    return page.evaluate("window.asl.getSetup()")


def load_setup(page, setup: dict) -> None:
    page.evaluate("s => window.asl.loadSetup(s)", setup)


def los_check(page, viewer: str, target: str, touch: bool = False) -> dict:
    """Tap the viewer then the target unit; returns the LOS panel's fields once answered."""
    tool(page, "los")
    press(page, unit_sel(viewer), touch)
    press(page, unit_sel(target), touch)
    return read_los_panel(page)


def read_los_panel(page) -> dict:
    page.wait_for_selector("#los-result:not([hidden])")
    return page.evaluate("""() => {
        const box = document.getElementById("los-result");
        const out = {};
        for (const el of box.querySelectorAll("[data-k]")) out[el.dataset.k] = el.textContent;
        out.los = box.querySelector("[data-k=verdict]").dataset.los === "true";
        // a step's line; its explanation (pycore.rules.explain) folds out below it
        out.steps = [...document.querySelectorAll("#los-steps li")].map(
            (li) => (li.querySelector("summary") ?? li).textContent);
        out.rules = [...document.querySelectorAll("#los-steps .rule")].map((r) => r.textContent);
        const thread = document.querySelector("#map .los");
        out.thread = thread && thread.dataset.status;
        out.block_marks = [...document.querySelectorAll("#map [data-block]")].map(
            (el) => el.dataset.hex || el.dataset.hexside || el.dataset.vertex);
        return out;
    }""")


def message(page) -> str:
    page.wait_for_selector("#message:not([hidden])")
    return page.inner_text("#message-text")


def paint_b92_example(page, touch: bool = False) -> tuple[str, str]:
    """The B9.2 EX painted with taps, as a new user would: returns (German id, Russian id)."""
    for side, kind in B92_HEXSIDES.items():
        toggle_hexside(page, side, kind, touch=touch)
    german = add_unit(page, "Z9", "German", touch=touch)
    russian = add_unit(page, "X6", "Russian", touch=touch)
    return german, russian


def test_a_click_lands_on_the_hex_it_names(ready_page):
    for name in ("A1", "Z9", "GG10", "B0"):
        paint_hex(ready_page, name, terrain="woods")
    assert set(setup_of(ready_page)["hexes"]) == {"A1", "Z9", "GG10", "B0"}


def test_a_click_lands_on_the_hexside_it_names(ready_page):
    for name in ("Z8-Y9", "T1-U2", "B4-B5"):
        toggle_hexside(ready_page, name, "wall")
    names = {hexside_name(k) for k in setup_of(ready_page)["hexsides"]}
    assert names == {hexside_name(n) for n in ("Z8-Y9", "T1-U2", "B4-B5")}
