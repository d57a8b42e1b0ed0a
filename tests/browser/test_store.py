"""Never lose a player's work (issue 8): an edit the rules core would refuse is
taken back with a message in a player's words; the autosave keeps only
accepted setups and their undo history; whatever storage holds, the app
starts, answers, and keeps a bad save aside to download; two tabs keep their
own work; a full storage is said."""
from __future__ import annotations

import json

import pytest

from .conftest import LATE, open_page, wait_ready, within
from .test_ui_steps import hex_sel, load_setup, message, paint_hex, press, setup_of, tool

SAVE_KEY = "asl-los.setup.v1"
KEPT_KEY = "asl-los.kept.v1"


def still_answers(page) -> None:
    got = page.evaluate("() => window.asl.call('los', window.asl.getSetup(), "
                        "{hex: 'A1', level: 0}, {hex: 'B1', level: 0})")
    assert got["range"] == 1


def settled(page) -> None:
    """Python has judged the last edit: a query queued after it has answered
    (about a setup of its own, since the one on screen may be being refused)."""
    got = within(page, "() => window.asl.call('los', {format: 'asl-setup', version: 1, "
                       "map: {columns: 2, rows: 2}, hexes: {}, hexsides: {}, units: []}, "
                       "{hex: 'A1', level: 0}, {hex: 'B1', level: 0})")
    assert got != LATE, "Python gave no answer in 60 s"
    assert got["range"] == 1
    # and the map on screen is the setup's (a new size is drawn by Python)
    page.wait_for_function("() => { const s = window.asl.getSetup().map, "
                           "svg = document.querySelector('#map svg.asl-map'); "
                           "return svg && +svg.dataset.columns === s.columns "
                           "&& +svg.dataset.rows === s.rows; }")


def back_to(page, before: dict) -> None:
    """The refused edit is taken back (Python's verdict takes a moment)."""
    for _ in range(100):
        if setup_of(page) == before:
            return
        page.wait_for_timeout(50)
    assert setup_of(page) == before


def paint_building(page, name: str, terrain: str, levels: int) -> None:
    tool(page, "terrain")
    press(page, f"#terrain-palette [data-terrain='{terrain}']")
    page.select_option("#brush-levels", str(levels))
    press(page, hex_sel(name))


def unit_on_level_1_of_a_building(page) -> dict:
    """H5 a two-level building with a Russian unit on its level 1: the setup."""
    paint_building(page, "H5", "building", 2)
    tool(page, "unit")
    page.fill("#new-side", "Russian")
    press(page, hex_sel("H5"))
    page.select_option("#ue-level", "1")
    page.wait_for_function("() => window.asl.getSetup().units[0]?.level === 1")
    settled(page)
    return setup_of(page)


def test_repainting_a_building_under_a_unit_on_its_level_1_is_refused_not_lost(ready_page):
    page = ready_page
    before = unit_on_level_1_of_a_building(page)
    paint_building(page, "H5", "stone-building", 1)
    text = message(page)
    assert "Not done" in text and "H5 has no level 1" in text
    assert "units[0]" not in text and "unit " in text            # said in a player's words
    back_to(page, before)
    still_answers(page)
    paint_hex(page, "J7", terrain="woods")            # a new situation: the message closes
    page.wait_for_selector("#message", state="hidden")
    settled(page)
    page.click("#undo")
    assert setup_of(page) == before
    settled(page)
    page.reload()
    wait_ready(page)
    assert setup_of(page) == before                               # the autosave kept the good one


def test_a_unit_level_is_chosen_only_among_the_levels_its_hex_has(ready_page):
    # Issue 9: never a control that does nothing or that the rules refuse. A
    # two-level building offers ground and level 1; open ground only ground.
    page = ready_page
    paint_building(page, "H5", "building", 2)
    tool(page, "unit")
    press(page, hex_sel("H5"))
    settled(page)
    assert page.eval_on_selector_all("#ue-level option", "os => os.map(o => o.value)") == ["0", "1"]
    press(page, hex_sel("J5"))
    settled(page)
    assert page.eval_on_selector_all("#ue-level option", "os => os.map(o => o.value)") == ["0"]


