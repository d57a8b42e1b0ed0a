"""The terrain as the LOS rules ask it (``Terrain``): one small, fixed set of
questions, and its first source, whole hexes (docs/terrain-interface.md).

The rule families (obstacles, walls, visibility) ask only these questions,
never whether a hex is painted or drawn:

- ``meets(h, p, q)``: the obstacle the thread p-q meets in hex h, and how
  high it stands (A6.2), or None;
- ``beside(h)``: what to say where a drawing in h lies beside the thread (A6.1);
- ``ground(h, p, q)``: the ground under the thread in hex h (a Crest Line, A6.2);
- ``along(a, b, p, q)``: what lies on each side of the hexside run p-q (A6.1);
- ``through_break(sd, p, q)``: does the thread cross wall/hedge ``sd`` where
  its depiction has a break (B9.1)?
- ``whole(h)``: for the visibility sweep's set test, the hex's obstacle
  height and level where every thread through it meets them alike;
- ``hinders(h, p, q)``: the hindering terrain the thread p-q crosses in hex h
  (A6.7), or None;
- ``hinders_along(a, b, p, q)``: the hindering terrain each hex shows beside
  the hexside run p-q, and whether a Hindrance lies on both sides at once (A6.1);
- ``drawn_partly(h)``: what a hex judged on its drawing is drawn partly as
  ("woods", "building"), for a player reading the hex; None where it is whole;
- ``drawn_across(a, b)``: whether an obstacle is drawn across the hexside
  between two adjacent hexes (B23.1: one building), or None where no board
  draws it;
- ``leaves_depression(h, p, q)``: does the thread p-q leave the Depression's
  art in Depression hex h (B19.2, B20.2, B4.2: a whole hex never does)?

It has two sources. ``WholeHexes`` answers for whole hexes (a painted map, and
every hex of an imported board drawn whole). ``pycore.rules.los.drawn.AsDrawn``
(the board as drawn) overrides its answers for the hexes an imported board
draws in part, as python-chess's variants override a fixed set of hooks.  ``pycore.rules.los.context.terrain`` builds the one
a setup needs, once, and the LOS context carries it.
"""
from __future__ import annotations

from typing import NamedTuple, Protocol

from ... import geometry as g
from ...setup import Setup


NOTHING = -(1 << 30)        # an obstacle top below every end: no obstacle (``WholeHexes.highest``)


class Stand(NamedTuple):
    """An obstacle a thread meets: its top and height in half levels, what it
    is, the rule that says so, the ground level it is drawn on (None: the
    hex's own level), and whether it is met where it is drawn (A6.1)."""
    top2: int
    height: int
    what: str
    rule: str
    level: int | None = None
    as_drawn: bool = False


class Ground(NamedTuple):
    """The ground under a thread in a hex: its level, whether a crest line
    drawn across the hex gave it (A6.2), and whether that line is a bank
    beside water drawn in the hex (B21.1)."""
    level: int
    drawn: bool = False
    bank: bool = False


class Hindering(NamedTuple):
    """The hindering terrain a thread meets in a hex (None: none), and
    whether the hex's drawing decided it (A6.1) rather than the whole hex."""
    terrain: str | None
    drawn: bool = False


class Beside(NamedTuple):
    """Along a hexside run: the hindering terrain each hex shows beside it
    (None: none), and whether a Hindrance lies on both sides at once (A6.1)."""
    a: str | None
    b: str | None
    both: bool
    drawn: bool = False


class Sides(NamedTuple):
    """What lies on each side of a hexside run (A6.1).

    ``both``: the obstacle on both sides at once (or None); ``a``/``b``: each
    hex's highest obstacle beside the run, (top, height) in half levels;
    ``names``: what each hex's obstacle is; ``ground``: each side's ground
    level; ``base``: the ground on both sides at once; ``drawn``: judged as
    drawn; ``drawn_ground``: ``base`` read from a drawn crest line;
    ``notes``: A6.1 sentences for drawings beside the run."""
    both: Stand | None
    a: tuple[int, int]
    b: tuple[int, int]
    names: tuple[str, str]
    ground: tuple[int, int]
    base: int
    drawn: bool = False
    drawn_ground: bool = False
    notes: tuple[str, ...] = ()


