"""How a ruling is shown: the one owner of its wording.

The LOS panel (``static/ui/panels.js``), the compact verdict on the map
(``static/ui/lostool.js``) and the ruling card (``web.card``) all show a
``pycore.api.los`` or ``fire`` ruling in the words written here, so the page
and the card cannot drift apart. The page only places these texts: ``los``
and ``fire`` below are the bridge's queries of those names, the API's answer
plus ``present``, ``ruling(result)``.

Nothing here judges a rule: every value comes from the ruling itself.
"""
from __future__ import annotations

from typing import Any, TypedDict

from pycore import api
from web import borderline as a6_1


class Fact(TypedDict):
    key: str      # a stable name for the page's and the tests' lookups
    label: str
    value: str


class Presented(TypedDict):
    verdict: str      # "Clear LOS", "LOS, hindered: +1 DRM", "No LOS (A6.2)"
    status: str       # the thread's colour: clear / hindered / blocked
    facts: list[Fact]
    brief: str        # one line for the map: the verdict, the range and the TEM


def signed(n: int) -> str:
    """A DRM or TEM as a player writes it: +2, 0, -1."""
    return f"+{n}" if n > 0 else str(n)


def status(result: dict) -> str:
    """clear / hindered / blocked (A6.7 Hindrance, A6.2 block)."""
    if not result.get("los"):
        return "blocked"
    return "hindered" if result.get("hindrance") else "clear"


def verdict(result: dict) -> str:
    """The ruling in a few words, citing the rule that blocked it."""
    if not result.get("los"):
        return "No LOS" + (f" ({result['rule']})" if result.get("rule") else "")
    if result.get("hindrance"):
        return f"LOS, hindered: {signed(result['hindrance'])} DRM"
    return "Clear LOS"


def _tem(result: dict) -> str:
    if "tem" not in result:
        return "– (only between two units)"
    if result["tem"] is None:
        # B11.31 (pycore.rules.cliff_fire): a LOS, but this weapon may not fire down the cliff
        return "– (this fire is not allowed)" if result.get("los") else "– (no LOS)"
    return signed(result["tem"]) + (" (Hull Down, B9.36)" if result.get("hull_down") else "")


def _yes_no(value: Any) -> str:
    return "yes" if value is True else "no" if value is False else "–"


def facts(result: dict) -> list[Fact]:
    """The ruling's facts, in order: range, Hindrance DRM, TEM and its options;
    where the LOS is blocked, when it is; whether the Location is seen, when
    that differs from the unit (B9.21, B9.521: the Location seen, not the unit)."""
    rows = [Fact(key="range", label="Range", value=str(result.get("range", "–"))),
            Fact(key="hindrance", label="Hindrance DRM", value=signed(result.get("hindrance") or 0)),
            Fact(key="tem", label="TEM", value=_tem(result))]
    options = result.get("tem_options") or []
    if options:
        rows.append(Fact(key="tem_options", label="TEM options",
                         value=", ".join(f"{o['source']} {signed(o['tem'])}" for o in options)))
    blocked = result.get("blocked_at")
    if blocked:
        where = f"{blocked} ({result['rule']})" if result.get("rule") else blocked
        rows.append(Fact(key="blocked_at", label="Blocked at", value=where))
    if "location_los" in result and result["location_los"] != result.get("los"):
        rows.append(Fact(key="location_los", label="Location LOS",
                         value=_yes_no(result["location_los"])))
    if result.get("borderline"):
        rows.append(Fact(key="borderline", label="Borderline",
                         value=borderline_words(result["borderline"])))
    return rows


def settled_words(settled: dict) -> str:
    """How the players settled a borderline LOS: "dr 2: not blocked"."""
    how = f"dr {settled['dr']}" if settled.get("dr") is not None else "agreed"
    return f"{how}: {'not blocked' if settled['los'] else 'blocked'}"


def borderline_words(b: dict) -> str:
    """A borderline ruling in one line (the panel's fact and the card's): the
    art it turns on, and the players' dr or agreement, or that none is made."""
    settled = b.get("settled")
    return f"{b['what']}; " + (f"settled, {settled_words(settled)} (A6.1)" if settled else
                               "not settled: a dr decides (A6.1), 1-3 not blocked, 4-6 blocked")


