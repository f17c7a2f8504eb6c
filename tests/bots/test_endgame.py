"""`hard`'s last turn: searched exactly, for the game when the round may end it."""

from __future__ import annotations

from skyjo_pad.bots import HardBot
from skyjo_pad.bots.endgame import grid_points
from skyjo_pad.engine import (
    Draw,
    Position,
    Swap,
    TakeDiscard,
    apply,
    legal_moves,
    position_from_json,
    view,
)

#: Seat 1 closed with 10 points; seat 0 shows 29 and hides one 4.
MINE = [["9u", "1u", "1u", "0u"], ["9u", "2u", "1u", "0u"], ["5u", "1u", "0u", "4d"]]
CLOSER = [["-1u", "2u", "0u", "3u"], ["2u", "-1u", "3u", "0u"], ["0u", "2u", "-2u", "2u"]]


def last_turn(totals: list[int], discard: list[int]) -> Position:
    """Seat 0's last turn after seat 1 closed."""
    return position_from_json(
        {
            "format": "skyjo-position/1",
            "players": ["Hard", "Closer"],
            "round": 3,
            "totals": totals,
            "phase": "final_turns",
            "current": 0,
            "closer": 1,
            "grids": [MINE, CLOSER],
            "draw": [7, 8, 6, 10, 11, 12, 5, 9, 3, 12, 10, 11],
            "discard": discard,
            "held": None,
        }
    )


def play(position: Position) -> Position:
    """Seat 0's move by `hard`, applied."""
    move = HardBot(5).choose(view(position, 0), legal_moves(position, 0))
    return apply(position, move)


def test_grid_points_counts_columns_of_three_alike_as_nothing() -> None:
    assert grid_points([9, 1, 1, 0, 9, 2, 1, 0, 5, 1, 0, 4]) == 33
    assert grid_points([9, 1, 1, 0, 9, 2, 1, 0, 9, 1, 0, 4]) == 10
    assert grid_points([None, 1, 1, 0, None, 2, 1, 0, None, 1, 0, 4]) == 10


def test_grid_points_follow_the_row_rule_when_it_is_on() -> None:
    four_fives = [5, 5, 5, 5, 1, 2, 3, 4, 0, 0, 1, 2]
    assert grid_points(four_fives) == 33
    assert grid_points(four_fives, row_clear=True) == 13


def test_it_takes_the_card_that_wins_the_game_and_puts_it_where_it_wins() -> None:
    # Taking the 9 clears the first column: 10 points, level with the closer, who is
    # doubled to 20: 85 + 10 = 95 against 88 + 20 = 108, and the game is won.
    position = last_turn([85, 88], discard=[9, 4])
    assert HardBot(5).choose(view(position, 0), legal_moves(position, 0)) == TakeDiscard()
    holding = play(position)
    assert HardBot(5).choose(view(holding, 0), legal_moves(holding, 0)) == Swap((2, 0))
    ended = play(holding)
    assert ended.totals == (95, 108)


def test_with_nothing_to_gain_from_the_discard_it_draws() -> None:
    position = last_turn([10, 12], discard=[12, 4])
    assert HardBot(5).choose(view(position, 0), legal_moves(position, 0)) == Draw()
