"""Online tables over the API (API.md, "Online tables"): tokens, authority, the answers,
the event stream and the record; on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from databases import ON_POSTGRES
from flask import Flask
from flask.testing import FlaskClient
from online_helpers import OnlineApi, StreamReader, assert_no_secret, bearer, versions_in
from sqlalchemy import select

from skyjo_pad.engine.limits import SEED_MAX
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, GameSeat, Player, TableToken
from skyjo_pad.services import live, roster, stats
from skyjo_pad.services.errors import Conflict


@pytest.fixture
def online(app: Flask, client: FlaskClient) -> OnlineApi:
    return OnlineApi(app, client)


@pytest.fixture
def table(online: OnlineApi) -> dict[str, Any]:
    """Ann, Bob and a hard computer player; a short game on a fixed deal."""
    return online.create(rules={"target": 20}, seed=42)


def tokens(table: dict[str, Any]) -> dict[str, str]:
    return {
        "ann": table["seats"][0]["token"],
        "bob": table["seats"][1]["token"],
        "host": table["host_token"],
        "spectator": table["spectator_token"],
    }


def test_creating_a_table_answers_every_token_once_and_keeps_only_digests(
    app: Flask, online: OnlineApi
) -> None:
    table = online.create(
        [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}, {"bot": "hard"}]
    )
    assert [s["seat"] for s in table["seats"]] == [0, 1, 2]
    ann, bob, bot = table["seats"]
    assert ann["link"].endswith("/t/" + ann["token"]) and ann["invitation"] == "none"
    assert bob["invitation"] == "none" and bot == {"seat": 2, "name": "Hard bot", "bot": "hard"}
    every = [ann["token"], bob["token"], table["host_token"], table["spectator_token"]]
    assert all(len(token) >= 43 for token in every)  # 256 random bits, URL-safe
    assert len(set(every)) == 4
    with app.app_context():
        kept = db.session.scalars(select(TableToken.digest)).all()
        assert len(kept) == 4 and not set(every) & set(kept)
        # the address book keeps Ann's email for next time
        assert db.session.scalar(select(Player.email).where(Player.name == "Ann")) == (
            "ann@example.org"
        )


def test_computer_seats_left_blank_are_named_apart_and_no_person_takes_their_name(
    client: FlaskClient, online: OnlineApi
) -> None:
    """Two medium seats left blank: "Medium bot" and "Medium bot 2" (in French, the
    French names); a person named like them, at a table or on the pad, is refused."""
    table = online.create([{"name": "Zed"}, {"bot": "medium"}, {"bot": "medium", "name": "  "}])
    assert [s["name"] for s in table["seats"][1:]] == ["Medium bot", "Medium bot 2"]
    french = client.post(
        "/api/tables",
        json={"seats": [{"name": "Zoé"}, {"bot": "easy"}]},
        headers={"Accept-Language": "fr"},
    )
    assert (
        french.status_code == 201 and french.get_json()["seats"][1]["name"] == "Ordinateur facile"
    )
    pad = client.post("/api/games", json={"players": ["Ann", "easy bot 3"]})
    assert pad.status_code == 422
    assert (
        pad.get_json()["error"]
        == "easy bot 3 is a computer player's name: give this person another name."
    )
    # A computer a host named: its name stays a computer's, on the pad and at a table.
    online.create([{"name": "Cy"}, {"bot": "easy", "name": "Robo"}])
    for typed, refused in (
        ("robo", client.post("/api/games", json={"players": ["robo", "Bob"]})),
        ("Robo", client.post("/api/tables", json={"seats": [{"name": "Robo"}, {"bot": "hard"}]})),
    ):
        assert refused.status_code == 422
        assert refused.get_json()["error"].startswith(f"{typed} is a computer player's name")
    again = online.create([{"name": "Dee"}, {"bot": "medium", "name": "Robo"}])
    assert again["seats"][1]["name"] == "Robo"  # the computer itself sits down again
    for name in ("Hard bot", "svår dator 2"):  # another level's own name, in any language
        other = client.post(
            "/api/tables", json={"seats": [{"name": "Eve"}, {"bot": "easy", "name": name}]}
        )
        assert other.status_code == 422
        assert other.get_json()["error"] == (
            f"{name} is the name of another level's computer player: give this one another "
            "name, or leave its name blank."
        )
    same = online.create([{"name": "Fay"}, {"bot": "hard", "name": "Hard bot"}])
    assert same["seats"][1]["name"] == "Hard bot"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"seats": [{"name": "Ann"}]}, 422),
        ({"seats": [{"bot": "hard"}, {"bot": "easy"}]}, 422),
        ({"seats": [{"name": "Ann"}, {"bot": "genius"}]}, 422),
        ({"seats": [{"name": "Ann", "email": "not an email"}, {"name": "Bob"}]}, 422),
        ({"seats": [{"name": "Ann"}, {"name": "Bob"}], "rules": {"target": 0}}, 422),
        ({"seats": "Ann, Bob"}, 400),
        ({"seats": [{"name": "Ann"}, {"name": "Bob"}], "colour": "red"}, 400),
        ({"seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": "x"}, 422),
        ({"seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": SEED_MAX + 1}, 422),
        ({"players": ["Ann", "Bob"]}, 400),
    ],
)
def test_a_refused_table_says_why_and_makes_nothing(
    app: Flask, client: FlaskClient, body: dict[str, Any], status: int
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == status
    assert isinstance(answer.get_json()["error"], str)
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Game)) == 0


def test_every_deal_number_the_refusal_allows_deals(client: FlaskClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    refused = client.post("/api/tables", json={"seats": seats, "seed": SEED_MAX + 1})
    said = re.search(r"from 0 to (\d+)\.", refused.get_json()["error"])
    assert refused.status_code == 422 and said
    largest = int(said[1])  # the largest, as the refusal says it: it deals
    assert client.post("/api/tables", json={"seats": seats, "seed": largest}).status_code == 201


def test_each_token_sees_its_own_view(online: OnlineApi, table: dict[str, Any]) -> None:
    t = tokens(table)
    ann = online.state(table["id"], t["ann"])
    assert ann["seat"] == 0 and ann["view"]["viewer"] == 0 and ann["status"] == "playing"
    assert ann["actor"] is None  # the opening reveals: every seat in any order
    assert ann["seats"] == [
        {"seat": 0, "name": "Ann", "bot": None},
        {"seat": 1, "name": "Bob", "bot": None},
        {"seat": 2, "name": "Hard bot", "bot": "hard"},
    ]
    assert ann["moves"] and all(m["action"] == "reveal" and m["seat"] == 0 for m in ann["moves"])
    # the computer player turned up its cards by itself
    assert sum(cell != "?" for row in ann["view"]["grids"][2] for cell in row) == 2
    for who in ("host", "spectator"):
        seen = online.state(table["id"], t[who])
        assert seen["seat"] is None and seen["moves"] == [] and seen["view"]["viewer"] is None
    assert online.get(table["id"], None).status_code == 401
    assert online.get(table["id"], "not-a-token").status_code == 401
    other = online.create()
    assert online.get(table["id"], other["host_token"]).status_code == 401


def test_moves_are_refused_unless_they_are_this_seats_own(
    online: OnlineApi, table: dict[str, Any]
) -> None:
    game, t = table["id"], tokens(table)
    before = online.fingerprint(game)
    version = online.state(game, t["ann"])["version"]
    reveal = {"action": "reveal", "seat": 0, "cell": [0, 0]}
    refused = [
        (online.move(game, None, version, reveal), 401),
        (online.move(game, "unknown", version, reveal), 401),
        (online.move(game, t["host"], version, reveal), 403),
        (online.move(game, t["spectator"], version, reveal), 403),
        (online.move(game, t["bob"], version, reveal), 403),  # Ann's card
        (online.move(game, t["ann"], version - 1, reveal), 409),  # stale
        (online.move(game, t["ann"], version, {"action": "draw"}), 422),  # reveals first
        (online.move(game, t["ann"], version, {"action": "fly"}), 400),
        (online.move(game, t["ann"], "one", reveal), 400),
    ]
    for answer, status in refused:
        assert answer.status_code == status, (answer.json, status)
        assert isinstance(answer.get_json()["error"], str)
        if status not in (401, 403) or answer is refused[4][0]:  # a seat's own refusal:
            state = answer.get_json()["state"]  # with the table as it is now, as it says
            assert state["version"] == version and state["seat"] in (0, 1)
    stale = refused[5][0].get_json()
    assert stale["error"].endswith("here it is as it is now.") and stale["state"]["seat"] == 0
    assert "That is not a move the table can read: unknown action" in refused[7][0].json["error"]
    assert online.fingerprint(game) == before
    assert online.state(game, t["ann"])["version"] == version


def reveal_all(online: OnlineApi, game: str, token: str) -> dict[str, Any]:
    state = online.state(game, token)
    while state["moves"] and state["moves"][0]["action"] == "reveal":
        answer = online.move(game, token, state["version"], state["moves"][0])
        assert answer.status_code == 200, answer.json
        state = answer.get_json()
    return state


def test_out_of_turn_and_a_reissued_token_are_refused(
    client: FlaskClient, online: OnlineApi, table: dict[str, Any]
) -> None:
    game, t = table["id"], tokens(table)
    reveal_all(online, game, t["ann"])
    state = reveal_all(online, game, t["bob"])
    actor = state["actor"]
    assert actor in (0, 1, 2)
    if actor == 2:
        pytest.fail("the computer seat should have played before the answer came")
    mover, waiter = (t["ann"], t["bob"]) if actor == 0 else (t["bob"], t["ann"])
    before = online.fingerprint(game)
    waiting = online.state(game, waiter)
    assert waiting["moves"] == []
    answer = online.move(game, waiter, waiting["version"], {"action": "draw"})
    assert answer.status_code == 403 and "turn" in answer.get_json()["error"]
    assert online.fingerprint(game) == before
    # the host gives the seat to move a new link: the old one stops at once
    seat = 0 if mover == t["ann"] else 1
    url = f"/api/tables/{game}/seats/{seat}/token"
    odd = client.post(url, json={"x": 1}, headers=bearer(t["host"]))
    assert odd.status_code == 400
    assert odd.get_json()["error"] == 'Unknown field "x" in this request, which takes no fields.'
    fresh = client.post(url, headers=bearer(t["host"]))
    assert fresh.status_code == 200
    new_token = fresh.get_json()["token"]
    now = online.state(game, new_token)["version"]
    assert now == waiting["version"] + 1  # a move read before the new link is stale
    before = online.fingerprint(game)
    answer = online.move(game, mover, now, {"action": "draw"})
    assert answer.status_code == 401
    assert online.fingerprint(game) == before
    answer = online.move(game, new_token, now, {"action": "draw"})
    assert answer.status_code == 200
    assert answer.get_json()["view"]["held"]["value"] is not None  # the drawn card, to its seat
    # a seat token may not use the host's tools
    refused = client.post(f"/api/tables/{game}/seats/0/token", headers=bearer(new_token))
    assert refused.status_code == 403


def test_the_host_gives_a_seat_to_the_computer_and_abandons(
    client: FlaskClient, online: OnlineApi, table: dict[str, Any]
) -> None:
    game, t = table["id"], tokens(table)
    host = bearer(t["host"])
    seats = client.get(f"/api/tables/{game}/seats", headers=host).get_json()["seats"]
    assert [s["opened"] for s in seats] == [False, False, False]
    assert [s["invitation"] for s in seats] == ["none", "none", None]  # as creation said
    online.state(game, t["ann"])
    seats = client.get(f"/api/tables/{game}/seats", headers=host).get_json()["seats"]
    assert seats[0]["opened"] and not seats[1]["opened"]
    version = online.state(game, t["ann"])["version"]
    revealed = online.move(game, t["bob"], version, {"action": "reveal", "seat": 1, "cell": [0, 0]})
    assert revealed.status_code == 200, revealed.json
    seats = client.get(f"/api/tables/{game}/seats", headers=host).get_json()["seats"]
    assert seats[1]["opened"]  # Bob's client moved without a look first: he has it open
    for tool, body in (("player", {"bot": "easy"}), ("token", None)):  # API.md: no such thing
        missing = client.post(f"/api/tables/{game}/seats/3/{tool}", json=body, headers=host)
        assert missing.status_code == 404, missing.json
        assert missing.get_json()["error"] == "There is no such seat at this table."
    given = client.post(f"/api/tables/{game}/seats/1/player", json={"bot": "easy"}, headers=host)
    assert given.status_code == 200
    # Bob's seat turned up its cards by itself, the computer's way
    bob = online.state(game, t["bob"])
    assert bob["moves"] == [] and bob["seats"][1]["bot"] == "easy"
    assert sum(c != "?" for row in bob["view"]["grids"][1] for c in row) == 2
    back = client.post(f"/api/tables/{game}/seats/1/player", json={"bot": None}, headers=host)
    assert back.status_code == 200 and back.get_json()["seats"][1]["bot"] is None
    assert client.get(f"/api/tables/{game}/record", headers=host).status_code == 409
    for unsure in ({}, {"confirm": 1}, {"confirm": 1.0}, {"confirm": "yes"}, {"confirm": False}):
        no = client.post(f"/api/tables/{game}/abandon", json=unsure, headers=host)
        assert no.status_code == 400, unsure
        assert no.get_json()["error"] == 'Confirm it: send {"confirm": true}.'
    assert online.state(game, t["host"])["status"] == "playing"
    for body in ({"confirm": True}, {}):  # a seat's link may not, whatever it sent
        refused = client.post(f"/api/tables/{game}/abandon", json=body, headers=bearer(t["ann"]))
        assert refused.status_code == 403, body
        assert refused.get_json()["error"] == "Only the host's link manages the table."
    not_host = client.post(f"/api/tables/{game}/seats/1/player", json=[], headers=bearer(t["ann"]))
    assert not_host.status_code == 403
    done = client.post(f"/api/tables/{game}/abandon", json={"confirm": True}, headers=host)
    assert done.status_code == 200 and done.get_json()["status"] == "abandoned"
    # Over: every link it gave keeps opening it (read-only), none is replaced.
    relinked = client.post(f"/api/tables/{game}/seats/0/token", headers=host)
    assert relinked.status_code == 409
    assert relinked.get_json()["error"] == "This table was abandoned."
    record = client.get(f"/api/tables/{game}/record", headers=bearer(t["spectator"]))
    assert record.status_code == 200 and record.get_json()["format"] == "skyjo-record/1"
    ann = online.state(game, t["ann"])
    assert ann["moves"] == []
    assert online.move(game, t["ann"], ann["version"], ann["view"]).status_code in (400, 409)


def test_a_seat_dealt_to_a_computer_goes_to_a_person_by_name(
    client: FlaskClient, online: OnlineApi, table: dict[str, Any]
) -> None:
    """The hard computer player was dealt seat 2: a person who joins takes it under their
    own name (never "Hard bot" as a person), checked as a new table's names are."""
    game, host = table["id"], bearer(tokens(table)["host"])
    before = online.fingerprint(game)
    early = client.post(f"/api/tables/{game}/seats/2/token", headers=host)  # no person yet
    assert early.status_code == 409
    assert early.get_json()["error"] == (
        "A computer player plays this seat (Hard bot): give it to a person first, then "
        "make its new link."
    )
    assert online.fingerprint(game) == before
    seat = f"/api/tables/{game}/seats/2/player"
    for body, status, words in (
        ({"bot": None}, 422, "Give the name of the person who takes this seat."),
        ({"bot": None, "name": "Hard bot"}, 422, "is a computer player's name"),
        ({"bot": None, "name": "ann"}, 422, "twice"),
    ):
        refused = client.post(seat, json=body, headers=host)
        assert refused.status_code == status and words in refused.get_json()["error"], body
    assert online.state(game, tokens(table)["host"])["seats"][2]["bot"] == "hard"
    level = client.post(seat, json={"bot": "easy"}, headers=host)  # its record is of one level
    assert level.status_code == 422 and level.json["error"] == (
        "Hard bot plays at its own level to the end of the game: give its seat to a person, "
        "or leave it."
    )
    assert online.fingerprint(game) == before
    given = client.post(seat, json={"bot": None, "name": " Dee "}, headers=host)
    assert given.status_code == 200, given.json
    dee = given.get_json()["token"]  # Dee's own link, at once
    assert given.get_json()["link"].endswith(f"/t/{dee}")
    assert online.state(game, dee)["seat"] == 2 and online.state(game, dee)["moves"] == []
    seats = client.get(f"/api/tables/{game}/seats", headers=host).get_json()["seats"]
    assert seats[2]["name"] == "Dee" and seats[2]["bot"] is None
    for token in (dee, *tokens(table).values()):  # every screen says so, its words too
        seen = online.state(game, token)
        assert seen["view"]["players"][2] == "Dee", token
        assert "Hard bot" not in json.dumps([seen["info"], seen["log"]]), token
    named = {"bot": "easy", "name": "Zed"}  # a computer player plays under its own name
    refused = client.post(seat, json=named, headers=host)
    assert refused.status_code == 422 and "a computer player has its own" in refused.json["error"]
    back = client.post(f"/api/tables/{game}/seats/0/player", json={"bot": "easy"}, headers=host)
    assert back.status_code == 200
    named = {"bot": None, "name": "Zed"}  # Ann's own seat goes back to Ann, not to Zed
    refused = client.post(f"/api/tables/{game}/seats/0/player", json=named, headers=host)
    assert refused.status_code == 422 and "goes back to its own person" in refused.json["error"]
    link = client.post(f"/api/tables/{game}/seats/2/token", headers=host).get_json()
    assert online.state(game, link["token"])["seats"][2] == {"seat": 2, "name": "Dee", "bot": None}


