"""The one-phone digital table: start one, play it move by move, let the computer play,
keep it (an online table is the same table reached through tokens: `online`).

The full position lives in `TableState` on the server (`table_store`); what leaves it is
one actor's `Screen` (`table_view`), told in words and JSON by the presenters. Every move
goes through the one use case of `table_play`, which asks `table_policy` whose it is. A
table is played on one device (the browser that started it); any other watches, with a
spectator's view and no moves. An online table does not exist for these use cases: they
answer 404 for it, whoever asks. A round that ends is stored as `Round` rows, like a
score pad round, so history and stats see a table game as any other game.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..bots import BUILTIN, ask, make_bot
from ..bots.base import mix
from ..engine import (
    EndedRound,
    Move,
    PositionError,
    Rules,
    RulesError,
    View,
    ended_round,
    game_winners,
    new_game,
    position_to_json,
    view,
)
from ..engine.limits import MAX_PLAYERS, SECRET_SEED_BITS, SEED_MAX
from ..engine.notation import RECORD_FORMAT
from ..extensions import db
from ..models import PLAYING, Game, GameSeat, TableState
from . import players as player_book
from . import roster, table_play
from . import table_policy as policy
from . import table_store as store
from .errors import N_, Conflict, Invalid, NotFound, refused
from .pad import capped
from .retry import retried
from .table_view import Screen, build, named
from .transaction import transaction

EXTENDED_NEEDED = N_(
    "The official rules seat 2 to %(max)s players: you have %(count)s. Up to 12 play with "
    "the rule “Up to 12 players” (max_players 12)."
)
HINT_SALT = 7
"""Mixed into the seed of the bot that gives hints, so it is not a seat's own bot."""
SEED_LARGEST = str(SEED_MAX)
"""The largest deal number, written out (39 digits: a secret deal's are up to it)."""
SEED_PROBLEM = N_("The deal number is a whole number from 0 to %(max)s.")
"""Refuses a deal number; it takes `max=SEED_LARGEST`."""
NOT_OVER = N_("The record shows every card, so it is ready once the game is over or abandoned.")


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """Who sits at a seat: a name, and the bot's name for a computer player."""

    name: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class Setup:
    """How a table was started: to start it again ("play this deal again")."""

    seats: tuple[SeatChoice, ...]
    rules: Rules
    seed: int | None
    """Only once the table is over: the deal number tells every card."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The move the hard computer player would make, and the view it is made on."""

    move: Move
    seen: View


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table after `step` of its `steps` moves, as a spectator sees it."""

    step: int
    steps: int
    seen: View
    bots: tuple[str | None, ...]
    event: dict[str, Any] | None
    """What the last move did (None at step 0: the deal)."""
    ended: EndedRound | None
    winners: tuple[int, ...]


def table_rules(data: Mapping[str, Any] | None) -> Rules:
    """Every rule option of RULES.md from JSON-like data, defaults for what is left out."""
    try:
        rules = Rules.from_dict(data)
    except (RulesError, TypeError) as error:
        message = refused(error) if isinstance(error, RulesError) else "Unknown rule option."
        raise Invalid(message, field="rules") from error
    return capped(rules)


@dataclass(frozen=True, slots=True)
class Plan:
    """A table checked and dealt, not stored yet: its names, bots, rules and first deal."""

    names: list[str]
    bots: list[str | None]
    rules: Rules
    seed: int
    start: dict[str, Any]
    chosen: bool
    """The deal number was given, not drawn in secret."""


def plan(
    seats: Sequence[SeatChoice], rules_data: Mapping[str, Any] | None, seed: object = None
) -> Plan:
    """Check everything a new table needs and deal round 1 (nothing is written)."""
    rules = table_rules(rules_data)
    if rules.max_players < len(seats) <= MAX_PLAYERS:
        raise Invalid(EXTENDED_NEEDED, field="players", count=len(seats), max=rules.max_players)
    names = player_book.check_names([s.name for s in seats], maximum=rules.max_players)
    bots = [s.bot for s in seats]
    for bot in bots:
        if bot is not None and bot not in BUILTIN:
            raise Invalid(
                "There is no computer player %(bot)s: use %(levels)s.",
                bot=repr(bot),
                levels=", ".join(BUILTIN),
            )
    if all(bot is not None for bot in bots):
        raise Invalid("At least one seat needs a person.", field="players")
    roster.check_seat_kinds(names, bots)
    chosen = seed is not None
    if seed is None:  # a secret deal: 128 random bits nobody can search for
        seed = (1 << SECRET_SEED_BITS) | secrets.randbits(SECRET_SEED_BITS)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise Invalid(SEED_PROBLEM, "seed", max=SEED_LARGEST)
    try:
        start = position_to_json(new_game(names, rules, seed))
    except PositionError as error:
        raise Invalid(str(error), field="players") from error
    return Plan(names, bots, rules, seed, start, chosen)


def add(planned: Plan, owner: str | None = None, online: bool = False) -> tuple[Game, TableState]:
    """Put a planned table in the session (the caller commits)."""
    game = Game(kind="table", rules=planned.rules.to_dict())
    for seat, player in enumerate(player_book.find_or_add(planned.names)):
        game.seats.append(GameSeat(seat=seat, player=player, bot=planned.bots[seat]))
    state = TableState(
        game=game,
        bots=planned.bots,
        start=planned.start,
        moves=[],
        position=planned.start,
        log=[],
        status=PLAYING,
        seed=str(planned.seed),
        owner=owner,
        online=online,
        chosen_deal=planned.chosen,
    )
    db.session.add(game)
    db.session.add(state)
    return game, state


@transaction
def create(
    seats: Sequence[SeatChoice],
    rules_data: Mapping[str, Any] | None = None,
    seed: int | None = None,
    device: str | None = None,
) -> str:
    """Start a one-phone table and deal round 1; the new game's id. `device`: the key of
    the browser it is played on (see `screen`)."""
    planned = plan(seats, rules_data, seed)

    def start() -> str:
        game, _state = add(planned, None if device is None else policy.digest(device))
        db.session.flush()  # a clash (a new player added meanwhile) shows here
        return str(game.id)

    try:
        return retried(start)
    except IntegrityError as error:
        raise Conflict("The table could not be saved just now: try again.") from error


def _load(game_id: str, device: str | None) -> tuple[Game, TableState, policy.Actor]:
    """A one-phone table and who `device` is at it (404 for an online table)."""
    game, state = store.load(game_id)
    return game, state, policy.identify(game_id, state, policy.Device(device))


@transaction
def claim(game_id: str, device: str | None) -> None:
    """Make `device` the one a one-phone table kept from before owners were is played on,
    if it has none yet (an online table, or one that has an owner, is never claimed)."""
    _game, state = store.load(game_id)
    if not policy.claimable(state, policy.Device(device)):
        return
    assert device is not None
    state.owner = policy.digest(device)


def screen(game_id: str, device: str | None = None) -> Screen:
    """The play screen's data for the device `device` (None: the server's own caller).

    The device the table is played on gets the seat holding the phone; any other device
    watches: a spectator's view and no moves. Nothing is written (see `claim`).
    """
    game, state, actor = _load(game_id, device)
    return build(game, state, store.position_of(state), actor)


def play(game_id: str, move_data: object, version: object, device: str | None = None) -> Screen:
    """A person's move (skyjo-position/1 move JSON), made on table `version`
    (`table_play.play`: refused with nothing changed, with its status and reason)."""
    return table_play.play(game_id, policy.Device(device), move_data, version)


def advance(
    game_id: str, version: object, all_steps: bool = False, device: str | None = None
) -> Screen:
    """Play the computer's next step, or all of them until a person must act."""
    return table_play.advance(game_id, policy.Device(device), version, all_steps)


