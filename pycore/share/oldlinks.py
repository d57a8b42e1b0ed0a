"""Text in links made by earlier releases that today's setups refuse.

docs/contract.md: every version-1 link ever made keeps opening. Before the limits (pycore.limits) a
setup's text could hold control characters, and ``share.encode`` put them in
links: a TAB pasted into a unit's name, a newline at the end of an id or
inside an unknown field's value. Today ``pycore.setup.text_field`` refuses
them at every door, because an SVG map, a file and the page cannot carry
them. A link is the one door where they are repaired instead, each field
named in a warning, so such a link opens.

A control character becomes a visible character: U+0000-U+001F its Unicode
Control Picture (a TAB reads ``␉``, a newline ``␊``), DEL ``␡``, and the C1
controls and the noncharacters U+FFFE/U+FFFF the replacement character
``�``. The C0 and DEL mapping is one to one, so two ids that differed only
in a control character still differ, and a link's question names the units
it named before. Lone surrogates were never in a link (an old ``encode``
could not write them as UTF-8) and stay refused.
"""
from __future__ import annotations

import re
from typing import Any

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ufffe\uffff]")
_MOST_NAMED = 8           # fields named in warnings; the rest are counted


def _picture(match: re.Match) -> str:
    c = ord(match.group())
    if c < 0x20:
        return chr(0x2400 + c)
    return "\u2421" if c == 0x7F else "\ufffd"


# Top-level fields named bare in SetupError messages; others read "setup.notes".
_TOP = ("format", "version", "map", "hexes", "hexsides", "units", "question")


def _path(parent: str, key: Any) -> str:
    """A field's path as ``pycore.setup`` names it: ``units[0].name``, ``setup.notes``."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    if parent:
        return f"{parent}.{key}"
    return key if key in _TOP else f"setup.{key}"


def repair_text(obj: Any) -> tuple[Any, list[str]]:
    """``obj`` (parsed JSON, at most MAX_JSON_DEPTH deep: ``pycore.jsonread``
    has measured it) with every control character in its strings, keys
    included, replaced; and a warning naming each field so repaired."""
    fields: list[str] = []

    def fix(text: str, path: str) -> str:
        fixed = _CONTROL.sub(_picture, text)
        if fixed != text:
            fields.append(path)
        return fixed

    def walk(x: Any, path: str) -> Any:
        if isinstance(x, str):
            return fix(x, path)
        if isinstance(x, list):
            return [walk(y, _path(path, i)) for i, y in enumerate(x)]
        if isinstance(x, dict):
            out = {}
            for k, v in x.items():
                key = k
                if isinstance(k, str):
                    key = _CONTROL.sub(_picture, k)
                    if key != k:
                        fields.append(f"the name of {_path(path, key)}")
                out[key] = walk(v, _path(path, key))
            return out
        return x

    if not _has_control(obj):
        return obj, []
    repaired = walk(obj, "")
    named = ", ".join(fields[:_MOST_NAMED])
    more = f" and {len(fields) - _MOST_NAMED} more" if len(fields) > _MOST_NAMED else ""
    return repaired, [f"{named}{more}: control characters (a TAB, a newline...), which this "
                      f"app no longer keeps in a setup, were replaced by visible marks "
                      f"such as \u2409 and \u240a; check the names"]


def _has_control(obj: Any) -> bool:
    """Whether any string in ``obj`` holds a control character (a fast
    first look: most links hold none)."""
    todo = [obj]
    while todo:
        x = todo.pop()
        if isinstance(x, str):
            if _CONTROL.search(x):
                return True
        elif isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
    return False
