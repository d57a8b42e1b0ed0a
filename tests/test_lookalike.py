"""Sides and ids that look alike (issue 24, item 5; pycore.setup.lookalike).

What a player sees on screen is what the rules compare: a side or id holding a
character that shows nothing or turns text around (a zero-width space, a
right-to-left override) reads as it looks, saying so; another form of the same
letters (fullwidth) is the same name; and a side spelt with a Cyrillic or Greek
letter that looks Latin is another side, flagged in words. For links, files
(``load_setup``), the page's check of an edit (``validate``) and what a player
types in the unit editor (``typed_name``).
"""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import api, share
from pycore.errors import SetupError
from pycore.setup.lookalike import INVISIBLE
from pycore.setup import load_setup
from tests.strategies import SETUP_CHARACTERS, setups
from web import bridge

ZWSP, RLO, FULLWIDTH_G, CYRILLIC_E, GREEK_ALPHA = "\u200b", "\u202e", "\uff47", "\u0435", "\u03b1"
# Every character pycore.setup.lookalike reads away: zero-width, bidi, fillers, selectors, tags.
INVISIBLES = [chr(c) for span in (range(0x10000), range(0x1D100, 0x1D200), range(0xE0000, 0xE0200))
              for c in span if INVISIBLE.fullmatch(chr(c))]


def squad(uid, side, hex_, **more):
    return {"id": uid, "side": side, "type": "squad", "hex": hex_, **more}


def setup(*units):
    return {"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 8},
            "hexes": {"C3": {"terrain": "woods"}}, "hexsides": {"E3-F3": "wall"},
            "units": list(units)}


def across_the_wall(side):
    """g1 (German, WA over the E3-F3 wall) and g2 of ``side`` across it."""
    return setup(squad("g1", "German", "E3", wa=True), squad("g2", side, "F3"),
                 squad("r1", "Russian", "F5"))


def call(name, *args):
    return json.loads(bridge.call(name, json.dumps(list(args))))


def old_link(obj):
    """The link a release before issue 24 made of this setup (it took any text)."""
    return share._pack(obj)


# --- a side that reads as it looks -------------------------------------------------

@pytest.mark.parametrize("side", ["Germ\u200ban", "\u202eGerman", "German\u00ad", "\ufeffGerman",
                                  "\uff27\uff45\uff52\uff4d\uff41\uff4e"],
                         ids=["zero-width-space", "rtl-override", "soft-hyphen", "bom", "fullwidth"])
def test_a_side_that_looks_like_German_is_German_so_g1s_WA_does_not_deny_it_B9_321(side):
    # Enemies across a wall: the first to hold WA denies it to the other (B9.321).
    # On screen g2 reads "German": it is g1's friend, and must claim WA too (B9.323).
    wa = api.wall_advantage(across_the_wall(side))["units"]["g2"]
    assert wa["has"] and wa["eligible"] and wa["reason"] is None


def test_a_side_with_a_zero_width_space_opens_as_German_naming_the_field():
    loaded = load_setup(across_the_wall("Germ\u200ban"))
    assert loaded.to_dict()["units"][1]["side"] == "German"
    assert any("units[1].side" in n and "zero width space" in n for n in loaded.notices)


# --- ids that read as they look ---------------------------------------------------

def test_an_rtl_override_that_showed_1g_as_g1_is_removed_and_the_id_named():
    loaded = load_setup(setup(squad(RLO + "1g", "German", "C1"), squad("r1", "Russian", "C5")))
    assert [u["id"] for u in loaded.to_dict()["units"]] == ["1g", "r1"]
    assert any("units[0].id" in n and "right-to-left override" in n for n in loaded.notices)


@pytest.mark.parametrize("twin", ["g1" + ZWSP, "g\u200d1", FULLWIDTH_G + "1", "\u2066g1\u2069"])
def test_two_ids_that_look_the_same_in_a_file_are_refused_naming_the_field(twin):
    with pytest.raises(SetupError, match=r"^units\[1\]\.id: duplicate unit id"):
        load_setup(setup(squad("g1", "German", "C1"), squad(twin, "German", "E1")))


