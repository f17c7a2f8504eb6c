"""Retries that never make a copy: `client_id` on new games and rounds, `version` on a
correction and a take-back (API.md, "Retries that never make a copy")."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from api_helpers import RULEBOOK_ROUND, PadApi
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from threads import WAIT, arrive_together, run_at_once
from werkzeug.test import TestResponse

from skyjo_pad.extensions import db
from skyjo_pad.models import Game as GameRow
from skyjo_pad.models import Round
from skyjo_pad.services import pad

Game = dict[str, Any]
"""Seconds a thread waits for the other (never reached on a healthy run)."""


def rounds_url(game: Game, number: int | None = None) -> str:
    """The address of a game's rounds, or of one round."""
    base = f"/api/games/{game['id']}/rounds"
    return base if number is None else f"{base}/{number}"


class TestNewGameClientId:
    def test_the_second_post_answers_200_with_the_same_game(
        self, client: FlaskClient, api: PadApi
    ) -> None:
        body = {"players": ["Ann", "Bob"], "client_id": "game-4f1c2a9e"}
        first = client.post("/api/games", json=body)
        assert first.status_code == 201
        again = client.post("/api/games", json=body)
        assert again.status_code == 200
        assert api.json(again) == api.json(first)
        assert api.counts()[0] == 1

    def test_the_answer_is_the_game_as_it_is_now(self, client: FlaskClient, api: PadApi) -> None:
        body = {"players": ["Ann", "Bob", "Cy"], "client_id": "game-7a7a7a7a"}
        game = api.json(client.post("/api/games", json=body))
        api.add_round(game["id"], RULEBOOK_ROUND)
        again = api.json(client.post("/api/games", json=body))
        assert again["id"] == game["id"]
        assert len(again["rounds"]) == 1 and again["totals"] == [8, 50, 20]

    def test_other_ids_make_other_games(self, client: FlaskClient, api: PadApi) -> None:
        for client_id in ("game-aaaaaaaa", "game-bbbbbbbb"):
            body = {"players": ["Ann", "Bob"], "client_id": client_id}
            assert client.post("/api/games", json=body).status_code == 201
        assert api.counts()[0] == 2

    @pytest.mark.parametrize(
        "client_id", ["short", "x" * 65, "has space1", "ünïcödé-id", 12345678, True, ["a" * 8]]
    )
    def test_a_bad_client_id_is_400_and_saves_nothing(
        self, client: FlaskClient, api: PadApi, client_id: object
    ) -> None:
        body = {"players": ["Ann", "Bob"], "client_id": client_id}
        message = api.refused(client.post("/api/games", json=body), 400)
        assert "client_id" in message
        assert api.counts() == (0, 0, 0)


