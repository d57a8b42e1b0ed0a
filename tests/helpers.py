"""Small builders for version-1 setups (docs/contract.md), shared by test authors.

    from tests.helpers import setup, unit, loc, many, check_los
    s = setup(hexes={"I3": {"terrain": "woods"}}, hexsides={"Z8-Y9": "hedge"},
              units=[unit("g", "Z9"), unit("r", "X6", side="Russian")])
    r = check_los(s, "g", "r")          # pycore.api.los, plus sanity checks

Every builder returns plain JSON-able dicts, exactly what a share link or the
browser sends, so tests exercise the public contract and nothing private.
"""
from __future__ import annotations

from typing import Any

from pycore import api

# The contract's result keys (docs/contract.md, "los").
LOS_KEYS = ("los", "location_los", "range", "hindrance", "blocked_at", "rule", "steps")


def setup(hexes: dict | None = None, hexsides: dict | None = None,
          units: list | tuple = (), columns: int = 33, rows: int = 10,
          board: str | None = None) -> dict:
    """A setup dict on a ``columns`` x ``rows`` map (default one geomorphic board,
    on which every board hex name such as Z9 or GG10 exists)."""
    m: dict[str, Any] = {"columns": columns, "rows": rows}
    if board is not None:
        m["board"] = board
    return {"format": "asl-setup", "version": 1, "map": m,
            "hexes": dict(hexes or {}), "hexsides": dict(hexsides or {}),
            "units": list(units)}


def unit(uid: str, hex_name: str, side: str = "German", type: str = "squad",
         **fields: Any) -> dict:
    """A unit; extra keyword fields (level, entrenched, wa, bypass, vertex,
    burning, ...) are copied as they are."""
    return {"id": uid, "side": side, "type": type, "hex": hex_name, **fields}


def loc(hex_name: str, **fields: Any) -> dict:
    """A Location for ``los``: ``loc("O7", level=2)``, ``loc("Z3", vertex="Z3-Z4-AA4")``."""
    return {"hex": hex_name, **fields}


def many(names: str, **entry: Any) -> dict:
    """The same ``hexes`` entry for several hexes: ``many("V5 V6 W6", terrain="grain")``."""
    return {name: dict(entry) for name in names.split()}


def cited(result: dict) -> set[str]:
    """The rule numbers the ruling's steps cite."""
    return {step["rule"] for step in result["steps"]}


def check_los(s: dict, viewer: Any, target: Any) -> dict:
    """``api.los`` with the contract's shape checked: every key present, the
    blocking point and rule given exactly when the LOS is blocked, each step
    citing a rule, and a Location that cannot be seen hiding its units too."""
    r = api.los(s, viewer, target)
    missing = [k for k in LOS_KEYS if k not in r]
    assert not missing, f"result lacks {missing}"
    assert r["steps"] and all(st["rule"] and st["text"] for st in r["steps"])
    assert (r["blocked_at"] is None) == r["los"], r
    assert (r["rule"] is None) == r["los"], r
    assert r["rule"] is None or r["rule"] in cited(r), r
    assert r["location_los"] or not r["los"], r
    return r


def check_both_ways(s: dict, a: Any, b: Any) -> tuple[dict, dict]:
    """``check_los`` from a to b and from b to a, which must agree (A6.5)."""
    ab, ba = check_los(s, a, b), check_los(s, b, a)
    assert ab["los"] == ba["los"], f"A6.5 reciprocity: {a}->{b} {ab['los']}, back {ba['los']}"
    assert ab["range"] == ba["range"]
    if ab["location_los"] and ba["location_los"]:
        assert ab["hindrance"] == ba["hindrance"], (ab, ba)
    return ab, ba


def locations_both_ways(s: dict, a: str, b: str, la: int = 0, lb: int = 0) -> dict:
    """The LOS between the Locations a (level la) and b (level lb), asked from
    both ends: the same verdict either way (A6.5); the ruling from a."""
    ea, eb = {"hex": a, "level": la}, {"hex": b, "level": lb}
    there, back = api.los(s, ea, eb), api.los(s, eb, ea)
    assert there["los"] == back["los"], (there["steps"], back["steps"])     # A6.5
    return there


def assert_blocked(r: dict, where: str, rule: str, *, unit_only: bool = False) -> None:
    """The LOS is blocked at ``where`` by ``rule``; with ``unit_only`` the
    Location itself can still be seen (B9.21, B9.521)."""
    assert r["los"] is False, r
    assert r["location_los"] is unit_only, r
    assert (r["blocked_at"], r["rule"]) == (where, rule), r
    assert rule in cited(r), r


def assert_clear(r: dict, hindrance: int = 0) -> None:
    """The LOS is clear with this Hindrance DRM."""
    assert r["los"] is True and r["location_los"] is True, r
    assert r["blocked_at"] is None and r["rule"] is None, r
    assert r["hindrance"] == hindrance, r
