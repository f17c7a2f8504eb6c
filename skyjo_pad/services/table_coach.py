"""The coach at the table: what the expert would have played, and what a close risks.

Asked by a person about their own moves, one table request apart from the move itself
(so a move never waits for it), on either kind of table: the device a one-phone table is
played on asks about any person's move there; an online seat's token only about its own
seat's moves; watchers, the host and spectators never. Every figure comes from the
asking seat's view alone (`bots.coach`: the view before the move, or now), and the
search is seeded from the table's id and the move's number, never from its deal: no
answer depends on a card the seat could not see.

The search costs up to a second of one core: each process runs `AT_ONCE` of them at a
time (a request that waits `WAIT` seconds for its turn, or finds `QUEUE` waiting
already, is answered "busy"), each within
`BUDGET` rollouts and `SECONDS` of wall clock; the routes are rate-limited per
client address (`web/security.py`).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..bots.coach import Advice, CloseRisk, advise, closing_risk
from ..engine import (
    Hidden,
    Move,
    NotationError,
    Phase,
    View,
    legal_moves,
    move_from_json,
    mover,
    view,
)
from ..extensions import db
from . import table_policy as policy
from . import table_store as store
from .errors import N_, Busy, Conflict, Forbidden, Malformed, NotFound
from .table_thinkers import holding

BUDGET = 3000
"""Rollouts the search of one judgement may use (the expert plays with `expert.BUDGET`)."""
SECONDS = 1.0
"""The wall clock a judgement may take by default (`COACH_SECONDS` in the app's config);
past it the search stops between rounds of rollouts."""
CLOSE_WORLDS = 200
"""Sampled worlds the risk of a close is measured in."""
AT_ONCE = 1
"""Searches one process runs at a time."""
WAIT = 3.0
"""Seconds a request waits for its turn before it is answered "busy"."""
QUEUE = 4
"""Requests that may wait for a search slot at once (more are answered "busy" at once):
waiting holds one of the app's threads, which the moves need."""
NOT_A_PLAYER = N_("Only a player at this table can ask the coach, about their own moves.")
NOT_YOURS = N_("The coach tells each player about their own moves only.")
COMPUTER_MOVE = N_("That move was made by a computer player: the coach judges people's moves.")
NO_SUCH_MOVE = N_("This table has moves 1 to %(last)s: move=n names one.")
NOT_A_NUMBER = N_("Say which move to judge: move=n, its number in the game from 1.")
NO_MOVES = N_("No move has been made at this table yet.")
BUSY = N_("The coach is busy with other players just now: ask again in a moment.")
NOT_YOUR_TURN = N_("The coach speaks of a close on your own turn only.")
_slots = threading.BoundedSemaphore(AT_ONCE)
_queue = threading.BoundedSemaphore(AT_ONCE + QUEUE)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The coach's word on move `step`, played by `seat` on the view `seen`."""

    step: int
    seat: int
    played: Move
    seen: View
    weighed: bool
    """Whether the move was a choice the coach weighs (not an opening reveal, a forced
    move, or a search that found no time)."""
    advice: Advice | None
    """What the expert would have played instead, when it is worth the coach's word."""


@dataclass(frozen=True, slots=True)
class Closing:
    """A move that closes the round now, and what that close risks."""

    move: Move
    risk: CloseRisk


@dataclass(frozen=True, slots=True)
class Risks:
    """The closes open to the seat to act, on the view `seen`."""

    seat: int
    seen: View
    closes: tuple[Closing, ...]


def check_asker(game_id: str, credential: policy.Credential) -> None:
    """Refuse, before the request's parameters are read, whoever may not ask the coach
    at this table: 404 for no table (and for an online one asked by a device), 401 for
    a token of another table, 403 for a watcher, the host or a spectator."""
    _game, state = store.load(game_id)
    _check_player(policy.identify(game_id, state, credential))


def read_step(text: str | None) -> int:
    """The `move` of a request's address, as a whole number (400 otherwise)."""
    try:
        return int((text or "").strip(), 10)
    except ValueError as error:
        raise Malformed(NOT_A_NUMBER, field="move") from error


def judge(
    game_id: str, credential: policy.Credential, step: int, seconds: float = SECONDS
) -> Judgement:
    """The coach's word on move `step` (from 1) of the table, for the person who made it,
    searched for at most `seconds`.

    Refused: no such table, or an online one asked by a device (404); a token of another
    table (401); a watcher, the host, a spectator, another seat's move, or a computer's
    (403); a number below 1 (400); a move not played yet (404).
    """
    _game, state = store.load(game_id)
    actor = policy.identify(game_id, state, credential)
    _check_player(actor)
    total = len(state.moves)
    if isinstance(step, bool) or step < 1:
        raise Malformed(NOT_A_NUMBER, field="move")
    if not total:
        raise NotFound(NO_MOVES)
    if step > total:
        raise NotFound(NO_SUCH_MOVE, last=total)
    before, _told = store.position_at(state, step - 1)
    try:
        played = move_from_json(state.moves[step - 1])
    except NotationError as error:  # a record this app wrote: never expected
        raise Conflict("This table's record cannot be read.") from error
    seat = mover(before, played)
    if seat is None or seat >= len(state.bots):
        raise Forbidden(NOT_YOURS)  # a deal: nobody's choice
    if actor.role == policy.SEAT and seat != actor.seat:
        raise Forbidden(NOT_YOURS)
    if state.bots_at(step - 1)[seat] is not None:  # online too: while the host gave it one
        raise Forbidden(COMPUTER_MOVE)
    seen = view(before, seat)
    legal = legal_moves(before, seat)
    seed = _seed(game_id, step)
    db.session.rollback()  # nothing more is read: the search holds no transaction
    weighed = before.phase in (Phase.TURN, Phase.FINAL_TURNS) and len(legal) > 1
    advice = None
    if weighed:
        with _slot():
            deadline = time.perf_counter() + seconds
            advice = advise(seen, legal, played, budget=BUDGET, seed=seed, deadline=deadline)
            late = time.perf_counter() > deadline
        weighed = advice is not None or not late
    return Judgement(step, seat, played, seen, weighed, advice)


def risks(game_id: str, credential: policy.Credential, version: object) -> Risks:
    """What each move that closes the round now would risk, for the person to act on
    table `version` (none when no move of theirs closes it).

    Refused: as `judge`; a stale or missing version, or a table that is over (409, 400);
    not the asking person's turn (403).
    """
    game, state = store.load(game_id)
    actor = policy.identify(game_id, state, credential)
    _check_player(actor)
    store.check_playing(state)
    store.check_version(game, version)
    position = store.position_of(state)
    seat = policy.acting_seat(position)
    if seat is None or state.bots[seat] is not None:
        raise Conflict(NOT_YOUR_TURN)
    if actor.role == policy.SEAT and seat != actor.seat:
        raise Forbidden(NOT_YOUR_TURN)
    seen = view(position, seat)
    legal = legal_moves(position, seat)
    seed = _seed(game_id, len(state.moves) + 1)
    db.session.rollback()
    closes = []
    if seen.phase is Phase.TURN and _down(seen, seat) == 1:
        with _slot():
            for move in legal:
                risk = closing_risk(seen, move, worlds=CLOSE_WORLDS, seed=seed)
                if risk is not None:
                    closes.append(Closing(move, risk))
    return Risks(seat, seen, tuple(closes))


def _check_player(actor: policy.Actor) -> None:
    if actor.role == policy.WATCHER:
        raise Forbidden(policy.ELSEWHERE)
    if not actor.moves_cards:
        raise Forbidden(NOT_A_PLAYER)


def _down(seen: View, seat: int) -> int:
    """How many of `seat`'s cards are face down."""
    return sum(1 for line in seen.grids[seat] for cell in line if isinstance(cell, Hidden))


def _seed(game_id: str, step: int) -> int:
    """The search's seed: the table's id and the move's number (nothing secret)."""
    digest = hashlib.sha256(f"skyjo-pad coach {game_id} {step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@contextmanager
def _slot() -> Iterator[None]:
    """One of this process's search slots, waited for up to `WAIT` seconds (busy at once
    when `QUEUE` requests wait already)."""
    if not _queue.acquire(blocking=False):
        raise Busy(BUSY)
    try:
        with holding(_slots, WAIT, BUSY):
            yield
    finally:
        _queue.release()
