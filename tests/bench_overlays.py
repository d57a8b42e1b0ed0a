"""Overlays' cost on CPython (issue 39; docs/measurements.md "Overlays"):
``python -m tests.bench overlays``.

- laying an overlay and ruling: a new ``map.overlays`` entry on an imported
  board, then one LOS (the overlay's GIF decoded, its art written into the
  board's planes, the board read again; target <= 0.3 s), least of 5;
- LOS per check, threads crossing the overlay, against the same threads on
  the board alone and on a board drawn with the overlay's terrain (in turn,
  least of 3 rounds: CPU time).

On archives the tests' writer paints (tests/vasl_writer.py): no real board's
or overlay's data.
"""
from __future__ import annotations

import random
import time

from pycore import api
from pycore import geometry as g
from pycore.session import Session
from pycore.terrain import overlays
from tests.bench import _in_turn
from tests.vasl_writer import board_archive, overlay_archive, overlay_image

# a patch of woods, grain and a hill round the anchor, drawn for every orientation
ART = {"B2": "WoodsGreen", "C2": "WoodsGreen", "C3": "GrainL0", "B3": "BrushL0",
       "D2": "Level1", "D3": "Level1", "A2": "GrainL0", "B1": "WoodsGreen"}


_DRAWN = {"WoodsGreen": {"terrain": "woods"}, "GrainL0": {"terrain": "grain"},
          "BrushL0": {"terrain": "brush"}, "Level1": {"level": 1}}


def _session(seed: int) -> tuple[Session, str, str, str]:
    """A session, its board, the overlay's archive, and the board drawn with
    the overlay's terrain where the overlay lies (12Q5 toward 12Q4)."""
    rng = random.Random(seed)
    hexes = {f"{c}{r}": {"terrain": rng.choice(["woods", "grain", "brush"])}
             for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for r in range(1, 10) if rng.random() < 0.15}
    s = Session()
    board = api.import_board(board_archive(hexes, {}, name="12", colors=True), session=s)["source"]
    art = overlay_image(ART)
    ovr = api.import_board(overlay_archive({"t1": ("b2;b2;b2;b2;b2;b2", {
        k: art for k in "abcdef"})}), session=s)["source"]
    (x0, y0), (x1, y1) = g.plain_parse_hex("B2"), g.plain_parse_hex("Q5")
    drawn = dict(hexes)
    for name, colour in ART.items():
        x, y = g.plain_parse_hex(name)
        drawn[g.PLAIN.hex(g.Hex((x + x1 - x0, y + y1 - y0)))] = _DRAWN[colour]
    same = api.import_board(board_archive(drawn, {}, name="12", version="6.9"), session=s)["source"]
    return s, board, ovr, same


def _setup(board: str, ovr: str | None, units: list) -> dict:
    m: dict = {"boards": [[{"board": "12", "source": board}]]}
    if ovr:
        m["overlays"] = [{"overlay": "T1", "source": ovr, "hex": "12Q5", "toward": "12Q4"}]
    return {"format": "asl-setup", "version": 1, "map": m, "units": units}


def bench_overlays(seed: int = 9, threads: int = 300) -> dict:
    s, board, ovr, same = _session(seed)
    rng = random.Random(seed)
    units = [{"id": f"u{k}", "side": "German" if k % 2 else "Russian", "type": "squad",
              "hex": f"12{c}{r}"} for k, (c, r) in enumerate(
        [(rng.choice("MNOP"), rng.randint(1, 9)) for _ in range(12)]
        + [(rng.choice("STUV"), rng.randint(1, 9)) for _ in range(12)])]
    pairs = [(units[rng.randrange(12)]["id"], units[12 + rng.randrange(12)]["id"])
             for _ in range(threads)]
    lay = []
    for _ in range(5):
        overlays._LAID.clear()
        s.setups.clear()
        t0 = time.perf_counter()
        api.los(_setup(board, ovr, units), *pairs[0], session=s)
        lay.append(time.perf_counter() - t0)
    alone, laid, drawn = (_setup(board, None, units), _setup(board, ovr, units),
                          _setup(same, None, units))
    for setup in (alone, laid, drawn):
        for a, b in pairs:
            api.los(setup, a, b, session=s)         # warm: each thread's drawing layers

    def run(setup: dict) -> None:
        for a, b in pairs:
            api.los(setup, a, b, session=s)
    _, least = _in_turn(0, [(lambda: None, lambda: run(alone)), (lambda: None, lambda: run(laid)),
                            (lambda: None, lambda: run(drawn))])
    return {"lay": min(lay), "alone_us": least[0] / threads * 1e6,
            "laid_us": least[1] / threads * 1e6, "drawn_us": least[2] / threads * 1e6,
            "threads": threads}


def print_overlays(r: dict) -> None:
    print("overlays, a board the tests' writer paints and an overlay of 8 hexes on it:")
    print(f"  laying it and ruling one LOS  {r['lay']:.3f} s (least of 5; target <= 0.3 s)")
    print(f"  LOS per check, {r['threads']} threads across it: board alone "
          f"{r['alone_us']:.1f} us, with the overlay {r['laid_us']:.1f} us, the board drawn "
          f"with the overlay's terrain {r['drawn_us']:.1f} us (CPU, least of 3 rounds, in turn)")
