"""`ev`, the expected-value yardstick: its sums, and the choices they make in clear cases."""

from __future__ import annotations

from typing import Any

import pytest
from bot_helpers import play

from skyjo_pad.bots import EvBot, make_bot
from skyjo_pad.bots.ev import Odds, column_score, known_score
from skyjo_pad.engine import (
    Discard,
    Draw,
    Move,
    Position,
    Rules,
    Swap,
    TakeDiscard,
    legal_moves,
    position_from_json,
    view,
)
from skyjo_pad.engine.compact_table import DOWN, GONE

ONE_TO_CLOSE = [["-1u", "2u", "0u", "1u"], ["-2u", "-1u", "0u", "1u"], ["0u", "8u", "3d", "0u"]]
"""A low grid one face-down card from closing."""
ONE_TO_CLOSE_RIVAL = [
    ["-1u", "1u", "-2u", "4u"],
    ["-2u", "-1u", "7u", "7u"],
    ["1u", "8u", "5d", "9d"],
]
"""Its rival's grid: higher, two cards face down."""
RIVAL = [["5u", "6d", "4d", "3d"], ["2d", "5u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]


def table(grids: list[Any], discard: list[int], held: Any = None, **extra: Any) -> Position:
    """A 2-player position at seat 0's turn, with a draw pile of middling cards."""
    data = {
        "format": "skyjo-position/1",
        "players": ["Ev", "Rival"],
        "round": 1,
        "totals": [0, 0],
        "phase": "turn",
        "current": 0,
        "closer": None,
        "grids": grids,
        "draw": [5, 6, 4, 7, 3, 8, 5, 6, 4, 2, 9, 1],
        "discard": discard,
        "held": held,
        **extra,
    }
    return position_from_json(data)


def choice(position: Position) -> Move:
    """What `ev` plays for seat 0."""
    return EvBot(1).choose(view(position, 0), legal_moves(position, 0))


def test_a_column_s_expected_score_counts_the_chance_of_three_alike() -> None:
    odds = Odds([(4, 0.25), (8, 0.75)])
    assert odds.mean == 7.0
    assert column_score(8, 8, 8 + DOWN, odds) == pytest.approx(16 + 7 - 24 * 0.75)
    assert column_score(8, 5, 8 + DOWN, odds) == pytest.approx(20)
    assert column_score(8, 8, 8, odds) == 0
    assert column_score(GONE, GONE, GONE, odds) == 0
    assert known_score([1, 2, 3, 4, 1, 2, 3, 4, 1, 0, 0, 0], 0) == 0 + 2 + 3 + 4 + 2 + 3 + 4


def test_it_takes_the_discard_that_completes_a_column() -> None:
    grids = [
        [["7u", "0d", "2d", "3d"], ["7u", "4d", "5d", "6d"], ["1d", "8d", "9d", "10d"]],
        RIVAL,
    ]
    position = table(grids, discard=[7, 3])
    assert choice(position) == TakeDiscard()


def test_it_throws_a_high_drawn_card_away_and_keeps_a_low_one_over_its_worst() -> None:
    grids = [
        [["10u", "0d", "2d", "3d"], ["1u", "4d", "5d", "6d"], ["1d", "8d", "9d", "10d"]],
        RIVAL,
    ]
    high = table(grids, discard=[3], held={"value": 12, "from": "draw"})
    assert choice(high) == Discard()
    low = table(grids, discard=[3], held={"value": -2, "from": "draw"})
    assert choice(low) == Swap((0, 0))
    assert choice(table(grids, discard=[12])) == Draw()


def last_card(rival_up: list[str]) -> list[Any]:
    """Seat 0 shows 11 points and has one face-down card left (a 4); seat 1 shows
    `rival_up` (8 cards) and has 4 face-down cards."""
    mine = [["1u", "1u", "2u", "2u"], ["2u", "1u", "0u", "0u"], ["-1u", "0u", "3u", "4d"]]
    rival = [rival_up[:4], rival_up[4:], ["5d", "6d", "7d", "8d"]]
    return [mine, rival]


def test_it_does_not_close_against_a_lower_grid_and_closes_against_a_higher_one() -> None:
    low = ["-2u", "-1u", "0u", "-1u", "-2u", "0u", "-1u", "0u"]
    risky = table(last_card(low), discard=[6], held={"value": 1, "from": "draw"})
    assert choice(risky) == Swap((2, 1))  # not closing, but clearing the 1, 1, 0 column
    high = ["12u", "11u", "12u", "11u", "10u", "12u", "11u", "10u"]
    safe = table(last_card(high), discard=[6], held={"value": 1, "from": "draw"})
    assert choice(safe) == Swap((2, 3))


def test_rounds_between_ev_players_end_by_closing() -> None:
    for seed in range(4):
        result = play([EvBot(seed), make_bot("ev", seed + 7)], seed, Rules(stall_turns=1000))
        assert result.stalled == 0
        assert sum(result.closed) == len(result.round_scores)
