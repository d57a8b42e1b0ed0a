"""Benchmark of the rules core on CPython: ``python -m tests.bench`` prints its figures (issues 2 and 13).

Rows, on CPython, with their targets:

- ``los`` at range 6-14 on a random 33 x 10 board: the engine alone
  (a loaded setup; <= 100 us), through ``pycore.api`` with a dict seen before
  and through ``web.bridge.call`` with the setup's JSON text unchanged between
  clicks, as the page sends it (each <= 2x the engine);
- ``visibility`` on a random 66 x 20 map from a viewer not asked before
  (<= 50 ms median; the trace geometry warmed by earlier viewers, as in play;
  the very first viewer of the process is printed too) and from a viewer asked
  before (<= 20 ms);
- the memory the process holds after 40 viewers' visibility maps (<= 64 MB RSS);
- a board as drawn (issue 20): ``los`` on an imported board with woods and
  buildings drawn over parts of 100 hexes (<= 2x the engine on the same board
  painted whole-hex), ``visibility`` from a new viewer on 2 x 1 such boards
  (<= 100 ms), and the memory of every hex's depiction layer (<= 20 MB);
- importing one VASL board archive (``pycore.api.import_board``; <= 0.5 s) and
  the memory each imported board holds (<= 20 MB), on archives the tests'
  writer paints (``tests/vasl_writer.py``: no real board's data).

- pathological setups (issue 24): bocage on every hexside over hills, a
  level-20 corner over a field of hindrances (and with 4,000 walls), an old
  link's 132 x 80 map, each with 400 units: validate, Wall Advantage, a
  visibility sweep whole and in the page's steps (``web.bridge.begin``;
  a step <= 100 ms) and the page's grid drawn in steps.
  ``python -m tests.bench pathological`` prints this section alone, and
  ``python -m tests.bench drawn`` the board as drawn.
- ``coverage`` for a side of 10 units on a 2 x 1 map of boards as drawn
  (<= 0.5 s); ``python -m tests.bench coverage`` prints it alone.

The random boards are seeded, so every run measures the same work.
"""
from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from pycore import api
from pycore import geometry as g
from pycore.geometry import tracing
from pycore.rules import visibility as sweep
from pycore.rules.los import evaluate
from pycore.setup import load_setup

TERRAINS = ["woods", "brush", "grain", "orchard", "building", "stone-building", "marsh",
            "gully"]


def random_setup(columns: int, rows: int, rng: random.Random, density: float = 0.3) -> dict:
    grid = g.Grid(columns, rows)
    hexes, sides = {}, {}
    for h in grid.hexes():
        if rng.random() < density:
            entry: dict[str, Any] = {"terrain": rng.choice(TERRAINS)}
            if rng.random() < 0.2:
                entry["level"] = rng.randint(1, 2)
            hexes[g.PLAIN.hex(h)] = entry
        for n in g.neighbours(h)[:3]:
            if grid.contains(n) and rng.random() < 0.08:
                sides[g.PLAIN.hexside(g.hexside(h, n))] = rng.choice(["wall", "hedge", "bocage"])
    return {"format": "asl-setup", "version": 1, "map": {"columns": columns, "rows": rows},
            "hexes": hexes, "hexsides": sides, "units": []}


def _median_us(run, items, clock=time.perf_counter) -> tuple[float, float]:
    times = []
    for item in items:
        t0 = clock()
        run(item)
        times.append(clock() - t0)
    return statistics.median(times) * 1e6, statistics.quantiles(times, n=20)[-1] * 1e6


def _in_turn(i: int, runs: list[tuple[Any, Any]], rounds: int = 3) -> tuple[list[float], list[float]]:
    """Each ``(prepare, run)`` of ``runs`` ``rounds`` times, the first of them in turn
    (item ``i`` and the round decide), so that all run under the same load; ``prepare``
    runs untimed before each. The CPU seconds of each one's first round, and the least
    of its rounds: a shared machine's other work only ever adds to a time."""
    first, least = [0.0] * len(runs), [float("inf")] * len(runs)
    for round_ in range(rounds):
        for k in (range(len(runs)) if (i + round_) % 2 else reversed(range(len(runs)))):
            prepare, run = runs[k]
            prepare()
            t0 = time.process_time()
            run()
            t = time.process_time() - t0
            if round_ == 0:
                first[k] = t
            least[k] = min(least[k], t)
    return first, least


