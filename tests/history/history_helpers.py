"""A small fixed history, pad and digital games mixed, whose numbers are worked out by hand.

| game | kind | players (seat order) | rounds (final scores; closer*) | end |
|---|---|---|---|---|
| P1 | pad, to 50 | Ann, Bob, Cy | [10, 20, 5*], [30, 12*, 15], [24* (12×2), 8, 9] | Cy, 29 |
| P2 | pad, to 30 | Ann, Bob | [5*, 10], [25, 20*] | 30, 30: Ann and Bob share |
| T1 | digital, to 10 | Ann, Robo (easy bot) | [15*, 19]; Ann clears a column of 5s | Ann wins |
| P3 | pad, to 100 | Bob, Cy | [3, 7] | not finished |
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from sqlalchemy import update

from skyjo_pad.extensions import db
from skyjo_pad.models import Game
from skyjo_pad.services import pad, transfer

DATES = {
    "P1": datetime(2026, 1, 5, 20, 0),
    "P2": datetime(2026, 2, 10, 21, 0),
    "T1": datetime(2026, 3, 15, 19, 30),
    "P3": datetime(2026, 4, 1, 18, 0),
}


def _grid(rows: list[str]) -> list[list[str]]:
    return [row.split() for row in rows]


T1_START: dict[str, Any] = {
    "format": "skyjo-position/1",
    "rules": {"target": 10},
    "players": ["Ann", "Robo"],
    "round": 1,
    "totals": [0, 0],
    "phase": "turn",
    "current": 0,
    "closer": None,
    "grids": [
        _grid(["5u 3u 1u 2u", "5u 0u 2u 4u", "5d 0u 1u 2u"]),
        _grid(["1u 1u 2u 3u", "2u 0u 3u 4u", "0u -1u -2u 6d"]),
    ],
    "draw": [9, 7, 8, 10, 11],
    "discard": [4],
    "held": None,
    "seed": 5,
}
T1_MOVES: list[dict[str, Any]] = [
    {"action": "draw"},
    {"action": "discard"},
    {"action": "flip", "cell": [2, 0]},
    {"action": "draw"},
    {"action": "discard"},
    {"action": "flip", "cell": [2, 3]},
]


def t1_export() -> dict[str, Any]:
    """The digital game T1 as an export file holding it alone (a fresh copy each time)."""
    return copy.deepcopy(_t1_export())


def _t1_export() -> dict[str, Any]:
    return {
        "format": transfer.FORMAT,
        "players": [{"name": "Ann"}, {"name": "Robo"}],
        "games": [
            {
                "id": "t1digital0",
                "kind": "table",
                "created_at": DATES["T1"].isoformat(),
                "finished_at": DATES["T1"].isoformat(),
                "status": "finished",
                "rules": {"target": 10},
                "players": ["Ann", "Robo"],
                "bots": [None, "easy"],
                "rounds": [],
                "seed": 5,
                "record": {"format": "skyjo-record/1", "position": T1_START, "moves": T1_MOVES},
            }
        ],
    }


def entry(scores: list[int], closer: int | None) -> pad.RoundEntry:
    """A round typed in on the pad."""
    return pad.RoundEntry(tuple(pad.SeatEntry(score=s) for s in scores), closer)


def pad_game(names: list[str], target: int, rounds: list[tuple[list[int], int | None]]) -> str:
    """A pad game played through the pad service."""
    game_id = pad.new_game(names, {"target": target}).id
    for scores, closer in rounds:
        pad.add_round(game_id, entry(scores, closer))
    return game_id


def build() -> dict[str, str]:
    """Store the fixed history (inside an app context); the ids by name P1, P2, T1, P3."""
    ids = {
        "P1": pad_game(
            ["Ann", "Bob", "Cy"], 50, [([10, 20, 5], 2), ([30, 12, 15], 1), ([12, 8, 9], 0)]
        ),
        "P2": pad_game(["Ann", "Bob"], 30, [([5, 10], 0), ([25, 20], 1)]),
    }
    transfer.import_data(t1_export())
    ids["T1"] = "t1digital0"
    ids["P3"] = pad_game(["Bob", "Cy"], 100, [([3, 7], None)])
    for name, game_id in ids.items():
        db.session.execute(
            update(Game)
            .where(Game.id == game_id)
            .values(created_at=DATES[name], finished_at=_finished(game_id, DATES[name]))
        )
    db.session.commit()
    return ids


def _finished(game_id: str, when: datetime) -> datetime | None:
    row = db.session.get(Game, game_id)
    assert row is not None
    return when if row.finished else None
