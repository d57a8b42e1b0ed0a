"""Map layouts of boards, and the names players give their hexes:
``12P2``, ``6Z8-6Y8-6Y9``, a seam hex as ``12GG5`` or ``6A5``.

A layout is rows of boards of one size, top to bottom, each row left to
right (docs/contract.md ``map.boards``): geomorphic boards (33 x 10 hexes,
columns A to GG), or as an imported board's archive gives its size
(``BoardSize``: VASL's Deluxe boards a-l, 15 x 5 hexes; its boards 1a-13b,
17 x 20 hexes, each half of a board cut down its column Q, 1b's columns
named Q to GG as printed). Where two boards touch, their half hexes make
one hex: side by side, the right board's first column lies on the left
board's last; stacked, the lower board's row 0 lies on the upper board's
last row. So the whole map is one plain lattice, ``Grid((C - 1) * across +
1, R * down)`` for boards of C columns and R rows, and boards only name its
hexes: the rules never see them.

In lattice coordinates (``pycore.geometry``) a board's hex (x, y) sits at
``origin + (x, y)``, or at ``origin + (F - x, 2 R - y)`` when the board is
flipped (rotated 180 degrees: F is three times its first and last column
numbers added, 102 on a geomorphic board, so column c becomes 34 - c; the
row count runs the other way). Both are exact integer maps, each its own
inverse; a board has an odd number of columns, so a flip keeps each
column's parity.

Every hex gets one canonical name, from the first board in layout order that
holds it; a seam hex also answers to its other board's name. A hexside or
vertex is named on one board where one holds all its hexes (``6A5-6B5``, not
``12GG5-6B5``). A name without a board prefix is accepted where exactly one
hex of the map answers to it; otherwise the error names the boards it could
mean.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .. import geometry as g
from .. import limits
from ..errors import SetupError

COLUMNS, ROWS = 33, 10                      # a geomorphic board
BOARD_GRID = g.Grid(COLUMNS, ROWS)
MAX_LABEL = 8
_LABEL_RE = re.compile(r"^[A-Za-z0-9]+$")
_LOCAL_RE = re.compile(r"^([A-Za-z]+)(\d{1,4})$")
# An imported board's ``source`` (docs/contract.md, "Real boards"): its label, its
# VASL version and 16 hex digits of its archive's SHA-256 (pycore.terrain.vasl.archive).
SOURCE_RE = re.compile(r"^vasl:([A-Za-z0-9][A-Za-z0-9._-]{0,15}):([A-Za-z0-9][A-Za-z0-9._-]{0,15})"
                       r":([0-9a-f]{16})$")
_NUMBER_RE = re.compile(r"(?:bd)?0*(\d[0-9A-Za-z]*)", re.IGNORECASE)


def board_number(label: str) -> str:
    """A board number as players type it: "4", "04", "bd4" and "BD04" all
    name board 4 (VASL names its files ``bd04``, its metadata "4" or "04")."""
    text = label.strip()
    m = _NUMBER_RE.fullmatch(text)
    return m.group(1) if m else text


@dataclass(frozen=True)
class BoardSize:
    """A board's hexes: ``columns`` across, from column number ``first``
    (1 = A; 17 = Q, the right half of a board cut down its column Q, as VASL's
    1b-13b), ``rows`` down, after ``top`` rows of another board (10 on the
    lower half of a board 20 rows high, as VASL's BFPDW1b-7b: its A column
    runs from A11). Its odd columns hold rows top + 1..top + rows, its even
    ones top..top + rows, as on a geomorphic board. The number of columns is
    odd."""
    columns: int = COLUMNS
    rows: int = ROWS
    first: int = 1
    top: int = 0
    # Lattice offset to the next board right, and down; flipped, local (x, y)
    # is (flip[0] - x, flip[1] - y) (computed once: every name turns on them).
    step: g.Point = field(init=False, repr=False, compare=False)
    flip: g.Point = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "step", (3 * (self.columns - 1), 2 * self.rows))
        object.__setattr__(self, "flip", (3 * (self.first + self.last),
                                          4 * self.top + 2 * self.rows))

    @property
    def last(self) -> int:
        return self.first + self.columns - 1

    def contains(self, h: g.Hex) -> bool:
        if not g.is_centre(h):
            return False
        col, row = g.col_row(h)
        return self.first <= col <= self.last and \
            (1 if col % 2 else 0) <= row - self.top <= self.rows

    def hexes(self) -> list[g.Hex]:
        return [g.hex_at(c, r) for c in range(self.first, self.last + 1)
                for r in range(self.top + (1 if c % 2 else 0), self.top + self.rows + 1)]

    def is_half(self, h: g.Hex) -> bool:
        col, row = g.col_row(h)
        return col in (self.first, self.last) or \
            (col % 2 == 0 and row - self.top in (0, self.rows))

    def kind(self) -> str:
        return f"{self.columns} x {self.rows}"

    def span(self, label: str = "") -> str:
        """Its first and last hexes' names: "A1 to GG10"."""
        return (f"{label}{g.column_name(self.first)}{self.top + 1} to "
                f"{label}{g.column_name(self.last)}{self.top + self.rows}")