def bench_los(n: int = 3000, seed: int = 1) -> dict:
    """Median and p95 (us) of one ``los`` by the engine, the dict API and the bridge."""
    from web import bridge
    rng = random.Random(seed)
    setup = random_setup(33, 10, rng)
    s = load_setup(setup)
    cells = s.grid.hexes()
    pairs: list[tuple[dict[str, str], dict[str, str]]] = []
    while len(pairs) < n:
        a, b = rng.choice(cells), rng.choice(cells)
        if 6 <= g.distance(a, b) <= 14:
            pairs.append(({"hex": g.PLAIN.hex(a)}, {"hex": g.PLAIN.hex(b)}))
    for viewer, target in pairs[:200]:   # warm the trace cache, as a session of play does
        evaluate(s, viewer, target).as_dict()
    # The page's worker sends one JSON string per click (JSON.stringify in the page).
    texts = [json.dumps([setup, a, b], separators=(",", ":")) for a, b in pairs]
    api.los(setup, *pairs[0])
    bridge.call("los", texts[0])
    return {
        "engine": _median_us(lambda p: evaluate(s, *p).as_dict(), pairs),
        "api": _median_us(lambda p: api.los(setup, *p), pairs),
        "bridge": _median_us(lambda t: bridge.call("los", t), texts),
    }


def bench_visibility(new: int = 9, seed: int = 2) -> dict:
    """ms for visibility on a random 66 x 20 map: the first viewer of a cold process,
    the median of new viewers, and of viewers asked before."""
    rng = random.Random(seed)
    s = load_setup(random_setup(66, 20, rng))
    cells = s.grid.hexes()
    tracing.forget()
    sweep._OFFSETS.clear()

    def timed(viewer) -> float:
        t0 = time.perf_counter()
        sweep.visibility(s, viewer)
        return (time.perf_counter() - t0) * 1e3

    viewers = [{"hex": g.PLAIN.hex(h)} for h in rng.sample(cells, new + 4)]
    first = timed(viewers[0])
    for v in viewers[1:4]:          # earlier viewers in the session
        timed(v)
    fresh = [timed(v) for v in viewers[4:]]
    again = [timed(v) for v in viewers[4:]]
    return {"first": first, "new": statistics.median(fresh), "new_max": max(fresh),
            "again": statistics.median(again)}


def _rss_mb() -> float:
    """The process's resident memory now (Linux), else its peak."""
    try:
        with open("/proc/self/statm") as f:
            import os
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def bench_memory(viewers: int = 40, seed: int = 3) -> float:
    """RSS (MB) after ``viewers`` visibility maps on a random 66 x 20 map."""
    rng = random.Random(seed)
    setup = random_setup(66, 20, rng)
    cells = load_setup(setup).grid.hexes()
    for h in rng.sample(cells, viewers):
        api.visibility(setup, {"hex": g.PLAIN.hex(h)})
    return _rss_mb()


def _painted_board(rng: random.Random) -> tuple[dict, dict]:
    """A busy board: 40% of hexes with terrain or a hill, 150 walls, hedges, bocage."""
    from pycore.geometry.boards import BOARD_GRID
    from pycore.terrain.vasl.hexsides import board_hexsides
    hexes: dict = {}
    for h in BOARD_GRID.hexes():
        if rng.random() < 0.4:
            hexes[g.PLAIN.hex(h)] = {"terrain": rng.choice(TERRAINS), "level": rng.randint(0, 2)}
    sides = {g.PLAIN.hexside(sd): rng.choice(["wall", "hedge", "bocage"])
             for sd in rng.sample(board_hexsides(), 150)}
    return hexes, sides


