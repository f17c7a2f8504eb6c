"""The one legality check: `legal_moves(position)` and `apply(position, move)`.

Pages, the API, bots and replays all move through here. `apply` refuses an illegal move
with `IllegalMove` saying why in plain words, and never changes the position it is given
(positions are immutable); a legal move gives a new position.
"""

from __future__ import annotations

from . import play
from .actions import Deal, Discard, Draw, Flip, Move, Reveal, Swap, TakeDiscard
from .cards import deck_problem
from .compact_table import (
    EMPTY,
    FLIP_OWED,
    FROM_DISCARD,
    FROM_DRAW,
    GAME_OVER,
    GONE,
    REVEAL,
    ROUND_OVER,
    CompactTable,
)
from .errors import IllegalMove, Reason
from .limits import CELLS, COLUMNS, ROWS
from .state import Coord, Position

__all__ = ["IllegalMove", "apply", "code_of", "legal_moves", "move_of", "mover", "why_illegal"]

_SINGLES: dict[int, Move] = {
    play.TAKE: TakeDiscard(),
    play.DRAW: Draw(),
    play.DISCARD: Discard(),
    play.DEAL: Deal(),
}
_SWAPS = tuple(Swap(divmod(i, COLUMNS)) for i in range(CELLS))
_FLIPS = tuple(Flip(divmod(i, COLUMNS)) for i in range(CELLS))


def legal_moves(position: Position, seat: int | None = None) -> list[Move]:
    """Every legal move in the position, or only those `seat` may make.

    >>> from skyjo_pad.engine.game import new_game
    >>> legal_moves(new_game(["Ann", "Bob"], seed=1), seat=1)[0]
    Reveal(seat=1, cell=(0, 0))
    """
    moves = [move_of(code) for code in play.legal_codes(CompactTable.from_position(position))]
    if seat is None:
        return moves
    return [move for move in moves if mover(position, move) == seat]


def apply(position: Position, move: Move) -> Position:
    """The position after `move`; raises IllegalMove (and changes nothing) if not legal.

    >>> from skyjo_pad.engine.game import new_game
    >>> apply(new_game(["Ann", "Bob"], seed=1), Draw())
    Traceback (most recent call last):
    ...
    skyjo_pad.engine.errors.IllegalMove: everyone must first turn up 2 cards
    """
    table = CompactTable.from_position(position)
    reason = why_illegal(table, move)
    if reason is not None:
        raise IllegalMove(reason)
    if isinstance(move, Deal):
        play.deal(table, move.deck)
    else:
        play.step(table, code_of(move))
    return table.to_position()


def mover(position: Position, move: Move) -> int | None:
    """The seat that makes `move`: its own seat for a reveal, else the seat to act.

    None for a deal, which is the table's (the host's) step rather than a seat's.
    """
    if isinstance(move, Reveal):
        return move.seat
    if isinstance(move, Deal):
        return None
    return position.current


def code_of(move: Move) -> int:
    """The compact code of a move whose cells are in range (a Deal's deck is left out)."""
    if isinstance(move, Swap):
        return play.SWAP + _index(move.cell)
    if isinstance(move, Flip):
        return play.FLIP + _index(move.cell)
    if isinstance(move, Reveal):
        return play.REVEAL_AT + CELLS * move.seat + _index(move.cell)
    if isinstance(move, TakeDiscard):
        return play.TAKE
    if isinstance(move, Draw):
        return play.DRAW
    if isinstance(move, Discard):
        return play.DISCARD
    return play.DEAL


def move_of(code: int) -> Move:
    """The move of a compact code."""
    if code < play.FLIP:
        return _SWAPS[code - play.SWAP]
    if code < play.TAKE:
        return _FLIPS[code - play.FLIP]
    if code < play.REVEAL_AT:
        return _SINGLES[code]
    seat, cell = divmod(code - play.REVEAL_AT, CELLS)
    return Reveal(seat, divmod(cell, COLUMNS))


def why_illegal(t: CompactTable, move: Move) -> Reason | None:
    """Why `move` is not legal on the table, in plain words, or None if it is legal."""
    phase = t.phase
    if isinstance(move, Deal):
        if phase != ROUND_OVER:
            return Reason("a new round is dealt only once the round is over")
        problem = None if move.deck is None else deck_problem(move.deck)
        return None if problem is None else Reason(problem)
    if phase == GAME_OVER:
        return Reason("the game is over")
    if phase == ROUND_OVER:
        return Reason("the round is over: deal the next round")
    needed = min(t.rules.reveal_count, CELLS)
    if isinstance(move, Reveal):
        return _reveal_problem(t, move, needed)
    if phase == REVEAL:
        return Reason("everyone must first turn up %(needed)s cards", needed=needed)
    if isinstance(move, TakeDiscard | Draw):
        return _start_problem(t, move)
    if isinstance(move, Swap):
        return _swap_problem(t, move.cell)
    if isinstance(move, Discard):
        return _discard_problem(t)
    return _flip_problem(t, move.cell)


