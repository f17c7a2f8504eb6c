"""The digital table: start one, play it move by move, let the computer play, keep it.

The only layer that touches both the engine and the store for tables. The full position
lives in `TableState` on the server; what leaves it is a seat's view (`Screen`), told in
words and JSON by the presenters on the web side.
Every move, a person's or a bot's, goes through the engine's `apply` and is refused with
the engine's reason if illegal; a move made on an older version of the table is refused
as stale. A round that ends is stored as `Round` rows, like a score pad round, so history
and stats see a table game as any other game.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..bots import BUILTIN, BotError, ask, make_bot
from ..bots.base import mix
from ..engine import (
    Deal,
    EndedRound,
    IllegalMove,
    Move,
    NotationError,
    Outcome,
    Phase,
    Position,
    PositionError,
    Rules,
    RulesError,
    View,
    ended_round,
    game_winners,
    legal_moves,
    move_from_json,
    move_to_json,
    mover,
    new_game,
    outcome,
    position_from_json,
    position_to_json,
    view,
)
from ..engine.cards import is_wide
from ..engine.limits import MULTIPLIER_MAX, SECRET_SEED_BITS, SEED_MAX, STALL_MAX, TARGET_MAX
from ..engine.notation import RECORD_FORMAT
from ..extensions import db
from ..models import (
    ABANDONED,
    FINISHED,
    PLAYING,
    Game,
    GameSeat,
    Round,
    RoundScore,
    TableState,
    utcnow,
)
from . import players as player_book
from . import table_events
from .errors import N_, Conflict, Forbidden, Invalid, Malformed, NotFound, refused
from .pad import SAVE_ATTEMPTS
from .sheets import plausible_id
from .transaction import transaction

ELSEWHERE = N_("This table is played on another phone: this one can only watch.")
STALE = N_("The table moved on since this screen was drawn: here it is as it is now.")
LOG_KEEP = 40
"""How many past events a table keeps in words."""
BOT_STEPS_MAX = 2_000
"""At most this many computer steps are played in one request ("skip ahead")."""
HINT_SALT = 7
"""Mixed into the seed of the bot that gives hints, so it is not a seat's own bot."""
SEED_DIGITS = len(str(SEED_MAX))
SEED_PROBLEM = N_("The deal number is a whole number from 0, at most %(digits)s digits.")
"""Refuses a deal number; it takes `digits=SEED_DIGITS`."""


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
class Screen:
    """What the play screen shows, made of one seat's view and the engine's reasons only."""

    id: str
    version: int
    """Moves on with every change; a move made on an older one is refused as stale."""
    status: str
    """playing, finished or abandoned."""
    bots: tuple[str | None, ...]
    """The computer player of each seat, None for a person."""
    seen: View
    """The view of the seat holding the phone (a spectator's view when `watching`)."""
    seat: int
    """The seat holding the phone: whose grid the screen shows as its own."""
    actor: int | None
    """The seat to act (None once the round or the game is over)."""
    moves: tuple[Move, ...]
    """What the seat holding the phone may do now (nothing when it is not its turn)."""
    can_deal: bool
    """Whether the next round may be dealt now."""
    log: tuple[dict[str, Any] | str, ...]
    """The latest events (`table_events`), oldest first; words, for tables kept before."""
    ended: EndedRound | None
    """The round just ended, once it is over (every card is face up: all public)."""
    winners: tuple[int, ...]
    """The seats sharing the win, once the game is over."""
    watching: bool = False
    """Shown on a device other than the one the table is played on: it may not move."""

    @property
    def abandoned(self) -> bool:
        """Whether the table was stopped for good."""
        return self.status == ABANDONED


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
    if rules.target > TARGET_MAX:
        raise Invalid(
            "The target must be a whole number from 1 to %(max)s.", "target", max=TARGET_MAX
        )
    if rules.multiplier > MULTIPLIER_MAX:
        raise Invalid(
            "The multiplier must be a whole number from 1 to %(max)s.",
            "multiplier",
            max=MULTIPLIER_MAX,
        )
    if rules.stall_turns is not None and rules.stall_turns > STALL_MAX:
        raise Invalid("stall_turns is at most %(max)s.", field="rules", max=STALL_MAX)
    return rules


