"""A link waiting for a board (issues 30, 33), as a player meets it at 1280x800
with touch: the link names board 41, which the device lacks. It is kept and
listed ("waiting for bd41") across a reload; once bd41 is imported it opens
by itself only if the map on screen is still the one it found, otherwise it
is offered (Open it / Dismiss), never forced; another link or setup opened
dismisses it, saying so; the import's own words stay beside the link's; a
link whose board source is malformed is refused at once as broken. The
archives are painted by tests/vasl_writer.py (docs/hostile-files.md)."""
from __future__ import annotations

import json

import pytest

from pycore import api, share
from tests.browser.conftest import open_page, wait_ready
from tests.browser.conftest import TABLET
from tests.browser.test_ui_library import BD41, import_files, source_of
from tests.browser.test_ui_steps import paint_hex, press, setup_of
from tests.test_hostile import json_link

LINK_KEY = "asl-los.waiting-link.v1"


def board41_link(source: str) -> str:
    setup = {"format": "asl-setup", "version": 1,
             "map": {"boards": [[{"board": "41", "source": source}]]},
             "hexes": {"41Q6": {"terrain": "brush"}},
             "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "41Q4"},
                       {"id": "r1", "side": "Russian", "type": "squad", "hex": "41Q7"}]}
    return share.encode(api.load(setup), {"tool": "los", "viewer": "g1", "target": "r1"})


@pytest.fixture
def held(browser, site):
    """A tablet page opened on the link for board 41, which it lacks: the link is held."""
    link = board41_link(source_of(BD41))
    page = open_page(browser, site, goto=False, **TABLET)
    page.goto(site.url + "#" + link)
    wait_ready(page)
    said_with(page, "not on this device")
    page.wait_for_selector("#waiting-link")
    yield page, link
    page.context.close()


def said_with(page, *parts: str) -> str:
    """The message box once it holds every one of ``parts``."""
    page.wait_for_function("parts => { const m = document.getElementById('message');"
                           " return !m.hidden && parts.every((p) => m.textContent.includes(p)); }",
                           arg=list(parts))
    return page.inner_text("#message-text")


def waiting_entry(page) -> str:
    return page.inner_text("#waiting-link")


def in_view(page, selector: str) -> bool:
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }""",
                         selector)


def test_a_held_link_opens_after_the_import_with_the_imports_own_words_beside_it(held):
    """Issue 30: the import's refusal of another file was hidden by the link's
    words; both are said now, and the verdict is in view (issue 33)."""
    page, _ = held
    assert "waiting for bd41" in waiting_entry(page)
    page.locator("#board-library").scroll_into_view_if_needed()
    import_files(page, {"bd41": BD41, "notes.txt": b"not a board"})
    said = said_with(page, "Opened the setup from the share link")
    assert "Imported board 41 (VASL 6.3)" in said and "notes.txt was not imported" in said, said
    assert "Nothing else changed" in said
    page.wait_for_function("() => window.asl.getSetup().map.boards !== undefined")
    page.wait_for_selector("#los-result:not([hidden])")
    page.wait_for_function("() => document.getElementById('los-verdict').textContent.trim() !== ''")
    assert in_view(page, "#los-verdict")
    assert page.locator("#waiting-link").count() == 0
    assert page.evaluate(f"() => localStorage.getItem('{LINK_KEY}')") is None


def test_a_held_link_survives_a_reload_and_is_offered_not_forced_once_the_map_changed(held):
    """Issue 30: the old link opened over the player's own map days later. Now,
    the map changed, it waits for the player's Open it; listed meanwhile (issue 33)."""
    page, _ = held
    paint_hex(page, "E5", terrain="woods", touch=True)
    page.wait_for_function("() => window.asl.getSetup().hexes.E5 !== undefined")
    mine = setup_of(page)
    page.goto(page.url.split("#")[0])                 # reopened without the link
    wait_ready(page)
    page.wait_for_selector("#waiting-link")
    assert "waiting for bd41" in waiting_entry(page)
    assert setup_of(page) == mine
    import_files(page, {"bd41": BD41})
    said = said_with(page, "waits for bd41", "Open it")
    assert "Imported board 41 (VASL 6.3)" in said and "your map changed" in said, said
    assert page.inner_text("#message-action") == "Open it"
    assert setup_of(page) == mine                     # not taken over
    assert "ready to open" in waiting_entry(page)
    press(page, "#message-action", touch=True)
    page.wait_for_function("() => window.asl.getSetup().map.boards !== undefined")
    page.wait_for_selector("#los-result:not([hidden])")
    page.wait_for_function("() => document.getElementById('los-verdict').textContent.trim() !== ''")
    assert in_view(page, "#los-verdict")
    assert page.locator("#waiting-link").count() == 0
    page.click("#undo")                               # the player's map is one Undo away
    page.wait_for_function("() => window.asl.getSetup().map.boards === undefined")
    assert setup_of(page)["hexes"] == mine["hexes"]


