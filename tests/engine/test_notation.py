"""The skyjo-position/1 and skyjo-record/1 JSON, both ways, and what reading refuses."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from skyjo_pad.engine import (
    Deal,
    Discard,
    Draw,
    Flip,
    Move,
    NotationError,
    PositionError,
    Record,
    Reveal,
    Rules,
    Swap,
    TakeDiscard,
    apply,
    legal_moves,
    move_from_json,
    move_to_json,
    new_game,
    position_from_json,
    position_to_json,
    record_from_json,
    record_to_json,
)
from skyjo_pad.engine.notation import split_record

EXAMPLE: dict[str, Any] = {
    "format": "skyjo-position/1",
    "rules": {"target": 100},
    "players": ["Ann", "Bob", "Cy"],
    "round": 1,
    "totals": [0, 0, 0],
    "phase": "turn",
    "current": 0,
    "closer": None,
    "grids": [
        [["5u", "3d", "7d", "1d"], ["8d", "10u", "2d", "6d"], ["4d", "0d", "11d", "9d"]],
        [["2u", "2d", "3d", "4d"], ["5d", "6u", "7d", "8d"], ["9d", "1d", "0d", "3d"]],
        [["-2u", "__", "3d", "4d"], ["5d", "__", "7d", "8d"], ["9d", "__", "0d", "3d"]],
    ],
    "draw": [4, 12, 0],
    "discard": [-1, 6],
    "held": None,
    "seed": 7,
}


def changed(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(EXAMPLE)
    data.update(changes)
    return data


def test_the_formats_example_reads_and_writes_back() -> None:
    position = position_from_json(EXAMPLE)
    assert position.rules == Rules()
    assert position.grids[2][0][1] is None
    written = position_to_json(position)
    assert written == {**EXAMPLE, "rules": {}}
    assert position_from_json(json.loads(json.dumps(written))) == position


def test_optional_keys_have_defaults() -> None:
    data = changed()
    for key in ("format", "rules", "closer", "held", "seed"):
        del data[key]
    position = position_from_json(data)
    assert (position.seed, position.held, position.closer, position.turns) == (None, None, None, 0)
    assert "seed" not in position_to_json(position)


def test_rules_write_only_what_differs_from_the_defaults() -> None:
    position = position_from_json(changed(rules={"target": 50, "row_clear": False}))
    assert position_to_json(position)["rules"] == {"target": 50}


def test_held_cards_and_extension_keys_round_trip() -> None:
    data = changed(held={"value": 12, "from": "draw"}, turns=4, starter=2, round=2)
    position = position_from_json(data)
    assert position_to_json(position) == {**data, "rules": {}}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "skyjo-position/2"}, 'format must be "skyjo-position/1"'),
        ({"viewer": 0}, "this is a player's view, not a position"),
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"phase": "lunch"}, "phase must be one of reveal, turn, final_turns"),
        ({"round": "1"}, 'round must be a whole number, not "1"'),
        ({"round": True}, "round must be a whole number, not true"),
        ({"players": ["Ann", 7, "Cy"]}, "players[1] must be a name"),
        ({"draw": [4, "x"]}, "draw[1] must be a whole number"),
        ({"held": {"value": 3}}, "held has no 'from'"),
        ({"held": {"value": 3, "from": "sky"}}, 'held "from" must be draw, discard or flip'),
        ({"rules": {"target": 0}}, "target must be a whole number of at least 1"),
        ({"rules": {"colour": 1}}, "Unknown rule option 'colour'"),
        ({"rules": []}, "rules must be a JSON object"),
        ({"seed": -5}, "seed must be a whole number from 0 to"),  # Random(-5) deals as 5
        ({"seed": 2**129}, "seed must be a whole number from 0 to"),
    ],
)
def test_reading_names_the_problem(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        position_from_json(changed(**changes))
    assert message in str(caught.value)


def test_missing_keys_are_named() -> None:
    data = changed()
    del data["grids"]
    with pytest.raises(NotationError, match="the position has no 'grids'"):
        position_from_json(data)


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("13u", 'grids[0][1][2] is "13u", but cards go from -2 to 12'),
        ("5x", 'grids[0][1][2] is "5x": a cell is a value and u or d'),
        ("05u", 'grids[0][1][2] is "05u": a cell is a value and u or d'),
        ("-0u", 'grids[0][1][2] is "-0u": a cell is a value and u or d'),
        ("٥d", 'grids[0][1][2] is "٥d": a cell is a value and u or d'),
        ("７u", 'grids[0][1][2] is "７u": a cell is a value and u or d'),
        (5, "grids[0][1][2] is 5: a cell is a value and u or d"),
        ("?", "grids[0][1][2] is '?': a position gives every card"),
    ],
)
def test_bad_cells_are_located(cell: object, message: str) -> None:
    data = changed()
    data["grids"][0][1][2] = cell
    with pytest.raises(NotationError) as caught:
        position_from_json(data)
    assert str(caught.value).startswith(message)


def test_grids_of_the_wrong_shape_are_refused() -> None:
    data = changed()
    data["grids"][1] = data["grids"][1][:2]
    with pytest.raises(NotationError, match=r"grids\[1\] must have 3 rows, not 2"):
        position_from_json(data)
    data = changed()
    data["grids"][2][0] = ["1d", "2d", "3d"]
    with pytest.raises(NotationError, match=r"grids\[2\]\[0\] must have 4 cells, not 3"):
        position_from_json(data)
    with pytest.raises(PositionError, match="one grid per player"):
        position_from_json(changed(grids=EXAMPLE["grids"][:2]))


ALL_UP_GONE = [[["__"] * 4] * 3] * 3


def test_a_round_over_names_who_starts_the_next_unless_the_reveals_decide() -> None:
    over = {"phase": "round_over", "grids": ALL_UP_GONE, "current": None, "round": 2}
    with pytest.raises(PositionError, match="current must name the seat that starts the next"):
        position_from_json(changed(**over))
    revealed = {**over, "current": 1, "rules": {"next_starter": "highest_reveal"}}
    with pytest.raises(PositionError, match="current must be null once the round is over"):
        position_from_json(changed(**revealed))
    position_from_json(changed(**{**revealed, "current": None}))  # as the engine leaves it


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"current": 3}, "current is 3, but the seats go from 0 to 2"),
        ({"current": None}, "current must name the seat to act in the turn phase"),
        ({"closer": 1}, "the turn phase has no closer yet"),
        ({"totals": [0, 0]}, "totals must hold one whole number per player (3)"),
        ({"draw": [-2] * 5}, "there are 6 cards of -2 in the position; the deck has fewer"),
        ({"discard": [14]}, "the discard pile holds 14, which is not a card"),
        ({"players": ["A"] * 9, "grids": EXAMPLE["grids"] * 3, "totals": [0] * 9}, "not 9"),
        ({"phase": "final_turns", "closer": 1}, "the closer, seat 1, still has face-down cards"),
        ({"phase": "round_over"}, "every card is face up once the round is over"),
        ({"phase": "reveal"}, "seat 2 has turned up more than the 2 opening cards"),
        ({"held": {"value": None, "from": "draw"}}, "the held card is null, which is not a card"),
        ({"held": {"value": 13, "from": "draw"}}, "the held card is 13, which is not a card"),
        ({"starter": 1}, "starter must be null in round 1 and under highest_reveal"),
        (
            {"round": 2, "starter": 1, "rules": {"next_starter": "highest_reveal"}},
            "starter must be null in round 1 and under highest_reveal",
        ),
        ({"held": {"value": 3, "from": "flip"}}, 'its "value" must be null'),
        ({"rules": {"stall_turns": 4}, "turns": 4}, "4 turns reach stall_turns"),
        ({"rules": {"reveal_count": 3}}, "seat 0 has turned up fewer than the 3 opening cards"),
        (
            {"phase": "game_over", "current": None, "grids": ALL_UP_GONE},
            "game_over needs a total of 100 or more",
        ),
        (
            {"phase": "round_over", "totals": [100, 0, 0], "grids": ALL_UP_GONE},
            "a total reached 100, so the phase must be game_over",
        ),
        (
            {"phase": "round_over", "grids": ALL_UP_GONE, "held": {"value": 1, "from": "draw"}},
            "no card is held once the round is over",
        ),
    ],
)
def test_impossible_positions_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError) as caught:
        position_from_json(changed(**changes))
    assert message in str(caught.value)


def test_a_complete_face_up_column_is_refused() -> None:
    data = changed()
    data["grids"][0] = [
        ["5u", "3d", "7d", "1d"],
        ["5u", "10u", "2d", "6d"],
        ["5u", "0d", "11d", "9d"],
    ]
    with pytest.raises(PositionError, match="seat 0's column 0 holds three equal face-up cards"):
        position_from_json(data)
    data["grids"][0][2][0] = "5d"
    assert position_from_json(data).grids[0][2][0] is not None


def test_cards_are_removed_only_in_whole_lines() -> None:
    """A removed cell (`__`) outside a removed column (or, with row_clear, a removed row)
    cannot happen: cards leave a grid a whole line at a time."""
    data = changed()
    data["grids"][0] = [
        ["5u", "__", "7d", "1d"],
        ["8d", "10u", "2d", "6d"],
        ["4d", "0d", "11d", "9d"],
    ]
    with pytest.raises(
        PositionError,
        match=r"seat 0's cell \[0, 1\] is removed, but cards go only in whole columns$",
    ):
        position_from_json(data)
    data["grids"][0] = [
        ["5u", "__", "7d", "1d"],
        ["8d", "__", "2d", "6d"],
        ["4d", "__", "11d", "9d"],
    ]
    assert position_from_json(data).grids[0][2][1] is None  # a whole column
    data["grids"][0] = [["__"] * 4, ["8d", "10u", "2d", "6d"], ["4d", "0d", "11d", "9d"]]
    with pytest.raises(
        PositionError, match=r"cell \[0, 0\] is removed, but cards go only in whole columns$"
    ):
        position_from_json(data)
    row_clear = {**data, "rules": {"row_clear": True}}
    assert position_from_json(row_clear).grids[0][0] == (None,) * 4  # a whole row, with row_clear
    row_clear["grids"][0][1][0] = "__"  # a row and a column share a card: both go
    with pytest.raises(PositionError, match=r"whole columns, or whole rows \(row_clear\)$"):
        position_from_json(row_clear)
    row_clear["grids"][0][2][0] = "__"
    assert position_from_json(row_clear).grids[0][2][0] is None


def test_after_a_closed_round_the_closer_starts_the_next() -> None:
    """Under next_starter "closer" a round_over position names the closer to start; under
    round_winner, or with nobody closing, the round's scores decide (not in the position)."""
    over = {"phase": "round_over", "grids": ALL_UP_GONE, "round": 2, "closer": 0, "current": 1}
    with pytest.raises(PositionError, match="current must be seat 0: the closer starts the next"):
        position_from_json(changed(**over))
    assert position_from_json(changed(**{**over, "current": 0})).current == 0
    position_from_json(changed(**{**over, "rules": {"next_starter": "round_winner"}}))
    position_from_json(changed(**{**over, "closer": None}))