GEOMORPHIC = BoardSize()


@dataclass(frozen=True)
class Board:
    label: str
    flip: bool
    origin: g.Point          # lattice offset of the board's own (0, 0)
    source: str | None = None   # an imported VASL board's source (pycore.terrain.vasl.library)
    size: BoardSize = GEOMORPHIC

    def to_map(self, local: g.Hex) -> g.Hex:
        f = self.size.flip
        x, y = (f[0] - local[0], f[1] - local[1]) if self.flip else local
        return g.Hex((self.origin[0] + x, self.origin[1] + y))

    def to_local(self, h: g.Hex) -> g.Hex:
        x, y = h[0] - self.origin[0], h[1] - self.origin[1]
        f = self.size.flip
        return g.Hex((f[0] - x, f[1] - y) if self.flip else (x, y))

    def holds(self, h: g.Hex) -> bool:
        return self.size.contains(self.to_local(h))

    def name(self, h: g.Hex) -> str | None:
        """``h``'s name on this board (hexes just off it too), or None."""
        local = self.to_local(h)
        if local[0] < 3 or g.col_row(local)[1] < 0:
            return None
        return self.label + g.plain_hex_name(local)

    def box(self) -> tuple[g.Point, g.Point]:
        """The board's edges in lattice units: through the centres of its edge hexes."""
        x0, y0 = self.origin[0] + 3 * self.size.first, self.origin[1] + 2 * self.size.top
        step = self.size.step
        return (x0, y0), (x0 + step[0], y0 + step[1])


