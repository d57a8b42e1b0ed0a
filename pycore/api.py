"""The JSON-in, JSON-out front door (docs/contract.md).  The browser bridge,
the command line and the tests call these; bad input raises SetupError naming
the field. Every question the page asks is a function here (web.queries
names them); web/ reaches pycore through this module alone.

A setup may be a dict, its JSON text or a loaded ``Setup``; one seen before
(unchanged) is not validated again (``pycore.setup.cache``). Every name in and
out is as the setup's map names it: board-prefixed on a layout of boards
(``pycore.geometry.boards``).

Each function takes an optional ``session=`` (``pycore.session.Session``: the
boards imported and the setups loaded with them), owned by its caller: the
page's bridge, the command line, a test. Without it the process's default
session answers, ``DEFAULT``: the only state this module keeps for the
process, because docs/contract.md's signatures (``import_board(data)``, then
``los(setup, ...)`` naming that board) speak of "this process's board
library" (docs/architecture-library.md)."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

from . import geometry as g
from . import share
from .errors import SetupError
from .geometry.boards import load_layout
from .rules import explain
from .rules import los as rules
from .rules import movement, seen, tem, wa
from .rules.explain import RULEBOOK
from .rules.visibility import visibility_steps as sweep
from .session import Session
from .setup import UNIT_FLAGS, UNIT_TYPES, Setup, Slot, load_setup
from .setup.lookalike import distinct_sides
from .setup.settled import dr_los
from .steps import finish
from .terrain import ssr
from .terrain.catalog import BUILDINGS, HEXSIDES, TERRAIN
from .terrain.mapterrain import HexInfo
from .terrain.vasl.gif import NeedsPixels

__all__ = ["SetupError", "Session", "DEFAULT", "los", "visibility", "visibility_steps", "fire",
           "wall_advantage", "move_cost", "place", "thread", "import_board", "board_terrain", "boards",
           "forget_board", "load", "map_terrain", "hex_terrain", "seen_by", "coverage", "coverage_steps",
           # What web/ reads of the rules' catalogs, so it needs no other pycore module
           # (tests/test_web_imports.py): the terrains, hexside types and building terrains
           # (pycore.terrain), the unit types and flags (pycore.setup), the rulebook cited,
           # a hex's facts, a generator run to its end, a map's boards read, the sides
           # as the rules count them (pycore.setup.lookalike), what a borderline dr
           # settles (A6.1, pycore.setup.settled).
           "BUILDINGS", "HEXSIDES", "TERRAIN", "UNIT_FLAGS", "UNIT_TYPES", "RULEBOOK", "HexInfo",
            "finish", "load_layout", "distinct_sides", "dr_los", "overlay_gif",
            "give_overlay_pixels", "NeedsPixels", "overlay_edit", "overlay_art"]

DEFAULT = Session()     # the process's session: "this process's board library" (docs/contract.md)


def _session(session: Session | None) -> Session:
    return DEFAULT if session is None else session


def load(setup: Any, *, session: Session | None = None) -> Setup:
    """``setup`` (a dict, its JSON text or a Setup) loaded with the session's
    boards, from its cache when it was loaded before (SetupError if bad)."""
    return _session(session).load(setup)


def los(setup: Any, viewer: Any, target: Any, *, session: Session | None = None) -> dict:
    """Can ``viewer`` see ``target``?  (A6, B9.1-9.2, B9.21, B9.52x, B9.61, B19, D9.4)"""
    return explain.attach(rules.query(load(setup, session=session), viewer, target))


def thread(setup: Any, viewer: Any, target: Any, *, session: Session | None = None) -> dict:
    """The LOS thread between two ends (as ``los`` takes them) and every hex,
    hexside and vertex it crosses, runs along or touches, in order (A6.1)."""
    s = load(setup, session=session)
    return rules.thread(s, viewer, target)


def visibility(setup: Any, viewer: Any, *, session: Session | None = None) -> dict:
    """Every hex's ground Location the viewer can see, with its Hindrance DRM
    (IN a Depression where the hex is one): one sweep in pycore.rules.visibility,
    equal to a ruling per hex. It uses pycore.rules.los; pycore.rules.los never uses it."""
    return finish(visibility_steps(setup, viewer, session=session))


def visibility_steps(setup: Any, viewer: Any, *, session: Session | None = None
                     ) -> Generator[dict | None, None, dict]:
    """``visibility`` in steps: a generator that pauses between chunks of the
    sweep and returns the same dict (web.bridge runs it a chunk at a
    time, so the page's other questions are answered between chunks). A pause yields
    None or the hexes proved since the last one, ``{"hexes", "done", "of"}``
    (pycore.rules.visibility.visibility_steps: the page draws them)."""
    s = load(setup, session=session)
    return (yield from sweep(s, viewer))


def fire(setup: Any, firer: Any, target: Any, indirect: bool = False, *,
         session: Session | None = None) -> dict:
    """``los`` plus the TEM the target receives (B9.3x, B9.62, D9.3)."""
    if not isinstance(indirect, bool):
        raise SetupError("indirect: must be true or false")
    s = load(setup, session=session)
    return explain.attach(tem.fire(s, firer, target, indirect))


def wall_advantage(setup: Any, *, session: Session | None = None) -> dict:
    """Who has, may and must claim Wall Advantage (B9.32-B9.324, B9.62, D9.5x)."""
    s = load(setup, session=session)
    return explain.attach(wa.report(s))


def move_cost(setup: Any, unit: Any, from_hex: Any, to_hex: Any, *,
              session: Session | None = None) -> dict:
    """MF/MP to cross into an adjacent hex (B9.4, B9.54, B9.541, B9.7, B19.4)."""
    s = load(setup, session=session)
    return explain.attach(movement.move_cost(s, unit, from_hex, to_hex))


def place(setup: Any, name: Any, *, session: Session | None = None) -> dict:
    """What a hex, hexside or vertex name means on this setup's map: its one
    canonical ``name``, its ``kind`` and every ``names`` it answers to (a seam
    hex of a board layout has two: ``12GG5`` and ``6A5``)."""
    s = load(setup, session=session)
    if not isinstance(name, str) or not name.strip():
        raise SetupError("name: expected a hex, hexside or vertex name, e.g. 12P2")
    parts = name.strip().split("-")
    kind = {1: "hex", 2: "hexside", 3: "vertex"}.get(len(parts))
    try:
        if kind == "hex":
            h = s.names.parse_hex(parts[0])
            if not s.grid.contains(h):
                raise ValueError(f"{s.names.hex(h)} is off the map")
            names = s.names.all(h)
            return {"name": names[0], "kind": kind, "names": names}
        if kind == "hexside":
            text = s.names.hexside(s.names.parse_hexside(name.strip()))
        elif kind == "vertex":
            text = s.names.vertex(s.names.parse_vertex(name.strip()))
        else:
            raise ValueError(f"{name.strip()!r} is not a hex, hexside or vertex name")
    except ValueError as e:
        raise SetupError(f"name: {e}") from None
    return {"name": text, "kind": kind, "names": [text]}


# --- setups, files and links (docs/contract.md "A setup", "Share links") ------------------

def validate(setup: Any, *, session: Session | None = None) -> dict:
    """The setup checked and written back: an object, or a file's JSON text as
    it was read (so 1e999999 reaches pycore.jsonread)."""
    return load_setup(setup, _session(session).library).to_dict()


def read_file(text: Any, *, session: Session | None = None) -> dict:
    """A setup file's text checked as ``validate`` checks it, ``{"setup",
    "warnings"}``: what reading it changed or found (invisible characters
    removed from sides and ids, sides that look alike; pycore.setup.lookalike)."""
    from .setup.lookalike import side_warnings
    loaded = load_setup(text, _session(session).library)
    return {"setup": loaded.to_dict(), "warnings": [*loaded.notices, *side_warnings(loaded.units)]}


def share_encode(setup: Any, question: Any = None) -> str:
    """``pycore.share.encode``: the link's fragment, without the ``#``."""
    return share.encode(setup, question)


