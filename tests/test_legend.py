"""The map's key (web/legend.py): every mark the map's stylesheets draw has a
swatch and words, and the swatches are drawn with the map's own classes."""
from __future__ import annotations

import re
from pathlib import Path

from pycore.terrain import catalog as terrain
from web import legend, mapstyle

PAGE_CSS = (Path(__file__).resolve().parents[1] / "static" / "style.css").read_text()
# Marks lit only for a moment while a finger is down (static/ui/strokes.js):
# never left on the map to read.
TRANSIENT = {"data-stroke"}
# A unit's colour is its side's (the key shows one: "its side's colour").
TRANSIENT |= {"data-sidx", "data-side"}


def _key_marks() -> set[tuple[str, str, str]]:
    """(class, attribute, value) of each swatch element in the key."""
    found = set()
    for cls, attrs in re.findall(r'<[a-z]+ class="(hex|hexside|los|unit|vertex)"([^>]*)>', legend.key_html()):
        found |= {(cls, a, v) for a, v in re.findall(r'(data-[a-z-]+)="([^"]*)"', attrs)}
    return found


def _marks(css: str) -> set[tuple[str, str, str | None]]:
    """(class, attribute, value or None) of each element mark a stylesheet
    draws: ``.hex[data-vis=hindered]``, ``.hexside[data-type=wall]``, ``.unit[data-broken]``."""
    return {(cls, attr, value or None) for cls, attr, value in re.findall(
        r"\.(hex|hexside|los|unit|vertex)\[(data-[a-z-]+)(?:=['\"]?([^'\"\]]+)['\"]?)?\]", css)}


def test_every_mark_the_map_draws_has_a_swatch_in_the_key():
    shown = _key_marks()
    marks = _marks(mapstyle.stylesheet()) | _marks(PAGE_CSS)
    assert len(marks) > 40, "the stylesheets' marks were found"
    missing = sorted(str(m) for m in marks if m[1] not in TRANSIENT
                     and (not any(s[:2] == m[:2] for s in shown) if m[2] is None else m not in shown))
    assert not missing, missing


def test_every_terrain_level_and_hexside_the_map_fills_is_in_the_key_with_its_rule():
    html = legend.key_html()
    for t in mapstyle.TERRAIN_FILLS:
        assert f'data-terrain="{t}"' in html
        assert f"({terrain.TERRAIN[t].rule})" in html
    for level in mapstyle.GROUND_FILLS:
        assert f'data-ground="{level}"' in html
    for t in re.findall(r"\.hexside\[data-type=([a-z-]+)\]", mapstyle.HEXSIDE_CSS):
        assert f'data-type="{t}"' in html, t


def test_no_swatch_can_be_taken_for_a_hex_hexside_vertex_or_unit_of_the_map():
    html = legend.key_html()
    for name in ("data-hex=", "data-hexside=", "data-vertex=", "data-unit=", " id="):
        assert name not in html, name
    assert html.count("<svg") == sum(len(rows) for _, rows in legend.entries())
