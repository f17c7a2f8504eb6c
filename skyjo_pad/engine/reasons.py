"""A move played with its reasons: what the rules did and why, as the engine decided it.

`outcome(position, move)` plays a move like `apply` and says what the rules did on the
way: the line the column rule (or `row_clear`) removed, who closed the round, who starts
the turns and why, and the round the move ended, scored, with why the closer was or was
not doubled. Pages, the table's words, the importer and `replay` show these answers
instead of working the rules out again.

>>> from .actions import Reveal
>>> from .game import new_game
>>> from .moves import apply
>>> game = new_game(["Ann", "Bob"], seed=42)
>>> for seat, cell in ((0, (0, 0)), (0, (1, 0)), (1, (0, 0))):
...     game = apply(game, Reveal(seat, cell))
>>> told = outcome(game, Reveal(1, (1, 0)))
>>> told.position.current, told.reasons.cleared, told.ended
(1, None, None)
>>> told.reasons.start  # 4 + 5 and -2 + 11 tie at 9: Bob's 11 is the highest card
Start(seat=1, rule=<StartRule.HIGHEST_CARD: 'highest_card'>, total=9, shown=2, tied=(0,), card=11)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from . import play
from .actions import Deal, Discard, Flip, Move, Reveal, Swap
from .compact_table import CompactTable
from .errors import IllegalMove
from .game import round_result
from .limits import COLUMNS, ROUND_TURNS_MAX
from .moves import code_of, mover, why_illegal
from .play import highest_sum
from .scoring import Grid, RoundResult, game_over
from .state import Phase, Position

OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


class Line(Enum):
    """A line of a grid the rules can remove."""

    COLUMN = "column"
    ROW = "row"
    COLUMN_AND_ROW = "column_and_row"
    """A column and a row completed by the same card (`row_clear`): both go."""


@dataclass(frozen=True, slots=True)
class Cleared:
    """A line removed by the column rule (or the row rule of `row_clear`) during a turn."""

    seat: int
    line: Line
    index: int
    """The column (or row) from 0: left to right, top to bottom."""
    value: int
    """The value of its equal cards."""
    row: int | None = None
    """With `Line.COLUMN_AND_ROW`, the row removed with the column `index`."""


class StartRule(Enum):
    """Why a seat takes the first turn of a round (RULES.md, a round, point 3)."""

    HIGHEST = "highest"
    """Its face-up cards add up highest, alone."""
    HIGHEST_CARD = "highest_card"
    """Tied for the highest sum; it has the highest single card (`first_tiebreak`)."""
    SEAT = "seat"
    """Tied for the highest sum; the first seat of those tied (`first_tiebreak`)."""
    RANDOM = "random"
    """Tied for the highest sum; drawn by lot among those tied (`first_tiebreak`)."""
    CLOSER = "closer"
    """It ended the last round (`next_starter`)."""
    ROUND_WINNER = "round_winner"
    """It scored lowest last round (`next_starter`)."""


@dataclass(frozen=True, slots=True)
class Start:
    """Who starts the turns of a round, and why."""

    seat: int
    rule: StartRule
    total: int | None = None
    """The sum of its face-up cards, when the reveals decided."""
    shown: int = 0
    """How many face-up cards made that sum."""
    tied: tuple[int, ...] = ()
    """The other seats with the same sum, when a tie was broken."""
    card: int | None = None
    """Its highest single card, when that broke the tie."""


@dataclass(frozen=True, slots=True)
class EndedRound:
    """A round that ended: its number, its scores with their reasons and the final grids."""

    number: int
    result: RoundResult
    grids: tuple[Grid, ...]
    """Each seat's cards once all were turned up and complete lines removed (None)."""
    limit: str | None = None
    """Why the round was cut short, if it was: "turns" (it reached `ROUND_TURNS_MAX`
    turns, with no closer) or "rounds" (the game reached `ROUNDS_MAX` rounds, so it is
    over though no total reached the target)."""


@dataclass(frozen=True, slots=True)
class Reasons:
    """What the rules did during one move: only facts that are public once it is played."""

    seat: int | None
    """The seat that moved (None for a deal, the table's step)."""
    cleared: Cleared | None = None
    """The line the move removed, if any."""
    shown: int | None = None
    """The card the move laid face up: turned up, placed in the grid or thrown away."""
    replaced: int | None = None
    """The card a swap took out of the grid (it now lies face up on the discard pile)."""
    closed: int | None = None
    """The seat that closed the round with this move (its last face-down card gone)."""
    start: Start | None = None
    """Who starts the turns, when this move ended the opening reveals."""
    dealt_start: Start | None = None
    """Who will start the round this deal began, when the rules fix it at the deal."""
    ended: EndedRound | None = None
    """The round this move ended, scored."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A move played: the new position, and the rules' reasons (which hold no secret)."""

    position: Position
    """The position after the move."""
    reasons: Reasons

    @property
    def ended(self) -> EndedRound | None:
        """The round this move ended, scored."""
        return self.reasons.ended