class Layout:
    """The boards of a map and the names of its hexes."""

    def __init__(self, rows: list[list[tuple[str, bool]]],
                 sources: dict[str, str] | None = None,
                 sizes: dict[str, BoardSize] | None = None):
        """``sizes``: label -> size, where not geomorphic (all of one size:
        ``load_layout`` checks it)."""
        self.rows = rows
        self.sources = dict(sources or {})      # label -> source of an imported board
        sizes = sizes or {}

        def board(i: int, j: int, label: str, flip: bool) -> Board:
            size = sizes.get(label, GEOMORPHIC)
            step = size.step
            return Board(label, flip, (step[0] * j - 3 * (size.first - 1),
                                       step[1] * i - 2 * size.top), self.sources.get(label), size)
        self.boards = tuple(board(i, j, label, flip) for i, row in enumerate(rows)
                            for j, (label, flip) in enumerate(row))
        self.by_label = {b.label: b for b in self.boards}
        self.size = self.boards[0].size
        self.grid = g.Grid((self.size.columns - 1) * len(rows[0]) + 1,
                           self.size.rows * len(rows))
        self._names: dict = {}
        self._parts: dict = {}
        self._holders: dict = {}
        self._local: dict = {}

    def spec(self) -> list:
        """The ``map.boards`` value, in its plainest form."""
        def one(label: str, flip: bool) -> Any:
            if label not in self.sources:
                return {"board": label, "flip": True} if flip else label
            out: dict[str, Any] = {"board": label, "source": self.sources[label]}
            if flip:
                out["flip"] = True
            return out
        return [[one(label, flip) for label, flip in row] for row in self.rows]

    def board_name(self, board: Board, h: g.Hex) -> str | None:
        """``board.name(h)``, computed once: a hex is named for each of its
        hexsides and vertices."""
        key = (board.origin, h)
        if key not in self._local:
            self._local[key] = board.name(h)
        return self._local[key]

    def holders(self, h: g.Hex) -> tuple[Board, ...]:
        got = self._holders.get(h)
        if got is None:
            got = self._holders[h] = tuple(b for b in self.boards if b.holds(h))
        return got

    # --- names out --------------------------------------------------------------
    def hex_name(self, h: g.Hex) -> str:
        got = self._names.get(h)
        if got is None:
            board = next(iter(self.holders(h)), None)
            got = board.name(h) if board is not None else None
            if got is None:   # off the map (a vertex on its edge): the nearest board's name
                got = next((n for b in self.boards if (n := b.name(h)) is not None), None)
            if got is None:   # left of every board's column A or above its row 0
                raise ValueError(f"hex {h} lies beyond the map's edge, where no board names it")
            self._names[h] = got
        return got

    def _shared_board(self, hexes: Iterable[g.Hex]) -> Board | None:
        """The first board holding every one of ``hexes`` (for a vertex on the
        map's edge: every one of them that is on the map)."""
        on_map = [h for h in hexes if self.grid.contains(h)]
        candidates = self.holders(on_map[0]) if on_map else self.boards
        return next((b for b in candidates if all(b.holds(h) for h in on_map)
                     and all(self.board_name(b, h) for h in hexes)), None)

    def part_name(self, hexes: Iterable[g.Hex]) -> str:
        """A hexside's or vertex's name (its hexes in the caller's order),
        computed once per map: a big map names 13,000 of them per drawing."""
        key = tuple(hexes)
        got = self._parts.get(key)
        if got is None:
            board = self._shared_board(key)
            got = "-".join(self._name_on(board, h) for h in key)
            self._parts[key] = got
        return got

    def _name_on(self, board: Board | None, h: g.Hex) -> str:
        """``h``'s name on ``board`` (which names it: ``_shared_board``), or its own."""
        name = self.board_name(board, h) if board is not None else None
        return name if name is not None else self.hex_name(h)

    def all_names(self, h: g.Hex) -> list[str]:
        """Every name of ``h``: the canonical one first, then a seam's other."""
        first = self.hex_name(h)
        return [first] + [n for b in self.holders(h)
                          if (n := b.name(h)) is not None and n != first]

    # --- names in ---------------------------------------------------------------
    def parse_hex(self, name: str) -> g.Hex:
        if not isinstance(name, str):
            raise ValueError(f"a hex name must be a string, not {type(name).__name__}")
        text = name.strip()
        found, off_board = {}, None
        for label, board in self.by_label.items():
            if text.startswith(label) and _LOCAL_RE.match(text[len(label):]):
                h = board.to_map(g.plain_parse_hex(text[len(label):]))
                if board.holds(h) or not self.grid.contains(h):   # off the map: an edge vertex's
                    found[h] = label
                else:
                    off_board = label
        if not found and off_board is not None:
            raise ValueError(f"{text} is not on board {off_board} (its hexes run from "
                             f"{self.by_label[off_board].size.span(off_board)})")
        if len(found) > 1:
            raise ValueError(f"{text} could name a hex on board {' or '.join(found.values())}")
        if found:
            return next(iter(found))
        if not _LOCAL_RE.match(text):
            raise ValueError(f"{name!r} is not a hex name on these boards (e.g. "
                             f"{self.boards[0].label}P2)")
        local = g.plain_parse_hex(text)
        found = {b.to_map(local): b.label for b in self.boards if b.size.contains(local)}
        if not found:
            raise ValueError(f"{text} is not a hex of these boards (their hexes run from "
                             f"{self.size.span()})")
        if len(found) > 1:
            labels = list(found.values())
            raise ValueError(f"{text} is on boards {', '.join(labels)}: say which, e.g. "
                             f"{labels[0]}{text} or {labels[1]}{text}")
        return next(iter(found))


def check_source(source: Any, path: str = "source") -> str:
    """``source`` if it is written as an imported board's source, else SetupError."""
    if not isinstance(source, str) or not SOURCE_RE.match(source):
        raise SetupError(f"{path}: not the name of a board file this app writes (\"vasl:41:6.3:\" "
                         "and 16 hex digits): the link or file is damaged; ask for it again")
    return source


