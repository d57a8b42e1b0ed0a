"""The app's Python for the page: the one package list (pyproject.toml), the app's zip."""
from __future__ import annotations

import fnmatch
import io
import re
import tomllib
import zipfile
from pathlib import Path

from .bytecode import compiled_sources


def project_meta(src: Path) -> tuple[str, str]:
    project = tomllib.loads((src / "pyproject.toml").read_text())["project"]
    return re.sub(r"[^A-Za-z0-9.]+", "_", project["name"]), project["version"]


def app_packages(src: Path) -> list[str]:
    """The packages pyproject.toml's [tool.setuptools.packages.find] names, found
    as setuptools finds them: folders with an __init__.py, searched only inside
    packages, whose dotted name matches an `include` and no `exclude` pattern.
    One package list for `pip install .` and the site's wheel (issue 31)."""
    find = tomllib.loads((src / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    include, exclude = find.get("include", ["*"]), find.get("exclude", [])
    found, todo = [], [src]
    while todo:
        folder = todo.pop()
        for child in sorted(folder.iterdir()):
            if not child.is_dir() or "." in child.name or not (child / "__init__.py").is_file():
                continue
            name = ".".join(child.relative_to(src).parts)
            if any(fnmatch.fnmatchcase(name, p) for p in include) and \
                    not any(fnmatch.fnmatchcase(name, p) for p in exclude):
                found.append(name)
            todo.append(child)
    return sorted(found)


def app_sources(src: Path) -> dict[str, bytes]:
    """The .py files of the app's packages, by path inside the wheel."""
    return {path.relative_to(src).as_posix(): path.read_bytes()
            for package in app_packages(src)
            for path in sorted((src / package.replace(".", "/")).glob("*.py"))}


def app_zip(sources: dict[str, bytes]) -> bytes:
    """The app's modules for the page: one sourceless zip of unchecked-hash .pyc
    files compiled by Pyodide, laid out as the standard library's zip is
    (`pkg/mod.pyc` where `pkg/mod.py` would be). The worker fetches it while
    Pyodide boots and puts it on sys.path: zipimport reads it as it is, so
    there is nothing to install before the first import (issue 32)."""
    compiled = compiled_sources(sources)
    def beside(cached: str) -> str:                 # pkg/__pycache__/mod.<tag>.pyc -> pkg/mod.pyc
        head, _, name = cached.rpartition("/__pycache__/")
        return f"{head}/{name.split('.')[0]}.pyc"
    return zip_bytes({beside(path): data for path, data in compiled.items()})


def zip_bytes(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in sorted(files.items()):
            z.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data,
                       compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def with_bytecode(wheel: bytes) -> bytes:
    """A third-party pure-Python wheel plus the bytecode of its modules."""
    with zipfile.ZipFile(io.BytesIO(wheel)) as z:
        files = {name: z.read(name) for name in z.namelist()}
    sources = {p: d for p, d in files.items() if p.endswith(".py")}
    return zip_bytes({**files, **compiled_sources(sources)})
