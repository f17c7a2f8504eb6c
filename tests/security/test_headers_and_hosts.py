"""Issue 12: security headers, cookies, trusted hosts, the proxy, body limits."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask, session
from flask.testing import FlaskClient

from skyjo_pad.web import security
from skyjo_pad.web.security import local_host


def test_every_page_carries_the_security_headers(client: FlaskClient) -> None:
    for url in ("/", "/history", "/api/openapi.json", "/static/app.css", "/nowhere"):
        headers = client.get(url).headers
        csp = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp, url
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "script-src 'self'" in csp and "style-src 'self'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "no-referrer"


def _session_cookie(client: FlaskClient, **kwargs: object) -> str:
    """The session cookie as set by a request that stores something in the session."""
    app = client.application
    if "touch_session" not in app.view_functions:

        @app.get("/touch-session", endpoint="touch_session")
        def touch() -> str:
            session["seen"] = True
            return "ok"

    answer = client.get("/touch-session", **kwargs)  # type: ignore[arg-type]
    cookies = [c for c in answer.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, answer.headers
    return cookies[0]


def test_the_session_cookie_is_samesite_lax_and_secure_only_over_https(
    client: FlaskClient,
) -> None:
    plain = _session_cookie(client)
    assert "SameSite=Lax" in plain and "HttpOnly" in plain
    assert "Secure" not in plain
    secure = _session_cookie(client, base_url="https://localhost")
    assert "Secure" in secure and "SameSite=Lax" in secure


@pytest.fixture
def behind_proxy(app_with: Callable[..., Flask]) -> Flask:
    """The app behind one proxy that terminates TLS for pad.example.org."""
    return app_with(
        PROXY_HOPS=1,
        ANSWERED_HOSTS=["pad.example.org"],
        LOCAL_HOSTS_ONLY=False,
    )


def test_behind_a_proxy_the_forwarded_scheme_makes_the_cookie_secure(behind_proxy: Flask) -> None:
    client = behind_proxy.test_client()
    forwarded = {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "pad.example.org",
        "X-Forwarded-For": "203.0.113.9",
    }
    cookie = _session_cookie(client, headers=forwarded)
    assert "Secure" in cookie
    answer = client.get("/", headers=forwarded)
    assert answer.status_code == 200
    assert answer.headers["Strict-Transport-Security"].startswith("max-age=")


def test_behind_a_proxy_a_clients_forwarded_host_or_prefix_makes_no_link(
    behind_proxy: Flask,
) -> None:
    """A proxy may pass a client's own X-Forwarded-Host, -Port or -Prefix on: the links
    the app hands out (and mails) keep the Host the proxy set, at the host's root."""
    client = behind_proxy.test_client()
    told = {
        "Host": "pad.example.org",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "6.6.6.6",
        "X-Forwarded-Port": "8443",
        "X-Forwarded-Prefix": "//evil.example",
    }
    made = client.post(
        "/api/tables", json={"seats": [{"name": "Ann"}, {"name": "Bob"}]}, headers=told
    )
    assert made.status_code == 201
    for seat in made.get_json()["seats"]:
        assert seat["link"].startswith("https://pad.example.org/t/"), seat["link"]
    assert client.get("/language/fr?next=/history", headers=told).location == "/history"


def test_a_host_not_trusted_is_refused(behind_proxy: Flask) -> None:
    client = behind_proxy.test_client()
    assert client.get("/", headers={"Host": "pad.example.org"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example.com"}).status_code == 400
    assert client.post("/games/new", headers={"Host": "rebound.attacker.test"}).status_code == 400
    for host in ("127.0.0.1:5000", "localhost", "192.168.1.20"):  # the names add to these
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    assert client.get("/", headers={"Host": "PAD.Example.org"}).status_code == 200


def test_a_host_name_set_in_capitals_is_answered_as_browsers_send_it() -> None:
    named = security.settings({"SKYJO_TRUSTED_HOSTS": "Pad.Example.org, OTHER.example"})
    assert named["ANSWERED_HOSTS"] == ["pad.example.org", "other.example"]


def test_the_public_addresss_host_is_answered_as_its_links_need() -> None:
    """SKYJO_PUBLIC_URL's links (an invitation's) lead to that host: it is answered, beside
    the names trusted (or alone, when none is); `*` stays everything."""
    public = {"SKYJO_PUBLIC_URL": "https://Pad.Example.org"}
    alone = security.settings(public)
    assert alone["ANSWERED_HOSTS"] == ["pad.example.org"] and not alone["LOCAL_HOSTS_ONLY"]
    beside = security.settings({**public, "SKYJO_TRUSTED_HOSTS": "other.example"})
    assert beside["ANSWERED_HOSTS"] == ["other.example", "pad.example.org"]
    assert security.settings({**public, "SKYJO_TRUSTED_HOSTS": "*"})["ANSWERED_HOSTS"] is None


def test_by_default_only_addresses_and_localhost_are_answered(client: FlaskClient) -> None:
    for host in ("localhost:5000", "127.0.0.1:5000", "192.168.1.20:5000", "[::1]:5000"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    answer = client.get("/", headers={"Host": "rebound.attacker.test:5000"})
    assert answer.status_code == 400
    assert "SKYJO_TRUSTED_HOSTS" in answer.text
    api = client.post("/api/games", json={}, headers={"Host": "rebound.attacker.test"})
    assert api.status_code == 400 and "SKYJO_TRUSTED_HOSTS" in api.get_json()["error"]


def test_local_host_names() -> None:
    assert local_host("10.0.0.7") and local_host("[fe80::1%eth0]:80") and local_host("LOCALHOST")
    assert not local_host("example.org") and not local_host("127.0.0.1.nip.io")


def test_a_large_form_body_is_refused_without_a_500(client: FlaskClient) -> None:
    answer = client.post("/games/new", data={"players-0": "A" * 2_000_000})
    assert answer.status_code == 413
