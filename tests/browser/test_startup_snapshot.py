"""Python's start-up snapshot (issue 32, buildsite/snapshot.py): the worker
restores Python's memory with the app's modules already imported, instead of
starting Python and importing them. A snapshot the worker cannot use only
means a slower start; the rulings are the same either way."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pycore import api

from .conftest import Site, open_page, python_call, wait_ready

TIMINGS = "async () => (await import('./pyworker.js')).python.timings"

B92 = {"format": "asl-setup", "version": 1,
       "hexsides": {"Z8-Y9": "hedge", "Y7-X7": "wall", "Y8-Z8": "wall"},
       "units": [{"id": "g", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r", "side": "Russian", "type": "squad", "hex": "X6"}]}


def _answers_as_the_core(page) -> None:
    got = python_call(page, "los", B92, "g", "r")
    want = api.los(B92, "g", "r")
    assert (got["los"], got["blocked_at"], got["rule"]) == \
        (want["los"], want["blocked_at"], want["rule"])        # B9.2 EX: the hedge blocks


def test_python_starts_from_the_snapshot_and_rules_as_the_core(browser, site):
    page = open_page(browser, site)
    wait_ready(page)
    assert page.evaluate(TIMINGS)["restored"] is True
    _answers_as_the_core(page)
    # a module imported after ready (the idle wheels' web.render), read from the app's zip
    assert python_call(page, "render_preview", {"format": "asl-setup", "version": 1}).startswith("<svg")
    page.context.close()


def _snapshot(directory: Path) -> Path:
    return next((directory / "python").glob("*.snapshot.gz"))


@pytest.mark.parametrize("damage", ["missing", "not gzip", "cut short"])
def test_a_snapshot_the_worker_cannot_use_only_means_python_starts_afresh(
        browser, site, tmp_path, damage):
    copy = tmp_path / "site"
    shutil.copytree(site.directory, copy)
    snapshot = _snapshot(copy)
    if damage == "missing":
        snapshot.unlink()
    elif damage == "not gzip":
        snapshot.write_bytes(b"not a snapshot at all")
    else:
        snapshot.write_bytes(snapshot.read_bytes()[: len(snapshot.read_bytes()) // 2])
    server = Site(copy).start()
    try:
        page = open_page(browser, server)
        wait_ready(page)
        assert page.evaluate(TIMINGS)["restored"] is False
        assert any("starting Python afresh" in line for line in page.asl_console)
        _answers_as_the_core(page)
        page.context.close()
    finally:
        server.stop()