def share_decode(text: Any, *, session: Session | None = None) -> dict:
    """``pycore.share.decode``, the link's map read with the session's boards."""
    return share.decode(text, _session(session).library)


def share_read(text: Any, *, session: Session | None = None) -> dict:
    """``pycore.share.read`` with the session's boards: ``{"setup", "question", "warnings"}``."""
    return share.read(text, _session(session).library)


def typed_name(setup: Any, field: Any, text: Any, others: Any = None) -> dict:
    """A side or id typed in the unit editor, read as a setup reads it (pycore.setup.typed)."""
    from .setup.typed import typed
    return typed(setup, field, text, others)


def check_question(setup: Any, question: Any, *, session: Session | None = None) -> dict:
    """A saved question (a link's or a card's) checked against its setup (pycore.share.question)."""
    from .share.question import check
    return check(load(setup, session=session), question)


def describe_ssr(spec: Any) -> str:
    """A setup's ``ssr`` as written, in a player's words (pycore.terrain.ssr.describe)."""
    return ssr.describe(spec)


def ssr_catalog(setup: Any = None, *, session: Session | None = None) -> list:
    """Every SSR a setup may name, in order: ``{"name", "label", "rule", "group"}``.
    Two of one ``group`` change the same terrain: a setup naming both is refused.
    With a setup, then the SSR art its imported boards carry
    (pycore.terrain.vasl.ssrart), each with ``"boards"``: the labels of those
    boards ("art-dense-jungle" on board 41)."""
    if setup is None:
        return ssr.catalog()
    s = load(setup, session=session)
    boards = [(b.label, s.imported[b.source]) for b in (s.layout.boards if s.layout else ())
              if b.source is not None and b.source in s.imported]
    return ssr.catalog(boards)


