"""What a table's screen holds for whoever looks at it: one screen type for every table.

Made of the actor's own view (a spectator's for a watcher, the host and spectators), the
table's public events and the engine's reasons only: the presenters turn it into the
one-phone play screen's JSON or the online answer of API.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import EndedRound, Move, Position, View, ended_round, game_winners, view
from ..models import ABANDONED, Game, TableState
from . import table_policy as policy


@dataclass(frozen=True, slots=True)
class Screen:
    """A table as one actor may see it now."""

    id: str
    version: int
    """Moves on with every change; a move made on an older one is refused as stale."""
    status: str
    """playing, finished or abandoned."""
    role: str
    """owner or watcher (a device at a one-phone table); seat, host or spectator (online)."""
    bots: tuple[str | None, ...]
    """The computer player of each seat, None for a person."""
    names: tuple[str, ...]
    seen: View
    """The actor's view (a spectator's when `watching`)."""
    seat: int | None
    """The seat whose grid the screen shows as its own (None: host, spectator)."""
    actor: int | None
    """The seat to act (None once the round or the game is over)."""
    moves: tuple[Move, ...]
    """What this actor may do now (nothing when it is not its turn)."""
    can_deal: bool
    """Whether this actor may deal the next round now."""
    log: tuple[dict[str, Any] | str, ...]
    """The latest events (`table_events`), oldest first; words, for tables kept before."""
    ended: EndedRound | None
    """The round just ended, once it is over (every card is face up: all public)."""
    winners: tuple[int, ...]
    """The seats sharing the win, once the game is over."""
    watching: bool
    """The actor moves nothing: another device, the host, a spectator."""
    chosen_deal: bool
    """Whoever made the table chose its deal number, so they can know every card."""

    @property
    def abandoned(self) -> bool:
        """Whether the table was stopped for good."""
        return self.status == ABANDONED


def build(game: Game, state: TableState, position: Position, actor: policy.Actor) -> Screen:
    """The screen `actor` gets of the table at `position`: its view, and nothing it hides."""
    bots = tuple(state.bots)
    moves, can_deal = policy.offered(actor, state, position)
    return Screen(
        id=game.id,
        version=game.version,
        status=state.status,
        role=actor.role,
        bots=bots,
        names=tuple(seat.player.name for seat in game.seats),
        seen=view(position, policy.viewer(actor, position, bots)),
        seat=policy.shown_seat(actor, position, bots),
        actor=policy.actor_of(position),
        moves=moves,
        can_deal=can_deal,
        log=tuple(state.log),
        ended=ended_round(position),
        winners=game_winners(position),
        watching=not actor.moves_cards,
        chosen_deal=state.chosen_deal,
    )
