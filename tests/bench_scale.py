"""The cost as the work grows (issue 41): visibility on a 4 x 2 map of real
boards against a 2 x 1 map seen from the same viewers, importing eight boards
against one, and the dead ground of a side of ten units on the 2 x 1 map. A
benchmark that prints figures, not a test.

    python -m tests.bench_scale [--boards 01,02,03,04,05,06,07,08] [--viewers 7]

The archives are the player's own, read from ~/.cache/vasl-boards
(DEVELOPERS.md says how to get them); nothing read from them is kept. Times
are CPU (``time.process_time``): the machine may be shared.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from pycore import api
from tests.boards import BOARDS


def _import(data: bytes) -> tuple[str, float]:
    t0 = time.process_time()
    source = api.import_board(data)["source"]
    return source, time.process_time() - t0


def _map(rows: list[list[tuple[str, str]]]) -> dict:
    return {"format": "asl-setup", "version": 1, "units": [],
            "map": {"boards": [[{"board": b, "source": s} for b, s in row] for row in rows]}}


def _visibility(setup: dict, viewers: list[str]) -> float:
    """The median CPU ms of visibility from each viewer, new to the setup,
    once the map's drawing has been read (by a first viewer)."""
    api.visibility(setup, viewers[0])
    times = []
    for v in viewers[1:]:
        t0 = time.process_time()
        api.visibility(setup, v)
        times.append(time.process_time() - t0)
    return statistics.median(times) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default="01,02,03,04,05,06,07,08", help="eight board labels")
    ap.add_argument("--viewers", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    labels = args.boards.split(",")
    if len(labels) != 8:
        raise SystemExit("bench_scale: give eight boards")
    datas = []
    for label in labels:
        path = BOARDS / f"bd{label}"
        if not path.exists():
            raise SystemExit(f"bench_scale: no board archive {path} (DEVELOPERS.md says how to get them)")
        datas.append(path.read_bytes())

    api.clear_boards()
    _, first = _import(datas[0])                 # the process's first import, warming the code
    one = []
    for _ in range(3):
        api.clear_boards()
        one.append(_import(datas[0])[1])
    api.clear_boards()
    sources, each = zip(*(_import(d) for d in datas))
    single = min(one)
    print(f"import: one board {single * 1e3:.0f} ms (least of 3; the process's first "
          f"{first * 1e3:.0f} ms); eight boards in turn {sum(each) * 1e3:.0f} ms "
          f"({', '.join(f'{t * 1e3:.0f}' for t in each)}): {sum(each) / (8 * single):.2f}x "
          "eight times one (linear: about 1)")

    boards = list(zip(labels, sources))
    small = _map([boards[0:2]])
    large = _map([boards[0:4], boards[4:8]])
    s = api.load(small)
    rnd = random.Random(args.seed)
    first_board = [n for n in (s.names.hex(h) for h in sorted(s.grid.hexes()))
                   if n.startswith(labels[0])]
    viewers = [rnd.choice(first_board) for _ in range(args.viewers + 1)]
    hexes = (len(s.grid.hexes()), len(api.load(large).grid.hexes()))
    small_ms, large_ms = _visibility(small, viewers), _visibility(large, viewers)
    print(f"visibility from a new viewer on board {labels[0]}: 2 x 1 map ({hexes[0]} hexes) "
          f"{small_ms:.1f} ms, 4 x 2 map ({hexes[1]} hexes) {large_ms:.1f} ms: "
          f"{large_ms / small_ms:.2f}x (target <= 4.5x)")

    # dead ground: a side of ten units on the 2 x 1 map, each unit's sweep its own
    names = [s.names.hex(h) for h in sorted(s.grid.hexes())]
    times = []
    for run in range(3):
        side = dict(small, notes=f"run {run}", units=[
            {"id": f"g{i}", "side": "German", "type": "squad", "hex": rnd.choice(names)}
            for i in range(10)])
        api.load(side)
        api.visibility(side, names[0])              # the map's drawing read once
        t0 = time.process_time()
        api.coverage(side, "German")
        times.append(time.process_time() - t0)
    print(f"dead ground of a side of 10 units on the 2 x 1 map: "
          f"{', '.join(f'{t:.2f}' for t in times)} s (target <= 0.5 s)")


if __name__ == "__main__":
    main()