def test_undo_works_across_a_reload(ready_page):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    paint_hex(page, "D4", terrain="grain")
    settled(page)
    page.reload()
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}
    page.click("#undo")
    assert set(setup_of(page)["hexes"]) == {"C3"}
    page.click("#redo")
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}


def busy(page) -> None:
    """Keep Python busy for a while (a 132 x 20 map drawn), so the next
    change waits for its verdict."""
    page.evaluate("() => { window.asl.call('render_map', {format: 'asl-setup', version: 1, "
                  "map: {columns: 132, rows: 20}, hexes: {}, hexsides: {}, units: []}); }")


def test_a_change_made_just_before_a_reload_is_kept_while_python_judges_it(ready_page):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    settled(page)
    busy(page)
    paint_hex(page, "D4", terrain="grain")        # reloaded before Python's verdict
    page.reload()
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}
    assert page.get_attribute(hex_sel("D4"), "data-terrain") == "grain"
    settled(page)
    page.reload()                                  # judged and saved since
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}
    page.click("#undo")
    assert set(setup_of(page)["hexes"]) == {"C3"}


def test_a_refused_change_made_just_before_a_reload_is_taken_back_after_it(ready_page):
    page = ready_page
    before = unit_on_level_1_of_a_building(page)
    busy(page)
    paint_building(page, "H5", "stone-building", 1)    # refused, but reloaded first
    page.reload()
    wait_ready(page)
    back_to(page, before)
    text = message(page)
    assert "Not done" in text and "H5 has no level 1" in text
    still_answers(page)


CORRUPT = {
    "garbage": "{not json",
    "42": "42", "null": "null", "list": "[]", "string": '"str"', "object": '{"foo": 1}',
    "units [null]": json.dumps({"format": "asl-setup", "version": 1,
                                "map": {"columns": 33, "rows": 10}, "hexes": {}, "hexsides": {},
                                "units": [None]}),
    "100000 columns": json.dumps({"format": "asl-setup", "version": 1,
                                  "map": {"columns": 100000, "rows": 10}, "hexes": {},
                                  "hexsides": {}, "units": []}),
    "5000 deep": json.dumps({"format": "asl-setup", "version": 1,
                             "map": {"columns": 33, "rows": 10}, "hexes": {}, "hexsides": {},
                             "units": []})[:-1] + ', "notes": ' + "[" * 5000 + "]" * 5000 + "}",
    "newer version": json.dumps({"format": "asl-setup", "version": 2,
                                 "map": {"columns": 33, "rows": 10}, "units": []}),
}


@pytest.mark.parametrize("case", CORRUPT)
def test_a_corrupt_autosave_is_kept_aside_and_the_app_answers(browser, site, case):
    page = open_page(browser, site)
    wait_ready(page)
    page.evaluate("([k, v]) => { localStorage.setItem(k, v); sessionStorage.clear(); }",
                  [SAVE_KEY, CORRUPT[case]])
    page.reload()
    wait_ready(page)
    still_answers(page)
    assert setup_of(page)["map"] == {"columns": 33, "rows": 10}
    text = message(page)
    assert "kept aside" in text
    assert page.is_visible("#message-action")
    kept = json.loads(page.evaluate("k => localStorage.getItem(k)", KEPT_KEY))
    assert any(entry["text"] == CORRUPT[case] or "notes" in entry["text"] or
               json.loads(entry["text"]) == json.loads(CORRUPT[case]) for entry in kept)
    with page.expect_download() as dl:
        page.click("#message-action")
    assert dl.value.suggested_filename.endswith(".json")
    paint_hex(page, "C3", terrain="woods")                        # and it edits as usual
    assert "C3" in setup_of(page)["hexes"]
    page.context.close()


def test_full_storage_is_said_once_with_what_to_do(ready_page):
    page = ready_page
    page.evaluate("""() => {
      for (const storage of [localStorage, sessionStorage]) {
        let n = 0;
        for (const size of [100000, 1000, 10, 1]) {
          const chunk = "x".repeat(size);
          try { for (;;) storage.setItem("filler" + n++, chunk); } catch {}
        }
      }
    }""")
    paint_hex(page, "C3", terrain="woods")
    text = message(page)
    assert "Autosave failed" in text and "Export JSON" in text
    paint_hex(page, "D4", terrain="woods")
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}           # the work on screen stays


