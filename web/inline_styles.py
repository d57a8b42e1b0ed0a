"""The `<style>` texts the page shows, for its Content-Security-Policy.

The map, its preview and the ruling card are SVG documents that carry their own
style sheet, so an exported SVG or PNG looks as it does on screen. The page's
policy allows no inline style but these texts, by hash: `build.py` writes
``csp_sources()`` into the policy's ``style-src``. None of them depends on the
setup (``tests/test_inline_styles.py`` checks every `<style>` drawn is one of
them, and that nothing drawn has a ``style`` attribute, which no hash allows).
"""
from __future__ import annotations

import base64
import hashlib

from . import mapstyle, preview
from .card import MAP_ID_PREFIX


def texts() -> list[str]:
    """The map's sheet (``web.render``), the preview's (``web.preview``) and the
    ruling card's: the map's sheet with the card's map's ids (``web.card``)."""
    sheet = mapstyle.stylesheet()
    return [sheet, preview.STYLE, sheet.replace("url(#", f"url(#{MAP_ID_PREFIX}")]


def csp_sources() -> list[str]:
    """Each text's CSP hash source, ``'sha256-...'``."""
    return [f"'sha256-{base64.b64encode(hashlib.sha256(t.encode()).digest()).decode()}'"
            for t in texts()]
