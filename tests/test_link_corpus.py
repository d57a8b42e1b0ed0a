"""Link compatibility forever (issue 4 of issue 5; docs/contract.md "Share links").

tests/data/links.json holds version-1 share links covering every feature of
the setup format, each with rulings reasoned from the rules text. Every old
link must still open to the same setup and give the same rulings: a change
that breaks one fails here. The links are never regenerated (see
tests/data/make_links.py).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycore import share
from pycore.setup import load_setup

CORPUS = json.loads((Path(__file__).parent / "data" / "links.json").read_text("utf-8"))
ENTRIES = CORPUS["links"]
CHECKS = [(entry, check) for entry in ENTRIES for check in entry["checks"]]


def _place(name, names):
    """A hex, hexside or vertex name as a comparable value (any order)."""
    if name is None:
        return None
    parts = name.split("-")
    parse = {1: names.parse_hex, 2: names.parse_hexside, 3: names.parse_vertex}[len(parts)]
    return parse(name)


def _hexsides(sides, names):
    return {names.parse_hexside(n) for n in sides}


def _compare(key, want, got, where, names):
    if key == "blocked_at":
        assert _place(got.get(key), names) == _place(want, names), \
            f"{where}: blocked_at {got.get(key)!r}"
    elif key == "rule" and isinstance(want, list):
        assert got.get(key) in want, f"{where}: rule {got.get(key)!r}, want one of {want}"
    elif key in ("sources_include", "sources_exclude"):
        sources = {opt["source"] for opt in got["tem_options"]}
        for source in want:
            assert (source in sources) == (key == "sources_include"), \
                f"{where}: TEM sources {sorted(sources)}"
    elif key == "hexsides":
        assert _hexsides(got[key], names) == _hexsides(want, names), f"{where}: hexsides {got[key]}"
    elif key == "problems":
        assert bool(got["problems"]) == (want == "some"), f"{where}: {got['problems']}"
    elif key in ("units", "hexes"):
        for name, sub in want.items():
            for subkey, subwant in sub.items():
                _compare(subkey, subwant, got[key][name], f"{where} {key}[{name}]", names)
    else:
        assert got.get(key) == want, f"{where}: {key} is {got.get(key)!r}, want {want!r}"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_old_link_opens_to_the_same_setup(entry):
    # ``opens_as``: a link made before issue 14 whose text today's setups refuse
    # opens repaired (pycore.share.oldlinks); every other link opens to its source.
    want = entry.get("opens_as", entry["source"])
    assert share.decode(entry["link"]) == load_setup(want).to_dict()


WARNED = [e for e in ENTRIES if "warns" in e]


@pytest.mark.parametrize("entry", WARNED, ids=[e["name"] for e in WARNED])
def test_a_link_made_before_issue_14_opens_saying_what_changed(entry):
    """Issue 24: links made by earlier releases' own code (control characters in
    their text, maps over today's hex cap) open, with a warning naming the field."""
    warnings = share.read(entry["link"])["warnings"]
    for field in entry["warns"]:
        assert any(field in w for w in warnings), (field, warnings)
    assert all(not any(ord(c) < 32 for c in w) for w in warnings)


def test_the_five_links_issue_24_names_are_in_the_corpus():
    names = {e["name"] for e in WARNED}
    assert {"before-issue-14-map-132x40", "before-issue-14-map-66x80",
            "before-issue-14-tab-in-a-unit-name", "before-issue-14-newline-in-an-id",
            "before-issue-14-newline-in-an-unknown-field"} <= names


@pytest.mark.parametrize("entry, check", CHECKS, ids=[
    f"{e['name']}:{c['call']}({','.join(map(str, c['args']))})#{i}"
    for i, (e, c) in enumerate(CHECKS)])
def test_old_link_keeps_its_ruling(entry, check):
    from pycore import api
    setup = share.decode(entry["link"])
    result = getattr(api, check["call"])(setup, *check["args"])
    names = load_setup(setup).names  # board-prefixed names on a layout
    for key, want in check["expect"].items():
        _compare(key, want, result, f"{entry['name']} {check['why']}", names)


def _features(source) -> set:
    """What a setup exercises: terrain, levels, hexside types and flags, unit
    types and flags, traced points, extra fields."""
    found = set()
    for entry in source.get("hexes", {}).values():
        found.add(("terrain", entry.get("terrain", "open")))
        found |= {("hex", key) for key in entry if key != "terrain"}
    for value in source.get("hexsides", {}).values():
        value = {"type": value} if isinstance(value, str) else value
        found.add(("hexside", value["type"]))
        found |= {("hexside-flag", k) for k, v in value.items() if k != "type" and v}
    for unit in source.get("units", []):
        found.add(("unit", unit["type"]))
        found |= {("unit-field", k) for k in unit if k not in ("id", "side", "type", "hex")}
        if "wa" in unit:
            found.add(("wa", unit["wa"]))
    known = {"format", "version", "map", "hexes", "hexsides", "units"}
    found |= {("extra", "setup") for k in source if k not in known}
    found |= {("extra", "map") for k in source["map"]
              if k not in ("columns", "rows", "board", "boards")}
    for row in source["map"].get("boards", []):
        found.add(("map", "boards"))
        found |= {("map", "flip") for b in row if isinstance(b, dict) and b.get("flip")}
    return found


def test_corpus_covers_every_feature_of_version_1():
    covered = set().union(*(_features(e["source"]) for e in ENTRIES))
    required = (
        {("terrain", t) for t in ("woods", "brush", "grain", "orchard", "building",
                                  "stone-building", "marsh", "shellholes", "gully")}
        | {("hex", "level"), ("hex", "levels")}
        | {("hexside", t) for t in ("wall", "hedge", "bocage")}
        | {("hexside-flag", "hillside"), ("hexside-flag", "gap")}
        | {("unit", t) for t in ("squad", "halfsquad", "crew", "leader", "hero",
                                 "vehicle", "wreck", "gun")}
        | {("unit-field", f) for f in ("level", "broken", "unarmed", "entrenched",
                                       "concealed", "hidden", "pinned", "crest",
                                       "burning", "moved", "dug_in", "bypass",
                                       "vertex", "wa", "armored")}
        | {("wa", True), ("wa", False), ("extra", "setup"), ("extra", "map")}
        | {("map", "boards"), ("map", "flip")}
    )
    assert required <= covered, sorted(required - covered)


def test_every_ruling_cites_a_rule():
    for entry, check in CHECKS:
        assert any(c.isdigit() for c in check["why"]), (entry["name"], check["why"])


QUESTIONS = [e for e in ENTRIES if "question" in e]


def test_corpus_has_links_that_carry_a_question():
    tools = {e["question"]["tool"] for e in QUESTIONS}
    targets = {type(e["question"]["target"]).__name__ for e in QUESTIONS}
    assert tools == {"los", "fire"} and targets == {"str", "dict"}
    assert any("view" in e["question"] for e in QUESTIONS)
    assert any("vertex" in e["question"]["target"] for e in QUESTIONS
               if isinstance(e["question"]["target"], dict))


@pytest.mark.parametrize("entry", QUESTIONS, ids=[e["name"] for e in QUESTIONS])
def test_a_link_keeps_its_question(entry):
    # A link whose twin ids were told apart (pycore.setup.lookalike) asks its question
    # of the unit it named, under its new id, and says so.
    opened = share.read(entry["link"])
    assert opened["setup"] == load_setup(entry.get("opens_as", entry["source"])).to_dict()
    assert opened["question"] == entry.get("question_opens_as", entry["question"])
    assert (opened["warnings"] == []) == ("warns" not in entry)
