"""Read a VASL board archive (``bd41``, ...) from its bytes: the board's name
and version, its building types, and the per-pixel elevation and terrain
code of its ``LOSData``. Standard library only; no I/O (the caller hands the
bytes over).

The format, as VASL's ``BoardArchive`` writes and reads it:

- the archive is a zip; ``BoardMetadata.xml`` holds ``<boardMetadata name="41"
  version="6.3" width="33" height="10">`` and ``<buildingType hexName="X1"
  buildingTypeName="Stone Building, 1 Level"/>`` elements;
- ``LOSData`` is a gzip'd Java ``ObjectOutputStream``: the header ``AC ED 00 05``,
  then the primitives in block-data records (``77`` + a 1-byte length, or ``7A``
  + a 4-byte big-endian length);
- the primitives are 4 big-endian ints (width and height in hexes, then the
  pixel grid's width and height: 33, 10, 1800, 645 for a geomorphic board;
  15, 5, 2363, 971 for a Deluxe board; 17, 20, 901, 1290 for VASL's half
  boards 1a-13b), then for each pixel column x, for each row y, a signed
  elevation byte and an unsigned terrain-code byte, then one stairway byte
  per hex.

A board's shape (``grid.Shape``) is read from that header, as VASL's
``BoardArchive.getLOSData`` reads it: a hex is the pixel grid's width over
its columns less one across, its height over its rows down. The metadata's
``width``, ``height``, ``hexWidth``, ``hexHeight`` and ``A1CenterY``, where
given, must agree with it (to the metadata's printed precision); a negative
``A1CenterX`` of a whole number of hexes makes the grid's first column a
later one (-901 on 1b-13b: column Q, as VASL names their hexes), and a
negative ``A1CenterY`` a whole number of rows above the image its first row
a later one (-612.75 on BFPDW1b-7b, the lower halves of boards 20 rows high:
their column A runs from A11, as VASL names them). A board
whose A1 is a half hex (``A1CenterY`` 0, VASL's alternate grain) or whose
columns are even in number is refused, in those words.

Every damaged or hostile file raises SetupError in a player's words, without
reading more than the caps below: the archive at most ``MAX_ARCHIVE_BYTES``
(checked from its length before anything is read or copied; the page checks
the same cap, given by the "version" query, from the file's size) and
``MAX_ENTRIES`` entries (counted in the central directory itself, whatever
the end record says), ``LOSData`` at most ``MAX_LOSDATA_BYTES`` once
unzipped, ``MAX_PAYLOAD_BYTES`` once un-gzipped and ``MAX_BLOCK_RECORDS``
block-data records, the metadata at most ``MAX_METADATA_BYTES`` and with no
document type in any encoding. docs/hostile-files.md lists them and how fast
each hostile file is refused.
"""
from __future__ import annotations

import codecs
import hashlib
import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from xml.etree import ElementTree
from xml.parsers import expat

from fractions import Fraction

from ... import limits
from ...errors import SetupError
from ...geometry.boards import BoardSize
from .grid import GEO, GRID_HEIGHT, GRID_WIDTH, Shape

COLUMNS, ROWS = 33, 10                  # a geomorphic board, in hexes
PIXELS = GRID_WIDTH * GRID_HEIGHT
STAIRWAYS = sum(ROWS + c % 2 for c in range(COLUMNS))   # one byte per hex: 346
PAYLOAD = 16 + 2 * PIXELS + STAIRWAYS
# The largest board read: a Deluxe board's grid is 2363 x 971 pixels
# (2,294,473), twice a geomorphic board's; the caps below admit a little more.
MAX_PIXELS = 2_500_000
MAX_BOARD_HEXES = 4_000                 # hexes of one board (a geomorphic board: 346)
MAX_PAYLOAD = 16 + 2 * MAX_PIXELS + MAX_BOARD_HEXES

MAX_ARCHIVE_BYTES = limits.MAX_ARCHIVE_BYTES
MAX_ENTRIES = 4096
MAX_LOSDATA_BYTES = 8_000_000           # the gzip file inside the zip (real ones: ~0.1 MB)
MAX_PAYLOAD_BYTES = MAX_PAYLOAD + MAX_PAYLOAD // 64 + 64   # with the block headers (5 per 1,024)
# Java writes block data 1,024 bytes a record (2,271 records for a geomorphic
# board); even records of 255 bytes, the most a short record holds, stay under this.
MAX_BLOCK_RECORDS = MAX_PAYLOAD // 255 + 64
MAX_METADATA_BYTES = 1_000_000
MAX_IMAGE_BYTES = 16_000_000            # the board's picture (real ones: 0.2-2 MB)
IMAGE_SUFFIXES = (".gif", ".png", ".jpg", ".jpeg")
# The encodings a document type declaration is searched in, looked up now (their
# modules imported with this one, before the page's first import: web.bridge.warm).
_DECLARATION_CODECS = tuple(codecs.lookup(c).name for c in ("utf-16-le", "utf-16-be",
                                                              "utf-32-le", "utf-32-be"))
