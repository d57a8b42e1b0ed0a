"""An imported board's obstacles as drawn, hex by hex (A6.1).

**Which pixels are a hex's.** A pixel belongs to the hex whose centre is
nearest the pixel's centre, in the lattice's own measure, in which the hexes
are regular hexagons: ``pycore.geometry``'s hexagons, so a pixel is the hex's
whose hexagon holds its centre. In the quarter-pixel frame (``grid.quarter``:
hex centres and pixel centres ``(4i + 2, 4j + 2)`` are integer points) a
lattice unit across is 75 and one down is 129, and a hex is 4 across by 2
down, so the measure is ``16641 dx^2 + 16875 dy^2`` (``_d2``): integers,
compared exactly. The six neighbours' centres are the only rivals, and a pixel
centre on a hexside or vertex goes to the lowest of the hexes there (the
largest lattice y, then x), so every pixel of the board is exactly one hex's.
The shape repeats every 4 columns and 2 rows (``grid.PERIOD_X``,
``PERIOD_Y``): it is computed once per class of hex and shifted. On a board
of another shape (``grid.Shape``) the same holds in its own frame: a lattice
unit is ``ax`` across and ``ay`` down, the measure ``ay^2 dx^2 + 3 ax^2
dy^2``, and the period its own.

**The obstacle layer** of a hex: per pixel, the height in half levels of the
obstacle the pixel's terrain code shows (woods 2, a building its height by
B23.2, ``terrain.obstacle_height``; a building takes the levels the board's
metadata gives its hex), 0 for anything else, as ``pycore.terrain.depiction`` Columns.
Walls, hedges, bocage and roads are drawn over the hex's own terrain: their
pixels say nothing about it (``NO_SAY``), so a woods hex with a wall along a
hexside is still wholly woods.

A hex whose pixels (those with a say) all show one height is **whole**: the
rules judge it as the hex-by-hex reading does, exactly as a painted map. Only
a **partial** hex (woods or a building drawn over part of it) is judged on
its depiction. Nothing is kept for whole hexes; a partial hex keeps its runs
(a few hundred ints), computed when a thread first meets it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ... import geometry as g
from ..depiction import Columns, Run
from ..catalog import BUILDINGS, TERRAIN, hindrance_value, obstacle_height
from . import codes as c
from .grid import GEO, Shape

if TYPE_CHECKING:        # read only with a board file (not before the page is ready)
    from .archive import Archive


class _HexReading(Protocol):
    @property
    def hexes(self) -> dict[g.Hex, dict[str, Any]]: ...


class Board(Protocol):
    """What a layer is read from: an imported board (``pycore.terrain.vasl.library.Board``:
    named by its shape, since the board's reading uses this module)."""
    @property
    def archive(self) -> Archive: ...

    @property
    def reading(self) -> _HexReading: ...

    @property
    def layers(self) -> dict[Any, Any]: ...

NO_SAY = 255     # a code drawn over the hex's terrain (walls, hedges, roads)
_NO_SAY = bytes([NO_SAY])


@lru_cache(maxsize=None)
def height_table(building: str | None = None, levels: int = 1) -> bytes:
    """bytes.translate table: each code's obstacle height in half levels; with
    ``building``, every building code reads as that building (the metadata)."""
    out = bytearray(256)
    for code, r in c.CODES.items():
        if r.hexside is not None or code in c.ROADS:
            out[code] = NO_SAY
        elif r.terrain in BUILDINGS and building is not None:
            out[code] = obstacle_height(building, levels)
        elif r.terrain is not None and r.terrain != "open":
            out[code] = obstacle_height(r.terrain, r.levels)
    return bytes(out)


@lru_cache(maxsize=None)
def _shape(kx: int, ky: int, shape: Shape = GEO) -> tuple[tuple[int, int, int], ...]:
    """The pixels nearest hex (kx, ky) (one per class modulo the period): per
    pixel column, the rows whose centres lie in the hex's closed hexagon
    (``|dy| <= 1`` and ``|dx| + |dy| <= 2`` in lattice units: ``ax |py - cy|
    <= ay min(ax, 2 ax - |px - cx|)`` in the frame), worked out exactly; a
    pixel centre on its edge (the first or last of its column) is the
    nearest-centre test's, which gives it to the lowest hex there."""
    h = g.Hex((kx, ky))
    rivals = sorted(g.neighbours(h))
    u, half, ax, ay = shape.unit, shape.unit // 2, shape.ax, shape.ay
    wx, wy = ay * ay, 3 * ax * ax        # the measure (hexes regular)
    qc = shape.frame(h)
    qn = [(shape.frame(n), (n[1], n[0]) > (h[1], h[0])) for n in rivals]

    def mine(px: int, py: int) -> bool:
        d = wx * (px - qc[0]) ** 2 + wy * (py - qc[1]) ** 2
        return all(d < dn or (d == dn and not lower)
                   for q, lower in qn for dn in (wx * (px - q[0]) ** 2 + wy * (py - q[1]) ** 2,))
    out = []
    for i in range((qc[0] - 2 * ax) // u - 1, (qc[0] + 2 * ax) // u + 2):
        px = u * i + half
        reach = min(ax * ay, 2 * ax * ay - ay * abs(px - qc[0]))   # ax |py - cy| <= reach
        if reach < 0:
            continue
        # rows with ax |u j + half - cy| <= reach
        j0 = -((ax * (half - qc[1]) + reach) // (ax * u))
        j1 = (reach - ax * (half - qc[1])) // (ax * u)
        if j0 <= j1 and not mine(px, u * j0 + half):
            j0 += 1
        if j0 <= j1 and not mine(px, u * j1 + half):
            j1 -= 1
        if j0 <= j1:
            out.append((i, j0, j1))
    return tuple(out)


@lru_cache(maxsize=4096)
def pixels(h: g.Hex, shape: Shape = GEO) -> tuple[tuple[int, int, int], ...]:
    """Board-local hex ``h``'s pixels on the board: (column, first row, last row)."""
    (px, py), (wx, wy) = shape.period, shape.period_px
    kx, ky = h[0] % px, h[1] % py
    di = (h[0] - kx) // px * wx
    dj = (h[1] - ky) // py * wy
    out = []
    for i, j0, j1 in _shape(kx, ky, shape):
        i, j0, j1 = i + di, max(j0 + dj, 0), min(j1 + dj, shape.height - 1)
        if 0 <= i < shape.width and j0 <= j1:
            out.append((i, j0, j1))
    return tuple(out)


def runs_of(values: bytes, j0: int) -> list[Run]:
    """A column's non-zero values as (first row, last row, value) runs (each
    run's end found by ``bytes.lstrip``, not byte by byte)."""
    out: list[Run] = []
    k, n = 0, len(values)
    while k < n:
        end = n - len(values[k:].lstrip(values[k:k + 1]))
        v = values[k]
        if v and v != NO_SAY:
            out.append((j0 + k, j0 + end - 1, v))
        k = end
    return out


def obstacle_columns(codes: bytes, h: g.Hex, entry: dict[str, Any] | None,
                     shape: Shape = GEO) -> Columns | None:
    """Hex ``h``'s obstacle layer on a board whose code plane is ``codes``, or
    None where the hex is whole (one height over all its pixels with a say)."""
    terrain = (entry or {}).get("terrain")
    table = height_table(terrain, (entry or {}).get("levels", 1)) if terrain in BUILDINGS \
        else height_table()
    return _columns(codes, h, table, shape)


def _columns(codes: bytes, h: g.Hex, table: bytes, shape: Shape, seen: set[int] | None = None
             ) -> Columns | None:
    """Hex ``h``'s pixels through ``table`` as Columns, or None where the hex
    is whole (one value over all its pixels with a say). ``seen``, where
    given, is filled with the values its pixels show."""
    gh = shape.height
    spans = [(i, j0, i * gh + j0, i * gh + j1 + 1) for i, j0, j1 in pixels(h, shape)]
    said = b"".join(codes[lo:hi] for _, _, lo, hi in spans).translate(table).replace(
        _NO_SAY, b"")
    whole = not said or said.count(said[0]) == len(said)
    if seen is not None:
        seen.update(said[:1] if whole else said)
    if whole:
        return None
    cols = [(i, j0, codes[lo:hi].translate(table)) for i, j0, lo, hi in spans]
    out: dict[int, list[Run]] = {}
    for i, j0, values in cols:
        runs = runs_of(values, j0)
        if runs:
            out[i] = runs
    return out


class Layer(NamedTuple):
    """A hex's obstacle layer on one board: ``whole`` its one height, or None
    and ``columns`` where it is partial."""
    whole: int | None
    columns: Columns | None


def layer(board: Board, h: g.Hex) -> Layer:
    """Board-local hex ``h``'s layer on an imported board, cached there."""
    got = board.layers.get(h)
    if got is None:
        entry = board.reading.hexes.get(h)
        cols = obstacle_columns(board.archive.codes, h, entry, board.archive.shape)
        if cols is None:
            terrain = (entry or {}).get("terrain", "open")
            got = Layer(obstacle_height(terrain, (entry or {}).get("levels", 1)), None)
        else:
            got = Layer(None, cols)
        board.layers[h] = got
    return got


@lru_cache(maxsize=None)
def _kind_table(kinds: tuple[str, ...]) -> bytes:
    """bytes.translate table: 1 for the codes of the terrains ``kinds``, else 0."""
    return bytes(1 if (r := c.CODES.get(code)) is not None and r.terrain in kinds else 0
                 for code in range(256))


def _shows(board: Board, h: g.Hex, kinds: tuple[str, ...]) -> bool:
    """Does board-local hex ``h`` show pixels of one of the terrains ``kinds`` anywhere?"""
    key = (kinds, h)
    got = board.layers.get(key)
    if got is None:
        codes, table, shape = board.archive.codes, _kind_table(kinds), board.archive.shape
        gh = shape.height
        got = board.layers[key] = any(
            1 in codes[i * gh + j0:i * gh + j1 + 1].translate(table)
            for i, j0, j1 in pixels(h, shape))
    return bool(got)


def drawn_kind(board: Board, h: g.Hex) -> str:
    """What a partial hex's drawing is called: "building" where it shows a
    building's pixels anywhere, "lumberyard" where it shows a lumberyard's,
    else "woods" (a single-story house, a lumberyard's piles and woods are all
    one level high, B23.2)."""
    if _shows(board, h, BUILDINGS):
        return "building"
    return "lumberyard" if _shows(board, h, ("lumberyard",)) else "woods"


@lru_cache(maxsize=None)
def hindrance_table() -> bytes:
    """bytes.translate table: each code's hindrance value
    (``terrain.hindrance_value``) where its terrain hinders and is not
    Inherent Terrain (B.6: brush, grain, marsh count where they are drawn,
    A6.1), NO_SAY for what is drawn over the hex's terrain, else 0."""
    out = bytearray(256)
    for code, r in c.CODES.items():
        if r.hexside is not None or code in c.ROADS:
            out[code] = NO_SAY
        elif r.terrain is not None and r.terrain in TERRAIN and not TERRAIN[r.terrain].inherent:
            out[code] = hindrance_value(r.terrain)
    return bytes(out)


def hindrance_layer(board: Board, h: g.Hex) -> Layer:
    """Board-local hex ``h``'s hindrances as drawn: ``whole`` its one value
    (``terrain.hindrance_value``), or its ``columns`` where brush, grain or
    marsh is drawn over part of it."""
    key = ("hindrance", h)
    got = board.layers.get(key)
    if got is None:
        seen: set[int] = set()
        cols = _columns(board.archive.codes, h, hindrance_table(), board.archive.shape, seen)
        got = Layer(max(seen, default=0), None) if cols is None else Layer(None, cols)
        board.layers[key] = got
    return got


def filled(h: g.Hex, height: int, shape: Shape = GEO) -> Columns:
    """A whole hex's layer as Columns: every pixel of it at ``height``."""
    return {i: [(j0, j1, height)] for i, j0, j1 in pixels(h, shape)} if height else {}


# In a raised bridge's hex (13K6), the road is drawn over the bridge's deck:
# not ground (the embankment's banks, VASL's Elevated Road, are).
_DECK = c.ROADS - {67}


@lru_cache(maxsize=None)
def _ground_table() -> bytes:
    """Codes whose pixels say nothing of the ground's level: depressions
    (drawn a level down: A6.3's business, not a crest line's), bridges (the
    space beneath them is open) and the hexside art drawn over the ground
    (walls, hedges, bocage, cliffs). A road or path is ground at the level it
    is drawn at: a road over a hill is the hill there (B10.2 EX: 15Y4's thread
    to AA3 runs along the road across Z3's level-2 ground), and an elevated
    road and its embankment (B5) are ground at the level drawn."""
    return bytes(1 if (code in c.DEPRESSIONS or code in c.BRIDGES
                       or (code in c.CODES and c.CODES[code].hexside))
                 else 0 for code in range(256))


def ground_layer(board: Board, h: g.Hex) -> Layer:
    """Board-local hex ``h``'s ground as drawn: its levels per pixel where
    they differ (a crest line drawn across the hex, A6.2), else ``whole``
    its one level. Pixels of depressions and of walls, hedges, bocage and
    cliffs have no say; roads and paths do, at the level drawn (an elevated
    road's embankment, B5), and bridges do not (the space beneath them is
    open); a hex drawn below level 0 anywhere is taken whole, unless its
    bridge stands above its stream (B6.1: the bed beneath has no say, the
    embankment is ground)."""
    key = ("ground", h)
    got = board.layers.get(key)
    if got is not None:
        return got
    elev, codes, gh = board.archive.elevations, board.archive.codes, board.archive.shape.height
    skip = _ground_table()
    spans = pixels(h, board.archive.shape)
    if len(set(b"".join(elev[i * gh + j0:i * gh + j1 + 1]
                        for i, j0, j1 in spans))) == 1:
        board.layers[key] = got = Layer(None, None)      # one level: whole
        return got
    cols: list[tuple[int, int, bytes]] = []
    seen: set[int] = set()
    below = False
    # B6.1: a bridge on an embankment above its stream (13K6): the stream's bed
    # beneath is A6.3's business (no say); the embankment is ground as drawn.
    entry = board.reading.hexes.get(h, {})
    raised = "bridge_level" in entry
    base = max(entry.get("level", 0), 1)       # an embankment stands above level 0
    for i, j0, j1 in spans:
        lo, hi = i * gh + j0, i * gh + j1 + 1
        drawn = bytearray(elev[lo:hi])
        if raised:      # the bed beneath, and the road over the bridge's deck
            drawn = bytearray(NO_SAY if e > 127 or codes[lo + k] in _DECK else e
                              for k, e in enumerate(drawn))
        else:
            below = below or max(drawn) > 127          # a signed byte: below level 0
        mask = codes[lo:hi].translate(skip)
        if 1 in mask:
            for k, m in enumerate(mask):
                # VASL draws an elevated road's banks in its Sunken Road colours
                # (its own editor's note): drawn at or above the hex's base
                # level, they are an embankment, ground as drawn (B5)
                if m and not (codes[lo + k] == c.SUNKEN_ROAD and drawn[k] < 128
                              and drawn[k] >= base):
                    drawn[k] = NO_SAY
        seen.update(drawn)
        cols.append((i, j0, bytes(drawn)))
    seen.discard(NO_SAY)
    # a raised bridge's hex whose ground is drawn only on its embankment (13Y8)
    # is drawn at that level where it is drawn, not at its stream's crest
    lifted = raised and bool(seen) and seen != {entry.get("level", 0)}
    if (len(seen) <= 1 and not lifted) or below:
        got = Layer(None, None)          # whole: the hex-by-hex reading's level
    else:
        out: dict[int, list[Run]] = {}
        for i, j0, values in cols:
            runs = runs_of(values, j0)
            if runs:
                out[i] = runs
        got = Layer(None, out)
        board.layers[("ground levels", h)] = frozenset(seen)
    board.layers[key] = got
    return got


def bank_layer(board: Board, h: g.Hex, base: int) -> Layer:
    """Board-local Water Obstacle hex ``h``'s banks as drawn (B21.1, A6.1,
    A6.2): per pixel, how many levels its ground lies above the water's
    ``base`` level (below level 0), 0 for the water itself; the pixels of
    depressions, bridges and hexside art have no say (``ground_layer``).
    ``whole`` (None columns) where no bank is drawn in the hex."""
    key = ("bank", h)
    got = board.layers.get(key)
    if got is not None:
        return got
    elev, codes, gh = board.archive.elevations, board.archive.codes, board.archive.shape.height
    skip, above = _ground_table(), _above_table(base)
    out: dict[int, list[Run]] = {}
    for i, j0, j1 in pixels(h, board.archive.shape):
        lo, hi = i * gh + j0, i * gh + j1 + 1
        drawn = bytearray(elev[lo:hi].translate(above))
        mask = codes[lo:hi].translate(skip)
        if 1 in mask:
            for k, m in enumerate(mask):
                if m:
                    drawn[k] = NO_SAY
        runs = runs_of(bytes(drawn), j0)
        if runs:
            out[i] = runs
    board.layers[key] = got = Layer(None, out) if out else Layer(None, None)
    return got


@lru_cache(maxsize=None)
def _above_table(base: int) -> bytes:
    """bytes.translate table: a pixel's elevation (a signed byte) to how many
    levels it lies above ``base``, 0 at or below it."""
    return bytes(max(0, (e - 256 if e > 127 else e) - base) for e in range(256))


def water_below(board: Board, h: g.Hex) -> int | None:
    """The lowest level water is drawn at in board-local hex ``h``, where it
    lies below level 0 (a river's or pond's edge drawn in a bank hex, B21.1);
    else None."""
    key = ("water below", h)
    if key not in board.layers:
        elev, codes, gh = board.archive.elevations, board.archive.codes, board.archive.shape.height
        low = 0
        for i, j0, j1 in pixels(h, board.archive.shape):
            lo, hi = i * gh + j0, i * gh + j1 + 1
            if max(elev[lo:hi]) <= 127:
                continue                # nothing drawn below level 0 in this column
            for e, code in zip(elev[lo:hi], codes[lo:hi]):
                if e > 127 and code in c.WATER:
                    low = min(low, e - 256)
        board.layers[key] = low if low < 0 else None
    got: int | None = board.layers[key]
    return got


def ground_levels(board: Board, h: g.Hex) -> frozenset[int]:
    """The levels board-local hex ``h``'s ground is drawn at, where a crest
    line is drawn across it (level 0 included); empty where it is whole."""
    ground_layer(board, h)
    return board.layers.get(("ground levels", h), frozenset())


def prepare(board: Board) -> int:
    """Compute every hex's layers of an imported board ahead (each is cached
    in ``board.layers`` once a thread first meets its hex): the page asks for
    it once a map of imported boards is shown, so the first visibility map
    does not pay for them. Returns the number of hexes."""
    hexes = board.archive.shape.size.hexes()
    for h in hexes:
        layer(board, h)
        ground_layer(board, h)
        hindrance_layer(board, h)
    return len(hexes)
