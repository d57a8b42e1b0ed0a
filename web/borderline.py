"""A borderline ruling (A6.1) on the page: both outcomes as the players would
rule them, and the players' settlement written into the setup's ``settled``.

A6.1: players who cannot agree whether a LOS is blocked roll a dr: 1-3 it is
not blocked, 4-6 it is.  ``outcomes`` gives the core's own ruling under each
settlement: the ones the LOS ruling's ``borderline`` carries, and for a fire
not blocked, the rules (``pycore.api.fire``) asked with that settlement
recorded, for the TEM and its options.  ``settle`` rolls the dr here, in Python (``secrets``: the browser's
crypto under Pyodide), and returns the setup with the settlement: the page
applies it as an undoable edit, so autosave, the share link and the ruling
card carry it (docs/page.md "A borderline ruling").
"""
from __future__ import annotations

import secrets
from typing import Any, Callable

from pycore import api
from pycore.errors import SetupError

HOWS = ("roll", "clear", "blocked", "none")    # roll the dr; agree either way; unsettle


def _ask(tool: Any) -> Callable[..., dict]:
    if tool not in ("los", "fire"):
        raise SetupError("tool: expected los or fire")
    return api.fire if tool == "fire" else api.los


def _with(setup: dict, viewer: Any, target: Any, los: bool) -> dict:
    """``setup`` with the pair settled ``los`` by agreement, ahead of any other
    settlement of it (the first that matches is followed)."""
    entry = {"viewer": viewer, "target": target, "dr": None, "los": los}
    return {**setup, "settled": [entry, *(setup.get("settled") or [])]}


def outcomes(setup: Any, viewer: Any, target: Any, tool: str, borderline: dict, *,
             session: Any = None) -> tuple[dict, dict]:
    """The ruling of the pair if the LOS is not blocked and if it is (A6.1),
    each as ``los`` (or ``fire``) answers it with that settlement: the pair's
    ruling's ``borderline`` (``clear``, ``blocked``) holds both ``los``
    rulings; a ``fire`` not blocked is asked again, for its TEM."""
    if _ask(tool) is api.los:
        return borderline["clear"], borderline["blocked"]
    whole = setup if isinstance(setup, dict) else api.load(setup, session=session).to_dict()
    return api.fire(_with(whole, viewer, target, True), viewer, target, session=session), \
        borderline["blocked"]


def settle(setup: Any, viewer: Any, target: Any, how: Any, tool: Any = "los", *,
           session: Any = None) -> dict:
    """The setup with the pair's borderline LOS settled (``how``: ``roll`` a dr,
    agree it is ``clear`` or ``blocked``, or ``none``: the settlement taken
    back): ``{"setup", "dr", "los", "said"}``. Any earlier settlement of the
    pair (either way round, A6.5) is replaced. SetupError where the ruling is
    not borderline: there is nothing to settle."""
    if how not in HOWS:
        raise SetupError(f"how: expected one of {', '.join(HOWS)}")
    if not isinstance(setup, dict):
        raise SetupError("setup: expected a setup object")
    ask = _ask(tool)
    settled = list(setup.get("settled") or [])
    while True:
        got = ask({**setup, "settled": settled}, viewer, target, session=session)["borderline"]
        if got is None and how == "none":       # nothing settled to take back: as it was
            return {"setup": setup, "dr": None, "los": None,
                    "said": "This LOS is not borderline (A6.1): there is no settlement to take back."}
        if got is None:
            raise SetupError("settled: this LOS is not borderline (A6.1): the rules decide it, "
                             "there is nothing to settle")
        if got.get("settled") is None:
            break
        del settled[got["settled"]["entry"]]
    dr: int | None = None
    if how == "none":
        los, said = None, "The settlement is taken back: the thread as drawn decides (A6.1)."
    else:
        if how == "roll":
            dr = secrets.randbelow(6) + 1
            los = api.dr_los(dr)
        else:
            los = how == "clear"
        settled.append({"viewer": viewer, "target": target, "dr": dr, "los": los})
        said = (f"dr {dr}: " if dr is not None else "Agreed: ") + \
            ("not blocked (A6.1: 1-3)." if los and dr else "blocked (A6.1: 4-6)." if dr else
             "not blocked (A6.1)." if los else "blocked (A6.1).")
    out = {k: v for k, v in setup.items() if k != "settled"}
    if settled:
        out["settled"] = settled
    return {"setup": out, "dr": dr, "los": los, "said": said}
