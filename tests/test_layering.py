"""The layers: engine ← bots ← tools ← services ← web/api/cli; nothing imports upward.

Every module of the package is read (not imported); relative imports are resolved to
the module they name, imports inside functions count too. Below the services only the
standard library may be imported: no Flask, SQLAlchemy, WTForms or Werkzeug. See
docs/architecture.md.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "skyjo_pad"

LAYERS: dict[str, int] = {
    "skyjo_pad.engine": 0,
    "skyjo_pad.bots": 1,
    "skyjo_pad.replay": 2,
    "skyjo_pad.simulate": 2,
    "skyjo_pad.services": 3,
    "skyjo_pad.models": 3,
    "skyjo_pad.extensions": 3,
    "skyjo_pad.memo": 3,
    "skyjo_pad.config": 3,
    "skyjo_pad.presenters": 4,
    "skyjo_pad.web": 4,
    "skyjo_pad.api": 4,
    "skyjo_pad.cli": 4,
    "skyjo_pad.factory": 4,
    "skyjo_pad.migrations": 4,
    "skyjo_pad": 4,
}
"""Each part of the package and its layer; a module may import only its own layer or lower."""
NAMES = {0: "engine", 1: "bots", 2: "tools", 3: "services", 4: "web/api/cli"}
PURE_BELOW = 3
"""Layers below this one import the standard library and the package only."""
SIBLINGS = ({"skyjo_pad.web", "skyjo_pad.api"},)
"""Parts of one layer that stay apart: the pages and the JSON API share only services."""
ENGINE_DOORS = ("skyjo_pad.engine", "skyjo_pad.engine.compact")
"""What the engine exports: its package (the public API) and its compact-table API."""
ENGINE_USERS = ("skyjo_pad.bots", "skyjo_pad.simulate")
"""Parts that may use the engine only through its doors (outside bots are held to it too)."""
NO_REQUESTS = ("skyjo_pad.services",)
"""Parts that never see a request, a page or the app: no Flask, Werkzeug or WTForms (the
database comes through `extensions`)."""
WEB_ONLY = ("flask", "werkzeug", "wtforms", "flask_wtf")
NO_DB = ("skyjo_pad.web", "skyjo_pad.api")
PRESENTERS = "skyjo_pad.presenters"
"""Words and JSON made from what services hand out (views, reasons, public events): a
presenter imports no model and no database, so it cannot reach a full position."""
STORE = ("skyjo_pad.models", "skyjo_pad.extensions")
"""Parts that leave transactions to the services: they import no `db`."""


def module_name(path: Path, root: Path = ROOT) -> str:
    """The dotted name of the module in `path`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(name: str) -> str | None:
    """The entry of LAYERS a module belongs to (the longest that matches)."""
    found = [key for key in LAYERS if name == key or name.startswith(key + ".")]
    return max(found, key=len) if found else None


