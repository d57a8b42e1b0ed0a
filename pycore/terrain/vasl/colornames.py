"""What an overlay's colours show: each colour named as a board archive's
``colors`` file names it (a line ``WoodsGreen r,g,b``; ``BrushL1``,
``Level2``, ...), and each name read as VASL's terrain and, where the
name says it, the ground's level (docs/overlays.md).

The colour values come from the player's own file, at import; this module
holds only this app's reading of the names: a name's family (``Woods``,
``Brush``, ``DirtRd``, ...) gives the terrain (VASL's name for it,
``pycore.terrain.vasl.codes``), and a trailing ``L1``, ``L_1`` or ``Level2``
the level the ground is drawn at (``_`` for minus). A name without a level
keeps the ground beneath it; a depression's (a gully, a stream) lies one
level below it. Seasonal variants (``...Winter``, ``Mud...``, ``...Desert...``)
read as their family. Names of no terrain (the hex grid's black, hex
numbers, centre dots) are ``None``: such a pixel takes the terrain drawn
next to it.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .archive import Zipped

MAX_COLORS_BYTES = 200_000
MAX_LINES = 5_000


class Shown(NamedTuple):
    terrain: str            # VASL's terrain name (codes.BY_NAME)
    level: int | None       # the ground's level where the name gives it


# (name pattern, VASL terrain): the first that matches a name, its variants dropped.
_FAMILIES: tuple[tuple[str, str | None], ...] = (
    (r"Level|L|Desert", "Open Ground"),
    (r"BldgShadow|Slope", "Open Ground"),
    (r"Bocage", "Bocage"),
    (r"Bridge", "Single Hex Stone Bridge"),
    (r"Brush", "Brush"),
    (r"GullyCliff|WinterCliff|Cliff", "Cliff"),
    (r"Crag", "Crags"),
    (r"DirtR(?:oa)?d(?:Bridge)?", "Dirt Road"),
    (r"PavedR(?:oa)?d(?:Bridge)?", "Paved Road"),
    (r"Path", "Path"),
    (r"GrainCrest|Grain", "Grain"),
    (r"PlowedFields?", "Plowed Field"),
    (r"Furrows", "Open Ground"),
    (r"Graveyard", "Graveyard"),
    (r"Gully|WinterDepression", "Gully"),
    (r"Hedge", "Hedge"),
    (r"Lumberyard", "Lumberyard"),
    (r"(?:Stream|River|Separated)?(?:Marsh|Swamp)", "Marsh"),
    (r"Mudflat", "Mudflats"),
    (r"Orch(?:ard|Trees)?", "Orchard"),
    (r"OliveGrove", "Olive Grove"),
    (r"Vineyard", "Vineyard"),
    (r"Rail(?:s|Ties|Bed)", "Railroad, Ground Level"),
    (r"RicePaddy|PaddyInterior|PaddyWall", "Rice Paddy, Irrigated"),
    (r"Shellhole", "Shellholes"),
    (r"StoneRowhouseBar|WoodRowhouseBar", "Rowhouse Wall, 1 Level"),
    (r"StoneBldg|StoneStairwell|MarketPlace", "Stone Building"),
    (r"WoodBldg|WoodStairwell", "Wooden Building"),
    (r"DryStream", "Dry Stream"),
    (r"Stream", "Shallow Stream"),
    (r"SunkRoad", "Sunken Road"),
    (r"Wall", "Wall"),
    (r"Pond|Water|Ice", "Water"),
    (r"Woods", "Woods"),
    (r"Dier", "Dier"),
    (r"Sand", "Sand"),
    (r"Wadi", "Wadi"),
    (r"Hammada", "Hammada"),
    (r"Scrub", "Scrub"),
    (r"Cactus", "Cactus Patch"),
    (r"Black|White|.*HexNumbers|.*HexDots|ManHoles|BoardNum|HillNum|BarbedWire|Unknown", None),
)
_VARIANT = re.compile(r"^(?:Mud(?!flat))?(.*?)(?:Winter|Mud)?$")
_LEVEL = re.compile(r"^(.*?)(?:L|Level|Hill)(_?\d)$")
_SUFFIX = r"\d*(?:Crest)?(?:Hill|Dale)?(?:Green|Brown|Grey|Black|White|Tan|Water|Shadow|Base)?\d*"
_FAMILY = tuple((re.compile(f"^(?:{p}){_SUFFIX}$"), t) for p, t in _FAMILIES)


def shown(name: str) -> Shown | None:
    """What a colour named ``name`` shows, or None (no terrain: a grid line, a number)."""
    base = _VARIANT.match(name)
    text = base.group(1) if base else name
    text = text.replace("Desert", "") or "Desert"
    level = None
    m = _LEVEL.match(text)
    if m:
        level = int(m.group(2).replace("_", "-"))
        text = m.group(1) or "Level"
    for pattern, terrain in _FAMILY:
        if pattern.match(text):
            return None if terrain is None else Shown(terrain, level)
    return None


def of_zip(zipped: Zipped) -> dict[tuple[int, int, int], str]:
    """A board or overlay archive's ``colors`` file read (``parse``), empty if
    it has none, from its zip (``pycore.terrain.vasl.archive.opened``)."""
    from . import archive
    z, members = zipped
    if "colors" not in members:
        return {}
    return parse(archive.member(z, members["colors"], MAX_COLORS_BYTES))


def parse(text: bytes) -> dict[tuple[int, int, int], str]:
    """A ``colors`` file's colours, ``(r, g, b) -> name`` (the first name of a
    colour wins); lines that are not ``Name r,g,b`` are skipped, as VASL skips them."""
    out: dict[tuple[int, int, int], str] = {}
    for line in text[:MAX_COLORS_BYTES].decode("latin-1").splitlines()[:MAX_LINES]:
        line = line.split("//", 1)[0].strip()
        parts = [p for p in re.split(r"[, \t]+", line) if p]
        if len(parts) != 4 or not parts[0][:1].isalpha() or len(parts[0]) > 40:
            continue
        try:
            rgb = tuple(int(p) for p in parts[1:])
        except ValueError:
            continue
        if all(0 <= v <= 255 for v in rgb):
            out.setdefault(rgb, parts[0])   # type: ignore[arg-type]
    return out
