"""The page's pure JavaScript modules under `node --test` (issue 23, part 5):
tests/js/*.test.mjs import them from the built site (`ui/marks.js` exists
only there, written by build.py from web/marks.py)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.browser.conftest import built_dist

JS_TESTS = Path(__file__).resolve().parent.parent / "js"


def test_the_pure_js_modules_pass_node_test():
    files = sorted(str(p) for p in JS_TESTS.glob("*.test.mjs"))
    assert files
    run = subprocess.run(["node", "--test", *files], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "ASL_DIST": str(built_dist().resolve())})
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout, run.stdout[-2000:]
