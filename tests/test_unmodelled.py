"""A ruling says what the board draws that the app does not model (road
blocks, rubble, ...), hex by hex, where its thread crosses or ends in it; it
changes no ruling. Both ways: a thread through such a hex and one beside it,
from both ends (A6.5); the player's own entry for the hex silences it.
Archives are written by ``tests/vasl_writer.py``: no real board's data."""
from __future__ import annotations

from pycore import api
from tests.vasl_writer import board_archive

SHAPES = ({"hex": "Q6", "terrain": "road-block", "rect": (-4, -40, 4, 40), "own": True},
          {"hex": "Q4", "terrain": "rubble", "rect": (-40, -40, 40, 40), "own": True})


def board(hexes: dict | None = None) -> dict:
    source = api.import_board(board_archive({}, None, shapes=SHAPES))["source"]
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": "41", "source": source}]]},
            "hexes": hexes or {}, "hexsides": {}, "units": []}


def said(s: dict, a: str, b: str) -> set[str]:
    """The hexes whose unmodelled terrain the ruling names, the same from both ends."""
    out = []
    for v, t in ((a, b), (b, a)):
        r = api.los(s, {"hex": v}, {"hex": t})
        out.append({h for st in r["steps"] if "check it by eye" in st["text"]
                    for h in st["text"].split(":")[0].replace(" and ", ", ").split(", ")})
    assert out[0] == out[1]
    return out[0]


def test_a_thread_through_a_road_block_and_rubble_names_both():
    r = api.los(board(), {"hex": "41Q8"}, {"hex": "41Q3"})
    texts = [st["text"] for st in r["steps"]]
    assert "41Q6: the board draws Road Block (not modelled yet) there: check it by eye " \
           "(A6.1)." in texts
    assert any(t.startswith("41Q4: the board draws Stone Rubble (not modelled yet)") for t in texts)
    assert said(board(), "41Q8", "41Q3") == {"41Q6", "41Q4"}


def test_a_thread_beside_them_names_neither_and_the_players_entry_silences_one():
    assert said(board(), "41O8", "41O3") == set()
    assert said(board({"41Q6": {"terrain": "open"}}), "41Q8", "41Q3") == {"41Q4"}


def test_a_painted_map_has_nothing_unmodelled():
    s = {"format": "asl-setup", "version": 1, "map": {"boards": [["41"]]}, "hexes": {},
         "hexsides": {}, "units": []}
    assert said(s, "41Q8", "41Q3") == set()
