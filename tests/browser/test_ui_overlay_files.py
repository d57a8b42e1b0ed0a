"""An overlay file given to the page's board import (issue 39; docs/overlays.md):
read and named, listed as no board, with the page saying it lays no overlay yet."""
from __future__ import annotations

from .test_hostile_doors import _refused, painted, still_answers
from .test_ui_steps import setup_of


def test_an_overlay_file_is_named_and_no_board_is_listed(ready_page, tmp_path):
    from tests.vasl_writer import overlay_archive, overlay_image
    page = ready_page
    before = painted(page)
    path = tmp_path / "ovrT"
    path.write_bytes(overlay_archive({"t1": ("b2;b2;b2;b2;b2;b2", {
        "a": overlay_image({"B2": "WoodsGreen"})})}))
    shown, _ = _refused(page, path)
    assert "ovrT is VASL's overlay file ovrT (1 overlays)" in shown, shown
    assert "does not lay overlays yet" in shown and "Nothing else changed" in shown, shown
    assert "undefined" not in page.text_content("#board-library"), page.text_content("#board-library")
    assert setup_of(page) == before
    still_answers(page)