@transaction
def create(
    seats: Sequence[SeatChoice],
    rules_data: Mapping[str, Any] | None = None,
    seed: int | None = None,
    device: str | None = None,
) -> str:
    """Start a table and deal round 1; the new game's id. `device`: the key of the
    browser it is played on (see `screen`)."""
    rules = table_rules(rules_data)
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
    if seed is None:  # a secret deal: 128 random bits nobody can search for
        seed = (1 << SECRET_SEED_BITS) | secrets.randbits(SECRET_SEED_BITS)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise Invalid(SEED_PROBLEM, "seed", digits=SEED_DIGITS)
    try:
        start = position_to_json(new_game(names, rules, seed))
    except PositionError as error:
        raise Invalid(str(error), field="players") from error
    for attempt in range(1, SAVE_ATTEMPTS + 1):
        game = Game(kind="table", rules=rules.to_dict())
        for seat, player in enumerate(player_book.find_or_add(names)):
            game.seats.append(GameSeat(seat=seat, player=player, bot=bots[seat]))
        db.session.add(game)
        db.session.add(
            TableState(
                game=game,
                bots=bots,
                start=start,
                moves=[],
                position=start,
                log=[],
                status=PLAYING,
                seed=str(seed),
                owner=None if device is None else _digest(device),
            )
        )
        try:
            db.session.commit()
            return game.id
        except IntegrityError as error:
            db.session.rollback()
            if attempt == SAVE_ATTEMPTS:
                raise Conflict("The table could not be saved just now: try again.") from error
    raise AssertionError("unreachable")


def screen(game_id: str, device: str | None = None) -> Screen:
    """The play screen's data for the seat holding the phone.

    A pass-and-play table is played on one device: the browser that started it (or, for
    a table that has none yet, the first to open it). Any other `device` watches: it gets
    a spectator's view and no moves. `device` None is the server's own caller.
    """
    game, state = _load(game_id)
    return _screen(game, state, _position(state), watching=not _plays_here(state, device))


@transaction
def play(game_id: str, move_data: object, version: object, device: str | None = None) -> Screen:
    """A person's move (skyjo-position/1 move JSON), made on table `version`.

    Refused, with nothing changed, when stale (Conflict), unreadable (Malformed), illegal
    (Invalid, with the engine's reason), a computer player's move, or made on another
    device (Forbidden).
    """
    game, state = _load(game_id)
    _check_device(state, device)
    _check_playing(state)
    _check_version(game, version)
    try:
        move = move_from_json(move_data)
    except NotationError as error:
        raise Malformed(str(error)) from error
    if isinstance(move, Deal) and move.deck is not None:
        raise Invalid("A table deals the next round from its own shuffle.")
    position = _position(state)
    played = _apply(position, move)
    seat = mover(position, move)
    if seat is not None and state.bots[seat] is not None:
        raise Invalid(
            "That is for %(name)s to do: the computer plays it.", name=position.players[seat]
        )
    acting = actor(position)
    if seat is not None and acting is not None and seat != acting:  # a reveal of another's card
        raise Forbidden("Only %(name)s may turn up %(name)s's cards.", name=position.players[seat])
    _record(game, state, position, move, played)
    _commit()
    return _screen(game, state, played.position)


@transaction
def advance(
    game_id: str, version: object, all_steps: bool = False, device: str | None = None
) -> Screen:
    """Play the computer's next step, or all of them until a person must act (any device
    may: computer moves are public; the answer is that device's screen)."""
    game, state = _load(game_id)
    watching = not _plays_here(state, device)
    _check_playing(state)
    _check_version(game, version)
    position = _position(state)
    steps = 0
    while steps < BOT_STEPS_MAX:
        seat = actor(position)
        if seat is None or state.bots[seat] is None:
            break
        try:
            move = ask(_bot(state, seat), position, seat)
        except BotError as error:
            raise Conflict(
                "The computer player could not move: %(problem)s", problem=str(error)
            ) from error
        played = outcome(position, move)
        _record(game, state, position, move, played)
        position = played.position
        steps += 1
        if not all_steps:
            break
    if steps:
        _commit()
    return _screen(game, state, position, watching=watching)


