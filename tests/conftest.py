"""Test-wide settings.

Under CI (the CI environment variable is set) hypothesis draws the same
examples on every run, so a landing never depends on a lucky draw; run
locally, each run explores new examples.
"""
import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config):
    """The tests import boards with ``pycore.api`` and ask the page's questions
    through ``web.bridge``, as one caller: the bridge answers with the
    default session here (in the page it owns a session of its own;
    tests/test_bridge.py checks that the two are apart)."""
    from pycore import api
    from web import bridge
    bridge.SESSION = api.DEFAULT
