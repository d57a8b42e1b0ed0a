"""Overlays' cost on CPython (issue 39; docs/measurements.md "Overlays"):
``python -m tests.bench overlays``.

- laying an overlay and ruling: a new ``map.overlays`` entry on an imported
  board, then one LOS (the overlay's GIF decoded, its art written into the
  board's planes, the board read again; target <= 0.3 s), least of 5;
- LOS per check, threads crossing the overlay, against the same threads on
  the board alone and on a board drawn with the overlay's terrain (in turn,
  least of 3 rounds: CPU time).

On archives the tests' writer paints (tests/vasl_writer.py), and again on the
player's own bd12 and ovrWD where ~/.cache/vasl-boards holds them (read,
never kept).
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


def _setup(board: str, ovr: str | None, units: list, overlay: str = "T1") -> dict:
    m: dict = {"boards": [[{"board": "12", "source": board}]]}
    if ovr:
        m["overlays"] = [{"overlay": overlay, "source": ovr, "hex": "12Q5", "toward": "12Q4"}]
    return {"format": "asl-setup", "version": 1, "map": m, "units": units}


def _units_and_pairs(rng: random.Random, threads: int) -> tuple[list, list]:
    """Squads west and east of 12Q5 and ``threads`` pairs of them, across the overlay."""
    units = [{"id": f"u{k}", "side": "German" if k % 2 else "Russian", "type": "squad",
              "hex": f"12{c}{r}"} for k, (c, r) in enumerate(
        [(rng.choice("MNOP"), rng.randint(1, 9)) for _ in range(12)]
        + [(rng.choice("STUV"), rng.randint(1, 9)) for _ in range(12)])]
    pairs = [(units[rng.randrange(12)]["id"], units[12 + rng.randrange(12)]["id"])
             for _ in range(threads)]
    return units, pairs


def _measure(s: Session, setups: list[dict], pairs: list, threads: int) -> dict:
    """Laying ``setups[1]``'s overlay and ruling one LOS (least of 5), then LOS
    per check on each setup, in turn (CPU, least of 3 rounds)."""
    lay = []
    for _ in range(5):
        overlays._LAID.clear()
        s.setups.clear()
        t0 = time.perf_counter()
        api.los(setups[1], *pairs[0], session=s)
        lay.append(time.perf_counter() - t0)
    for setup in setups:
        for a, b in pairs:
            api.los(setup, a, b, session=s)         # warm: each thread's drawing layers

    def run(setup: dict) -> None:
        for a, b in pairs:
            api.los(setup, a, b, session=s)
    _, least = _in_turn(0, [(lambda: None, lambda setup=setup: run(setup)) for setup in setups])
    return {"lay": min(lay), "threads": threads,
            **{k: t / threads * 1e6 for k, t in zip(("alone_us", "laid_us", "drawn_us"), least)}}


def bench_overlays(seed: int = 9, threads: int = 300) -> dict:
    s, board, ovr, same = _session(seed)
    units, pairs = _units_and_pairs(random.Random(seed), threads)
    return _measure(s, [_setup(board, None, units), _setup(board, ovr, units),
                        _setup(same, None, units)], pairs, threads)


def bench_overlays_real(seed: int = 9, threads: int = 300) -> dict | None:
    """The same on the player's own bd12 with WD2 (ovrWD) on 12Q5 toward 12Q4,
    read from ~/.cache/vasl-boards (DEVELOPERS.md); None where they are absent."""
    from tests.boards import BOARDS
    paths = BOARDS / "bd12", BOARDS / "overlays" / "ovrWD"
    if not all(p.exists() for p in paths):
        return None
    s = Session()
    board, ovr = (api.import_board(p.read_bytes(), session=s)["source"] for p in paths)
    units, pairs = _units_and_pairs(random.Random(seed), threads)
    return _measure(s, [_setup(board, None, units), _setup(board, ovr, units, "WD2")],
                    pairs, threads)


def print_overlays(r: dict, real: dict | None = None) -> None:
    print("overlays, a board the tests' writer paints and an overlay of 8 hexes on it:")
    print(f"  laying it and ruling one LOS  {r['lay']:.3f} s (least of 5; target <= 0.3 s)")
    print(f"  LOS per check, {r['threads']} threads across it: board alone "
          f"{r['alone_us']:.1f} us, with the overlay {r['laid_us']:.1f} us, the board drawn "
          f"with the overlay's terrain {r['drawn_us']:.1f} us (CPU, least of 3 rounds, in turn)")
    if real is None:
        print("  (the player's own bd12 and ovrWD are not in ~/.cache/vasl-boards: not measured)")
        return
    print("the player's own bd12 with WD2 (ovrWD) on 12Q5 toward 12Q4:")
    print(f"  laying it and ruling one LOS  {real['lay']:.3f} s (least of 5; target <= 0.3 s)")
    print(f"  LOS per check, {real['threads']} threads across it: board alone "
          f"{real['alone_us']:.1f} us, with the overlay {real['laid_us']:.1f} us: "
          f"{real['laid_us'] / real['alone_us']:.2f}x (target <= 1)")