def imports_of(
    path: Path, root: Path = ROOT, for_types: bool = True
) -> list[tuple[str, list[str]]]:
    """Every module a file imports (relative ones resolved), with the names taken from it
    (`for_types=False`: not those only type checkers read, under `if TYPE_CHECKING:`)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, list[str]]] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if not for_types:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
                node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                target = importlib.util.resolve_name("." * node.level + target, package)
            taken = [alias.name for alias in node.names]
            found.append((target, taken))
            found += [(f"{target}.{t}", []) for t in taken if _is_module(f"{target}.{t}", root)]
    return found


def _is_module(name: str, root: Path) -> bool:
    path = root.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def problems(root: Path = ROOT) -> list[str]:
    """Every import that breaks the layering, as "module: imported (why)"."""
    found: list[str] = []
    for path in sorted((root / "skyjo_pad").rglob("*.py")):
        if "versions" in path.parts:
            continue
        name = module_name(path, root)
        part = part_of(name)
        assert part is not None, f"{name} is in no layer: add it to LAYERS"
        layer = LAYERS[part]
        for target, taken in imports_of(path, root):
            top = target.split(".")[0]
            if top == "skyjo_pad":
                other = part_of(target)
                if other is None or other == part:
                    continue
                if LAYERS[other] > layer and not (
                    name == "skyjo_pad" and other.endswith("factory")
                ):
                    found.append(
                        f"{name}: {target} (upward: {NAMES[layer]} imports {NAMES[LAYERS[other]]})"
                    )
                if any({part, other} <= pair for pair in SIBLINGS):
                    found.append(f"{name}: {target} ({part} and {other} share only services)")
                inside = other == "skyjo_pad.engine" and target not in ENGINE_DOORS
                if part in ENGINE_USERS and inside:
                    found.append(f"{name}: {target} (the engine's inside: use its public API)")
                if part == PRESENTERS and other in STORE:
                    found.append(f"{name}: {target} (a presenter never touches the store)")
                if part in NO_DB and other == "skyjo_pad.extensions" and "db" in taken:
                    found.append(f"{name}: {target}.db (transactions belong to the services)")
            elif part == PRESENTERS and top == "sqlalchemy":
                found.append(f"{name}: {target} (a presenter never touches the store)")
            elif part in NO_REQUESTS and top in WEB_ONLY:
                found.append(f"{name}: {target} (services never see the request or the app)")
            elif layer < PURE_BELOW and top not in sys.stdlib_module_names:
                found.append(f"{name}: {target} (below the services: standard library only)")
    return found


def test_every_module_is_in_its_layer_and_imports_nothing_above() -> None:
    assert not problems(), "\n".join(problems())


def test_the_checker_catches_relative_upward_and_outside_imports(tmp_path: Path) -> None:
    def write(relative: str, text: str = "") -> None:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    for folder in (
        "skyjo_pad",
        "skyjo_pad/engine",
        "skyjo_pad/bots",
        "skyjo_pad/services",
        "skyjo_pad/web",
    ):
        write(f"{folder}/__init__.py")
    write("skyjo_pad/extensions.py", "db = None\n")
    write("skyjo_pad/engine/cards.py", "from ..services import tables\nimport flask\n")
    write("skyjo_pad/services/tables.py", "from ..engine import cards\n")
    write(
        "skyjo_pad/bots/easy.py",
        "from skyjo_pad.engine import compact\nfrom ..engine import cards\n",
    )
    write("skyjo_pad/web/pages.py", "def f():\n    from ..extensions import db\n")
    found = problems(tmp_path)
    assert found == [
        "skyjo_pad.bots.easy: skyjo_pad.engine.cards (the engine's inside: use its public API)",
        "skyjo_pad.engine.cards: skyjo_pad.services (upward: engine imports services)",
        "skyjo_pad.engine.cards: skyjo_pad.services.tables (upward: engine imports services)",
        "skyjo_pad.engine.cards: flask (below the services: standard library only)",
        "skyjo_pad.web.pages: skyjo_pad.extensions.db (transactions belong to the services)",
    ]


ENGINE_TOOLS = ["skyjo_pad.engine", "skyjo_pad.bots", "skyjo_pad.replay", "skyjo_pad.simulate"]


@pytest.mark.parametrize("module", ENGINE_TOOLS)
def test_importing_the_engine_side_loads_no_web_app(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "heavy = ('flask', 'sqlalchemy', 'wtforms', 'werkzeug', 'click', 'skyjo_pad.factory')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package and the modules of it that it imports when it runs
    (inside functions too; a package's own submodules taken from it count as those
    submodules, not as the package; a compiled module counts by its typed stub, `.pyi`)."""
    paths = {
        module_name(path, root): path
        for path in sorted((root / "skyjo_pad").rglob("*.py*"))
        if path.suffix in (".py", ".pyi") and "versions" not in path.parts
    }
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        edges = set()
        for target, taken in imports_of(path, root, for_types=False):
            if target not in paths or target == name:
                continue
            if taken and all(f"{target}.{t}" in paths for t in taken):
                continue
            edges.add(target)
        graph[name] = edges
    return graph


def cycles(root: Path = ROOT) -> list[list[str]]:
    """The groups of modules that import each other, directly or around a circle
    (Tarjan's strongly connected components of more than one module), each sorted."""
    graph = import_graph(root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def test_no_modules_import_each_other() -> None:
    assert not cycles(), "\n".join(" ↔ ".join(group) for group in cycles())


def test_the_checker_catches_a_cycle_even_through_a_function(tmp_path: Path) -> None:
    def write(relative: str, text: str = "") -> None:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    write("skyjo_pad/__init__.py")
    write("skyjo_pad/web/__init__.py")
    write("skyjo_pad/web/table.py", "from . import online\n")
    write("skyjo_pad/web/online.py", "def page():\n    from .table import render\n")
    write("skyjo_pad/web/forms.py", "from . import words\n")  # no cycle: words needs it for types
    write(
        "skyjo_pad/web/words.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .forms import Form\n",
    )
    assert cycles(tmp_path) == [["skyjo_pad.web.online", "skyjo_pad.web.table"]]


MODULE_LINES = 450
"""A module longer than this says why in its docstring (it names the number)."""


def test_no_module_is_long_unless_its_docstring_says_why() -> None:
    long = [
        f"{path.relative_to(ROOT)}: {count} lines"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "migrations" not in path.parts
        and (count := len(path.read_text().splitlines())) > MODULE_LINES
        and str(MODULE_LINES) not in (ast.get_docstring(ast.parse(path.read_text())) or "")
    ]
    assert not long, "split these, or say in the docstring why not:\n" + "\n".join(long)
