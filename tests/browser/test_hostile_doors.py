"""Issue 14 in the page: hostile text and deep JSON through every door (a link,
an imported file, window.asl) are refused with a message naming the field; the
setup on screen stays and the app keeps answering. A control character in a
link is the exception (issue 24): old links could hold one, so it is replaced."""
from __future__ import annotations

import json

import pytest

from .test_ui_share import raw_link
from .test_ui_steps import hex_sel, message, paint_hex, setup_of

HOSTILE = {"control": "bad\u0001id", "surrogate": "\ud800"}


def base(**unit_fields) -> dict:
    return {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10},
            "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "C3", **unit_fields}]}


def still_answers(page) -> None:
    got = page.evaluate("() => window.asl.call('los', window.asl.getSetup(), "
                        "{hex: 'A1', level: 0}, {hex: 'B1', level: 0})")
    assert got["range"] == 1


def painted(page) -> dict:
    paint_hex(page, "E5", terrain="woods")
    return setup_of(page)


@pytest.mark.parametrize("kind", HOSTILE)
def test_hostile_text_through_window_asl_is_refused_naming_the_field(ready_page, kind):
    page = ready_page
    before = painted(page)
    error = page.evaluate("s => window.asl.loadSetup(s).then(() => null, (e) => e.message)",
                          base(name=HOSTILE[kind]))
    assert error and "units[0].name" in error
    assert setup_of(page) == before
    assert page.get_attribute(hex_sel("E5"), "data-terrain") == "woods"
    still_answers(page)


def test_a_lone_surrogate_in_a_link_leaves_the_setup_alone(ready_page):
    page = ready_page
    before = painted(page)
    setup = base()
    setup["map"]["board"] = HOSTILE["surrogate"]
    page.evaluate("f => { location.hash = f; }", raw_link(setup))
    text = message(page)
    assert "cannot be opened" in text and "the board label" in text
    assert setup_of(page) == before
    still_answers(page)


def test_a_control_character_in_a_link_is_replaced_saying_where(ready_page):
    """Issue 24: links made before issue 14 could hold control characters; such a
    link opens, the character shown as a visible mark, the field named."""
    page = ready_page
    before = painted(page)
    setup = base()
    setup["map"]["board"] = HOSTILE["control"]
    page.evaluate("f => { location.hash = f; }", raw_link(setup))
    text = message(page)
    assert "Opened" in text and "the board label" in text.lower() and "replaced" in text
    page.wait_for_function("() => window.asl.getSetup().map.board === 'bad\u2401id'")
    page.click("#undo")                              # the setup before it is one Undo away
    assert setup_of(page) == before
    still_answers(page)


IMPORTS = {
    "nested 3,000 deep": (json.dumps(base())[:-1] + ', "notes": ' + "[" * 3000 + "]" * 3000 + "}",
                          ("nested more than 32",)),
    "a control character in an id": (json.dumps(base(id="bad\u0001id")),
                                     ("unit number 1", "control character")),   # a player's words (issue 22)
}


@pytest.mark.parametrize("case", IMPORTS)
def test_an_imported_file_is_refused_naming_the_fault_and_the_app_answers(ready_page, tmp_path,
                                                                        case):
    page = ready_page
    before = painted(page)
    text, said = IMPORTS[case]
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    page.set_input_files("#import", str(bad))
    shown = message(page)
    assert all(part in shown for part in said) and "unchanged" in shown
    assert setup_of(page) == before
    still_answers(page)


def test_a_file_outside_json_number_range_is_refused(ready_page, tmp_path):
    """Issue 24: JSON.parse read 1e999999 as Infinity and sent it on as null,
    so the file opened. The page now hands the file's text to Python."""
    page = ready_page
    before = painted(page)
    bad = tmp_path / "huge.json"
    bad.write_text(json.dumps(base())[:-1] + ', "scenario": {"turn": 1e999999}}')  # kept as is
    page.set_input_files("#import", str(bad))
    shown = message(page)
    assert "huge.json" in shown and "number far too large" in shown and "unchanged" in shown
    assert setup_of(page) == before
    still_answers(page)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(ready_page):
    """Issue 24: a 30 MB file took 15 s to be refused. The page refuses it from
    its size (pycore.limits through "version") within a second."""
    page = ready_page
    before = painted(page)
    most = page.evaluate("() => window.asl.call('version')")["max_setup_bytes"]
    text = json.dumps(base())[:-1] + ', "notes": "' + " " * (30 * 10 ** 6) + '"}'
    assert len(text) > most
    page.evaluate("() => { document.getElementById('message').hidden = true; }")
    page.set_input_files("#import", [{"name": "big.json", "mimeType": "application/json",
                                      "buffer": text.encode()}])
    page.wait_for_selector("#message:not([hidden])", timeout=1000)
    shown = page.text_content("#message-text")
    assert "big.json" in shown and "30 MB" in shown and "1 MB" in shown and "unchanged" in shown
    assert setup_of(page) == before
    still_answers(page)


