"""Browser benchmark of dead ground (issue 40): prints figures, asserts nothing.

`python build.py bench --only deadground` (or `python tests/browser/bench_seen.py
[--dist DIR] [--runs N] [--real]`). On a tablet page (1280x800, touch), a 2 x 1
map of boards as drawn with a side of 10 German units (and one Russian), the
Visibility tool open: a tap on *Dead ground* to the first hexes shaded on the
map and to the whole map shaded with its summary (ms from the tap). The first
run is of a page that has swept nothing; each later run moves the Russian unit
first (a new setup: no sweep kept, the boards' drawing read).

The boards are busy synthetic ones (tests.bench's: woods and buildings drawn
over parts of 100 hexes, 150 crest lines; tests/vasl_writer.py). With
`--real`, boards 41 and 12 from ~/.cache/vasl-boards instead, read locally and
never stored (skipped when absent).
"""
from __future__ import annotations

import argparse
import base64
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from tests.browser.bench import fresh_page  # noqa: E402
from tests.browser.conftest import ROOT, Site  # noqa: E402

REAL = Path.home() / ".cache" / "vasl-boards"
IMPORT = """async (b64) => {
    const { python } = await import("./pyworker.js");
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
    return await python.callBytes("import_board_file", bytes);
}"""
# From the tap on Dead ground: the first hex shaded, and the summary shown.
WATCH = """() => { window.__dead = new Promise((resolve) => {
    const button = document.querySelector("[data-vis-mode=dead]");
    button.addEventListener("pointerdown", () => {
        const t0 = performance.now();
        let first = null;
        const seen = new MutationObserver(() => {
            if (first === null && document.querySelector("#map [data-cover]")) first = performance.now() - t0;
        });
        seen.observe(document.getElementById("map-content"), { attributes: true, subtree: true,
                                                               attributeFilter: ["data-cover"] });
        const done = () => {
            if (document.getElementById("dead-said").textContent.includes("dead ground")) {
                seen.disconnect();
                requestAnimationFrame(() => resolve({ first, complete: performance.now() - t0 }));
            } else setTimeout(done, 10);
        };
        setTimeout(done, 0);
    }, { once: true });
}); }"""


def boards(real: bool) -> list[bytes]:
    if real:
        return [(REAL / f"bd{n}").read_bytes() for n in ("41", "12")]
    from tests.bench import _crest_lines, _drawn_board
    from tests.vasl_writer import board_archive
    rng = random.Random(8)
    hexes, shapes = _drawn_board(rng)
    shapes = _crest_lines(hexes, random.Random(9)) + shapes
    return [board_archive(hexes, {}, shapes=shapes, metadata_buildings=False, name=n,
                          version="6.3" if n == "41" else "6.2") for n in ("41", "12")]


def setup(sources: list[str], units: int, rng: random.Random) -> dict:
    cols = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    cols = list(cols) + [c * 2 for c in cols[:7]]              # A..GG, a board's 33 columns
    names = [f"{b}{c}{r}" for b in ("41", "12") for c in cols for r in range(1, 10)]
    picked = rng.sample(names, units + 1)
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": sources[0]},
                                {"board": "12", "source": sources[1], "flip": True}]]},
            "units": [{"id": f"g{i + 1}", "side": "German", "type": "squad", "hex": n}
                      for i, n in enumerate(picked[:-1])]
            + [{"id": "r1", "side": "Russian", "type": "squad", "hex": picked[-1]}]}


def dead_ground_times(site: Site, runs: int = 3, real: bool = False, units: int = 10) -> dict:
    rng = random.Random(40)
    with fresh_page(site, viewport={"width": 1280, "height": 800}, has_touch=True) as page:
        sources = [page.evaluate(IMPORT, base64.b64encode(b).decode())["source"] for b in boards(real)]
        base = setup(sources, units, rng)
        page.evaluate("s => window.asl.loadSetup(s)", base)
        page.wait_for_selector("#map [data-hex='12A1']", state="attached", timeout=60_000)
        page.wait_for_selector("#map [data-unit='g10']", state="attached", timeout=60_000)
        page.wait_for_timeout(1500)                   # the boards' terrain painted, idle again
        page.locator("button[data-tool=vis]").tap()
        out: dict[str, list[float]] = {"first hexes": [], "complete": []}
        for run in range(runs):
            if run:
                page.locator("[data-vis-mode=from]").tap()
                moved = {**base, "units": base["units"][:-1] + [
                    {**base["units"][-1], "hex": rng.choice(["41A1", "41B2", "12C3", "12D4", "41E5"])
                     if run % 2 else f"12F{run}"}]}
                page.evaluate("s => window.asl.loadSetup(s)", moved)
                page.wait_for_timeout(2500)           # its map terrain painted, idle again
            page.evaluate(WATCH)
            page.locator("[data-vis-mode=dead]").tap()
            got = page.evaluate("() => window.__dead")
            out["first hexes"].append(got["first"])
            out["complete"].append(got["complete"])
        hexes = page.evaluate("() => document.querySelectorAll('#map [data-cover]').length")
        said = page.inner_text("#dead-said")
    return {"runs": out, "hexes": hexes, "said": said}


def print_dead_ground(found: dict, real: bool) -> None:
    runs = found["runs"]
    what = "real boards 41 and 12" if real else "busy synthetic boards as drawn"
    print(f"\ndead ground on a tablet page (1280x800, touch), a side of 10 units on a 2 x 1 map of "
          f"{what} ({found['hexes']} hexes), ms from the tap (targets: first hexes <= 300, "
          "complete <= 1,500):")
    for name, values in runs.items():
        print(f"  {name:14} first run {values[0]:8,.0f}; later runs median "
              f"{statistics.median(values[1:]) if len(values) > 1 else float('nan'):8,.0f} "
              f"(each: {', '.join(f'{v:,.0f}' for v in values)})")
    print(f"  {found['said']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--real", action="store_true", help="boards 41 and 12 of ~/.cache/vasl-boards")
    args = parser.parse_args()
    if args.real and not all((REAL / f"bd{n}").exists() for n in ("41", "12")):
        print("no bd41 and bd12 in ~/.cache/vasl-boards: skipped")
        return
    site = Site(args.dist).start()
    try:
        found = dead_ground_times(site, args.runs, args.real)
    finally:
        site.stop()
    print_dead_ground(found, args.real)


if __name__ == "__main__":
    main()
