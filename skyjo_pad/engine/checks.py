"""Whether a position could happen under the rules: `check_position` names what cannot.

>>> from dataclasses import replace
>>> from .game import new_game
>>> game = new_game(["Ann", "Bob"], seed=1)
>>> check_position(game)
>>> check_position(replace(game, current=5))
Traceback (most recent call last):
...
skyjo_pad.engine.errors.PositionError: ...
"""

from __future__ import annotations

from itertools import chain

from .cards import excess, is_card
from .errors import PositionError
from .game import players_problem
from .limits import CELLS, COLUMNS, ROUNDS_MAX, ROWS, SEED_MAX
from .scoring import complete_columns, complete_rows, game_over
from .state import Card, CardGrid, HeldFrom, Phase, Position

_PLAYING = (Phase.TURN, Phase.FINAL_TURNS)
_OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


def check_position(position: Position) -> None:
    """Raise PositionError naming the first thing in `position` that cannot happen.

    A position need not hold all 150 cards (a test may list only the cards that matter),
    but it may not hold more of a value than the deck has.
    """
    problem = _problem(position)
    if problem:
        raise PositionError(problem)


def _problem(p: Position) -> str | None:
    p.rules.validate()
    return (
        players_problem(p.players, p.rules)
        or _numbers_problem(p)
        or _grids_problem(p)
        or _cards_problem(p)
        or _seats_problem(p)
        or _phase_problem(p)
        or _held_problem(p)
        or _lines_problem(p)
    )


def _numbers_problem(p: Position) -> str | None:
    if not _whole(p.round) or not 1 <= p.round <= ROUNDS_MAX:
        return f"round must be a whole number from 1 to {ROUNDS_MAX}"
    if len(p.totals) != len(p.players) or not all(_whole(t) for t in p.totals):
        return f"totals must hold one whole number per player ({len(p.players)})"
    if not _whole(p.turns) or p.turns < 0:
        return "turns must be a whole number from 0"
    if p.seed is not None and (not _whole(p.seed) or not 0 <= p.seed <= SEED_MAX):
        return f"seed must be a whole number from 0 to {SEED_MAX}"
    return None


def _grids_problem(p: Position) -> str | None:
    if len(p.grids) != len(p.players):
        return f"there must be one grid per player ({len(p.players)}), not {len(p.grids)}"
    for seat, grid in enumerate(p.grids):
        if len(grid) != ROWS or any(len(row) != COLUMNS for row in grid):
            return f"grid {seat} must be {ROWS} rows of {COLUMNS} cells"
        for cell in chain.from_iterable(grid):
            if cell is not None and not (isinstance(cell, Card) and is_card(cell.value)):
                return f"grid {seat} holds {cell!r}, which is not a card"
    return None


def _cards_problem(p: Position) -> str | None:
    for name, pile in (("draw", p.draw), ("discard", p.discard)):
        for card in pile:
            if not is_card(card):
                return f"the {name} pile holds {card!r}, which is not a card"
    held = p.held
    if held is not None and held.source is not HeldFrom.FLIP and not is_card(held.value):
        shown = "null" if held.value is None else repr(held.value)
        return f"the held card is {shown}, which is not a card: cards go from -2 to 12"
    cards = [c.value for grid in p.grids for row in grid for c in row if c is not None]
    cards += [*p.draw, *p.discard]
    if p.held is not None and p.held.value is not None:
        cards.append(p.held.value)
    too_many = excess(cards)
    if too_many:
        value, count = too_many
        return f"there are {count} cards of {value} in the position; the deck has fewer"
    return None


def _seats_problem(p: Position) -> str | None:
    for name in ("current", "closer", "starter"):
        seat = getattr(p, name)
        if seat is not None and (not _whole(seat) or not 0 <= seat < len(p.players)):
            return f"{name} is {seat}, but the seats go from 0 to {len(p.players) - 1}"
    if p.current is None and p.phase not in _OVER:
        return f"current must name the seat to act in the {p.phase.value} phase"
    if p.starter is not None and (p.round == 1 or p.rules.next_starter == "highest_reveal"):
        return "starter must be null in round 1 and under highest_reveal: the reveals decide"
    return None