def hint(game_id: str, version: object, device: str | None = None) -> Hint:
    """What the hard bot would do in the place of the person to act (the owner only)."""
    game, state, actor = _load(game_id, device)
    policy.check_owner(actor)
    store.check_playing(state)
    store.check_version(game, version)
    position = store.position_of(state)
    seat = policy.actor_of(position)
    if seat is None or state.bots[seat] is not None:
        raise Conflict("A hint is for a person whose turn it is.")
    adviser = make_bot("hard", mix(store.bot_seed(state), seat, HINT_SALT))
    return Hint(ask(adviser, position, seat), view(position, seat))


def abandon(game_id: str, device: str | None = None) -> None:
    """Stop a table for good: it stays in the history, with its rounds and its record."""
    table_play.abandon(game_id, policy.Device(device))


def _load_for_history(game_id: str, device: str | None) -> tuple[Game, TableState, policy.Actor]:
    """`_load`, but an online table that is over is the history's too (its record and its
    replay hold no secret any more), read as a spectator; while played, 404 as ever."""
    game, state = store.load(game_id)
    if state.online and state.status != PLAYING:
        return game, state, policy.Actor(policy.WATCHER)
    return game, state, policy.identify(game_id, state, policy.Device(device))


def record(game_id: str, device: str | None = None) -> dict[str, Any]:
    """The skyjo-record/1 of a table that is over: its first deal and every move."""
    game, state, _actor = _load_for_history(game_id, device)
    return record_of(game, state)


