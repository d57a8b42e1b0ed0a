"""A SetupError's message in a player's words, for the page.

The engine's messages name the field for the API and the command line
(``units[0].level: H5 has no level 1 (its highest is 0)``); a player thinks
of "unit r1", "hex H5", "hexside Y8-Z8". This module is the page's one
translation of field paths; the engine's messages stay as they are.
"""
from __future__ import annotations

import re
from typing import Any

_UNIT = re.compile(r"\bunits\[(\d+)\](?:\.[a-z_]+)?")
_HEX = re.compile(r'\bhexes\["([^"]+)"\](?:\.[a-z_]+)?')
_HEXSIDE = re.compile(r'\bhexsides\["([^"]+)"\](?:\.[a-z_]+)?')
_BOARD = re.compile(r"\bmap\.boards\[(\d+)\]\[(\d+)\](\.flip|\.source|\.board)?")
_BOARD_ROW = re.compile(r"\bmap\.boards\[(\d+)\]")
_SOURCE = re.compile(r"^map\.(?:boards\[\d+\]\[\d+\]\.source: (?=board )"     # "board 41 (VASL 6.3) is not..."
                     r"|overlays\[\d+\]\.source: (?=overlay file ))")             # "overlay file ovrX (VASL 4)..."
_OVERLAY = re.compile(r"\bmap\.overlays\[(\d+)\](?:\.[a-z]+)?")
_FIELDS = {"map.columns": "the map's width (columns)", "map.rows": "the map's height (rows)",
           "map.boards": "the boards", "map.board": "the board label", "map": "the map"}


def player_words(message: str, setup: Any) -> str:
    """``message`` with field paths replaced by what a player calls them."""
    units = setup.get("units") if isinstance(setup, dict) else None

    def unit(m: re.Match) -> str:
        i = int(m.group(1))
        if isinstance(units, list) and i < len(units) and isinstance(units[i], dict) \
                and isinstance(units[i].get("id"), str) and units[i]["id"].isprintable():
            return f"unit {units[i]['id']}"
        return f"unit number {i + 1}"

    text = _SOURCE.sub("", _UNIT.sub(unit, message))
    text = _HEX.sub(lambda m: f"hex {m.group(1)}", text)
    text = _HEXSIDE.sub(lambda m: f"hexside {m.group(1)}", text)
    # New map of boards: the box a player typed in, by row and column.
    part = {".flip": "flip of the ", ".source": "file of the "}
    text = _BOARD.sub(lambda m: f"the {part.get(m.group(3) or '', '')}board in row "
                      f"{int(m.group(1)) + 1}, column {int(m.group(2)) + 1}", text)
    overlays = setup.get("map", {}).get("overlays") if isinstance(setup, dict) and \
        isinstance(setup.get("map"), dict) else None

    def overlay(m: re.Match) -> str:
        i = int(m.group(1))
        got = overlays[i].get("overlay") if isinstance(overlays, list) and i < len(overlays) \
            and isinstance(overlays[i], dict) else None
        return f"overlay {got.strip().upper()[:12]}" if isinstance(got, str) and got.strip().isprintable() \
            else f"overlay number {i + 1}"
    text = _OVERLAY.sub(overlay, text)
    text = _BOARD_ROW.sub(lambda m: f"row {int(m.group(1)) + 1} of boards", text)
    for field, said in _FIELDS.items():
        if text.startswith(field + ":"):
            return said + text[len(field):]
    return text