def hint(game_id: str, version: object, device: str | None = None) -> Hint:
    """What the hard bot would do in the place of the person to act."""
    game, state = _load(game_id)
    _check_device(state, device)
    _check_playing(state)
    _check_version(game, version)
    position = _position(state)
    seat = actor(position)
    if seat is None or state.bots[seat] is not None:
        raise Conflict("A hint is for a person whose turn it is.")
    adviser = make_bot("hard", mix(_bot_seed(state), seat, HINT_SALT))
    return Hint(ask(adviser, position, seat), view(position, seat))


@transaction
def abandon(game_id: str, device: str | None = None) -> None:
    """Stop a table for good: it stays in the history, with its rounds and its record."""
    game, state = _load(game_id)
    _check_device(state, device)
    if state.status != PLAYING:
        return
    state.status = ABANDONED
    game.finished = True
    game.finished_at = utcnow()
    _commit()


def record(game_id: str) -> dict[str, Any]:
    """The skyjo-record/1 of a table that is over: its first deal and every move."""
    game, state = _load(game_id)
    if state.status == PLAYING:
        raise Conflict(
            "The record shows every card, so it is ready once the game is over or abandoned."
        )
    names = ", ".join(seat.player.name for seat in game.seats)
    return {
        "format": RECORD_FORMAT,
        "description": f"Skyjo Pad table {game.id}: {names}",
        "position": state.start,
        "moves": list(state.moves),
    }


def replay(game_id: str, step: int) -> ReplayStep:
    """The table after its first `step` moves, as a spectator sees it, and what move did."""
    _game, state = _load(game_id)
    total = len(state.moves)
    if not 0 <= step <= total:
        raise NotFound("This table has moves 0 to %(last)s.", last=total)
    position = position_from_json(state.start)
    told = None
    for data in state.moves[:step]:
        move = move_from_json(data)
        played = outcome(position, move)
        told = _event(position, move, played)
        position = played.position
    return ReplayStep(
        step=step,
        steps=total,
        seen=view(position, None),
        bots=tuple(state.bots),
        event=told,
        ended=ended_round(position),
        winners=game_winners(position),
    )


def setup(game_id: str) -> Setup:
    """The seats, rules and (once over) deal number of a table, to start it again."""
    game, state = _load(game_id)
    seats = tuple(
        SeatChoice(seat.player.name, bot) for seat, bot in zip(game.seats, state.bots, strict=True)
    )
    seed = None if state.status == PLAYING else _seed(state)
    return Setup(seats, Rules.from_dict(game.rules), seed)


def status(game_id: str) -> tuple[str, int | None]:
    """A table's status and, once over, its deal number."""
    _game, state = _load(game_id)
    return state.status, None if state.status == PLAYING else _seed(state)


# Inside ---------------------------------------------------------------------------------


def _load(game_id: str) -> tuple[Game, TableState]:
    game = db.session.get(Game, game_id) if plausible_id(game_id) else None
    state = db.session.get(TableState, game_id) if game is not None else None
    if game is None or state is None:
        raise NotFound("There is no table with that id.")
    return game, state


def _position(state: TableState) -> Position:
    return position_from_json(state.position)


def _seed(state: TableState) -> int:
    return int(state.seed)


