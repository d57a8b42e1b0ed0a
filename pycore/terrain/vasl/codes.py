"""The terrain codes of VASL's board data, and what this app reads each as.

Each pixel of a board's ``LOSData`` carries a terrain code (0-255). VASL's
shared board metadata names each code (``terrainType`` elements: code, name,
LOS category); the numbers and names below are those facts, the readings are
this app's own:

- a hex terrain of the setup format (``"woods"``, ``"gully"``, ...), with the
  number of levels for buildings (``"stone-building:3"``: ground level and two
  more, VASL's "Stone Building, 2 Level");
- a hexside type (``"wall"``, ``"hedge"``, ``"bocage"``, ``"cactus-hedge"``, ``"cliff"``,
  and a rowhouse's bar ``"rowhouse"``), read along hexsides only;
- a trailing ``~`` marks an approximation the import warns about (a dry
  stream or a sunken road read as a gully, a forest as woods);
- None: terrain the app does not model yet, read as open ground with a warning.

A code not in the table at all is read as open ground with a warning too.
"""
from __future__ import annotations

from typing import NamedTuple

# (code, VASL's name, this app's reading)
_TABLE: tuple[tuple[int, str, str | None], ...] = (
    (0, "Open Ground", "open"),
    (1, "Plowed Field", "open"),
    (2, "Rooftop", "open"),
    (3, "Snow", "open"),
    (4, "Deep Snow", "open"),
    (5, "Ice", "open"),
    (6, "Mud", "open"),
    (7, "Mudflats", "open"),
    (8, "Water", "water"),
    (9, "Shallow Water", "water"),
    (10, "River", "water"),
    (11, "Shallow River", "water"),
    (12, "Ford", "open"),
    (13, "Canal", "water"),
    (14, "Marsh", "marsh"),
    (15, "Shellholes", "shellholes"),
    (20, "Foxholes", None),
    (21, "Trench", None),
    (22, "Antitank Trench", None),
    (23, "Pillbox", None),
    (24, "Grain", "grain"),
    (25, "Brush", "brush"),
    (26, "Crags", "crag"),
    (27, "Debris", None),
    (28, "Graveyard", "graveyard"),
    (29, "Lumberyard", "lumberyard"),
    (30, "Gully", "gully"),
    (31, "Dry Stream", "gully~"),
    (32, "Shallow Stream", "stream"),
    (33, "Deep Stream", "stream"),
    (34, "Flooded Stream", None),
    (35, "Irrigation Ditch", None),
    (40, "Stone Building", "stone-building:1"),
    (41, "Stone Building, 1 Level", "stone-building:2"),
    (42, "Stone Building, 2 Level", "stone-building:3"),
    (43, "Stone Building, 3 Level", "stone-building:4"),
    (44, "Stone Building, 4 Level", "stone-building:5"),
    (45, "Stone Factory Wall, 1.5 Level", None),
    (46, "Stone Factory Wall, 2.5 Level", None),
    (47, "Stone Factory, 1.5 Level", None),
    (48, "Stone Factory, 2.5 Level", None),
    (49, "Stone Market Place", None),
    (50, "Wooden Building", "building:1"),
    (51, "Wooden Building, 1 Level", "building:2"),
    (52, "Wooden Building, 2 Level", "building:3"),
    (53, "Wooden Building, 3 Level", "building:4"),
    (54, "Wooden Building, 4 Level", "building:5"),
    (55, "Wooden Factory Wall, 1.5 Level", None),
    (56, "Wooden Factory Wall, 2.5 Level", None),
    (57, "Wooden Factory, 1.5 Level", None),
    (58, "Wooden Factory, 2.5 Level", None),
    (59, "Wooden Market Place", None),
    (60, "Woods", "woods"),
    (61, "Forest", "woods~"),
    (62, "Pine Woods", "woods~"),
    (63, "Orchard", "orchard"),
    (64, "Orchard, Out of Season", "orchard"),
    (65, "Dirt Road", "open"),
    (66, "Paved Road", "open"),
    (67, "Elevated Road", "open"),
    (68, "Sunken Road", "sunken-road"),
    (69, "Runway", "open"),
    (70, "Path", "open"),
    (72, "Wall", "wall"),
    (73, "Hedge", "hedge"),
    (74, "Bocage", "bocage"),
    (75, "Cliff", "cliff"),
    (76, "Rowhouse Wall", "rowhouse"),
    (77, "Rowhouse Wall, 1 Level", "rowhouse"),
    (78, "Rowhouse Wall, 2 Level", "rowhouse"),
    (79, "Rowhouse Wall, 3 Level", "rowhouse"),
    (80, "Rowhouse Wall, 4 Level", "rowhouse"),
    (81, "Road Block", None),
    (82, "Single Hex Stone Bridge", None),
    (83, "Single Hex Wooden Bridge", None),
    (84, "Stone Bridge", None),
    (85, "Wooden Bridge", None),
    (86, "Pontoon Bridge", None),
    (87, "Foot Bridge", None),
    (90, "Stone Rubble", None),
    (91, "Wooden Rubble", None),
    (95, "Sewer", None),
    (96, "Tunnel", None),
    (97, "Cave", None),
    (100, "Scrub", None),
    (101, "Hammada", None),
    (102, "Dier", None),
    (103, "Dier Lip", None),
    (104, "Wadi", "gully~"),
    (105, "Hillock", None),
    (106, "Hillock Summit", None),
    (107, "Sand", None),
    (108, "Sand Dune", None),
    (109, "Dune, Crest Low", None),
    (110, "Dune, Crest High", None),
    (111, "Sangar", None),
    (112, "Track", None),
    (113, "Mausoleum", None),
    (114, "Bedouin Camp", None),
    (115, "Building Cluster", None),
    (116, "Cactus Hedge", "cactus-hedge"),
    (117, "Cactus Patch", None),
    (118, "Olive Grove", None),
    (119, "Vineyard", None),
    (120, "Broken Ground", None),
    (121, "Scrub", None),
    (125, "Temple", None),
    (126, "Light Jungle", None),
    (127, "Dense Jungle", None),
    (128, "Bamboo", None),
    (129, "Palm Trees", None),
    (130, "Huts", None),
    (131, "Collapsed Huts", None),
    (132, "Kunai", None),
    (133, "Swamp", None),
    (135, "Rice Paddy, Drained", None),
    (136, "Rice Paddy, Irrigated", None),
    (137, "Rice Paddy, In Season", None),
    (138, "Rice Paddy Bank", None),
    (139, "Panji", None),
    (140, "Ocean", None),
    (141, "Shallow Ocean", None),
    (142, "Effluent", None),
    (143, "Soft Sand", None),
    (144, "Beach, Slight Slope", None),
    (145, "Beach, Moderate Slope", None),
    (146, "Beach, Steep Slope", None),
    (147, "Exposed Reef", None),
    (148, "Submerged Reef", None),
    (152, "Railway Embankment", None),
    (153, "Railroad, Ground Level", "open"),
    (154, "Railroad, Embankment", None),
    (155, "Railroad, Elevated", None),
    (156, "Railroad, Sunken", None),
    (157, "Rrembankment", None),
    (160, "Tower Hindrance", None),
    (161, "Tower, 2 Level Hindrance", None),
    (162, "Tower, 3 Level Hindrance", None),
    (163, "Tower Obstacle", None),
    (164, "Tower, 2 Level Obstacle", None),
    (165, "Tower, 3 Level Obstacle", None),
    (166, "Storage Tank", None),
    (167, "Storage Tank, 2 Level", None),
    (168, "BFP Tower, 1 Level", None),
    (169, "BFP Tower, 2 Level", None),
    (170, "Roofless Stone Factory, 1.5 Level", None),
    (171, "Roofless Stone Factory, 2.5 Level", None),
    (172, "Interior Factory Wall, 1 Level", None),
    (173, "Interior Factory Wall, 2 Level", None),
    (174, "Cellar", None),
    (175, "Light Woods", None),
    (180, "Gutted Stone Factory, 1.5 Level", None),
    (181, "Gutted Stone Factory, 2.5 Level", None),
    (182, "Gutted Stone Building", None),
    (183, "Gutted Stone Building, 1 Level", None),
    (184, "Gutted Stone Building, 2 Level", None),
    (185, "Gutted Stone Building, 3 Level", None),
    (186, "Gutted Stone Building, 4 Level", None),
    (190, "Stone Rubble Ground Level", None),
    (191, "Stone Rubble Level 1", None),
    (192, "Stone Rubble Level 2", None),
    (193, "Stone Rubble Level 3", None),
    (194, "Wooden Rubble Ground Level", None),
    (195, "Wooden Rubble Level 1", None),
    (196, "Wooden Rubble Level 2", None),
    (197, "Wooden Rubble Level 3", None),
)

