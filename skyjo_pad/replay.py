"""`skyjo-pad replay`: play a skyjo-record/1 and report where it leads (FORMATS.md).

The engine does the playing and the scoring; this module only reads the record, walks
its moves and shapes the report.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from skyjo_pad.engine import (
    IllegalMove,
    Phase,
    game_winners,
    move_from_json,
    next_starter,
    outcome,
    position_to_json,
    round_to_json,
)
from skyjo_pad.engine.notation import TOO_MANY_MOVES, split_record, too_many_moves

#: The exit status of a replay that failed.
FAILED = 2


def replay_record(data: object) -> tuple[dict[str, Any], int]:
    """Play a record given as JSON data; the report (or error) and the exit status."""
    try:
        position, moves = split_record(data)
    except ValueError as error:
        return {"error": f"unreadable record: {error}"}, FAILED
    rounds: list[dict[str, Any]] = []
    for index, raw in enumerate(moves):
        try:
            played = outcome(position, move_from_json(raw))
        except (IllegalMove, ValueError) as error:
            return {"error": str(error), "move": index}, FAILED
        if played.ended is not None:
            rounds.append(round_to_json(played.ended.number, played.ended.result))
        position = played.position
    report = {
        "position": position_to_json(position),
        "rounds": rounds,
        "totals": list(position.totals),
        "game_over": position.phase is Phase.GAME_OVER,
        "winners": list(game_winners(position)),
        "next_starter": next_starter(position),
    }
    return report, 0


def replay_text(text: str) -> tuple[dict[str, Any], int]:
    """Play a record given as JSON text (one far too long is refused before it is parsed)."""
    if too_many_moves(text):
        return {"error": f"unreadable record: {TOO_MANY_MOVES}"}, FAILED
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return {"error": f"unreadable record: not JSON ({error})"}, FAILED
    except ValueError:  # Python's own words for it name its internals
        return {"error": "unreadable record: a number in it has thousands of digits"}, FAILED
    except RecursionError:
        return {"error": "unreadable record: nested too deeply to be a record"}, FAILED
    return replay_record(data)


def replay_file(path: str) -> tuple[dict[str, Any], int]:
    """Play the record in the file at `path`, or on standard input when `path` is "-"."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        return {"error": f"cannot read {path}: {error}"}, FAILED
    return replay_text(text.removeprefix("\ufeff"))  # a byte order mark (Windows editors)
