"""Computer players. They depend on the engine only, and see what a person in their seat
sees: `choose(view, legal_moves) -> move`, never the full position.

- `easy`, `medium`, `hard`: the built-in bots (`make_bot(name, seed)`);
- `package.module:factory`: an outside bot speaking the FORMATS.md JSON (`adapter.py`);
- `ask(bot, position, seat)`: how a driver asks a bot for a move, through `view`.
"""

from .adapter import OutsideBot
from .base import Bot, BotError, ask, decision_rng
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .registry import BUILTIN, load_factory, make_bot

__all__ = [
    "BUILTIN",
    "Bot",
    "BotError",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "OutsideBot",
    "ask",
    "decision_rng",
    "load_factory",
    "make_bot",
]
