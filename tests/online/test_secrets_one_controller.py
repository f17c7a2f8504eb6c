"""Issue 21: both kinds of table played to the end through the one controller
(`table_play`), every answer for every device and token searched for secrets."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from online_walk import assert_hidden, bearer, create, seat_tokens, truth

from skyjo_pad.services import tables


def test_a_one_phone_table_shows_each_device_only_what_it_may_see(app: Flask) -> None:
    phone, other = app.test_client(), app.test_client()
    with app.app_context():
        seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Bob"), tables.SeatChoice("C", "easy")]
        game_id = tables.create(seats, {"target": 15})
    url = f"/api/phone-tables/{game_id}"
    screen = phone.get(url).get_json()  # the first device to open it plays it
    rng = random.Random(4)
    for _ in range(3_000):
        position, seed = truth(app, game_id)
        assert_hidden(screen, position, seed, screen["you"])
        watched = other.get(url).get_json()
        assert watched["watching"] and watched["moves"] == [] and not watched["can_deal"]
        assert_hidden(watched, position, seed, None)
        if screen["status"] != "playing":
            break
        version = screen["version"]
        assert other.get(f"{url}/replay").status_code == 403
        assert other.get(f"{url}/hint?version={version}").status_code == 403
        assert_hidden(other.get(f"/tables/{game_id}").text, position, seed, None)
        if screen["moves"]:
            body = {"version": version, "move": rng.choice(screen["moves"])}
            refused = other.post(f"{url}/moves", json=body)
            assert refused.status_code == 403
            assert_hidden(refused.get_json()["state"], position, seed, None)
            answer = phone.post(f"{url}/moves", json=body)
        elif screen["can_deal"]:
            answer = phone.post(
                f"{url}/moves", json={"version": version, "move": {"action": "deal"}}
            )
        else:
            answer = phone.post(f"{url}/advance", json={"version": version, "all": True})
        assert answer.status_code == 200, answer.json
        screen = answer.get_json()
    assert screen["status"] == "finished"
    assert other.get(f"{url}/replay").status_code == 200  # once over: anyone may replay


def test_an_online_table_replays_for_its_tokens_only_and_never_shows_a_secret(
    app: Flask,
) -> None:
    client = app.test_client()
    table = create(client, rules={"target": 10})
    game_id = table["id"]
    people = dict(enumerate(seat_tokens(table)))
    everyone = [*people.values(), table["host_token"], table["spectator_token"]]
    rng = random.Random(9)
    for _ in range(3_000):
        position, seed = truth(app, game_id)
        states = {
            seat: client.get(f"/api/tables/{game_id}", headers=bearer(token)).get_json()
            for seat, token in people.items()
        }
        for seat, seen in states.items():
            assert_hidden(seen, position, seed, seat)
        steps = None
        for token in everyone:
            step = client.get(f"/api/tables/{game_id}/replay/0", headers=bearer(token))
            assert step.status_code == 200
            steps = step.get_json()["steps"]
        last = client.get(f"/api/tables/{game_id}/replay/{steps}", headers=bearer(everyone[-1]))
        assert_hidden(last.get_json(), position, seed, None)
        assert client.get(f"/api/tables/{game_id}/replay/0").status_code == 401
        ready = [(seat, s) for seat, s in states.items() if s["moves"]]
        if not ready:
            break
        seat, seen = rng.choice(ready)
        body: dict[str, Any] = {"version": seen["version"], "move": rng.choice(seen["moves"])}
        answer = client.post(
            f"/api/tables/{game_id}/moves", json=body, headers=bearer(people[seat])
        )
        assert answer.status_code == 200, answer.json
    assert states[0]["status"] == "finished"
