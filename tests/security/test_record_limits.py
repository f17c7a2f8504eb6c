"""Issue 21, item 4: every game has a move limit that any legal game stays under, and
records longer than that are refused before a move of them is played."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from skyjo_pad.engine import (
    Phase,
    Rules,
    Swap,
    TakeDiscard,
    apply,
    game_winners,
    legal_moves,
    move_to_json,
    new_game,
    outcome,
    position_from_json,
    position_to_json,
    view,
)
from skyjo_pad.engine.limits import (
    CELLS,
    MAX_PLAYERS,
    RECORD_MOVES_MAX,
    ROUND_TURNS_MAX,
    ROUNDS_MAX,
)
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, TableState
from skyjo_pad.presenters.table_words import told
from skyjo_pad.replay import replay_record, replay_text
from skyjo_pad.services import table_events, transfer
from skyjo_pad.services.errors import Invalid

MILLION = 1_000_000


def test_the_record_limit_holds_every_round_a_game_can_have() -> None:
    most_in_a_round = MAX_PLAYERS * CELLS + 3 * ROUND_TURNS_MAX + 1  # reveals, turns, deal
    assert ROUNDS_MAX * most_in_a_round <= RECORD_MOVES_MAX < MILLION


def _turning(rules: dict[str, Any], turns: int) -> dict[str, Any]:
    """A round in its turns, `turns` of them played, Ann to move with one card face down."""
    return {
        "format": "skyjo-position/1",
        "rules": rules,
        "players": ["Ann", "Bob"],
        "round": 1,
        "totals": [0, 0],
        "phase": "turn",
        "current": 0,
        "closer": None,
        "turns": turns,
        "grids": [
            [["1u", "2u", "0u", "3u"], ["0u", "1u", "2u", "2u"], ["1u", "-1u", "0u", "1d"]],
            [["4d", "3u", "1d", "0u"], ["4d", "2u", "0d", "1u"], ["4u", "0d", "2d", "-1d"]],
        ],
        "draw": [12, 5, 7],
        "discard": [6],
        "held": None,
    }


def test_a_round_that_swaps_for_ever_ends_at_the_turn_limit() -> None:
    position = position_from_json(_turning({}, ROUND_TURNS_MAX - 1))
    position = apply(position, TakeDiscard())
    played = outcome(position, Swap((0, 0)))  # a face-up card swapped: no closer
    assert played.position.phase is Phase.ROUND_OVER
    assert played.ended is not None and played.ended.result.closer is None
    assert played.ended.limit == "turns"
    before, after = view(position, None), view(played.position, None)
    logged = table_events.event(before, Swap((0, 0)), after, played.reasons)
    assert (logged["ended"], logged["limit"]) == (1, "turns")
    words = told(logged, ["Ann", "Bob"], Rules())
    assert re.search("a round ends after 1,?000 turns", words), words


def test_the_rules_own_stall_turns_is_no_cut() -> None:
    position = position_from_json(_turning({"stall_turns": 3}, 2))
    played = outcome(apply(position, TakeDiscard()), Swap((0, 0)))
    assert played.ended is not None and played.ended.limit is None


def test_a_game_ends_at_the_round_limit_with_the_lowest_total_winning() -> None:
    start = _turning({"stall_turns": 1}, 0) | {"round": ROUNDS_MAX, "totals": [40, 30]}
    position = position_from_json(start)
    played = outcome(apply(position, TakeDiscard()), Swap((0, 0)))
    assert played.position.phase is Phase.GAME_OVER
    assert played.ended is not None and played.ended.limit == "rounds"
    assert game_winners(played.position) == (1,)
    words = told(
        {"move": {"action": "flip", "cell": [2, 3]}, "seat": 0, "shown": 1, "ended": ROUNDS_MAX}
        | {"limit": "rounds", "top": 6},
        ["Ann", "Bob"],
        Rules(),
    )
    assert "a game ends after 200" in words


def test_a_position_past_the_limits_is_refused() -> None:
    with pytest.raises(ValueError, match="1000-turn limit"):
        position_from_json(_turning({}, ROUND_TURNS_MAX))
    with pytest.raises(ValueError, match="round must be a whole number from 1 to 200"):
        position_from_json(_turning({}, 0) | {"round": ROUNDS_MAX + 1})


def random_game(seed: int, rules: Rules, players: int = 2) -> tuple[dict[str, Any], list[Any]]:
    """A whole game of random legal moves: its first position and its moves."""
    chance = random.Random(seed)
    position = new_game([f"P{n}" for n in range(players)], rules, seed)
    start = position_to_json(position)
    moves = []
    while position.phase is not Phase.GAME_OVER:
        move = chance.choice(legal_moves(position))
        moves.append(move_to_json(move))
        position = apply(position, move)
    return start, moves


def test_a_game_that_never_reaches_its_target_still_ends() -> None:
    start, moves = random_game(3, Rules(target=MILLION, stall_turns=2))
    report, status = replay_record({"format": "skyjo-record/1", "position": start, "moves": moves})
    assert status == 0 and report["game_over"]
    assert len(report["rounds"]) == ROUNDS_MAX
    assert max(report["totals"]) < MILLION
    assert len(moves) <= RECORD_MOVES_MAX


def endless(start: dict[str, Any], moves: list[Any]) -> dict[str, Any]:
    """A record of a million moves and more: a game's, then swaps for ever."""
    swaps = [{"action": "take_discard"}, {"action": "swap", "cell": [0, 0]}] * (MILLION // 2)
    return {"format": "skyjo-record/1", "position": start, "moves": [*moves, *swaps]}


def test_replay_refuses_a_million_moves_at_once() -> None:
    start, moves = random_game(4, Rules(target=10))
    record = endless(start, moves)
    began = time.perf_counter()
    report, status = replay_record(record)
    took = time.perf_counter() - began
    assert status == 2
    assert "at most 629,000 moves" in report["error"]
    assert took < 0.1, took
    report, status = replay_text(json.dumps(record))  # the command reads text
    assert status == 2 and "at most 629,000 moves" in report["error"]


def _export(start: dict[str, Any], moves: list[Any]) -> dict[str, Any]:
    game = {
        "id": "longgame01",
        "kind": "table",
        "created_at": "2026-05-01T20:00:00",
        "finished_at": "2026-05-01T21:00:00",
        "status": "finished",
        "rules": {"target": 10},
        "players": ["P0", "P1"],
        "bots": [None, None],
        "rounds": [],
        "seed": 4,
        "record": {"format": "skyjo-record/1", "position": start, "moves": moves},
    }
    return {"format": transfer.FORMAT, "players": [], "games": [game]}


def _stored(app: Flask) -> tuple[int, int]:
    with app.app_context():
        count = func.count()
        games = db.session.scalar(select(count).select_from(Game))
        states = db.session.scalar(select(count).select_from(TableState))
        return int(games or 0), int(states or 0)


def test_an_import_refuses_a_million_moves_fast_even_when_the_game_is_there(
    app: Flask,
) -> None:
    start, moves = random_game(4, Rules(target=10))
    with app.app_context():
        assert transfer.import_data(_export(start, moves)).added == 1
    before = _stored(app)
    long = _export(start, endless(start, moves)["moves"])
    for _ in range(2):
        with app.app_context():
            began = time.perf_counter()
            with pytest.raises(Invalid, match="more moves than any game can have"):
                transfer.import_data(long)
            took = time.perf_counter() - began
        assert took < 0.5, took
        assert _stored(app) == before


def test_the_replay_command_refuses_a_million_moves_before_parsing(tmp_path: Path) -> None:
    start, moves = random_game(4, Rules(target=10))
    path = tmp_path / "endless.json"
    path.write_text(json.dumps(endless(start, moves)))
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "skyjo_pad.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    took = time.perf_counter() - began
    assert done.returncode == 2
    assert json.loads(done.stdout) == {
        "error": "unreadable record: a record holds at most 629,000 moves (no legal game has more)"
    }
    assert took < 5, took  # about 0.5 s, most of it Python starting and reading the file


def test_a_long_record_in_disguise_is_still_refused_once_parsed() -> None:
    start, _moves = random_game(4, Rules(target=10))
    text = json.dumps(endless(start, [])).replace('"action"', '"\\u0061ction"')
    report, status = replay_text(text)
    assert status == 2 and "at most 629,000 moves" in report["error"]
