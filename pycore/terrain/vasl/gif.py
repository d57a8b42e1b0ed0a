"""An overlay's GIF image, or a board's own SSR art's, decoded to palette
indices, with its size checked first (docs/hostile-files.md).

One interface, two decoders, both well kept, none written here:

- in CPython, Pillow (``decode``), imported with the first overlay, never
  with the rules;
- in the page, the browser's own: the site's Pyodide has no Pillow, so
  ``decode`` raises ``NoDecoder``, the overlay archive asks for the image's
  pixels (``NeedsPixels``), the worker (static/worker.js) decodes the GIF with
  ``createImageBitmap`` and hands back its RGBA, and ``from_rgba`` turns them
  into the same ``Indexed`` exactly: the palette is the distinct opaque
  colours, alpha 0 the transparent index.

Before any decoder sees a byte, ``check`` walks the GIF's blocks (header,
colour tables, extensions, image descriptors and their data sub-blocks,
standard library only) and refuses a file that claims more than ``MAX_SIDE``
pixels a side or ``MAX_PIXELS`` in all, holds more than ``MAX_FRAMES``
images, or ends before its first image's data does: what would make a
decoder allocate or wait.
"""
from __future__ import annotations

import io
import struct
import sys
from array import array
from typing import NamedTuple

from ...errors import SetupError

MAX_SIDE = 4000               # real overlays: at most 1800 x 645 (a whole board)
MAX_PIXELS = 1800 * 645 * 2
MAX_FRAMES = 4                # real overlays: one image each
MAX_BLOCKS = 100_000          # data sub-blocks (255 bytes each at most)


class Indexed(NamedTuple):
    width: int
    height: int
    pixels: bytes                               # palette indices, row by row
    palette: tuple[tuple[int, int, int], ...]   # index -> (r, g, b)
    transparent: int | None                     # the transparent index, or None


class NoDecoder(SetupError):
    """This Python has no image decoder (Pillow): the page's, whose browser decodes."""


class NeedsPixels(SetupError):
    """Images to decode before the question can be answered, ``[(archive
    source, member), ...]``: the page's worker decodes them with the browser's
    own decoder, gives their pixels (``pycore.api.give_overlay_pixels``) and asks
    again. Elsewhere (CPython without Pillow) its words say what is missing."""

    def __init__(self, images: list[tuple[str, str]]) -> None:
        self.images = images
        super().__init__(f"overlay file: its images ({', '.join(m for _, m in images[:4])}) "
                         "cannot be decoded here: this copy of the app has no image decoder "
                         "(install Pillow: pip install 'asl-los[overlays]')")


def check(data: bytes, what: str) -> tuple[int, int]:
    """The GIF's size in pixels, or SetupError: not a GIF, too big, cut short."""
    if data[:6] not in (b"GIF87a", b"GIF89a") or len(data) < 13:
        raise SetupError(f"overlay file: {what} is not a GIF image: the file is damaged or "
                         "is not a VASL overlay archive")
    width, height, flags = struct.unpack_from("<HHB", data, 6)
    _size(width, height, what)
    at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    frames = blocks = 0
    while True:
        if at >= len(data):
            raise SetupError(_cut(what))
        tag = data[at]
        if tag == 0x3B:                         # the trailer
            break
        if tag == 0x21:                         # an extension: its label, then sub-blocks
            at += 2
        elif tag == 0x2C:                       # an image: its descriptor, table, LZW size
            if at + 10 > len(data):
                raise SetupError(_cut(what))
            left, top, w, h, f = struct.unpack_from("<HHHHB", data, at + 1)
            frames += 1
            if frames > MAX_FRAMES:
                raise SetupError(f"overlay file: {what} holds more than {MAX_FRAMES} images; "
                                 "an overlay's holds one: the file is not a VASL overlay's")
            _size(w, h, what)
            if left + w > width or top + h > height:
                raise SetupError(f"overlay file: {what} draws an image beyond its own edges "
                                 f"({w} x {h} at {left}, {top} in {width} x {height}): the "
                                 "file is damaged")
            at += 10 + (3 << ((f & 7) + 1) if f & 0x80 else 0) + 1
        else:
            if frames:                          # junk after the image: Pillow stops there
                break
            raise SetupError(f"overlay file: {what} is damaged (block type 0x{tag:02X} at "
                             f"byte {at:,}): copy the archive again from its source")
        while True:                             # the data sub-blocks, to the 0 that ends them
            if at >= len(data):
                raise SetupError(_cut(what))
            size = data[at]
            at += 1 + size
            blocks += 1
            if blocks > MAX_BLOCKS:
                raise SetupError(f"overlay file: {what} holds more image data than any "
                                 "overlay's: the file is not a VASL overlay's")
            if size == 0:
                break
    if not frames:
        raise SetupError(f"overlay file: {what} holds no image")
    return width, height


def _size(width: int, height: int, what: str) -> None:
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE) or width * height > MAX_PIXELS:
        raise SetupError(f"overlay file: {what} claims to be {width:,} x {height:,} pixels, "
                         "not an overlay's size: the file is damaged or hostile")


