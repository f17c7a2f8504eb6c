"""The examples in the engine's docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import skyjo_pad.engine

MODULES = [info.name for info in pkgutil.iter_modules(skyjo_pad.engine.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"skyjo_pad.engine.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
