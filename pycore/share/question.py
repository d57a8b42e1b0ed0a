"""The question a share link may carry beside its setup (docs/contract.md,
"A question in a link"): which ruling to show on opening.

A link made with a question holds one more top-level field, ``question``, in
its setup JSON. Version-1 readers that predate it keep it as an unknown field
with a warning and open the setup as usual; this app reads it back out with
:func:`check`. A question that no longer fits its setup (a unit renamed, a
hex off the map) is dropped with a warning: the setup always opens.

    {"tool": "los" | "fire",
     "viewer": <unit id> | {"hex": "Z9", "level": 0},
     "target": <unit id> | {"hex": "T1", "level": 1, "vertex": "T1-U1-U2"},
     "view": {"zoom": 1.6, "centre": "Y8"}}          # optional
"""
from __future__ import annotations

from typing import Any

from ..errors import SetupError
from ..rules.location import resolve
from ..setup import Setup, hex_field, load_setup

FIELD = "question"
TOOLS = ("los", "fire")
_END_FLAGS = ("entrenched", "crest")
# The page's zoom, as a multiple of its whole-map view (static/ui/card.js).
MIN_ZOOM, MAX_ZOOM = 0.05, 20.0


def _end(s: Setup, spec: Any, path: str) -> Any:
    """A validated end in its plainest form: a unit id, or a Location object
    holding only the fields that matter."""
    end = resolve(s, spec, path)           # SetupError names the field
    if isinstance(spec, str) and end.unit is not None:
        return end.unit.id            # as the setup writes it (pycore.setup.lookalike.id_key)
    if isinstance(spec, str):
        return {"hex": s.names.hex(end.hex), "level": 0}
    out: dict = {"hex": s.names.hex(end.hex), "level": end.level}
    if spec.get("vertex") is not None:
        out["vertex"] = s.names.vertex(end.point)
    for flag in _END_FLAGS:
        if spec.get(flag):
            out[flag] = True
    return out


def _view(s: Setup, view: Any) -> dict:
    if not isinstance(view, dict):
        raise SetupError(f"{FIELD}.view: must be an object")
    out: dict = {}
    if "zoom" in view:
        zoom = view["zoom"]
        if isinstance(zoom, bool) or not isinstance(zoom, (int, float)) or zoom != zoom:
            raise SetupError(f"{FIELD}.view.zoom: must be a number")
        # A view is a courtesy: one beyond what the page shows is brought in range.
        out["zoom"] = round(min(MAX_ZOOM, max(MIN_ZOOM, float(zoom))), 3)
    if "centre" in view:
        out["centre"] = s.names.hex(hex_field(view["centre"], f"{FIELD}.view.centre", s.grid, s.names))
    return out


def check(setup: Any, question: Any) -> dict:
    """The question in its plain form, checked against ``setup``; SetupError
    (naming the ``question.*`` field) if it does not fit."""
    s = load_setup(setup)
    return _check(s, question)


def _check(s: Setup, question: Any) -> dict:
    if not isinstance(question, dict):
        raise SetupError(f"{FIELD}: must be an object")
    tool = question.get("tool", "los")
    if tool not in TOOLS:
        raise SetupError(f"{FIELD}.tool: must be one of {', '.join(TOOLS)}")
    out: dict = {"tool": tool}
    for key in ("viewer", "target"):
        if key not in question:
            raise SetupError(f"{FIELD}.{key}: missing")
        out[key] = _end(s, question[key], f"{FIELD}.{key}")
    if tool == "fire" and not all(isinstance(out[k], str) for k in ("viewer", "target")):
        raise SetupError(f"{FIELD}.tool: fire needs a unit at both ends")
    if out["viewer"] == out["target"]:
        raise SetupError(f"{FIELD}.target: the same as the viewer")
    if "view" in question and question["view"] is not None:
        view = _view(s, question["view"])
        if view:
            out["view"] = view
    return out