def _cut(what: str) -> str:
    return (f"overlay file: {what} is cut short (the image ends before its data does): "
            "copy the archive again from its source, then import the copy")


def decode(data: bytes, what: str) -> Indexed:
    """The GIF's first image as palette indices (``check`` first), or SetupError."""
    width, height = check(data, what)
    try:
        from PIL import Image
    except ImportError:
        raise NoDecoder("overlay file: this copy of the app has no image decoder (Pillow) "
                        "to read overlays with") from None
    try:
        with Image.open(io.BytesIO(data), formats=["GIF"]) as opened:
            im: Image.Image = opened
            if opened.size != (width, height):
                raise SetupError(f"overlay file: {what} is damaged (two different sizes)")
            opened.load()
            transparent = im.info.get("transparency")
            if im.mode == "L":
                palette = tuple((v, v, v) for v in range(256))
            else:
                if im.mode != "P":
                    im = im.convert("P")
                flat = im.getpalette() or []
                palette = tuple(tuple(flat[k:k + 3]) for k in range(0, len(flat) - 2, 3))  # type: ignore[misc]
            pixels = im.tobytes()
    except SetupError:
        raise
    except Exception as e:      # Pillow's many: OSError, SyntaxError, ValueError, EOFError...
        raise SetupError(f"overlay file: {what} cannot be decoded ({type(e).__name__}): "
                         "copy the archive again from its source") from None
    if len(pixels) != width * height:
        raise SetupError(f"overlay file: {what} is damaged (its pixels do not fill it)")
    return Indexed(width, height, pixels, palette,
                   transparent if isinstance(transparent, int) else None)


def from_rgba(data: bytes, what: str, width: int, height: int, rgba: bytes) -> Indexed:
    """The GIF ``data`` as palette indices, from the pixels a browser decoded it
    to (``width`` x ``height``, 4 bytes a pixel, not premultiplied): the palette
    is the distinct opaque colours (in the order of their values), alpha 0 the
    transparent index. ``check`` first; SetupError if the pixels are not the
    GIF's (another size, a partial alpha, more colours than a GIF holds)."""
    w, h = check(data, what)
    if (width, height) != (w, h) or len(rgba) != 4 * w * h:
        raise SetupError(f"overlay file: {what} was decoded to {width:,} x {height:,} pixels, "
                         f"not its own {w:,} x {h:,}: the file is damaged")
    words = array("I")
    assert words.itemsize == 4
    words.frombytes(bytes(rgba))
    if sys.byteorder == "big":
        words.byteswap()                        # r | g << 8 | b << 16 | alpha << 24
    table: dict[int, int] = {}
    opaque = sorted(v for v in set(words) if v >> 24 == 0xFF)
    clear = [v for v in set(words) if v >> 24 == 0]
    if len(opaque) + len(clear) != len(set(words)):
        raise SetupError(f"overlay file: {what} has partly transparent pixels, which a GIF "
                         "cannot hold: the file is damaged")
    if len(opaque) + (1 if clear else 0) > 256:
        raise SetupError(f"overlay file: {what} shows more colours than a GIF holds: the "
                         "file is damaged")
    palette = tuple((v & 0xFF, v >> 8 & 0xFF, v >> 16 & 0xFF) for v in opaque)
    table.update((v, k) for k, v in enumerate(opaque))
    transparent = len(opaque) if clear else None
    table.update((v, len(opaque)) for v in clear)
    return Indexed(w, h, bytes(map(table.__getitem__, words)), palette, transparent)


class Images:
    """An archive's GIF images (``files``, member name -> bytes), each decoded
    once into ``decoded``: by Pillow, or from the pixels the page's browser
    decoded it to (``give_pixels``); ``NeedsPixels`` where neither is at
    hand. An overlay archive's and a board's own SSR art
    (pycore.terrain.vasl.overlay, pycore.terrain.vasl.ssrart) are read alike."""
    files: dict[str, bytes]
    decoded: dict[str, Indexed]

    @property
    def source(self) -> str:
        """What the page names these images by (``NeedsPixels``)."""
        raise NotImplementedError

    @property
    def file(self) -> str:
        """The file they come from, as a player names it."""
        raise NotImplementedError

    def image(self, member: str) -> Indexed:
        got = self.decoded.get(member)
        if got is None:
            try:
                got = self.decoded[member] = decode(self._file(member), member)
            except NoDecoder:
                raise NeedsPixels([(self.source, member)]) from None
        return got

    def gif(self, member: str) -> bytes:
        """A member's GIF, checked (``check``) before any decoder is given it."""
        data = self._file(member)
        check(data, member)
        return data

    def give_pixels(self, member: str, width: int, height: int, rgba: bytes) -> None:
        """A member's image from the RGBA a browser decoded it to (``from_rgba``)."""
        self.decoded[member] = from_rgba(self._file(member), member, width, height, rgba)

    def _file(self, member: str) -> bytes:
        got = self.files.get(member) if isinstance(member, str) else None
        if got is None:
            raise SetupError(f"overlay file: {self.file} holds no image {str(member)[:40]!r}")
        return got