def test_a_waiting_link_is_dismissed_from_the_library_and_stays_dismissed(held):
    page, _ = held
    page.locator("#waiting-link button", has_text="Dismiss").click()
    assert "Dismissed the link" in said_with(page, "Dismissed")
    assert page.locator("#waiting-link").count() == 0
    before = setup_of(page)
    import_files(page, {"bd41": BD41})
    said_with(page, "Imported board 41")
    assert setup_of(page) == before
    assert page.evaluate(f"() => localStorage.getItem('{LINK_KEY}')") is None


def test_another_setup_opened_dismisses_the_waiting_link_saying_so(held, tmp_path):
    page, _ = held
    other = {"format": "asl-setup", "version": 1, "map": {"columns": 12, "rows": 8},
             "hexes": {"C3": {"terrain": "woods"}}}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(other))
    page.set_input_files("#import", str(path))
    said = said_with(page, "dismissed")
    assert "waited for bd41" in said, said
    assert page.locator("#waiting-link").count() == 0
    import_files(page, {"bd41": BD41})
    said_with(page, "Imported board 41")
    assert setup_of(page)["map"] == {"columns": 12, "rows": 8}


def test_another_link_for_a_missing_board_replaces_the_waiting_one_saying_so(held):
    page, first = held
    second = json_link(json.dumps({"format": "asl-setup", "version": 1, "map": {
        "boards": [[{"board": "42", "source": "vasl:42:6.3:0123456789abcdef"}]]}}))
    page.evaluate("f => { location.hash = f; }", second)
    said = said_with(page, "bd42", "replace")
    assert "waited for bd41" in said, said
    assert "waiting for bd42" in waiting_entry(page)
    kept = json.loads(page.evaluate(f"() => localStorage.getItem('{LINK_KEY}')"))
    assert kept["text"].lstrip("#") == second and kept["files"] == ["bd42"]


@pytest.mark.parametrize("source", ["vasl:<script>:6.3:0123456789abcdef", "x" * 20_000,
                                    "vasl:41:6.3:0123456789abcdef"])
def test_a_link_with_a_malformed_board_source_is_refused_at_once_never_held(browser, site, source):
    """Issue 30: such a link was held forever, firing after every import. The
    last one labels board 42 with board 41's file (refused naming both)."""
    setup = {"format": "asl-setup", "version": 1, "map": {"boards": [[{"board": "42", "source": source}]]}}
    page = open_page(browser, site, goto=False, **TABLET)
    try:
        page.goto(site.url)
        wait_ready(page)
        before = setup_of(page)
        page.evaluate("f => { location.hash = f; }", json_link(json.dumps(setup)))
        said = said_with(page, "broken")
        assert "row 1, column 1" in said or "board 42" in said, said
        assert "<script>" not in said and "unchanged" in said
        assert page.locator("#waiting-link").count() == 0
        assert page.evaluate(f"() => localStorage.getItem('{LINK_KEY}')") is None
        assert setup_of(page) == before
    finally:
        page.context.close()