def load_layout(value: Any, path: str = "map.boards",
                size_of: Callable[[str], BoardSize | None] | None = None) -> Layout:
    """``map.boards`` checked into a Layout; SetupError names the field.
    ``size_of``: an imported board's size by its source (None where it is not
    imported: that is said later, naming the file); a board without one is
    geomorphic. Boards of two sizes on one map are refused."""
    if not isinstance(value, list) or not value:
        raise SetupError(f"{path}: must be a list of rows of boards, e.g. [[\"12\", \"6\"]]")
    rows: list = []
    seen: set = set()
    sources: dict[str, str] = {}
    sizes: dict[str, BoardSize] = {}
    first: tuple[str, BoardSize] | None = None
    for i, row in enumerate(value):
        if not isinstance(row, list) or not row:
            raise SetupError(f"{path}[{i}]: must be a list of boards")
        if len(row) != len(value[0]):
            raise SetupError(f"{path}[{i}]: has {len(row)} boards, but the first row has "
                             f"{len(value[0])}: every row of boards must be as long")
        out = []
        for j, board in enumerate(row):
            where = f"{path}[{i}][{j}]"
            label, flip = _board(board, where)
            size = GEOMORPHIC
            if isinstance(board, dict) and "source" in board:
                sources[label] = _source_of(label, board["source"], where)
                size = (size_of(sources[label]) if size_of is not None else None) or GEOMORPHIC
                sizes[label] = size
            if first is None:
                first = (label, size)
            elif (size.columns, size.rows) != (first[1].columns, first[1].rows):
                raise SetupError(f"{where}: board {label} is {size.kind()} hexes, but board "
                                 f"{first[0]} is {first[1].kind()}: a map's boards are all of "
                                 "one size (a geomorphic board, 33 x 10, beside a Deluxe "
                                 "board would leave half hexes unmatched)")
            if label.casefold() in seen:
                raise SetupError(f"{where}: board {label} is already on the map")
            seen.add(label.casefold())
            out.append((label, flip))
        rows.append(out)
    across, down = len(rows[0]), len(rows)
    assert first is not None
    size = first[1]
    cols, nrows = (size.columns - 1) * across + 1, size.rows * down
    if cols > limits.MAX_COLUMNS or nrows > limits.MAX_ROWS \
            or g.Grid(cols, nrows).size() > limits.MAX_MAP_HEXES:
        if size == GEOMORPHIC:
            raise SetupError(f"{path}: {across} x {down} boards is too big a map (at most 4 "
                             f"boards across and 8 down, and at most 4 x 2, 2 x 4 or 1 x 8)")
        raise SetupError(f"{path}: {across} x {down} boards of {size.kind()} hexes is too big "
                         f"a map ({cols} x {nrows} hexes: at most {limits.MAX_COLUMNS} "
                         f"across, {limits.MAX_ROWS} down and {limits.MAX_MAP_HEXES:,} "
                         "hexes in all)")
    return Layout(rows, sources, sizes)


def _source_of(label: str, source: Any, where: str) -> str:
    """A board's source, which must be of a board of that number: board 42
    shown with 41's terrain would be a wrong map."""
    m = SOURCE_RE.match(check_source(source, where + ".source"))
    assert m is not None
    if board_number(m.group(1)) != board_number(label):     # "4" is "04"'s board
        raise SetupError(f"{where}.source: board {label} is given the terrain of board "
                         f"{m.group(1)} (VASL {m.group(2)}): a board and its file must be the "
                         f"same board; call it {m.group(1)}, or import bd{board_number(label)}")
    return source


def _board(board: Any, where: str) -> tuple[str, bool]:
    if isinstance(board, dict):
        unknown = set(board) - {"board", "flip", "source"}
        if unknown:
            raise SetupError(f"{where}: unknown field {sorted(unknown)[0]!r} (a board has "
                             "\"board\", \"flip\" and \"source\")")
        flip = board.get("flip", False)
        if not isinstance(flip, bool):
            raise SetupError(f"{where}.flip: must be true or false")
        label, where = board.get("board"), where + ".board"
    else:
        label, flip = board, False
    if not isinstance(label, str) or not _LABEL_RE.match(label) or len(label) > MAX_LABEL:
        raise SetupError(f"{where}: a board is named by 1 to {MAX_LABEL} letters and digits "
                         "(\"12\", \"6\", \"y\")")
    return label, flip
