"""Issue 21: control characters and lone surrogates in every text field, JSON and forms.

Each field gets a valid value with control characters or lone surrogates put into it
(JSON carries a lone surrogate as `\\ud800`; a form or an address as its UTF-8 bytes, as
a broken client would send them). Whatever comes, the app never answers 500, a field
whose text holds such a character is refused and the store stays exactly as it was,
and no text kept anywhere in the store ever holds one. Run on SQLite and on PostgreSQL
(`scripts/with-postgres`), which refuses a NUL with an error of its own.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player
from skyjo_pad.services import transfer
from skyjo_pad.services.text import unprintable, unprintable_in

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
BAD = st.sampled_from(["\x00", "\ud800", "\n", "\x1b[31m"]) | st.text(
    st.characters(categories=["Cc", "Cs"]), min_size=1, max_size=3
)
"""Control characters (NUL, tab, line feed, escape, DEL, C1) and lone surrogates."""


def spoiled(base: str) -> st.SearchStrategy[str]:
    """`base` with bad characters put in at some place (the start, the middle, the end)."""
    return st.tuples(st.integers(0, len(base)), BAD).map(
        lambda p: base[: p[0]] + p[1] + base[p[0] :]
    )


def as_bytes(text: str) -> bytes:
    """What a broken client sends for `text`: its UTF-8, lone surrogates and all."""
    return text.encode("utf-8", "surrogatepass")


def form(fields: dict[str, str]) -> bytes:
    """A form body (application/x-www-form-urlencoded) with these fields, sent as is."""
    return b"&".join(
        quote(as_bytes(key)).encode() + b"=" + quote(as_bytes(value)).encode()
        for key, value in fields.items()
    )


SEEN = {"seen_at", "opened_at"}
"""When a token was last used: every request with one moves it, refused or not."""


def dump(app: Flask) -> dict[str, list[str]]:
    """Every row of every table of the store (but when its tokens were last used)."""
    with app.app_context():
        return {
            table.name: sorted(
                repr(tuple(row))
                for row in db.session.execute(select(*(c for c in table.c if c.name not in SEEN)))
            )
            for table in db.metadata.sorted_tables
        }


def assert_nothing_unprintable_kept(app: Flask) -> None:
    """No text in the store holds a control character (but the notes' line breaks and
    tabs) or a lone surrogate; names and emails hold no line break either."""
    with app.app_context():
        for table in db.metadata.sorted_tables:
            for row in db.session.execute(select(table)).mappings():
                assert not unprintable_in(dict(row), lines=True), (table.name, dict(row))
        for name, email in db.session.execute(select(Player.name, Player.email)):
            assert not unprintable(name) and not unprintable(email or ""), (name, email)
        for (place,) in db.session.execute(select(Game.place)):
            assert not unprintable(place or ""), place


@dataclass
class Fixtures:
    """What the fields are sent to: a pad game, an online table and its tokens, a player."""

    app: Flask
    client: FlaskClient
    game: str
    table: str
    host: str
    seat: str
    player: int


@pytest.fixture
def there(app: Flask, client: FlaskClient) -> Fixtures:
    made = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    body = {"seats": [{"name": "Cy"}, {"name": "Di"}], "seed": 5}
    table = client.post("/api/tables", json=body).get_json()
    with app.app_context():
        player = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    assert player is not None
    return Fixtures(
        app,
        client,
        made["id"],
        table["id"],
        table["host_token"],
        table["seats"][0]["token"],
        player,
    )


@dataclass(frozen=True)
class Field:
    """One text field: how a request carries it, and whether line breaks and tabs are
    tidied away (a name's spaces, an email's ends) or kept (notes) rather than refused."""

    label: str
    send: Callable[[Fixtures, str], Any]
    base: str
    lines: bool = False

    def seen(self, text: str) -> str:
        """The text as the app reads it: a form or an address arrives as UTF-8 bytes,
        which the app reads with a replacement character for a broken one."""
        if self.send.__qualname__.startswith(("page", "query")):
            return as_bytes(text).decode("utf-8", "replace")
        read: str = json.loads(json.dumps(text))  # two halves in a row make one character
        return read


def api(method: str, url: str, body: Callable[[str], object], token: str | None = None) -> Any:
    """A JSON request (a lone surrogate goes as JSON's `\\ud800` escape)."""

    def send(at: Fixtures, text: str) -> Any:
        address = url.format(game=at.game, table=at.table)
        headers = {"Authorization": f"Bearer {getattr(at, token)}"} if token else {}
        data = json.dumps(body(text))
        return at.client.open(
            address, method=method, data=data, content_type="application/json", headers=headers
        )

    return send


def page(url: str, fields: Callable[[str], dict[str, str]]) -> Any:
    """A form posted to a page."""

    def send(at: Fixtures, text: str) -> Any:
        address = url.format(game=at.game, player=at.player, host=at.host)
        body = form(fields(text))
        return at.client.post(address, data=body, content_type="application/x-www-form-urlencoded")

    return send


def query(url: str) -> Any:
    """A page asked for with the text in its address (path or query), as UTF-8 bytes."""

    def send(at: Fixtures, text: str) -> Any:
        address = url.format(text=quote(as_bytes(text)), player=at.player)
        return at.client.get(address)

    return send


def imported(at: Fixtures, text: str) -> Any:
    """An export file whose name, email, notes and place all hold `text`."""
    game = {
        "id": "fuzzgame01",
        "kind": "pad",
        "created_at": "2026-03-15T21:30:00+00:00",
        "rules": {"target": 10},
        "players": [f"Ed{text}", "Flo"],
        "rounds": [{"number": 1, "closer": 0, "raw": [3, 12]}],
        "notes": text,
        "place": "Home",
    }
    data = {"format": transfer.FORMAT, "players": [{"name": "Flo", "email": f"f{text}@x.yy"}]}
    raw = json.dumps({**data, "games": [game]}).encode()
    files = {"file": (io.BytesIO(raw), "export.json")}
    return at.client.post("/history/import", data=files)


def new_table(text: str) -> dict[str, str]:
    return {"seat-0-name": text, "seat-0-kind": "person", "seat-1-name": "Zed"} | {
        "seat-1-kind": "person",
        "target": "100",
        "multiplier": "2",
        "reveal_count": "2",
    }


FIELDS = [
    Field(
        "api game name", api("POST", "/api/games", lambda t: {"players": [t, "Bob"]}), "Ed", True
    ),
    Field(
        "api game client_id",
        api("POST", "/api/games", lambda t: {"players": ["Ed", "Bob"], "client_id": t}),
        "abcdefgh12",
    ),
    Field(
        "api game rule key",
        api("POST", "/api/games", lambda t: {"players": ["Ed", "Bob"], "rules": {t: 100}}),
        "target",
    ),
    Field(
        "api round client_id",
        api("POST", "/api/games/{game}/rounds", lambda t: {"scores": [1, 2], "client_id": t}),
        "abcdefgh13",
    ),
    Field(
        "api table name",
        api("POST", "/api/tables", lambda t: {"seats": [{"name": t}, {"name": "Bob"}]}),
        "Ed",
        True,
    ),
    Field(
        "api table email",
        api(
            "POST",
            "/api/tables",
            lambda t: {"seats": [{"name": "Ed", "email": t}, {"name": "Bob"}]},
        ),
        "ed@example.org",
        True,
    ),
    Field(
        "api table bot",
        api("POST", "/api/tables", lambda t: {"seats": [{"name": "Ed"}, {"bot": t}]}),
        "hard",
    ),
    Field(
        "api table rule",
        api(
            "POST",
            "/api/tables",
            lambda t: {"seats": [{"name": "Ed"}, {"name": "Bob"}], "rules": {"next_starter": t}},
        ),
        "closer",
    ),
    Field(
        "api table move",
        api(
            "POST",
            "/api/tables/{table}/moves",
            lambda t: {"version": 1, "move": {"action": t, "seat": 0, "cell": [0, 0]}},
            "seat",
        ),
        "reveal",
    ),
    Field(
        "api give a seat",
        api("POST", "/api/tables/{table}/seats/1/player", lambda t: {"bot": t}, "host"),
        "easy",
    ),
    Field(
        "pad form name",
        page("/games/new", lambda t: {"player-0": t, "player-1": "Bob"}),
        "Ed",
        True,
    ),
    Field("table form name", page("/tables/new", new_table), "Ed", True),
    Field(
        "online form email",
        page("/tables/new", lambda t: {**new_table("Ed"), "seat-0-email": t, "online": "1"}),
        "ed@example.org",
        True,
    ),
    Field("seat a known name", page("/tables/new", lambda t: {**new_table("Ed"), "add": t}), "Ann"),
    Field("address book name", page("/players", lambda t: {"name": t}), "Gus", True),
    Field(
        "address book email",
        page("/players", lambda t: {"name": "Hal", "email": t}),
        "hal@example.org",
        True,
    ),
    Field(
        "rename",
        page("/players/{player}/edit", lambda t: {"name": t, "email": ""}),
        "Ann B",
        True,
    ),
    Field("merge", page("/players/{player}/merge", lambda t: {"other": t}), "2"),
    Field(
        "notes",
        page("/history/{game}/notes", lambda t: {"notes": t, "place": "Home"}),
        "Ann's birthday",
        True,
    ),
    Field("place", page("/history/{game}/notes", lambda t: {"notes": "", "place": t}), "Home"),
    Field("host gives a seat", page("/t/{host}/seats/1/player", lambda t: {"bot": t}), "easy"),
    Field("import file", imported, "Ed", False),
    Field("history filters", query("/history?player={text}&from={text}&kind={text}"), "1"),
    Field("play again", query("/tables/new?again={text}"), "abc"),
    Field("pad again", query("/games/new?again={text}"), "abc"),
    Field("versus", query("/players/{player}/versus?other={text}"), "2"),
    Field("language next", query("/language/fr?next={text}"), "/history"),
    Field("game address", query("/games/{text}"), "abc"),
    Field("history address", query("/history/{text}"), "abc"),
    Field("token address", query("/t/{text}"), "abc"),
    Field("table address", query("/tables/{text}"), "abc"),
    Field("api game address", query("/api/games/{text}"), "abc"),
    Field("api record address", query("/api/phone-tables/{text}/record"), "abc"),
]


@pytest.mark.parametrize("field", FIELDS, ids=[field.label for field in FIELDS])
def test_no_text_field_takes_a_control_character(there: Fixtures, field: Field) -> None:
    @SETTINGS
    @given(text=spoiled(field.base))
    def attempt(text: str) -> None:
        before = dump(there.app)
        answer = field.send(there, text)
        assert answer.status_code < 500, (field.label, text, answer.text[:300])
        if unprintable(field.seen(text), lines=field.lines):
            if answer.status_code < 400 and answer.status_code not in (200, 302, 303):
                pytest.fail(f"{field.label}: {text!r} answered {answer.status_code}")
            assert dump(there.app) == before, (field.label, text, answer.status_code)
            if answer.is_json and answer.status_code >= 400:
                assert answer.get_json()["error"]
        assert_nothing_unprintable_kept(there.app)

    attempt()
