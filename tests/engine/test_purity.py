"""The engine imports nothing outside the standard library (and itself)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "skyjo_pad" / "engine"


def imported_modules(path: Path) -> list[str]:
    """Top-level names of every absolute import in a file ('' for relative imports)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("" if node.level else node.module or "")
    return names


def test_engine_has_modules() -> None:
    assert len(list(ENGINE.glob("*.py"))) >= 10


def test_engine_imports_only_the_standard_library() -> None:
    outside = {
        f"{path.name}: {name}"
        for path in sorted(ENGINE.glob("*.py"))
        for name in imported_modules(path)
        if name
        and not name.startswith("skyjo_pad.engine")
        and name.split(".")[0] not in sys.stdlib_module_names
    }
    assert not outside, f"the engine imports outside the standard library: {sorted(outside)}"


def test_the_checker_sees_third_party_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom flask import Flask\nfrom . import cards\n")
    assert imported_modules(sample) == ["json", "flask", ""]
    assert "flask" not in sys.stdlib_module_names
