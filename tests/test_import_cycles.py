"""The import graph of pycore and web has no cycle (issue 31,
docs/architecture-library.md): every import counts, at any depth, a
function-level one and one under ``if TYPE_CHECKING`` too, so no loop can be
hidden inside a function."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pycore", "web")


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports (a package's own
    ``__init__`` left out: importing a submodule runs it, not a cycle)."""
    out = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = name.split(".")
            if node.level:
                base = base[:len(base) - node.level + is_package]
            stem = ".".join(base + ([node.module] if node.module else []))
            targets = [stem] + [f"{stem}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                out.add(target)
    return out


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_no_module_of_pycore_or_web_imports_itself_round_a_loop():
    assert [sorted(c) for c in cycles(graph())] == []


def test_the_check_finds_a_loop_hidden_in_a_function():
    # The finder itself: two modules importing each other, one inside a function.
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [frozenset({"a", "b"})]
    tree = graph()
    assert "pycore.setup" in tree["pycore.api"]          # imports are seen at all
    assert "pycore" not in tree["pycore.api"]            # a package's own __init__ is not a loop


def test_pycore_never_imports_web():
    assert not any(t.startswith("web") for name, deps in graph().items()
                   if name.startswith("pycore") for t in deps)