def ssr_legend(setup: Any, *, session: Session | None = None) -> str:
    """The setup's SSRs in a player's words, for the map's legend ("" when none)."""
    return ssr.legend(load(setup, session=session).ssr)


def limits() -> dict:
    """The sizes a setup, a map and a board file may have (pycore.limits)."""
    from . import limits as lim
    return {"max_level": lim.MAX_LEVEL, "max_columns": lim.MAX_COLUMNS, "max_rows": lim.MAX_ROWS,
            "max_map_hexes": lim.MAX_MAP_HEXES, "max_setup_bytes": lim.MAX_INFLATED_BYTES,
            "max_board_bytes": lim.MAX_ARCHIVE_BYTES, "setup_cache_size": lim.SETUP_CACHE_SIZE}


def check_json(text: str, field: str, subject: str = "the JSON", wrapped: int = 0) -> None:
    """``text`` within the JSON limits (size, depth, numbers; pycore.jsonread), else SetupError."""
    from . import jsonread
    jsonread.check(text, field, subject, wrapped=wrapped)


def read_json(text: str, field: str) -> Any:
    """``text`` parsed within the JSON limits (pycore.jsonread), else SetupError."""
    from . import jsonread
    return jsonread.loads(text, field)


def loaded_setups(session: Session | None = None) -> int:
    """How many setups the session keeps loaded."""
    return len(_session(session).setups)



# --- real boards (docs/contract.md "Real boards") ----------------------------------------

def import_board(data: Any, *, session: Session | None = None) -> dict:
    """Read a VASL board archive (the bytes of ``bd41``, ...) into the
    session's board library: ``{"board", "version", "source", "columns", "rows", "warnings"}``.
    A damaged or hostile file raises SetupError saying what is wrong. An
    overlay archive (``ovrX``, ...) is read into the same library:
    ``{"kind": "overlays", "family", "overlays", "version", "source", "warnings"}``
    (docs/overlays.md)."""
    return _session(session).import_file(data)


