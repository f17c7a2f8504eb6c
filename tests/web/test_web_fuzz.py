"""Whatever is typed or sent in the forms, the pages answer without a server error, and a
form refused leaves everything as it was."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from databases import fuzz_cases
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from web_helpers import counts, save_round

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player, TableState
from skyjo_pad.services import tables

EXAMPLES = fuzz_cases(40)
"""Cases per test."""
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
typed = (
    st.text(max_size=12)
    | st.text(alphabet="0123456789-−+ x✕", max_size=8)
    | st.integers().map(str)
    | st.sampled_from(["", " ", "\x00", "9" * 5000, "9" * 400, "١٢", "1_0", "1e3", "nan"])
)
field_names = st.sampled_from(
    [
        "closer",
        "version",
        "keep_unusual",
        "action",
        "seats-0-score",
        "seats-1-score",
        "seats-1-negative",
        "seats-2-cards-5",
        "seats-7-score",
        "seats-0-cards-12",
        "seats-x-score",
    ]
)


@pytest.fixture
def game(client: FlaskClient) -> str:
    """A game with one round, to correct or add to."""
    response = client.post(
        "/games/new",
        data={"player-0": "Ann", "player-1": "Bob", "player-2": "Cy", "target": "100"}
        | {"multiplier": "2", "start": "1"},
    )
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    save_round(client, game_id, [1, 2, 3], 0)
    return game_id


@SETTINGS
@given(data=st.dictionaries(field_names, typed, max_size=8))
def test_random_round_forms(client: FlaskClient, game: str, data: dict[str, str]) -> None:
    for url in (
        f"/games/{game}/rounds/new",
        f"/games/{game}/rounds/1/edit",
        f"/games/{game}/rounds/preview",
        f"/games/{game}/rounds/1/delete",
    ):
        response = client.post(url, data=data)
        assert response.status_code < 500, (url, data)


@SETTINGS
@given(
    data=st.dictionaries(
        st.sampled_from(
            [
                *("player-0", "player-1", "player-13", "player-x"),
                *("target", "multiplier", "tie_doubles"),
                *("add", "up", "remove", "more", "start"),
            ]
        ),
        typed,
        max_size=8,
    )
)
def test_random_new_game_forms(app: Flask, client: FlaskClient, data: dict[str, str]) -> None:
    before = counts(app)[0]
    response = client.post("/games/new", data=data)
    assert response.status_code in (200, 302), data
    assert counts(app)[0] == before + (response.status_code == 302)


def stored(app: Flask) -> tuple[Any, ...]:
    """Everything a refused form must leave as it was: players, games and their versions,
    rounds, notes and places, digital tables' states."""
    with app.app_context():
        found = (
            tuple(db.session.execute(select(Player.id, Player.name, Player.email))),
            tuple(db.session.execute(select(Game.id, Game.version, Game.notes, Game.place))),
            counts(app),
            tuple(db.session.execute(select(TableState.game_id, TableState.moves))),
        )
        db.session.remove()
    return tuple(tuple(sorted(map(repr, part))) for part in found)


def refused(response: Any) -> bool:
    """Whether the page says the form was refused (an error shown, or a 4xx)."""
    return response.status_code >= 400 or "flash-error" in response.text


@SETTINGS
@given(
    name=typed | st.text(max_size=60),
    email=st.none() | typed | st.emails(),
    other=typed,
)
def test_random_player_forms(
    app: Flask, client: FlaskClient, game: str, name: str, email: str | None, other: str
) -> None:
    with app.app_context():
        player_id = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
        db.session.remove()
    for url, data in (
        (f"/players/{player_id}/edit", {"name": name} | ({"email": email} if email else {})),
        (f"/players/{player_id}/merge", {"other": other}),
    ):
        before = stored(app)
        response = client.post(url, data=data, follow_redirects=True)
        assert response.status_code < 500, (url, data)
        if refused(response):
            assert stored(app) == before, (url, data)


@SETTINGS
@given(notes=typed | st.text(max_size=3000), place=typed | st.text(max_size=200))
def test_random_notes(app: Flask, client: FlaskClient, game: str, notes: str, place: str) -> None:
    before = stored(app)
    response = client.post(
        f"/history/{game}/notes", data={"notes": notes, "place": place}, follow_redirects=True
    )
    assert response.status_code < 500
    if refused(response):
        assert stored(app) == before


@SETTINGS
@given(
    data=st.dictionaries(
        st.sampled_from(
            [
                *(f"seat-{n}-{part}" for n in (0, 1, 2, 9) for part in ("name", "kind")),
                *("target", "multiplier", "tie_doubles", "double_only_positive"),
                *("first_tiebreak", "next_starter", "reveal_count", "stall_turns", "seed"),
                *("start", "add", "remove"),
            ]
        ),
        typed | st.sampled_from(["person", "easy", "medium", "hard", "robot"]),
        max_size=12,
    )
)
def test_random_table_forms(app: Flask, client: FlaskClient, data: dict[str, str]) -> None:
    before = stored(app)
    response = client.post("/tables/new", data=data)
    assert response.status_code in (200, 302), data
    if response.status_code == 200:  # the form again, with what is wrong
        assert stored(app) == before, data


