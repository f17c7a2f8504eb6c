"""The coach's numbers on fixed positions: the doubling risk of a close against an exact
enumeration, and "the expert would have" where one move is clearly best."""

from __future__ import annotations

import itertools

import pytest
from test_ev import RIVAL, table
from test_hard import NEARLY_DONE

from skyjo_pad.bots.coach import advise, closing_risk, raw_score
from skyjo_pad.bots.knowledge import unseen
from skyjo_pad.bots.playout import play_round
from skyjo_pad.bots.worlds import table_of
from skyjo_pad.engine import Discard, Position, Swap, legal_moves, view
from skyjo_pad.engine.compact import SWAP, step

#: Two 9s face up in the first column over a face-down card.
PAIR = [["9u", "6d", "4d", "3d"], ["9u", "7u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
#: One face-down card left (row 2, column 2); face up: 1+2+0+3+2+4+1+0+3+5+1 = 22.
ALMOST = [["1u", "2u", "0u", "3u"], ["2u", "4u", "1u", "0u"], ["3u", "5u", "8d", "1u"]]
#: The rival shows 18 and hides one card (row 2, column 1).
RIVAL_ALMOST = [["2u", "1u", "3u", "0u"], ["1u", "2u", "4u", "0u"], ["2u", "6d", "1u", "2u"]]


def closing_position() -> Position:
    """Seat 0 holds a drawn 4 and may close by putting it on its last face-down card."""
    return table([ALMOST, RIVAL_ALMOST], [10], held={"value": 4, "from": "draw"})


def exact_risk(position: Position, cell: int) -> tuple[float, float]:
    """The doubling chance and expected extra points of closing at `cell`, by summing over
    every value of the three hidden cards that matter (the closer's face-down card, the
    rival's and the top of the draw pile) with their exact chances, each world played
    with the same policy as the coach's worlds."""
    seen = view(position, 0)
    cards = unseen(seen)
    counts = dict(cards.counts)
    total = sum(counts.values())
    chance = cost = 0.0
    for a, b, c in itertools.product(counts, repeat=3):
        p = counts[a] / total
        left = dict(counts)
        left[a] -= 1
        p *= left[b] / (total - 1)
        left[b] -= 1
        p *= left[c] / (total - 2)
        if p == 0.0:
            continue
        world = table_of(seen, [a, b, c])
        step(world, SWAP + cell)
        play_round(world)
        extra = world.totals[0] - raw_score(world, 0)
        chance += p * (extra > 0)
        cost += p * extra
    return chance, cost


def test_the_doubling_chance_of_a_close_matches_an_exact_enumeration() -> None:
    position = closing_position()
    risk = closing_risk(view(position, 0), Swap((2, 2)), worlds=2000)
    assert risk is not None
    chance, cost = exact_risk(position, 10)
    assert 0.05 < chance < 0.95  # a real question, not a sure thing
    assert risk.chance == pytest.approx(chance, abs=0.045)
    assert risk.cost == pytest.approx(cost, abs=0.045 * 26)
    assert risk.score == 26  # 22 face up and the 4 it puts down


def test_a_move_that_does_not_close_has_no_closing_risk() -> None:
    seen = view(closing_position(), 0)
    assert closing_risk(seen, Swap((0, 0))) is None
    assert closing_risk(view(table([PAIR, RIVAL], [10]), 0), Discard()) is None


def test_the_expert_would_have_completed_the_column() -> None:
    # The rival is one card from closing: a 9 thrown away is a column lost for good.
    position = table([PAIR, NEARLY_DONE], [10], held={"value": 9, "from": "draw"})
    seen = view(position, 0)
    legal = legal_moves(position, 0)
    advice = advise(seen, legal, Discard(), budget=2000)
    assert advice is not None
    assert advice.better == Swap((2, 0)) and advice.played == Discard()
    assert advice.points > 5 and advice.worlds >= 128
    assert advise(seen, legal, Swap((2, 0)), budget=2000) is None
    assert advise(seen, legal, Discard(), budget=2000, threshold=99) is None
