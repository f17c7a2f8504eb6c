"""Issue 12: the optional access password and the rate limits."""

from __future__ import annotations

import base64
import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from skyjo_pad.config import SettingError
from skyjo_pad.web import access

PASSWORD = "correct horse battery"


@pytest.fixture
def guarded(app_with: Callable[..., Flask], hash_of: Callable[[str], str]) -> Flask:
    """The app with an access password (as a hash) and its limits on."""
    return app_with(
        ACCESS_PASSWORD_HASH=hash_of(PASSWORD),
        RATELIMIT_ENABLED=True,
    )


def _basic(password: str) -> dict[str, str]:
    token = base64.b64encode(f"script:{password}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


def test_without_a_password_everything_is_open(client: FlaskClient) -> None:
    assert client.get("/history/export.json").status_code == 200
    assert client.get("/login").status_code == 200
    assert "no password" in client.get("/login").text


@pytest.mark.parametrize(
    ("environ", "words"),
    [
        ({"SKYJO_PASSWORD": "a", "SKYJO_PASSWORD_HASH": "a real hash"}, "not both"),
        ({"SKYJO_PASSWORD_HASH": "scrypt:32768:8:1"}, "put it in single quotes"),  # cut at $
        ({"SKYJO_PASSWORD_HASH": "letmein"}, "not a password hash made by werkzeug"),
        ({"SKYJO_PASSWORD_HASH": "scrypt:32768:8:1$x$y"}, "not a password hash made by werkzeug"),
    ],
)
def test_a_password_setting_that_would_lock_everyone_out_stops_the_start(
    hash_of: Callable[[str], str], environ: dict[str, str], words: str
) -> None:
    real = {k: hash_of("a") if v == "a real hash" else v for k, v in environ.items()}
    with pytest.raises(SettingError, match=words):
        access.settings(real)
    assert access.settings({"SKYJO_PASSWORD_HASH": hash_of("a")})["ACCESS_PASSWORD_HASH"]


def test_the_health_check_needs_no_password_and_tells_nothing_of_a_game(guarded: Flask) -> None:
    answer = guarded.test_client().get("/healthz", headers={"Host": "127.0.0.1:5000"})
    assert (answer.status_code, answer.text) == (200, "ok\n")


def test_with_a_password_every_page_and_api_asks_for_it(guarded: Flask) -> None:
    client = guarded.test_client()
    for url in ("/", "/history", "/history/export.json", "/players", "/tables/new", "/x"):
        answer = client.get(url)
        assert answer.status_code == 303, url
        assert answer.headers["Location"].startswith("/login?next="), url
    assert client.post("/history/import").status_code == 303
    api = client.post("/api/games", json={"players": ["Ann", "Bob"]})
    assert api.status_code == 401
    assert api.get_json()["error"] == access.NEEDED
    assert api.headers["WWW-Authenticate"].startswith("Basic")
    assert client.get("/static/app.css").status_code == 200
    assert client.get("/login").status_code == 200


def test_what_installs_the_pad_needs_no_password_and_keeps_no_page_of_it(
    guarded: Flask,
) -> None:
    """A sheet's link holder installs the pad with no password: the service worker, the
    offline shell and the manifest are open; the shell leads to the history only for a
    browser that logged in, and logging in makes no new worker (the phone would install
    it again, its pages waiting meanwhile)."""
    client = guarded.test_client()
    for url in ("/sw.js", "/offline", "/manifest.webmanifest", "/rules"):
        assert client.get(url).status_code == 200, url
    worker = client.get("/sw.js").text
    assert 'const SHELL = ["/offline", ' in worker
    assert 'href="/history"' not in client.get("/offline").text
    client.post("/login", data={"password": PASSWORD})
    assert client.get("/sw.js").text == worker
    assert 'href="/history"' in client.get("/offline").text


def test_logging_in_opens_the_app_and_a_wrong_password_says_so(guarded: Flask) -> None:
    client = guarded.test_client()
    wrong = client.post("/login", data={"password": "guess", "next": "/history"})
    assert wrong.status_code == 401
    assert access.WRONG in wrong.text
    field = re.search(r'<input[^>]*name="password"[^>]*>', wrong.text)
    assert field and 'aria-invalid="true"' in field[0]  # marked, the sentence read with it
    described = re.search(r'aria-describedby="([^"]+)"', field[0])
    assert described and f'id="{described[1]}">{access.WRONG}' in wrong.text
    assert client.get("/history").status_code == 303
    right = client.post("/login", data={"password": PASSWORD, "next": "/history"})
    assert right.status_code == 303 and right.headers["Location"] == "/history"
    assert client.get("/history").status_code == 200
    assert client.get("/history/export.json").status_code == 200
    client.post("/logout")
    assert client.get("/history").status_code == 303


def test_the_logout_address_typed_leads_to_the_login_page_and_logs_nobody_out(
    guarded: Flask,
) -> None:
    """/logout typed in the address bar (before the password or after it) opens the login
    page, where the device logs out: no error page, and a GET logs nobody out."""
    client = guarded.test_client()
    typed = client.get("/logout")
    assert typed.status_code == 303 and typed.headers["Location"] == "/login"
    client.post("/login", data={"password": PASSWORD})
    assert client.get("/logout", follow_redirects=True).status_code == 200
    assert client.get("/history").status_code == 200


def test_logging_out_forgets_the_links_this_browser_kept(guarded: Flask) -> None:
    """A keeper link opened while logged in is kept in the session: logging out of the
    device forgets it too, so the game's sheet asks for the password again."""
    client = guarded.test_client()
    basic = {"Authorization": "Basic " + base64.b64encode(f"x:{PASSWORD}".encode()).decode()}
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}, headers=basic).json
    assert game is not None
    link = client.post(f"/api/games/{game['id']}/shares", json={"kind": "keeper"}, headers=basic)
    client.post("/login", data={"password": PASSWORD})
    assert client.get(f"/s/{link.json['token']}").status_code in (200, 302, 303)
    assert client.get(f"/games/{game['id']}").status_code == 200
    client.post("/logout")
    assert client.get(f"/games/{game['id']}").status_code == 303
    assert client.get(f"/api/games/{game['id']}").status_code == 401


