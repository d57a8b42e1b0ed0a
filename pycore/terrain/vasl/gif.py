"""An overlay's GIF image decoded to palette indices, with its size checked
first (docs/hostile-files.md).

The decoding is Pillow's (a maintained decoder; CPython and Pyodide both have
it), imported with the first overlay, never with the rules. Before Pillow
sees a byte, ``check`` walks the GIF's blocks (header, colour tables,
extensions, image descriptors and their data sub-blocks, standard library
only) and refuses a file that claims more than ``MAX_SIDE`` pixels a side or
``MAX_PIXELS`` in all, holds more than ``MAX_FRAMES`` images, or ends before
its first image's data does: what would make a decoder allocate or wait.
"""
from __future__ import annotations

import io
import struct
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
        raise SetupError("overlay file: this copy of the app has no image decoder (Pillow) "
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


def cached(cache: dict[str, Indexed], files: dict[str, bytes], member: str) -> Indexed:
    """Member ``member`` of ``files`` decoded once, kept in ``cache``."""
    got = cache.get(member)
    if got is None:
        got = cache[member] = decode(files[member], member)
    return got