def test_a_seat_without_face_down_cards_means_final_turns() -> None:
    data = changed()
    data["grids"][1] = [["1u"] * 4, ["2u"] * 4, ["3u"] * 4]
    with pytest.raises(PositionError, match="seat 1 has no face-down card left"):
        position_from_json(data)
    data.update(phase="final_turns", closer=1)
    assert position_from_json(data).closer == 1
    data.update(current=1)
    with pytest.raises(PositionError, match="the closer does not play again"):
        position_from_json(data)
    data.update(current=2)  # seat 2, then seat 0, play their last turns
    position_from_json(data)
    data["grids"][0] = [["4u"] * 4, ["5u"] * 4, ["6u"] * 4]  # seat 0 would have closed first
    with pytest.raises(PositionError, match="seat 0 has no face-down card left, so it would"):
        position_from_json(data)


MOVES: list[tuple[Move, dict[str, Any]]] = [
    (Reveal(1, (0, 2)), {"action": "reveal", "seat": 1, "cell": [0, 2]}),
    (TakeDiscard(), {"action": "take_discard"}),
    (Draw(), {"action": "draw"}),
    (Swap((1, 3)), {"action": "swap", "cell": [1, 3]}),
    (Discard(), {"action": "discard"}),
    (Flip((2, 0)), {"action": "flip", "cell": [2, 0]}),
    (Deal(), {"action": "deal"}),
    (Deal((3, -2)), {"action": "deal", "deck": [3, -2]}),
]