# A copy cut short (a download or a sync that did not finish): what to do next.
_INCOMPLETE = ("board file: the file looks incomplete (LOSData, its terrain, is cut short): "
               "copy it again from its source, then import the copy")
_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,15}$")


@dataclass(frozen=True)
class Archive:
    name: str                     # the board's name: "41"
    version: str                  # "6.3"
    digest: str                   # the archive's SHA-256, hex
    elevations: bytes             # per pixel, column-major (x * GRID_HEIGHT + y), signed
    codes: bytes                  # per pixel, column-major, VASL's terrain codes
    buildings: dict[str, str]     # hex name -> VASL building type name (metadata)
    shape: Shape = GEO            # its hexes on its pixel grid (``grid.Shape``)

    @property
    def source(self) -> str:
        return f"vasl:{self.name}:{self.version}:{self.digest[:16]}"


Zipped = tuple[zipfile.ZipFile, dict[str, zipfile.ZipInfo]]   # what ``opened`` gives


def read(data: bytes, zipped: Zipped | None = None) -> Archive:
    """The archive in ``data``, or SetupError saying what is wrong with the file.
    ``zipped``: ``data`` already ``opened`` (else it is opened here)."""
    with reopened(data, zipped) as (z, members):
        los = members.get("LOSData")
        if los is None:
            raise SetupError("board file: this zip has no LOSData: it is not a VASL board "
                             "archive, or a board without terrain data")
        gz = member(z, los, MAX_LOSDATA_BYTES)
        xml = _metadata_xml(z, members)
    root = _metadata_root(xml)
    name, version, buildings = _metadata(root)
    elevations, codes, shape = _los_data(gz, name, root.attrib)
    return Archive(name, version, hashlib.sha256(data).hexdigest(), elevations, codes, buildings,
                   shape)


def image(data: bytes) -> tuple[str, bytes] | None:
    """The board's own picture in the archive, ``(file name, bytes)``, or None:
    the one the metadata's ``boardImageFileName`` names, else ``bd<name>.gif``
    or ``.png``; at most ``MAX_IMAGE_BYTES``. The rules never read it."""
    with opened(data) as zipped:
        z, members = zipped
        root = metadata(zipped)
        name, _, _ = _metadata(root)
        named = (root.get("boardImageFileName") or "").strip()
        wanted = [named] if named and "/" not in named else []
        for file in wanted + [f"bd{name}.gif", f"bd{name}.png"]:
            if file in members and file.lower().endswith(IMAGE_SUFFIXES):
                return file, member(z, members[file], MAX_IMAGE_BYTES)
    return None


def reopened(data: bytes, zipped: Zipped | None) -> AbstractContextManager[Zipped]:
    """``zipped`` as it is (``data`` already ``opened`` by the caller), else ``data`` opened."""
    return opened(data) if zipped is None else nullcontext(zipped)


@contextmanager
def opened(data: bytes) -> Iterator[Zipped]:
    """The archive's zip and its members by file name (folders dropped); a
    damaged zip, or anything but bytes, raises SetupError. The one guarded door
    to every VASL zip read (boards, their colours, overlay archives): read its
    members with ``member``."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SetupError("board file: expected the file's bytes")
    check_size(memoryview(data).nbytes)          # before the bytes are copied or read
    data = bytes(data)
    _check_directory(data)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            yield z, {info.filename.rsplit("/", 1)[-1]: info for info in z.infolist()}
    except SetupError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError,
            OSError, ValueError, zlib.error, RuntimeError) as e:
        raise SetupError(f"board file: the zip archive is damaged ({_why(e)}): copy the file "
                         "again from its source, then import the copy") from None


def check_size(size: int) -> None:
    """SetupError if a file of ``size`` bytes is too big to be a board archive."""
    if size > MAX_ARCHIVE_BYTES:
        raise SetupError(f"board file: it is {_megabytes(size)}, too big for a VASL board "
                         f"archive (at most {MAX_ARCHIVE_BYTES // 1_000_000} MB): it is "
                         "another kind of file; import the board's own bdNN file")


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:,.1f} MB"


def metadata(zipped: Zipped) -> ElementTree.Element:
    """A board archive's BoardMetadata.xml, parsed guardedly (no document type,
    no entities), from its zip (``opened``): what pycore.terrain.vasl.ssrart
    reads a board's SSR art from. SetupError if it is missing or unsound."""
    return _metadata_root(_metadata_xml(*zipped))


