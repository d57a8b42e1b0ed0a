"""Benchmark: ``python -m pycore.bench`` prints its figures (issue 2, part 6).

- the median time of one ``los`` query at range 6-14 on a random 33 x 10 board;
- the time of one ``visibility`` call on a random 66 x 20 map, cold (empty
  trace cache) and warm.

Targets on CPython here: <= 100 us per query, <= 100 ms per visibility map.
The random boards are seeded, so every run measures the same work.
"""
from __future__ import annotations

import random
import statistics
import time

from . import geometry as g
from .los import evaluate, visibility
from .setup import load_setup

TERRAINS = ["woods", "brush", "grain", "orchard", "building", "stone-building", "marsh",
            "gully"]


def random_setup(columns: int, rows: int, rng: random.Random, density: float = 0.3) -> dict:
    grid = g.Grid(columns, rows)
    hexes, sides = {}, {}
    for h in grid.hexes():
        if rng.random() < density:
            entry = {"terrain": rng.choice(TERRAINS)}
            if rng.random() < 0.2:
                entry["level"] = rng.randint(1, 2)
            hexes[g.hex_name(h)] = entry
        for n in g.neighbours(h)[:3]:
            if grid.contains(n) and rng.random() < 0.08:
                sides[g.hexside_name(g.hexside(h, n))] = rng.choice(["wall", "hedge", "bocage"])
    return {"format": "asl-setup", "version": 1, "map": {"columns": columns, "rows": rows},
            "hexes": hexes, "hexsides": sides, "units": []}


def bench_los(n: int = 3000, seed: int = 1) -> tuple[float, float]:
    rng = random.Random(seed)
    s = load_setup(random_setup(33, 10, rng))
    cells = s.grid.hexes()
    pairs = []
    while len(pairs) < n:
        a, b = rng.choice(cells), rng.choice(cells)
        if 6 <= g.distance(a, b) <= 14:
            pairs.append(({"hex": g.hex_name(a)}, {"hex": g.hex_name(b)}))
    for a, b in pairs[:200]:        # warm the trace cache, as a session of play does
        evaluate(s, a, b).as_dict()
    times = []
    for a, b in pairs:
        t0 = time.perf_counter()
        evaluate(s, a, b).as_dict()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6, statistics.quantiles(times, n=20)[-1] * 1e6


def bench_visibility(runs: int = 5, seed: int = 2) -> tuple[float, float]:
    rng = random.Random(seed)
    s = load_setup(random_setup(66, 20, rng))
    cells = s.grid.hexes()
    g._REL_CACHE.clear()
    g._ABS_CACHE.clear()
    viewer = {"hex": g.hex_name(rng.choice(cells))}
    t0 = time.perf_counter()
    visibility(s, viewer)
    cold = time.perf_counter() - t0
    warm = []
    for _ in range(runs):
        viewer = {"hex": g.hex_name(rng.choice(cells))}
        visibility(s, viewer)  # first sight of this viewer's offsets
        t0 = time.perf_counter()
        visibility(s, viewer)
        warm.append(time.perf_counter() - t0)
    return cold * 1e3, statistics.median(warm) * 1e3


def main() -> None:
    med, p95 = bench_los()
    print(f"los query, range 6-14, random 33x10 board: median {med:.1f} us, p95 {p95:.1f} us "
          "(target <= 100 us)")
    cold, warm = bench_visibility()
    print(f"visibility, random 66x20 map ({66 * 20 + 33} hexes): cold {cold:.0f} ms, "
          f"warm median {warm:.0f} ms (target <= 100 ms)")


if __name__ == "__main__":
    main()