def board_terrain(source: Any, *, session: Session | None = None) -> dict:
    """An imported board read hex by hex, in the setup format with the board's
    own names: ``{"hexes": {"CC6": {"terrain": "gully"}, ...}, "hexsides": {"E4-E5": "wall"}}``."""
    return _session(session).board(source).reading.as_setup()


def boards(*, session: Session | None = None) -> list:
    """The boards imported into the session, as ``import_board`` describes them."""
    return _session(session).boards()


def forget_board(source: Any, *, session: Session | None = None) -> list:
    """Remove an imported board from the session, and the setups loaded with
    it (a setup naming it is refused from now on): the boards left."""
    _session(session).forget_board(source)
    return boards(session=session)


def clear_boards(*, session: Session | None = None) -> None:
    """Forget every imported board (and so every setup loaded)."""
    _session(session).clear()


def check_board_size(size: int) -> None:
    """SetupError if a board file of ``size`` bytes is too big to read (pycore.terrain.vasl.archive)."""
    from .terrain.vasl import archive
    archive.check_size(size)


def board_image(data: bytes) -> tuple[str, bytes] | None:
    """The board's own picture in an archive's bytes, ``(file name, bytes)``, or None."""
    from .terrain.vasl import archive
    return archive.image(data)


def overlay_gif(source: Any, member: Any, *, session: Session | None = None) -> bytes:
    """One image of an imported overlay archive, its GIF checked (sizes, blocks)
    before any decoder is given it (pycore.terrain.vasl.gif): for a decoder
    outside Python, the page's browser (docs/overlays.md "Decoding")."""
    return _session(session).library.images(source).gif(member)


def give_overlay_pixels(source: Any, member: Any, width: int, height: int, rgba: bytes, *,
                        session: Session | None = None) -> None:
    """The RGBA (not premultiplied) a decoder outside Python decoded
    ``overlay_gif(source, member)`` to, kept as that image's palette indices
    (pycore.terrain.vasl.gif.from_rgba): a setup asking for it that raised
    ``NeedsPixels`` is answered when asked again."""
    _session(session).library.images(source).give_pixels(member, width, height, rgba)


def overlay_edit(setup: Any, change: Any, *, session: Session | None = None) -> dict:
    """A tap's edit of ``setup``'s ``map.overlays`` (lay, point or move, turn,
    remove: pycore.setup.overlay_edits): ``{"overlays", "index", "said"}``,
    the new list checked by laying it; SetupError if it cannot be laid."""
    from .setup import overlay_edits
    s = _session(session)
    return overlay_edits.edit(setup, change, s.load, s.library)


def overlay_art(setup: Any, *, session: Session | None = None) -> list:
    """Where each overlay of ``setup`` lies on the map, in the order laid:
    ``{"overlay", "source", "member", "board", "flip", "box"}``, ``box`` the
    map lattice points [x0, y0, x1, y1] (floats, for drawing) its image spans,
    turned half round when ``flip`` (pycore.terrain.overlays.art)."""
    from .terrain import overlays
    loaded = load(setup, session=session)
    if loaded.layout is None or not loaded.overlays:
        return []
    return [{**a, "box": [float(v) for v in a["box"]]}
            for a in overlays.art(_session(session).library, loaded.layout, loaded.overlays)]


def prepare_boards(setup: Any, *, session: Session | None = None) -> int:
    """Compute the depiction layers of the imported boards of ``setup``'s map
    (pycore.terrain.vasl.layers.prepare), so the first visibility map on it is as
    quick as the next ones: the number of hexes prepared."""
    from .terrain.vasl import layers
    return sum(layers.prepare(board) for board in load(setup, session=session).imported.values())