def _outcome(key: str, heading: str, result: dict, wa: Fact | None) -> dict:
    keep = ("hindrance", "tem", "tem_options") if result.get("los") else ("blocked_at",)
    rows = [f for f in facts(result) if f["key"] in keep and (f["key"] != "tem" or "tem" in result)]
    if wa is not None and result.get("los"):
        rows.append(wa)
    return {"key": key, "heading": heading, "verdict": verdict(result), "facts": rows}


def borderline(setup: Any, viewer: Any, target: Any, result: dict, tool: str,
               session: Any = None) -> dict:
    """A borderline ruling for the LOS panel: the art it turns on, both
    outcomes as the core rules them (web.borderline.outcomes: Hindrance, TEM
    and Wall Advantage with LOS, what blocks without), and the settlement."""
    b = result["borderline"]
    clear, blocked = a6_1.outcomes(setup, viewer, target, tool, b, session=session)
    wa = None
    if tool == "fire":
        held = api.wall_advantage(setup, session=session)
        wa = wall_advantage({"units": {k: v for k, v in (held.get("units") or {}).items()
                                       if k in (viewer, target)}})
    settled = b.get("settled")
    return {"title": "Borderline (A6.1)", "at": b["at"], "what": b["what"],
            "lead": f"The thread passes within a pixel of {b['what']}: the verdict turns on "
                    "it. Players who cannot agree roll a dr (A6.1): 1-3 the LOS is not "
                    "blocked, 4-6 it is.",
            "outcomes": [_outcome("clear", "Not blocked (dr 1-3)", clear, wa),
                         _outcome("blocked", "Blocked (dr 4-6)", blocked, None)],
            "settled": None if not settled else {
                **settled, "text": f"Settled, {settled_words(settled)} (A6.1)."}}


def brief(result: dict) -> str:
    """One line for the map while another tool is in use."""
    tem = result.get("tem")
    return f"{verdict(result)}, range {result.get('range', '–')}" + (
        f", TEM {signed(tem)}" if tem is not None else "")


def ruling(result: dict) -> Presented:
    """Everything the page and the card show of a ``los`` or ``fire`` ruling."""
    return Presented(verdict=verdict(result), status=status(result), facts=facts(result),
                     brief=brief(result))


def end_name(setup: dict, end: Any) -> str:
    """A ruling's end in full: "g1 (German squad, Z9 level 1)" or "T1 level 0, vertex ..."."""
    if isinstance(end, str):
        unit = next(u for u in setup["units"] if u["id"] == end)
        where = unit["hex"] + (f" level {unit['level']}" if unit.get("level") else "")
        return f"{end} ({unit.get('side', '')} {unit['type']}, {where})"
    text = f"{end['hex']} level {end.get('level', 0)}"
    return text + (f", vertex {end['vertex']}" if end.get("vertex") else "")


def wall_advantage(wa: dict) -> Fact:
    """Who holds Wall Advantage (``pycore.api.wall_advantage``), as one fact."""
    holders = [f"{uid} over {' '.join(u['hexsides'])}" if u.get("hexsides") else uid
               for uid, u in (wa.get("units") or {}).items() if u.get("has")]
    return Fact(key="wall_advantage", label="Wall Advantage",
                value=", ".join(holders) if holders else "nobody")


# The bridge's queries "los" and "fire" (web.queries QUERIES): the API's ruling
# with how to show it. pycore.api's own answer is unchanged (docs/contract.md).

def los(setup: Any, viewer: Any, target: Any, *, session: Any = None) -> dict:
    result = api.los(setup, viewer, target, session=session)
    return _shown(setup, viewer, target, result, "los", session)


def fire(setup: Any, firer: Any, target: Any, indirect: bool = False, *, session: Any = None) -> dict:
    result = api.fire(setup, firer, target, indirect, session=session)
    return _shown(setup, firer, target, result, "fire", session)


def _shown(setup: Any, viewer: Any, target: Any, result: dict, tool: str, session: Any) -> dict:
    shown: dict[str, Any] = {**ruling(result)}
    if result.get("borderline"):
        shown["borderline"] = borderline(setup, viewer, target, result, tool, session)
    return {**result, "present": shown}


def claims(setup: Any, *, session: Any = None) -> dict:
    """The bridge's ``wall_advantage``: the API's answer, with each unit's
    has / eligible / mandatory in words (``present``, by unit id) for the page's
    Wall Advantage table (B9.32)."""
    result = api.wall_advantage(setup, session=session)
    return {**result, "present": {uid: {k: _yes_no(u.get(k)) for k in ("has", "eligible", "mandatory")}
                                  for uid, u in (result.get("units") or {}).items()}}
