"""Scoring: a grid with the column rule, the closer penalty, totals, the end, the winners.

The score pad and the digital table both score rounds with these functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .errors import Reason, Refusal
from .limits import COLUMNS, ROWS
from .limits import MAX_CARD as MAX_CARD  # re-exported for the pad's forms
from .limits import MIN_CARD as MIN_CARD
from .limits import RAW_MAX as RAW_MAX
from .limits import RAW_MIN as RAW_MIN
from .rules import Rules

Cell = int | None
"""A card value, or None for a card already removed."""
Grid = tuple[tuple[Cell, ...], ...]
"""Three rows of four cells, top row first."""


class GridError(Refusal):
    """A grid that is not 3 rows of 4 card values; the message says what is wrong (its
    `reason`: a template and its data, for a caller to word in another language)."""


@dataclass(frozen=True, slots=True)
class GridScore:
    """The score of one grid after removing complete columns (and rows, if enabled)."""

    raw: int
    """The sum of the cards left."""
    removed_columns: tuple[int, ...]
    """Columns removed by the column rule now, from 0, left to right."""
    removed_rows: tuple[int, ...] = ()
    """Rows removed under the `row_clear` option."""


class Doubling(Enum):
    """Why the closer's round score was, or was not, multiplied (RULES.md point 9)."""

    NO_CLOSER = "no_closer"
    """Nobody closed (the round was ended by `stall_turns`): nobody is doubled."""
    MULTIPLIER_OFF = "multiplier_off"
    """The multiplier is 1: closing never costs more."""
    NOT_POSITIVE = "not_positive"
    """The closer scored 0 or less, which is never doubled (`double_only_positive`)."""
    ZERO = "zero"
    """The closer scored 0 where negative scores are doubled too: 0 is neither, and doubled
    would still be 0, so not doubled."""
    LOWEST = "lowest"
    """Nobody else scored lower or the same: not doubled."""
    BEATEN = "beaten"
    """Someone else scored lower: doubled."""
    TIED = "tied"
    """Someone else scored the same and ties double: doubled."""
    TIE_NOT_DOUBLED = "tie_not_doubled"
    """Someone else scored the same, nobody lower, and ties do not double: not doubled."""

    @property
    def doubles(self) -> bool:
        """Whether this reason multiplies the closer's score."""
        return self in (Doubling.BEATEN, Doubling.TIED)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round scored: each seat's raw and final score, and whether the closer paid."""

    raw: tuple[int, ...]
    """The sum of each seat's cards."""
    final: tuple[int, ...]
    """What is added to each seat's total."""
    closer: int | None
    """The seat that ended the round, or None."""
    doubled: bool
    """Whether the closer's score was multiplied."""
    why: Doubling = Doubling.NO_CLOSER
    """Why the closer was, or was not, doubled."""


def parse_grid(data: object) -> Grid:
    """Check JSON-like data is 3 rows of 4 card values (or null) and return it as a Grid.

    >>> parse_grid([[5, 5, -1, None], [5, 7, 2, None], [5, 0, 3, None]])[0]
    (5, 5, -1, None)
    """
    shape = Reason("A grid must be %(rows)s rows of %(columns)s cards.", rows=ROWS, columns=COLUMNS)
    if not isinstance(data, Sequence) or isinstance(data, str) or len(data) != ROWS:
        raise GridError(shape)
    rows: list[tuple[Cell, ...]] = []
    for row in data:
        if not isinstance(row, Sequence) or isinstance(row, str) or len(row) != COLUMNS:
            raise GridError(shape)
        for cell in row:
            if cell is None:
                continue
            if isinstance(cell, bool) or not isinstance(cell, int):
                raise GridError(
                    Reason(
                        "Each card must be a whole number from %(min)s to %(max)s, or empty.",
                        min=MIN_CARD,
                        max=MAX_CARD,
                    )
                )
            if not MIN_CARD <= cell <= MAX_CARD:
                raise GridError(
                    Reason(
                        "%(value)s is not a card: cards go from %(min)s to %(max)s.",
                        value=str(cell),
                        min=MIN_CARD,
                        max=MAX_CARD,
                    )
                )
        rows.append(tuple(row))
    return tuple(rows)


