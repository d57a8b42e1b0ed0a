"""The import graph of `pycore` and `web`, drawn from the code (issue 31).

    python -m tests.import_graph            print the picture
    python -m tests.import_graph --write    write it into docs/architecture.md

It reads every module with `ast`, so nothing is imported. The picture is a
mermaid graph of the layers (the packages) with the number of module imports
from one to another, then each module's own imports; an import made inside a
function is marked, since it hides a dependency from a reader of the file's
head. tests/test_docs.py checks that docs/architecture.md shows the code's
graph as it is now, and that the layers' rules hold.
"""
from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pycore", "web")
DOC = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- import-graph: written by `python -m tests.import_graph --write`; tests/test_docs.py checks it is current -->"
END = "<!-- /import-graph -->"


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of PACKAGES."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name: str, module: str, node: ast.ImportFrom, known: set[str]) -> list[str]:
    """The known modules an `from X import a, b` names (X itself, or X.a where a is a module)."""
    if node.level:
        base = module.split(".")
        is_package = (ROOT / Path(*base) / "__init__.py").exists()
        base = base[:len(base) - node.level + (1 if is_package else 0)]
        name = ".".join(base + ([node.module] if node.module else []))
    targets = [f"{name}.{alias.name}" for alias in node.names if f"{name}.{alias.name}" in known]
    return targets or ([name] if name in known else [])


def imports() -> dict[str, dict[str, bool]]:
    """module -> {imported module: imported at the top level (False: only inside a function)}."""
    known = modules()
    graph: dict[str, dict[str, bool]] = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: dict[str, bool] = {}
        inside = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                  for n in ast.walk(f) if n is not f}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name in known]
            elif isinstance(node, ast.ImportFrom):
                targets = _resolve(node.module or "", module, node, set(known))
            else:
                continue
            for target in targets:
                if target != module:
                    edges[target] = edges.get(target, False) or id(node) not in inside
        graph[module] = edges
    return graph


def layer(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 or (ROOT / Path(*parts) / "__init__.py").exists() \
        else parts[0]


def picture() -> str:
    graph = imports()
    between = Counter((layer(a), layer(b)) for a, edges in graph.items() for b in edges
                      if layer(a) != layer(b))
    lines = ["```mermaid", "graph TD"]
    lines += [f"  {a.replace('.', '_')}[{a}] -->|{n}| {b.replace('.', '_')}[{b}]"
              for (a, b), n in sorted(between.items())]
    lines += ["```", "", "| module | imports (*: only inside a function) |", "| --- | --- |"]
    for module in sorted(graph):
        names = [f"{b}{'' if top else '*'}" for b, top in sorted(graph[module].items())]
        lines.append(f"| `{module}` | {', '.join(names) or '-'} |")
    return "\n".join(lines) + "\n"


def documented() -> str:
    """The picture as docs/architecture.md holds it."""
    text = DOC.read_text(encoding="utf-8")
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"


def write() -> None:
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    DOC.write_text(f"{head}{BEGIN}\n{picture()}{END}{rest.split(END, 1)[1]}", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        sys.stdout.write(picture())