class TestNewRoundClientId:
    def test_a_retry_changes_nothing_and_answers_200(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        body = {**RULEBOOK_ROUND, "client_id": "round-0001-abcd"}
        first = client.post(rounds_url(game), json=body)
        assert first.status_code == 201
        again = client.post(rounds_url(game), json=body)
        assert again.status_code == 200
        repeated = api.json(again)
        assert repeated.pop("saved_as") == 1  # the round that client_id saved
        assert repeated == {k: v for k, v in api.json(first).items() if k != "warnings"}
        assert len(api.game(game["id"])["rounds"]) == 1

    def test_a_retry_names_the_round_it_saved_whatever_it_now_says(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        """A phone that changed the round since sending it learns which round to correct."""
        first = {"scores": [1, 2, 3], "closer": 0, "client_id": "round-0005-abcd"}
        assert client.post(rounds_url(game), json=first).status_code == 201
        api.add_round(game["id"], RULEBOOK_ROUND)  # another phone's round after it
        changed = {**first, "scores": [1, 9, 3]}
        again = client.post(rounds_url(game), json=changed)
        assert again.status_code == 200 and api.json(again)["saved_as"] == 1
        assert api.json(again)["rounds"][0]["raw"] == [1, 2, 3]  # nothing changed
        assert "saved_as" not in api.json(client.get(f"/api/games/{game['id']}"))

    def test_a_retry_with_the_old_version_is_no_conflict(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        body = {**RULEBOOK_ROUND, "client_id": "round-0002-abcd", "version": game["version"]}
        saved = api.json(client.post(rounds_url(game), json=body))
        again = client.post(rounds_url(game), json=body)  # the first answer was lost
        assert again.status_code == 200
        assert api.json(again)["version"] == saved["version"]

    def test_a_new_round_with_a_stale_version_is_still_409(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        body = {"scores": [1, 2, 3], "closer": 0, "client_id": "round-0003-abcd"}
        body["version"] = game["version"]
        api.refused(client.post(rounds_url(game), json=body), 409)
        assert len(api.game(game["id"])["rounds"]) == 1

    def test_the_same_id_in_another_game_is_another_round(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        other = api.new_game(["Dee", "Eve", "Fay"])
        body = {**RULEBOOK_ROUND, "client_id": "round-shared-1"}
        assert client.post(rounds_url(game), json=body).status_code == 201
        assert client.post(rounds_url(other), json=body).status_code == 201

    def test_a_retry_after_the_game_ended_is_200(self, client: FlaskClient, api: PadApi) -> None:
        game = api.new_game(["Ann", "Bob"], target=10)
        body = {"scores": [30, 1], "closer": 1, "client_id": "round-last-one"}
        assert api.json(client.post(rounds_url(game), json=body))["finished"]
        assert client.post(rounds_url(game), json=body).status_code == 200

    def test_a_correction_takes_no_client_id(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        body = {**RULEBOOK_ROUND, "client_id": "round-0004-abcd"}
        message = api.refused(client.put(rounds_url(game, 1), json=body), 400)
        assert "client_id" in message

    def test_a_bad_client_id_is_400(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        body = {**RULEBOOK_ROUND, "client_id": "no"}
        api.refused(client.post(rounds_url(game), json=body), 400)
        assert api.game(game["id"])["rounds"] == []


class TestTakeBackVersionInTheBody:
    def test_the_current_version_is_accepted(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        saved = api.add_round(game["id"], RULEBOOK_ROUND)
        answer = client.delete(rounds_url(game, 1), json={"version": saved["version"]})
        assert answer.status_code == 200 and api.json(answer)["rounds"] == []

    def test_a_stale_version_is_409_and_keeps_the_round(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        stale = client.delete(rounds_url(game, 1), json={"version": game["version"]})
        api.refused(stale, 409)
        assert len(api.game(game["id"])["rounds"]) == 1

    @pytest.mark.parametrize("body", [{"version": "2"}, {"round": 1}, [2]])
    def test_a_bad_body_is_400(
        self, client: FlaskClient, api: PadApi, game: Game, body: object
    ) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        api.refused(client.delete(rounds_url(game, 1), json=body), 400)
        assert len(api.game(game["id"])["rounds"]) == 1


def at_once(app: Flask, calls: list[Callable[[FlaskClient], TestResponse]]) -> list[Any]:
    """Each call on its own thread with its own client; the answers or the exceptions."""
    return run_at_once(app, [lambda call=call: call(app.test_client()) for call in calls])


def test_two_posts_of_one_round_at_once_keep_one_row(
    app: Flask, api: PadApi, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    arrive_together(monkeypatch)  # both looked for the client id and found none
    body = {**RULEBOOK_ROUND, "client_id": "round-at-once-1", "version": game["version"]}
    answers = at_once(app, [lambda c: c.post(rounds_url(game), json=body)] * 2)
    assert sorted(a.status_code for a in answers) == [200, 201], answers
    assert answers[0].get_json()["version"] == answers[1].get_json()["version"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Round)) == 1


def test_two_posts_of_one_round_at_once_without_a_version_keep_one_row(
    app: Flask, api: PadApi, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phone's retry racing its first send, with no version: one saves the round, the
    other answers 200 with the game (never 503 "other phones are saving")."""
    arrive_together(monkeypatch, once=True)
    body = {**RULEBOOK_ROUND, "client_id": "round-at-once-2"}
    answers = at_once(app, [lambda c: c.post(rounds_url(game), json=body)] * 2)
    assert sorted(a.status_code for a in answers) == [200, 201], answers
    assert answers[0].get_json()["version"] == answers[1].get_json()["version"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Round)) == 1


def test_two_posts_of_one_game_at_once_keep_one_row(
    app: Flask, api: PadApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    both_read = threading.Barrier(2, timeout=WAIT)
    pad_rules = pad.pad_rules

    def rules_then_wait(data: Any) -> Any:
        rules = pad_rules(data)
        both_read.wait()  # both looked for the client id and found none; now both insert
        return rules

    monkeypatch.setattr(pad, "pad_rules", rules_then_wait)
    body = {"players": ["Ann", "Bob"], "client_id": "game-at-once-1"}
    answers = at_once(app, [lambda c: c.post("/api/games", json=body)] * 2)
    assert sorted(a.status_code for a in answers) == [200, 201], answers
    assert answers[0].get_json()["id"] == answers[1].get_json()["id"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameRow)) == 1


def test_two_rounds_saved_at_once_without_a_version_are_both_saved(
    app: Flask, api: PadApi, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without `version` a round goes on the sheet as it is: of two saves at the same
    moment, the one that waits for the other's commit goes on as round 2, not refused."""
    arrive_together(monkeypatch)
    bodies = [{"scores": [1, 2, 3], "closer": None}, {"scores": [4, 5, 6], "closer": None}]
    answers = at_once(
        app, [lambda c, body=body: c.post(rounds_url(game), json=body) for body in bodies]
    )
    assert sorted(a.status_code for a in answers) == [201, 201], answers
    rounds = api.game(game["id"])["rounds"]
    assert sorted(r["raw"] for r in rounds) == [[1, 2, 3], [4, 5, 6]]
