"""A round as typed on the pad: what each seat's entry is, and how the engine scores it
(refused in words when it cannot be a round; warned about when it is only unlikely)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from ..engine import scoring
from ..engine.cards import COUNTS as DECK_COUNTS
from ..engine.cards import excesses
from ..engine.limits import RAW_MAX, RAW_MIN
from ..engine.rules import Rules
from ..engine.scoring import Grid, GridError, RoundResult
from .errors import N_, Invalid, Nn_, Sentence

SCORE_LIMIT = 1_000_000
"""A round score must lie within ± this: far beyond any house rule, well within the store."""


def is_whole(value: object) -> TypeGuard[int]:
    """Whether `value` is a whole number (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_score(value: object) -> bool:
    """Whether `value` is a round score the pad keeps: a whole number within ±SCORE_LIMIT.

    The pad's rounds and the importer's check the same way.

    >>> is_score(-3), is_score(True), is_score(SCORE_LIMIT + 1)
    (True, False, False)
    """
    return is_whole(value) and abs(value) <= SCORE_LIMIT


def is_closer(value: object, seats: int) -> bool:
    """Whether `value` names who closed a round of `seats` players: a seat, or None.

    >>> is_closer(None, 3), is_closer(2, 3), is_closer(3, 3), is_closer(False, 3)
    (True, True, False, False)
    """
    return value is None or (is_whole(value) and 0 <= value < seats)


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """What was entered for one seat: a typed score, or the 12 cards of the grid."""

    score: int | None = None
    grid: Grid | None = None

    def raw(self, name: str = "Each player") -> int:
        """The raw round score: the typed number, or the grid after the column rule.

        Refused (naming `name`) when the score is missing, not a whole number or beyond
        ±SCORE_LIMIT, or the grid is not 3 rows of 4 cards.
        """
        if self.grid is not None:
            try:
                grid = scoring.parse_grid(self.grid)
            except GridError as error:
                raise Invalid(
                    "%(name)s's cards must be 3 rows of 4, each a card from -2 to 12 or empty.",
                    field="scores",
                    name=name,
                ) from error
            return scoring.score_grid(grid).raw
        if self.score is None:
            raise Invalid("Every player needs a score.", field="scores")
        if not is_whole(self.score):
            raise Invalid("%(name)s's score must be a whole number.", field="scores", name=name)
        if not is_score(self.score):
            raise Invalid(
                "%(name)s's score is too large: a round score lies between %(min)s and %(max)s.",
                field="scores",
                name=name,
                min=-SCORE_LIMIT,
                max=SCORE_LIMIT,
            )
        return self.score


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A round as entered: one SeatEntry per seat, and who closed it (or None)."""

    seats: tuple[SeatEntry, ...]
    closer: int | None


def score_entry(
    entry: RoundEntry, names: list[str], rules: Rules
) -> tuple[RoundResult, list[Sentence]]:
    """Score `entry` for the seats `names` under `rules`, with the warnings a player
    confirms (a score the official rules cannot give, cards the deck cannot hold)."""
    if len(entry.seats) != len(names):
        if entry.seats and all(seat.grid is not None for seat in entry.seats):
            raise Invalid(
                Nn_(
                    "Give a grid for the %(num)s player.",
                    "Give one grid for each of the %(num)s players.",
                ),
                field="grids",
                num=len(names),
            )
        raise Invalid(
            Nn_(
                "Give a score for the %(num)s player.",
                "Give one score for each of the %(num)s players.",
            ),
            field="scores",
            num=len(names),
        )
    if not is_closer(entry.closer, len(names)):
        raise Invalid("The closer must be one of the players, or nobody.", field="closer")
    raw = [seat.raw(name) for seat, name in zip(entry.seats, names, strict=True)]
    warnings = [
        Sentence(
            N_(
                "%(name)s's %(score)s is outside %(min)s to %(max)s, "
                "impossible under the official rules."
            ),
            {"name": name, "score": score, "min": RAW_MIN, "max": RAW_MAX},
        )
        for name, score in zip(names, raw, strict=True)
        if scoring.raw_out_of_bounds(score)
    ]
    warnings += _grid_warnings(entry, names)
    return scoring.score_round(raw, entry.closer, rules), warnings


def _grid_warnings(entry: RoundEntry, names: list[str]) -> list[Sentence]:
    """What the cards tapped in cannot be, likely a card mistyped: more of a value than the
    deck has, or a column removed in part (only whole columns of three go)."""
    grids = [(name, seat.grid) for seat, name in zip(entry.seats, names, strict=True)]
    cards = [card for _name, grid in grids if grid for row in grid for card in row]
    found = [
        Sentence(
            N_(
                "%(count)s cards of %(value)s among the cards tapped in: "
                "the deck has only %(deck)s."
            ),
            {"count": count, "value": value, "deck": DECK_COUNTS[value]},
        )
        for value, count in excesses(card for card in cards if card is not None)
    ]
    found += [
        Sentence(
            N_(
                "%(name)s's column %(column)s is removed in part: "
                "a column goes whole, its three cards at once."
            ),
            {"name": name, "column": column + 1},
        )
        for name, grid in grids
        if grid is not None
        for column in scoring.partly_removed_columns(grid)
    ]
    return found