def test_an_edit_giving_a_unit_the_id_of_another_in_fullwidth_is_refused_naming_the_unit():
    # The page's check of an edit (store.check -> validate) refuses it: the
    # player is told which unit, in their words.
    out = call("validate", setup(squad("g1", "German", "C1"), squad(FULLWIDTH_G + "1", "German", "E1")))
    assert out["kind"] == "SetupError"
    assert out["player"].startswith(f"unit {FULLWIDTH_G}1: duplicate unit id")
    assert "reads the same as 'g1'" in out["player"]


@pytest.mark.parametrize("asked", ["g1" + ZWSP, FULLWIDTH_G + "1", "\u202ag1\u202c"])
def test_a_unit_asked_by_an_id_that_reads_g1_is_g1(asked):
    s = setup(squad("g1", "German", "C1"), squad("r1", "Russian", "C5"))
    ruling = api.los(s, asked, "r1")
    assert ruling["los"] is False and ruling["blocked_at"] == "C3"    # A6.2: the woods


# --- links made before issue 24 keep opening ------------------------------------------

def test_an_old_link_with_ids_g1_and_g1_zero_width_opens_with_the_second_renamed_and_its_question():
    obj = setup(squad("g1", "German", "E1"), squad("g1" + ZWSP, "German", "C1"),
                squad("r1", "Russian", "C5"))
    obj["question"] = {"tool": "los", "viewer": "g1" + ZWSP, "target": "r1"}
    opened = share.read(old_link(obj))
    assert [u["id"] for u in opened["setup"]["units"]] == ["g1", "g1 (2)", "r1"]
    assert opened["question"]["viewer"] == "g1 (2)"           # still the unit in C1
    assert api.los(opened["setup"], "g1 (2)", "r1")["blocked_at"] == "C3"
    said = call("share_read", old_link(obj))["ok"]["warnings"]
    assert said == ["Unit g1 (2): its id read the same as g1's, so it was renamed g1 (2)."]


def test_an_old_link_whose_id_is_only_a_zero_width_space_opens_with_a_visible_id():
    obj = setup(squad(ZWSP, "German", "C1"), squad("r1", "Russian", "C5"))
    opened = share.read(old_link(obj))
    assert opened["setup"]["units"][0]["id"] == "unit (2)"
    assert any("units[0].id" in w and "showed nothing" in w for w in opened["warnings"])


# --- a side that looks like another but is not --------------------------------------------

@pytest.mark.parametrize("side, letters", [
    (f"G{CYRILLIC_E}rman", f"its {CYRILLIC_E} is a Cyrillic letter"),
    (f"Germ{GREEK_ALPHA}n", f"its {GREEK_ALPHA} is a Greek letter"),
])
def test_a_side_spelt_with_a_cyrillic_or_greek_look_alike_is_flagged_when_a_link_opens(side, letters):
    said = call("share_read", old_link(across_the_wall(side)))["ok"]["warnings"]
    assert said == [f"{side} looks like German but is a different side ({letters})."]
    # ...and it is another side, as the rules have always read it (B9.321).
    assert not api.wall_advantage(across_the_wall(side))["units"]["g2"]["has"]


def test_sides_that_only_differ_in_case_or_that_plainly_differ_are_not_flagged():
    obj = setup(squad("g1", "German", "C1"), squad("g2", "german ", "E1"),
                squad("r1", "\u0420\u0443\u0441\u0441\u043a\u0438\u0435", "C5"),  # Русские
                squad("r2", "\u0413\u0415\u0420\u041c\u0410\u041d", "E5"))  # ГЕРМАН, in Cyrillic
    obj["units"].append(squad("g3", f"G{CYRILLIC_E}rman", "G1"))
    assert share.read(old_link(obj))["warnings"] == [
        f"G{CYRILLIC_E}rman looks like German but is a different side "
        f"(its {CYRILLIC_E} is a Cyrillic letter)"]


# --- what a player types in the unit editor ------------------------------------------

def test_a_side_typed_with_a_zero_width_space_is_German_and_the_player_is_told():
    s = setup(squad("g1", "German", "C1"))
    out = call("typed_name", s, "side", "Germ" + ZWSP + "an")["ok"]
    assert out["text"] == "German"
    assert out["warnings"] == ["The side you typed held characters that show nothing or turn "
                               "text around (zero width space); they were removed."]


