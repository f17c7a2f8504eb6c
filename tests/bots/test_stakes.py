"""The chance to win the game at a close (`stakes.py`), against a direct count."""

from __future__ import annotations

from random import Random

import pytest
from test_ev import ONE_TO_CLOSE, ONE_TO_CLOSE_RIVAL, table

from skyjo_pad.bots import ev
from skyjo_pad.bots.stakes import Stakes, may_end_game
from skyjo_pad.engine import view
from skyjo_pad.engine.compact import CompactTable


def setting(totals: list[int]) -> tuple[CompactTable, ev.Odds, ev.Outlook, Stakes]:
    """Seat 0 one card from closing with these totals."""
    from skyjo_pad.bots.worlds import table_of

    seen = view(table([ONE_TO_CLOSE, ONE_TO_CLOSE_RIVAL], [10], totals=totals), 0)
    t, odds = table_of(seen), ev.odds_of(seen)
    sums = ev.grid_sums(t, odds)
    return t, odds, ev.Outlook(t, 0, odds), Stakes(t, 0, sums, 8.0)


def test_the_closing_chance_matches_a_count_of_the_same_model() -> None:
    _, odds, outlook, stakes = setting([70, 75])
    expected, sd = outlook.expected(0, 10), odds.sd * outlook.hidden[0] ** 0.5
    rng = Random(3)
    for score in (3, 12, 20):
        wins = 0
        draws = 200_000
        for _ in range(draws):
            rival = rng.gauss(expected, sd)
            mine = score * 2 if rival <= score + 0.5 else score  # a tie doubles
            wins += 70 + mine < 75 + rival
        assert stakes.closing(outlook, score, 10) == pytest.approx(wins / draws, abs=0.005)


def test_the_game_may_end_only_near_the_target() -> None:
    t, odds, _, stakes = setting([10, 20])
    sums = ev.grid_sums(t, odds)
    assert not may_end_game(t, sums)
    t.totals = [10, 90]
    assert may_end_game(t, sums)
    # Waiting: a better learned value never lowers the chance to win.
    assert stakes.waiting(-5.0) > stakes.waiting(0.0) > stakes.waiting(5.0)
