"""The setup's field readers: each value checked, or a SetupError naming its
path and what is wrong (``hexsides["A1-C5"]: A1 and C5 are not adjacent``);
unknown fields kept with a warning (``Reader.extras``), sides and ids read
without invisible characters (``Reader.visible``)."""
from __future__ import annotations

import json
import math
import re
from types import MappingProxyType
from typing import Any, Mapping

from .. import geometry as g
from .. import limits
from ..errors import SetupError
from .lookalike import visible
from ..terrain.vasl.library import Library


class Reader:
    """What reading one setup gathers besides its objects: the boards it may
    name, the warnings to pass on, the texts whose hidden characters went."""

    def __init__(self, boards: Library) -> None:
        self.boards = boards
        self.names = g.PLAIN    # how the map names its hexes, once its map is read
        self.warnings: list[str] = []
        self.hidden: list[tuple[str, str]] = []     # (field, text as given): see visible()

    def visible(self, text: str, path: str) -> str:
        """A side or id without the characters that show nothing or turn text
        around (``pycore.setup.lookalike``), each field so read named in a notice."""
        seen = visible(text)
        if seen != text:
            self.hidden.append((path, text))
        return seen

    def extras(self, d: dict, known: tuple, path: str,
               checked: Mapping[str, Any] = MappingProxyType({})) -> Mapping[str, Any]:
        """Fields beyond ``known``: those in ``checked`` are validated, others kept
        with a warning (a newer version's fields)."""
        extra = {k: v for k, v in d.items() if k not in known}
        if len(extra) > limits.MAX_EXTRA_FIELDS:
            raise SetupError(f"{path}: more than {limits.MAX_EXTRA_FIELDS} unknown fields")
        for k, v in extra.items():
            if not isinstance(k, str):
                raise SetupError(f"{path}: field names must be strings")
            text_field(k, f"{path}: a field name")
            rule = checked.get(k)
            if rule is bool:
                bool_field(v, f"{path}.{k}")
            elif rule is str:
                str_field(v, f"{path}.{k}")
            elif isinstance(rule, tuple) and isinstance(rule[0], int):
                int_field(v, f"{path}.{k}", *rule)
            elif isinstance(rule, tuple) and not (isinstance(v, str) and v in rule):
                raise SetupError(f"{path}.{k}: {shown(v)} is not one of {', '.join(rule)}")
            elif rule is None:
                plain_value(v, f"{path}.{k}")
                self.warnings.append(f"{path}: unknown field {k!r} kept")
        return MappingProxyType(extra)


def shown(v: Any) -> str:
    """A value as a SetupError quotes it: JSON, cut to 40 characters."""
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 ** 40:
        return f"a number of {len(str(abs(v))) if abs(v) < 10 ** 4000 else 'over 4000'} digits"
    try:
        text = json.dumps(v) if isinstance(v, (str, int, float, bool)) or v is None \
            else type(v).__name__
    except ValueError:
        text = type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."


_KINDS: dict[type, str] = {dict: "an object", list: "a list"}


def need(v: Any, kind: type, path: str) -> Any:
    """``v``, if it is an object (dict) or a list as ``kind`` asks."""
    if not isinstance(v, kind):
        want = _KINDS[kind]
        raise SetupError(f"{path}: must be {want}, not {shown(v)}")
    return v


def int_field(v: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise SetupError(f"{path}: must be a whole number, not {shown(v)}")
    if not lo <= v <= hi:
        raise SetupError(f"{path}: {shown(v)} is out of range ({lo} to {hi})")
    return v


def bool_field(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise SetupError(f"{path}: must be true or false, not {shown(v)}")
    return v


def str_field(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise SetupError(f"{path}: must be a string, not {shown(v)}")
    if len(v) > limits.MAX_STRING:
        raise SetupError(f"{path}: longer than {limits.MAX_STRING} characters")
    return text_field(v, path)


# Characters no setup text may hold: control characters (C0, DEL,
# C1), which XML 1.0 forbids or discourages and no name needs; lone surrogates,
# which UTF-8 cannot encode; and U+FFFE/U+FFFF, which are not characters.
_BAD_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def text_field(v: str, path: str) -> str:
    """``v``, if it holds only characters a link, a file and the SVG map can carry."""
    bad = _BAD_TEXT.search(v)
    if bad:
        c = ord(bad.group())
        kind = "a lone surrogate" if 0xD800 <= c <= 0xDFFF else "a control character"
        raise SetupError(f"{path}: holds {kind} (U+{c:04X}) at position {bad.start() + 1}")
    return v


def plain_value(v: Any, path: str) -> None:
    """An unknown field's value is kept and written back into links and files:
    it must be plain JSON (objects with string keys, lists, finite numbers,
    true/false/null) nested at most MAX_JSON_DEPTH deep, its text as for
    ``text_field``. Iterative, so a deep value from Python cannot exhaust the stack."""
    todo = [(v, 1)]
    while todo:
        x, depth = todo.pop()
        if isinstance(x, str):
            text_field(x, path)
        elif isinstance(x, float) and not math.isfinite(x):
            raise SetupError(f"{path}: holds {x}, which is not a number")
        elif isinstance(x, (dict, list)):
            if depth > limits.MAX_JSON_DEPTH:
                raise SetupError(f"{path}: nested more than {limits.MAX_JSON_DEPTH} levels deep")
            if isinstance(x, dict):
                for k in x:
                    if not isinstance(k, str):
                        raise SetupError(f"{path}: field names must be strings")
                    text_field(k, f"{path}: a field name")
                todo.extend((y, depth + 1) for y in x.values())
            else:
                todo.extend((y, depth + 1) for y in x)
        elif not (x is None or isinstance(x, (bool, int, float))):
            raise SetupError(f"{path}: holds {type(x).__name__}, which JSON cannot carry")


def hex_name(name: Any, path: str, names: g.Names) -> g.Hex:
    """A hex as ``names`` reads its name, on the map or not, or SetupError naming ``path``."""
    try:
        return names.parse_hex(name)
    except ValueError as e:
        raise SetupError(f"{path}: {e}") from None


def hex_field(name: Any, path: str, grid: g.Grid, names: g.Names) -> g.Hex:
    """A hex name on the map (as ``names`` reads it), or SetupError naming ``path``."""
    h = hex_name(name, path, names)
    if not grid.contains(h):
        raise SetupError(f"{path}: {names.hex(h)} is off the map "
                         f"({grid.columns} x {grid.rows})")
    return h


def hexside_field(name: Any, h: g.Hex, path: str, names: g.Names) -> g.Hexside:
    try:
        s = names.parse_hexside(name)
    except ValueError as e:
        raise SetupError(f"{path}: {e}") from None
    if h not in s:
        raise SetupError(f"{path}: {names.hexside(s)} is not a hexside of {names.hex(h)}")
    return s


def vertex_field(name: Any, h: g.Hex, path: str, names: g.Names) -> g.Point:
    try:
        v = names.parse_vertex(name)
    except ValueError as e:
        raise SetupError(f"{path}: {e}") from None
    if h not in g.vertex_hexes(v):
        raise SetupError(f"{path}: not a vertex of {names.hex(h)}")
    return v
