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
