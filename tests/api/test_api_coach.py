"""The coach at the table over the API: a clearly bad move judged, a close's risk told,
only to the person who made the move (or is to close), never to watchers, the host or
spectators, never a secret in an answer, and a bad `move` refused with words."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from online_helpers import OnlineApi, assert_no_secret, bearer

from skyjo_pad.extensions import db
from skyjo_pad.services import table_coach, tables
from skyjo_pad.services.tables import SeatChoice

BAD_DEAL = 56
"""Ann starts after the opening reveals with a −1 and a 4 face up and draws a 10: putting
it in place of the −1 is clearly worse than throwing it away (by 5 to 13 points on
average, as the sample of worlds goes: the −1 it gives Bob counts too)."""


@pytest.fixture(autouse=True)
def _time_to_think(app: Flask) -> None:
    app.config["COACH_SECONDS"] = 30.0  # judged in full, however slow the machine is now


@pytest.fixture
def quick_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    """A judgement of a tenth of the rollouts, for the tests of who is told what (their
    assertions hold whatever the search finds; the others judge in full)."""
    monkeypatch.setattr(table_coach, "BUDGET", table_coach.BUDGET // 10)


@pytest.fixture
def online(app: Flask, client: FlaskClient) -> OnlineApi:
    return OnlineApi(app, client)


def pair(app: Flask, seed: int | None = BAD_DEAL, bob: str | None = None) -> str:
    """A one-phone table of Ann and Bob (a person, or the computer player `bob`)."""
    with app.app_context():
        return tables.create([SeatChoice("Ann"), SeatChoice("Bob", bob)], {"target": 30}, seed)


def screen(client: FlaskClient, table: str) -> dict[str, Any]:
    answer = client.get(f"/api/phone-tables/{table}")
    assert answer.status_code == 200
    data: dict[str, Any] = answer.get_json()
    return data


def play(client: FlaskClient, table: str, s: dict[str, Any], move: Any) -> dict[str, Any]:
    answer = client.post(
        f"/api/phone-tables/{table}/moves", json={"version": s["version"], "move": move}
    )
    assert answer.status_code == 200, answer.get_json()
    data: dict[str, Any] = answer.get_json()
    return data


def reveals(client: FlaskClient, table: str) -> dict[str, Any]:
    """Everyone turns up the first cards offered (the computer when asked); the screen
    at the first turn of a person."""
    s = screen(client, table)
    while s["view"]["phase"] == "reveal" or s["bots"][s["actor"]] is not None:
        s = play(client, table, s, s["moves"][0]) if s["moves"] else advance(client, table, s)
    return s


def advance(client: FlaskClient, table: str, s: dict[str, Any]) -> dict[str, Any]:
    """The computer plays until a person acts."""
    answer = client.post(
        f"/api/phone-tables/{table}/advance", json={"version": s["version"], "all": True}
    )
    assert answer.status_code == 200, answer.get_json()
    data: dict[str, Any] = answer.get_json()
    return data


def coach(client: FlaskClient, table: str, query: str, **headers: str) -> Any:
    return client.get(f"/api/phone-tables/{table}/coach?{query}", headers=headers)


def test_the_coach_names_the_better_move_after_a_clearly_bad_one(
    app: Flask, client: FlaskClient
) -> None:
    table = pair(app)
    s = reveals(client, table)
    assert s["actor"] == 0 and s["view"]["grids"][0][0][:2] == ["-1u", "4u"]
    drawn = play(client, table, s, {"action": "draw"})
    assert drawn["step"] == s["step"] + 1 and drawn["view"]["held"]["value"] == 10
    placed = play(client, table, drawn, {"action": "swap", "cell": [0, 0]})
    answer = coach(client, table, f"move={placed['step']}")
    assert answer.status_code == 200, answer.get_json()
    word = answer.get_json()
    assert word["move"] == placed["step"] and word["seat"] == 0 and word["weighed"]
    assert word["better"] != {"action": "swap", "cell": [0, 0]} and word["points"] > 3
    if word["better"] == {"action": "discard"}:  # what it says in (nearly) every sample
        assert word["text"].startswith(
            "The expert would have thrown the drawn card on the discard pile (about "
        )
    assert word["text"].endswith(" points better on average).")
    again = coach(client, table, f"move={placed['step']}").get_json()
    assert again == word  # the same search: the same word


def test_a_good_move_is_told_quietly_and_an_opening_reveal_not_at_all(
    app: Flask, client: FlaskClient
) -> None:
    table = pair(app, seed=36)
    s = reveals(client, table)
    assert s["actor"] == 0 and s["view"]["discard"][0] == 12
    taken = play(client, table, s, {"action": "draw"})  # not the 12: plainly the move
    word = coach(client, table, f"move={taken['step']}").get_json()
    assert word == {
        "move": taken["step"],
        "seat": 0,
        "weighed": True,
        "better": None,
        "points": None,
        "text": "Good move.",
    }
    first = coach(client, table, "move=1").get_json()
    assert first["weighed"] is False and first["text"] is None


def test_the_words_come_in_the_readers_language(app: Flask, client: FlaskClient) -> None:
    table = pair(app)
    s = reveals(client, table)
    s = play(
        client,
        table,
        play(client, table, s, {"action": "draw"}),
        {"action": "swap", "cell": [0, 0]},
    )
    word = coach(client, table, f"move={s['step']}", **{"Accept-Language": "de"}).get_json()
    english = coach(client, table, f"move={s['step']}").get_json()
    assert word["points"] == english["points"]
    decimal = f"{english['points']:.1f}"  # one decimal always ("about 1.0 points")
    assert f"about {decimal} points" in english["text"]
    assert decimal.replace(".", ",") in word["text"]  # written the German way


@pytest.mark.parametrize(
    "query",
    ["", "move=", "move=two", "move=1.5", "move=0", "move=-1", "move=1&x=2", "step=1"],
)
def test_a_bad_move_number_is_refused_with_words(
    app: Flask, client: FlaskClient, query: str
) -> None:
    table = pair(app)
    reveals(client, table)
    answer = coach(client, table, query)
    assert answer.status_code == 400
    body = answer.get_json()
    assert set(body) == {"error"} and body["error"].endswith(".") and " " in body["error"]


def test_a_move_not_played_yet_is_not_found(app: Flask, client: FlaskClient) -> None:
    table = pair(app)
    s = reveals(client, table)
    answer = coach(client, table, f"move={s['step'] + 1}")
    assert answer.status_code == 404
    last = s["step"]
    assert answer.get_json() == {"error": f"This table has moves 1 to {last}: move=n names one."}


def test_only_the_phone_the_table_is_played_on_asks_and_only_about_people(
    app: Flask, client: FlaskClient
) -> None:
    table = pair(app, bob="easy")
    s = reveals(client, table)
    s = play(client, table, s, {"action": "draw"})
    s = play(client, table, s, {"action": "swap", "cell": [0, 0]})
    s = advance(client, table, s)
    bots = [n for n in range(1, s["step"] + 1) if _mover(app, table, n) == 1]
    assert bots, "the computer made a move"
    refused = coach(client, table, f"move={bots[0]}")
    assert refused.status_code == 403 and "computer" in refused.get_json()["error"]
    elsewhere = app.test_client()  # another browser: it only watches
    for url in (f"coach?move={s['step']}", f"coach/close?version={s['version']}"):
        answer = elsewhere.get(f"/api/phone-tables/{table}/{url}")
        assert answer.status_code == 403, url


def _mover(app: Flask, table: str, step: int) -> int | None:
    """Who made move `step` (from the record, on the server)."""
    from skyjo_pad.engine import move_from_json, mover
    from skyjo_pad.models import TableState
    from skyjo_pad.services import table_store

    with app.app_context():
        state = table_store.load(table)[1]
        assert isinstance(state, TableState)
        before, _told = table_store.position_at(state, step - 1)
        return mover(before, move_from_json(state.moves[step - 1]))


def test_before_the_last_card_the_coach_tells_the_risk_of_closing(
    app: Flask, client: FlaskClient
) -> None:
    table = pair(app, seed=5)
    s = reveals(client, table)
    for _ in range(200):  # Ann turns up a card a turn; Bob keeps his face down
        if s["actor"] == 0 and s["view"]["held"] is None and _down(s, 0) == 1:
            break
        s = play(client, table, s, _plain(s))
    else:
        raise AssertionError("Ann never came down to one face-down card")
    none = client.get(f"/api/phone-tables/{table}/coach/close?version={s['version']}")
    assert none.status_code == 200 and none.get_json() == {"seat": 0, "closes": []}
    s = play(client, table, s, {"action": "draw"})
    answer = client.get(f"/api/phone-tables/{table}/coach/close?version={s['version']}")
    assert answer.status_code == 200, answer.get_json()
    risks = answer.get_json()
    assert risks["seat"] == 0
    kinds = sorted(close["move"]["action"] for close in risks["closes"])
    assert kinds == ["discard", "swap"]
    for close in risks["closes"]:
        assert 0 <= close["chance"] <= 1 and close["cost"] >= 0
        assert close["text"].startswith("If you close now ")
        assert "% chance your score is doubled, costing about " in close["text"]
    stale = client.get(f"/api/phone-tables/{table}/coach/close?version={s['version'] - 1}")
    assert stale.status_code == 409
    missing = client.get(f"/api/phone-tables/{table}/coach/close")
    assert missing.status_code == 400 and "version" in missing.get_json()["error"]


def _down(s: dict[str, Any], seat: int) -> int:
    return sum(cell == "?" for row in s["view"]["grids"][seat] for cell in row)


def _plain(s: dict[str, Any]) -> dict[str, Any]:
    """Ann draws, throws it away and turns up a card; Bob draws and keeps it face up."""
    actions = {m["action"] for m in s["moves"]}
    if "draw" in actions:
        return {"action": "draw"}
    if s["actor"] == 0:
        if "discard" in actions:
            return {"action": "discard"}
        return next(m for m in s["moves"] if m["action"] == "flip")
    grid = s["view"]["grids"][1]
    up = [
        m for m in s["moves"] if m["action"] == "swap" and grid[m["cell"][0]][m["cell"][1]] != "?"
    ]
    return up[0] if up else {"action": "discard"}


@pytest.mark.usefixtures("quick_judge")
def test_an_online_seat_asks_about_its_own_moves_only(app: Flask, online: OnlineApi) -> None:
    table = online.create(seats=[{"name": "Ann"}, {"name": "Bob"}], rules={"target": 30})
    ann, bob = (seat["token"] for seat in table["seats"])
    host, spectator = table["host_token"], table["spectator_token"]
    game = table["id"]
    made: dict[int, int] = {}
    for _ in range(40):  # the reveals, then a few turns of plain moves
        for seat, token in enumerate((ann, bob)):
            s = online.state(game, token)
            if s["moves"]:
                move = s["moves"][0] if s["view"]["phase"] == "reveal" else _first(s)
                assert online.move(game, token, s["version"], move).status_code == 200
                made[s["step"] + 1] = seat
        if len(made) >= 12:
            break
    truth = online.truth(game)
    for step, seat in made.items():
        own, other = (ann, bob) if seat == 0 else (bob, ann)
        answer = online.client.get(f"/api/tables/{game}/coach?move={step}", headers=bearer(own))
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["seat"] == seat
        assert_no_secret(answer.get_json(), truth, seat)
        assert_no_secret(answer.get_data(as_text=True), truth, seat)
        refused = online.client.get(f"/api/tables/{game}/coach?move={step}", headers=bearer(other))
        assert refused.status_code == 403
    for token in (host, spectator):
        for url in ("coach?move=1", f"coach/close?version={online.state(game, ann)['version']}"):
            answer = online.client.get(f"/api/tables/{game}/{url}", headers=bearer(token))
            assert answer.status_code == 403, (token == host, url)
    assert online.client.get(f"/api/tables/{game}/coach?move=1").status_code == 401
    s = online.state(game, ann)
    waiting = ann if s["actor"] == 1 else bob
    close = f"/api/tables/{game}/coach/close?version={s['version']}"
    assert online.client.get(close, headers=bearer(waiting)).status_code == 403
    for url in ("coach?move=1", f"coach/close?version={s['version']}"):
        assert online.client.get(f"/api/phone-tables/{game}/{url}").status_code == 404


def test_an_online_seat_handed_to_a_computer_is_not_judged_as_the_persons(
    app: Flask, online: OnlineApi, quick_judge: None
) -> None:
    table = online.create(seats=[{"name": "Ann"}, {"name": "Bob"}], rules={"target": 30})
    ann, bob = (seat["token"] for seat in table["seats"])
    game = table["id"]
    for token in (ann, bob):
        s = online.state(game, token)
        assert online.move(game, token, s["version"], s["moves"][0]).status_code == 200
    handed = online.client.post(
        f"/api/tables/{game}/seats/1/player",
        json={"bot": "easy"},
        headers=bearer(table["host_token"]),
    )
    assert handed.status_code == 200
    for _ in range(6):  # Ann's last reveal and turns; the computer plays in Bob's seat
        s = online.state(game, ann)
        if s["moves"]:
            move = s["moves"][0] if s["view"]["phase"] == "reveal" else _first(s)
            assert online.move(game, ann, s["version"], move).status_code == 200
    s = online.state(game, ann)
    computers = [n for n in range(3, s["step"] + 1) if _mover(app, game, n) == 1]
    assert len(computers) > 2, "the computer turned up Bob's card, then played turns"

    def coach(step: int) -> Any:
        return online.client.get(f"/api/tables/{game}/coach?move={step}", headers=bearer(bob))

    assert coach(2).status_code == 200  # Bob's own opening card, before the computer came
    back = online.client.post(
        f"/api/tables/{game}/seats/1/player",
        json={"bot": None},
        headers=bearer(table["host_token"]),
    )
    assert back.status_code == 200  # Bob plays on: the computer's moves stay the computer's
    for step in computers:
        refused = coach(step)
        assert refused.status_code == 403, step
        assert "computer" in refused.get_json()["error"]
    assert coach(2).status_code == 200


def _first(s: dict[str, Any]) -> dict[str, Any]:
    """Draw, then keep the card in place of the first card offered."""
    actions = {m["action"] for m in s["moves"]}
    if "draw" in actions:
        return {"action": "draw"}
    return next(m for m in s["moves"] if m["action"] in ("swap", "flip"))


def test_the_coach_is_rate_limited_on_both_kinds_of_table(make_app: Any) -> None:
    limited = make_app(RATELIMIT_ENABLED=True)
    table = pair(limited)
    client = limited.test_client()
    version = screen(client, table)["version"]  # this client is the table's phone now
    codes = [coach(client, table, "move=0").status_code for _ in range(29)]
    assert codes == [400] * 29
    close = client.get(f"/api/phone-tables/{table}/coach/close?version={version}")
    assert close.status_code == 409  # the 30th: nobody's turn during the opening reveals
    refused = coach(client, table, "move=1")
    assert refused.status_code == 429 and "wait a minute" in refused.get_json()["error"]
    assert client.get(f"/api/tables/{table}/coach?move=1").status_code == 429


def test_a_busy_coach_says_so_and_the_table_plays_on(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = pair(app)
    s = reveals(client, table)
    s = play(client, table, play(client, table, s, {"action": "draw"}), {"action": "discard"})
    monkeypatch.setattr(table_coach, "WAIT", 0.05)
    assert table_coach._slots.acquire(timeout=1)  # another player's search under way
    try:
        busy = coach(client, table, f"move={s['step'] - 1}")
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
        assert busy.get_json() == {
            "error": "The coach is busy with other players just now: ask again in a moment."
        }
        flip = next(m for m in s["moves"] if m["action"] == "flip")
        assert play(client, table, s, flip)["step"] == s["step"] + 1  # moves never wait
    finally:
        table_coach._slots.release()
    assert coach(client, table, f"move={s['step'] - 1}").status_code == 200


@pytest.mark.usefixtures("quick_judge")
def test_no_coach_answer_at_a_one_phone_table_holds_a_secret(
    app: Flask, client: FlaskClient
) -> None:
    from hidden_cards import assert_hidden

    from skyjo_pad.models import TableState

    table = pair(app, seed=None)  # a secret deal: its seed is long enough to look for
    s = reveals(client, table)
    answers = []
    for _ in range(12):  # six turns: draw, then keep the card on the first cell offered
        before = s
        s = play(client, table, s, _first(s))
        answers.append(coach(client, table, f"move={before['step'] + 1}"))
        answers.append(client.get(f"/api/phone-tables/{table}/coach/close?version={s['version']}"))
    with app.app_context():
        state = db.session.get(TableState, table)
        assert state is not None
        position, seed = dict(state.position), str(state.seed)
        db.session.remove()
    assert len(seed) > 20
    for answer in answers:
        assert answer.status_code == 200, answer.get_json()
        assert_hidden(answer.get_json(), position, seed, 0)
        assert_hidden(answer.get_data(as_text=True), position, seed, 0)


def test_a_full_queue_is_busy_at_once(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = pair(app)
    s = reveals(client, table)
    s = play(client, table, s, {"action": "draw"})
    taken = [table_coach._queue.acquire(blocking=False) for _ in range(table_coach.QUEUE + 1)]
    assert all(taken)  # every place in the queue is held by a waiting request
    monkeypatch.setattr(table_coach, "WAIT", 30.0)
    try:
        started = time.perf_counter()
        busy = coach(client, table, f"move={s['step']}")
        assert busy.status_code == 503 and time.perf_counter() - started < 5
    finally:
        for _ in taken:
            table_coach._queue.release()


def test_the_coach_says_the_same_whatever_the_cards_it_cannot_see(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every face-down card, the draw pile and the deal's next seed dealt anew before the
    move asked about: the same answers, word for word."""
    import random

    from skyjo_pad.engine import position_from_json, position_to_json
    from skyjo_pad.services import table_store

    table = pair(app)
    s = reveals(client, table)
    drawn = play(client, table, s, {"action": "draw"})
    placed = play(client, table, drawn, {"action": "swap", "cell": [0, 0]})
    steps = (drawn["step"], placed["step"])
    words = [coach(client, table, f"move={step}").get_json() for step in steps]
    real = table_store.position_at

    def dealt_anew(state: Any, step: int) -> Any:
        position, told = real(state, step)
        data = position_to_json(position)
        hidden = [
            (g, r, c)
            for g, grid in enumerate(data["grids"])
            for r, row in enumerate(grid)
            for c, cell in enumerate(row)
            if isinstance(cell, str) and cell.endswith("d")
        ]
        cards = [int(data["grids"][g][r][c][:-1]) for g, r, c in hidden] + data["draw"]
        random.Random(step).shuffle(cards)
        for g, r, c in hidden:
            data["grids"][g][r][c] = f"{cards.pop()}d"
        data["draw"] = cards
        data["seed"] = 12345
        assert position_to_json(position) != data
        return position_from_json(data), told

    monkeypatch.setattr(table_store, "position_at", dealt_anew)
    assert [coach(client, table, f"move={step}").get_json() for step in steps] == words
