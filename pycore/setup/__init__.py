"""Load and validate a version-1 setup (docs/contract.md) into immutable objects.

Every malformed input raises SetupError naming the field's path and what is
wrong, e.g. ``hexsides["A1-C5"]: A1 and C5 are not adjacent``.  Unknown extra
fields are kept (and listed in ``Setup.warnings``) so that links made by newer
versions open here and travel on unchanged.

The package: ``model`` (``Setup`` and the slots of what is computed from a
setup once), ``fields`` (the field readers), one module per part of the
format with its reader beside its writer (``mapspec``, ``hexes``,
``hexsides``, ``units`` with ``Unit``), and ``loader`` and ``writer``, which
read and write a whole setup in order. The map's terrain is decided by ``pycore.terrain.mapterrain``.
"""
from __future__ import annotations

from ..terrain.mapterrain import CLIFF, OPEN, HexInfo, HexsideInfo, MapTerrain, Overrides, Wall
from .fields import bool_field, hex_field, hexside_field, int_field, plain_value, str_field, text_field, vertex_field
from .hexes import HEX_EXTRA_FIELDS
from .hexsides import HEXSIDE_EXTRA_FIELDS, HEXSIDE_TYPES, NO_HEXSIDE
from .loader import SETUP_EXTRA_FIELDS, load_setup
from .mapspec import map_size_warning
from .model import Setup, Slot
from .units import UNIT_EXTRA_FIELDS, UNIT_FLAGS, UNIT_TYPES, VEHICLE_CLASSES, Unit

__all__ = ["CLIFF", "HEXSIDE_EXTRA_FIELDS", "HEXSIDE_TYPES", "HEX_EXTRA_FIELDS", "NO_HEXSIDE", "OPEN",
           "SETUP_EXTRA_FIELDS", "UNIT_EXTRA_FIELDS", "UNIT_FLAGS", "UNIT_TYPES", "VEHICLE_CLASSES",
           "HexInfo", "HexsideInfo", "MapTerrain", "Overrides", "Setup", "Slot", "Unit", "Wall",
           "bool_field", "hex_field", "hexside_field", "int_field", "load_setup", "map_size_warning",
           "plain_value", "str_field", "text_field", "vertex_field"]