def test_login_never_sends_a_visitor_to_another_site(guarded: Flask) -> None:
    client = guarded.test_client()
    for target in ("https://evil.test/", "//evil.test/x", "/\\evil.test"):
        answer = client.post("/login", data={"password": PASSWORD, "next": target})
        assert answer.headers["Location"] == "/", target


def test_a_script_uses_basic_authentication(guarded: Flask) -> None:
    client = guarded.test_client()
    made = client.post("/api/games", json={"players": ["Ann", "Bob"]}, headers=_basic(PASSWORD))
    assert made.status_code == 201
    refused = client.post("/api/games", json={"players": ["Ann", "Bob"]}, headers=_basic("no"))
    assert refused.status_code == 401


def test_wrong_passwords_are_rate_limited(guarded: Flask) -> None:
    client = guarded.test_client()
    for _ in range(10):
        assert client.post("/login", data={"password": "guess"}).status_code == 401
    blocked = client.post("/login", data={"password": "guess"})
    assert blocked.status_code == 429
    assert access.TOO_MANY_TRIES in blocked.text
    other = guarded.test_client()
    api = other.get("/api/openapi.json", headers=_basic("guess"))
    assert api.status_code == 429  # the same address, by Basic authentication
    # Issue 21: the lockout never refuses the right password (tests/security/test_shared_limits.py).
    assert other.get("/api/openapi.json", headers=_basic(PASSWORD)).status_code == 200
    assert client.post("/login", data={"password": PASSWORD}).status_code == 303


def test_seat_links_can_be_let_through(guarded: Flask) -> None:
    access.allow_public(guarded, lambda request: request.path == "/tables/new")
    assert guarded.test_client().get("/tables/new").status_code == 200


@pytest.fixture
def limited(app_with: Callable[..., Flask]) -> Flask:
    """The app with its rate limits on (the test settings turn them off)."""
    return app_with(RATELIMIT_ENABLED=True)


def test_creating_games_is_rate_limited(limited: Flask) -> None:
    client = limited.test_client()
    answers = [client.post("/api/games", json={"players": ["Ann", "Bob"]}) for _ in range(61)]
    assert [a.status_code for a in answers[:60]] == [201] * 60
    assert answers[60].status_code == 429
    assert "wait a minute" in answers[60].get_json()["error"]
    page = client.post("/games/new", data={"players-0": "Ann", "players-1": "Bob"})
    assert page.status_code == 429
    assert "wait a minute" in page.text
    assert client.get("/").status_code == 200  # reading is not limited


def test_imports_are_rate_limited(limited: Flask) -> None:
    client = limited.test_client()
    codes = [client.post("/history/import").status_code for _ in range(11)]
    assert codes == [400] * 10 + [429]


def test_the_replay_is_rate_limited_pages_and_api_together(limited: Flask) -> None:
    from skyjo_pad.services import tables

    with limited.app_context():
        seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Bob")]
        game_id = tables.create(seats, {}, seed=3)
        tables.abandon(game_id)  # over: anyone may replay it
    client = limited.test_client()
    codes = [client.get(f"/api/phone-tables/{game_id}/replay/0").status_code for _ in range(119)]
    assert codes == [200] * 119
    assert client.get(f"/tables/{game_id}/replay").status_code == 200  # the 120th
    refused = client.get(f"/api/phone-tables/{game_id}/replay")
    assert refused.status_code == 429 and "wait a minute" in refused.get_json()["error"]
    assert client.get(f"/api/tables/{game_id}/replay/0").status_code == 429
    assert client.get(f"/history/{game_id}").status_code == 200  # the rest is not limited
