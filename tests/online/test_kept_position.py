"""A move starts from the position its process kept at the table's version (no decoding
of the stored one), and only from that very version: any other is decoded afresh."""

from __future__ import annotations

import dataclasses

from flask import Flask
from flask.testing import FlaskClient
from online_walk import create, move, seat_tokens, state

from skyjo_pad.engine import new_game, position_from_json
from skyjo_pad.services import live_tables, table_play
from skyjo_pad.services import table_store as store


def reveal(client: FlaskClient, table: dict[str, object], token: str) -> dict[str, object]:
    """Ann turns up one of her opening cards; the answer."""
    seen = state(client, table, token)
    answer = move(client, table, token, {"version": seen["version"], "move": seen["moves"][0]})
    assert answer.status_code == 200, answer.json
    made: dict[str, object] = answer.get_json()
    return made


def test_the_position_kept_at_the_version_is_the_one_played_on(
    app: Flask, client: FlaskClient
) -> None:
    table = create(client)
    reveal(client, table, seat_tokens(table)[0])
    with app.app_context():
        game, row = store.load(str(table["id"]))
        kept = live_tables.TABLES.kept(game.id, game.version)
        assert kept is not None and kept.version == game.version
        now = table_play.position_now(game, row)
        assert now is kept.position  # not decoded again
        assert now == position_from_json(row.position)  # and the same as the stored one


def test_a_position_kept_at_another_version_is_not_used(app: Flask, client: FlaskClient) -> None:
    table = create(client)
    ann = seat_tokens(table)[0]
    reveal(client, table, ann)
    with app.app_context():
        game, row = store.load(str(table["id"]))
        kept = live_tables.TABLES.kept(game.id, game.version)
        assert kept is not None
        elsewhere = new_game(["X", "Y", "Z"], seed=7)  # what some other version held
        live_tables.TABLES.remember(
            dataclasses.replace(kept, version=game.version + 1, position=elsewhere)
        )
        now = table_play.position_now(game, row)
        assert now is not elsewhere
        assert now == position_from_json(row.position)
    live_tables.TABLES.forget()
    reveal(client, table, ann)  # and the next move is played on the stored one
