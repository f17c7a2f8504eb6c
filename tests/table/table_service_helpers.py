"""Tables ready to play, for the service and page tests of the digital table."""

from __future__ import annotations

from typing import Any

from skyjo_pad.presenters.table_screen import hint_json, replay_json, screen_json
from skyjo_pad.services import tables as table_service


class TablesAsJson:
    """The table service with its answers shown as the API shows them (the presenters)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(table_service, name)

    def screen(self, game_id: str) -> dict[str, Any]:
        return screen_json(table_service.screen(game_id))

    def play(self, game_id: str, move: object, version: object) -> dict[str, Any]:
        return screen_json(table_service.play(game_id, move, version))

    def advance(self, game_id: str, version: object, all_steps: bool = False) -> dict[str, Any]:
        return screen_json(table_service.advance(game_id, version, all_steps))

    def hint(self, game_id: str, version: object) -> dict[str, Any]:
        return hint_json(table_service.hint(game_id, version))

    def replay(self, game_id: str, step: int) -> dict[str, Any]:
        return replay_json(table_service.replay(game_id, step))


tables = TablesAsJson()


def solo(seed: int = 3, target: int = 100) -> str:
    """Ann (a person) against an easy and a medium computer player."""
    seats = [
        tables.SeatChoice("Ann"),
        tables.SeatChoice("Easy bot", "easy"),
        tables.SeatChoice("Medium bot", "medium"),
    ]
    return tables.create(seats, {"target": target}, seed=seed)


def first_move(screen: dict[str, Any]) -> dict[str, Any]:
    """A plain legal move for the person to act: the first offered, drawing at a turn's start."""
    moves = screen["moves"]
    if {"action": "draw"} in moves:
        return {"action": "draw"}
    return dict(moves[0])


def play_round(game_id: str) -> dict[str, Any]:
    """Play until the round (or the game) is over: the person's plain moves, the bots' own."""
    screen = tables.screen(game_id)
    for _ in range(2000):
        if screen["summary"] is not None:
            return screen
        actor = screen["actor"]
        if screen["bots"][actor] is not None:
            screen = tables.advance(game_id, screen["version"], all_steps=True)
        else:
            screen = tables.play(game_id, first_move(screen), screen["version"])
    raise AssertionError("the round did not end")
