"""The help page's screenshots (static/help/*.png, issue 33): the app itself,
driven as a player would, on boards written by tests/vasl_writer.py (never a
real board's art). Run after a change to the page, and commit the PNGs:

    python -m tests.help_shots

It builds dist/ if stale, serves it, and writes four PNGs of at most 256
colours (a few tens of KB each: they are in the offline precache)."""
from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Site, built_dist, open_page, wait_ready
from tests.browser.test_situations import Player
from tests.browser.test_ui_realboard import BD41, RUSSIAN, GERMAN, SIZES, import_by_first_run
from tests.browser.test_ui_steps import centre_of, hex_sel, read_los_panel, setup_of, unit_sel
from tests.vasl_writer import board_archive

OUT = Path(__file__).resolve().parent.parent / "static" / "help"
BD42 = board_archive({"C3": {"terrain": "stone-building", "levels": 2}, "E5": {"terrain": "woods"}},
                     {"B3-C3": "wall"}, name="42")


def save(page, name: str, clip=None) -> None:
    shot = Image.open(io.BytesIO(page.screenshot(clip=clip)))
    small = shot.convert("RGB").quantize(colors=256)
    small.save(OUT / f"{name}.png", optimize=True)
    print(f"{name}.png: {(OUT / f'{name}.png').stat().st_size // 1024} KB")


def dispute(browser, site) -> None:
    page = open_page(browser, site, **SIZES["390x844"])
    wait_ready(page)
    p = Player(page)
    import_by_first_run(p)
    save(page, "1-imported")
    p.tap("#first-run-new-map")
    page.wait_for_selector(f"{hex_sel('41Q6')}[data-terrain='stone-building']")
    p.tap("button[data-tool=unit]")
    p.tap(hex_sel(GERMAN))
    p.tap("#side-chips [data-chip='1']")
    p.tap(hex_sel(RUSSIAN))
    units = setup_of(page)["units"]
    p.tap("button[data-tool=los]")
    p.tap(unit_sel(units[0]["id"]))
    p.tap(unit_sel(units[1]["id"]))
    read_los_panel(page)
    page.locator("#message").evaluate("m => { m.hidden = true; }")
    save(page, "2-ruling")
    cdp = page.context.new_cdp_session(page)
    x, y = centre_of(page, hex_sel("41Q6"))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_selector("#reading:not([hidden])")
    save(page, "3-reading")
    page.context.close()


def sharing_and_scenario(browser, site) -> None:
    page = open_page(browser, site, **SIZES["1280x800"])
    wait_ready(page)
    page.set_input_files("#board-files", [{"name": "bd41", "mimeType": "", "buffer": BD41},
                                          {"name": "bd42", "mimeType": "", "buffer": BD42}])
    page.wait_for_selector("#first-run-new-map:visible")
    page.click("#first-run-close")
    page.locator("#panel-newmap").scroll_into_view_if_needed()
    page.click("#new-boards")
    page.wait_for_selector(f"{hex_sel('42C3')}[data-terrain='stone-building']")
    page.locator("#message").evaluate("m => { m.hidden = true; }")
    page.locator("#panel-newmap").scroll_into_view_if_needed()
    save(page, "4-scenario")
    page.evaluate("""() => { const s = window.asl.getSetup();
        s.units = [{id: "g1", side: "German", type: "squad", hex: "41O6"},
                   {id: "r1", side: "Russian", type: "squad", hex: "42C4"}];
        return window.asl.loadSetup(s); }""")
    page.click("button[data-tool=los]")
    page.mouse.click(*centre_of(page, unit_sel("g1")))
    page.mouse.click(*centre_of(page, unit_sel("r1")))
    read_los_panel(page)
    page.click("#share")
    page.wait_for_selector("#share-qr svg")
    page.locator("#message").evaluate("m => { m.hidden = true; }")
    page.locator("#panel-files").scroll_into_view_if_needed()
    save(page, "5-share")
    page.context.close()


def main() -> int:
    OUT.mkdir(exist_ok=True)
    site = Site(built_dist()).start()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            dispute(browser, site)
            sharing_and_scenario(browser, site)
        finally:
            browser.close()
            site.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
