"""LOS per check and a board's visibility, side by side with VASL's own Java
LOS engine, on the same real board archives and the same threads, in one run
(issue 41). A benchmark that prints figures, not a test.

    python -m tests.bench_vasl --engine WORK [--boards 6,44,12,8] [--pairs 300] [--viewers 5]
                               [--vasl-passes 30]

WORK is the folder VASL's engine and its two runners were built in
(DEVELOPERS.md); the archives are read from ~/.cache/vasl-boards, and nothing
read from them is kept. Both engines get the same random pairs of hexes
(centre to centre, ground level) and the same viewers:

- VASL (RealBatch): JIT-warm, ``Map.LOS`` alone on Locations found
  beforehand, thread CPU time of its last timing pass. Warm takes many passes:
  on 300 pairs a board, VASL's median per check on boards 06, 44, 12 and 08 was
  68-179 us after 5 passes and 44-101 us after 30 (2026-11-30), so 30 is the
  default (``--vasl-passes``); its visibility passes come after them;
- ours: ``pycore.api.los`` on hex names, as the page asks it, the answer
  with every step; CPU time per check on pairs not asked before (the board's
  drawing read once by a first viewer's visibility, and the code warmed on
  other pairs of the same board), and again on the same pairs asked a second
  time (their threads kept);
- visibility: VASL one check per hex of the board from the viewer (its last
  of 3 passes), ours ``pycore.api.visibility`` from a viewer not asked before
  on a setup already loaded (the board's drawing read once, by an earlier
  viewer).

Run it on an idle machine: the figures are medians, and the ratio is VASL's
time over ours (above 1: we are faster).
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from pycore import api
from tests.boards import BOARDS


def _board(label: str) -> tuple[Path, dict, list[str]]:
    path = BOARDS / f"bd{label}"
    if not path.exists():
        raise SystemExit(f"bench_vasl: no board archive {path} (DEVELOPERS.md says how to get them)")
    source = api.import_board(path.read_bytes())["source"]
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": label, "source": source}]]}, "units": []}
    s = api.load(setup)
    return path, setup, [s.names.hex(h) for h in sorted(s.grid.hexes())]


def _vasl(engine: Path, jobs: list[tuple[Path, list[tuple[str, str]], list[str]]],
          passes: int) -> list[dict]:
    """VASL's CPU times per board: {"los": [ns per pair], "vis": [ns per viewer]}."""
    lines = [f"PASSES {passes}"]
    for path, pairs, viewers in jobs:
        lines.append(f"BOARD {path}")
        lines += [f"Q {i} {a} 0 {b} 0" for i, (a, b) in enumerate(pairs)]
        lines += [f"VIS {i} {v} 0" for i, v in enumerate(viewers)]
        lines.append("END")
    with tempfile.TemporaryFile("w+") as queries:
        queries.write("\n".join(lines) + "\n")
        queries.seek(0)
        done = subprocess.run(["java", "-cp", "classes", "RealBatch", "data/SharedBoardMetadata.xml"],
                              cwd=engine, stdin=queries, capture_output=True, text=True, check=True)
    out: list[dict] = []
    for line in done.stdout.splitlines():
        f = line.split(" ")
        if f[0] == "BUILD":
            out.append({"los": [], "vis": []})
        elif f[0] == "R":
            out[-1]["los"].append(int(f[5]))
        elif f[0] == "V":
            out[-1]["vis"].append(int(f[6]))
    return out


def _ours_los(setup: dict, pairs: list[tuple[str, str]]) -> list[int]:
    got = []
    for a, b in pairs:
        t0 = time.thread_time_ns()
        api.los(setup, a, b)
        got.append(time.thread_time_ns() - t0)
    return got


def _ours_vis(setup: dict, viewers: list[str]) -> list[int]:
    got = []
    for v in viewers:
        t0 = time.thread_time_ns()
        api.visibility(setup, v)
        got.append(time.thread_time_ns() - t0)
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, type=Path, help="build.sh's WORK folder")
    ap.add_argument("--boards", default="06,44,12,08", help="board labels, e.g. 06,44,12,08")
    ap.add_argument("--pairs", type=int, default=300)
    ap.add_argument("--viewers", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vasl-passes", type=int, default=30, help="VASL's timing passes a board")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    boards = []
    for label in args.boards.split(","):
        path, setup, names = _board(label)
        pairs = [(rnd.choice(names), rnd.choice(names)) for _ in range(args.pairs)]
        pairs = [(a, b) for a, b in pairs if a != b]
        viewers = [rnd.choice(names) for _ in range(args.viewers + 1)]
        boards.append((label, path, setup, names, pairs, viewers))
    strip = [len(label) for label, *_ in boards]
    vasl = _vasl(args.engine, [(path, [(a[n:], b[n:]) for a, b in pairs], [v[n:] for v in viewers[1:]])
                               for (_, path, _, _, pairs, viewers), n in zip(boards, strip)],
                 args.vasl_passes)
    print("CPU medians; ratio = VASL / ours (above 1: ours is faster)")
    print(f"{'board':>6} {'VASL los':>10} {'ours new':>10} {'ratio':>6} {'ours again':>11} {'ratio':>6}"
          f" {'VASL vis':>9} {'ours vis':>9} {'ratio':>6}")
    ratios: dict[str, list[float]] = {"los": [], "again": [], "vis": []}
    for (label, _, setup, names, pairs, viewers), theirs in zip(boards, vasl):
        api.visibility(setup, viewers[0])           # the board's drawing read once
        warm = [(rnd.choice(names), rnd.choice(names)) for _ in range(300)]
        _ours_los(setup, warm)                      # the code warm, these pairs not asked
        new, again = _ours_los(setup, pairs), _ours_los(setup, pairs)
        vis = _ours_vis(setup, viewers[1:])
        v_los, o_new, o_again = (statistics.median(x) / 1000 for x in (theirs["los"], new, again))
        v_vis, o_vis = (statistics.median(x) / 1e6 for x in (theirs["vis"], vis))
        row = {"los": v_los / o_new, "again": v_los / o_again, "vis": v_vis / o_vis}
        for k, r in row.items():
            ratios[k].append(r)
        print(f"{label:>6} {v_los:8.1f}us {o_new:8.1f}us {row['los']:5.2f}x {o_again:9.1f}us "
              f"{row['again']:5.2f}x {v_vis:7.1f}ms {o_vis:7.1f}ms {row['vis']:5.2f}x")
    print("geometric mean of the ratios: " + ", ".join(
        f"{k} {statistics.geometric_mean(v):.2f}x" for k, v in ratios.items()))


if __name__ == "__main__":
    main()
