"""`mypy web`: the browser-side Python type-checks with no error (issue 23;
the settings are pyproject.toml's [tool.mypy]). pycore joins it with the
rules-depiction issue."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")   # installed by `python build.py test`
ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_web(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path), "web"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
