"""Counting the unseen cards from a view, and rebuilding a table from a view."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from random import Random

import pytest
from bot_helpers import play

import skyjo_pad.bots
from skyjo_pad.bots import MediumBot
from skyjo_pad.bots.knowledge import unseen
from skyjo_pad.bots.worlds import table_of
from skyjo_pad.engine import HeldFrom, Phase, Position, Rules, view
from skyjo_pad.engine.compact_table import CompactTable

BOTS = Path(skyjo_pad.bots.__file__).parent


def positions(seed: int) -> list[Position]:
    """Every position of a seeded 3-player game between medium bots."""
    seen: list[Position] = []
    play(
        [MediumBot(1), MediumBot(2), MediumBot(3)],
        seed,
        Rules(stall_turns=1000, target=40),
        watch=lambda position, seat, move: seen.append(position),
    )
    return seen


def hidden_of(position: Position, seat: int) -> list[int]:
    """The values `seat` cannot see, in the order `table_of` fills them."""
    values = [c.value for g in position.grids for row in g for c in row if c and not c.face_up]
    values += position.draw
    held = position.held
    if held is not None and held.source is HeldFrom.DRAW and seat != position.current:
        assert held.value is not None
        values.append(held.value)
    return values


@pytest.mark.parametrize("seed", [1, 2])
def test_the_unseen_cards_are_exactly_the_hidden_ones(seed: int) -> None:
    for position in positions(seed):
        for seat in range(3):
            cards = unseen(view(position, seat))
            hidden = hidden_of(position, seat)
            assert {v: c for v, c in cards.counts.items() if c} == Counter(hidden)
            assert cards.places == len(hidden) == cards.total
            assert cards.mean == pytest.approx(sum(hidden) / len(hidden))


@pytest.mark.parametrize("seed", [3, 4])
def test_a_view_filled_with_the_true_cards_is_the_position(seed: int) -> None:
    for position in positions(seed)[::3]:
        seat = position.current if position.current is not None else 0
        rebuilt = table_of(view(position, seat), hidden_of(position, seat), position.seed)
        assert rebuilt.to_position() == CompactTable.from_position(position).to_position()


def test_a_sample_is_a_shuffle_of_the_unseen_cards() -> None:
    position = positions(5)[40]
    cards = unseen(view(position, 0))
    sample = cards.sample(Random(1))
    assert Counter(sample) == Counter({v: c for v, c in cards.counts.items() if c})
    assert sample != cards.sample(Random(2))


def test_views_hide_the_placeholders_from_the_heuristic() -> None:
    position = positions(6)[30]
    assert position.phase in (Phase.TURN, Phase.FINAL_TURNS)
    seat = position.current
    assert seat is not None
    seen = view(position, seat)
    a = table_of(seen)
    b = table_of(seen, hidden_of(position, seat))
    assert [c < 50 for c in a.cells] == [c < 50 for c in b.cells]