# The codes VASL puts in its "depression" LOS category: their pixels are drawn
# one level below the hex's base level (a gully hex at level 0 holds pixels at -1).
DEPRESSIONS = frozenset((30, 31, 32, 33, 68, 104))
# Streams (B20.1): a hex whose depression is one of these is a stream hex. A
# Dry Stream (31) is a gully for all purposes (B20.41), read as one.
STREAMS = frozenset((32, 33))
SUNKEN_ROAD = 68

HEXSIDE_TYPES = ("wall", "hedge", "bocage", "cactus-hedge", "cliff")   # cliff: B11
# A rowhouse's inner wall (B23.71), read along hexsides apart from the walls
# (pycore.terrain.vasl.hexsides): its bar need not cover half the hexside.
ROWHOUSE = "rowhouse"
ROWHOUSE_WALLS = frozenset((76, 77, 78, 79, 80))
# Roads and paths: drawn through a break in a wall, they make it a gap (B9.3, B9.4).
ROADS = frozenset((65, 66, 67, 70))
# Water: a hex whose centre dot lies on it is a Water Obstacle hex (B21.1),
# unless it is a stream hex (B20.1: a stream's rivulet is drawn in water too).
WATER = frozenset((8, 9, 10, 11, 13))
CANAL = 13      # B21.11; VASL's other water codes are rivers or ponds (B21.12)
BRIDGES = frozenset(range(82, 88))
# B6.2: every bridge but a pontoon bridge (86) is a LOS Hindrance; the reader
# marks the hex ``"bridge": true`` (docs/hills.md).
HINDERING_BRIDGES = BRIDGES - {86}
# Art drawn over a hex's own terrain (B.1): roads, paths, tracks, walls, hedges,
# bocage, cliffs, rowhouse walls, road blocks and bridges say nothing of what
# the hex is (pycore.terrain.vasl.reading), nor a runway or a railway line drawn across it.
OVER = ROADS | BRIDGES | frozenset((69, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 112, 116, 153))