class Terrain(Protocol):
    """The terrain as the LOS rules ask it (the module's docstring): what a
    thread meets, hex by hex and along hexsides. Every rule family, the TEM,
    the visibility sweep and the hex reading ask this, never a source."""

    def is_drawn(self, h: g.Hex) -> bool:
        """Is hex h judged on a drawing rather than whole?"""
        ...

    def drawn_partly(self, h: g.Hex) -> str | None:
        """What hex h is drawn partly as ("woods", "building"), or None."""
        ...

    def drawn_across(self, a: g.Hex, b: g.Hex) -> bool | None:
        """Is an obstacle drawn across the hexside between a and b (None: not drawn)?"""
        ...

    def highest(self, h: g.Hex) -> tuple[int, int]:
        """The highest obstacle top (half levels) and ground level a thread through h can meet."""
        ...

    def what(self, h: g.Hex) -> str:
        """What hex h's obstacle is called."""
        ...

    def whole(self, h: g.Hex) -> tuple[int, int] | None:
        """(obstacle height, level) alike for every thread through h; None where drawn."""
        ...

    def meets(self, h: g.Hex, p: g.Point, q: g.Point) -> Stand | None:
        """The obstacle the thread p-q meets in hex h (A6.2), or None."""
        ...

    def beside(self, h: g.Hex) -> str | None:
        """The A6.1 sentence for a drawing in h beside the thread, or None."""
        ...

    def ground(self, h: g.Hex, p: g.Point, q: g.Point) -> Ground:
        """The ground under the thread p-q in hex h (A6.2)."""
        ...

    def along(self, a: g.Hex, b: g.Hex, p: g.Point, q: g.Point) -> Sides:
        """What lies on each side of the hexside run p-q between a and b (A6.1)."""
        ...

    def hinders(self, h: g.Hex, p: g.Point, q: g.Point) -> Hindering:
        """The hindering terrain the thread p-q crosses in hex h (A6.7)."""
        ...

    def hinders_along(self, a: g.Hex, b: g.Hex, p: g.Point, q: g.Point) -> Beside:
        """The hindering terrain each hex shows beside the hexside run p-q (A6.1)."""
        ...

    def through_break(self, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
        """B9.1: does the thread p-q cross wall/hedge ``sd`` through a break in its depiction?"""
        ...

    def beside_drawing(self, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
        """Does the thread p-q cross hexside ``sd`` where its board draws it
        bare (a rowhouse's bar drawn across only its building, B23.71)?"""
        ...

    def leaves_depression(self, h: g.Hex, p: g.Point, q: g.Point) -> bool:
        """Does the thread p-q pass through pixels of Depression hex h drawn
        outside the Depression's art (B19.2, B20.2, B4.2)?"""
        ...


def neither_above(top2: int, lo: int, hi: int) -> bool:
    """A6.2: an obstacle whose top is ``top2`` half levels blocks a thread
    through it when neither end (elevations lo <= hi) is above it."""
    return 2 * lo < top2 and 2 * hi <= top2


def crest_blocks(level: int, lo_ground: int, hi: int) -> bool:
    """A6.2: a hill (a Crest Line) at ``level`` blocks a thread over it when
    it rises above the lower end's ground and the higher end is not above it."""
    return neither_above(2 * level, lo_ground, hi)


def blocks_in_hex(t: Terrain, h: g.Hex, p: g.Point, q: g.Point, lo: int, lo_ground: int,
                  hi: int) -> bool:
    """Does hex h's terrain block the thread p-q through it whatever else lies
    on it (ends at elevations lo <= hi), as pycore.rules.los.obstacles.in_hex finds:
    its obstacle, neither end above it; else the ground under the thread, a
    Crest Line (A6.2).

    Both tests only grow with the height met (``neither_above``), so where
    even the highest the hex can show (``WholeHexes.highest``) blocks neither
    way, nothing it shows does: only the question that can still block is
    asked of the drawing."""
    top2, level = t.highest(h)
    obstacle_may = neither_above(top2, lo, hi)
    if not crest_blocks(level, lo_ground, hi):
        if not obstacle_may:
            return False
        stand = t.meets(h, p, q)
        return stand is not None and neither_above(stand.top2, lo, hi)
    if obstacle_may:
        stand = t.meets(h, p, q)
        if stand is not None and neither_above(stand.top2, lo, hi):
            return True
        ground = t.ground(h, p, q)
    else:
        ground = t.ground(h, p, q)
        if ground.drawn:        # a crest line drawn across the hex counts beside it too
            return crest_blocks(ground.level, lo_ground, hi)
        stand = t.meets(h, p, q)
    if stand is not None and not ground.drawn:
        return False            # the obstacle stands on the hex's ground
    return crest_blocks(ground.level, lo_ground, hi)


def named(what: str, terrain: str, h: g.Hex, names: g.Names) -> str:
    return f"{terrain} in {names.hex(h)}" if what == terrain else what


class WholeHexes:
    """The terrain as whole hexes (``Terrain``'s first source): each hex's
    terrain and level fill it (A6.2)."""

    def __init__(self, s: Setup):
        self.s = s
        # each whole hex's answers, found once (they do not depend on the thread)
        self._stands: dict[g.Hex, tuple[int, int, str] | None] = {}
        self._grounds: dict[g.Hex, Ground] = {}
        self._hinders: dict[g.Hex, Hindering] = {}

    def is_drawn(self, h: g.Hex) -> bool:
        """Is hex h judged on a drawing rather than whole?"""
        return False

    def drawn_partly(self, h: g.Hex) -> str | None:
        """What hex h is drawn partly as ("woods", "building") where the rules
        follow its drawing, or None where it is judged whole."""
        return None

    def drawn_across(self, a: g.Hex, b: g.Hex) -> bool | None:
        """No hexside of whole hexes is drawn (B23.1 asks the setup instead)."""
        return None

    def highest(self, h: g.Hex) -> tuple[int, int]:
        """The highest obstacle top (half levels; NOTHING where none) and the
        highest ground level that any thread through hex h can meet there."""
        info = self.s.hex(h)
        height, _ = info.obstacle()
        return (2 * info.level + height if height else NOTHING), info.level

    def what(self, h: g.Hex) -> str:
        """What hex h's obstacle is called."""
        return self.s.hex(h).terrain

    def whole(self, h: g.Hex) -> tuple[int, int] | None:
        """(obstacle height in half levels, level) where every thread through
        hex h meets them alike; None where the drawing decides."""
        info = self.s.hex(h)
        return info.obstacle()[0], info.level

    def meets(self, h: g.Hex, p: g.Point, q: g.Point) -> Stand | None:
        try:
            got = self._stands[h]
        except KeyError:
            info = self.s.hex(h)
            height, what = info.obstacle()
            got = self._stands[h] = None if not height else \
                (2 * info.level + height, height, what)
        if got is None:
            return None
        # named as it is asked: the hex's name follows the map's names (Setup.names)
        return Stand(got[0], got[1], f"{got[2]} in {self.s.names.hex(h)}", "A6.2")

    def beside(self, h: g.Hex) -> str | None:
        return None

    def ground(self, h: g.Hex, p: g.Point, q: g.Point) -> Ground:
        got = self._grounds.get(h)
        if got is None:
            got = self._grounds[h] = Ground(self.s.hex(h).level)
        return got

    def along(self, a: g.Hex, b: g.Hex, p: g.Point, q: g.Point) -> Sides:
        ia, ib = self.s.hex(a), self.s.hex(b)
        (ha, wa), (hb, wb) = ia.obstacle(), ib.obstacle()
        ta, tb = 2 * ia.level + ha, 2 * ib.level + hb
        both = None
        if ha and hb:
            both = Stand(min(ta, tb), ha if ta <= tb else hb,
                         f"{wa}/{wb} on both sides of hexside "
                         f"{self.s.names.hexside((a, b))}", "A6.1")
        return Sides(both, (ta, ha), (tb, hb),
                     (named(wa, wa, a, self.s.names), named(wb, wb, b, self.s.names)),
                     (ia.level, ib.level), min(ia.level, ib.level))

    def hinders(self, h: g.Hex, p: g.Point, q: g.Point) -> Hindering:
        got = self._hinders.get(h)
        if got is None:
            got = self._hinders[h] = Hindering(self.s.hex(h).hindering())
        return got

    def hinders_along(self, a: g.Hex, b: g.Hex, p: g.Point, q: g.Point) -> Beside:
        ta, tb = (self.hinders(h, p, q).terrain for h in (a, b))
        return Beside(ta, tb, ta is not None and tb is not None)

    def through_break(self, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
        """B9.1: a gap the player paints, or one on a painted map, is a break
        along the whole hexside."""
        return True

    def beside_drawing(self, sd: g.Hexside, p: g.Point, q: g.Point) -> bool:
        """A painted hexside is drawn along its whole length."""
        return False

    def leaves_depression(self, h: g.Hex, p: g.Point, q: g.Point) -> bool:
        """A whole Depression hex is the Depression throughout (B19.2: judged
        hex by hex)."""
        return False
