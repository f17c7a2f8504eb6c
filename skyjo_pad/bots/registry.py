"""Bots by name: `random`, `easy`, `medium`, `ev`, `hard`, or an outside one as
`package.module:factory`."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .adapter import OutsideBot
from .base import Bot, BotError
from .easy import EasyBot
from .ev import EvBot
from .hard import HardBot
from .medium import MediumBot
from .random_play import RandomBot

#: The levels offered at a digital table, weakest first.
BUILTIN: tuple[str, ...] = ("easy", "medium", "hard")
#: Every bot that comes with the project, weakest first: the table's levels, `random`
#: (the floor) and `ev` (the expected-value yardstick, see docs/bots.md).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "ev", "hard")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name; built-in bots take `seed`, an outside factory takes nothing.

    >>> make_bot("medium", seed=3).name
    'medium'
    """
    if name == "random":
        return RandomBot(seed)
    if name == "easy":
        return EasyBot(seed)
    if name == "ev":
        return EvBot(seed)
    if name == "medium":
        return MediumBot(seed)
    if name == "hard":
        return HardBot(seed)
    if ":" in name:
        return OutsideBot(load_factory(name)(), name)
    raise BotError(f"unknown bot {name!r}: use {', '.join(LEVELS)} or package.module:factory")


def load_factory(name: str) -> Callable[[], object]:
    """The factory named `package.module:factory` (imported, not called)."""
    module_name, _, attribute = name.partition(":")
    if not module_name or not attribute:
        raise BotError(f"an outside bot is named package.module:factory, not {name!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise BotError(f"cannot import {module_name!r} for the bot {name!r}: {error}") from error
    factory: object = module
    for part in attribute.split("."):
        if not hasattr(factory, part):
            raise BotError(f"{module_name!r} has no {attribute!r} for the bot {name!r}")
        factory = getattr(factory, part)
    if not callable(factory):
        raise BotError(f"{name!r} is not callable: it must be a factory taking no arguments")
    return factory
