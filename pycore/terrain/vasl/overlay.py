"""Read a VASL overlay archive (``ovrX``, ``ovrWD``, ...) from its bytes: the
overlays it holds, each one's images (one GIF per orientation a-f) and origin
hexes, and the archive's version (docs/overlays.md).

The format, as VASL's ``Overlay`` reads it:

- a zip of GIF images named ``ovr<name><orientation>.gif`` (``ovrx1a.gif`` ...
  ``ovrx1f.gif``); an overlay with an ``a`` image and no ``d`` image is a
  one-hex overlay, always laid in orientation a;
- a ``data`` file whose line ``x1 b2;b1;c1;d1;d2;c3`` gives, for each
  orientation a-f, the hex of the image that is laid on the overlay's first
  hex (an overlay without a line takes ``b2;b1;c1;d1;d2;c3``, as VASL's do);
  ``version 2`` the archive's version; ``placeAt t0 t-1`` the two hexes an
  overlay that fits one place only is always laid on;
- some archives also carry a ``colors`` file (the colours' names, as a board's).

Every damaged or hostile file raises SetupError in a player's words: the zip
is guarded as a board archive's (``pycore.terrain.vasl.archive``), each image's
size is checked before it is decoded (``pycore.terrain.vasl.gif``), and the
``data`` file may hold at most ``MAX_DATA_BYTES``, lines of at most
``MAX_LINE`` characters, and origins on a board's hexes.
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...errors import SetupError
from . import archive, colornames, gif

MAX_DATA_BYTES = 64_000
MAX_LINE = 400
MAX_GIF_BYTES = 4_000_000         # one image (real ones: at most 0.3 MB)
MAX_OVERLAYS = 400                # overlays in one archive (real ones: at most 84)
ORIENTATIONS = "abcdef"
DEFAULT_ORIGINS = ("b2", "b1", "c1", "d1", "d2", "c3")
MAX_ORIGIN_ROW = 40               # the largest overlays (ocean, beach) reach row 15
SOURCE_RE = re.compile(r"^vasl-ovr:([A-Za-z0-9_]{1,16}):([A-Za-z0-9][A-Za-z0-9._-]{0,15})"
                       r":([0-9a-f]{16})$")
_IMAGE_RE = re.compile(r"^ovr([a-z0-9_]{1,16}?)([a-f])\.gif$")
_NAME_RE = re.compile(r"^(?:[a-z]+(?:_[a-z]+)?\d+|\d+)$")
_HEX_RE = re.compile(r"^([a-z])(\1?)(-?\d{1,2})$")
_VERSION_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,15}$")
# VASL's files: these overlays share another's images (its Overlay.equivalence).
_SHARED = {"be2": "be1", "be3": "be1", "be5": "be4", "be6": "be4", "oc2": "oc1", "oc4": "oc3"}


@dataclass(frozen=True)
class Overlay:
    name: str                                   # as VASL names it: "x1"
    images: dict[str, str]                      # orientation -> member file name
    origins: tuple[str | None, ...]             # per orientation a-f, a board-local hex name
    place_at: tuple[str, str] | None = None     # the one place it fits, or None

    @property
    def label(self) -> str:
        """As a scenario card names it: "X1"."""
        return self.name.upper()

    @property
    def single(self) -> bool:
        """A one-hex overlay: always orientation a (VASL's ``isSingleHex``)."""
        return "a" in self.images and "d" not in self.images


@dataclass(frozen=True)
class OverlaySet(gif.Images):
    family: str                      # "X": the archive is ovrX
    version: str
    digest: str                      # the archive's SHA-256, hex
    overlays: dict[str, Overlay]     # by label ("X1")
    files: dict[str, bytes] = field(repr=False)           # member name -> GIF bytes
    colors: dict[tuple[int, int, int], str] = field(default_factory=dict, repr=False)
    warnings: tuple[str, ...] = ()
    decoded: dict[str, gif.Indexed] = field(default_factory=dict, compare=False, repr=False)

    @property
    def source(self) -> str:
        return f"vasl-ovr:{self.family}:{self.version}:{self.digest[:16]}"

    @property
    def file(self) -> str:
        """The archive's file name in VASL's overlays folder: "ovrX"."""
        return f"ovr{self.family}"

    def summary(self) -> dict[str, Any]:
        return {"kind": "overlays", "family": self.family, "overlays": list(self.overlays),
                "version": self.version, "source": self.source, "warnings": list(self.warnings)}


def holds_overlays(zipped: archive.Zipped) -> bool:
    """True if a zip (``archive.opened``) holds overlay images and no board
    terrain (``LOSData``): an overlay archive, to be read by ``read``."""
    members = zipped[1]
    return "LOSData" not in members and any(_IMAGE_RE.match(name.lower()) for name in members)


def read(data: bytes, zipped: archive.Zipped | None = None) -> OverlaySet:
    """The overlay archive in ``data``, or SetupError saying what is wrong with the file.
    ``zipped``: ``data`` already ``archive.opened`` (else it is opened here)."""
    with archive.reopened(data, zipped) as (z, members):
        found: dict[str, dict[str, str]] = {}
        for member in members:
            m = _IMAGE_RE.match(member.lower())
            if m:
                found.setdefault(m.group(1), {})[m.group(2)] = member
        text = b""
        if "data" in members:
            text = archive.member(z, members["data"], MAX_DATA_BYTES)
        warnings: list[str] = []
        lines, version, place_at = _data(text, warnings)
        names = [n for n in found if _NAME_RE.match(n) or n in lines]
        names += [n for n, shared in _SHARED.items() if n in lines and shared in found]
        if not names:
            raise SetupError("overlay file: this zip holds no overlay images (ovrX1a.gif, ...): "
                             "it is not a VASL overlay archive; import the overlay's own ovrNN "
                             "file (ovrX, ovrWD, ... from VASL's boards/overlays folder)")
        if len(names) > MAX_OVERLAYS:
            raise SetupError(f"overlay file: it holds more than {MAX_OVERLAYS} overlays, far more "
                             "than a VASL overlay archive: it is another kind of file")
        files = {}
        for n in names:
            for member in found[_SHARED.get(n, n)].values():
                if member not in files:
                    files[member] = archive.member(z, members[member], MAX_GIF_BYTES)
                    gif.check(files[member], member)
        colors = colornames.of_zip((z, members))
    overlays = {}
    for n in sorted(names, key=_order):
        images = found[_SHARED.get(n, n)]
        overlay = Overlay(n, images, lines.get(n, DEFAULT_ORIGINS), place_at)
        overlays[overlay.label] = overlay
    most = Counter(family(n) for n in names).most_common(1)[0][0]
    return OverlaySet(most, version, hashlib.sha256(bytes(data)).hexdigest(), overlays, files,
                      colors, tuple(warnings))


def _order(name: str) -> tuple:
    """Overlays in a card's order: X2 before X10."""
    m = re.match(r"^(.*?)(\d*)$", name)
    assert m is not None
    return m.group(1), int(m.group(2) or 0)


def family(name: str) -> str:
    """The archive an overlay's name (``x1`` or ``X1``) comes from, as VASL
    names it: ``X``, the file ``ovrX``."""
    name = name.lower()
    base = _SHARED.get(name, name)
    return (base.rstrip("0123456789") or base).upper()


def _data(text: bytes, warnings: list[str]
          ) -> tuple[dict[str, tuple[str | None, ...]], str, tuple[str, str] | None]:
    """The ``data`` file: each overlay's origins by name, the version, placeAt.
    An origin that is no hex of a board leaves its orientation out (a warning)."""
    lines: dict[str, tuple[str | None, ...]] = {}
    version, place_at = "0", None
    for number, raw in enumerate(text.decode("latin-1").splitlines(), 1):
        if len(raw) > MAX_LINE:
            raise SetupError(f"overlay file: line {number} of its data file is {len(raw):,} "
                             "characters long, not an overlay's origins: the file is damaged")
        tokens = raw.split()
        if len(tokens) < 2:
            continue
        first = tokens[0].lower()
        if first == "version":
            version = tokens[1] if _VERSION_RE.match(tokens[1]) else "0"
        elif first == "placeat" and len(tokens) >= 3:
            ends = (_origin(tokens[1], number, warnings), _origin(tokens[2], number, warnings))
            place_at = (ends[0], ends[1]) if ends[0] and ends[1] else None
        elif _NAME_RE.match(first) or re.match(r"^[a-z]+$", first):
            rest = raw.strip()[len(tokens[0]):].split(";")
            if ";" not in raw:
                continue                  # prose, not an overlay's origins
            origins = tuple(_origin(p, number, warnings) if p.strip() else None for p in rest[:6])
            lines[first] = origins + (None,) * (6 - len(origins))
    return lines, version, place_at


def _origin(text: str, number: int, warnings: list[str]) -> str | None:
    """A hex name of an origin, lower case, on a board's columns and rows (else None, warned)."""
    name = text.strip().lower()
    m = _HEX_RE.match(name)
    if m is None or not (m.group(2) == "" or m.group(1) <= "g") \
            or abs(int(m.group(3))) > MAX_ORIGIN_ROW:
        if len(warnings) < 10:
            warnings.append(f"overlay file: line {number} of its data file gives "
                            f"{text.strip()[:20]!r}, not a hex of a board: that orientation "
                            "cannot be laid")
        return None
    return name


def check_source(source: Any, path: str) -> str:
    """``source`` if it is written as an overlay archive's source, else SetupError."""
    if not isinstance(source, str) or not SOURCE_RE.match(source):
        raise SetupError(f"{path}: not the name of an overlay file this app writes "
                         "(\"vasl-ovr:X:2:\" and 16 hex digits): the link or file is damaged")
    return source
