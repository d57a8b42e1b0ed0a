"""The rules core and the browser's Python type-check: ``python -m mypy pycore web`` (settings in
pyproject.toml's [tool.mypy]) reports no error, so a rule family reading an
attribute its context does not have, or a hexside passed where a hex is
expected, fails the test command before it reaches a player."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_pycore_and_web():
    done = subprocess.run([sys.executable, "-m", "mypy", "pycore", "web"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Success: no issues found"), done.stdout