def test_a_table_abandoned_mid_turn_names_nobody_to_act(
    client: FlaskClient, online: OnlineApi, table: dict[str, Any]
) -> None:
    """API.md: `actor` is null at the end; abandoned while a seat was on turn, too."""
    game, t = table["id"], tokens(table)
    for token in (t["ann"], t["bob"]):  # the opening: each turns up its cards
        for _ in range(2):
            seen = online.state(game, token)
            assert online.move(game, token, seen["version"], seen["moves"][0]).status_code == 200
    playing = online.state(game, t["spectator"])
    assert playing["actor"] is not None
    done = client.post(
        f"/api/tables/{game}/abandon", json={"confirm": True}, headers=bearer(t["host"])
    )
    assert done.status_code == 200
    for token in t.values():
        ended = online.state(game, token)
        assert (ended["status"], ended["actor"], ended["moves"]) == ("abandoned", None, [])


def test_the_event_stream_tells_the_version_and_every_move(
    app: Flask, online: OnlineApi, table: dict[str, Any]
) -> None:
    game, t = table["id"], tokens(table)
    version = online.state(game, t["ann"])["version"]
    first = online.events(game, t["spectator"], **{"Last-Event-ID": "1"})
    assert first.status_code == 200 and first.mimetype == "text/event-stream"
    assert versions_in(first.text)[0] == version
    assert ": " in first.text  # heartbeat comments keep proxies from closing it
    assert online.events(game, None).status_code == 401
    app.config["STREAM_SECONDS"] = 3
    stream = online.client.get(
        f"/api/tables/{game}/events", headers=bearer(t["bob"]), buffered=False
    )
    told = StreamReader(stream.response)
    assert told.until(version) == [version]
    moved = online.move(game, t["ann"], version, {"action": "reveal", "seat": 0, "cell": [0, 0]})
    assert moved.status_code == 200
    assert told.until(moved.get_json()["version"]) == [version, moved.get_json()["version"]]
    stream.close()