# --- board files through the page's file input (issue 30) ---------------------------------

def _board_parts() -> dict:
    import io
    import zipfile
    from tests.vasl_writer import board_archive
    with zipfile.ZipFile(io.BytesIO(board_archive({"Q5": {"terrain": "woods"}}))) as z:
        return {n: z.read(n) for n in z.namelist()}


def _hostile_board_files() -> dict:
    from tests import test_hostile as t
    from tests.vasl_writer import zip_archive
    parts = _board_parts()
    return {
        "bd41-lying-directory": (t.lying_directory_zip(), ("too many",)),
        "bd41-empty-records": (zip_archive({**parts, "LOSData": t.empty_records_losdata()}), ("records",)),
        "bd41-utf16-bomb": (zip_archive({**parts, "BoardMetadata.xml": t.utf16_entity_bomb()}),
                            ("document type",)),
        "bd41-cut": ((whole := zip_archive(parts))[:len(whole) // 2], ("looks incomplete", "copy it again")),
    }


# Issue 30: every board file refused within 1 s in the page (these took 7-23 s).
# The budget is twice that: 8 engineers share 2 cores, and the 56 MB file took
# 1.09 s at a load average of 20; it fails on a gross regression only.
BOARD_BUDGET_S = 2.0


def _refused(page, path) -> tuple[str, float]:
    """Give ``path`` to the page's board-file input: the message it shows and
    the seconds it took to show it."""
    import time
    page.evaluate("() => { document.getElementById('message').hidden = true; }")
    started = time.monotonic()
    page.set_input_files("#board-files", str(path))
    page.wait_for_function("() => !document.getElementById('message').hidden", timeout=30_000)
    return page.text_content("#message-text"), time.monotonic() - started


@pytest.mark.parametrize("name", ["bd41-lying-directory", "bd41-empty-records", "bd41-utf16-bomb",
                                  "bd41-cut"])
def test_a_hostile_board_file_is_refused_within_a_second_saying_what_and_nothing_else_changed(
        ready_page, tmp_path, name):
    page = ready_page
    before = painted(page)
    data, said = _hostile_board_files()[name]
    path = tmp_path / name
    path.write_bytes(data)
    shown, took = _refused(page, path)
    assert f"{name} was not imported" in shown and "Nothing else changed" in shown, shown
    assert all(part in shown for part in said), shown
    assert took < BOARD_BUDGET_S, f"{name} took {took:.2f} s to refuse"
    assert setup_of(page) == before
    still_answers(page)


def test_a_board_file_over_the_cap_is_refused_from_its_size_unread(ready_page, tmp_path):
    """Issue 30: a 1.5 GB file took 15-26 s to refuse, read and copied whole
    first. The page checks file.size against Python's cap ("version")."""
    page = ready_page
    before = painted(page)
    most = page.evaluate("() => window.asl.call('version')")["max_board_bytes"]
    path = tmp_path / "bd41-huge"
    with open(path, "wb") as f:            # sparse: no 300 MB written to the disk
        f.truncate(300 * 10 ** 6)
    shown, took = _refused(page, path)
    assert "bd41-huge was not imported" in shown and "300 MB" in shown, shown
    assert f"at most {most // 10 ** 6} MB" in shown and "Nothing else changed" in shown, shown
    assert took < BOARD_BUDGET_S, f"refusing took {took:.2f} s"
    assert page.evaluate("() => window.asl.queries().import_board_file ?? 0") == 0
    assert setup_of(page) == before
    still_answers(page)
