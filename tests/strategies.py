"""Hypothesis strategies for valid version-1 setups (docs/contract.md, "A setup").

    from tests.strategies import setups
    @given(setups(min_units=2))
    def test_reciprocity(setup): ...

Maps are small and draws are few, so hundreds of examples run in seconds.
Every setup is valid by the contract, and flags appear only where they
make sense: Hillside only between different base levels (B9.6), gaps only
on walls and hedges (B9.1), building levels only in buildings, crest only
in gullies (B19.2), bypass only in woods and buildings (A4.3), burning
only on wrecks, dug-in and armored only on vehicles (D9.54).
"""
from __future__ import annotations

from hypothesis import strategies as st

from pycore import geometry

TERRAINS = ("open", "woods", "brush", "grain", "orchard", "building",
            "stone-building", "marsh", "shellholes", "gully")
BUILDINGS = ("building", "stone-building")
BYPASSABLE = ("woods", "building", "stone-building")
HEXSIDE_TYPES = ("wall", "hedge", "bocage", "light-bocage")
UNIT_TYPES = ("squad", "halfsquad", "crew", "leader", "hero", "vehicle",
              "wreck", "gun")
INFANTRY = ("squad", "halfsquad", "crew", "leader", "hero")
SIDES = ("German", "Russian", "American")
COMMON_FLAGS = ("broken", "unarmed", "entrenched", "concealed", "hidden",
                "pinned")
# Strings a stranger may put in free-text fields (shown literally by the page).
NASTY_TEXT = ("<script>alert(1)</script>", '<img src=x onerror="alert(1)">',
              "javascript:alert(1)", "Bäckerei «5»", "", " ", "\u202e1g")

# Any text a setup may hold: no control characters, lone surrogates or
# U+FFFE/U+FFFF (pycore.setup.text_field refuses those; tests/test_strings.py).
SETUP_CHARACTERS = st.characters(blacklist_categories=("Cc", "Cs"),
                                 blacklist_characters="\ufffe\uffff")
_free_text = st.one_of(st.sampled_from(NASTY_TEXT),
                       st.text(SETUP_CHARACTERS, max_size=12))


def _hexside_key(draw, a, b) -> str:
    """A hexside named by its two hexes, in either order (docs/contract.md)."""
    first, second = (a, b) if draw(st.booleans()) else (b, a)
    return f"{geometry.PLAIN.hex(first)}-{geometry.PLAIN.hex(second)}"


@st.composite
def hex_entry(draw) -> dict:
    """One `hexes` value: terrain, base level, building levels."""
    terrain = draw(st.sampled_from(TERRAINS))
    entry = {}
    if terrain != "open" or draw(st.booleans()):
        entry["terrain"] = terrain
    level = draw(st.integers(0, 3))
    if level or draw(st.booleans()):
        entry["level"] = level
    if terrain in BUILDINGS:
        levels = draw(st.integers(1, 3))
        if levels > 1 or draw(st.booleans()):
            entry["levels"] = levels
    return entry


@st.composite
def _hexside_value(draw, levels_differ: bool):
    kind = draw(st.sampled_from(HEXSIDE_TYPES))
    flags = {}
    if levels_differ and draw(st.booleans()):
        flags["hillside"] = draw(st.booleans())          # B9.6
    if kind != "bocage" and draw(st.integers(0, 3)) == 0:
        flags["gap"] = draw(st.booleans())               # B9.1, B9.4
    if not flags and draw(st.booleans()):
        return kind
    return {"type": kind, **flags}


def _terrain(hexes: dict, h) -> str:
    return hexes.get(geometry.PLAIN.hex(h), {}).get("terrain", "open")


def _base_level(hexes: dict, h) -> int:
    return hexes.get(geometry.PLAIN.hex(h), {}).get("level", 0)


@st.composite
def _unit(draw, uid: str, grid, hexes: dict) -> dict:
    h = draw(st.sampled_from(sorted(grid.hexes())))
    terrain = _terrain(hexes, h)
    kind = draw(st.sampled_from(UNIT_TYPES))
    unit = {"id": uid, "side": draw(st.sampled_from(SIDES)), "type": kind,
            "hex": geometry.PLAIN.hex(h)}
    if kind in INFANTRY and terrain in BUILDINGS:
        levels = hexes[geometry.PLAIN.hex(h)].get("levels", 1)
        level = draw(st.integers(0, levels - 1))
        if level or draw(st.booleans()):
            unit["level"] = level
    for flag in draw(st.lists(st.sampled_from(COMMON_FLAGS), unique=True,
                              max_size=2)):
        unit[flag] = True
    if terrain == "gully" and draw(st.booleans()):
        unit["crest"] = draw(st.booleans())               # B19.2
    if kind == "vehicle":
        if draw(st.integers(0, 3)) == 0:
            unit["armored"] = False
        if draw(st.integers(0, 4)) == 0:
            unit["dug_in"] = True                         # D9.54
    if kind in ("vehicle", "wreck") and draw(st.integers(0, 3)) == 0:
        unit["moved"] = True                              # D9.4, Case J
    if kind == "wreck" and draw(st.integers(0, 3)) == 0:
        unit["burning"] = True                            # D9.3, D9.4
    _add_traced_point(draw, unit, h, grid, terrain)
    wa = draw(st.sampled_from((None, True, False)))
    if wa is not None:
        unit["wa"] = wa                                   # B9.32
    return unit


