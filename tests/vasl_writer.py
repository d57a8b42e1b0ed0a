"""Write VASL board archives for the tests, from painted setups: no real board's
data is ever used (docs/contract.md "Real boards").

    from tests.vasl_writer import board_archive
    data = board_archive({"Q5": {"terrain": "woods"}, "R4": {"level": 1}},
                         {"Q5-R4": "hedge", "E4-E5": {"type": "wall", "cover": (0, 0.45)}})

The archive has the format VASL writes (``pycore/terrain/vasl/archive.py``): a zip
holding ``BoardMetadata.xml`` and ``LOSData``, a gzip'd Java serialization
stream whose block-data records hold the board size, then per pixel column,
per pixel row, an elevation and a terrain code, then a stairway byte per hex.

The painting: every pixel takes the code and elevation of the hex whose
hexagon holds its centre (exact rationals), a depression's pixels one level
below its hex's base level, as VASL draws them. A wall, hedge or bocage is
drawn ``WALL_PX`` px either side of its hexside, over the fraction of its
length given by ``cover`` (default all of it; or a list of such spans), and
with ``gap`` a road is drawn across the stretches it leaves bare. A wall/hedge between hexes
depicted at different levels is a Hillside one (B9.6) only if the setup says
so; otherwise a strip of the lower level is painted beyond it on the higher
side (B9.35: the lower level's terrain lies between it and the crest line).
"""
from __future__ import annotations

import gzip
import io
import struct
import zipfile
from fractions import Fraction
from functools import lru_cache
from math import ceil
from typing import Any

from pycore import geometry as g
from pycore.geometry.boards import BoardSize
from pycore.terrain.vasl.grid import GEO, Shape

# Boards of the other sizes VASL draws (issue 38), as their archives give them:
# a Deluxe board (15 x 5 hexes, three times as large) and the right half of a
# board cut down its column Q (17 x 20 hexes, columns Q to GG: VASL's 1b).
DELUXE = Shape(BoardSize(15, 5), 2363, 971)
HALF_B = Shape(BoardSize(17, 20, 17), 901, 1290)
HALF_A = Shape(BoardSize(17, 20), 901, 1290)
# The lower half of a board 20 rows high (VASL's BFPDW1b): A11 to GG20.
LOWER = Shape(BoardSize(33, 10, 1, 10), 1800, 645)

HEX_CODES = {"open": 0, "woods": 60, "brush": 25, "grain": 24, "orchard": 63, "marsh": 14,
             "shellholes": 15, "gully": 30, "building": 50, "stone-building": 40,
             "crag": 26, "graveyard": 28, "stream": 32, "sunken-road": 68}
HEXSIDE_CODES = {"wall": 72, "hedge": 73, "bocage": 74, "cactus-hedge": 116, "cliff": 75,
                 "rowhouse": 77}
# What a shape may draw besides a hex terrain: art drawn over a hex, and
# terrain the app does not model (VASL's codes).
SHAPE_CODES = {**HEX_CODES, **HEXSIDE_CODES, "road": 65, "path": 70, "elevated-road": 67,
               "sunken-road": 68, "stream": 32, "water": 8, "bridge": 85,
               "rowhouse-wall": 76, "lumberyard": 29, "forest": 61,
               "rubble": 90, "road-block": 81}
GULLY_CORE_PX = 16   # a gully holding other terrain: that terrain within this of the dot
VASL_BUILDING = {"building": "Wooden Building", "stone-building": "Stone Building"}
ROAD = 65            # VASL's Dirt Road
WALL_PX = 3          # half the thickness of a drawn wall
STRIP_PX = 9         # how far beyond a wall the lower level's strip reaches


