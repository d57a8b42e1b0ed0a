"""`pip install .` gives a package that works (issue 31): the wheel built from
pyproject.toml holds every package of the source tree, installs into a fresh
virtual environment, and answers a LOS through `pycore.api` and through
`python -m pycore los`, with the repository nowhere on its path.

The site's own wheel (build.py) reads the same package list: see
test_site_wheel_has_the_same_packages.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the project's build script)

# Two squads four hexes apart across open ground (A6.1): LOS exists both ways.
SETUP = {"format": "asl-setup", "version": 1, "map": {"columns": 10, "rows": 10},
         "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "C3"},
                   {"id": "r1", "side": "Russian", "type": "squad", "hex": "G5"}]}


def source_packages() -> set[str]:
    """Every folder of pycore/ and web/ holding an __init__.py, as a dotted name."""
    return {".".join(init.parent.relative_to(ROOT).parts)
            for top in ("pycore", "web") for init in (ROOT / top).rglob("__init__.py")
            if "__pycache__" not in init.parts}


def wheel_packages(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return {name[:-len("/__init__.py")].replace("/", ".")
                for name in z.namelist() if name.endswith("/__init__.py")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the wheel pip built from a copy of the project, a fresh venv's python with it installed)."""
    tmp = tmp_path_factory.mktemp("wheel")
    project = tmp / "project"        # a copy: pip builds in place and leaves build/ behind
    for name in ("pycore", "web", "pyproject.toml"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, project / name)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "-w", str(tmp / "out"), str(project)],
                   check=True, env=env, cwd=tmp)
    wheel = next((tmp / "out").glob("asl_los-*.whl"))
    venv.create(tmp / "venv", with_pip=False)
    python = tmp / "venv" / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", str(wheel)], check=True, env=env, cwd=tmp)
    return wheel, python


def run(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(python), *args], capture_output=True, text=True, env=env, cwd=cwd)


def test_wheel_holds_every_package(installed):
    wheel, _ = installed
    assert wheel_packages(wheel) == source_packages()


def test_site_wheel_has_the_same_packages():
    """build.py's wheel for the page takes pyproject.toml's list, not a list of its own."""
    sources = build.app_sources(ROOT)
    assert {path.rpartition("/")[0].replace("/", ".")
            for path in sources if path.endswith("/__init__.py")} == source_packages()


def test_installed_package_answers_los_through_api(installed, tmp_path):
    _, python = installed
    code = ("import json, sys, pycore, pycore.api as api; s = json.loads(sys.argv[1]); "
            "print(json.dumps([pycore.__file__, api.los(s, 'g1', 'r1'), api.los(s, 'r1', 'g1')]))")
    done = run(python, "-c", code, json.dumps(SETUP), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    where, there, back = json.loads(done.stdout)
    assert str(python.parents[1]) in where and str(ROOT) not in where  # the installed copy
    assert there["los"] is True and back["los"] is True     # A6.5: reciprocal
    assert there["range"] == back["range"] == 4


def test_installed_command_line_answers_los(installed, tmp_path):
    _, python = installed
    (tmp_path / "setup.json").write_text(json.dumps(SETUP))
    done = run(python, "-m", "pycore", "los", "setup.json", "g1", "r1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["los"] is True and answer["range"] == 4
    bad = run(python, "-m", "pycore", "los", "setup.json", "g1", "nobody", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("error:")