def test_a_look_alike_side_typed_in_the_unit_editor_gets_the_warning():
    s = setup(squad("g1", "German", "C1"))
    out = call("typed_name", s, "side", f"G{CYRILLIC_E}rman")["ok"]
    assert out == {"text": f"G{CYRILLIC_E}rman", "warnings": [
        f"G{CYRILLIC_E}rman looks like German but is a different side "
        f"(its {CYRILLIC_E} is a Cyrillic letter)."]}
    # On an empty map, against the side chips the page offers.
    empty = setup()
    out = call("typed_name", empty, "side", f"G{CYRILLIC_E}rman", ["German", "Russian"])["ok"]
    assert "looks like German" in out["warnings"][0]
    assert call("typed_name", empty, "side", "Finnish", ["German", "Russian"])["ok"]["warnings"] == []


def test_an_id_typed_as_another_form_of_an_existing_id_reads_as_that_id():
    # The page then says "There is already a unit g1" (static/ui/unittool.js).
    s = setup(squad("g1", "German", "C1"))
    assert call("typed_name", s, "id", FULLWIDTH_G + "1")["ok"]["text"] == "g1"
    assert call("typed_name", s, "id", RLO + "g2")["ok"] == {"text": "g2", "warnings": [
        "The id you typed held characters that show nothing or turn text around "
        "(right-to-left override); they were removed."]}


# --- the law: an invisible character changes nothing but a warning ---------------------------

@st.composite
def hidden_in_a_name(draw):
    """A setup, and a copy with invisible characters put anywhere in its sides and ids."""
    original = draw(setups(min_units=1, max_units=4))
    hidden = copy.deepcopy(original)
    fields = set()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(hidden["units"]) - 1))
        field = draw(st.sampled_from(["id", "side"]))
        text = hidden["units"][i][field]
        at = draw(st.integers(0, len(text)))
        hidden["units"][i][field] = text[:at] + draw(st.sampled_from(INVISIBLES)) + text[at:]
        fields.add(f"units[{i}].{field}")
    return original, hidden, fields


@settings(max_examples=150, deadline=None)
@given(hidden_in_a_name())
def test_an_invisible_character_anywhere_in_a_side_or_id_gives_the_same_setup_and_a_warning(case):
    original, hidden, fields = case
    want = load_setup(original).to_dict()
    loaded = load_setup(hidden)                              # a file, an autosave, an edit
    assert loaded.to_dict() == want
    assert all(any(f in n for n in loaded.notices) for f in fields)
    opened = share.read(old_link(hidden))                     # a link an earlier release made
    assert opened["setup"] == want
    assert all(any(f in w for w in opened["warnings"]) for f in fields)


@settings(max_examples=100, deadline=None)
@given(st.text(SETUP_CHARACTERS, min_size=1, max_size=8),
       st.lists(st.tuples(st.integers(0, 8), st.sampled_from(INVISIBLES)), min_size=1, max_size=3))
def test_a_side_typed_with_invisible_characters_anywhere_reads_as_typed_without_them(side, inserts):
    side = INVISIBLE.sub("", side)
    typed = side
    for at, c in inserts:
        typed = typed[:at] + c + typed[at:]
    out = call("typed_name", setup(), "side", typed)["ok"]
    assert out["text"] == side
    assert out["warnings"][0].startswith("The side you typed held characters that show nothing")


# --- a setup file says what reading it changed, as a link does ------------------------------

def test_a_setup_file_with_a_zero_width_space_and_a_look_alike_side_says_both():
    obj = across_the_wall(f"G{CYRILLIC_E}rman")
    obj["units"][0]["side"] = "Germ" + ZWSP + "an"
    opened = call("file_read", json.dumps(obj))["ok"]
    assert opened["setup"]["units"][0]["side"] == "German"
    said = opened["warnings"]
    assert len(said) == 2 and all(w.endswith(".") for w in said), said
    assert "zero width space" in said[0]
    assert said[1].startswith(f"G{CYRILLIC_E}rman looks like German but is a different side")


def test_a_plain_setup_file_opens_without_a_word():
    opened = call("file_read", json.dumps(across_the_wall("German")))["ok"]
    assert opened["warnings"] == [] and opened["setup"]["units"][0]["side"] == "German"