def bench_board_import(runs: int = 7, seed: int = 4) -> dict:
    """Seconds to import one board archive: the first of the process (its
    hexside patterns computed then) and the median of later ones; and the
    traced memory (MB) each imported board keeps."""
    import tracemalloc
    from tests.vasl_writer import board_archive
    rng = random.Random(seed)
    hexes, sides = _painted_board(rng)
    files = [board_archive(hexes, sides, version=f"6.{i}") for i in range(runs + 3)]
    api.clear_boards()
    times = []
    for data in files[:runs]:
        t0 = time.perf_counter()
        api.import_board(data)
        times.append(time.perf_counter() - t0)
    api.clear_boards()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for data in files[runs:]:
        api.import_board(data)
    held = (tracemalloc.get_traced_memory()[0] - before) / 3 / 1e6
    peak = (tracemalloc.get_traced_memory()[1] - before) / 1e6
    tracemalloc.stop()
    # Opening a 2 x 1 map of imported boards: the setup loaded with both boards'
    # terrain (the first query) and a visibility map (the map is drawn by the
    # page: ``python build.py bench``).
    left = api.import_board(files[0])["source"]
    right = api.import_board(board_archive(hexes, sides, name="12"))["source"]     # its own number
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [[
        {"board": "41", "source": left}, {"board": "12", "source": right, "flip": True}]]}}
    api.DEFAULT.setups.clear()
    t0 = time.perf_counter()
    api.wall_advantage(setup)
    t1 = time.perf_counter()
    api.visibility(setup, {"hex": "41Q5"})
    t2 = time.perf_counter()
    api.clear_boards()
    return {"first": times[0], "median": statistics.median(times[1:]), "max": max(times[1:]),
            "held_mb": held, "peak_mb": peak, "bytes": len(files[0]),
            "map_load": t1 - t0, "map_visibility": t2 - t1}


def _drawn_board(rng: random.Random) -> tuple[dict, tuple]:
    """A busy board whose woods and buildings are drawn over parts of 100 hexes."""
    from pycore.geometry.boards import BOARD_GRID
    hexes, _ = _painted_board(rng)
    shapes = []
    for h in rng.sample(BOARD_GRID.hexes(), 100):
        shape: dict[str, Any] = {"hex": g.PLAIN.hex(h),
                                 "terrain": rng.choice(["woods", "building"])}
        if rng.random() < 0.5:
            shape["disc"] = rng.randint(8, 30)
        else:
            x0, y0 = rng.randint(-36, 20), rng.randint(-30, 20)
            shape["rect"] = (x0, y0, x0 + rng.randint(6, 30), y0 + rng.randint(6, 30))
        shapes.append(shape)
    hexes = {n: v for n, v in hexes.items() if v["terrain"] not in ("building", "stone-building")}
    return hexes, tuple(shapes)


def _crest_lines(hexes: dict, rng: random.Random, n: int = 150) -> tuple:
    """Hills drawn as on a real board: ``n`` patches of ground a level above
    their hex's, each reaching across its hex's edge into its neighbours, so
    that crest lines run across hexes (issue 32)."""
    from pycore.geometry.boards import BOARD_GRID
    shapes = []
    for h in rng.sample(BOARD_GRID.hexes(), n):
        name = g.PLAIN.hex(h)
        level = hexes.get(name, {}).get("level", 0) + 1
        x0, y0 = rng.randint(-50, 10), rng.randint(-40, 10)
        shapes.append({"hex": name, "level": level,
                       "rect": (x0, y0, x0 + rng.randint(20, 60), y0 + rng.randint(15, 50))})
    return tuple(shapes)


