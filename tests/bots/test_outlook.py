"""`ev.Outlook` with a spread and a shift of the others' ends (`hard.OUTLOOK`)."""

from __future__ import annotations

import math

import pytest
from test_ev import ONE_TO_CLOSE, table

from skyjo_pad.bots import ev
from skyjo_pad.bots.worlds import table_of
from skyjo_pad.engine import view

#: One face-down card, its face-up cards worth about 22.
RIVAL = [["-1u", "1u", "-2u", "4u"], ["-2u", "-1u", "7u", "7u"], ["1u", "8u", "9u", "5d"]]


def outlooks(spread: float, shift: float) -> tuple[ev.Odds, ev.Outlook, ev.Outlook]:
    """Seat 0 one card from closing: `ev`'s outlook and one with this spread and shift."""
    seen = view(table([ONE_TO_CLOSE, RIVAL], [10]), 0)
    t, odds = table_of(seen), ev.odds_of(seen)
    return odds, ev.Outlook(t, 0, odds), ev.Outlook(t, 0, odds, 1.0, spread, shift)


def test_the_spread_and_the_shift_move_the_others_ends() -> None:
    odds, plain, wide = outlooks(1.0, 0.5)
    assert plain.hidden == [0]  # its last turn is pictured as turning its last card up
    assert wide.hidden == [1.0]
    assert wide.expected(0, 10) == pytest.approx(plain.expected(0, 10) - 0.5)
    assert wide.expected(0, None) == pytest.approx(plain.expected(0, None) - 0.5)
    # `ev`'s picture: no spread left, so a close below the rival's expected end is never
    # doubled; the wider one gives the chance a normal spread of one card gives.
    score = 9
    expected = wide.expected(0, 10)
    assert expected > score + 0.5
    assert plain.doubling_chance(score, 10) == 0.0
    z = (score + 0.5 - expected) / odds.sd
    assert wide.doubling_chance(score, 10) == pytest.approx(0.5 * (1 + math.erf(z / math.sqrt(2))))
    assert 0.0 < wide.doubling_chance(score, 10) < 0.5
    # The cost of closing counts that chance: more than the score alone.
    assert wide.cost(score, 10) > plain.cost(score, 10) == score
