"""Look-alike sides in the unit editor (issue 24, item 5): what a player types
is read by Python (``typed_name``, pycore/setup/lookalike.py) and what it found is on
screen. Taps at screen positions; ``window.asl`` only reads the outcome."""
from __future__ import annotations

import json

from tests.browser.test_ui_steps import hex_sel, setup_of

CYRILLIC_E = "\u0435"


def test_a_look_alike_side_typed_in_the_unit_editor_is_flagged_and_a_zero_width_space_removed(player):
    p, page = player, player.page
    p.tap("button[data-tool=unit]")
    p.tap(hex_sel("E3"))                                   # a German squad (the first chip)
    p.tap(hex_sel("F3"))                                   # another, selected in the editor
    page.wait_for_function("() => window.asl.getSetup().units.length === 2")
    second = setup_of(page)["units"][1]["id"]
    page.fill("#ue-side", f"G{CYRILLIC_E}rman")
    page.press("#ue-side", "Enter")
    page.wait_for_function("() => !document.querySelector('#message').hidden && "
                           "document.querySelector('#message-text').textContent.includes('looks like')")
    assert page.inner_text("#message-text") == (
        f"G{CYRILLIC_E}rman looks like German but is a different side "
        f"(its {CYRILLIC_E} is a Cyrillic letter).")
    page.wait_for_function("(id) => window.asl.getSetup().units.find(u => u.id === id).side "
                           "=== 'G\u0435rman'", arg=second)
    # Typed with a zero-width space, the side is German again, and the player is told.
    page.fill("#ue-side", "Germ\u200ban")
    page.press("#ue-side", "Enter")
    page.wait_for_function("(id) => window.asl.getSetup().units.find(u => u.id === id).side "
                           "=== 'German'", arg=second)
    assert page.inner_text("#message-text").startswith(
        "The side you typed held characters that show nothing or turn text around "
        "(zero width space)")
    assert page.input_value("#ue-side") == "German"


def test_a_setup_file_with_a_zero_width_space_in_a_side_opens_and_says_it_was_removed(player, tmp_path):
    page = player.page
    setup = {"format": "asl-setup", "version": 1, "map": {"columns": 8, "rows": 6},
             "units": [{"id": "g1", "side": "Germ\u200ban", "type": "squad", "hex": "C3"},
                       {"id": "r1", "side": "Russian", "type": "squad", "hex": "E3"}]}
    path = tmp_path / "zero-width.json"
    path.write_text(json.dumps(setup), encoding="utf-8")
    page.set_input_files("#import", str(path))
    page.wait_for_function("() => window.asl.getSetup().units.length === 2")
    assert setup_of(page)["units"][0]["side"] == "German"
    page.wait_for_function("() => document.querySelector('#message-text').textContent"
                           ".includes('zero width space')")
    said = page.inner_text("#message-text")
    assert said.startswith("Opened the file zero-width.json.") and "units[0]" not in said, said