def layout_boards(rows: Any, *, session: Session | None = None) -> list:
    """The New map's cells as ``map.boards``, each number of an imported board
    with its ``source`` (pycore.session.Session.layout_boards)."""
    return _session(session).layout_boards(rows)


def missing_boards(text: Any, *, session: Session | None = None) -> list:
    """The boards a share link's map names that are not imported,
    ``[{"source", "error", "file"}]`` (pycore.session.Session.missing_boards)."""
    return _session(session).missing_boards(text)


# --- the map's terrain as the rules see it (docs/contract.md "Overlays") ------------------

def map_terrain(setup: Any, *, session: Session | None = None) -> dict:
    """The whole map's terrain after every layer (pycore.terrain.mapterrain: the
    boards, the SSRs, the setup's own entries), in the setup format with the
    map's names, each entry with its ``origin``: ``"board 41"``, ``"ssr
    hedges-to-bocage"`` or ``"setup"``. Open ground at level 0 has no entry,
    nor a hexside with no wall. Beside ``hexes`` and ``hexsides``, what the
    page shows of the layers: ``changed``, every hex and hexside an SSR changed
    (removed walls too); ``beneath``, on a map of imported boards, the terrain
    beneath the setup's own entries (the boards with the SSRs; None on a
    painted map, whose entries are its board); ``unmodelled``, the hexes
    whose board draws terrain the app does not model, with what it is."""
    s = load(setup, session=session)
    layers = s.layers
    hexes, sides = _terrain_of(s)
    for h in s.hexes:
        entry = hexes.get(s.names.hex(h))
        if entry is not None:
            entry["origin"] = _origin(s, h, (h,))
    for sd in s.hexsides:
        name = s.names.hexside(sd)
        if name in sides:
            sides[name] = {**(sides[name] if isinstance(sides[name], dict)
                              else {"type": sides[name]}), "origin": _origin(s, sd, sd)}
    changed = sorted(s.names.hex(k) if isinstance(k[0], int) else s.names.hexside(k)
                     for k in layers.changed)
    from .rules.los import unmodelled
    unknown = {s.names.hex(h): ", ".join(said) for h, said in unmodelled.on_map(s).items()} \
        if layers.boards else {}
    beneath = None
    if layers.corrections:      # the same map and SSRs without the player's entries
        spec = replace(s, units=()).to_dict()
        under = load({**spec, "hexes": {}, "hexsides": {}}, session=session)   # kept: edits share it
        beneath = {k: dict(v) for k, v in under.derived(_BENEATH).items()}
    return {"hexes": hexes, "hexsides": sides, "changed": changed, "beneath": beneath,
            "unmodelled": unknown}


def _terrain_of(s: Setup) -> tuple[dict, dict]:
    """A loaded setup's terrain as decided, in the setup format (a removed wall left out)."""
    d = replace(s, units=(), ssr=()).to_dict(whole=True)
    sides = {k: v for k, v in d["hexsides"].items() if (v if isinstance(v, str) else v.get("type")) != "none"}
    return d["hexes"], sides


_BENEATH: Slot[dict] = Slot("beneath", lambda s: dict(zip(("hexes", "hexsides"), _terrain_of(s))))


def _origin(s: Setup, key: Any, hexes: tuple) -> str:
    """The layer that decided a hex or hexside (pycore.terrain.mapterrain's ``origin``), named."""
    said = s.layers.origin(key)
    if said == "ssr":
        return f"ssr {s.layers.changed[key].rule.ssr.name}"
    if said == "overlay":      # an overlay's ("X1") or a board's own SSR art ("art-dense-jungle")
        label = s.layers.overlaid[key]
        return f"ssr {label}" if label.startswith("art-") else f"overlay {label}"
    if said == "board" and s.layout is not None:
        for b in s.layout.boards:       # the first board in layout order that holds it
            if b.source is not None and all(b.holds(h) for h in hexes):
                return f"board {b.label}"
    return "setup" if said in ("player", "painted") else said


