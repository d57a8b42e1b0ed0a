"""The repository's own documentation stands on its own (issue 31).

- every docs/*.md file that the README, the docs or the code cite exists, and
  every relative link in README.md and docs/*.md reaches its file and heading;
- nothing cites the contract and design from outside the repository;
- the README's Python example runs and answers as it says (doctest);
- docs/architecture.md's import graph is the code's, and the layers' rules hold.
"""
from __future__ import annotations

import ast
import doctest
import re
import sys
from pathlib import Path

import pytest

from tests import import_graph

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CITING = ("README.md", "build.py", "buildsite", "docs", "pycore", "web", "static", "tests", ".ci")
CITED = re.compile(r"(?<![\w./-])(?:\.\./)?(?:docs/)?([A-Za-z0-9_-]+\.md)\b")
# Pages other engineers are writing now, linked from the README's list ahead of
# their arrival; empty this once they are merged.
PENDING: set[str] = set()


def citing_files() -> list[Path]:
    files = []
    for name in CITING:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                      and p.suffix in (".py", ".md", ".js", ".mjs", ".html", ".css", "")]
    return files


def cited_docs(path: Path) -> set[str]:
    """The docs pages `path` cites: docs/NAME.md anywhere; a bare (NAME.md) link inside docs/."""
    text = path.read_text(encoding="utf-8", errors="replace")
    found = set(re.findall(r"docs/([A-Za-z0-9_-]+\.md)", text))
    if path.parent.name == "docs":
        found |= set(re.findall(r"\]\(([A-Za-z0-9_-]+\.md)(?:#[^)]*)?\)", text))
    return found


def test_every_cited_doc_exists():
    missing = {f"{path.relative_to(ROOT)} cites docs/{name}"
               for path in citing_files() if path != Path(__file__)
               for name in cited_docs(path) if not (ROOT / "docs" / name).exists() and name not in PENDING}
    assert not missing, sorted(missing)


def test_nothing_cites_the_shared_folder_or_old_names():
    """The contract and the design are docs/contract.md and docs/design.md now."""
    stale = re.compile(r"\.\./shared/|(?<![\w/])(CONTRACT|DESIGN)\.md")
    offenders = [f"{path.relative_to(ROOT)}:{n}" for path in citing_files()
                 if path != Path(__file__)
                 for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace")
                                          .splitlines(), 1) if stale.search(line)]
    assert not offenders, offenders


def test_the_code_cites_rules_and_docs_not_issue_numbers():
    """An issue is history; the code says which rule or doc section it follows."""
    cited = re.compile(r"\bissues? #?\d+", re.IGNORECASE)
    offenders = [f"{path.relative_to(ROOT)}:{n}"
                 for folder in ("pycore", "web", "static")
                 for path in sorted((ROOT / folder).rglob("*")) if path.suffix in (".py", ".js", ".css", ".html")
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if cited.search(line)]
    assert not offenders, offenders


def test_pyproject_names_files_that_exist():
    text = (ROOT / "pyproject.toml").read_text()
    named = re.findall(r"\b((?:buildsite|pycore|web|static|tests)/[\w/.-]+\.(?:py|js|toml))", text)
    assert all((ROOT / name).exists() for name in named), named


def test_readme_links_resolve():
    text = README.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
        assert (ROOT / target).exists() or Path(target).name in PENDING, target


FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it: lower case, punctuation but ``-``
    and ``_`` dropped, each space a hyphen."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    out = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", text, re.M):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def test_every_relative_link_in_the_docs_resolves():
    """Every relative link in README.md and docs/*.md names a file that exists,
    and a heading of that file where it names one (docs move; links must follow)."""
    broken = []
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        for target in LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):      # https:, mailto:, ...
                continue
            name, _, fragment = target.partition("#")
            file = (page.parent / name).resolve() if name else page
            if not file.exists():
                if Path(name).name not in PENDING:
                    broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif fragment and file.suffix == ".md" and fragment not in anchors(file):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, broken


def test_readme_python_example_runs():
    """The README's example, run as a doctest: its answers are the engine's."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks and all(">>>" in block for block in blocks)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for n, block in enumerate(blocks):
        runner.run(doctest.DocTestParser().get_doctest(block, {}, f"README[{n}]", "README.md", 0))
    result = runner.summarize(verbose=False)
    assert result.attempted > 5 and result.failed == 0


def test_readme_is_a_guide_not_a_manual():
    assert len(README.read_bytes()) <= 16_000


def test_architecture_shows_the_code_as_it_is():
    assert import_graph.documented() == import_graph.picture(), \
        "run: python -m tests.import_graph --write"


def test_architecture_names_every_query_the_page_can_ask():
    """A maintainer reads there what the worker answers (web.queries.QUERIES is the one list)."""
    from web.bridge import QUERIES
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if p.startswith("**How the page talks to Python.**"))
    assert [q for q in QUERIES if f"`{q}`" not in paragraph] == []


def test_pycore_imports_only_the_standard_library_and_itself():
    """The layers (docs/architecture.md): pycore runs anywhere, with nothing installed."""
    allowed = set(sys.stdlib_module_names) | {"pycore", "__future__"}
    # The one exception: an overlay's GIFs are decoded by Pillow, imported by this one
    # module inside the function that decodes, never with the rules (docs/overlays.md).
    optional = {"PIL": "pycore/terrain/vasl/gif.py"}
    for path in (ROOT / "pycore").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            for name in names:
                top = name.split(".")[0]
                if optional.get(top) == str(path.relative_to(ROOT)) and node.col_offset > 0:
                    continue        # imported inside a function
                assert top in allowed, f"{path.relative_to(ROOT)} imports {name}"


@pytest.mark.parametrize("layer, never", [("pycore", ("web", "tests")), ("web", ("tests",))])
def test_no_layer_imports_a_layer_above_it(layer, never):
    graph = import_graph.imports()
    for module, edges in graph.items():
        if module.split(".")[0] == layer:
            assert not [b for b in edges if b.split(".")[0] in never], module
    for path in (ROOT / layer).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in never:
            assert not re.search(rf"^\s*(from|import) {name}\b", text, re.M), path