def _phase_problem(p: Position) -> str | None:
    down = [p.face_down(seat) for seat in p.seats]
    needed = min(p.rules.reveal_count, CELLS)
    phase = p.phase
    if phase is Phase.REVEAL:
        return _reveal_problem(p, down, needed)
    if phase in _OVER:
        return _over_problem(p, down)
    if p.turns >= p.rules.turn_limit:
        limit = p.rules.turn_limit
        why = "stall_turns" if limit == p.rules.stall_turns else f"the {limit}-turn limit"
        return f"{p.turns} turns reach {why}, so the round would be over"
    for seat in p.seats:
        if CELLS - down[seat] < needed:
            return f"seat {seat} has turned up fewer than the {needed} opening cards"
    if phase is Phase.TURN:
        if p.closer is not None:
            return "the turn phase has no closer yet: use final_turns"
        if needed < CELLS and 0 in down:
            seat = down.index(0)
            return f"seat {seat} has no face-down card left, so the round would be in final_turns"
        return None
    if p.closer is None:
        return "the final_turns phase needs the closer"
    if down[p.closer]:
        return f"the closer, seat {p.closer}, still has face-down cards"
    if p.current == p.closer:
        return "the closer does not play again"
    waiting = p.current
    while needed < CELLS and waiting is not None and waiting != p.closer:  # last turns to play
        if not down[waiting]:
            return f"seat {waiting} has no face-down card left, so it would have closed the round"
        waiting = (waiting + 1) % len(p.players)
    return None


def _reveal_problem(p: Position, down: list[int], needed: int) -> str | None:
    if p.closer is not None or p.turns or p.held is not None:
        return "in the reveal phase there is no closer, no turn played and no card held"
    for seat in p.seats:
        if CELLS - down[seat] > needed:
            return f"seat {seat} has turned up more than the {needed} opening cards"
    current = p.current if p.current is not None else 0
    if CELLS - down[current] >= needed:
        return f"current is seat {current}, which has no opening card left to turn up"
    return None


def _over_problem(p: Position, down: list[int]) -> str | None:
    if any(down):
        return f"every card is face up once the round is over (phase {p.phase.value})"
    if p.held is not None:
        return "no card is held once the round is over"
    reached = game_over(p.totals, p.rules)
    if p.phase is Phase.GAME_OVER and not reached and p.round < ROUNDS_MAX:
        return f"game_over needs a total of {p.rules.target} or more (or round {ROUNDS_MAX})"
    if p.phase is Phase.GAME_OVER and p.current is not None:
        return "current must be null once the game is over"
    if p.phase is Phase.ROUND_OVER and reached:
        return f"a total reached {p.rules.target}, so the phase must be game_over"
    if p.phase is Phase.ROUND_OVER and p.round >= ROUNDS_MAX:
        return f"round {ROUNDS_MAX} is the last, so the phase must be game_over"
    revealed = p.rules.next_starter == "highest_reveal"  # the next round's reveals decide
    if p.phase is Phase.ROUND_OVER and (p.current is None) != revealed:
        if revealed:
            return "current must be null once the round is over: the reveals decide who starts"
        return "current must name the seat that starts the next round"
    ended_by = p.closer if p.rules.next_starter == "closer" else None  # else: its scores decide
    if p.phase is Phase.ROUND_OVER and ended_by is not None and p.current != ended_by:
        return f"current must be seat {ended_by}: the closer starts the next round"
    return None


def _held_problem(p: Position) -> str | None:
    held = p.held
    if held is None:
        return None
    if p.phase not in _PLAYING:
        return f"no card can be held in the {p.phase.value} phase"
    if held.source is HeldFrom.FLIP:
        if held.value is not None:
            return 'a flip that is owed holds no card: its "value" must be null'
        if p.current is not None and not p.face_down(p.current):
            return "a flip is owed but the current seat has no face-down card"
    elif not is_card(held.value):
        return f"the held card {held.value!r} is not a card"
    return None


def _lines_problem(p: Position) -> str | None:
    for seat, grid in enumerate(p.grids):
        lines = "whole columns, or whole rows (row_clear)" if p.rules.row_clear else "whole columns"
        for row, column in _removed_alone(grid, p.rules.row_clear):
            return f"seat {seat}'s cell [{row}, {column}] is removed, but cards go only in {lines}"
        values = _face_up_values(grid)
        for column in complete_columns(values):
            return f"seat {seat}'s column {column} holds three equal face-up cards: remove it"
        if p.rules.row_clear:
            for row in complete_rows(values):
                return f"seat {seat}'s row {row} holds four equal face-up cards: remove it"
    return None


def _removed_alone(grid: CardGrid, row_clear: bool) -> list[tuple[int, int]]:
    """The removed cells (null) that are not in a removed column (nor, with `row_clear`,
    in a removed row): cards leave a grid only a whole line at a time."""
    column_gone = [all(row[c] is None for row in grid) for c in range(COLUMNS)]
    return [
        (r, c)
        for r, row in enumerate(grid)
        for c, cell in enumerate(row)
        if cell is None and not column_gone[c] and not (row_clear and all(x is None for x in row))
    ]


def _face_up_values(grid: CardGrid) -> tuple[tuple[int | None, ...], ...]:
    return tuple(
        tuple(c.value if c is not None and c.face_up else None for c in row) for row in grid
    )


def _whole(value: object) -> bool:
    return type(value) is int
