"""The pad's scoring functions: grids with the column rule, the closer penalty, the end."""

from __future__ import annotations

import pytest

from skyjo_pad.engine.rules import Rules
from skyjo_pad.engine.scoring import (
    GridError,
    clear_lines,
    closer_is_doubled,
    column_points,
    complete_columns,
    complete_rows,
    game_over,
    parse_grid,
    raw_out_of_bounds,
    score_grid,
    score_round,
    totals,
    winners,
)

OFFICIAL = Rules()


def test_rulebook_example_doubles_the_whole_round_not_the_positive_cards() -> None:
    # 15 in positive cards and -5 in negative cards make 10; doubled that is 20, not 25.
    grid = parse_grid([[5, 4, -2, 0], [3, 1, -2, 0], [2, 0, -1, 0]])
    assert score_grid(grid).raw == 10
    result = score_round([score_grid(grid).raw, 8], 0, OFFICIAL)
    assert result.final == (20, 8)
    assert result.doubled


def test_rulebook_example_from_the_docstring() -> None:
    result = score_round([8, 50, 10], 2, OFFICIAL)
    assert (result.raw, result.final, result.closer, result.doubled) == (
        (8, 50, 10),
        (8, 50, 20),
        2,
        True,
    )


def test_a_closer_strictly_lowest_keeps_the_score() -> None:
    assert score_round([3, 4, 9], 0, OFFICIAL).final == (3, 4, 9)
    assert not score_round([3, 4, 9], 0, OFFICIAL).doubled


@pytest.mark.parametrize(
    ("tie_doubles", "final", "doubled"), [(True, (14, 7, 7), True), (False, (7, 7, 9), False)]
)
def test_a_tie_with_the_closer(tie_doubles: bool, final: tuple[int, ...], doubled: bool) -> None:
    raw = [7, 7, 7] if tie_doubles else [7, 7, 9]
    result = score_round(raw, 0, Rules(tie_doubles=tie_doubles))
    assert result.final == final
    assert result.doubled is doubled


def test_a_zero_closer_is_never_doubled() -> None:
    assert score_round([0, -3], 0, OFFICIAL).final == (0, -3)
    assert not closer_is_doubled([0, -3], 0, OFFICIAL)


def test_a_negative_closer_is_never_doubled_by_default() -> None:
    assert score_round([-2, -5], 0, OFFICIAL).final == (-2, -5)


def test_double_only_positive_off_doubles_a_negative_closer() -> None:
    rules = Rules(double_only_positive=False)
    result = score_round([-2, -5], 0, rules)
    assert result.final == (-4, -5)
    assert result.doubled


@pytest.mark.parametrize(("multiplier", "score"), [(1, 10), (2, 20), (3, 30)])
def test_the_multiplier(multiplier: int, score: int) -> None:
    result = score_round([10, 8], 0, Rules(multiplier=multiplier))
    assert result.final == (score, 8)
    assert result.doubled is (multiplier > 1)


def test_no_closer_no_penalty() -> None:
    result = score_round([40, 1], None, OFFICIAL)
    assert result.final == (40, 1)
    assert result.closer is None
    assert not result.doubled


def test_a_closer_outside_the_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="one of the 2 seats"):
        score_round([1, 2], 2, OFFICIAL)


def test_complete_columns_are_removed() -> None:
    grid = parse_grid([[5, 5, -1, 9], [5, 7, 2, 9], [5, 0, 3, 9]])
    cleared, score = clear_lines(grid)
    assert score.removed_columns == (0, 3)
    assert score.raw == 5 + 7 + 0 - 1 + 2 + 3
    assert [row[0] for row in cleared] == [None, None, None]


def test_a_minus_two_column_is_removed_too() -> None:
    # Mandatory even though it raises the score.
    grid = parse_grid([[-2, 1, 1, 1], [-2, 2, 2, 2], [-2, 3, 3, 4]])
    score = score_grid(grid)
    assert score.removed_columns == (0,)
    assert score.raw == 1 + 1 + 1 + 2 + 2 + 2 + 3 + 3 + 4


def test_removed_columns_count_nothing_and_never_complete() -> None:
    grid = parse_grid([[None, 4, 4, 4], [None, 4, 1, 2], [None, 4, 0, 0]])
    assert complete_columns(grid) == (1,)
    assert score_grid(grid).raw == 4 + 4 + 1 + 2 + 0 + 0


def test_without_row_clear_a_grid_scores_as_the_sum_of_its_columns() -> None:
    grids = [
        [[None, 4, 4, 4], [None, 4, 1, 2], [None, 4, 0, 0]],
        [[-2, 12, 7, 7], [-2, 12, 7, 0], [-2, 11, 7, 0]],
        [[6, 6, 6, 6], [1, 2, 3, 4], [4, 3, 2, 1]],
    ]
    for rows in grids:
        grid = parse_grid(rows)
        by_columns = sum(column_points(grid[0][c], grid[1][c], grid[2][c]) for c in range(4))
        assert by_columns == score_grid(grid).raw, rows


def test_rows_never_count_without_row_clear() -> None:
    grid = parse_grid([[6, 6, 6, 6], [1, 2, 3, 4], [4, 3, 2, 1]])
    assert score_grid(grid).removed_rows == ()
    assert complete_rows(grid) == (0,)
    score = score_grid(grid, row_clear=True)
    assert score.removed_rows == (0,)
    assert score.raw == 20


def test_a_row_and_a_column_that_share_a_card_both_go() -> None:
    """RULES.md: `row_clear` *also* removes four equal cards in a row, a column or not."""
    grid = parse_grid([[2, 2, 2, 2], [2, 5, 6, 7], [2, 8, 9, 10]])
    assert score_grid(grid).removed_rows == ()
    score = score_grid(grid, row_clear=True)
    assert score.removed_columns == (0,)
    assert score.removed_rows == (0,)
    assert score.raw == 5 + 6 + 7 + 8 + 9 + 10


def test_diagonals_do_not_count() -> None:
    grid = parse_grid([[3, 1, 1, 1], [0, 3, 1, 0], [0, 0, 3, 2]])
    assert score_grid(grid).removed_columns == ()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([[1, 2, 3, 4]], "3 rows of 4"),
        ([[1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4]], "3 rows of 4"),
        ([[13, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]], "13 is not a card"),
        ([[True, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]], "whole number"),
        ("grid", "3 rows of 4"),
    ],
)
def test_parse_grid_names_the_problem(data: object, message: str) -> None:
    with pytest.raises(GridError, match=message):
        parse_grid(data)


def test_totals_add_the_final_scores() -> None:
    assert totals([(8, 50, 20), (1, 2, -3)], 3) == (9, 52, 17)
    assert totals([], 2) == (0, 0)


def test_the_game_ends_when_a_total_reaches_the_target() -> None:
    assert not game_over((99, 40), OFFICIAL)
    assert game_over((100, 40), OFFICIAL)
    assert game_over((40, 30), Rules(target=30))


def test_the_lowest_total_wins_even_over_the_target() -> None:
    assert winners((130, 104), OFFICIAL) == (1,)


def test_ties_for_the_lowest_total_share_the_victory() -> None:
    assert winners((101, 40, 40), OFFICIAL) == (1, 2)
    assert winners((100, 100), OFFICIAL) == (0, 1)


def test_no_winner_before_the_end() -> None:
    assert winners((99, 40, 40), OFFICIAL) == ()


@pytest.mark.parametrize(("score", "out"), [(-17, False), (140, False), (-18, True), (141, True)])
def test_raw_bounds(score: int, out: bool) -> None:
    assert raw_out_of_bounds(score) is out
