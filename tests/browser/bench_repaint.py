"""Repaint latency a player feels (prints figures, asserts nothing):
`python tests/browser/bench_repaint.py --dist DIR [--taps N]`.

At 1280 x 800 with touch, from the end of a tap with the paint tools to the
frame showing the tapped part as the player set it (the stroke painted), and
to the frame showing it as Python's answer has it (the map's terrain as the
rules see it, ui/terrain.js) where the two differ:

- a painted map: woods painted in a hex (the stroke is the answer);
- a painted map with the SSR hedges-to-bocage: a hedge set on a hexside,
  first shown as a hedge, then as bocage edged in gold (the SSR's answer);
- a map of an imported board: open ground painted over the board's woods (a correction).

Each figure is the median over the taps, in ms.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.bench import fresh_page  # noqa: E402
from tests.browser.conftest import Site  # noqa: E402
from tests.vasl_writer import board_archive  # noqa: E402

# Arms the next tap on the map: from its end, the time until each condition
# [selector, n] holds (at least n elements match), checked at every frame.
ARM = """(conds) => {
    window.__got = null;
    document.querySelector("#map").addEventListener("pointerup", () => {
        const t0 = performance.now(), out = {};
        const check = () => {
            for (const [k, [sel, n]] of Object.entries(conds)) {
                if (out[k] === undefined && document.querySelectorAll(sel).length >= n) out[k] = performance.now() - t0;
            }
            if (Object.keys(out).length === Object.keys(conds).length || performance.now() - t0 > 5000) {
                window.__got = out;
            } else {
                requestAnimationFrame(() => setTimeout(check, 0));
            }
        };
        check();
    }, { capture: true, once: true });
}"""


def _centre(page, sel: str) -> tuple[float, float]:
    box = page.locator(sel).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _tap(page, x: float, y: float, conds: dict) -> dict:
    page.evaluate(ARM, conds)
    page.touchscreen.tap(x, y)
    page.wait_for_function("() => window.__got !== null", timeout=10_000)
    got = page.evaluate("() => window.__got")
    page.wait_for_timeout(200)
    return got


def _median(got: list[dict], key: str) -> float | None:
    values = [g[key] for g in got if key in g]
    return statistics.median(values) if values else None


def _load(page, setup: dict) -> None:
    page.evaluate("(s) => window.asl.loadSetup(s)", setup)
    page.wait_for_timeout(800)


def painted(page, taps: int) -> dict:
    from pycore import geometry
    _load(page, {"format": "asl-setup", "version": 1})
    page.click("button[data-tool=terrain]")
    page.click("#terrain-palette [data-terrain=woods]")
    got = []
    for i in range(taps):
        sel = f"#map [data-hex='{geometry.PLAIN.hex(geometry.hex_at(3 + i % 25, 2 + (i // 25) * 4 + i % 2))}']"
        got.append(_tap(page, *_centre(page, sel), {"stroke": [f"{sel}[data-terrain=woods]", 1]}))
    return {"painted map, woods: stroke painted": _median(got, "stroke")}


def ssr(page, taps: int) -> dict:
    from pycore import geometry
    _load(page, {"format": "asl-setup", "version": 1, "ssr": ["hedges-to-bocage"]})
    page.click("button[data-tool=hexside]")
    page.click("#hexside-palette [data-hexside-type=hedge]")
    got = []
    gold = "#map [data-hexside][data-type=bocage][data-ssr]"
    for i in range(taps):
        sel = f"#map [data-hex='{geometry.PLAIN.hex(geometry.hex_at(3 + 2 * (i % 12), 2 + (i // 12) * 3))}']"
        x, y = _centre(page, sel)
        n = page.locator(gold).count()
        got.append(_tap(page, x, y - 12, {"stroke": ["#map [data-hexside][data-type=hedge]", 1],
                                          "answer": [gold, n + 1]}))
    return {"SSR map, hedge set: stroke painted (as a hedge)": _median(got, "stroke"),
            "SSR map, hedge set: Python's answer painted (bocage, gold)": _median(got, "answer")}


def imported(page, taps: int) -> dict:
    hexes = {f"{c}{r}": {"terrain": "woods"} for c in "CDEFGHIJKLMNOPQ" for r in (3, 5, 7)}
    page.set_input_files("#board-files", [{"name": "bd41", "mimeType": "",
                                           "buffer": board_archive(hexes, {})}])
    page.wait_for_selector("#board-library > li")
    page.click("#new-boards")
    page.wait_for_selector("#map [data-hex='41C3'][data-terrain=woods]", timeout=60_000)
    page.wait_for_timeout(800)
    page.click("button[data-tool=terrain]")
    page.click("#terrain-palette [data-terrain=open]")
    got = []
    for name in list(hexes)[:taps]:
        sel = f"#map [data-hex='41{name}']"
        got.append(_tap(page, *_centre(page, sel), {"stroke": [f"{sel}:not([data-terrain])", 1]}))
    return {"imported board, open over woods: stroke painted": _median(got, "stroke")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, required=True)
    parser.add_argument("--taps", type=int, default=15)
    args = parser.parse_args()
    site = Site(args.dist).start()
    try:
        out = {}
        for part in (painted, ssr, imported):
            with fresh_page(site, viewport={"width": 1280, "height": 800}, has_touch=True) as page:
                out.update(part(page, args.taps))
    finally:
        site.stop()
    for k, v in out.items():
        print(f"  {k:62} {v:7.1f} ms" if v is not None else f"  {k:62}     n/a")


if __name__ == "__main__":
    main()
