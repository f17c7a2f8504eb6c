"""Bots by name: `random`, `easy`, `medium`, `ev`, `hard`, the yardsticks `counter`,
`clearer`, `racer`, the searching `expert`, or an outside one as `package.module:factory`."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .adapter import OutsideBot
from .base import Bot, BotError
from .easy import EasyBot
from .ev import EvBot
from .expert import ExpertBot, SearchingHardBot
from .hard import ValuedBot
from .medium import MediumBot
from .random_play import RandomBot
from .yardsticks import ClearerBot, CounterBot, RacerBot

#: The levels offered at a digital table, weakest first.
BUILTIN: tuple[str, ...] = ("easy", "medium", "hard", "expert")
#: Every bot that comes with the project, weakest first: the table's levels, `random`
#: (the floor) and `ev` (the expected-value yardstick, see docs/bots.md).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "ev", "hard")
#: The lab's yardsticks: strong heuristic players of three styles (`yardsticks.py`).
YARDSTICKS: tuple[str, ...] = ("counter", "clearer", "racer")
#: The bots whose search takes up to a second a decision (`expert.py`), so a table searches
#: their turns outside its transactions (`services/table_thinkers.py`); `hard`'s small
#: search (some 20 to 80 ms) is played inside the move, like the quick bots.
SEARCHERS: tuple[str, ...] = ("expert",)
#: Lab-only bots on learned values (`valued.py`, `values.py`).
LEARNED: tuple[str, ...] = ("valued",)
#: Every built-in name `make_bot` knows.
NAMES: tuple[str, ...] = LEVELS + YARDSTICKS + SEARCHERS + LEARNED


def make_bot(name: str, seed: int = 0, budget: int | None = None) -> Bot:
    """A new bot by name; built-in bots take `seed`, an outside factory takes nothing.

    `budget` (rollouts a decision) makes `expert` play the lab's way: exactly that much
    work, never cut short by the clock, so that a seed replays the same games; other bots
    ignore it (`hard`'s small search is a fixed amount of work with no clock anyway).

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
        return SearchingHardBot(seed)
    if name == "counter":
        return CounterBot(seed)
    if name == "clearer":
        return ClearerBot(seed)
    if name == "racer":
        return RacerBot(seed)
    if name == "valued":
        return ValuedBot(seed)
    if name == "expert":
        return ExpertBot(seed) if budget is None else ExpertBot(seed, budget, seconds=None)
    if ":" in name:
        factory = load_factory(name)
        try:
            inner = factory()
        except TypeError as error:  # it wants arguments: not a factory of bots
            raise BotError(f"{name!r} must be a factory taking no arguments: {error}") from error
        return OutsideBot(inner, name)
    raise BotError(f"unknown bot {name!r}: use {', '.join(NAMES)} or package.module:factory")


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