def column_complete(top: int | None, middle: int | None, bottom: int | None) -> bool:
    """Whether a column's three cards are present and equal (the column rule removes it)."""
    return top is not None and top == middle == bottom


def complete_columns(grid: Grid) -> tuple[int, ...]:
    """The columns whose three cards are present and equal."""
    return tuple(c for c in range(COLUMNS) if column_complete(grid[0][c], grid[1][c], grid[2][c]))


def column_points(top: int | None, middle: int | None, bottom: int | None) -> int:
    """The raw points of one column of a final grid under the column rule alone: nothing
    when its three cards are present and equal, else the sum of those present. Without the
    `row_clear` option a grid's raw score is the sum of its columns' points.

    >>> column_points(5, 5, 5), column_points(5, 5, -1), column_points(None, None, None)
    (0, 9, 0)
    """
    if column_complete(top, middle, bottom):
        return 0
    return sum(card for card in (top, middle, bottom) if card is not None)


def complete_rows(grid: Grid) -> tuple[int, ...]:
    """The rows whose four cards are present and equal (the `row_clear` option)."""
    return tuple(r for r, row in enumerate(grid) if row[0] is not None and len(set(row)) == 1)


def clear_lines(grid: Grid, row_clear: bool = False) -> tuple[Grid, GridScore]:
    """Remove complete columns (and complete rows, if enabled: a row and a column that
    share a card both go) and score what is left.

    >>> _, score = clear_lines(((5, 5, -1, None), (5, 7, 2, None), (5, 0, 3, None)))
    >>> score
    GridScore(raw=16, removed_columns=(0,), removed_rows=())
    """
    columns = complete_columns(grid)
    rows = complete_rows(grid) if row_clear else ()
    cells = [list(row) for row in grid]
    for c in columns:
        for row in cells:
            row[c] = None
    for r in rows:
        cells[r] = [None] * COLUMNS
    cleared: Grid = tuple(tuple(row) for row in cells)
    raw = sum(cell for row in cleared for cell in row if cell is not None)
    return cleared, GridScore(raw=raw, removed_columns=columns, removed_rows=rows)


def partly_removed_columns(grid: Grid) -> list[int]:
    """The columns (from 0) of a grid tapped in where some cards, not all three, are marked
    removed: only a whole column goes (RULES.md point 5).

    >>> partly_removed_columns(((None, 2, 3, 4), (1, 2, 3, 4), (1, 2, 3, 5)))
    [0]
    """
    return [
        column
        for column in range(COLUMNS)
        if 0 < sum(grid[row][column] is None for row in range(ROWS)) < ROWS
    ]


def score_grid(grid: Grid, row_clear: bool = False) -> GridScore:
    """The raw score of a final grid after the column rule.

    >>> score_grid(((12, 12, 12, 1), (12, 0, 0, 1), (12, 0, 0, 1))).raw
    24
    """
    return clear_lines(grid, row_clear)[1]


def can_be_doubled(score: float, rules: Rules) -> bool:
    """Whether a closer's raw `score` could be multiplied at all under `rules`.

    >>> can_be_doubled(0, Rules()), can_be_doubled(1, Rules())
    (False, True)
    >>> can_be_doubled(9, Rules(multiplier=1))
    False
    """
    return rules.multiplier != 1 and not (rules.double_only_positive and score <= 0)


