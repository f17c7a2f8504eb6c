"""The whole history out: JSON in the history format, or every round as CSV.

Exports are written as they are read, a few hundred games at a time, so a long history
never sits in memory whole. The seed and record of a digital game go out only once it is
over (the seed tells every card).
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from sqlalchemy import select

from ..engine.notation import RECORD_FORMAT
from ..extensions import db
from ..models import FINISHED, PLAYING, Game, GameSeat, Player, TableState, utcnow
from . import sheets
from .history_format import FORMAT

BATCH = 200
"""Games read per query."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
"""What makes a spreadsheet read a cell as a formula (the full-width forms too)."""
CSV_HEADER = (
    "game",
    "date",
    "kind",
    "round",
    "seat",
    "player",
    "computer",
    "raw",
    "final",
    "closed",
    "doubled",
    "total",
)


def export_json(emails: bool = False) -> Iterator[str]:
    """The whole history as skyjo-pad-history/1 JSON text, in pieces; the address book's
    emails only when asked for (`emails`), else null."""
    head = {"format": FORMAT, "exported_at": utcnow().isoformat(timespec="seconds")}
    yield json.dumps(head)[:-1] + ', "players": '
    people = db.session.execute(select(Player.name, Player.email).order_by(Player.id)).all()
    yield json.dumps([{"name": n, "email": e if emails else None} for n, e in people])
    yield ', "games": ['
    first = True
    for batch in _batches():
        for data in batch:
            yield ("" if first else ",\n") + json.dumps(data, separators=(",", ":"))
            first = False
    yield "]}\n"


def export_csv() -> Iterator[str]:
    """Every round of every game, one line per player and round, as CSV text in pieces."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER)
    for batch in _batches():
        for game in batch:
            totals = [0] * len(game["players"])
            for r in game["rounds"]:
                for seat, name in enumerate(game["players"]):
                    totals[seat] += r["final"][seat]
                    writer.writerow(
                        (
                            game["id"],
                            game["created_at"][:10],
                            game["kind"],
                            r["number"],
                            seat,
                            csv_text(name),
                            game["bots"][seat] or "",
                            r["raw"][seat],
                            r["final"][seat],
                            "yes" if r["closer"] == seat else "",
                            "yes" if r["closer"] == seat and r["doubled"] else "",
                            totals[seat],
                        )
                    )
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue()


def csv_text(text: str) -> str:
    """Text a spreadsheet shows as text: one that would start a formula gets a `'` first.

    >>> csv_text("=HYPERLINK(1)"), csv_text("Ann")
    ("'=HYPERLINK(1)", 'Ann')
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _batches() -> Iterator[list[dict[str, Any]]]:
    """Every game as export data, oldest first, BATCH games at a time."""
    last: tuple[datetime, str] | None = None
    while True:
        query = select(Game).order_by(Game.created_at, Game.id).limit(BATCH)
        if last is not None:
            query = query.where(
                (Game.created_at > last[0]) | ((Game.created_at == last[0]) & (Game.id > last[1]))
            )
        games = list(db.session.scalars(query))
        if not games:
            return
        yield _export_games(games)
        last = (games[-1].created_at, games[-1].id)
        db.session.expunge_all()


def _export_games(games: list[Game]) -> list[dict[str, Any]]:
    ids = [g.id for g in games]
    seats: dict[str, list[tuple[str, str | None]]] = defaultdict(list)
    for game_id, name, bot in db.session.execute(
        select(GameSeat.game_id, Player.name, GameSeat.bot)
        .join(Player, Player.id == GameSeat.player_id)
        .where(GameSeat.game_id.in_(ids))
        .order_by(GameSeat.game_id, GameSeat.seat)
    ):
        seats[game_id].append((name, bot))
    rounds = sheets.rounds_with_grids(ids)
    states = {
        s.game_id: s
        for s in db.session.scalars(select(TableState).where(TableState.game_id.in_(ids)))
    }
    out = []
    for game in games:
        state = states.get(game.id)
        lines = [r.to_json() for r in rounds.get(game.id, [])]
        data: dict[str, Any] = {
            "id": game.id,
            "kind": game.kind,
            # to the microsecond, as stored: games of one second keep their order
            "created_at": game.created_at.isoformat(),
            "finished_at": game.finished_at.isoformat() if game.finished_at else None,
            "status": _status(game, state),
            "rules": game.rules,
            "players": [name for name, _bot in seats[game.id]],
            "bots": [bot for _name, bot in seats[game.id]],
            "rounds": lines,
            "notes": game.notes,
            "place": game.place,
        }
        if state is not None and state.status != PLAYING:  # the seed tells every card
            data["seed"] = int(state.seed)
            data["record"] = {
                "format": RECORD_FORMAT,
                "position": state.start,
                "moves": state.moves,
            }
        out.append(data)
    return out


def _status(game: Game, state: TableState | None) -> str:
    if state is not None:
        return state.status
    return FINISHED if game.finished else PLAYING
