"""A side or id a player types in the unit editor, read as a setup reads it
(web.bridge's ``typed_name``): without the characters that show
nothing or turn text around, an id that reads as a unit's id taken as that
id, and a side that looks like another side but is not named in a warning
(``pycore.setup.lookalike``)."""
from __future__ import annotations

from typing import Any

from ..errors import SetupError
from .lookalike import foreign_letters, lookalike_warning, named_kinds, side_key, skeleton, visible
from . import load_setup, str_field

_FIELDS = ("side", "id")


def typed(setup: Any, field: Any, text: Any, others: Any = None) -> dict:
    """A side or id a player typed, read as a setup reads it:
    ``{"text": ..., "warnings": [...]}``. ``text`` is without invisible
    characters (said in a warning); for an id that reads as the id of a unit of
    ``setup``, it is that id (so the page's "already a unit" check finds it);
    for a side that looks like another side of ``setup`` or of ``others`` (the
    page's side chips) but is not, a warning says so."""
    if field not in _FIELDS:
        raise SetupError(f"field: must be one of {', '.join(_FIELDS)}")
    text = str_field(text, field)
    if others is None:
        others = []
    if not isinstance(others, list) or len(others) > 100:
        raise SetupError("others: must be a list of at most 100 sides")
    others = [str_field(o, "others") for o in others]
    s = load_setup(setup)
    warnings = []
    clean = visible(text)
    if clean != text:
        warnings.append(f"The {field} you typed held characters that show nothing or turn "
                        f"text around ({named_kinds([text])}); they were removed.")
    if field == "id":
        same = s.find_unit(clean) if clean else None
        return {"text": same.id if same is not None else clean, "warnings": warnings}
    key, look = side_key(clean), skeleton(clean)
    for side in dict.fromkeys([u.side for u in s.units] + others):
        if skeleton(side) == look and side_key(side) != key:
            a, b = sorted([clean, side], key=foreign_letters, reverse=True)
            warnings.append(lookalike_warning(a, b) + ".")
            break
    return {"text": clean, "warnings": warnings}