def doubling(raw: Sequence[int], closer: int | None, rules: Rules) -> Doubling:
    """Why the closer's round score is, or is not, multiplied under the closer penalty.

    The closer pays when someone else scored lower, or the same if ties double; a
    score of 0 or below never pays unless `double_only_positive` is off.

    >>> doubling([8, 50, 10], 2, Rules()), doubling([10, 10], 0, Rules())
    (<Doubling.BEATEN: 'beaten'>, <Doubling.TIED: 'tied'>)
    >>> doubling([0, -3], 0, Rules()), doubling([3, 4], 0, Rules())
    (<Doubling.NOT_POSITIVE: 'not_positive'>, <Doubling.LOWEST: 'lowest'>)
    >>> doubling([10, 10], 0, Rules(tie_doubles=False))
    <Doubling.TIE_NOT_DOUBLED: 'tie_not_doubled'>
    >>> doubling([0, -3], 0, Rules(double_only_positive=False))
    <Doubling.ZERO: 'zero'>
    """
    if closer is None:
        return Doubling.NO_CLOSER
    if rules.multiplier == 1:
        return Doubling.MULTIPLIER_OFF
    mine = raw[closer]
    if not can_be_doubled(mine, rules):
        return Doubling.NOT_POSITIVE
    if mine == 0:
        return Doubling.ZERO
    others = [score for seat, score in enumerate(raw) if seat != closer]
    if any(score < mine for score in others):
        return Doubling.BEATEN
    if mine in others:
        return Doubling.TIED if rules.tie_doubles else Doubling.TIE_NOT_DOUBLED
    return Doubling.LOWEST


def closer_is_doubled(raw: Sequence[int], closer: int | None, rules: Rules) -> bool:
    """Whether the closer's round score is multiplied under the closer penalty."""
    return doubling(raw, closer, rules).doubles


def score_round(raw: Sequence[int], closer: int | None, rules: Rules) -> RoundResult:
    """Apply the closer penalty to a round's raw scores.

    The rulebook example: the closer's 10 is doubled to 20 when another player has 8.

    >>> score_round([8, 50, 10], 2, Rules()).final
    (8, 50, 20)
    """
    if closer is not None and not 0 <= closer < len(raw):
        raise ValueError(f"The closer must be one of the {len(raw)} seats.")
    why = doubling(raw, closer, rules)
    final = list(raw)
    if why.doubles and closer is not None:
        final[closer] = raw[closer] * rules.multiplier
    return RoundResult(
        raw=tuple(raw), final=tuple(final), closer=closer, doubled=why.doubles, why=why
    )


def totals(rounds: Sequence[Sequence[int]], seats: int) -> tuple[int, ...]:
    """Each seat's total over the rounds' final scores.

    >>> totals([(8, 50, 20), (1, 2, 3)], 3)
    (9, 52, 23)
    """
    return tuple(sum(r[seat] for r in rounds) for seat in range(seats))


def game_over(running_totals: Sequence[int], rules: Rules) -> bool:
    """Whether any total has reached the target."""
    return any(total >= rules.target for total in running_totals)


def winners(running_totals: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """The seats with the lowest total once the game is over (all of them if tied).

    >>> winners((101, 40, 40), Rules())
    (1, 2)
    >>> winners((99, 40, 40), Rules())
    ()
    """
    if not game_over(running_totals, rules):
        return ()
    lowest = min(running_totals)
    return tuple(seat for seat, total in enumerate(running_totals) if total == lowest)


def raw_out_of_bounds(score: int) -> bool:
    """Whether a raw round score is impossible under the official rules (house rules exist)."""
    return not RAW_MIN <= score <= RAW_MAX


def next_round_starter(result: RoundResult, next_starter: str) -> int | None:
    """Who starts the round after `result` under the rule `next_starter`: its closer, or
    when nobody closed (or under `round_winner`) its lowest final score, the first such
    seat; None under `highest_reveal`, where the next round's reveals decide.

    >>> next_round_starter(score_round([10, 5, 7], None, Rules()), "closer")
    1
    """
    if next_starter == "highest_reveal":
        return None
    if next_starter == "closer" and result.closer is not None:
        return result.closer
    return result.final.index(min(result.final))