class Reading(NamedTuple):
    name: str                 # VASL's name for the code
    terrain: str | None       # hex terrain, or None where the app has none
    levels: int = 1           # building levels, ground level counted
    hexside: str | None = None
    approximate: bool = False
    depression: bool = False


def _reading(code: int, name: str, text: str | None) -> Reading:
    dep = code in DEPRESSIONS
    if text is None:
        return Reading(name, None, depression=dep)
    approx = text.endswith("~")
    text = text.rstrip("~")
    if text in HEXSIDE_TYPES or text == ROWHOUSE:
        return Reading(name, "open", hexside=text)
    terrain, _, levels = text.partition(":")
    return Reading(name, terrain, int(levels or 1), approximate=approx, depression=dep)


CODES: dict[int, Reading] = {code: _reading(code, name, text) for code, name, text in _TABLE}
BY_NAME: dict[str, Reading] = {r.name.casefold(): r for r in CODES.values()}

# bytes.translate tables over the code plane: the hexside type index
# (1-based in HEXSIDE_TYPES, 0 for none) of each code.
HEXSIDE_INDEX = bytes(HEXSIDE_TYPES.index(CODES[c].hexside) + 1
                      if c in CODES and CODES[c].hexside in HEXSIDE_TYPES else 0
                      for c in range(256))
KNOWN_CODES = bytes(sorted(CODES))      # deleted by translate: what remains is unknown