def bench_drawn(n: int = 2000, viewers: int = 15, seed: int = 5) -> dict:
    """A board as drawn: us per los on it vs the engine on the same board painted
    whole-hex; ms of visibility from new viewers on 2 x 1 drawn boards; MB of
    one board's depiction layers."""
    import tracemalloc
    from tests.vasl_writer import board_archive
    from pycore.geometry.boards import BOARD_GRID
    from pycore.terrain.vasl import layers
    rng = random.Random(seed)
    hexes, shapes = _drawn_board(rng)
    shapes = _crest_lines(hexes, random.Random(seed + 1)) + shapes
    data = board_archive(hexes, {}, shapes=shapes, metadata_buildings=False)
    source = api.import_board(data)["source"]
    right = api.import_board(board_archive(hexes, {}, shapes=shapes, version="6.2", name="12",
                                           metadata_buildings=False))["source"]
    terrain = api.board_terrain(source)["hexes"]
    drawn = load_setup({"format": "asl-setup", "version": 1,
                        "map": {"boards": [[{"board": "41", "source": source}]]}}, api.DEFAULT.library)
    painted = load_setup({"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]},
                          "hexes": {"41" + k: v for k, v in terrain.items()}})
    cells = painted.grid.hexes()
    pairs: list[tuple[dict[str, str], dict[str, str]]] = []
    while len(pairs) < n:
        a, b = rng.choice(cells), rng.choice(cells)
        if 6 <= g.distance(a, b) <= 14:
            pairs.append(({"hex": painted.names.hex(a)}, {"hex": painted.names.hex(b)}))
    # Every pair once on both maps first: each hex a thread crosses is read once per
    # setup (its drawing's bands, ``pycore.rules.los.drawn.AsDrawn.entry``), as VASL's engine
    # was timed warm; that first reading is timed on its own below ("read once").
    for viewer, target in pairs:
        evaluate(drawn, viewer, target)
        evaluate(painted, viewer, target)
    # CPU time (time.process_time): on a shared machine the wall clock adds
    # the time other processes ran
    cpu = time.process_time
    out: dict[str, Any] = {
        "painted": _median_us(lambda p: evaluate(painted, *p).as_dict(), pairs, cpu),
        "drawn": _median_us(lambda p: evaluate(drawn, *p).as_dict(), pairs, cpu)}
    # The same, pair by pair (issue 32): each pair on both maps three times, in turn
    # first (what the first warms the second finds warm), so that both run under the
    # same load; the least of a pair's three times counts, as the time the machine gave
    # the check whole. Each places its thread (the placed threads kept are emptied first).
    paired: tuple[list[float], list[float]] = ([], [])
    for i, p in enumerate(pairs):
        _, least = _in_turn(i, [(tracing._ABS_CACHE.clear, lambda s=s, p=p: evaluate(s, *p).as_dict())
                                for s in (painted, drawn)])
        for k in (0, 1):
            paired[k].append(least[k])
    out["paired"] = tuple(statistics.median(t) * 1e6 for t in paired)
    two_map = {"boards": [[{"board": "41", "source": source},
                           {"board": "12", "source": right, "flip": True}]]}
    two = load_setup({"format": "asl-setup", "version": 1, "map": two_map}, api.DEFAULT.library)
    names = [{"hex": two.names.hex(h)} for h in rng.sample(two.grid.hexes(), viewers + 3)]
    for v in names[:3]:                       # earlier viewers of the session
        sweep.visibility(two, v)
    # the same 2 x 1 map painted whole-hex, each hex as its board reads it
    whole = {two.names.hex(h): {"terrain": i.terrain, "level": i.level, "levels": i.levels}
             for h in two.grid.hexes() for i in (two.hex(h),) if i != type(i)()}
    two_painted = load_setup({"format": "asl-setup", "version": 1, "map": {"boards": [[
        "41", {"board": "12", "flip": True}]]}, "hexes": whole})
    for v in names[:3]:
        sweep.visibility(two_painted, v)
    # each new viewer on both maps, in turn first, so that both see the same load; then
    # twice more, its map forgotten (sweep.MAPS), for the least of its 3 times
    firsts, leasts = [], []
    for i, v in enumerate(names[3:]):
        first, least = _in_turn(i, [(setup.derived(sweep.MAPS).clear,
                                     lambda setup=setup, v=v: sweep.visibility(setup, v))
                                    for setup in (two, two_painted)])
        firsts.append(first)
        leasts.append(least)
    for k, key in enumerate(("visibility", "visibility_painted")):
        ms = [first[k] * 1e3 for first in firsts]
        out[key] = (statistics.median(ms), max(ms))
    out["visibility_least"] = tuple(statistics.median(least[k] * 1e3 for least in leasts)
                                    for k in (0, 1))
    # the first reading of every hex of the 2 x 1 map, once per setup (its boards' layers
    # are read once per board, and kept)
    from pycore.rules.los.context import terrain
    fresh = load_setup({"format": "asl-setup", "version": 1, "map": two_map}, api.DEFAULT.library)
    t0 = cpu()
    for h in fresh.grid.hexes():
        terrain(fresh).entry(h)
    out["read_once"] = (cpu() - t0) * 1e3
    board = api.DEFAULT.library.get(right)
    board.layers.clear()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for h in BOARD_GRID.hexes():
        layers.layer(board, h)
    out["layers_mb"] = (tracemalloc.get_traced_memory()[0] - before) / 1e6
    tracemalloc.stop()
    out["partial"] = sum(1 for h in BOARD_GRID.hexes() if board.layers[h].columns is not None)
    out["crests"] = sum(1 for h in BOARD_GRID.hexes()
                        if layers.ground_layer(board, h).columns is not None)
    api.clear_boards()
    return out


