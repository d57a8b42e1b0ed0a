"""web/ reaches the rules through one front door (docs/overview.md, "The
layers"): every module of web imports from pycore only ``pycore.api``,
``pycore.errors`` and ``pycore.geometry``, at its top or inside a function,
by an import statement or by ``import_module``."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {"pycore", "pycore.api", "pycore.errors", "pycore.geometry"}
WEB = sorted((ROOT / "web").glob("*.py"))


def _imported(tree: ast.AST) -> set[str]:
    """Every module an import statement or an ``import_module("...")`` names."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            if node.module == "pycore":        # from pycore import api, geometry
                found.update(f"pycore.{a.name}" for a in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) \
                == "import_module" and node.args and isinstance(node.args[0], ast.Constant):
            found.add(str(node.args[0].value))
    return found


@pytest.mark.parametrize("path", WEB, ids=[p.name for p in WEB])
def test_web_imports_only_the_front_door_of_pycore(path):
    used = {m for m in _imported(ast.parse(path.read_text())) if m == "pycore" or m.startswith("pycore.")}
    assert used <= ALLOWED, f"web/{path.name} imports {sorted(used - ALLOWED)}: reach them through pycore.api"


def test_the_check_sees_every_kind_of_import():
    tree = ast.parse("import pycore.rules.los\nfrom pycore import wa\nfrom pycore.setup import x\n"
                     "def f():\n    import_module('pycore.share')\n")
    assert _imported(tree) >= {"pycore.rules.los", "pycore.wa", "pycore.setup", "pycore.share"}