def test_two_tabs_the_newest_save_of_any_tab_opens_and_the_other_is_kept(browser, site):
    """Issue 24: a reload never writes this tab's older copy over another tab's
    newer save; the newest opens, this tab's own is kept aside to download."""
    context = browser.new_context()
    a = context.new_page()
    a.goto(site.url)
    wait_ready(a)
    b = context.new_page()
    b.goto(site.url)
    wait_ready(b)
    paint_hex(a, "C3", terrain="woods")
    settled(a)
    paint_hex(b, "D4", terrain="grain")
    settled(b)
    assert "Another tab" in message(a)                           # A is told
    b.close()                                                     # B's work: only in storage
    a.reload()
    wait_ready(a)
    assert set(setup_of(a)["hexes"]) == {"D4"}                    # the newest save survives
    assert "kept aside" in message(a)
    kept = [json.loads(e["text"]) for e in kept_of(a)]
    assert any(set(k["hexes"]) == {"C3"} for k in kept)          # and A's own is not lost
    c = context.new_page()                                        # a new tab: the newest save
    c.goto(site.url)
    wait_ready(c)
    assert set(setup_of(c)["hexes"]) == {"D4"}
    context.close()


TAB_KEY = "asl-los.tab.v1"
PENDING_KEY = "asl-los.pending.v1"


def kept_of(page) -> list:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", KEPT_KEY) or "[]")


def _base(**more) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
            "hexes": {}, "hexsides": {}, "units": [], **more}


# Values of this tab's save that the page can draw but the rules core refuses
# (the audit's five cases): they must not cost the good shared save.
BAD_TAB = {
    "newer version": _base(version=2),
    "refused by the core": _base(units=[{"id": "g", "side": "G", "type": "squad",
                                         "hex": "A1", "level": 3}]),
    "over today's limits": _base(map={"columns": 200, "rows": 10}),
    "1 MB unknown field": _base(notes="x" * 1_100_000),
    "escaped lone surrogate": _base(units=[{"id": "\ud800", "side": "G", "type": "squad",
                                            "hex": "A1"}]),
}


def _good_work(page) -> None:
    paint_hex(page, "C3", terrain="woods")
    paint_hex(page, "D4", terrain="grain")
    settled(page)


@pytest.mark.parametrize("case", BAD_TAB)
def test_a_bad_tab_save_is_kept_aside_and_the_good_work_opens(ready_page, case):
    page = ready_page
    _good_work(page)
    page.evaluate("([k, v]) => sessionStorage.setItem(k, `{\"at\":${Date.now() + 1e6},"
                  "\"setup\":${v}}`)", [TAB_KEY, json.dumps(BAD_TAB[case])])
    page.reload()
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}           # the good work is on screen
    assert "kept aside" in message(page)
    assert any(e["origin"] == "this tab's own save" for e in kept_of(page))
    still_answers(page)


@pytest.mark.parametrize("value", ["{not json", "42", '{"foo": 1}',
                                   '[1, null, {"x": 1}, {"text": "earlier", "why": "w"}]'])
def test_a_damaged_kept_store_is_itself_kept_when_more_is_kept_aside(browser, site, value):
    page = open_page(browser, site)
    wait_ready(page)
    page.evaluate("([k, v, s]) => { localStorage.setItem(k, v); localStorage.setItem(s, '{oops'); "
                  "sessionStorage.clear(); }", [KEPT_KEY, value, SAVE_KEY])
    page.reload()
    wait_ready(page)
    texts = [e["text"] for e in kept_of(page)]
    assert "{oops" in texts
    if value.startswith("["):
        assert "earlier" in texts and '{"x":1}' in texts
    else:
        assert value in texts                                      # nothing earlier is lost
    page.context.close()