def _metadata_xml(z: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo]) -> bytes:
    meta = members.get("BoardMetadata.xml")
    if meta is None:
        raise SetupError("board file: this zip has no BoardMetadata.xml (the board's "
                         "name and version): it is not a VASL board archive VASL 6 reads")
    return member(z, meta, MAX_METADATA_BYTES)


def _why(e: Exception) -> str:
    text = str(e).strip() or type(e).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _check_directory(data: bytes) -> None:
    """A zip at all, with a sane number of entries, before ``zipfile`` reads its
    whole central directory. The entries are counted in the directory itself,
    as ``zipfile`` will walk it (the ``size_cd`` bytes before the end record),
    never taken from the end record's count: a 56 MB directory of 1.2 million
    entries whose end record says 2 took 18 s to read."""
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 65_557))
    if end < 0 or len(data) < end + 22:
        raise SetupError(_not_a_zip(data))
    entries, size_cd, offset_cd = struct.unpack_from("<HII", data, end + 10)
    if entries >= MAX_ENTRIES:
        raise SetupError(_too_many())
    if 0xFFFFFFFF in (size_cd, offset_cd) or entries == 0xFFFF:
        raise SetupError("board file: this zip is in the 4 GB (Zip64) format no VASL board "
                         "archive uses: it is another kind of file; import the board's own "
                         "bdNN file")
    at, stop, count = end - size_cd, end, 0
    if at < 0:
        raise SetupError(_cut_short())
    while at < stop:
        if data[at:at + 4] != b"PK\x01\x02" or at + 46 > stop:
            raise SetupError("board file: the zip archive is damaged (its list of files is "
                             "broken): copy the file again from its source")
        count += 1
        if count >= MAX_ENTRIES:
            raise SetupError(_too_many())
        n, m, k = struct.unpack_from("<HHH", data, at + 28)
        at += 46 + n + m + k


def _too_many() -> str:
    return (f"board file: the zip holds {MAX_ENTRIES} or more files, too many for a VASL board "
            "archive: it is another kind of file; import the board's own bdNN file")


def _not_a_zip(data: bytes) -> str:
    """Why bytes without a zip's end record are refused: a zip's beginning
    means the copy was cut short, anything else is another kind of file."""
    if data[:4] == b"PK\x03\x04":
        return _cut_short()
    return ("board file: this is not a VASL board archive (not a zip file): import the "
            "board's own file (bd41, bd42, ... from VASL's boards folder)")


def _cut_short() -> str:
    return ("board file: the file looks incomplete (not a zip file: it ends before the zip's "
            "list of files): copy it again from its source, then import the copy")


def member(z: zipfile.ZipFile, info: zipfile.ZipInfo, cap: int) -> bytes:
    """A member's bytes, refusing to unzip more than ``cap`` (whatever its header says)."""
    what = info.filename.rsplit("/", 1)[-1]
    if info.file_size > cap:
        raise SetupError(f"board file: {what} would unzip to {info.file_size:,} bytes, far "
                         f"more than a board's (a zip bomb?)")
    with z.open(info) as f:
        out = f.read(cap + 1)
    if len(out) > cap:
        raise SetupError(f"board file: {what} unzips to more than {cap:,} bytes, far more than "
                         "a board's (a zip bomb?)")
    return out


def _metadata_root(xml: bytes) -> ElementTree.Element:
    if b"<!DOCTYPE" in xml or b"<!ENTITY" in xml or _declares_doctype(xml):
        raise SetupError("board file: BoardMetadata.xml declares a document type or entities, "
                         "which a board's metadata never does: it is not a VASL board's file")
    try:
        root = ElementTree.fromstring(xml)
    except (ElementTree.ParseError, ValueError, LookupError, UnicodeError) as e:
        raise SetupError(f"board file: BoardMetadata.xml is damaged ({_why(e)})") from None
    if root.tag != "boardMetadata":
        raise SetupError("board file: BoardMetadata.xml is not a VASL board's metadata")
    return root


