"""Tables ready to play, for the service and page tests of the digital table."""

from __future__ import annotations

from typing import Any

from skyjo_pad.services import tables


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
