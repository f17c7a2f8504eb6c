"""The examples in the docstrings run, and a module that should carry examples has some.

Every engine module carries examples (python-chess's habit: the public docstrings show
how a call looks); so do the other modules listed here. A listed module whose examples
were lost fails instead of passing with nothing tested.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import skyjo_pad.engine

ENGINE = [
    f"skyjo_pad.engine.{info.name}" for info in pkgutil.iter_modules(skyjo_pad.engine.__path__)
]
OTHERS = [
    "skyjo_pad.bots.base",
    "skyjo_pad.bots.ev",
    "skyjo_pad.bots.knowledge",
    "skyjo_pad.bots.policy",
    "skyjo_pad.bots.registry",
    "skyjo_pad.simulate",
    "skyjo_pad.services.round_entry",
    "skyjo_pad.services.stats",
    "skyjo_pad.services.summaries",
    "skyjo_pad.services.table_events",
    "skyjo_pad.presenters.table_words",
    "skyjo_pad.services.text",
    "skyjo_pad.addresses",
    "skyjo_pad.i18n",
]


@pytest.mark.parametrize("name", ENGINE + OTHERS)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples in its docstrings"
    assert result.failed == 0
