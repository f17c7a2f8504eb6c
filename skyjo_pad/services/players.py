"""The address book: players found or added by name."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select

from ..extensions import db
from ..models import NAME_MAX, GameSeat, Player, name_key
from .errors import Invalid


def clean_name(name: str) -> str:
    """A name with its spaces tidied; refused if empty or too long."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise Invalid("Every player needs a name.", field="players")
    if len(cleaned) > NAME_MAX:
        raise Invalid(f"“{cleaned[:20]}…” is too long: {NAME_MAX} characters at most.", "players")
    return cleaned


def check_names(names: Sequence[str], minimum: int = 2, maximum: int = 12) -> list[str]:
    """Clean a game's names: 2 to 12, none empty, none twice."""
    if not minimum <= len(names) <= maximum:
        raise Invalid(f"A game needs {minimum} to {maximum} players.", field="players")
    cleaned = [clean_name(name) for name in names]
    seen: set[str] = set()
    for name in cleaned:
        if name_key(name) in seen:
            raise Invalid(f"{name} is in the game twice: give each player a different name.")
        seen.add(name_key(name))
    return cleaned


def find_or_add(names: Sequence[str]) -> list[Player]:
    """The players with these names, adding to the address book the ones it lacks."""
    keys = [name_key(name) for name in names]
    known = {
        p.name_key: p for p in db.session.scalars(select(Player).where(Player.name_key.in_(keys)))
    }
    players = []
    for name, key in zip(names, keys, strict=True):
        player = known.get(key)
        if player is None:
            player = Player(name=name, name_key=key)
            db.session.add(player)
            known[key] = player
        players.append(player)
    return players


def known_names(limit: int = 24) -> list[str]:
    """Names in the address book, those who played the most games first."""
    last_played = (
        select(GameSeat.player_id, func.count().label("games"))
        .group_by(GameSeat.player_id)
        .subquery()
    )
    rows = db.session.execute(
        select(Player.name)
        .outerjoin(last_played, last_played.c.player_id == Player.id)
        .order_by(func.coalesce(last_played.c.games, 0).desc(), Player.name)
        .limit(limit)
    )
    return [row.name for row in rows]
