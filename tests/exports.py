"""History export files made for a test (docs/history.md's format)."""

from __future__ import annotations

from typing import Any


def zero_rounds_export(game_id: str, players: list[str], rounds: int) -> dict[str, Any]:
    """An export holding one pad game of `rounds` rounds in which everyone scores 0."""
    zero = {
        "closer": None,
        "raw": [0] * len(players),
        "final": [0] * len(players),
        "doubled": False,
    }
    game = {
        "id": game_id,
        "kind": "pad",
        "created_at": "2026-05-01T20:00:00",
        "players": players,
        "rounds": [zero | {"number": n} for n in range(1, rounds + 1)],
    }
    return {"format": "skyjo-pad-history/1", "games": [game]}
