"""B11.31: which fire may go down a cliff hexside to the adjacent hex below it
(docs/hills.md).

No vehicle armament and no ordnance (IFE included: it is ordnance firing on the
IFT) may fire through a cliff hexside into the adjacent lower-level hex, except
a LATW other than a PIAT or a mortar whose minimum range is 1 hex; other SW and
Small Arms Fire may. The firer's ``weapon`` extra names those weapons
(``"latw"``, ``"piat"``, ``"mortar"``, ``"mortar-min-range-1"``); ``ordnance``
is read as for B9.36 (default true for a vehicle or Gun).

B11.32 (the weapons that may fire up across a cliff) is not applied: its text
could not be read in full (docs/hills.md).
"""
from __future__ import annotations

from .. import geometry as g
from .location import End
from .los.crest import cliff_name, is_cliff
from ..setup import Setup

EXEMPT = {"latw": "a LATW other than a PIAT", "mortar-min-range-1":
          "a mortar with a minimum range of 1 hex"}


def restriction(s: Setup, fe: End, te: End, ordnance: bool) -> tuple[bool, dict] | None:
    """(may it fire, the step saying why) where B11.31 applies to this fire,
    from the firer's end ``fe`` down a cliff hexside to the target's ``te``
    (both units' ends); None where it does not apply. ``ordnance``: the
    firer fires ordnance (pycore.rules.tem.is_ordnance)."""
    firer, target = fe.unit, te.unit
    assert firer is not None and target is not None
    if g.distance(firer.hex, target.hex) != 1:
        return None
    sd = g.hexside(firer.hex, target.hex)
    if not is_cliff(s, sd) or te.elevation >= fe.elevation:
        return None
    weapon = firer.extra.get("weapon")
    if weapon in EXEMPT:
        return True, {"rule": "B11.31", "text": f"{firer.label} fires {EXEMPT[weapon]}: it may "
                      f"fire down the {cliff_name(sd, s.names)} into the adjacent lower hex."}
    if not (firer.is_vehicle or ordnance or weapon in ("piat", "mortar")):
        return None       # Small Arms and other SW are not restricted
    what = "vehicle armament" if firer.is_vehicle else "ordnance"
    return False, {"rule": "B11.31", "text": f"{firer.label} fires {what}, which may not fire "
                   f"down the {cliff_name(sd, s.names)} into the adjacent lower hex "
                   f"{s.names.hex(target.hex)}: no attack is allowed."}