class _Doctype(Exception):
    pass


def _doctype(*_: object) -> None:
    raise _Doctype


def _declares_doctype(xml: bytes) -> bool:
    """True if ``xml`` declares a document type or an entity, in whatever
    encoding it is written (a UTF-16 entity bomb hides from a byte search;
    docs/hostile-files.md): its text read as each encoding a declaration could be in is
    searched, then expat, which stops at the declaration, before any entity
    is defined, has the last word."""
    for codec in _DECLARATION_CODECS:
        text = xml.decode(codec, errors="replace")
        if "<!DOCTYPE" in text or "<!ENTITY" in text:
            return True
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _doctype
    parser.EntityDeclHandler = _doctype
    try:
        parser.Parse(xml, True)
    except _Doctype:
        return True
    except (expat.ExpatError, ValueError, LookupError, UnicodeError):
        return False        # damaged otherwise: ElementTree says how
    return False


def _metadata(xml: bytes | ElementTree.Element) -> tuple[str, str, dict[str, str]]:
    """The board's name, version and building types (hex name: type name)."""
    root = _metadata_root(xml) if isinstance(xml, bytes) else xml
    fields = {}
    for key in ("name", "version"):
        value = (root.get(key) or "").strip()
        if not _NAME_RE.match(value):
            raise SetupError(f"board file: BoardMetadata.xml's board {key} {value[:20]!r} is not "
                             "1 to 16 letters, digits, dots or dashes")
        fields[key] = value
    buildings = {}
    types = root.find("buildingTypes")
    for element in types.iter("buildingType") if types is not None else ():
        hex_name, kind = element.get("hexName"), element.get("buildingTypeName")
        if hex_name and kind and len(hex_name) <= 8 and len(kind) <= 64:
            buildings[hex_name.strip().upper()] = kind.strip()
    return fields["name"], fields["version"], buildings


def _inflate(gz: bytes) -> bytes:
    """The gzip stream un-gzipped, at most ``MAX_PAYLOAD_BYTES`` of it."""
    if gz[:2] != b"\x1f\x8b":
        raise SetupError("board file: LOSData is not gzip-compressed: it is not VASL terrain data")
    d = zlib.decompressobj(wbits=31)
    try:
        out = d.decompress(gz, MAX_PAYLOAD_BYTES + 1)
    except zlib.error as e:
        raise SetupError(f"board file: LOSData is damaged ({_why(e)}): copy the file again "
                         "from its source, then import the copy") from None
    if len(out) > MAX_PAYLOAD_BYTES:
        raise SetupError(f"board file: LOSData un-gzips to more than {MAX_PAYLOAD_BYTES:,} "
                         "bytes, more than any board's (a gzip bomb?)")
    if not d.eof:
        raise SetupError(_INCOMPLETE)
    return out


def _blocks(stream: bytes) -> bytes:
    """The primitives of a Java serialization stream that holds only block data."""
    if stream[:4] != b"\xac\xed\x00\x05":
        raise SetupError("board file: LOSData is not VASL terrain data (no Java stream header)")
    parts: list[bytes] = []
    i, n = 4, len(stream)
    while i < n:
        if len(parts) >= MAX_BLOCK_RECORDS:
            raise SetupError(f"board file: LOSData holds more than {MAX_BLOCK_RECORDS:,} records, "
                             "far more than a board's terrain: it is not a VASL board's file")
        tag = stream[i]
        if tag == 0x77 and i + 2 <= n:
            size, i = stream[i + 1], i + 2
        elif tag == 0x7A and i + 5 <= n:
            size, i = struct.unpack_from(">i", stream, i + 1)[0], i + 5
        else:
            raise SetupError("board file: LOSData holds something other than terrain data "
                             f"(record type 0x{tag:02X} at byte {i:,})")
        if size < 0 or i + size > n:
            raise SetupError(_INCOMPLETE)
        parts.append(stream[i:i + size])
        i += size
    return b"".join(parts)


