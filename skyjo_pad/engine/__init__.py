"""The rules of SKYJO as pure Python: standard library only, no I/O, no globals.

See README.md in this folder. The score pad, the digital table, the bots and the
replay command all play by these modules. The front door:

- `new_game(players, rules, seed)` deals round 1; `legal_moves(position)` and
  `apply(position, move)` are the one legality check (`IllegalMove` says why);
- `round_result(position)` scores a round just ended, `game_winners`, `next_starter`;
  `score_grid` and `score_round` score a grid and a round's raw scores;
- `outcome(position, move)` plays a move and returns the rules' reasons: the line
  removed, who closed, who starts and why, the round ended (with why the closer was or
  was not doubled);
- `view(position, seat)` is the one place secrets are removed;
- `compact` is the fast compact-table API for bots and simulations (see README.md);
- `position_to_json` / `position_from_json`, `record_*`, `move_*`, `view_to_json`
  speak the skyjo-position/1 and skyjo-record/1 notation.
"""

from . import compact
from .actions import Deal, Discard, Draw, Flip, Move, Reveal, Swap, TakeDiscard
from .checks import check_position
from .errors import IllegalMove, NotationError, PositionError, Reason, Refusal
from .game import game_winners, new_game, next_starter, round_result
from .moves import apply, legal_moves, mover
from .notation import (
    Record,
    move_from_json,
    move_to_json,
    position_from_json,
    position_to_json,
    record_from_json,
    record_to_json,
    round_to_json,
    view_to_json,
)
from .reasons import (
    Cleared,
    EndedRound,
    Line,
    Outcome,
    Reasons,
    Start,
    StartRule,
    ended_round,
    outcome,
    start_of,
    value_grids,
)
from .rules import Rules, RulesError
from .scoring import (
    Doubling,
    RoundResult,
    can_be_doubled,
    column_points,
    doubling,
    score_grid,
    score_round,
)
from .state import Card, CardGrid, Coord, Held, HeldFrom, Phase, Position
from .views import HIDDEN, Hidden, View, ViewCell, view

__all__ = [
    "HIDDEN",
    "Card",
    "CardGrid",
    "Cleared",
    "Coord",
    "Deal",
    "Discard",
    "Doubling",
    "Draw",
    "EndedRound",
    "Flip",
    "Held",
    "HeldFrom",
    "Hidden",
    "IllegalMove",
    "Line",
    "Move",
    "NotationError",
    "Outcome",
    "Phase",
    "Position",
    "PositionError",
    "Reason",
    "Reasons",
    "Record",
    "Refusal",
    "Reveal",
    "RoundResult",
    "Rules",
    "RulesError",
    "Start",
    "StartRule",
    "Swap",
    "TakeDiscard",
    "View",
    "ViewCell",
    "apply",
    "can_be_doubled",
    "check_position",
    "column_points",
    "compact",
    "doubling",
    "ended_round",
    "game_winners",
    "legal_moves",
    "move_from_json",
    "move_to_json",
    "mover",
    "new_game",
    "next_starter",
    "outcome",
    "position_from_json",
    "position_to_json",
    "record_from_json",
    "record_to_json",
    "round_result",
    "round_to_json",
    "score_grid",
    "score_round",
    "start_of",
    "value_grids",
    "view",
    "view_to_json",
]
