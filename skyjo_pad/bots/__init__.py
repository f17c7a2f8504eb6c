"""Computer players. They depend on the engine only, and see what a person in their seat
sees: `choose(view, legal_moves) -> move`, never the full position.

- `random`, `easy`, `medium`, `ev`, `hard`: the built-in levels (`make_bot(name, seed)`);
  `hard` is its judgement (`HardBot`) checked by a small search (`SearchingHardBot`);
- `expert`: the same search, large: the table's strongest level;
- `counter`, `clearer`, `racer`: the lab's yardsticks;
  `valued`: `hard` judged by values learned by self-play (`values.py`);
- `package.module:factory`: an outside bot speaking the FORMATS.md JSON (`adapter.py`);
- `ask(bot, position, seat)`: how a driver asks a bot for a move, through `view`.
"""

from .adapter import OutsideBot
from .base import Bot, BotError, ask, decision_rng
from .easy import EasyBot
from .ev import EvBot
from .expert import ExpertBot, SearchingHardBot
from .hard import HardBot, ValuedBot
from .medium import MediumBot
from .random_play import RandomBot
from .registry import BUILTIN, LEVELS, NAMES, SEARCHERS, YARDSTICKS, load_factory, make_bot
from .yardsticks import ClearerBot, CounterBot, RacerBot

__all__ = [
    "BUILTIN",
    "LEVELS",
    "NAMES",
    "SEARCHERS",
    "YARDSTICKS",
    "Bot",
    "BotError",
    "ClearerBot",
    "CounterBot",
    "EasyBot",
    "EvBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "OutsideBot",
    "RacerBot",
    "RandomBot",
    "SearchingHardBot",
    "ValuedBot",
    "ask",
    "decision_rng",
    "load_factory",
    "make_bot",
]