@pytest.fixture
def table(app: Flask) -> str:
    """A digital table: Ann against an easy computer player."""
    with app.app_context():
        seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Easy bot", "easy")]
        game_id = tables.create(seats, {"target": 100}, seed=3)
        db.session.remove()
    return game_id


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)
moves = st.fixed_dictionaries(
    {"action": st.sampled_from(["draw", "take", "reveal", "swap", "discard", "deal", "x"])},
    optional={
        "seat": st.integers(-2, 9) | json_values,
        "row": st.integers(-1, 4) | json_values,
        "col": st.integers(-1, 5) | json_values,
        "card": json_values,
    },
)


@SETTINGS
@given(
    body=st.fixed_dictionaries({}, optional={"version": json_values, "move": moves | json_values})
    | json_values
    | st.integers(1, 400).map(lambda depth: "[" * depth + "]" * depth)
)
def test_random_table_moves(app: Flask, client: FlaskClient, table: str, body: Any) -> None:
    game_id = table
    before = stored(app)
    text = body if isinstance(body, str) else json.dumps(body)
    for url in (f"/api/phone-tables/{game_id}/moves", f"/api/phone-tables/{game_id}/advance"):
        response = client.post(url, data=text, content_type="application/json")
        assert response.status_code < 500, (url, body)
        if response.status_code >= 400:
            assert isinstance(response.get_json()["error"], str)
            assert stored(app) == before, (url, body)


@pytest.mark.parametrize(
    ("url", "data", "said"),
    [
        (
            "/games/new",
            {"player-0": "FILE", "player-1": "Bob", "target": "100", "multiplier": "2"},
            "A game needs 2 to 12 players: you have 1.",
        ),
        ("ROUND", {"seats-0-score": "FILE", "seats-1-score": "5", "closer": "none"}, "Enter a"),
        (
            "/tables/new",
            {"seat-0-name": "FILE", "seat-0-kind": "person", "seat-1-name": "Bob", "start": "1"},
            "",
        ),
    ],
)
def test_a_file_sent_where_text_belongs_is_refused_in_words(
    app: Flask, client: FlaskClient, game: str, url: str, data: dict[str, str], said: str
) -> None:
    """A crafted multipart form with a file in a name or score field: the form again,
    saying what is missing, never a server error; nothing saved."""
    url = f"/games/{game}/rounds/new" if url == "ROUND" else url
    sent: dict[str, Any] = {
        key: (io.BytesIO(b"Ann"), "name.txt") if value == "FILE" else value
        for key, value in data.items()
    }
    before = stored(app)
    response = client.post(url, data=sent, content_type="multipart/form-data")
    assert response.status_code == 200
    assert said in response.text
    assert stored(app) == before


def test_notes_sent_without_their_fields_erase_nothing(
    app: Flask, client: FlaskClient, game: str
) -> None:
    client.post(f"/history/{game}/notes", data={"notes": "Grandma's", "place": "Kitchen"})
    before = stored(app)
    response = client.post(f"/history/{game}/notes", data={"place": "Kitchen"})
    assert response.status_code == 400
    assert "please try again" in response.text
    assert "Grandma&#39;s" in response.text  # the notes kept are what the form shows
    assert stored(app) == before


@pytest.mark.parametrize("name", [b"%ED%A0%80", b"%FF%FE", b"Ann%C3"])
def test_a_form_whose_text_is_not_utf8_is_refused(
    app: Flask, client: FlaskClient, name: bytes
) -> None:
    """Bytes that are no text (a lone surrogate's, Latin-1's) are not kept as "%ED%A0%80"."""
    before = stored(app)
    body = b"player-0=" + name + b"&player-1=Bob&target=100&multiplier=2"
    response = client.post(
        "/games/new", data=body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert "not text this app can read: nothing was saved" in response.text
    assert stored(app) == before


def test_a_multipart_form_whose_text_is_not_utf8_is_refused(
    app: Flask, client: FlaskClient
) -> None:
    """The same bytes sent as multipart (werkzeug reads them as "�"): refused, not kept."""
    before = stored(app)
    fields = {"player-0": b"\xff\xfe", "player-1": b"Bob", "target": b"100"}
    body = b"".join(
        b'--b\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n' % (k.encode(), v)
        for k, v in fields.items()
    )
    response = client.post(
        "/games/new", data=body + b"--b--\r\n", content_type="multipart/form-data; boundary=b"
    )
    assert response.status_code == 400
    assert "not text this app can read: nothing was saved" in response.text
    assert stored(app) == before
