"""The examples in docs/formats.md are true: each marked JSON block is checked.

Blocks are marked by the word after ```json: `skyjo-position`, `skyjo-view` (a view of
the position block before it), `skyjo-move`, `skyjo-record`, `replay-output` (the
replay of the record before it) and `replay-error` (that record with its fourth move
replaced by a swap).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from skyjo_pad.engine import (
    move_from_json,
    move_to_json,
    position_from_json,
    position_to_json,
    view,
    view_to_json,
)
from skyjo_pad.replay import FAILED, replay_record

DOC = Path(__file__).resolve().parents[2] / "docs" / "formats.md"
BLOCK = re.compile(r"```json ([\w-]+)\n(.*?)```", re.DOTALL)


def blocks() -> list[tuple[str, Any]]:
    """The marked JSON blocks of the page, in order, as (mark, data)."""
    return [(mark, json.loads(body)) for mark, body in BLOCK.findall(DOC.read_text("utf-8"))]


def test_the_page_has_examples_of_every_kind() -> None:
    marks = [mark for mark, _ in blocks()]
    for mark in ("skyjo-position", "skyjo-view", "skyjo-move", "skyjo-record", "replay-output"):
        assert mark in marks
    assert marks.count("skyjo-move") == 8


def test_every_example_holds() -> None:
    position: Any = None
    record: Any = None
    for mark, data in blocks():
        if mark == "skyjo-position":
            position = data
            assert position_to_json(position_from_json(data)) == data
        elif mark == "skyjo-view":
            assert view_to_json(view(position_from_json(position), data["viewer"])) == data
        elif mark == "skyjo-move":
            assert move_to_json(move_from_json(data)) == data
        elif mark == "skyjo-record":
            record = data
        elif mark == "replay-output":
            assert replay_record(record) == (data, 0)
        elif mark == "replay-error":
            moves = list(record["moves"])
            moves[3] = {"action": "swap", "cell": [0, 0]}
            assert replay_record({**record, "moves": moves}) == (data, FAILED)
        else:
            raise AssertionError(f"unknown block mark {mark!r}")
