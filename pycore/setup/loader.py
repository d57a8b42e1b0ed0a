"""Reading a whole setup: the order of its parts, each read (and written,
``pycore.setup.writer``) by its own module (``mapspec``, ``hexes``, ``hexsides``,
``units``, ``settled``), the map's terrain decided by ``pycore.terrain.mapterrain``."""
from __future__ import annotations

from typing import Any

from .. import geometry as g
from .. import jsonread
from ..terrain import ssr
from ..geometry.boards import Layout
from ..errors import SetupError
from .lookalike import removed_warning
from ..terrain import overlays
from ..terrain.mapterrain import compose
from ..terrain.vasl.library import Board as ImportedBoard
from ..terrain.vasl.library import Library
from .fields import Reader, need, shown
from .hexes import load_hexes
from .hexsides import load_hexsides
from .mapspec import load_map
from .overlays import load_overlays
from .model import Setup
from .settled import load_settled
from .units import load_units

#   setup: "orchards": "out-of-season" (B14.2; default in season).
SETUP_EXTRA_FIELDS = {"orchards": ("in-season", "out-of-season")}


def load_setup(obj: Any, boards: Library | None = None) -> Setup:
    """Validate a setup dict (or its JSON text) into a Setup. ``boards`` are
    the imported boards its map may name by ``source`` (``pycore.api``
    passes its library); without them such a map is refused, naming the
    board to import. A Setup is passed through as it is."""
    if isinstance(obj, Setup):
        return obj
    if isinstance(obj, (str, bytes)):
        obj = jsonread.loads(obj, "setup")
    return _load(Reader(boards if boards is not None else Library()), obj)


def _load(r: Reader, obj: Any) -> Setup:
    d = need(obj, dict, "setup")
    fmt = d.get("format", "asl-setup")
    if fmt != "asl-setup":
        raise SetupError(f'format: expected "asl-setup", got {shown(fmt)}')
    version = d.get("version")
    if version is None:
        raise SetupError("version: missing (expected 1)")
    if type(version) is not int or version != 1:     # not true, not 1.0
        raise SetupError(f"version: this app reads version 1 setups, not {shown(version)}")
    grid, board, map_extra, layout = load_map(r, d.get("map", {}))
    # SSR (pycore/terrain/ssr.py): validated against the map's boards.
    labels = tuple(b.label for b in layout.boards) if layout is not None else \
        ((board,) if board is not None else ())
    rules = ssr.load(d.get("ssr"), labels)
    r.names = g.Names(layout) if layout is not None else g.PLAIN
    hexes = load_hexes(r, d.get("hexes", {}), grid)
    hexsides = load_hexsides(r, d.get("hexsides", {}), grid)
    imported = _imported(r, layout) if layout is not None and layout.sources else {}
    placed = load_overlays(d.get("map", {}).get("overlays"), layout, r.names, r.boards)
    overlaid: dict = {}
    owner: dict = {}
    art = _art(rules, layout, imported)
    if (placed or art) and layout is not None:   # the overlays' art over their boards' terrain
        imported, overlaid, owner = overlays.lay(r.boards, layout, placed, imported, art)
    terrain = compose(rules, layout, board, hexes, hexsides, imported, overlaid, owner)
    hexes, hexsides = dict(terrain.hexes), dict(terrain.hexsides)
    units = load_units(r, d.get("units", []), grid, hexes)
    settled = load_settled(r, d.get("settled"), grid, tuple(units))
    extra = r.extras(d, ("format", "version", "map", "hexes", "hexsides", "units", "ssr",
                         "settled"), "setup", SETUP_EXTRA_FIELDS)
    # a season SSR limited to one board leaves the rest of the map in season
    if extra.get("orchards") == "in-season" and any(rule.ssr.kind == "season" and rule.board is None
                                                    for rule in rules):
        raise SetupError("orchards: \"in-season\" contradicts the scenario rule "
                         "orchards-out-of-season (B14.2): keep one of them")
    notices = (removed_warning(r.hidden),) if r.hidden else ()
    return Setup(grid, board, terrain.hexes, terrain.hexsides,
                 tuple(units), extra, map_extra, tuple(r.warnings) + notices,
                 layout=layout, notices=notices, ssr=rules, terrain=terrain, settled=settled,
                 overlays=placed)


def _art(rules: tuple[ssr.Rule, ...], layout: Layout | None,
         imported: dict[str, ImportedBoard]) -> dict[str, tuple[str, ...]]:
    """Per board label, the names of its own SSR art the ``ssr`` list lays on
    it (pycore.terrain.vasl.ssrart): an art SSR lies on each board it is
    limited to, or every board of the map, whose file carries it. One no
    board of the map carries is a SetupError naming it."""
    out: dict[str, tuple[str, ...]] = {}
    for i, rule in enumerate(rules):
        if rule.ssr.kind != "art":
            continue
        laid = False
        for b in layout.boards if layout is not None else ():
            board = imported.get(b.source) if b.source is not None else None
            if board is None or board.art is None or rule.ssr.name not in board.art.rules \
                    or rule.board not in (None, b.label):
                continue
            out[b.label] = out.get(b.label, ()) + (rule.ssr.name,)
            laid = True
        if not laid:
            where = f"board {rule.board}'s file" if rule.board is not None else \
                "the file of any board of this map"
            raise SetupError(f"ssr[{i}]: {rule.ssr.name} is a board's own SSR art, and "
                             f"{where} does not carry it: it lies only on the imported boards "
                             "whose VASL file holds it (their Scenario rules list it)")
    return out


def _imported(r: Reader, layout: Layout) -> dict[str, ImportedBoard]:
    """The imported boards the layout names by source, from ``boards``
    (SetupError naming the field of a board not there)."""
    out = {}
    across = len(layout.rows[0])
    for index, b in enumerate(layout.boards):
        if b.source is not None:
            path = f"map.boards[{index // across}][{index % across}].source"
            out[b.source] = r.boards.get(b.source, path)
    return out