def bench_ssr(n: int = 1500, viewers: int = 7, seed: int = 6) -> dict:
    """Scenario rules (issue 29): ``pycore.api.los`` (us, median and p95) and
    visibility from viewers not asked before (ms, median) on a 2 x 1 map of
    imported boards with 150 walls, hedges and bocage, with "hedges-to-bocage"
    on and without it, in the same run (alternating, same pairs and viewers)."""
    from tests.vasl_writer import board_archive
    rng = random.Random(seed)
    hexes, sides = _painted_board(rng)
    left = api.import_board(board_archive(hexes, sides))["source"]
    right = api.import_board(board_archive(hexes, sides, version="6.2", name="12"))["source"]
    base = {"format": "asl-setup", "version": 1, "map": {"boards": [[
        {"board": "41", "source": left}, {"board": "12", "source": right, "flip": True}]]}}
    grid = api.load(base)
    by_hand = {grid.names.hexside(sd): "bocage" for sd, w in grid.hexsides.items()
               if getattr(w, "type", None) == "hedge"}
    setups = {"without": base, "hedges-to-bocage": {**base, "ssr": ["hedges-to-bocage"]},
              "bocage by hand": {**base, "hexsides": by_hand}}
    cells = grid.grid.hexes()
    pairs: list[tuple[dict, dict]] = []
    while len(pairs) < n:
        a, b = rng.choice(cells), rng.choice(cells)
        if 6 <= g.distance(a, b) <= 14:
            pairs.append(({"hex": grid.names.hex(a)}, {"hex": grid.names.hex(b)}))
    names = [{"hex": grid.names.hex(h)} for h in rng.sample(cells, viewers + 2)]
    out: dict[str, Any] = {}
    for s in setups.values():          # loaded and cached once each, as in play
        for p in pairs[:100]:
            api.los(s, *p)
        for v in names[:2]:
            api.visibility(s, v)
    los_t: dict[str, list[float]] = {k: [] for k in setups}
    for p in pairs:
        for k, s in setups.items():
            t0 = time.perf_counter()
            api.los(s, *p)
            los_t[k].append((time.perf_counter() - t0) * 1e6)
    vis_t: dict[str, list[float]] = {k: [] for k in setups}
    for v in names[2:]:
        for k, s in setups.items():
            t0 = time.perf_counter()
            api.visibility(s, v)
            vis_t[k].append((time.perf_counter() - t0) * 1e3)
    for k in setups:
        ts = sorted(los_t[k])
        out[k] = (statistics.median(ts), ts[int(len(ts) * 0.95)], statistics.median(vis_t[k]))
    out["changed"] = len(api.load(setups["hedges-to-bocage"]).ssr_changed)
    api.clear_boards()
    return out


def print_ssr(r: dict) -> None:
    print(f"scenario rules: 2 x 1 imported boards, hedges-to-bocage on ({r['changed']} hexsides "
          "changed), without it, and the same bocage written by hand, same run:")
    for k in ("without", "hedges-to-bocage", "bocage by hand"):
        los_med, los_p95, vis = r[k]
        print(f"  {k:17s} api.los median {los_med:6.1f} us (p95 {los_p95:6.1f}), "
              f"visibility new viewer median {vis:6.1f} ms")
    a, b = r["without"], r["hedges-to-bocage"]
    c = r["bocage by hand"]
    print(f"  ratio with/without: los {b[0] / a[0]:.2f}, visibility {b[2] / a[2]:.2f} "
          "(target <= 1.10)")
    print(f"  ratio SSR/by hand (the SSR's own cost): los {b[0] / c[0]:.2f}, "
          f"visibility {b[2] / c[2]:.2f}")


# Pathological but legal setups (issue 24, item 4): each with the viewer whose
# visibility sweep is the slowest found. Shared with the browser benchmark.
HINDRANCES = ("grain", "brush", "orchard")


def _units(grid: g.Grid, rng: random.Random, n: int = 400) -> list[dict]:
    cells = grid.hexes()
    return [{"id": f"u{i}", "side": ("German", "Russian")[i % 2], "type": "squad",
             "hex": g.PLAIN.hex(rng.choice(cells))} for i in range(n)]


