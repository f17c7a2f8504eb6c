"""The learned values: the committed weights, the fit that makes them, and the bot that
plays by them."""

from __future__ import annotations

import json

import pytest
from test_ev import table

from skyjo_pad.bots import ValuedBot, make_bot, values
from skyjo_pad.bots.learn import fit, record_game
from skyjo_pad.engine import Discard, Swap, legal_moves, view


def test_the_committed_weights_have_the_models_shape() -> None:
    data = json.loads(values.WEIGHTS_FILE.read_text(encoding="utf-8"))
    model = values.Model.from_json(data)
    assert sorted(model.sizes) == list(values.SIZES)
    for weights in model.sizes.values():
        assert len(weights.vector()) == values.FEATURES
        assert len(weights.tempo) == values.DOWNS and len(weights.own) == values.PACES
    assert data["made"]["seed"] == 25
    # Larger tables use the 4-player weights, a 2-player table its own.
    assert model.weights(6) is model.sizes[4] and model.weights(2) is model.sizes[2]


@pytest.mark.parametrize(
    "data",
    [
        {"format": "other", "sizes": {}},
        {"format": "skyjo-values/1", "sizes": {}},
        {"format": "skyjo-values/1", "sizes": {"2": [1.0, 2.0]}},
        {"format": "skyjo-values/1"},
    ],
)
def test_a_weights_file_of_the_wrong_shape_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        values.Model.from_json(data)


def test_the_fit_recovers_a_known_linear_rule() -> None:
    # Labels made by known weights (no noise): the fit must find them again.
    truth = [0.0] * values.FEATURES
    for d in range(values.DOWNS):
        for p in range(values.PACES):
            truth[d * values.PACES + p] = 0.5 * d - 0.25 * p
    at = values.DOWNS * values.PACES
    for p in range(values.PACES):
        truth[at + p] = 0.8 + 0.02 * p
        truth[at + values.PACES + p] = -0.9
    truth[-1] = 0.3
    rows = []
    for k in range(6000):
        down, pace = k % values.DOWNS, (k // 11) % values.PACES
        ctx = values.Context(pace, 10 + (k * 7) % 23, (k * 5) % 9)
        features = values.design(down, (k * 13) % 40 - 5, ctx)
        rows.append((features, sum(truth[i] * a for i, a in features)))
    found = fit(rows, smooth=0.0).vector()
    assert max(abs(a - b) for a, b in zip(found, truth, strict=True)) < 0.05
    # Smoothed (as the committed weights are), the rule is still found closely.
    smoothed = fit(rows).vector()
    assert max(abs(a - b) for a, b in zip(smoothed, truth, strict=True)) < 0.5


def test_recording_is_a_function_of_the_seed() -> None:
    first = record_game(2, 11)
    assert first == record_game(2, 11)
    assert first != record_game(2, 12)
    # After every turn before a close, one row: the four features and a label.
    assert len(first) > 40
    for features, label in first:
        assert len(features) == 4 and -200 < label < 200
    weights = fit(first + record_game(2, 13))
    assert weights == fit(first + record_game(2, 13))


def test_the_valued_bot_is_made_by_name_and_plays_like_a_card_counter() -> None:
    assert isinstance(make_bot("valued", 3), ValuedBot)
    mine = [["8u", "6d", "4d", "3d"], ["2d", "7u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
    rival = [["10u", "6d", "4d", "3d"], ["2d", "5u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
    # A 1 drawn is kept; a 9 under two face-up 9s completes the column.
    position = table([mine, rival], [10], held={"value": 1, "from": "draw"})
    assert isinstance(ValuedBot(1).choose(view(position, 0), legal_moves(position, 0)), Swap)
    pair = [["9u", "6d", "4d", "3d"], ["9u", "7u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
    position = table([pair, rival], [10], held={"value": 9, "from": "draw"})
    assert ValuedBot(1).choose(view(position, 0), legal_moves(position, 0)) == Swap((2, 0))
    # A 12 drawn: thrown away for a flip.
    position = table([mine, rival], [10], held={"value": 12, "from": "draw"})
    assert ValuedBot(1).choose(view(position, 0), legal_moves(position, 0)) == Discard()