def hex_terrain(setup: Any, name: Any, *, session: Session | None = None) -> dict:
    """Hex ``name`` as the rules read it, for the reading view (web.reading):
    ``{"hex", "terrain", "level", "levels", "gully", "stream", "bridge", "water", "hexsides",
    "own", "board", "drawn_partly", "unmodelled"}``. ``hexsides``: its walls,
    hedges, bocage, cliffs (B11) and rowhouse walls (B23.71) as ``{"name", "type", "hillside", "gap"}``;
    ``water``: a Water Obstacle hex's kind ("river", "pond", "canal"; B21), else None;
    ``own``: the player's correction decides the hex or one of its hexsides
    (pycore.terrain.mapterrain); ``board``: the hex lies on an imported board;
    ``drawn_partly``: what the hex is drawn partly as where the rules follow
    its drawing (pycore.rules.los.drawn), else None; ``unmodelled``: what its board
    draws there that the app does not model."""
    from .rules.los import unmodelled
    from .rules.los.context import terrain
    from .terrain.mapterrain import NOT_WALLS
    from .setup import hex_field
    s = load(setup, session=session)
    layers = s.layers
    h = hex_field(name, "hex", s.grid, s.names)
    info = s.hex(h)
    sides = []
    for sd in g.hexsides_of(h):
        side = s.wall(sd) or s.hexsides.get(sd)
        if side is not None and (side is s.wall(sd) or side.type in NOT_WALLS):
            sides.append({"name": s.names.hexside(sd), "type": side.type, "hillside": side.hillside,
                          "gap": side.gap})
    return {"hex": s.names.hex(h), "terrain": info.terrain, "level": info.level,
            "levels": info.levels, "gully": info.gully, "stream": info.stream, "bridge": info.bridge,
            "water": info.extra.get("water") if info.terrain == "water" else None,
            "also": info.also, "hexsides": sides,
            "own": h in layers.corrected or any(sd in layers.corrected for sd in g.hexsides_of(h)),
            "board": s.layout is not None and any(b.source is not None for b in s.layout.holders(h)),
            "drawn_partly": terrain(s).drawn_partly(h), "unmodelled": list(unmodelled.on_map(s).get(h, ()))}


# --- who can see a hex (docs/contract.md "A borderline thread, and who can see a hex") ---

def seen_by(setup: Any, target: Any, steps: bool = False, *,
            session: Session | None = None) -> dict:
    """Every unit that could see ``target`` (a unit id: its enemies; a Location:
    every unit), each with ``los`` and ``hindrance`` as ``los`` rules the pair;
    with ``steps``, each ruling's steps too. An analysis aid (A6.11)."""
    return seen.seen_by(load(setup, session=session), target, steps)


def coverage(setup: Any, side: Any, level: Any = 0, at: Any = None, vehicle: Any = False, *,
             session: Session | None = None) -> dict:
    """For every hex, how many of ``side``'s Good Order units see a unit at its
    ground Location (or at building ``level`` where the hex has it; with
    ``vehicle``, a vehicle at its ground Location), and whether only through
    Hindrance; with ``at`` (a hex), each viewer's ruling of it with its steps.
    An analysis aid (A6.11)."""
    return finish(coverage_steps(setup, side, level, at, vehicle, session=session))


def coverage_steps(setup: Any, side: Any, level: Any = 0, at: Any = None, vehicle: Any = False,
                   *, session: Session | None = None) -> Generator[dict | None, None, dict]:
    """``coverage`` in steps: a generator pausing within each viewer's sweep,
    each pause yielding the hexes whose count changed (``{"hexes", "done",
    "of"}``, viewers swept of all; pycore.rules.seen.coverage_steps), so the
    page shades the map as the sweeps go (web.bridge). Returns the same dict."""
    s = load(setup, session=session)
    return (yield from seen.coverage_steps(s, side, level, at, vehicle))