@pytest.mark.parametrize(("move", "data"), MOVES)
def test_moves_both_ways(move: Move, data: dict[str, Any]) -> None:
    assert move_to_json(move) == data
    assert move_from_json(data) == move


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "fly"}, 'unknown action "fly"'),
        ({"cell": [1, 1]}, "unknown action null"),
        ({"action": "swap"}, "a swap move has no 'cell'"),
        ({"action": "swap", "cell": [1]}, "cell must be [row, column]"),
        ({"action": "flip", "cell": [1, "2"]}, "the cell's column must be a whole number"),
        ({"action": "draw", "cell": [1, 1]}, "a draw move has an unknown key 'cell'"),
        ({"action": "reveal", "cell": [1, 1]}, "a reveal move has no 'seat'"),
        ({"action": "deal", "deck": [1, None]}, "deck[1] must be a whole number, not null"),
        (
            {"action": "reveal", "seat": 0, "cell": [0, 1e999]},
            "must be a whole number, not Infinity",
        ),
        ("draw", "a move must be a JSON object"),
    ],
)
def test_bad_moves_are_refused(data: object, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        move_from_json(data)
    assert message in str(caught.value)


def random_record(seed: int, steps: int) -> Record:
    rng = random.Random(seed)
    start = new_game(["Ann", "Bob", "Cy"], seed=seed)
    position, moves = start, []
    for _ in range(steps):
        move = rng.choice(legal_moves(position))
        moves.append(move)
        position = apply(position, move)
    return Record(start, tuple(moves))


def test_records_both_ways() -> None:
    record = random_record(3, 60)
    data = json.loads(json.dumps(record_to_json(record)))
    assert data["format"] == "skyjo-record/1"
    assert record_from_json(data) == record


def test_records_name_their_problems() -> None:
    data = record_to_json(random_record(4, 5))
    with pytest.raises(NotationError, match='a record\'s format must be "skyjo-record/1"'):
        record_from_json({**data, "format": "skyjo-position/1"})
    with pytest.raises(NotationError, match="the record has no 'moves'"):
        record_from_json({"format": "skyjo-record/1", "position": data["position"]})
    with pytest.raises(NotationError, match="moves must be a list"):
        record_from_json({**data, "moves": {}})
    bad = {**data, "moves": [*data["moves"], {"action": "fly"}]}
    with pytest.raises(NotationError, match='move 5: unknown action "fly"'):
        record_from_json(bad)
    position, raw = split_record({**bad, "description": "extra keys are allowed"})
    assert len(raw) == 6 and position.players == ("Ann", "Bob", "Cy")


JUNK: list[Any] = [None, True, -1, 0, 3, 13, 2.5, "", "x", "5u", "?", "__", [], [1], {}, {"a": 1}]


def mutate(data: Any, rng: random.Random) -> Any:
    """A copy of JSON data with one value somewhere replaced, dropped or added."""
    if isinstance(data, dict) and data and rng.random() < 0.7:
        key = rng.choice(sorted(data))
        out = dict(data)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.3:
            out[key] = rng.choice(JUNK)
        else:
            out[key] = mutate(data[key], rng)
        return out
    if isinstance(data, list) and data and rng.random() < 0.8:
        out_list = list(data)
        index = rng.randrange(len(data))
        roll = rng.random()
        if roll < 0.15:
            del out_list[index]
        elif roll < 0.3:
            out_list.append(rng.choice(JUNK))
        else:
            out_list[index] = mutate(data[index], rng)
        return out_list
    return rng.choice(JUNK)


def test_damaged_json_is_refused_with_a_value_error_only() -> None:
    """Fuzzing: any damage gives a Position or a ValueError, never another exception."""
    rng = random.Random(5)
    sources = [EXAMPLE, record_to_json(random_record(6, 40))]
    readers = [position_from_json, record_from_json]
    refused = 0
    for _ in range(3000):
        which = rng.randrange(2)
        try:
            readers[which](mutate(sources[which], rng))
        except ValueError:
            refused += 1
    assert refused > 1000
