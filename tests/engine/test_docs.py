"""The examples in docs/formats.md are true: each marked JSON block is checked.

Blocks are marked by the word after ```json: `skyjo-position`, `skyjo-view` (a view of
the position block before it), `skyjo-move`, `skyjo-record`, `replay-output` (the
replay of the record before it) and `replay-error` (that record with its fourth move
replaced by a swap).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

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


class DocumentedStream(random.Random):
    """The wide seed's SHAKE-256 stream exactly as "How the engine deals and shuffles"
    writes it out: `bits(k)` as `getrandbits`, so that `shuffle` and `randrange` are the
    page's `below` loops."""

    def __init__(self, seed: int) -> None:
        self.key = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
        self.stream = ""
        self.block = 0
        super().__init__(0)

    def seed(self, *args: object, **kwargs: object) -> None:
        """Nothing to seed: the key is the seed."""

    def getrandbits(self, k: int) -> int:
        while len(self.stream) < k:
            data = b"skyjo-deal:" + self.key + b":" + self.block.to_bytes(8, "big")
            block = hashlib.shake_256(data).digest(64)
            self.stream += "".join(f"{byte:08b}" for byte in block)
            self.block += 1
        taken, self.stream = self.stream[:k], self.stream[k:]
        return int(taken, 2) if taken else 0


def documented_deal(seed: int, seats: int) -> dict[str, Any]:
    """The next round's cards and seed, worked out from the page alone."""
    deck = [-2] * 5 + [-1] * 10 + [0] * 15 + [v for v in range(1, 13) for _ in range(10)]
    rng: random.Random = random.Random(seed) if seed < 2**53 else DocumentedStream(seed)
    rng.shuffle(deck)
    after = rng.getrandbits(53) if seed < 2**53 else 2**128 + rng.getrandbits(128)
    grids = [
        [[f"{deck[12 * s + 4 * r + c]}d" for c in range(4)] for r in range(3)] for s in range(seats)
    ]
    rest = deck[12 * seats :]
    return {"grids": grids, "discard": rest[:1], "draw": rest[1:], "seed": after}


@pytest.mark.parametrize("seed", [7, 2**53 - 1, 2**53, 2**128 + 12345, 2**129 - 1])
def test_a_deal_is_the_shuffle_the_page_writes_out(seed: int) -> None:
    """The record of the page, dealt again with a narrow or a wide seed: the cards, the
    piles and the next seed are what its dealing and shuffling rules give."""
    record = next(data for mark, data in blocks() if mark == "skyjo-record")
    dealt = {
        **record,
        "position": {**record["position"], "seed": seed},
        "moves": [*record["moves"], {"action": "deal"}],
    }
    answer, status = replay_record(dealt)
    assert status == 0, answer
    position = answer["position"]
    expected = documented_deal(seed, len(position["grids"]))
    assert {key: position[key] for key in expected} == expected
