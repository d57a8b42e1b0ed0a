"""Scenario special rules (SSR) that change the board's terrain
(docs/contract.md "Scenario special rules (SSR)"; docs/ssr.md).

A setup names them once: ``"ssr": ["hedges-to-bocage", {"name": "no-walls",
"board": "55"}]``. Each is a fixed transformation of the map's terrain,
applied to the boards' reading (painted or imported alike) and before the
setup's own corrections over an imported board, which still override.

All the SSRs of a setup read the terrain *as the boards show it*, at once:
"level-2-to-1" with "level-3-to-2" lowers a level-3 hill to 2, not to 1, and
two SSRs that change the same terrain on the same board are refused.

This module owns the catalog (names, labels, rules), the validation of the
``ssr`` field, the transformation and the steps that say what it changed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, NamedTuple

from .. import geometry as g
from ..errors import SetupError


class Ssr(NamedTuple):
    name: str          # stable, lower-case, hyphens: carried by links
    label: str         # in a player's words, for the page and the steps
    rule: str          # the rule it follows
    kind: str          # "hexside", "terrain" or "level"
    source: Any        # what it changes: a hexside type, a terrain, a base level
    result: Any        # what that becomes (None: the hexside has no wall or hedge)
    group: str         # SSRs of one group change the same thing: at most one per board


def _hexside(name: str, label: str, rule: str, source: str, result: str | None) -> Ssr:
    return Ssr(name, label, rule, "hexside", source, result, f"hexside:{source}")


def _terrain(name: str, label: str, rule: str, source: str, result: str) -> Ssr:
    return Ssr(name, label, rule, "terrain", source, result, f"terrain:{source}")


# The six fixed names first (docs/contract.md), then the terrain ones (docs/ssr.md).
CATALOG: dict[str, Ssr] = {s.name: s for s in (
    _hexside("hedges-to-bocage", "hedges to bocage", "B9.51", "hedge", "bocage"),
    _hexside("walls-to-bocage", "walls to bocage", "B9.51", "wall", "bocage"),
    _hexside("hedges-to-cactus", "hedges to cactus hedges", "B9.7", "hedge", "cactus-hedge"),
    _hexside("walls-to-cactus", "walls to cactus hedges", "B9.7", "wall", "cactus-hedge"),
    _hexside("no-hedges", "no hedges", "B9.1", "hedge", None),
    _hexside("no-walls", "no walls", "B9.1", "wall", None),
    _terrain("no-grain", "no grain", "B15", "grain", "open"),
    # The Terrain Chart's grain row: grain is in season (a Hindrance) June to
    # September only; out of season the app takes it as Open Ground (a plowed
    # field), as no-grain does, since B15's text on it was not found.
    _terrain("grain-out-of-season", "grain out of season", "B15", "grain", "open"),
    _terrain("brush-to-open", "brush to open ground", "B12.6", "brush", "open"),
    _terrain("woods-to-brush", "woods to brush", "B12", "woods", "brush"),
    # B14.2: the orchard hexes it applies to are out of season, as the setup's
    # "orchards": "out-of-season" makes every orchard (pycore.rules.los.orchard).
    Ssr("orchards-out-of-season", "orchards out of season", "B14.2", "season", "orchard",
        "out of season", "season:orchard"),
    # B20.4: a stream is shallow unless an SSR says otherwise; one depth per
    # board (docs/ssr.md "Streams and water"). Dry: a gully for all purposes
    # (B20.41). Deep: the stream as it is for LOS, only entering it changes
    # (B20.43). Flooded: no Depression, a Water Obstacle at the hex's base level
    # (B20.2: usually level 0; B20.44's text not found: the app's assumption).
    Ssr("streams-dry", "streams dry", "B20.41", "stream", "stream", "gully", "stream"),
    Ssr("streams-deep", "streams deep", "B20.43", "stream", "stream", "deep", "stream"),
    Ssr("streams-flooded", "streams flooded", "B20.44", "stream", "stream", "water", "stream"),
    # VASL's "river to valley" and "pond to valley": the water's hexes are Open
    # Ground at their level, a valley (B10.1 has no Depression of it: A6.3 does
    # not apply, as to the water before).
    Ssr("river-to-valley", "river to valley", "B21.12", "water", "river", "open", "water:river"),
    Ssr("pond-to-valley", "pond to valley", "B21", "water", "pond", "open", "water:pond"),
)}

# Level changes (B10.1: a hill's base level): "level-2-to-1" makes every hex of
# base level 2 a hex of base level 1. Any pair of levels 0-9 is accepted; the
# page offers the usual lowering ones (LEVEL_CHOICES).
_LEVEL = re.compile(r"^level-(\d)-to-(\d)$")
LEVEL_CHOICES = ("level-1-to-0", "level-2-to-1", "level-3-to-2", "level-4-to-3")


# A board's own SSR art (pycore.terrain.vasl.ssrart): "art-dense-jungle" lays
# board 41's DenseJungle image on it, read as an overlay's art
# (pycore.terrain.overlays); only boards whose file carries it (the setup's loader checks).
ART_NAME = re.compile(r"^art-[a-z0-9]+(?:-[a-z0-9]+){0,11}$")


def art(name: str, words: str | None = None, whose: str = "the board") -> Ssr:
    """The SSR laying a board's own SSR art of this name ("art-dense-jungle");
    ``whose``: the boards carrying it, as its label names them."""
    words = words or name[4:].replace("-", " ")
    return Ssr(name, f"{words} ({whose}'s own SSR art)", "SSR", "art", name, None, f"art:{name}")


def lookup(name: str) -> Ssr | None:
    """The SSR of this name, or None."""
    got = CATALOG.get(name)
    if got is not None:
        return got
    if ART_NAME.match(name):
        return art(name)
    m = _LEVEL.match(name)
    if m is None or m.group(1) == m.group(2):
        return None
    a, b = int(m.group(1)), int(m.group(2))
    return Ssr(name, f"level {a} to level {b}", "B10.1", "level", a, b, f"level:{a}")


def catalog(boards: Any = ()) -> list[dict]:
    """What the page lists as toggles, in order: name, label, rule, group;
    then the SSR art of ``boards`` (label, imported board: ``library.Board``),
    each with the labels of the ``boards`` whose file carries it."""
    out: list[dict] = []
    for name in (*CATALOG, *LEVEL_CHOICES):
        s = lookup(name)
        assert s is not None
        out.append({"name": s.name, "label": s.label, "rule": s.rule, "group": s.group})
    carried: dict[str, tuple[str, list[str]]] = {}     # name -> (its words, the boards' labels)
    for label, board in boards:
        for name, a in (board.art.rules.items() if board.art is not None else ()):
            _, labels = carried.setdefault(name, (a.words, []))
            if label not in labels:
                labels.append(label)
    for name, (words, labels) in carried.items():
        s = art(name, words, "board " + ", ".join(labels))
        out.append({"name": name, "label": s.label, "rule": s.rule, "group": s.group,
                    "boards": labels})
    return out


@dataclass(frozen=True)
class Rule:
    """One SSR of a setup: what it is, and the board it is limited to (None: all)."""
    ssr: Ssr
    board: str | None = None

    def spec(self) -> Any:
        """As a setup writes it: the name, or {"name", "board"}."""
        return self.ssr.name if self.board is None else {"name": self.ssr.name, "board": self.board}

    def words(self) -> str:
        return self.ssr.label + ("" if self.board is None else f" on board {self.board}")


def load(value: Any, labels: tuple[str, ...]) -> tuple[Rule, ...]:
    """The ``ssr`` field validated: a list of names or {"name", "board"}
    objects. ``labels``: the boards of the map (a layout's, or ``map.board``).
    An unknown name is a SetupError naming it (docs/ssr.md: like an unknown
    terrain, it would change the rulings, so it is never dropped)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise SetupError("ssr: must be a list of scenario rule names, e.g. [\"hedges-to-bocage\"]")
    if len(value) > 64:
        raise SetupError("ssr: more than 64 scenario rules")
    out: list[Rule] = []
    for i, item in enumerate(value):
        path = f"ssr[{i}]"
        board = None
        if isinstance(item, dict):
            extra = set(item) - {"name", "board"}
            if extra:
                raise SetupError(f"{path}: unknown field {sorted(extra)[0]!r} "
                                 f"(a scenario rule has a name and may name a board)")
            name, board = item.get("name"), item.get("board")
            if board is not None:
                on_map = f" (its boards: {', '.join(labels)})" if labels else ""
                if not isinstance(board, str):
                    raise SetupError(f"{path}.board: must be a board's name as text, "
                                     f"e.g. \"55\"{on_map}")
                if board not in labels:
                    raise SetupError(f"{path}.board: no board {board!r} on this map{on_map}")
            path += ".name"
        else:
            name = item
        if not isinstance(name, str):
            raise SetupError(f"{path}: {'missing' if name is None else 'not text'}: a scenario "
                             f"rule is named in text, e.g. \"hedges-to-bocage\"")
        ssr = lookup(name)
        if ssr is None:
            shown = name if len(name) <= 40 else name[:37] + "..."
            raise SetupError(f"{path}: unknown scenario rule {shown!r} (this app knows "
                             f"{', '.join(CATALOG)}, level-N-to-M and a board's own SSR art "
                             "as art-its-name)")
        rule = Rule(ssr, board)
        for prev in out:
            if prev.ssr.group == ssr.group and (prev.board is None or board is None
                                                or prev.board == board):
                same = "is named twice" if prev == rule else \
                    f"and {prev.ssr.name!r} both change the same terrain"
                raise SetupError(f"{path}: {name!r} {same}"
                                 + (f" on board {board}" if board and prev.board else ""))
        out.append(rule)
    return tuple(out)


class Change(NamedTuple):
    """What an SSR did to one hex or hexside, for the steps."""
    rule: Rule
    before: str        # "hedge", "woods", "level 2"
    after: str         # "bocage", "brush", "level 1", "no hedge"
    level_only: bool = False   # only the ground's level changed (the drawing's other layers stand)


def board_of(layout: Any, hexes: tuple[g.Hex, ...]) -> str | None:
    """The board a hex or hexside is on: the first in layout order holding all
    its hexes (a seam's hexside: the first holding any), as its name says."""
    if layout is None:
        return None
    holders = [layout.holders(h) for h in hexes]
    for b in holders[0]:
        if all(b in hs for hs in holders[1:]):
            return b.label
    return next((b.label for hs in holders for b in hs), None)


def _applies(rule: Rule, layout: Any, board: str | None, hexes: tuple[g.Hex, ...]) -> bool:
    if rule.board is None:
        return True
    if layout is None:
        return rule.board == board
    return board_of(layout, hexes) == rule.board


def transform(rules: tuple[Rule, ...], layout: Any, board: str | None,
              hexes: Mapping[g.Hex, Any], sides: Mapping[g.Hexside, Any],
              make_hex: Callable[[Any, str, int], Any],
              make_side: Callable[[Any, str | None], Any], is_wall: Callable[[Any], bool],
              ) -> tuple[dict, dict, dict[Any, Change]]:
    """``hexes`` and ``sides`` (``pycore.setup`` HexInfo / HexsideInfo, as the
    boards show them) with ``rules`` applied, and what changed where.
    ``make_hex(info, terrain, level)``: ``info`` with a new terrain and level;
    ``make_side(info, type)``: a wall's hexside with another type, or without
    its wall (None: nothing left). Passed in by pycore.setup, which this module
    does not import (docs/architecture-library.md: no import loop)."""
    hexes, sides = dict(hexes), dict(sides)
    changed: dict[Any, Change] = {}
    if not rules:
        return hexes, sides, changed
    side_rules = [r for r in rules if r.ssr.kind == "hexside"]
    # a board's SSR art is laid with the overlays, before (pycore.terrain.overlays)
    hex_rules = [r for r in rules if r.ssr.kind not in ("hexside", "art")]
    if side_rules:
        for s, info in list(sides.items()):
            if not is_wall(info):
                continue
            for r in side_rules:
                if info.type == r.ssr.source and _applies(r, layout, board, s):
                    new = r.ssr.result
                    made = make_side(info, new)
                    if made is not None:
                        sides[s] = made
                    else:
                        del sides[s]
                    changed[s] = Change(r, info.type, new or f"no {info.type}")
                    break
    moved: dict[g.Hex, tuple[Rule, int]] = {}     # hex -> the rule that moved its level, and from
    if hex_rules:
        for h, info in list(hexes.items()):
            terrain, level = info.terrain, info.level
            done = []
            for r in hex_rules:
                if not _applies(r, layout, board, (h,)):
                    continue
                if r.ssr.kind == "terrain" and info.terrain == r.ssr.source:
                    terrain = r.ssr.result
                    done.append(Change(r, info.terrain, terrain))
                elif r.ssr.kind == "season" and info.terrain == r.ssr.source:
                    done.append(Change(r, info.terrain, r.ssr.result))     # B14.2
                elif r.ssr.kind == "stream" and info.is_stream:
                    after = r.ssr.result
                    if after != "deep" and info.terrain == "stream":
                        terrain = after
                    done.append(Change(r, "stream", after))
                elif r.ssr.kind == "water" and info.terrain == "water" \
                        and info.extra.get("water") == r.ssr.source:
                    terrain = r.ssr.result
                    done.append(Change(r, r.ssr.source, "valley"))
                elif r.ssr.kind == "level" and info.level == r.ssr.source:
                    level = r.ssr.result
                    moved[h] = r, info.level
                    done.append(Change(r, f"level {info.level}", f"level {level}"))
            if done:
                hexes[h] = made = make_hex(info, terrain, level)
                if made.stream and any(c.after in ("gully", "water") for c in done):
                    # B20.41: other terrain in a dry stream is in a gully; flooded, in no Depression
                    hexes[h] = replace(made, stream=False,
                                       gully=any(c.after == "gully" for c in done))
                # a level change, or a stream's depth (dry or deep), leaves the
                # drawing's obstacles and Hindrances as drawn (pycore.rules.los.drawing)
                level_only = all(c.rule.ssr.kind == "level" or c.after in ("deep", "gully")
                                 for c in done)
                changed[h] = done[0]._replace(level_only=level_only) if len(done) == 1 else Change(
                    done[0].rule, " and ".join(c.before for c in done),
                    " and ".join(c.after for c in done), level_only)
    if moved:
        _level_hillsides(hexes, sides, changed, moved, is_wall)
    return hexes, sides, changed


def _level_hillsides(hexes: dict, sides: dict, changed: dict,
                     moved: dict[g.Hex, tuple[Rule, int]], is_wall: Callable[[Any], bool]) -> None:
    """B9.6: a Hillside wall/hedge lies between two different base levels. One
    whose two hexes a level change (B10.1) brings to one level is an ordinary
    wall/hedge from then on: its flag is cleared and the change said (unless a
    hexside SSR already changed it, which is said instead). One between hexes
    at one level already (a gully's edge: its pixels lie lower) keeps its flag.
    A hex missing from ``hexes`` is open ground at level 0."""
    for s, info in list(sides.items()):
        if not (is_wall(info) and info.hillside) or not any(h in moved for h in s):
            continue
        now = [getattr(hexes.get(h), "level", 0) for h in s]
        was = [moved[h][1] if h in moved else level for h, level in zip(s, now)]
        if now[0] == now[1] and was[0] != was[1]:
            rule = next(moved[h][0] for h in s if h in moved)
            sides[s] = replace(info, hillside=False)
            changed.setdefault(s, Change(rule, f"Hillside {info.type}", info.type))


def level_map(rules: tuple[Rule, ...], board: str | None) -> dict[int, int]:
    """The level changes (B10.1) that apply on board ``board`` (a hex's board,
    ``board_of``): {level as drawn: level it rules at}. All at once, as
    ``transform`` applies them."""
    return {r.ssr.source: r.ssr.result for r in rules
            if r.ssr.kind == "level" and (r.board is None or r.board == board)}


def terrain_map(rules: tuple[Rule, ...], board: str | None) -> dict[str, str]:
    """The terrain changes that apply on board ``board`` (``no-grain``,
    ``brush-to-open``, ...): {terrain as drawn: terrain it rules as}, for
    terrain drawn over part of a hex (pycore.rules.los.drawing.hindrance)."""
    return {r.ssr.source: r.ssr.result for r in rules
            if r.ssr.kind == "terrain" and (r.board is None or r.board == board)}


def relevel(rules: tuple[Rule, ...], board: str | None, drawn: Any) -> Change | None:
    """What the level changes on ``board`` do to a hex whose ground is drawn
    at the levels ``drawn`` (a crest line across it: pycore.terrain.vasl.layers), or
    None where they change none of them."""
    m = level_map(rules, board)
    hits = sorted(v for v in drawn if v in m)
    if not hits:
        return None
    rule = next(r for r in rules if r.ssr.kind == "level" and r.ssr.source == hits[0]
                and (r.board is None or r.board == board))
    return Change(rule, "ground drawn at level " + " and ".join(map(str, hits)),
                  "level " + " and ".join(str(m[v]) for v in hits), True)


def out_of_season(s: Any, h: g.Hex) -> bool:
    """Whether an SSR made the orchard in ``h`` out of season (B14.2)."""
    change = s.ssr_changed.get(h)
    return change is not None and "out of season" in change.after.split(" and ")


def spec(rules: tuple[Rule, ...]) -> list:
    return [r.spec() for r in rules]


def step(part: Any, change: Change, names: g.Names) -> dict:
    """The step a ruling shows for a hex or hexside an SSR changed: "The hedge
    Q1-R1 is bocage by the scenario's SSR (hedges to bocage; B9.51)"."""
    rule = change.rule
    why = f"by the scenario's SSR ({rule.words()}; {rule.ssr.rule})"
    if len(part) == 2 and isinstance(part[0], tuple):
        name = names.hexside(part)
        if change.before.startswith("Hillside "):
            text = (f"The {change.before} {name} is an ordinary {change.after} {why}: both its "
                    f"hexes are now at one level, and a Hillside {change.after} lies between two "
                    f"levels (B9.6).")
        elif change.after.startswith("no "):
            text = f"The {change.before} {name} is removed {why}."
        else:
            text = f"The {change.before} {name} is {change.after.replace('-', ' ')} {why}."
    elif change.before.startswith("ground drawn"):
        text = f"The {change.before} in {names.hex(part)} is at {change.after} {why}."
    elif change.rule.ssr.kind == "season":
        text = f"The orchard in {names.hex(part)} is out of season {why}."
    elif change.rule.ssr.kind == "stream":
        text = f"The stream in {names.hex(part)} is {_STREAM[change.after]} {why}."
    elif change.rule.ssr.kind == "water":
        text = (f"The {change.before} in {names.hex(part)} is a valley {why}: Open Ground at "
                f"its level, no Water Obstacle.")
    else:
        name = names.hex(part)
        after = "open ground" if change.after == "open" else change.after
        text = f"{name} is {after} ({change.before} on the board) {why}."
    return {"rule": rule.ssr.rule, "text": text}


# What a stream SSR makes of a stream, in a step's words (B20.4).
_STREAM = {"gully": "dry, a gully for all purposes (B20.41)",
           "deep": "deep: as a shallow stream for LOS, only entering it differs",
           "water": "flooded: no Depression, a Water Obstacle at its hex's base level"}


def parts(item: Any) -> tuple:
    """The hexes and hexsides one part of a thread (a ``geometry.trace`` item)
    crosses, runs along or touches, as ``changed`` keys them: a vertex's three
    hexsides (B9.1, B9.2). Plain tuples (``geometry.hexside``'s form, without its
    adjacency check: a trace's hexsides and a vertex's three hexes are adjacent
    by construction). The LOS driver says a ``step`` for each one an SSR
    changed where the thread meets it (pycore.rules.los.driver)."""
    hexes = item.hexes
    kind = item.kind
    if kind == "hex":
        return (hexes[0],)
    if kind == "vertex":
        a, b, c = sorted(hexes[:3])
        return ((a, b), (a, c), (b, c))
    a, b = hexes
    return ((a, b) if a < b else (b, a),)


def describe(spec: Any) -> str:
    """``legend`` of a setup's ``ssr`` as written (a setup already loaded, so valid)."""
    rules = []
    for item in spec or ():
        name, board = (item.get("name"), item.get("board")) if isinstance(item, dict) else (item, None)
        got = lookup(name) if isinstance(name, str) else None
        if got is not None:
            rules.append(Rule(got, board))
    return legend(tuple(rules))


def legend(rules: tuple[Rule, ...]) -> str:
    """The SSRs on, in a player's words, for the map's legend and the card."""
    return "; ".join(f"{r.words()} ({r.ssr.rule})" for r in rules)


__all__ = ["ART_NAME", "CATALOG", "LEVEL_CHOICES", "Rule", "Ssr", "art", "board_of", "catalog", "describe", "legend",
           "level_map", "load", "lookup", "out_of_season", "parts", "terrain_map", "relevel", "spec",
           "step", "transform"]
