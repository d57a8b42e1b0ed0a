"""The setup's ``settled``: the players' settlement of borderline LOS (A6.1:
"If players still cannot agree whether a LOS is blocked or not, the matter is
resolved by a dr: 1-3 LOS is not blocked; 4-6 it is blocked"), read and
written. Each entry: ``viewer`` and ``target`` as ``los`` takes them (a unit
id, a hex name or a Location object), ``dr`` (1-6, or null where the players
agreed), ``los`` (true: not blocked). pycore.rules.los.borderline follows it.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from .. import geometry as g
from ..errors import SetupError
from .fields import Reader, bool_field, hex_field, int_field, need, plain_value, shown, str_field
from .units import Unit

MAX_SETTLED = 400           # settled pairs in a setup
_KNOWN = ("viewer", "target", "dr", "los")


def dr_los(dr: int) -> bool:
    """What a borderline LOS settled by a dr is (A6.1): 1-3 not blocked (True),
    4-6 blocked (False). The one place the threshold is written."""
    return dr <= 3


def load_settled(r: Reader, v: Any, grid: g.Grid, units: tuple[Unit, ...]
                 ) -> tuple[Mapping[str, Any], ...]:
    """The ``settled`` list (SetupError naming the field of a bad value)."""
    if v is None:
        return ()
    need(v, list, "settled")
    if len(v) > MAX_SETTLED:
        raise SetupError(f"settled: more than {MAX_SETTLED} entries")
    ids = {u.id for u in units}
    out = []
    for i, entry in enumerate(v):
        path = f"settled[{i}]"
        need(entry, dict, path)
        for end in ("viewer", "target"):
            if end not in entry:
                raise SetupError(f"{path}.{end}: missing (a unit id or a hex name)")
        gone = [end for end in ("viewer", "target") if _gone(r, entry[end], ids)]
        if gone:    # its unit was removed or renamed: the settlement goes with it, said
            r.warnings.append(f"{path}: {gone[0]} {str(entry[gone[0]])[:40]!r} is no unit on the "
                              "map any more, so this settled LOS was dropped (A6.1)")
            continue
        for end in ("viewer", "target"):
            _end(r, entry[end], f"{path}.{end}", grid, ids)
        if "los" not in entry:
            raise SetupError(f"{path}.los: missing (true: not blocked, false: blocked)")
        los = bool_field(entry["los"], f"{path}.los")
        dr = entry.get("dr")
        if dr is not None:
            int_field(dr, f"{path}.dr", 1, 6)
            if dr_los(dr) != los:
                raise SetupError(f"{path}.dr: a dr of {dr} means the LOS is "
                                 f"{'not blocked' if dr_los(dr) else 'blocked'} (A6.1: 1-3 not "
                                 f"blocked, 4-6 blocked), but los is {shown(los)}")
        extra = r.extras(entry, _KNOWN, path)
        out.append(MappingProxyType({"viewer": entry["viewer"], "target": entry["target"],
                                     "dr": dr, "los": los, **extra}))
    return tuple(out)


def _gone(r: Reader, spec: Any, ids: set[str]) -> bool:
    """An end named by a unit id that no unit has, nor any hex: a unit the
    player removed or renamed since the players settled the LOS."""
    if not isinstance(spec, str) or spec in ids:
        return False
    try:
        r.names.parse_hex(spec)
    except ValueError:
        return True
    return False


def _end(r: Reader, spec: Any, path: str, grid: g.Grid, ids: set[str]) -> None:
    """An end as ``los`` takes it (pycore.rules.location.resolve checks the rest)."""
    if isinstance(spec, str):
        str_field(spec, path)
        if spec not in ids:         # a hex name (a unit id no unit has is dropped: _gone)
            hex_field(spec, path, grid, r.names)
        return
    if not isinstance(spec, dict):
        raise SetupError(f"{path}: must be a unit id or a Location object, not {shown(spec)}")
    hex_field(spec.get("hex"), f"{path}.hex", grid, r.names)
    plain_value(spec, path)


def dump_settled(settled: tuple[Mapping[str, Any], ...]) -> list[dict[str, Any]]:
    return [dict(e) for e in settled]
