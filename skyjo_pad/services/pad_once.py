"""Retries that never make a copy: games and rounds saved under a client-made id.

A phone that saved offline sends each new game and round with an id it made. The first
request saves it; any later one with the same id (a retry after a lost answer, a second
send after a reload, two sends at once) changes nothing and gets the game as it is now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from . import games_store, pad
from .errors import Conflict
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


def add_round(
    game_id: str, entry: pad.RoundEntry, version: int | None, client_id: str | None
) -> tuple[Sheet, pad.Preview | None]:
    """Save a new round, or find it already saved with `client_id` (then no preview).

    A round already saved is found before the version is checked: a retry made against
    the sheet the first send answered is no conflict.
    """
    if client_id is not None and _has_round(game_id, client_id):
        return read_sheet(game_id), None
    try:
        return pad.add_round(game_id, entry, version, client_id)
    except (Conflict, IntegrityError) as error:
        if client_id is not None and _has_round(game_id, client_id):
            return read_sheet(game_id), None
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
    try:
        return games_store.has_round_with_client_id(game_id, client_id)
    finally:
        db.session.rollback()
