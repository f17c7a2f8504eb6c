"""What a seat or a spectator may know: the one place where secrets are taken out.

Every page, fragment, API answer and bot input is made from `view(position, seat)`.
A view keeps the public facts of the position and drops the rest: the values of
face-down cards, the draw pile (only its size is shown), the seed, and a drawn card
to everyone but its holder.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules
from .state import Card, Held, HeldFrom, Phase, Position


@dataclass(frozen=True, slots=True)
class Hidden:
    """A face-down card whose value the viewer may not know (`"?"` in JSON)."""


HIDDEN = Hidden()

ViewCell = Card | Hidden | None
"""A face-up card, a hidden one, or None where a card was removed."""
ViewGrid = tuple[tuple[ViewCell, ...], ...]


@dataclass(frozen=True, slots=True)
class View:
    """A position as one seat (or a spectator) sees it."""

    viewer: int | None
    """The seat it was made for, or None for a spectator."""
    rules: Rules
    players: tuple[str, ...]
    round: int
    totals: tuple[int, ...]
    phase: Phase
    current: int | None
    closer: int | None
    grids: tuple[ViewGrid, ...]
    """Face-down cards are HIDDEN, whoever owns them."""
    draw_count: int
    """How many cards the draw pile holds."""
    discard: tuple[int, ...]
    """The whole discard pile, top first: everyone saw these cards face up."""
    held: Held | None
    """A drawn card's value shows only to its holder."""
    starter: int | None = None
    turns: int = 0


def view(position: Position, seat: int | None) -> View:
    """The position as `seat` sees it (None: a spectator).

    >>> from skyjo_pad.engine.game import new_game
    >>> v = view(new_game(["Ann", "Bob"], seed=3), None)
    >>> v.grids[0][0][0], v.draw_count
    (Hidden(), 125)
    """
    if seat is not None and seat not in position.seats:
        raise ValueError(f"there is no seat {seat}: seats go from 0 to {len(position.players) - 1}")
    return View(
        viewer=seat,
        rules=position.rules,
        players=position.players,
        round=position.round,
        totals=position.totals,
        phase=position.phase,
        current=position.current,
        closer=position.closer,
        grids=tuple(tuple(tuple(map(_seen, row)) for row in grid) for grid in position.grids),
        draw_count=len(position.draw),
        discard=position.discard,
        held=_held(position, seat),
        starter=position.starter,
        turns=position.turns,
    )


def _seen(cell: Card | None) -> ViewCell:
    return HIDDEN if cell is not None and not cell.face_up else cell


def _held(position: Position, seat: int | None) -> Held | None:
    held = position.held
    if held is None or held.source is not HeldFrom.DRAW or seat == position.current:
        return held
    return Held(None, HeldFrom.DRAW)