def _los_data(gz: bytes, name: str = "", meta: dict[str, str] | None = None
              ) -> tuple[bytes, bytes, Shape]:
    payload = _blocks(_inflate(gz))
    if len(payload) < 16:
        raise SetupError(_INCOMPLETE)
    width, height, gw, gh = struct.unpack_from(">4i", payload)
    if not (0 < width <= 1000 and 0 < height <= 1000 and 0 < gw <= 100_000 and 0 < gh <= 100_000):
        raise SetupError(f"board file: LOSData gives an absurd board size ({width} x {height} "
                         f"hexes, {gw} x {gh} pixels): the file is damaged")
    shape = _shape(name, width, height, gw, gh, meta or {})
    hexes = sum(height + c % 2 for c in range(width))
    if len(payload) < 16 + 2 * gw * gh + hexes:
        raise SetupError(_INCOMPLETE)
    body = payload[16:16 + 2 * gw * gh]
    return body[0::2], body[1::2], shape


def _shape(name: str, width: int, height: int, gw: int, gh: int, meta: dict[str, str]) -> Shape:
    """The board's shape from LOSData's header, checked against its metadata
    (the module's docstring); SetupError says what the app cannot read."""
    board = f"board {name}" if name else "this board"
    if width * height > MAX_BOARD_HEXES or gw * gh > MAX_PIXELS or width < 3 or height < 1:
        raise SetupError(f"board file: {board} is {width} x {height} hexes on {gw} x {gh} "
                         "pixels, larger than any board VASL draws: the file is damaged")
    if width % 2 == 0:
        raise SetupError(f"board file: {board} is {width} x {height} hexes; the app reads "
                         "boards with an odd number of columns (half hexes at both ends), as "
                         "geomorphic (33 x 10) and Deluxe (15 x 5) boards have")
    for key, want in (("width", width), ("height", height)):
        given = meta.get(key)
        if given is not None and given.strip() != str(want):
            raise SetupError(f"board file: BoardMetadata.xml says {board} is {meta.get('width')} "
                             f"x {meta.get('height')} hexes, but its LOSData {width} x {height}: "
                             "the file is damaged")
    hex_w, hex_h = Fraction(gw, width - 1), Fraction(gh, height)
    first = 1
    x0, y0 = _number(meta, "A1CenterX", board), _number(meta, "A1CenterY", board)
    top = 0
    if y0 is not None and y0 == 0:
        raise SetupError(f"board file: {board}'s hex A1 is a half hex (VASL's alternate "
                         "hex grain): the app reads boards whose A1 is a whole hex only")
    if y0 is not None and y0 < 0:       # the lower half of a taller board: A1 rows above it
        rows_above = (hex_h / 2 - y0) / hex_h
        if not _agrees(Fraction(round(rows_above)) * hex_h, rows_above * hex_h) \
                or round(rows_above) > 100:
            raise SetupError(f"board file: {board}'s hex A1 lies {meta['A1CenterY'].strip()} "
                             "pixels down its image: the app reads boards whose A1 is half a "
                             "hex down, or a whole number of hexes above the image")
        top = round(rows_above)
    for key, exact in (("hexWidth", hex_w), ("hexHeight", hex_h),
                       ("A1CenterY", hex_h / 2 - top * hex_h)):
        figure = _number(meta, key, board)
        if figure is not None and not _agrees(figure, exact):
            raise SetupError(f"board file: BoardMetadata.xml gives {board} a {key} of "
                             f"{meta[key].strip()}, but its LOSData grid one of "
                             f"{float(exact):g} pixels: the app cannot place its hexes")
    if x0 is not None and x0 != 0:
        columns = -x0 / hex_w
        if x0 > 0 or not _agrees(Fraction(round(columns)), columns) or round(columns) % 2:
            raise SetupError(f"board file: {board}'s hex A1 lies {meta['A1CenterX'].strip()} "
                             "pixels across its image: the app reads boards whose first column "
                             "is at the image's edge, or a whole even number of columns beyond")
        first = 1 + round(columns)
    if first + width - 1 > 78:
        raise SetupError(f"board file: {board}'s columns run past ZZZ: the file is damaged")
    return Shape(BoardSize(width, height, first, top), gw, gh)


def _number(meta: dict[str, str], key: str, board: str) -> Fraction | None:
    """A metadata attribute as an exact number (None where it is not given)."""
    text = meta.get(key)
    if text is None or not text.strip():
        return None
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise SetupError(f"board file: BoardMetadata.xml's {key} for {board}, "
                         f"{text.strip()[:20]!r}, is not a number") from None


def _agrees(given: Fraction, exact: Fraction) -> bool:
    """Does a figure printed in the metadata agree with the exact one to
    within a hundredth of a pixel (VASL prints 56.3125, 168.7857142857)?"""
    return abs(given - exact) <= Fraction(1, 100)