def bocage_everywhere(columns: int = 66, rows: int = 20) -> dict:
    """Bocage on every hexside (up to the 4,000 a setup may hold) over open
    hills of levels 0-3 in patches, 400 units; unit u0 on a level-3 hill near
    a corner, which sees over the bocage of the hills below it."""
    grid = g.Grid(columns, rows)
    hexes: dict[str, dict] = {}
    sides: dict[str, str] = {}
    for h in grid.hexes():
        col, row = g.col_row(h)
        level = (col // 4 + row // 5) % 4
        if level:
            hexes[g.PLAIN.hex(h)] = {"level": level}
        for n in g.neighbours(h)[:3]:
            if grid.contains(n) and len(sides) < 4000:
                sides[g.PLAIN.hexside(g.hexside(h, n))] = "bocage"
    units = _units(grid, random.Random(24))
    units[0]["hex"] = "C3"
    hexes["C3"] = {"level": 3}
    return {"format": "asl-setup", "version": 1, "map": {"columns": columns, "rows": rows},
            "hexes": hexes, "hexsides": sides, "units": units}


def hindrance_field(columns: int = 132, rows: int = 20, walls: int = 0,
                    corner: int = 20) -> dict:
    """Every hex a hindrance (grain, brush, orchard) but corner A1 at level
    ``corner``, where unit u0 stands; ``walls`` walls on every other hexside."""
    grid = g.Grid(columns, rows)
    hexes = {g.PLAIN.hex(h): {"terrain": HINDRANCES[i % 3]} for i, h in enumerate(grid.hexes())}
    hexes["A1"] = {"level": corner}
    all_sides = [g.hexside(h, n) for h in grid.hexes() for n in g.neighbours(h)[:3]
                 if grid.contains(n)]
    sides = {g.PLAIN.hexside(sd): "wall" for sd in all_sides[::2][:walls]}
    units = _units(grid, random.Random(25))
    units[0]["hex"] = "A1"
    return {"format": "asl-setup", "version": 1, "map": {"columns": columns, "rows": rows},
            "hexes": hexes, "hexsides": sides, "units": units}


def old_map(columns: int = 132, rows: int = 80) -> dict:
    """A map over today's cap, as a link of an earlier release may hold one
    (it opens with a warning): seeded random terrain, 4,000 hexes painted."""
    setup = random_setup(columns, rows, random.Random(26), density=0.3)
    setup["hexes"] = dict(list(setup["hexes"].items())[:4000])
    setup["hexsides"] = dict(list(setup["hexsides"].items())[:4000])
    setup["units"] = [{"id": "u0", "side": "German", "type": "squad", "hex": "A1"}]
    return setup


def pathological() -> dict[str, tuple[dict, str]]:
    """name -> (setup, viewer): the worst visibility sweeps found."""
    return {"bocage everywhere over hills, 66 x 20": (bocage_everywhere(), "u0"),
            "level-20 corner over hindrances, 132 x 20": (hindrance_field(), "u0"),
            "the same with 4,000 walls": (hindrance_field(walls=4000), "u0"),
            "old link's map, 132 x 80": (old_map(), "u0")}


def _in_steps(job: int, name: str, args: str) -> tuple[float, int, float, float]:
    """ms of a query run through web.bridge.begin/resume as the page's worker
    runs it: in all, how many steps, and the longest step in wall-clock and in
    CPU time (under load the wall clock adds the time other processes ran).
    Each step after the first hands on what it proved (``bridge.progress``,
    issue 30), as the worker does at most every 250 ms: an upper bound."""
    from web import bridge
    times, cpu = [], []
    answer = None
    while answer is None:
        t0, c0 = time.perf_counter(), time.process_time()
        if times:
            bridge.progress(job)
        answer = bridge.begin(job, name, args) if not times else bridge.resume(job)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    assert '"ok"' in answer[:8], answer[:200]
    return sum(times) * 1e3, len(times), max(times) * 1e3, max(cpu) * 1e3


def bench_pathological() -> dict:
    """Per pathological setup, ms: a new setup's validate, Wall Advantage,
    its visibility sweep whole and in steps (steps, longest step), and the
    page's grid drawn in steps."""
    from web import bridge
    bridge.warm()               # as the page's worker does before it is ready
    out = {}
    for job, (name, (setup, viewer)) in enumerate(pathological().items()):
        text = json.dumps([setup])
        row: dict[str, Any] = {}
        t0 = time.perf_counter()
        bridge.call("validate", text)
        row["validate"] = (time.perf_counter() - t0) * 1e3
        t0 = time.perf_counter()
        bridge.call("wall_advantage", text)
        row["wall_advantage"] = (time.perf_counter() - t0) * 1e3
        t0 = time.perf_counter()
        bridge.call("visibility", json.dumps([setup, viewer]))
        row["visibility"] = (time.perf_counter() - t0) * 1e3
        where = next(u["hex"] for u in setup["units"] if u["id"] == viewer)
        row["visibility in steps"] = _in_steps(2 * job, "visibility",
                                               json.dumps([setup, {"hex": where}]))
        # as after an edit: the setup not loaded yet, its loading the first step's
        api.DEFAULT.setups.clear()
        bridge._RECENT_TEXTS.clear()
        row["the same, a new setup"] = _in_steps(2 * job, "visibility",
                                                 json.dumps([setup, {"hex": where}]))
        grid = {**setup, "hexes": {}, "hexsides": {}, "units": []}
        row["render_map grid in steps"] = _in_steps(2 * job + 1, "render_map",
                                                    json.dumps([grid, {"counters": False}]))
        out[name] = row
    return out


def bench_coverage(units: int = 10, runs: int = 5, seed: int = 8) -> dict:
    """``coverage`` for a side of ``units`` Good Order units on a 2 x 1 map of boards
    as drawn (docs/contract.md, "Who sees a hex"): seconds of CPU on a setup just
    loaded (its boards' drawing read then), and with the drawing read but no sweep
    kept (``seen.CODES`` emptied); the first run of the process apart."""
    from tests.vasl_writer import board_archive
    from pycore.rules import seen
    rng = random.Random(seed)
    hexes, shapes = _drawn_board(rng)
    shapes = _crest_lines(hexes, random.Random(seed + 1)) + shapes
    left = api.import_board(board_archive(hexes, {}, shapes=shapes, metadata_buildings=False))
    right = api.import_board(board_archive(hexes, {}, shapes=shapes, version="6.2", name="12",
                                           metadata_buildings=False))
    two = {"boards": [[{"board": "41", "source": left["source"]},
                       {"board": "12", "source": right["source"], "flip": True}]]}
    cells = load_setup({"format": "asl-setup", "version": 1, "map": two}, api.DEFAULT.library)
    names = [cells.names.hex(h) for h in rng.sample(cells.grid.hexes(), units + 1)]
    setup = {"format": "asl-setup", "version": 1, "map": two,
             "units": [{"id": f"g{i}", "side": "German", "type": "squad", "hex": n}
                       for i, n in enumerate(names[:-1])]
             + [{"id": "r1", "side": "Russian", "type": "squad", "hex": names[-1]}]}
    cpu = time.process_time
    loaded, swept = [], []
    for _ in range(runs + 1):
        t0 = cpu()
        s = load_setup(setup, api.DEFAULT.library)
        got = seen.coverage(s, "German")
        t1 = cpu()
        s.derived(seen.CODES).clear()
        seen.coverage(s, "German")
        loaded.append(t1 - t0)
        swept.append(cpu() - t1)
    api.clear_boards()
    return {"hexes": len(got["hexes"]), "units": len(got["units"]), "first": loaded[0],
            "loaded": statistics.median(loaded[1:]), "swept": statistics.median(swept[1:]),
            "seen": sum(1 for v in got["hexes"].values() if v["seen"])}


def print_coverage(c: dict) -> None:
    print(f"coverage, a side of {c['units']} units on 2 x 1 boards as drawn ({c['hexes']} hexes, "
          f"{c['seen']} seen), CPU, median of the runs after the first:")
    print(f"  setup just loaded {c['loaded']:.3f} s; its drawing read, no sweep kept "
          f"{c['swept']:.3f} s (target <= 0.5 s); first of the process {c['first']:.3f} s")


def main() -> None:
    import sys
    if sys.argv[1:] == ["coverage"]:           # python -m tests.bench coverage
        print_coverage(bench_coverage())
        return
    if sys.argv[1:] == ["pathological"]:       # python -m tests.bench pathological
        print_pathological(bench_pathological())
        return
    if sys.argv[1:] == ["ssr"]:                # python -m tests.bench ssr
        print_ssr(bench_ssr())
        return
    if sys.argv[1:] == ["overlays"]:           # python -m tests.bench overlays
        from tests.bench_overlays import bench_overlays, bench_overlays_real, print_overlays
        print_overlays(bench_overlays(), bench_overlays_real())
        return
    if sys.argv[1:] == ["drawn"]:              # python -m tests.bench drawn
        print_drawn(bench_drawn())
        return
    api.DEFAULT.setups.clear()
    r = bench_los()
    engine = r["engine"][0]
    print("los, range 6-14, random 33x10 board (median, p95):")
    for key, what in (("engine", "engine alone (loaded setup)"),
                      ("api", "pycore.api.los(dict seen before)"),
                      ("bridge", "web.bridge.call, setup unchanged")):
        med, p95 = r[key]
        print(f"  {what:36s} {med:7.1f} us  p95 {p95:7.1f} us  {med / engine:4.1f}x engine")
    print("  targets: engine <= 100 us; api and bridge <= 2x engine")
    v = bench_visibility()
    print(f"visibility, random 66x20 map ({66 * 20 + 33} hexes):")
    print(f"  viewer not asked before  median {v['new']:6.1f} ms, max {v['new_max']:5.1f} "
          "(target <= 50 ms)")
    print(f"  viewer asked before      median {v['again']:6.1f} ms (target <= 20 ms)")
    print(f"  first viewer of a cold process {v['first']:6.1f} ms (no geometry cached yet)")
    print(f"memory after 40 viewers on 66x20: {bench_memory():.0f} MB RSS (target <= 64 MB)")
    b = bench_board_import()
    print(f"importing a VASL board archive ({b['bytes'] // 1000} KB, painted by the tests' writer):")
    print(f"  one board   median {b['median']:.3f} s, max {b['max']:.3f} s (target <= 0.5 s); "
          f"first of the process {b['first']:.3f} s")
    print(f"  memory kept per imported board {b['held_mb']:.1f} MB (target <= 20 MB); "
          f"peak while importing {b['peak_mb']:.1f} MB")
    print(f"  a 2 x 1 map of imported boards: loaded {b['map_load'] * 1e3:.1f} ms, "
          f"a visibility map {b['map_visibility'] * 1e3:.0f} ms")
    print_drawn(bench_drawn())
    print_ssr(bench_ssr())
    print_coverage(bench_coverage())
    print_pathological(bench_pathological())


def print_drawn(d: dict) -> None:
    med, p95 = d["drawn"]
    print(f"a board as drawn, CPU time ({d['partial']} hexes with woods/buildings over part of them, "
          f"{d['crests']} with crest lines across them):")
    print(f"  los, range 6-14, engine: drawn {med:6.1f} us (p95 {p95:6.1f}), painted whole-hex "
          f"{d['painted'][0]:6.1f} us: {med / d['painted'][0]:.2f}x (target <= 50 us, <= 1.2x)")
    painted, drawn = d["paired"]
    print(f"  the same, pair by pair (each pair 3 times on both maps, in turn first; the least "
          f"of its 3): drawn {drawn:6.1f} us, "
          f"painted {painted:6.1f} us: {drawn / painted:.2f}x")
    print(f"  visibility, 2 x 1 drawn boards, viewer not asked before (viewer by viewer, in "
          f"turn first): median "
          f"{d['visibility'][0]:.1f} ms, max {d['visibility'][1]:.0f} ms (target <= 40 ms); "
          f"painted whole-hex {d['visibility_painted'][0]:.1f} ms: "
          f"{d['visibility'][0] / d['visibility_painted'][0]:.2f}x (target <= 2x)")
    drawn_v, painted_v = d["visibility_least"]
    print(f"  the same, the least of 3 per viewer (its map forgotten): drawn {drawn_v:.1f} ms, "
          f"painted {painted_v:.1f} ms: {drawn_v / painted_v:.2f}x")
    print(f"  every hex of the 2 x 1 map read as drawn, once per setup: {d['read_once']:.0f} ms")
    print(f"  depiction layers of every hex of one board: {d['layers_mb']:.2f} MB "
          "(target <= 20 MB)")


def print_pathological(found: dict) -> None:
    print("pathological setups (issue 24), ms; in steps: all, steps, the longest step in "
          "wall-clock and CPU time (target: a step <= 100 ms):")
    for name, row in found.items():
        print(f"  {name}:")
        for what, value in row.items():
            if isinstance(value, tuple):
                print(f"    {what:26} {value[0]:8,.0f} ms in {value[1]:4} steps, "
                      f"longest {value[2]:5.0f} ms (CPU {value[3]:3.0f} ms)")
            else:
                print(f"    {what:26} {value:8,.0f} ms")


if __name__ == "__main__":
    main()
