"""Queries never pile up (issue 14): with the visibility overlay on, quick edits
used to queue one full visibility sweep each in the single worker, so the last
edit's answer came after all of them. Now a panel's stale question is dropped
before it reaches Python, and the overlay shows the last edit's answer."""
from __future__ import annotations

import random
import time

from pycore import api

from .test_ui_steps import centre_of, hex_sel, load_setup, press, setup_of, tool, unit_sel

EDITS = ("J5", "K7", "M4", "N9", "P6", "R8")


def big_setup() -> dict:
    rng = random.Random(14)
    hexes = {}
    for _ in range(700):
        col, row = rng.randrange(1, 133), rng.randrange(1, 20)
        name = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[(col - 1) % 26] * ((col - 1) // 26 + 1)) + str(row)
        hexes[name] = {"terrain": rng.choice(["woods", "grain", "brush"])}
    for name in EDITS:
        hexes.pop(name, None)
    hexes.pop("G6", None)
    return {"format": "asl-setup", "version": 1, "map": {"columns": 132, "rows": 20},
            "hexes": hexes,
            "units": [{"id": "a", "side": "German", "type": "squad", "hex": "G6"}]}


def overlay(page) -> dict:
    return page.eval_on_selector_all(
        "#map [data-hex]", "els => Object.fromEntries(els.map((e) => [e.dataset.hex, e.dataset.vis]))")


def expected_overlay(setup: dict) -> dict:
    seen = api.visibility(setup, "a")["hexes"]
    return {h: ("hindered" if v["hindrance"] else "seen") if v["los"] else "unseen"
            for h, v in seen.items()}


def test_quick_edits_under_the_overlay_run_one_sweep_not_a_queue(ready_page):
    page = ready_page
    load_setup(page, big_setup())
    tool(page, "vis")
    press(page, unit_sel("a"))
    page.wait_for_selector("#map [data-vis]")
    tool(page, "terrain")
    press(page, "#terrain-palette [data-terrain='woods']")
    page.click("#zoom-fit")
    spots = [centre_of(page, hex_sel(name)) for name in EDITS]
    before = page.evaluate("window.asl.queries()").get("visibility", 0)
    for x, y in spots:                       # six taps in quick succession
        page.mouse.click(x, y)
    final = setup_of(page)
    assert all(final["hexes"][name] == {"terrain": "woods"} for name in EDITS)
    want = expected_overlay(final)
    deadline = time.monotonic() + 30
    while overlay(page) != want:
        assert time.monotonic() < deadline, "the overlay never showed the last edit's answer"
        page.wait_for_timeout(100)
    swept = page.evaluate("window.asl.queries()")["visibility"] - before
    # one sweep may be in flight when the edits begin, and the newest runs next:
    # never one per edit
    assert 1 <= swept <= 3 < len(EDITS), swept