def test_the_same_corrupt_save_met_by_five_tabs_is_kept_once(browser, site):
    context = browser.new_context()
    first = context.new_page()
    first.goto(site.url)
    wait_ready(first)
    first.evaluate("([k, s]) => { localStorage.setItem(k, JSON.stringify([{text: 'older setup', "
                   "why: 'w', at: null}])); localStorage.setItem(s, '{oops'); }", [KEPT_KEY, SAVE_KEY])
    for _ in range(5):
        tab = context.new_page()
        tab.goto(site.url)
        wait_ready(tab)
        tab.close()
    texts = [e["text"] for e in kept_of(first)]
    assert texts.count("{oops") == 1 and "older setup" in texts
    context.close()


def test_a_bad_pending_change_is_said_and_kept(ready_page):
    page = ready_page
    _good_work(page)
    page.evaluate("k => sessionStorage.setItem(k, '{half written')", PENDING_KEY)
    page.reload()
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}
    assert "last change before a reload" in message(page)
    assert any(e["text"] == "{half written" for e in kept_of(page))


def _fill(page, storage: str) -> None:
    page.evaluate("""(name) => {
      const storage = window[name];
      let n = 0;
      for (const size of [100000, 1000, 10, 1]) {
        const chunk = "x".repeat(size);
        try { for (;;) storage.setItem("filler" + n++, chunk); } catch {}
      }
    }""", storage)


def test_edits_survive_a_reload_when_session_storage_is_full(ready_page):
    page = ready_page
    paint_hex(page, "C3", terrain="woods")
    settled(page)
    _fill(page, "sessionStorage")
    paint_hex(page, "D4", terrain="grain")
    paint_hex(page, "E5", terrain="woods")
    settled(page)
    page.reload()
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == {"C3", "D4", "E5"}


def test_a_large_setup_keeps_every_edit_across_a_reload(ready_page):
    """After a legal setup of about 0.9 MB, the undo history is shortened to fit
    instead of costing the edits their save (issue 24: 10 of 12 were lost)."""
    page = ready_page
    load_setup(page, _base(notes="n" * 900_000))
    settled(page)
    names = ["C3", "D4", "E5", "F6", "G7", "H8", "I9", "J2", "K3", "L4", "M5", "N6"]
    for name in names:
        paint_hex(page, name, terrain="woods")
    settled(page)
    page.reload()
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == set(names)
    page.click("#undo")                                            # some history is kept
    assert set(setup_of(page)["hexes"]) == set(names[:-1])


def test_a_damaged_undo_history_is_kept_aside_and_the_setup_opens(ready_page):
    page = ready_page
    _good_work(page)
    page.evaluate("k => localStorage.setItem(k, '{\"undo\": [1, 2], \"redo\": 3}')",
                  "asl-los.history.v1")
    page.reload()
    wait_ready(page)
    assert set(setup_of(page)["hexes"]) == {"C3", "D4"}
    assert "undo history" in message(page)
    assert any(e["origin"] == "the undo history" for e in kept_of(page))


def test_with_the_kept_store_full_a_refused_save_is_never_replaced_by_an_empty_map(ready_page):
    """The audit: with the kept store full (5 x 0.9 MB), a refused save was
    overwritten with an empty map. Now it stays in storage, offered for download."""
    page = ready_page
    refused = json.dumps(_base(units=[{"id": "g", "side": "G", "type": "squad", "hex": "A1",
                                       "level": 3}]))
    page.evaluate("""([kept, save, refused]) => {
      localStorage.clear(); sessionStorage.clear();
      const big = "k".repeat(900000);
      localStorage.setItem(kept, JSON.stringify([1, 2, 3, 4, 5].map((i) =>
        ({text: big + i, why: "w", at: null}))));
      localStorage.setItem(save, refused);
      let n = 0;
      for (const size of [100000, 1000, 10, 1]) {
        try { for (;;) localStorage.setItem("filler" + n++, "x".repeat(size)); } catch {}
      }
    }""", [KEPT_KEY, SAVE_KEY, refused])
    page.reload()
    wait_ready(page)
    assert "storage is full" in message(page)
    assert page.is_visible("#message-action")
    assert page.evaluate("k => localStorage.getItem(k)", SAVE_KEY) == refused
    assert len(kept_of(page)) == 5