def test_the_stream_says_how_long_to_wait_before_reconnecting(
    app: Flask, online: OnlineApi, table: dict[str, Any]
) -> None:
    """3 s, or STREAM_RETRY_SECONDS (the browser tests' server reconnects sooner)."""
    game, t = table["id"], tokens(table)
    app.config["STREAM_SECONDS"] = 0.02
    assert online.events(game, t["ann"]).text.startswith("retry: 3000\n\n")
    app.config["STREAM_RETRY_SECONDS"] = 0.5
    assert online.events(game, t["ann"]).text.startswith("retry: 500\n\n")


def test_a_finished_online_game_is_in_the_history(
    app: Flask, online: OnlineApi, client: FlaskClient
) -> None:
    table = online.create(rules={"target": 1}, seed=7)
    play_to_the_end(online, table, random.Random(1))
    with app.app_context():
        game = db.session.get(Game, table["id"])
        assert game is not None and game.finished and game.rounds
        assert {s.player.name for s in db.session.scalars(select(GameSeat))} >= {"Ann", "Bob"}
    record = client.get(f"/api/tables/{table['id']}/record", headers=bearer(table["host_token"]))
    assert record.status_code == 200


def play_to_the_end(
    online: OnlineApi, table: dict[str, Any], rng: random.Random, check: bool = False
) -> int:
    """Play a table to its end through the API, people choosing at random; with `check`,
    every answer for every token (and the event stream) is searched for secrets."""
    game = table["id"]
    people = {s["seat"]: s["token"] for s in table["seats"] if "token" in s}
    watchers = {None: table["spectator_token"], -1: table["host_token"]}
    moves = 0
    for _ in range(5_000):
        states = {seat: online.state(game, token) for seat, token in people.items()}
        if check:
            truth = online.truth(game)
            for seat, state in states.items():
                assert_no_secret(state, truth, seat)
            for token in watchers.values():
                assert_no_secret(online.state(game, token), truth, None)
        ready = [(seat, s) for seat, s in states.items() if s["moves"]]
        if not ready:
            assert next(iter(states.values()))["status"] == "finished"
            break
        seat, state = rng.choice(ready)
        answer = online.move(game, people[seat], state["version"], rng.choice(state["moves"]))
        assert answer.status_code == 200, answer.json
        moves += 1
        if check and moves % 25 == 0:
            truth = online.truth(game)
            stream = online.events(game, people[seat]).text
            assert versions_in(stream), stream  # it told the version: there is text to search
            assert_no_secret(stream, truth, seat)
            for token, viewer in ((people[seat], seat), (watchers[None], None)):
                url = f"/api/tables/{game}/events?answers=1"  # the answer it pushes too
                pushed = online.client.get(url, headers=bearer(token)).text
                assert "event: answer" in pushed, pushed
                assert_no_secret(pushed, truth, viewer)
                data = pushed.split("event: answer\ndata: ", 1)[1].split("\n", 1)[0]
                assert_no_secret(json.loads(data), truth, viewer)
    else:
        pytest.fail("the game did not end")
    return moves


