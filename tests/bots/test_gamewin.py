"""The chance to win the game from the totals (`gamewin.py`) and `expert`'s game horizon."""

from __future__ import annotations

import math
from dataclasses import replace
from random import Random

import pytest
from test_ev import RIVAL, table

from skyjo_pad.bots import ExpertBot
from skyjo_pad.bots.expert import HORIZON
from skyjo_pad.bots.gamewin import MODELS, WinModel, fit, log_loss, model_for
from skyjo_pad.engine import legal_moves, view

PAIR = [["9u", "6d", "4d", "3d"], ["9u", "7u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]


def test_the_chance_follows_the_totals() -> None:
    model = WinModel(sigma=12.0, pace=20.0)
    # Level totals: a fair share in 2 players, the same for every seat.
    assert model.chance([40, 40], 0, 100) == pytest.approx(0.5)
    lead, trail = model.chance([30, 50], 0, 100), model.chance([30, 50], 1, 100)
    assert lead > 0.5 > trail
    # The same lead is worth more when the target is near (fewer rounds to catch up).
    assert model.chance([80, 95], 0, 100) > model.chance([10, 25], 0, 100)
    # One round left (the next is always played): a margin of 10 is Phi(10 / (12 * sqrt 1)).
    assert model.chance([90, 100], 0, 100) == pytest.approx(
        0.5 * math.erfc(-10 / (12 * math.sqrt(2))), abs=1e-9
    )
    # More of the current round still to play spreads the margins more.
    assert model.chance([80, 95], 0, 200, rest=0.9) < model.chance([80, 95], 0, 200, rest=0.1)


def test_the_fit_recovers_the_model_the_games_were_drawn_from() -> None:
    truth = WinModel(sigma=14.0, pace=18.0)
    rng = Random(4)
    samples = []
    for _ in range(800):
        totals = (rng.randint(0, 90), rng.randint(0, 90))
        win = 1.0 if rng.random() < truth.chance(totals, 0, 100) else 0.0
        samples.append((totals, 100, (win, 1.0 - win)))
    found = fit(samples)
    # sigma and pace trade off a little; the chances they give agree.
    for totals in ((10, 30), (50, 45), (85, 95), (0, 60)):
        assert found.chance(totals, 0, 100) == pytest.approx(truth.chance(totals, 0, 100), abs=0.06)
    assert log_loss(found, samples) <= log_loss(truth, samples) + 1e-9
    assert log_loss(found, samples) < log_loss(WinModel(40.0, 5.0), samples) - 0.01


def test_every_table_size_has_a_model() -> None:
    for n in (2, 3, 4, 5, 8):
        model = model_for(n)
        assert model in MODELS.values()
        assert model.sigma > 0 and model.pace > 0


def test_the_expert_with_the_game_horizon_still_completes_a_column() -> None:
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    seen, legal = view(position, 0), legal_moves(position, 0)
    bot = ExpertBot(1, budget=16, seconds=None, horizon=replace(HORIZON, game=50.0))
    first = bot.choose(seen, legal)
    assert first == ExpertBot(1, 16, None, replace(HORIZON, game=50.0)).choose(seen, legal)
    assert first.cell == (2, 0)  # type: ignore[union-attr]