@lru_cache(maxsize=4)
def column_runs(shape: Shape = GEO) -> tuple[tuple[tuple[g.Hex, int, int], ...], ...]:
    """For each pixel column, the hexes its pixels lie in: (hex, first row, end row)."""
    hexes = shape.size.hexes()
    u, half_u = shape.unit, shape.unit // 2
    out = []
    for i in range(shape.width):
        x = Fraction(u * i + half_u - shape.bx, shape.ax)     # the pixel centre's lattice x
        runs = []
        for h in hexes:
            dx = abs(x - h[0])
            if dx >= 2:
                continue
            half = 1 if dx <= 1 else 2 - dx          # the hexagon's half height at x
            j0 = max(0, ceil((shape.ay * (h[1] - half) + shape.by - half_u) / u))
            j1 = min(shape.height, ceil((shape.ay * (h[1] + half) + shape.by - half_u) / u))
            if j0 < j1:
                runs.append((h, j0, j1))
        runs.sort(key=lambda r: r[1])
        assert runs[0][1] == 0 and runs[-1][2] == shape.height
        assert all(a[2] == b[1] for a, b in zip(runs, runs[1:])), f"column {i} not tiled"
        out.append(tuple(runs))
    return tuple(out)


def _parse_hexes(hexes: dict) -> dict[g.Hex, dict]:
    return {g.plain_parse_hex(name): dict(v) for name, v in hexes.items()}


def _depicted(entry: dict) -> int:
    """The level a hex's ground is drawn at beside a hexside: a gully's IN level."""
    return entry.get("level", 0) - (1 if entry.get("terrain") in ("gully", "stream")
                                    or entry.get("gully") or entry.get("stream") else 0)


def rasters(hexes: dict, hexsides: dict, metadata_buildings: bool = True,
            shapes: tuple = (), shape: Shape = GEO) -> tuple[bytearray, bytearray]:
    """The elevation and code planes (column-major) of a painted board, with
    ``shapes`` painted over the hexes (``paint_shape``); ``shape``: the board's
    size and pixel grid (a geomorphic board's by default; its measures in
    pixels are a geomorphic board's, times its scale)."""
    info = _parse_hexes(hexes)
    k = shape.scale
    elev, codes = bytearray(shape.width * shape.height), bytearray(shape.width * shape.height)
    for i, runs in enumerate(column_runs(shape)):
        base = i * shape.height
        for h, j0, j1 in runs:
            entry = info.get(h, {})
            terrain = entry.get("terrain", "open")
            code = HEX_CODES[terrain]
            if terrain in VASL_BUILDING and not metadata_buildings:
                code += entry.get("levels", 1) - 1
            codes[base + j0:base + j1] = bytes([code]) * (j1 - j0)
            painted = entry.get("level", 0) - (1 if terrain in ("gully", "stream", "sunken-road")
                                               else 0)
            elev[base + j0:base + j1] = bytes([painted & 0xFF]) * (j1 - j0)
    for name, entry in hexes.items():
        dep = "gully" if entry.get("gully") else "stream" if entry.get("stream") else None
        if dep:     # B19.21, B20.1: the depression's art round the other terrain at the dot
            level = entry.get("level", 0)
            core = set(shape_pixels({"hex": name, "disc": GULLY_CORE_PX * k}, shape))
            for n in shape_pixels({"hex": name, "rect": (-40 * k, -40 * k, 40 * k, 40 * k),
                                   "own": True}, shape):
                if n not in core:
                    codes[n], elev[n] = HEX_CODES[dep], (level - 1) & 0xFF
        if entry.get("bridge"):     # B6.2: a wooden bridge across the hex at its base level
            paint_shape(codes, elev, {"hex": name, "terrain": "bridge", "own": True,
                                      "level": entry.get("level", 0),
                                      "rect": (-8 * k, -40 * k, 8 * k, 40 * k)}, shape)
    for drawn in shapes:
        paint_shape(codes, elev, drawn, shape)
    for name, v in hexsides.items():
        v = {"type": v} if isinstance(v, str) else dict(v)
        sd = g.PLAIN.parse_hexside(name)
        levels = [_depicted(info.get(h, {})) for h in sd]
        if v.get("depression") is False:     # a bank at the hexes' level across the hexside
            ground = min(info.get(h, {}).get("level", 0) for h in sd)
            _paint_hexside(codes, elev, sd, 0, (0, 1), (WALL_PX + 1) * k, ground, shape)
        if "type" not in v:
            continue
        cover = v.get("cover", (0, 1))
        spans = [cover] if isinstance(cover[0], (int, float)) else list(cover)
        if v.get("gap"):        # a road across the stretches the wall leaves bare
            _paint_hexside(codes, elev, sd, ROAD, (0, 1), WALL_PX * k, shape=shape)
        for span in spans:
            _paint_hexside(codes, elev, sd, HEXSIDE_CODES[v["type"]], span, WALL_PX * k,
                           shape=shape)
        # (a cliff is the hill's own edge: no strip of the lower level beside it, B11)
        if levels[0] != levels[1] and not v.get("hillside", False) and v["type"] != "cliff":
            high = sd[0] if levels[0] > levels[1] else sd[1]
            _paint_strip(elev, sd, high, min(levels), shape)
    return elev, codes