def _named_vertices(points) -> list[str]:
    """Vertex names; a vertex beside column A or row 0 has an unnamed hex."""
    names = []
    for point in points:
        try:
            names.append(geometry.PLAIN.vertex(point))
        except ValueError:
            continue
    return names


def _add_traced_point(draw, unit: dict, h, grid, terrain: str) -> None:
    """Bypass (A4.3) in an obstacle hex, or a vertex (A6.12, B9.42)."""
    on_map = [n for n in geometry.neighbors(h) if grid.contains(n)]
    if terrain in BYPASSABLE and on_map and unit.get("level", 0) == 0 \
            and draw(st.integers(0, 2)) == 0:
        other = draw(st.sampled_from(on_map))
        unit["bypass"] = _hexside_key(draw, h, other)
        ends = _named_vertices(geometry.hexside_ends(geometry.hexside(h, other)))
        if ends and draw(st.booleans()):
            unit["vertex"] = draw(st.sampled_from(ends))
    elif draw(st.integers(0, 5)) == 0:
        corners = _named_vertices(geometry.hex_vertices(h))
        if corners:
            unit["vertex"] = draw(st.sampled_from(corners))


@st.composite
def setups(draw, *, min_columns: int = 2, max_columns: int = 6,
           min_rows: int = 2, max_rows: int = 5, max_terrain: int = 10,
           max_hexsides: int = 8, min_units: int = 0, max_units: int = 4,
           extras: bool = True) -> dict:
    """A valid version-1 setup dict on a small random map.

    ``extras`` adds fields the contract does not define (a later version's
    fields, or free text such as unit names): they must survive a round trip.
    """
    columns = draw(st.integers(min_columns, max_columns))
    rows = draw(st.integers(min_rows, max_rows))
    grid = geometry.Grid(columns, rows)
    all_hexes = sorted(grid.hexes())
    setup = {"format": "asl-setup", "version": 1,
             "map": {"columns": columns, "rows": rows}}
    if draw(st.booleans()):
        setup["map"]["board"] = draw(st.sampled_from(("6", "12", "44", "y")))

    painted = draw(st.lists(st.sampled_from(all_hexes), unique=True,
                            max_size=min(max_terrain, len(all_hexes))))
    hexes = {}
    for h in painted:
        entry = draw(hex_entry())
        if entry or draw(st.booleans()):
            hexes[geometry.PLAIN.hex(h)] = entry
    if hexes or draw(st.booleans()):
        setup["hexes"] = hexes

    pairs = sorted({geometry.hexside(h, n) for h in all_hexes
                    for n in geometry.neighbors(h) if grid.contains(n)})
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True,
                           max_size=min(max_hexsides, len(pairs)))) if pairs else []
    hexsides = {}
    for a, b in chosen:
        differ = _base_level(hexes, a) != _base_level(hexes, b)
        hexsides[_hexside_key(draw, a, b)] = draw(_hexside_value(differ))
    if hexsides or draw(st.booleans()):
        setup["hexsides"] = hexsides

    count = draw(st.integers(min_units, max(min_units, max_units)))
    units = [draw(_unit(f"u{i}", grid, hexes)) for i in range(count)]
    if extras:
        _add_extras(draw, setup, units)
    if units or draw(st.booleans()):
        setup["units"] = units
    return setup


def _add_extras(draw, setup: dict, units: list) -> None:
    if draw(st.integers(0, 3)) == 0:
        setup["notes"] = draw(_free_text)
    for unit in units:
        if draw(st.integers(0, 3)) == 0:
            unit["name"] = draw(_free_text)


def unit_pairs(**kwargs):
    """(setup, viewer id, target id) with two distinct units."""
    kwargs.setdefault("min_units", 2)

    @st.composite
    def pick(draw):
        setup = draw(setups(**kwargs))
        ids = [u["id"] for u in setup["units"]]
        viewer, target = draw(st.lists(st.sampled_from(ids), min_size=2,
                                       max_size=2, unique=True))
        return setup, viewer, target
    return pick()
