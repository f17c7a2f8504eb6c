"""The one check that an answer of a table keeps the game's secrets."""

from __future__ import annotations

import json
import re
from typing import Any

FACE_DOWN = re.compile(r'"-?\d+d"')
"""A face-down card in the position's notation (`"7d"`)."""


def assert_hidden(answer: Any, position: dict[str, Any], seed: str, viewer: int | None) -> None:
    """`answer` (JSON or text) for `viewer` (None: the host or a spectator) holds no
    face-down value, no draw pile, no other seat's drawn card and not the seed;
    `position` and `seed` are the server's own."""
    text = answer if isinstance(answer, str) else json.dumps(answer)
    assert seed not in text, "the seed left the server"
    assert not FACE_DOWN.search(text), "a face-down card in the position's notation"
    assert '"draw": [' not in text and '"deck"' not in text, "the draw pile left the server"
    if isinstance(answer, str) or "view" not in answer:
        return
    seen = answer["view"]
    assert "draw" not in seen and "seed" not in seen
    assert seen["viewer"] == viewer
    for seat, grid in enumerate(position["grids"]):
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if isinstance(cell, str) and cell.endswith("d"):
                    assert seen["grids"][seat][r][c] == "?", (seat, r, c)
    held = position.get("held")
    if held and held.get("from") == "draw" and viewer != position["current"]:
        shown = seen.get("held")
        assert shown is None or shown.get("value") is None, "another seat's drawn card"
