"""Share links, files and hostile input on the page (docs/contract.md "Share links";
issue 5: a link is input from a stranger)."""
from __future__ import annotations

import base64
import json
import xml.etree.ElementTree as ET
import zlib

import pytest

from pycore import api, geometry, limits, share

from .conftest import foreign_requests, wait_ready
from .test_ui_steps import (hex_sel, los_check, message, paint_b92_example, paint_hex, press, settled,
                            setup_of, tool, unit_sel)


def raw_link(obj) -> str:
    """A "#s1." link of any JSON, valid setup or not (what a crafted link can hold)."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(json.dumps(obj).encode()) + deflate.flush()
    return "#s1." + base64.urlsafe_b64encode(data).decode().rstrip("=")


def fresh_page(browser, site, fragment: str):
    """A new browser profile whose first visit is the link itself."""
    context = browser.new_context()
    page = context.new_page()
    page.asl_requests = []
    context.on("request", lambda r: page.asl_requests.append(r.url))
    page.goto(site.url + fragment)
    wait_ready(page)
    return page


def close_checked(page, site) -> None:
    foreign = foreign_requests(page.asl_requests, site.origin)
    page.context.close()
    assert not foreign, f"requests left the site's origin: {foreign}"


def test_share_link_round_trip(ready_page, browser, site):
    page = ready_page
    german, russian = paint_b92_example(page)
    paint_hex(page, "C3", terrain="woods")
    page.click("#share")
    page.wait_for_function("() => document.querySelector('#share-link').value !== ''")
    link = page.input_value("#share-link")
    assert link.startswith(site.url + "#s1.")
    made = setup_of(page)
    assert share.decode(link) == made  # the page's link is the contract's link
    other = fresh_page(browser, site, link[len(site.url):])
    try:
        assert setup_of(other) == made
        assert "#" not in other.url  # a reload now restores the autosave, with later edits
        assert other.get_attribute(hex_sel("C3"), "data-terrain") == "woods"
        panel = los_check(other, german, russian)
        ruling = api.fire(made, german, russian)
        assert (panel["los"], panel["range"], panel["tem"][:2]) == (ruling["los"], "4", f"+{ruling['tem']}")
    finally:
        close_checked(other, site)


def test_opening_a_link_is_undoable(ready_page, site):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    mine = setup_of(page)
    theirs = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
              "hexes": {"D4": {"terrain": "grain"}}, "hexsides": {}, "units": []}
    page.evaluate("f => { location.hash = f; }", share.encode(theirs))
    page.wait_for_function("() => window.asl.getSetup().hexes.D4 !== undefined")
    assert setup_of(page)["hexes"] == {"D4": {"terrain": "grain"}}
    page.click("#undo")
    assert setup_of(page) == mine


BAD_LINKS = [
    ("#s1.AAAA", "cut off"),
    ("#s1." + share.encode({"format": "asl-setup", "version": 1})[3:-6], ""),  # cut off by a chat app
    ("#s2.abcdef", "version"),
    ("#hello", "link"),
    ("#s1.%%%%", ""),
    (raw_link({"format": "asl-setup", "version": 1, "units": "many"}), "units"),
    (raw_link([1, 2, 3]), ""),
]


@pytest.mark.parametrize("fragment, why", BAD_LINKS)
def test_invalid_link_leaves_the_setup_alone_and_says_why(ready_page, fragment, why):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    before = setup_of(page)
    page.evaluate("f => { location.hash = f; }", fragment)
    text = message(page)
    assert "cannot be opened" in text and "unchanged" in text
    assert why.lower() in text.lower()
    assert setup_of(page) == before
    assert page.get_attribute(hex_sel("C3"), "data-terrain") == "woods"


def test_invalid_link_opened_in_a_new_tab_keeps_the_autosave(ready_page, site):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    before = setup_of(page)
    tab = page.context.new_page()
    tab.goto(site.url + "#s1.this-is-not-a-link")
    wait_ready(tab)
    assert "cannot be opened" in message(tab)
    assert setup_of(tab) == before


def test_over_limit_setup_is_refused_with_a_message(ready_page):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    before = setup_of(page)
    huge = {"format": "asl-setup", "version": 1, "map": {"columns": limits.MAX_COLUMNS + 1, "rows": 10}}
    error = page.evaluate("s => window.asl.loadSetup(s).then(() => null, (e) => e.message)", huge)
    assert error and "columns" in error
    assert "columns" in message(page) and "unchanged" in message(page)
    assert setup_of(page) == before


def test_over_limit_links_are_refused_with_a_message(ready_page):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    before = setup_of(page)
    crowd = [{"id": f"u{i}", "side": "German", "type": "squad", "hex": "A1"}
             for i in range(limits.MAX_UNITS + 1)]
    page.evaluate("f => { location.hash = f; }",
                  raw_link({"format": "asl-setup", "version": 1, "units": crowd}))
    assert "units" in message(page)
    page.click("#message-close")
    page.evaluate("f => { location.hash = f; }", "#s1." + "A" * (limits.MAX_LINK_CHARS + 10))
    assert "too long" in message(page)
    assert setup_of(page) == before


HOSTILE = {
    "format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
    "hexsides": {"Z8-Y9": "hedge"},
    "units": [
        {"id": "<script>window.__pwned=1</script>", "side": "German", "type": "squad", "hex": "Z9",
         "name": '<img src=x onerror="window.__pwned=2">'},
        {"id": "javascript:window.__pwned=3", "side": '<img src=y onerror="window.__pwned=4">',
         "type": "squad", "hex": "X6", "name": "<b onmouseover=window.__pwned=5>x</b>"},
    ],
}


def test_hostile_unit_ids_and_names_are_shown_as_text_and_run_nothing(browser, site):
    page = fresh_page(browser, site, "#" + share.encode(HOSTILE))
    try:
        ids = [u["id"] for u in HOSTILE["units"]]
        assert [u["id"] for u in setup_of(page)["units"]] == ids
        # the WA panel, the counters, the unit editor and the LOS ruling all show the literal text
        page.wait_for_selector("#wa-body tr[data-unit]")
        assert page.eval_on_selector_all("#wa-body [data-k=id]", "els => els.map((e) => e.textContent)") == ids
        settled(page)                     # the counters, drawn from Python's answer
        titles = page.eval_on_selector_all("#map .unit title", "els => els.map((e) => e.textContent)")
        assert any('<img src=x onerror="window.__pwned=2">' in t for t in titles)
        tool(page, "unit")
        press(page, unit_sel(ids[0]))
        assert page.input_value("#ue-id") == ids[0]
        assert page.input_value("#ue-name") == HOSTILE["units"][0]["name"]
        assert page.text_content("#ue-title") == ids[0]
        panel = los_check(page, ids[0], ids[1])
        assert any(ids[0] in s for s in panel["steps"])
        page.hover(unit_sel(ids[1]))
        page.click("#share")
        # nothing ran: no flag, no element made from the text
        assert page.evaluate("() => window.__pwned") is None
        assert page.locator("img, b[onmouseover], #map script, .side script").count() == 0
        assert page.evaluate("() => document.scripts.length") == len(page.query_selector_all("head script"))
    finally:
        close_checked(page, site)


def test_setup_json_export_and_import(ready_page, tmp_path):
    page = ready_page
    german, _ = paint_b92_example(page)
    made = setup_of(page)
    with page.expect_download() as dl:
        page.click("#export-json")
    saved = tmp_path / "setup.json"
    dl.value.save_as(saved)
    assert json.loads(saved.read_text()) == made
    page.click("#new-map")  # Python checks the new setup first: wait for it
    page.wait_for_function("() => window.asl.getSetup().units.length === 0")
    page.set_input_files("#import", str(saved))
    page.wait_for_function("() => window.asl.getSetup().units.length === 2")
    assert setup_of(page) == made
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**made, "hexes": {"Q99": {"terrain": "woods"}}}))
    page.set_input_files("#import", str(bad))
    assert "Q99" in message(page) and "unchanged" in message(page)
    assert setup_of(page) == made


def test_map_exports_as_svg_and_png_with_its_thread(ready_page, tmp_path):
    page = ready_page
    german, russian = paint_b92_example(page)
    los_check(page, german, russian)
    with page.expect_download() as dl:
        page.click("#export-svg")
    svg = tmp_path / "map.svg"
    dl.value.save_as(svg)
    root = ET.fromstring(svg.read_text())
    by_name = {el.get("data-hexside"): el for el in root.iter() if el.get("data-hexside")}
    assert by_name[geometry.PLAIN.hexside(geometry.PLAIN.parse_hexside("Z8-Y9"))].get("data-type") == "hedge"
    (thread,) = [el for el in root.iter() if el.get("class") == "los"]
    assert thread.get("data-status") == "clear"
    assert {el.get("data-unit") for el in root.iter() if el.get("data-unit")} == {german, russian}
    with page.expect_download() as dl:
        page.click("#export-png")
    png = tmp_path / "map.png"
    dl.value.save_as(png)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 1000 and height > 300