SECRET_WALKS = 3 if ON_POSTGRES else 6
"""Games the secrets walk plays: on PostgreSQL the first three (one and several rounds, with
and without a computer player), where the state read from that database is searched too;
the SQLite run plays all six (the views are the same code on either)."""


def test_no_answer_or_event_ever_carries_a_secret(online: OnlineApi) -> None:
    """Many seeded games, every answer for every token, from the deal to the end."""
    online.app.config["STREAM_SECONDS"] = 0.02  # a stream read tells the version, then ends
    seeds = random.Random(13)
    for game in range(SECRET_WALKS):
        seed = (1 << 128) | seeds.getrandbits(128)  # a deal number as large as a secret one
        seats: list[dict[str, Any]] = [{"name": "Ann"}, {"name": "Bob"}]
        if game % 2:
            seats.insert(1, {"bot": "medium"})
        table = online.create(seats, rules={"target": 1 + 10 * game}, seed=seed)
        assert play_to_the_end(online, table, random.Random(game), check=True) > 10


def test_a_stream_asked_for_but_never_read_gives_its_place_back(
    app: Flask, online: OnlineApi, table: dict[str, Any]
) -> None:
    game, t = table["id"], tokens(table)
    for _ in range(6):  # more than the 4 a link may hold open
        answer = online.client.head(f"/api/tables/{game}/events", headers=bearer(t["bob"]))
        assert answer.status_code == 200
        answer.close()  # what every WSGI server does once it has sent the answer
    assert live.HUB.count(game) == 0
    assert online.events(game, t["bob"]).status_code == 200


