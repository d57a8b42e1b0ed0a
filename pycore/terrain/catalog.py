"""The terrain catalog: obstacle heights, Hindrances, TEM, inherent or not, rules.

Heights are in half levels (integers): woods 2 (a 1-level obstacle, A6.2),
a single-story house 2 (a 1-level obstacle, B23.2), a building with upper
levels its top level plus ½ (B23.2), walls and hedges 1 (half-level, A6.21,
B9.2), bocage 2 (one level, B9.52), light bocage 1 (a ½-level obstacle, from
the bocage play aid).
"""
from __future__ import annotations

from typing import NamedTuple


class Terrain(NamedTuple):
    name: str
    height: int          # obstacle height in half levels; 0 = not an obstacle
    hindrance: int       # LOS Hindrance DRM (A6.7); 0 = none
    inherent: bool       # Inherent Terrain (B.6): fills its hex, counts along its hexside (A6.1 EXC)
    tem: int             # in-hex TEM
    rule: str
    depression: bool = False
    hinders_all_levels: bool = False  # A6.7 EXC: orchard (B14.2)


# Inherent Terrain (B.6) is the Terrain Chart's list: orchard, crags, graveyard
# (and olive grove, vineyard, cactus patch, rubble, debris and the PTO's dense
# jungle, bamboo, palm trees and rice paddy in season, which the app does not
# model yet). Brush, grain and marsh are not (B12.7: a vineyard is brush "except
# for also being Inherent Terrain"; F13.2): they count where their depiction
# is, as woods do (A6.1).
TERRAIN = {t.name: t for t in (
    Terrain("open", 0, 0, False, 0, "B1"),
    Terrain("woods", 2, 0, False, 1, "B13"),
    Terrain("brush", 0, 1, False, 0, "B12"),       # no TEM (B12.3)
    Terrain("grain", 0, 1, False, 0, "B15"),
    # B14.2: +1 to same-level LOS in any season (B14.21); at other levels a
    # one-level obstacle in season, a Hindrance out of season:
    # pycore.rules.los.orchard.
    Terrain("orchard", 0, 1, True, 0, "B14"),
    Terrain("building", 2, 0, False, 2, "B23"),
    Terrain("stone-building", 2, 0, False, 3, "B23"),
    Terrain("marsh", 0, 1, False, 0, "B16.2"),     # +1 to same-level LOS (B16.2)
    Terrain("crag", 0, 1, True, 1, "B17.2"),       # +1 same-level, TEM +1 (B17.2, B17.3)
    Terrain("graveyard", 0, 1, True, 1, "B18.2"),  # +1 same-level, TEM +1 (B18.2, B18.3)
    Terrain("shellholes", 0, 0, False, 1, "B2"),
    Terrain("gully", 0, 0, False, 0, "B19", depression=True),
    # B20.1, B20.2: a stream is a gully holding a rivulet, a Depression whose
    # IN and crest rules are a gully's; a unit IN it sees other Depression
    # hexes only as B20.2 says (pycore.rules.los.depression). Shallow unless
    # an SSR says otherwise (B20.4; pycore.terrain.ssr).
    Terrain("stream", 0, 0, False, 0, "B20", depression=True),
    # B4.1-B4.3: a sunken road is a -1 level Depression (a unit IN it sees other
    # Depression hexes only along sunken road hexes: pycore.rules.los.sunken),
    # Open Ground for TEM.
    Terrain("sunken-road", 0, 0, False, 0, "B4", depression=True),
    # B21.1: a Water Obstacle (a river, pond or canal: ``WATER_KINDS``), a hex
    # whose centre dot lies on the water's blue, a level below the ground
    # around it as drawn (the reading gives its level). Neither obstacle nor
    # Hindrance to a LOS over it; no in-hex TEM is modelled (docs/rules.md
    # "Water Obstacles" says what the app assumes).
    Terrain("water", 0, 0, False, 0, "B21"),
    # A lumberyard (stacked lumber, VASL's Lumberyard code): its rule's text was
    # not found in the public transcriptions read. The app assumes what VASL's
    # terrain table says: a one-level LOS obstacle where its piles are drawn
    # (A6.2), no Hindrance, not Inherent Terrain. Its TEM and its cost of entry
    # are not modelled, and the rulings say so (pycore.rules.tem, movement).
    Terrain("lumberyard", 2, 0, False, 0, "A6.2"),
)}

# Terrain whose TEM and cost of entry the app does not model (its rule's text
# was not found): the rulings say so rather than give a number.
UNMODELLED_ENTRY = ("lumberyard",)

# The kinds of Water Obstacle a water hex's ``"water"`` field names, as a
# player calls it: a river (B21.12: water hexes flowing off the board's end),
# a pond (water that does not), a canal (B21.11).
WATER_KINDS = ("river", "pond", "canal")

# The terrain that hinders a LOS (A6.7), in a fixed order: a board's pixel
# drawn with one of them carries its place here plus one
# (pycore.terrain.vasl.layers.hindrance_layer).
HINDERING = tuple(t.name for t in TERRAIN.values() if t.hindrance)


def hindrance_value(terrain: str) -> int:
    """A terrain's value in a hindrance layer: its place in HINDERING plus
    one, 0 where it does not hinder."""
    return HINDERING.index(terrain) + 1 if terrain in HINDERING else 0


BUILDINGS = ("building", "stone-building")


def obstacle_height(terrain: str, levels: int = 1) -> int:
    """Height in half levels. A building of ``levels`` levels counts its ground
    level: a single-story house (1) is a one-level obstacle (B23.2: it "never
    blocks the LOS of same-level units" at level 1; B23.21), and a building
    with upper levels stands ½ level above its top level (B23.2; the B9.52x EX's
    rooftop "at level 1½" over a building whose top level is 1), so n levels
    are n - ½ levels high."""
    if terrain in BUILDINGS:
        return 2 if levels <= 1 else 2 * levels - 1
    return TERRAIN[terrain].height


class HexsideTerrain(NamedTuple):
    name: str
    height: int          # half levels
    tem: int             # vs Direct Fire (B9.3, B9.5)
    indirect_tem: int    # vs Indirect Fire (B9.34; bocage B9.5 play aid)
    rule: str
    hull_down: bool      # B9.36: walls create HD, hedges do not


HEXSIDES = {t.name: t for t in (
    HexsideTerrain("wall", 1, 2, 1, "B9.1", True),
    HexsideTerrain("hedge", 1, 1, 0, "B9.1", False),
    HexsideTerrain("cactus-hedge", 1, 1, 0, "B9.7", False),
    HexsideTerrain("bocage", 2, 2, 1, "B9.5", True),
    # The bocage play aid's light bocage: a ½-level obstacle with bocage's TEM
    # (+2 Direct, +1 Indirect); where the play aid is silent it follows bocage.
    HexsideTerrain("light-bocage", 1, 2, 1, "B9.5", True),
)}

# Hexside types that are bocage for B9.5x (TEM unreduced by elevation, B9.521
# hexside LOS, B9.55); light bocage is a ½-level obstacle where bocage is one level.
BOCAGE_TYPES = ("bocage", "light-bocage")