def outcome(position: Position, move: Move) -> Outcome:
    """Play `move` like `apply` (IllegalMove if it is not legal) and say what it did."""
    table = CompactTable.from_position(position)
    reason = why_illegal(table, move)
    if reason is not None:
        raise IllegalMove(reason)
    seat = mover(position, move)
    table.cleared = None
    if isinstance(move, Deal):
        play.deal(table, move.deck)
    else:
        play.step(table, code_of(move))
    after = table.to_position()
    cleared = None
    if table.cleared is not None and seat is not None:
        what, index, value = table.cleared
        if what == 2:  # the cell where the column and the row cross
            cleared = Cleared(seat, Line.COLUMN_AND_ROW, index % COLUMNS, value, index // COLUMNS)
        else:
            cleared = Cleared(seat, Line.ROW if what else Line.COLUMN, index, value)
    shown, replaced = _cards_shown(position, move, after)
    started = position.phase is Phase.REVEAL and after.phase is Phase.TURN
    reasons = Reasons(
        seat=seat,
        cleared=cleared,
        shown=shown,
        replaced=replaced,
        closed=after.closer if position.closer is None and after.closer is not None else None,
        start=start_of(after) if started else None,
        dealt_start=_dealt_start(position, after),
        ended=ended_round(after) if after.phase in OVER and position.phase not in OVER else None,
    )
    return Outcome(after, reasons)


def _cards_shown(before: Position, move: Move, after: Position) -> tuple[int | None, int | None]:
    """The card a move laid face up, and the card a swap replaced (both public now)."""
    if isinstance(move, Discard):
        return after.discard[0], None
    if isinstance(move, Reveal | Flip):
        seat = move.seat if isinstance(move, Reveal) else before.current
        assert seat is not None
        card = before.grids[seat][move.cell[0]][move.cell[1]]
        return (None if card is None else card.value), None
    if isinstance(move, Swap):
        assert before.held is not None and before.current is not None
        old = before.grids[before.current][move.cell[0]][move.cell[1]]
        return before.held.value, None if old is None else old.value
    return None, None


def _dealt_start(before: Position, after: Position) -> Start | None:
    """Who the deal from `before` to `after` fixed to start (None when the reveals decide)."""
    if after.round == before.round or after.starter is None:
        return None
    return _fixed(before.rules.next_starter, after.starter, before.closer is not None)


def ended_round(position: Position) -> EndedRound | None:
    """The round just ended in `position` (round_over or game_over), else None."""
    result = round_result(position)
    if result is None:
        return None
    return EndedRound(position.round, result, value_grids(position), _limit(position))


def _limit(position: Position) -> str | None:
    """Which of the engine's limits ended the round or the game, if one did."""
    if position.phase is Phase.GAME_OVER and not game_over(position.totals, position.rules):
        return "rounds"
    stall = position.rules.stall_turns
    cut = stall is None or stall > ROUND_TURNS_MAX  # not the rules' own stall_turns
    if position.closer is None and position.turns >= ROUND_TURNS_MAX and cut:
        return "turns"
    return None


def value_grids(position: Position) -> tuple[Grid, ...]:
    """Each seat's grid as card values, None for a removed card (face up or not)."""
    return tuple(
        tuple(tuple(None if c is None else c.value for c in row) for row in grid)
        for grid in position.grids
    )


def start_of(position: Position) -> Start:
    """Who starts the turns of the round and why, once the opening reveals are done."""
    seat = position.current
    assert seat is not None
    if position.starter is not None:
        # The position no longer says whether the last round had a closer: under
        # `closer` the reason is the closer's (`Reasons.dealt_start`, told at the deal,
        # knows when a round without one fell back to its lowest score).
        return _fixed(position.rules.next_starter, position.starter, had_closer=True)
    ups = [
        [c.value for row in grid for c in row if c is not None and c.face_up]
        for grid in position.grids
    ]
    best, tied = highest_sum(ups)
    others = tuple(s for s in tied if s != seat)
    if not others:
        return Start(seat, StartRule.HIGHEST, best, len(ups[seat]))
    rule = StartRule(position.rules.first_tiebreak)
    card = max(ups[seat]) if rule is StartRule.HIGHEST_CARD else None
    return Start(seat, rule, best, len(ups[seat]), others, card)


def _fixed(next_starter: str, starter: int, had_closer: bool) -> Start:
    """The start the `next_starter` rule fixed at the deal: the closer's seat, or the
    lowest score of the last round (`round_winner`, and `closer` when nobody closed)."""
    if next_starter == "closer" and had_closer:
        return Start(starter, StartRule.CLOSER)
    return Start(starter, StartRule.ROUND_WINNER)


__all__ = [
    "Cleared",
    "EndedRound",
    "Line",
    "Outcome",
    "Reasons",
    "Start",
    "StartRule",
    "ended_round",
    "outcome",
    "start_of",
    "value_grids",
]