def shape_pixels(shape: dict, board: Shape = GEO) -> list[int]:
    """The pixels (plane indexes) of a sub-hex shape: ``{"hex": "Q6", "disc": r}``
    (pixel centres within r px of the hex centre) or ``{"hex": "Q6", "rect":
    (x0, y0, x1, y1)}`` (pixel centres within that box, px from the hex centre);
    with ``"own": True``, only the pixels of that hex (``column_runs``); with
    ``"dither": (keep, period)`` or ``(keep, period, phase)``, only the pixels
    (i, j) with (i + 3 j + phase) mod period below keep, as VASL's fields are
    speckled with open ground."""
    h = g.plain_parse_hex(shape["hex"])
    qx, qy = board.frame(h)
    u = board.unit
    if "disc" in shape:
        r = u * shape["disc"]
        box = (-r, -r, r, r)
    else:
        box = tuple(u * v for v in shape["rect"])
    out = []
    runs = column_runs(board)
    for i in range(max(0, (qx + box[0]) // u - 1), min(board.width, (qx + box[2]) // u + 2)):
        for j in range(max(0, (qy + box[1]) // u - 1), min(board.height, (qy + box[3]) // u + 2)):
            dx, dy = u * i + u // 2 - qx, u * j + u // 2 - qy
            inside = dx * dx + dy * dy <= r * r if "disc" in shape else \
                box[0] <= dx <= box[2] and box[1] <= dy <= box[3]
            keep, period, phase = (tuple(shape.get("dither", (1, 1))) + (0,))[:3]
            if inside and (i + 3 * j + phase) % period < keep and (not shape.get("own") or any(
                    hh == h and j0 <= j < j1 for hh, j0, j1 in runs[i])):
                out.append(i * board.height + j)
    return out


def paint_shape(codes: bytearray, elev: bytearray, shape: dict, board: Shape = GEO) -> None:
    """Paint a shape (``shape_pixels``) with terrain ``shape["terrain"]`` (a
    name of ``SHAPE_CODES``: hex terrain, roads, bridges, water, ...; a
    building: with ``"levels"`` above 1, VASL's code for them) or VASL's code
    ``shape["code"]``, and/or the ground level ``shape["level"]`` (a hill drawn
    over part of a hex, a road on an embankment, a lane below the ground)."""
    pixels = shape_pixels(shape, board)
    if "terrain" in shape or "code" in shape:
        code = SHAPE_CODES[shape["terrain"]] if "terrain" in shape else shape["code"]
        if shape.get("terrain") in VASL_BUILDING:
            code += shape.get("levels", 1) - 1
        for k in pixels:
            codes[k] = code
    if "level" in shape:
        for k in pixels:
            elev[k] = shape["level"] & 0xFF


def _frame(sd: g.Hexside, board: Shape = GEO) -> tuple[int, int, int, int, int]:
    (x1, y1), (x2, y2) = (board.frame(p) for p in g.hexside_ends(sd))
    return x1, y1, x2 - x1, y2 - y1, (x2 - x1) ** 2 + (y2 - y1) ** 2


def _pixels_near(sd: g.Hexside, reach_px: int, board: Shape = GEO):
    """(index, along / length^2 as a Fraction, signed cross, cross limit unit) of
    pixels near hexside ``sd`` whose centres project onto it."""
    x1, y1, dx, dy, length2 = _frame(sd, board)
    u = board.unit
    reach = u * reach_px + u
    for i in range(max(0, (min(x1, x1 + dx) - reach) // u),
                   min(board.width, (max(x1, x1 + dx) + reach) // u + 1)):
        for j in range(max(0, (min(y1, y1 + dy) - reach) // u),
                       min(board.height, (max(y1, y1 + dy) + reach) // u + 1)):
            cx, cy = u * i + u // 2, u * j + u // 2
            along = (cx - x1) * dx + (cy - y1) * dy
            if 0 <= along < length2:
                yield i * board.height + j, Fraction(along, length2), \
                    dx * (cy - y1) - dy * (cx - x1), length2


def _paint_hexside(codes: bytearray, elev: bytearray, sd: g.Hexside, code: int,
                   cover: tuple[float, float], px: int = WALL_PX,
                   level: int | None = None, shape: Shape = GEO) -> None:
    t0, t1 = Fraction(cover[0]), Fraction(cover[1])
    u = shape.unit
    for k, t, cross, length2 in _pixels_near(sd, px, shape):
        if cross * cross <= (u * px) ** 2 * length2 and t0 <= t <= t1:
            codes[k] = code
            if level is not None:
                elev[k] = level & 0xFF


def _paint_strip(elev: bytearray, sd: g.Hexside, high: g.Hex, level: int,
                 shape: Shape = GEO) -> None:
    x1, y1, dx, dy, _ = _frame(sd, shape)
    qh = shape.frame(high)
    high_sign = 1 if dx * (qh[1] - y1) - dy * (qh[0] - x1) > 0 else -1
    strip, u = STRIP_PX * shape.scale, shape.unit
    for k, _t, cross, length2 in _pixels_near(sd, strip, shape):
        if cross * high_sign > 0 and cross * cross <= (u * strip) ** 2 * length2:
            elev[k] = level & 0xFF


def metadata_xml(hexes: dict, name: str = "41", version: str = "6.3",
                 metadata_buildings: bool = True, extra: str = "", shape: Shape = GEO,
                 inner: str = "") -> bytes:
    types = []
    for hex_name, v in hexes.items():
        terrain, levels = v.get("terrain"), v.get("levels", 1)
        if metadata_buildings and terrain in VASL_BUILDING and levels > 1:
            types.append(f'<buildingType hexName="{hex_name}" buildingTypeName='
                         f'"{VASL_BUILDING[terrain]}, {levels - 1} Level" />')
    size = shape.size
    geometry = "" if shape == GEO else (
        f' hexWidth="{float(Fraction(shape.width, size.columns - 1)):.10g}"'
        f' hexHeight="{float(Fraction(shape.height, size.rows)):.10g}"'
        + (f' A1CenterX="{-(size.first - 1) * shape.width // (size.columns - 1)}"'
           if size.first > 1 else "")
        + (f' A1CenterY="{float(Fraction(shape.height, 2 * size.rows) * (1 - 2 * size.top)):g}"'
           if size.top else ""))
    return (f'<?xml version="1.0"?>\n{extra}<boardMetadata name="{name}" version="{version}" '
            f'versionDate="Nov 2026" author="tests" boardImageFileName="bd{name}.gif" '
            f'hasHills="TRUE" width="{size.columns}" height="{size.rows}"{geometry}>\n'
            '<buildingTypes>\n'
            + "\n".join(types) + f"\n</buildingTypes>\n{inner}</boardMetadata>\n").encode()


def java_blocks(payload: bytes, block: int = 1024) -> bytes:
    """``payload`` as a Java ObjectOutputStream writes primitives: the stream
    header, then block-data records (short ones for at most 255 bytes)."""
    out = [b"\xac\xed\x00\x05"]
    for i in range(0, len(payload), block):
        chunk = payload[i:i + block]
        out.append(bytes([0x77, len(chunk)]) if len(chunk) <= 255
                   else b"\x7a" + struct.pack(">i", len(chunk)))
        out.append(chunk)
    return b"".join(out)


def los_payload(elev: bytes, codes: bytes, size: tuple[int, int, int, int] = (33, 10, 1800, 645)
                ) -> bytes:
    body = bytearray(2 * len(codes))
    body[0::2], body[1::2] = elev, codes
    stairways = sum(size[1] + c % 2 for c in range(size[0]))    # one byte per hex
    return struct.pack(">4i", *size) + bytes(body) + bytes(stairways)


def zip_archive(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():      # dated, so the same members make the same bytes
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def board_archive(hexes: dict | None = None, hexsides: dict | None = None, name: str = "41",
                  version: str = "6.3", metadata_buildings: bool = True,
                  block: int = 1024, shapes: tuple = (), image: bytes | None = None,
                  shape: Shape = GEO, colors: bool = False, members: dict | None = None,
                  inner: str = "") -> bytes:
    """A VASL board archive of a painted board (board-local hex names), with
    sub-hex ``shapes`` of woods or buildings drawn over it (``paint_shape``);
    ``image``: the bytes of its board image (a GIF the test draws), else a stub;
    ``shape``: its size and pixel grid (``DELUXE``, ``HALF_A``, ``HALF_B``);
    ``colors``: with a ``colors`` file naming the tests' own colours (overlays);
    ``members``: more files (SSR art, an ``overlaySSR`` file); ``inner``: more
    metadata elements (``<overlaySSRules>``)."""
    hexes, hexsides = dict(hexes or {}), dict(hexsides or {})
    elev, codes = rasters(hexes, hexsides, metadata_buildings, tuple(shapes), shape)
    size = (shape.size.columns, shape.size.rows, shape.width, shape.height)
    los = gzip.compress(java_blocks(los_payload(bytes(elev), bytes(codes), size), block), 6)
    return zip_archive({"BoardMetadata.xml": metadata_xml(hexes, name, version,
                                                           metadata_buildings, shape=shape,
                                                           inner=inner),
                        "LOSData": los, f"bd{name}.gif": image or b"GIF89a (no image in tests)",
                        **({"colors": colors_file()} if colors else {}), **(members or {})})


def expected_reading(hexes: dict, hexsides: dict) -> dict[str, Any]:
    """What ``board_terrain`` should give back for a painted whole-hex board."""
    default = {"terrain": "open", "level": 0, "levels": 1, "gully": False, "bridge": False}
    hx = {g.PLAIN.hex(g.plain_parse_hex(n)): {k: v[k] for k in default
                                            if k in v and v[k] != default[k]}
          for n, v in hexes.items()}
    sides = {}
    for n, v in hexsides.items():
        v = {"type": v} if isinstance(v, str) else dict(v)
        entry = {"type": v["type"]} if "type" in v else {}
        for flag in ("hillside", "gap"):
            if v.get(flag):
                entry[flag] = True
        if v.get("depression") is False:
            entry["depression"] = False
        sides[g.PLAIN.hexside(g.PLAIN.parse_hexside(n))] = entry["type"] if list(entry) == ["type"] \
            else entry
    return {"hexes": {k: v for k, v in hx.items() if v}, "hexsides": sides}


# --- overlay archives (pycore/terrain/vasl/overlay.py) ------------------------------------------
# A ``colors`` file of the tests' own: names as a board's file names its colours,
# values made up here (no real board's colour is used).
TEST_COLORS = {"Level0": (200, 210, 120), "Level1": (190, 150, 80), "Level2": (150, 110, 40),
               "WoodsGreen": (20, 120, 20), "GrainL0": (230, 200, 40), "BrushL0": (100, 180, 60),
               "HedgeGreen": (0, 80, 0), "WallGrey1": (128, 128, 128), "Water": (40, 90, 220),
               "StreamGreen1": (60, 140, 180), "GullyBrown1": (120, 80, 40), "Black": (0, 0, 0),
               "White": (255, 255, 255), "DirtRdL0": (170, 120, 60), "WoodBldg1": (150, 90, 50)}
TRANSPARENT = (255, 0, 255)


def colors_file(colors: dict | None = None) -> bytes:
    lines = ["// the tests' own colours"] + [f"{n}  {r},{g_},{b}" for n, (r, g_, b)
                                               in (colors or TEST_COLORS).items()]
    return "\r\n".join(lines).encode()


def overlay_image(hexes: dict, sides: dict | None = None, size: tuple[int, int] = (300, 260),
                  grid_lines: bool = True) -> bytes:
    """A GIF drawn with Pillow in a board's own frame from its top left corner:
    each hex named in ``hexes`` (board-local, "B2") painted whole in the colour
    named (``TEST_COLORS``), ``sides`` ("B2-B3": colour name) drawn along the
    hexside as a wall is (``WALL_PX`` either side), black hex grid lines where
    painted hexes meet when ``grid_lines``; the rest transparent."""
    from PIL import Image
    w, h = size
    names = list(TEST_COLORS)
    index = {n: k for k, n in enumerate(names)}
    clear = len(names)
    pixels = bytearray([clear]) * (w * h)
    painted = {g.plain_parse_hex(n): index[c] for n, c in hexes.items()}
    for i, runs in enumerate(column_runs()[:w]):
        for hx, j0, j1 in runs:
            if hx in painted:
                for j in range(j0, min(j1, h)):
                    pixels[j * w + i] = painted[hx]
                if grid_lines and j0 < h and j0 > 0:
                    pixels[j0 * w + i] = index["Black"]
    for name, colour in (sides or {}).items():
        sd = g.PLAIN.parse_hexside(name)
        for k, _t, cross, length2 in _pixels_near(sd, WALL_PX):
            i, j = divmod(k, GEO.height)
            if cross * cross <= (4 * WALL_PX) ** 2 * length2 and i < w and j < h:
                pixels[j * w + i] = index[colour]
    im = Image.frombytes("P", (w, h), bytes(pixels))
    flat = [v for n in names for v in TEST_COLORS[n]] + list(TRANSPARENT)
    im.putpalette(flat + [0] * (768 - len(flat)))
    buf = io.BytesIO()
    im.save(buf, "GIF", transparency=clear)
    return buf.getvalue()


def overlay_archive(overlays: dict, family: str = "T", version: str = "1",
                    data: bytes | None = None, colors: bool | dict = False) -> bytes:
    """A VASL overlay archive: ``overlays`` maps a name ("t1") to
    ``(origins, images)``, origins "b2;b1;c1;d1;d2;c3" and images by
    orientation ("a": GIF bytes); the ``data`` file lists them and the version
    (or is ``data`` as given); with ``colors`` the archive has its own colors file
    (of those names and colours, given a dict)."""
    members = {}
    lines = []
    for name, (origins, images) in overlays.items():
        lines.append(f"{name} {origins}")
        for side, gif in images.items():
            members[f"ovr{name}{side}.gif"] = gif
    members["data"] = data if data is not None else \
        ("\r\n".join(lines) + f"\r\n\r\nversion {version}\r\n").encode()
    if colors:
        members["colors"] = colors_file(colors if isinstance(colors, dict) else None)
    return zip_archive(members)