def _reveal_problem(t: CompactTable, move: Reveal, needed: int) -> Reason | None:
    if t.phase != REVEAL:
        return Reason("the opening reveals are over")
    if not 0 <= move.seat < t.n:
        return Reason(
            "there is no seat %(seat)s: seats go from 0 to %(last)s", seat=move.seat, last=t.n - 1
        )
    problem = _cell_problem(move.cell)
    if problem:
        return problem
    if CELLS - t.down[move.seat] >= needed:
        return Reason(
            "seat %(seat)s has already turned up its %(needed)s cards",
            seat=move.seat,
            needed=needed,
        )
    problem = _gone_problem(t, move.cell, move.seat)
    if problem:  # a line turned up whole in the opening, and removed
        return problem
    if t.cells[CELLS * move.seat + _index(move.cell)] < GONE:
        return Reason("the card at %(cell)s is already face up", cell=_show(move.cell))
    return None


def _start_problem(t: CompactTable, move: TakeDiscard | Draw) -> Reason | None:
    if t.source == FLIP_OWED:
        return Reason("you put the drawn card on the discard pile: now turn up a face-down card")
    if t.source != EMPTY:
        return Reason("you already hold a card: put it in your grid first")
    if isinstance(move, TakeDiscard):
        return None if t.discard else Reason("the discard pile is empty")
    if not t.draw and len(t.discard) < 2:
        return Reason("the draw pile is empty and there are no discards to shuffle into a new one")
    return None


def _swap_problem(t: CompactTable, cell: Coord) -> Reason | None:
    if t.source == EMPTY:
        return Reason("you have no card to place: take the discard or draw a card first")
    if t.source == FLIP_OWED:
        return Reason("you put the drawn card on the discard pile: now turn up a face-down card")
    return _cell_problem(cell) or _gone_problem(t, cell)


def _discard_problem(t: CompactTable) -> Reason | None:
    if t.source == EMPTY:
        return Reason("you have no card to put on the discard pile: draw a card first")
    if t.source == FROM_DISCARD:
        return Reason("you must swap the card you took from the discard pile")
    if t.source == FLIP_OWED:
        return Reason(
            "you already put the drawn card on the discard pile: now turn up a face-down card"
        )
    if not t.down[t.current]:
        return Reason("you have no face-down card to turn up, so you must swap the card you drew")
    return None


def _flip_problem(t: CompactTable, cell: Coord) -> Reason | None:
    if t.source == EMPTY:
        return Reason("you turn up a card only after putting a drawn card on the discard pile")
    if t.source == FROM_DISCARD:
        return Reason("you must swap the card you took from the discard pile")
    if t.source == FROM_DRAW:
        return Reason(
            "swap the card you drew, or put it on the discard pile, before turning one up"
        )
    problem = _cell_problem(cell) or _gone_problem(t, cell)
    if problem:
        return problem
    if t.cells[CELLS * t.current + _index(cell)] < GONE:
        return Reason(
            "the card at %(cell)s is already face up: turn up a face-down card", cell=_show(cell)
        )
    return None


def _cell_problem(cell: Coord) -> Reason | None:
    row, column = cell
    if 0 <= row < ROWS and 0 <= column < COLUMNS:
        return None
    return Reason(
        "there is no cell %(cell)s: rows go from 0 to %(last_row)s "
        "and columns from 0 to %(last_column)s",
        cell=_show(cell),
        last_row=ROWS - 1,
        last_column=COLUMNS - 1,
    )


def _gone_problem(t: CompactTable, cell: Coord, seat: int | None = None) -> Reason | None:
    """A removed card's place at `cell` of `seat`'s grid (the seat on turn's, by default)."""
    if t.cells[CELLS * (t.current if seat is None else seat) + _index(cell)] == GONE:
        return Reason(
            "there is no card at %(cell)s any more: its line was removed", cell=_show(cell)
        )
    return None


def _index(cell: Coord) -> int:
    return COLUMNS * cell[0] + cell[1]


def _show(cell: Coord, width: int = 24) -> str:
    """A cell as it is written in a move, cut short if a number in it is absurdly long."""
    text = f"[{cell[0]}, {cell[1]}]"
    return text if len(text) <= width else text[: width - 1] + "…"