def test_the_address_cap_counts_the_address_the_proxy_saw(make_app: Any) -> None:
    app = make_app(PROXY_HOPS=1, STREAMS_PER_ADDRESS=1)
    online = OnlineApi(app, app.test_client())
    table = online.create()
    game, t = table["id"], tokens(table)

    def open_from(address: str, token: str) -> Any:
        headers = {**bearer(token), "X-Forwarded-For": address}
        return online.client.get(f"/api/tables/{game}/events", headers=headers, buffered=False)

    first = open_from("10.0.0.1", t["ann"])
    assert first.status_code == 200
    crowded = open_from("10.0.0.1", t["bob"])
    assert crowded.status_code == 429
    assert "from this network" in crowded.get_json()["error"]
    elsewhere = open_from("10.0.0.2", t["bob"])
    assert elsewhere.status_code == 200
    first.close()
    elsewhere.close()
    assert live.HUB.count(game) == 0


def test_a_person_whose_seat_a_computer_played_stays_a_person(
    app: Flask, client: FlaskClient, online: OnlineApi
) -> None:
    """Fay's seat is handed to a computer for the rest of the game: she stays in the
    address book as a person, never offered or merged as a computer player."""
    made = online.create(seats=[{"name": "Fay"}, {"name": "Gus"}, {"bot": "hard"}])
    host = bearer(made["host_token"])
    given = client.post(
        f"/api/tables/{made['id']}/seats/0/player", json={"bot": "medium"}, headers=host
    )
    assert given.status_code == 200
    with app.app_context():
        people = {entry.name for entry in roster.entries()}
        assert {"Fay", "Gus"} <= people and "Hard bot" not in people
        ids = {entry.name: entry.id for entry in roster.entries(computers=True)}
        assert "Hard bot" not in dict(roster.merge_choices(ids["Fay"])).values()
        assert not stats.player_stats(ids["Fay"]).computer  # her page: no 🤖
        assert stats.player_stats(ids["Hard bot"]).computer
        with pytest.raises(Conflict, match="Hard bot is a computer player and Fay a person"):
            roster.merge(ids["Fay"], ids["Hard bot"])
