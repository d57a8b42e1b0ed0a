"""The app's icons, generated so that no binary lives in git."""
from __future__ import annotations

import struct
import zlib

from . import CACHE


def png(size: int) -> bytes:
    """The app icon: a flat-topped hex with a line of sight across it."""
    half = size / 2
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            dx, dy = abs(x + 0.5 - half) / half, abs(y + 0.5 - half) / half
            inside = dy <= 0.78 and dx * 0.866 + dy * 0.5 <= 0.78  # radius 0.9
            on_thread = abs((x - y) / size) < 0.035 and inside
            row += bytes((200, 40, 40)) if on_thread else (
                bytes((222, 205, 160)) if inside else bytes((38, 70, 45)))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def icons() -> dict[str, bytes]:
    cached = CACHE / "icons"
    result = {}
    for size in (192, 512):
        path = cached / f"icon-{size}.png"
        if not path.exists():
            cached.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png(size))
        result[f"icons/icon-{size}.png"] = path.read_bytes()
    return result
