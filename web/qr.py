"""QR codes for share links, drawn by segno (a kept, pure-Python library; the
wheel is pinned in build.py and shipped with the site, so this works offline).

``qr_svg(text)`` is an SVG document string: black modules on white, with the
four-module quiet zone a phone camera needs. Error correction M survives a
printed card with a crease or a smudge.
"""
from __future__ import annotations

import io
from typing import Any

from pycore.errors import SetupError

# A share link is at most pycore.limits.MAX_LINK_CHARS long, but a QR code
# holds at most 2,331 bytes at level M; past that there is no code to show.
MAX_QR_BYTES = 2331


def qr_code(text: Any):
    import segno
    if not isinstance(text, str) or not text:
        raise SetupError("qr: expected the text of a link")
    size = len(text.encode("utf-8"))
    if size > MAX_QR_BYTES:
        raise SetupError(f"qr: this link is too long for a QR code ({size} bytes; "
                         f"at most {MAX_QR_BYTES}); share it as text")
    return segno.make(text, error="m", micro=False, boost_error=False)


def qr_svg(text: Any) -> str:
    """The QR code of ``text`` as a standalone SVG document string: one unit
    per module, a viewBox and no size, so the page or the card scales it."""
    out = io.BytesIO()
    qr_code(text).save(out, kind="svg", xmldecl=False, svgns=True, omitsize=True,
                       scale=1, border=4, dark="#000", light="#fff", nl=False,
                       title="QR code of the share link", svgclass="qr")
    return out.getvalue().decode("utf-8")