def _bot_seed(state: TableState) -> int:
    """The seed the computer players' choices are drawn from. A secret deal's bots get a
    one-way digest of it: what they do tells nothing about the deal."""
    seed = _seed(state)
    if not is_wide(seed):
        return seed  # as before: a typed-in deal number plays the same game again
    digest = hashlib.sha256(b"skyjo-pad bots " + str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _bot(state: TableState, seat: int) -> Any:
    name = state.bots[seat]
    assert name is not None
    try:
        return make_bot(name, mix(_bot_seed(state), seat))
    except BotError as error:
        raise Conflict(
            "The computer player %(bot)s cannot play here: %(problem)s",
            bot=repr(name),
            problem=str(error),
        ) from error


def _check_version(game: Game, version: object) -> None:
    if isinstance(version, bool) or not isinstance(version, int):
        raise Malformed("Say which version of the table the move was made on.")
    if version != game.version:
        raise Conflict(STALE)


def _check_playing(state: TableState) -> None:
    if state.status == ABANDONED:
        raise Conflict("This table was abandoned.")
    if state.status == FINISHED:
        raise Conflict("This game is over.")


def _apply(position: Position, move: Move) -> Outcome:
    try:
        return outcome(position, move)
    except IllegalMove as error:
        raise Invalid(refused(error, clause=True)) from error


def _event(before: Position, move: Move, played: Outcome) -> dict[str, Any]:
    """The move as public facts, from the spectator's view and the engine's reasons."""
    return table_events.event(view(before, None), move, view(played.position, None), played.reasons)


def _record(game: Game, state: TableState, before: Position, move: Move, played: Outcome) -> None:
    """Add a move to the table: the record, the position, the words, an ended round."""
    after = played.position
    state.moves = [*state.moves, move_to_json(move)]
    state.position = position_to_json(after)
    state.log = [*state.log, _event(before, move, played)][-LOG_KEEP:]
    if played.ended is not None:
        game.rounds.append(_round_row(played.ended))
    if after.phase is Phase.GAME_OVER:
        state.status = FINISHED
        game.finished = True
        game.finished_at = utcnow()
    game.updated_at = utcnow()  # bumps the version: a move made on the old one is stale


def _round_row(ended: EndedRound) -> Round:
    """The round just ended, stored as a score pad stores one (with each final grid)."""
    result = ended.result
    row = Round(number=ended.number, closer=result.closer, doubled=result.doubled)
    for seat, grid in enumerate(ended.grids):
        cells = [list(line) for line in grid]
        row.scores.append(
            RoundScore(seat=seat, raw=result.raw[seat], final=result.final[seat], grid=cells)
        )
    return row


def _commit() -> None:
    try:
        db.session.commit()
    except (IntegrityError, StaleDataError) as error:
        db.session.rollback()
        raise Conflict(STALE) from error


def _screen(game: Game, state: TableState, position: Position, watching: bool = False) -> Screen:
    """The screen for the seat holding the phone: its view, and nothing the view hides
    (another device, `watching`, gets a spectator's view and no moves)."""
    you = holder(position, state.bots)
    acting = actor(position)
    mine = acting == you and state.status == PLAYING and not watching
    return Screen(
        id=game.id,
        version=game.version,
        status=state.status,
        bots=tuple(state.bots),
        seen=view(position, None if watching else you),
        seat=you,
        actor=acting,
        moves=tuple(legal_moves(position, you)) if mine else (),
        can_deal=position.phase is Phase.ROUND_OVER and state.status == PLAYING and not watching,
        log=tuple(state.log),
        ended=ended_round(position),
        winners=game_winners(position),
        watching=watching,
    )


def _digest(device: str) -> str:
    return hashlib.sha256(device.encode()).hexdigest()


def _plays_here(state: TableState, device: str | None) -> bool:
    """Whether the table is played on `device` (a table with no device yet becomes
    this one's, while it is played)."""
    if device is None:
        return True
    if state.owner is None and state.status == PLAYING:
        state.owner = _digest(device)
        db.session.commit()
    return state.owner is not None and hmac.compare_digest(state.owner, _digest(device))


def _check_device(state: TableState, device: str | None) -> None:
    if not _plays_here(state, device):
        raise Forbidden(ELSEWHERE)


def actor(position: Position) -> int | None:
    """The seat that acts now (None once the round or the game is over)."""
    if position.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        return None
    return position.current


def holder(position: Position, bots: Sequence[str | None]) -> int:
    """The seat the phone shows: the person to act, else the person who acted last.

    Going back in turn order from the seat to act (once a round is over, from the seat
    that played its last turn, the one before the closer), the first person found is the
    one holding the phone. Only that seat's view leaves the server.
    """
    people = [seat for seat, bot in enumerate(bots) if bot is None]
    acting = actor(position)
    if acting is not None and bots[acting] is None:
        return acting
    seats = len(bots)
    last = None if position.closer is None else (position.closer - 1) % seats
    start = next((s for s in (acting, last, position.current) if s is not None), 0)
    for back in range(seats):
        seat = (start - back) % seats
        if bots[seat] is None:
            return seat
    return people[0] if people else 0


# For the online tables (`online`), which play the same table through tokens -------------

load = _load
position_of = _position
check_playing = _check_playing
check_version = _check_version
apply_move = _apply
record_move = _record
commit = _commit
bot_of = _bot
