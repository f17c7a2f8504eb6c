"""The coach's answers (`api/coach.py`), declared once: what the expert would have
played instead of a move, and what closing the round now risks."""

from __future__ import annotations

from pydantic import Field

from .answers import Answer
from .moves import Move


class CoachWord(Answer):
    """The coach on one move, from its player's view before it."""

    move: int = Field(ge=1, description="The move's number in the game.")
    seat: int = Field(ge=0)
    weighed: bool = Field(
        description="false: not a choice the coach weighs (an opening reveal, a forced "
        "move) or no time to weigh it; `text` is then null."
    )
    better: Move | None = Field(description="The expert's move, when it is clearly better.")
    points: float | None = Field(description="How many points better `better` is on average.")
    text: str | None


class CoachClose(Answer):
    """One move that closes the round now, and what the close risks."""

    move: Move
    chance: float = Field(ge=0, le=1, description="The chance the closer's score is doubled.")
    cost: float = Field(description="The points the doubling costs on average.")
    score: float = Field(description="The closer's expected round score.")
    text: str


class CoachRisks(Answer):
    """Each move that closes the round now, and what the close risks."""

    seat: int = Field(ge=0)
    closes: list[CoachClose]


COACH_ANSWERS: tuple[type[Answer], ...] = (CoachWord, CoachRisks)
"""The coach's answers in the OpenAPI document."""
