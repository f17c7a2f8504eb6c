"""Playing a table: one use case for every move, a person's or a computer's, on any table.

`play` loads the table, asks the policy who the actor is (the device of a one-phone
table, a token of an online one), checks the version, applies the move through the
engine, lets the computer players play (online: at once, until a person must act; on one
phone they step when asked, `advance`), records, commits and announces the new version
to the open event streams (`live`). The same refusal gets the same status and words on
both kinds of table, and no more than `BOT_STEPS_MAX` computer moves are made at once.

A searching computer player (`expert`) never searches inside a transaction: on one phone
its step is searched before the step's transaction (`advance`); online, the moves stop
at its turn and a background thread plays it after the commit (`think`,
`table_thinkers`), the table's version deciding whether its move still counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm.exc import StaleDataError

from ..bots import SEARCHERS, Bot, BotError, ask
from ..engine import Deal, Move, NotationError, Phase, Position, legal_moves, move_from_json
from ..extensions import db, with_database
from ..models import PLAYING, Game, TableState
from . import live, live_tables, table_thinkers
from . import table_policy as policy
from . import table_store as store
from .errors import N_, Conflict, Invalid, Malformed
from .retry import met_another, retried
from .table_view import Screen, Table, build, screen_of, table_of
from .transaction import after_commit, transaction

BOT_STEPS_MAX = 2_000
"""At most this many computer moves are made in one request, on any table."""

NOT_A_MOVE = N_("That is not a move the table can read: %(problem)s.")
"""The notation's own words (they name its JSON keys) inside a sentence a reader's language
can carry."""


def read_move(data: object) -> Move:
    """A move from skyjo-position/1 move JSON."""
    try:
        return move_from_json(data)
    except NotationError as error:
        raise Malformed(NOT_A_MOVE, problem=str(error)) from error


def check_own_shuffle(move: Move) -> None:
    """Refuse a deal that names its cards: a table deals from its own shuffle (422)."""
    if isinstance(move, Deal) and move.deck is not None:
        raise Invalid("A table deals the next round from its own shuffle.")


def play(game_id: str, credential: policy.Credential, move_data: object, version: object) -> Screen:
    """`_play`, once more from a fresh read when PostgreSQL broke a deadlock with another
    write to the table (a host's tool at the same moment) by failing this one: the move
    is then played, or refused as stale if the other write moved the table on."""
    return retried(lambda: _play(game_id, credential, move_data, version))


@transaction
def _play(
    game_id: str, credential: policy.Credential, move_data: object, version: object
) -> Screen:
    """A person's move, made on table `version`; the actor's screen after it.

    Refused with nothing changed, in this order: no such table (404), a token that is
    not this table's (401), an actor who moves nothing (403), a table that is over (409),
    a stale or missing version (409, 400), an unreadable move (400), not this actor's
    move (403, or 422 for a computer's), against the rules (422, the engine's reason).
    """
    game, state = store.load(game_id)
    actor = policy.identify(game_id, state, credential)
    policy.check_may_move(actor)
    store.check_playing(state)
    store.check_version(game, version)
    move = read_move(move_data)
    position = position_now(game, state)
    policy.check_move(actor, state.bots, position, move)
    check_own_shuffle(move)
    played = store.apply_move(position, move)
    store.record_move(game, state, position, move, played)
    position = played.position
    if state.online:
        position = run_bots(game, state, position)
    return screen_of(_commit_and_announce(game, state, position), actor)


@dataclass(frozen=True, slots=True)
class Planned:
    """A searching computer player's move, searched on the table at `version`."""

    version: int
    move: Move


def advance(
    game_id: str, credential: policy.Credential, version: object, all_steps: bool = False
) -> Screen:
    """A one-phone table's next computer step, or all of them until a person must act
    (any device may ask: computer moves are public); the asker's screen after it. A
    searching player's step is searched first, outside the step's transaction."""
    game, state = store.load(game_id)
    policy.identify(game_id, state, credential)
    store.check_playing(state)
    store.check_version(game, version)
    planned = plan(game, state, table_thinkers.WAIT)
    return _advance(game_id, credential, version, all_steps, planned)


@transaction
def _advance(
    game_id: str,
    credential: policy.Credential,
    version: object,
    all_steps: bool,
    planned: Planned | None,
) -> Screen:
    """`advance`'s step: the `planned` move if any, then the quick computer players'
    (one step in all, or all of them until a person or a searching player must act)."""
    game, state = store.load(game_id)
    actor = policy.identify(game_id, state, credential)
    store.check_playing(state)
    store.check_version(game, version)
    position = store.position_of(state)
    moved = position
    if planned is not None:
        moved = _bot_moves(game, state, moved, planned.move)
    if all_steps or planned is None:
        moved = run_bots(game, state, moved, steps=BOT_STEPS_MAX if all_steps else 1)
    if moved is not position:
        return screen_of(_commit_and_announce(game, state, moved), actor)
    return build(game, state, moved, actor)


def position_now(game: Game, state: TableState) -> Position:
    """The table's full position at its version now: the one this process kept of that
    very version (`live_tables`: it made or read it), else its state's, decoded."""
    if state.online:
        kept = live_tables.TABLES.kept(game.id, game.version)
        if kept is not None and kept.version == game.version:
            return kept.position
    return store.position_of(state)


def run_bots(
    game: Game, state: TableState, position: Position, steps: int = BOT_STEPS_MAX
) -> Position:
    """The quick computer players' moves until a person or a searching player must act
    (at most `steps`, never more than `BOT_STEPS_MAX`), recorded; the position after them
    (the same object when none moved). Online, a searching player's turn is handed to a
    background thread once the use case commits (`think`)."""
    for _ in range(min(steps, BOT_STEPS_MAX)):
        seat = _bot_to_move(state, position)
        if seat is None:
            break
        if _searches(state, position, seat):
            if state.online:
                after_commit(_thinking(game.id))
            break
        position = _bot_moves(
            game, state, position, _ask(store.bot_of(state, seat), position, seat)
        )
    return position


def _ask(bot: Bot, position: Position, seat: int) -> Move:
    """The computer player's move for `seat` (409 when it cannot give one)."""
    try:
        return ask(bot, position, seat)
    except BotError as error:
        raise Conflict(
            "The computer player could not move: %(problem)s", problem=str(error)
        ) from error


def _bot_moves(game: Game, state: TableState, position: Position, move: Move) -> Position:
    """A computer player's `move` applied and recorded; the position after it."""
    played = store.apply_move(position, move)
    store.record_move(game, state, position, move, played)
    return played.position


def _searches(state: TableState, position: Position, seat: int) -> bool:
    """Whether `seat`'s computer player searches this move (a turn of a searching bot;
    its reveals and owed flips are quick)."""
    return position.phase is Phase.TURN and state.bots[seat] in SEARCHERS


def _searcher_to_move(state: TableState, position: Position) -> int | None:
    """The seat whose searching computer player must move now, if any."""
    seat = _bot_to_move(state, position) if state.status == PLAYING else None
    return seat if seat is not None and _searches(state, position, seat) else None


def plan(game: Game, state: TableState, wait: float | None) -> Planned | None:
    """The searching computer player's move at the table now (None when a person or a
    quick player is to act), searched after the read that loaded the table has ended, in
    one of the process's search slots (waiting up to `wait` seconds, None: no limit)."""
    position = position_now(game, state)
    seat = _searcher_to_move(state, position)
    if seat is None:
        return None
    game_id, version, bot = game.id, game.version, store.bot_of(state, seat)
    db.session.rollback()  # no transaction stays open through the search
    with table_thinkers.search_slot(game_id, wait):
        return Planned(version, _ask(bot, position, seat))


def think(game_id: str) -> None:
    """An online table's searching players' turns, each searched outside any transaction
    and played if the table is still at the version it was searched on (a write that
    meets another one made meanwhile looks again), until a person must act (run by
    `table_thinkers`)."""
    while True:
        game, state = store.load(game_id)
        planned = plan(game, state, None) if state.online else None
        if planned is None:
            db.session.rollback()
            return
        try:
            _play_planned(game_id, planned)
        except Conflict as error:  # a person's move or the host came first: look again
            if not moved_meanwhile(error):
                raise


@transaction
def _play_planned(game_id: str, planned: Planned) -> None:
    """`planned`, with the quick players' moves after it, if the table has not moved on."""
    game, state = store.load(game_id)
    if state.status != PLAYING or game.version != planned.version:
        return
    position = _bot_moves(game, state, position_now(game, state), planned.move)
    _commit_and_announce(game, state, run_bots(game, state, position))


def keep_thinking(game: Game, state: TableState, position: Position) -> None:
    """Hand an online table at `position` to a thread when a searching player is to act
    there and no thread of this process is at it (after a restart, say): `think` plays
    nothing twice."""
    if state.online and _searcher_to_move(state, position) is not None:
        _thinking(game.id)()


def _thinking(game_id: str) -> Callable[[], None]:
    """What hands table `game_id` to a thinker thread (`think`), bound to this app."""
    work = with_database(lambda: think(game_id))
    return lambda: table_thinkers.start(game_id, work)


def _bot_to_move(state: TableState, position: Position) -> int | None:
    """The computer seat to move next: online, any that still turns up its opening cards
    (they do so at once); on one phone, only the seat to act (in turn, as the phone goes
    round); then the seat whose turn it is."""
    if state.online and position.phase is Phase.REVEAL:
        return next(
            (s for s, bot in enumerate(state.bots) if bot and legal_moves(position, s)), None
        )
    seat = policy.actor_of(position)
    return seat if seat is not None and state.bots[seat] is not None else None


def abandon(game_id: str, credential: policy.Credential) -> Screen:
    """Stop a table for good (its owner device, or the host's link); it stays in the
    history with its rounds and record. Abandoning a table that is over changes nothing.
    It carries no version: a move made at the same moment makes it look again and stop
    the table as it is then (`moved_meanwhile`)."""
    return retried(lambda: _abandon(game_id, credential), clash=moved_meanwhile)


def moved_meanwhile(error: Exception) -> bool:
    """Whether a write that carries no version (a host's or owner's tool) met another one
    made at the same moment, a move's say: tried again on the table as it is now."""
    return met_another(error) or isinstance(error.__cause__, StaleDataError)


@transaction
def _abandon(game_id: str, credential: policy.Credential) -> Screen:
    game, state = store.load(game_id)
    actor = policy.identify(game_id, state, credential)
    if state.online:
        policy.check_host(actor)
    else:
        policy.check_owner(actor)
    if state.status == PLAYING:
        store.stop(game, state)
        return screen_of(_commit_and_announce(game, state, store.position_of(state)), actor)
    return build(game, state, store.position_of(state), actor)


def _commit_and_announce(game: Game, state: TableState, position: Position) -> Table:
    """Announce the change with the use case's commit (on PostgreSQL the NOTIFY goes with
    it), then tell this process's open streams; a table over closes them. The table at
    its new version (`position`), taken before the commit expires what was loaded; an
    online one is kept for the answers its streams push (`live_tables`)."""
    store.flush()  # the new version
    table = table_of(game, state, position, live_tables.names_of(game.id))
    closed, online = table.status != PLAYING, state.online
    live.announce_at_commit(table.id, table.version, closed=closed)

    def told() -> None:
        if online:
            live_tables.TABLES.remember(table)
        live.told(table.id, table.version, closed=closed)

    after_commit(told)
    return table
