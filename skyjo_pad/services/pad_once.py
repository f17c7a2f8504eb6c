"""Retries that never make a copy: games and rounds saved under a client-made id.

A phone that saved offline sends each new game and round with an id it made. The first
request saves it; any later one with the same id (a retry after a lost answer, a second
send after a reload, two sends at once) changes nothing and gets the game as it is now.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from . import games_store, pad
from .errors import Busy, Conflict
from .sheets import Sheet, read_sheet


def new_game(
    names: Sequence[str], rules: Mapping[str, Any] | None, client_id: str | None
) -> tuple[Sheet, bool]:
    """Start a game, or find the one already started with `client_id`; True: started now."""
    if client_id is not None and (found := _game(client_id)):
        return read_sheet(found), False
    try:
        return pad.new_game(names, rules, client_id), True
    except (Conflict, IntegrityError):
        if client_id is not None and (found := _game(client_id)):
            return read_sheet(found), False
        raise


CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""A client-made id of a game or a round: 8 to 64 letters, digits, - or _ (a UUID is fine)."""


def new_client_id() -> str:
    """An id for a round a page is about to send (the score pad's round form)."""
    return secrets.token_urlsafe(16)


def add_round(
    game_id: str, entry: pad.RoundEntry, version: int | None, client_id: str | None
) -> tuple[Sheet, pad.Preview | None]:
    """Save a new round, or find it already saved with `client_id` (then no preview)."""
    saved = save_new_round(game_id, entry, version, client_id)
    if saved is None:
        return read_sheet(game_id), None
    assert isinstance(saved, pad.Saved)  # confirmed: never handed back
    return saved.sheet, saved.outcome


def save_new_round(
    game_id: str,
    entry: pad.RoundEntry,
    version: int | None,
    client_id: str | None,
    confirmed: bool = True,
) -> pad.Saved | pad.ToConfirm | None:
    """Save a new round as `pad.save_round` does; None when the round saved with
    `client_id` is there already (a retry: nothing saved again).

    A round already saved is found before the version is checked: a retry made against
    the sheet the first send answered is no conflict.
    """
    if client_id is not None and _has_round(game_id, client_id):
        return None
    try:
        return pad.save_round(game_id, entry, None, version, client_id, confirmed)
    except (Conflict, Busy, IntegrityError) as error:  # Busy: its twin kept winning the race
        if client_id is not None and _has_round(game_id, client_id):
            return None
        if isinstance(error, IntegrityError):
            raise Conflict(pad.STALE_SHEET) from error
        raise


def _game(client_id: str) -> str | None:
    """The game saved with `client_id`, read in a transaction of its own."""
    try:
        return games_store.game_with_client_id(client_id)
    finally:
        db.session.rollback()


def _has_round(game_id: str, client_id: str) -> bool:
    """Whether the game holds the round saved with `client_id` (its own transaction)."""
    return saved_as(game_id, client_id) is not None


def saved_as(game_id: str, client_id: str) -> int | None:
    """The number of the game's round saved with `client_id`, if it was (its own
    transaction)."""
    try:
        return games_store.round_with_client_id(game_id, client_id)
    finally:
        db.session.rollback()