def record_of(game: Game, state: TableState) -> dict[str, Any]:
    """The skyjo-record/1 of any table that is over (409 while it is played)."""
    if state.status == PLAYING:
        raise Conflict(NOT_OVER)
    names = ", ".join(seat.player.name for seat in game.seats)
    return {
        "format": RECORD_FORMAT,
        "description": f"Skyjo Pad table {game.id}: {names}",
        "position": state.start,
        "moves": list(state.moves),
    }


def replay(game_id: str, step: int, device: str | None = None) -> ReplayStep:
    """A table after its first `step` moves, as a spectator sees it (a one-phone table
    being played: only on the device it is played on; an online one: once it is over)."""
    _game, state, actor = _load_for_history(game_id, device)
    policy.may_replay(actor, state)
    return replay_of(state, step)


def replay_of(state: TableState, step: int) -> ReplayStep:
    """Any table after its first `step` moves, as a spectator sees it, and what the last
    move did; from the snapshot before it (`table_store.position_at`), not from move 0."""
    total = len(state.moves)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= total:
        raise NotFound("This table has moves 0 to %(last)s.", last=total)
    position, told = store.position_at(state, step)
    return ReplayStep(
        step=step,
        steps=total,
        seen=named(view(position, None), tuple(seat.player.name for seat in state.game.seats)),
        bots=tuple(state.bots),
        event=told,
        ended=ended_round(position),
        winners=game_winners(position),
    )


def setup(game_id: str) -> Setup:
    """The seats, rules and (once over) deal number of a one-phone table, to start it again."""
    game, state, _actor = _load(game_id, None)
    seats = tuple(
        SeatChoice(seat.player.name, bot) for seat, bot in zip(game.seats, state.bots, strict=True)
    )
    seed = None if state.status == PLAYING else store.seed_of(state)
    return Setup(seats, Rules.from_dict(game.rules), seed)


def status(game_id: str) -> tuple[str, int | None]:
    """A table's status and, once over, its deal number (an online table's once over)."""
    _game, state, _actor = _load_for_history(game_id, None)
    return state.status, None if state.status == PLAYING else store.seed_of(state)


def online_ids(game_ids: Sequence[str]) -> set[str]:
    """Which of these games are online tables (their pages link to the history instead)."""
    ids = [g for g in game_ids if isinstance(g, str)]
    if not ids:
        return set()
    rows = db.session.scalars(
        db.select(TableState.game_id).where(TableState.game_id.in_(ids), TableState.online)
    )
    return set(rows)


def holder(position: Any, bots: Sequence[str | None]) -> int:
    """The seat a one-phone table's screen shows (`table_policy.holder`)."""
    return policy.holder(position, bots)
