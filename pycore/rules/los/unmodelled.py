"""What the ruling does not know: terrain an imported board draws that the
app does not model, or reads only approximately (water, rowhouse walls,
lumberyards, dry streams read as gullies, ...; pycore.terrain.vasl.reading). A ruling
whose thread crosses or ends in such a hex says so, hex by hex, so the
players check it by eye (A6.1: the LOS is judged on the board as drawn). It
changes no ruling."""
from __future__ import annotations

from ... import geometry as g
from ...setup import Setup, Slot
from .ruling import Ruling, listed


def _drawn(s: Setup) -> dict[g.Hex, tuple[str, ...]]:
    """Per map hex, what its imported boards draw there that the app does not
    model; hexes the player's own entry corrects are left out."""
    layout = s.layout
    if layout is None or not layout.sources:
        return {}
    own = s.overrides.hexes if s.overrides is not None else {}
    out: dict[g.Hex, tuple[str, ...]] = {}
    for b in layout.boards:
        if b.source is None:
            continue
        for local, said in s.imported[b.source].reading.unmodelled.items():
            h = b.to_map(local)
            if h not in own:
                out[h] = tuple(dict.fromkeys(out.get(h, ()) + said))
    return out


_UNMODELLED: Slot[dict[g.Hex, tuple[str, ...]]] = Slot("unmodelled", _drawn)


def on_map(s: Setup) -> dict[g.Hex, tuple[str, ...]]:
    """Per map hex, what its imported boards draw there that the app does not
    model, in a player's words (the map marks these hexes; their reading
    says it)."""
    return s.derived(_UNMODELLED)


def judge(s: Setup, r: Ruling) -> None:
    """A step per kind of terrain the app does not model that the board draws
    in the hexes of the ruling's thread (its ends' included), naming them in
    thread order, before the ruling's conclusion. Asked of the rulings a
    player reads (``pycore.rules.los.evaluate``), not of a visibility sweep's."""
    drawn = on_map(s)
    if not drawn:
        return
    where: dict[tuple[str, ...], list[str]] = {}
    for h in dict.fromkeys(h for item in r.trace for h in item.hexes):
        said = drawn.get(h)
        if said:
            where.setdefault(said, []).append(s.names.hex(h))
    r.say_before_conclusion([
        ("A6.1", f"{listed(names)}: the board draws {', '.join(said)} there: check it by eye "
                 "(A6.1).")
        for said, names in where.items()])
