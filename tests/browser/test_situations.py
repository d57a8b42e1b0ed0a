"""Three disputed situations set up as a new player would on a tablet (issue 9),
counting interactions: a tap, a drag or a key. Only what a player can see and
touch is used: taps and drags at screen positions of visible elements, never
``window.asl`` or ``page.evaluate`` to change state. Each ends by reading the
ruling on screen and comparing it with ``pycore.api`` on the situation as
described. The table is printed at the end of the run (tests/browser/conftest.py).
"""
from __future__ import annotations

import time

import pytest

from pycore import api
from tests.browser import conftest
from tests.browser.conftest import open_page, wait_ready
from tests.browser.test_ui_steps import (centre_of, hex_sel, hexside_name, read_los_panel,
                                         settled, unit_sel, vertex_name)
from tests.helpers import setup, unit

VIEWPORTS = {"1280x800": {"width": 1280, "height": 800}, "800x1280": {"width": 800, "height": 1280}}


class Player:
    """Taps, drags and keys on a touch screen, counted."""

    def __init__(self, page):
        self.page = page
        self.count = 0
        self.started = time.perf_counter()
        self.cdp = page.context.new_cdp_session(page)

    def tap(self, selector: str) -> None:
        self.count += 1
        if not selector.startswith("#map"):
            self.scroll_to(selector)
        self.page.touchscreen.tap(*centre_of(self.page, selector))
        self.settle()

    def scroll_to(self, selector: str) -> None:
        """A control out of sight is scrolled to, as a player would: one more swipe."""
        box = self.page.locator(selector).first.bounding_box()
        view = self.page.viewport_size
        if box["y"] >= 0 and box["y"] + box["height"] <= view["height"]:
            return
        self.count += 1
        self.page.locator(selector).first.scroll_into_view_if_needed()

    def tap_at(self, point) -> None:
        self.count += 1
        self.page.touchscreen.tap(*point)
        self.settle()

    def drag(self, points) -> None:
        """One finger down at the first point, through the others, up at the last."""
        self.count += 1
        touch = lambda kind, pts: self.cdp.send(  # noqa: E731
            "Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})
        x, y = points[0]
        touch("touchStart", [{"x": x, "y": y}])
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            for k in range(1, 5):
                touch("touchMove", [{"x": x0 + (x1 - x0) * k / 4, "y": y0 + (y1 - y0) * k / 4}])
        touch("touchEnd", [])
        self.page.wait_for_timeout(350)    # past the browser's double-tap window

    def key(self, key: str) -> None:
        self.count += 1
        self.page.keyboard.press(key)

    def settle(self) -> None:
        self.page.wait_for_timeout(60)
        settled(self.page)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started


def near_side(page, hexside: str, hex_name: str, share: float = 0.2):
    """A point inside ``hex_name``, ``share`` of the way from the middle of its
    ``hexside`` to its centre: where a finger aims to set that hexside."""
    mx, my = centre_of(page, f"#map [data-hexside='{hexside_name(hexside)}']")
    box = page.locator(hex_sel(hex_name)).bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    return mx + (cx - mx) * share, my + (cy - my) * share


def near_vertex(page, vertex: str, hex_name: str, share: float = 0.2):
    box = page.locator(f"#map [data-vertex='{vertex_name(vertex)}']").bounding_box()
    vx, vy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hbox = page.locator(hex_sel(hex_name)).bounding_box()
    cx, cy = hbox["x"] + hbox["width"] / 2, hbox["y"] + hbox["height"] / 2
    return vx + (cx - vx) * share, vy + (cy - vy) * share


def shown(page) -> dict:
    panel = read_los_panel(page)
    return {"los": panel["los"], "range": panel["range"], "tem": panel["tem"]}


def expected(result: dict) -> dict:
    tem = result.get("tem")
    return {"los": result["los"], "range": str(result["range"]),
            "tem": "– (no LOS)" if tem is None else (f"+{tem}" if tem > 0 else str(tem))}


@pytest.fixture(params=list(VIEWPORTS))
def player(request, browser, site):
    page = open_page(browser, site, viewport=VIEWPORTS[request.param], has_touch=True)
    wait_ready(page)
    p = Player(page)
    p.size = request.param
    yield p
    page.context.close()


def record(name: str, target: int, p: Player, matches: bool) -> None:
    conftest.SITUATION_ROWS.append((f"{name} ({p.size})", p.count, target, p.seconds, matches))
    p.page.screenshot(path=f"/tmp/{name.split(':')[0]}-{p.size}.png")


def test_S1_the_B9_2_example_ruling_with_TEM_in_at_most_12_interactions(player):
    p, page = player, player.page
    p.tap("button[data-tool=hexside]")
    p.tap("#hexside-palette [data-hexside-type=hedge]")
    p.drag([near_side(page, "Y9-Z8", "Z8", 0.1), near_vertex(page, "Y8-Y9-Z8", "Z8"),
            near_side(page, "Y8-Z8", "Z8", 0.1)])                  # two hedges, one stroke
    p.tap("#hexside-palette [data-hexside-type=wall]")
    p.tap_at(near_side(page, "X7-Y7", "Y7"))
    p.tap("button[data-tool=unit]")
    p.tap(hex_sel("X6"))                                           # German (the first chip)
    p.tap(".side-chip[data-chip='1']")                             # Russian
    p.tap(hex_sel("Z9"))
    p.tap("button[data-tool=los]")
    p.tap(unit_sel("r1"))
    p.tap(unit_sel("g1"))
    described = setup(hexsides={"Z8-Y9": "hedge", "Y8-Z8": "hedge", "X7-Y7": "wall"},
                      units=[unit("g1", "X6"), unit("r1", "Z9", side="Russian")])
    matches = shown(page) == expected(api.fire(described, "r1", "g1"))
    record("S1: B9.2 EX, ruling with TEM", 12, p, matches)
    assert matches, (shown(page), api.fire(described, "r1", "g1"))
    assert p.count <= 12


def test_S2_a_building_woods_a_hill_and_two_rulings_in_at_most_20_interactions(player):
    p, page = player, player.page
    p.tap("button[data-tool=terrain]")          # the page opens on LOS (issue 33)
    p.tap("#terrain-palette [data-terrain=building]")
    p.tap(".quick[data-for=brush-levels] [data-value='3']")
    p.tap(hex_sel("F2"))
    p.tap("#terrain-palette [data-terrain=woods]")
    p.drag([centre_of(page, hex_sel("E5")), centre_of(page, hex_sel("F5"))])
    p.tap("#terrain-palette [data-terrain=open]")
    p.tap(".quick[data-for=brush-level] [data-value='1']")
    p.drag([centre_of(page, hex_sel("G6")), centre_of(page, hex_sel("G7"))])
    p.tap("button[data-tool=unit]")
    p.tap(hex_sel("F2"))                                           # German squad, selected
    p.tap(".quick[data-for=ue-level] [data-value='2']")
    p.tap(".side-chip[data-chip='1']")
    p.tap(hex_sel("F7"))
    p.tap(hex_sel("G7"))
    p.tap("button[data-tool=los]")
    p.tap(unit_sel("g1"))
    p.tap(unit_sel("r1"))
    described = setup(hexes={"F2": {"terrain": "building", "levels": 3},
                             "E5": {"terrain": "woods"}, "F5": {"terrain": "woods"},
                             "G6": {"level": 1}, "G7": {"level": 1}},
                      units=[unit("g1", "F2", level=2), unit("r1", "F7", side="Russian"),
                             unit("r2", "G7", side="Russian")])
    first = shown(page) == expected(api.fire(described, "g1", "r1"))
    p.tap(unit_sel("r2"))                                # an enemy of g1: g1's new target
    second = shown(page) == expected(api.fire(described, "g1", "r2"))
    record("S2: building, woods, hill, two rulings", 20, p, first and second)
    assert first and second, shown(page)
    assert p.count <= 20


def test_S3_bocage_round_a_hex_WA_and_the_ruling_both_ways_in_at_most_14(player):
    p, page = player, player.page
    p.tap("button[data-tool=hexside]")
    p.tap("#hexside-palette [data-hexside-type=bocage]")
    sides = ["M5-N5", "M5-M6", "L5-M5", "L4-M5", "M4-M5", "M5-N4"]        # clockwise from NE
    vertices = ["M5-M6-N5", "L5-M5-M6", "L4-L5-M5", "L4-M4-M5", "M4-M5-N4", "M5-N4-N5"]
    ring = []
    for side, vertex in zip(sides, vertices):   # each side, then the vertex after it
        ring += [near_side(page, side, "M5", 0.12), near_vertex(page, vertex, "M5", 0.25)]
    p.drag(ring + [ring[0]])                                       # one stroke round M5
    p.tap("button[data-tool=unit]")
    p.tap(hex_sel("M5"))
    p.tap(".side-chip[data-chip='1']")
    p.tap(hex_sel("M7"))
    p.tap("button[data-tool=los]")
    p.tap(unit_sel("g1"))
    p.tap(unit_sel("r1"))
    described = setup(hexsides={s: "bocage" for s in sides},
                      units=[unit("g1", "M5"), unit("r1", "M7", side="Russian")])
    there = shown(page) == expected(api.fire(described, "g1", "r1"))
    p.tap("#los-swap")
    back = shown(page) == expected(api.fire(described, "r1", "g1"))
    wa = page.text_content("#wa-body tr[data-unit=g1]")
    claims = api.wall_advantage(described)["units"]["g1"]
    wa_ok = claims["has"] and "yes" in wa.lower()
    record("S3: bocage round M5, WA, both ways", 14, p, there and back and wa_ok)
    assert there and back and wa_ok, (shown(page), wa)
    assert p.count <= 14
