"""The setup's objects: ``Setup``, ``Unit`` and the slots of what is computed
from a setup once (docs/contract.md). Immutable; made by ``pycore.setup.loader``, written
by ``pycore.setup.writer``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, TypeVar

from .. import geometry as g
from ..geometry.boards import Layout
from ..errors import SetupError
from .lookalike import id_key
from ..terrain.mapterrain import OPEN, HexInfo, HexsideInfo, MapTerrain, Overrides, Wall, painted
from ..terrain.vasl.library import Board as ImportedBoard
from .units import Unit
from .writer import dump

T = TypeVar("T")


class Slot(Generic[T]):
    """A named, typed place for what is computed from a setup once and kept
    with it (``Setup.derived``): declared by the module that computes it, as
    ``WA: Slot[Resolver] = Slot("wa", Resolver)``. Where a setup goes (the
    setup cache), its derived facts go too (docs/architecture-library.md)."""
    __slots__ = ("name", "make")

    def __init__(self, name: str, make: Callable[["Setup"], T]) -> None:
        self.name = name
        self.make = make

    def __repr__(self) -> str:
        return f"Slot({self.name!r})"


@dataclass(frozen=True, eq=False)
class Setup:
    grid: g.Grid
    board: str | None
    hexes: Mapping[g.Hex, HexInfo]
    hexsides: Mapping[g.Hexside, HexsideInfo]
    units: tuple[Unit, ...]
    extra: Mapping[str, Any]
    map_extra: Mapping[str, Any]
    warnings: tuple[str, ...]
    layout: Layout | None = None    # a map of boards (pycore.geometry.boards), or None
    # What reading changed in the setup's text, for the player to be told (a
    # link's warnings): sides and ids without invisible characters (pycore.setup.lookalike).
    notices: tuple[str, ...] = ()
    # What is computed from it once (``derived``); a replaced copy starts afresh.
    _derived: dict[Slot[Any], Any] = field(default_factory=dict, init=False, repr=False,
                                           compare=False)
    # Scenario special rules (pycore/terrain/ssr.py): the setup's ``ssr``.
    ssr: tuple = ()
    # The map's terrain with its layers (pycore.terrain.mapterrain): where each part came
    # from, and the player's own part. ``hexes`` and ``hexsides`` are its decision.
    terrain: MapTerrain | None = None
    # The players' settlement of borderline LOS (A6.1; pycore.setup.settled): the setup's
    # ``settled``.
    settled: tuple[Mapping[str, Any], ...] = ()
    # The overlays laid on its boards (pycore.terrain.overlays.Placement): ``map.overlays``.
    overlays: tuple = ()
    # How its map names its hexes, hexsides and vertices: as players name its
    # boards' hexes (``12P2``), or plainly (``pycore.geometry.names``).
    names: g.Names = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", g.Names(self.layout) if self.layout is not None
                           else g.PLAIN)

    @property
    def layers(self) -> MapTerrain:
        return self.terrain if self.terrain is not None else painted(self.hexes, self.hexsides)

    @property
    def overrides(self) -> Overrides | None:
        """The setup's own hexes and hexsides where imported boards supply the
        rest; None: no imported board, all its own."""
        return self.layers.own if self.layers.corrections else None

    @property
    def imported(self) -> Mapping[str, ImportedBoard]:
        """The imported boards its map uses, by source."""
        return self.layers.boards

    @property
    def ssr_changed(self) -> Mapping[Any, Any]:
        """Each hex or hexside the SSRs changed (what the ruling's steps say)."""
        return self.layers.changed

    def derived(self, slot: Slot[T]) -> T:
        """What ``slot`` computes from this setup, computed once (a setup never changes)."""
        try:
            got: T = self._derived[slot]
        except KeyError:
            got = self._derived[slot] = slot.make(self)
        return got

    def hex(self, h: g.Hex) -> HexInfo:
        return self.hexes.get(h, OPEN)

    def find_unit(self, unit_id: Any) -> Unit | None:
        """The unit with this id, or None (ids of any type are simply not found).
        Ids are compared as they read (``pycore.setup.lookalike.id_key``): ``g1``
        with a zero-width space, or ``ｇ1``, finds ``g1``."""
        return self.derived(_UNITS_BY_ID).get(id_key(unit_id)) if isinstance(unit_id, str) else None

    def unit(self, unit_id: str) -> Unit:
        u = self.find_unit(unit_id)
        if u is None:
            raise SetupError(f"unit {unit_id!r}: no unit has this id")
        return u

    def units_in(self, h: g.Hex) -> tuple[Unit, ...]:
        return self.derived(_UNITS_BY_HEX).get(h, ())

    def wall(self, s: g.Hexside) -> Wall | None:
        """The wall/hedge/bocage on hexside s, or None."""
        info = self.hexsides.get(s)
        return info if isinstance(info, Wall) else None

    def wall_level(self, s: g.Hexside) -> int:
        """The base level a wall/hedge/bocage lies on: the lower of its two hexes'
        (B9.35), the higher for a Hillside wall/hedge (B9.62)."""
        la, lb = self.hex(s[0]).level, self.hex(s[1]).level
        info = self.hexsides.get(s)
        return max(la, lb) if info is not None and info.hillside else min(la, lb)

    def depression_connected(self, s: g.Hexside) -> bool:
        """Two gully hexes joined by a Depression hexside (A6.3, B19.2)."""
        a, b = s
        if not (self.hex(a).is_depression and self.hex(b).is_depression):
            return False
        info = self.hexsides.get(s)
        return info is None or info.depression is not False

    def to_dict(self, whole: bool = False) -> dict:
        """The setup as a link carries it; ``whole``: with the map's terrain as
        decided from all its layers (pycore.terrain.mapterrain) instead of its own part."""
        return dump(self, whole)


def _by_hex(s: Setup) -> dict[g.Hex, tuple[Unit, ...]]:
    by_hex: dict[g.Hex, list[Unit]] = {}
    for u in s.units:
        by_hex.setdefault(u.hex, []).append(u)
    return {k: tuple(v) for k, v in by_hex.items()}


_UNITS_BY_ID: Slot[dict[str, Unit]] = Slot("units_by_id",
                                           lambda s: {id_key(u.id): u for u in s.units})
_UNITS_BY_HEX: Slot[dict[g.Hex, tuple[Unit, ...]]] = Slot("units_by_hex", _by_hex)


# --- loading -------------------------------------------------------------------
