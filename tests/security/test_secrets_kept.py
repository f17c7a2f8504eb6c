"""Findings 1, 2 and 7 of issue 12: a table being played keeps its deal secret."""

from __future__ import annotations

import hashlib
import json
import logging
import re
from random import Random

import pytest
from flask import Flask
from flask.testing import FlaskClient

from skyjo_pad.engine import new_game, position_to_json
from skyjo_pad.engine.cards import HashRandom, new_deck, shuffle
from skyjo_pad.engine.limits import SECRET_SEED_BITS
from skyjo_pad.extensions import db
from skyjo_pad.models import TableState
from skyjo_pad.presenters.table_screen import screen_json
from skyjo_pad.services import table_store, tables
from skyjo_pad.services.errors import Forbidden


def _solo(seed: int | None = None) -> str:
    seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Robo", "easy")]
    return tables.create(seats, {"target": 100}, seed=seed)


def test_no_export_or_page_shows_the_seed_of_a_table_being_played(
    app: Flask, client: FlaskClient
) -> None:
    with app.app_context():
        game_id = _solo(seed=918_273_645)
    for url in (
        "/history/export.json",
        "/history/export.csv",
        f"/history/{game_id}",
        f"/tables/{game_id}",
        f"/api/phone-tables/{game_id}",
        f"/tables/{game_id}/replay",
        f"/api/phone-tables/{game_id}/replay/0",
        f"/tables/new?again={game_id}",
    ):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert "918273645" not in answer.text, url
        assert "918,273,645" not in answer.text, url
    export = json.loads(client.get("/history/export.json").text)
    (table,) = [g for g in export["games"] if g["id"] == game_id]
    assert "seed" not in table and "record" not in table


def test_the_export_keeps_the_seed_once_the_table_is_over(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game_id = _solo(seed=4242)
        tables.abandon(game_id)
    export = json.loads(client.get("/history/export.json").text)
    (table,) = [g for g in export["games"] if g["id"] == game_id]
    assert table["seed"] == 4242
    assert re.search(r"\b4242\b", client.get(f"/tables/{game_id}").text)


def test_during_the_opening_a_person_turns_up_only_their_own_cards(app: Flask) -> None:
    with app.app_context():
        seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Bob")]
        game_id = tables.create(seats, {}, seed=7)
        screen = screen_json(tables.screen(game_id))
        assert screen["actor"] == 0 and screen["view"]["phase"] == "reveal"
        with pytest.raises(Forbidden, match="Only Bob may turn up Bob's cards"):
            tables.play(game_id, {"action": "reveal", "seat": 1, "cell": [0, 0]}, screen["version"])
        after = screen_json(tables.screen(game_id))
        assert after["version"] == screen["version"]
        assert after["view"]["grids"][1][0][0] == "?"
        tables.play(game_id, {"action": "reveal", "seat": 0, "cell": [0, 0]}, screen["version"])


def test_the_table_endpoint_answers_403_to_a_reveal_of_another_seat(
    app: Flask, client: FlaskClient
) -> None:
    with app.app_context():
        game_id = tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Bob")], {}, seed=7)
    version = client.get(f"/api/phone-tables/{game_id}").get_json()["version"]
    move = {"action": "reveal", "seat": 1, "cell": [2, 3]}
    answer = client.post(
        f"/api/phone-tables/{game_id}/moves", json={"version": version, "move": move}
    )
    assert answer.status_code == 403
    assert answer.get_json()["state"]["version"] == version


def _stored(game_id: str) -> tuple[int, dict[str, object]]:
    state = db.session.get(TableState, game_id)
    assert state is not None
    return int(state.seed), dict(state.start)


def test_a_secret_deal_has_128_random_bits_and_hands_them_on(app: Flask) -> None:
    with app.app_context():
        seeds = [_stored(_solo())[0] for _ in range(3)]
        assert all(seed >> SECRET_SEED_BITS == 1 for seed in seeds)  # 2**128 + 128 bits
        assert len(set(seeds)) == 3
        _seed, start = _stored(_solo())
        next_seed = start["seed"]
        assert isinstance(next_seed, int) and next_seed >> SECRET_SEED_BITS == 1


def test_a_secret_deal_can_be_typed_in_again_once_over(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        first = _solo()
        tables.abandon(first)
        seed, start = _stored(first)
        again = _solo(seed=seed)
        assert _stored(again) == (seed, start)
    page = client.get(f"/tables/{first}").text
    assert f"deal number {seed}" in page
    form = client.get(f"/tables/new?again={first}").text
    assert f'value="{seed}"' in form


def test_a_typed_in_deal_number_deals_as_it_always_did(app: Flask) -> None:
    with app.app_context():
        _seed, start = _stored(_solo(seed=42))
    assert start["seed"] < 2**53
    assert start["grids"] == position_to_json(new_game(["Ann", "Robo"], seed=42))["grids"]


def test_the_bots_of_a_secret_deal_tell_nothing_of_its_seed(app: Flask) -> None:
    with app.app_context():
        game_id = _solo()
        state = db.session.get(TableState, game_id)
        assert state is not None
        seed = int(state.seed)
        bot_seed = table_store.bot_seed(state)
        assert bot_seed != seed and bot_seed & 0xFFFFFFFFFFFF != seed & 0xFFFFFFFFFFFF


def test_a_secret_deal_is_shuffled_by_a_cryptographic_stream() -> None:
    seed = (1 << SECRET_SEED_BITS) | 0x1234
    order, _next = shuffle(new_deck(), seed)
    assert shuffle(new_deck(), seed)[0] == order  # the same number deals the same cards
    mersenne = list(new_deck())
    Random(seed).shuffle(mersenne)
    assert order != mersenne  # not Python's Mersenne Twister, whose state is linear
    key = seed.to_bytes(17, "big")
    first = hashlib.shake_256(b"skyjo-deal:" + key + b":" + bytes(8)).digest(64)
    assert HashRandom(seed).getrandbits(512) == int.from_bytes(first, "big")


@pytest.mark.parametrize("logger", ["werkzeug", "uvicorn.access", "gunicorn.access"])
def test_any_server_that_runs_the_app_hides_a_links_token_in_its_log(
    app: Flask, caplog: pytest.LogCaptureFixture, logger: str
) -> None:
    """`flask --app app run`, `uvicorn --factory skyjo_pad.asgi:create` or Gunicorn, not
    only `skyjo-pad serve`: the app made by the factory hides the tokens itself."""
    caplog.set_level(logging.INFO, logger=logger)
    line = "GET /t/Sekret-Token_1 HTTP/1.1"
    logging.getLogger(logger).info('%s - "%s" %s', "127.0.0.1", line, 200)
    assert "Sekret" not in caplog.text and "GET /t/… HTTP/1.1" in caplog.text
