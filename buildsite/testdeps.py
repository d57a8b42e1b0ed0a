"""What `python build.py test` installs when it is missing."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import log

TEST_REQUIREMENTS = {"pytest": "pytest<9", "hypothesis": "hypothesis",
                     "playwright": "playwright", "svgwrite": "svgwrite==1.4.3",
                     # the QR code (web/qr.py) and, for tests only, a decoder to read it back
                     "segno": "segno==1.6.6", "zxingcpp": "zxing-cpp==3.1.1",
                     "PIL": "pillow==13.0.0",
                     # tests/test_types.py: pycore and web type-check with no errors
                     "mypy": "mypy==2.4.1",
                     # tests/test_wheel.py: setuptools before 70.1 builds wheels with it
                     "wheel": "wheel",
                     # a test that hangs fails after pyproject.toml's `timeout`, not CI's limit
                     "pytest_timeout": "pytest-timeout==2.4.0"}


def missing_requirements() -> list[str]:
    from importlib import metadata
    missing = []
    for module, requirement in TEST_REQUIREMENTS.items():
        if importlib.util.find_spec(module) is None:
            missing.append(requirement)
        elif module == "pytest" and int(metadata.version("pytest").split(".")[0]) >= 9:
            missing.append(requirement)
        elif module in ("svgwrite", "mypy") and \
                metadata.version(module) != requirement.split("==")[1]:
            missing.append(requirement)
    return missing


def install_test_dependencies() -> None:
    """Debian chromium and the pip packages, each only when missing."""
    if not Path("/usr/bin/chromium").exists():
        log("installing Debian chromium")
        apt = ["sudo"] if os.geteuid() != 0 and shutil.which("sudo") else []
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run([*apt, "apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run([*apt, "apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env)
    missing = missing_requirements()
    if missing:
        log("installing", ", ".join(missing))
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=True)
