"""What a table's screen holds for whoever looks at it: one screen type for every table.

Made of the actor's own view (a spectator's for a watcher, the host and spectators), the
table's public events and the engine's reasons only: the presenters turn it into the
one-phone play screen's JSON or the online answer of API.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine import EndedRound, Move, Position, View, ended_round, game_winners, view
from ..models import ABANDONED, PLAYING, Game, TableState
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
    """The seat to act (None once the round or the game is over, or the table abandoned)."""
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
    steps: int = 0
    """How many moves the table has had (public: its replay has as many steps); a move
    made on this screen is move `steps + 1`, the number the coach is asked about."""

    @property
    def abandoned(self) -> bool:
        """Whether the table was stopped for good."""
        return self.status == ABANDONED


@dataclass(frozen=True, slots=True)
class Table:
    """A table at one version, detached from the database (server only: the position
    holds every secret): what every actor's screen of that version is made from."""

    id: str
    version: int
    status: str
    bots: tuple[str | None, ...]
    names: tuple[str, ...]
    log: tuple[dict[str, Any] | str, ...]
    chosen_deal: bool
    position: Position
    steps: int = 0
    """How many moves the table has had."""


def table_of(
    game: Game, state: TableState, position: Position, names: tuple[str, ...] | None = None
) -> Table:
    """The table as it is now in this transaction (`position`: its state's, decoded;
    `names`: its seats', when they were read already)."""
    return Table(
        id=game.id,
        version=game.version,
        status=state.status,
        bots=tuple(state.bots),
        names=names if names is not None else tuple(seat.player.name for seat in game.seats),
        log=tuple(state.log),
        chosen_deal=state.chosen_deal,
        position=position,
        steps=len(state.moves),
    )


def build(game: Game, state: TableState, position: Position, actor: policy.Actor) -> Screen:
    """The screen `actor` gets of the table at `position`: its view, and nothing it hides."""
    return screen_of(table_of(game, state, position), actor)


def screen_of(table: Table, actor: policy.Actor) -> Screen:
    """The screen `actor` gets of `table`: its view, and nothing it hides."""
    position, bots = table.position, table.bots
    moves, can_deal = policy.offered(actor, table, position)
    return Screen(
        id=table.id,
        version=table.version,
        status=table.status,
        role=actor.role,
        bots=bots,
        names=table.names,
        seen=named(view(position, policy.viewer(actor, position, bots)), table.names),
        seat=policy.shown_seat(actor, position, bots),
        actor=policy.actor_of(position) if table.status == PLAYING else None,
        moves=moves,
        can_deal=can_deal,
        log=table.log,
        ended=ended_round(position),
        winners=game_winners(position),
        watching=not actor.moves_cards,
        chosen_deal=table.chosen_deal,
        steps=table.steps,
    )


def named(seen: View, names: tuple[str, ...]) -> View:
    """`seen` under the seats' names now, which the screens and their words show: the
    deal's (the position's) may be older, a computer's whose seat a person took since, or
    a name the address book changed."""
    return seen if seen.players == names else replace(seen, players=names)
