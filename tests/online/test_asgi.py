"""The ASGI entry in-process: a body past the limit is refused before it is read, by its
Content-Length or by counting a chunked body as it comes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from coroutines import run as run_coroutine
from flask import Flask

from skyjo_pad import asgi
from skyjo_pad.asgi import Server

LIMIT = 1000


def scope(method: str, path: str, *headers: tuple[bytes, bytes]) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"), *headers],
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 80),
        "client": ("127.0.0.1", 5000),
    }


def exchange(server: Server, request: dict[str, Any], chunks: list[bytes]) -> tuple[int, Any, int]:
    """Send `chunks` as the body: the status, the JSON answer and the chunks taken."""
    status, _headers, body, taken = exchange_raw(server, request, chunks)
    return status, json.loads(body), taken


def exchange_raw(
    server: Server, request: dict[str, Any], chunks: list[bytes]
) -> tuple[int, dict[bytes, bytes], bytes, int]:
    """Send `chunks` as the body: the status, headers, body and the chunks taken."""
    taken = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal taken
        await asyncio.sleep(0)
        if taken >= len(chunks):
            return {"type": "http.disconnect"}
        taken += 1
        return {"type": "http.request", "body": chunks[taken - 1], "more_body": taken < len(chunks)}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    run_coroutine(server(request, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], dict(start["headers"]), body, taken


def small_server(make_app: Callable[..., Flask]) -> Server:
    app = make_app(MAX_CONTENT_LENGTH=LIMIT)
    app.config["MAX_CONTENT_LENGTH"] = LIMIT
    return Server(app, threads=2)


def test_a_content_length_over_the_limit_is_refused_with_no_byte_read(
    make_app: Callable[..., Flask],
) -> None:
    server = small_server(make_app)
    request = scope("POST", "/api/games", (b"content-length", b"1000000000"))
    status, answer, taken = exchange(server, request, [b"{" * 500] * 10)
    assert status == 413 and "too large" in answer["error"]
    assert taken == 0


def test_a_page_over_the_limit_gets_its_page_in_the_readers_language_with_no_byte_read(
    make_app: Callable[..., Flask],
) -> None:
    """An export too large for the import: the import page says so (not JSON) as for a
    file just past its limit, in French here."""
    server = small_server(make_app)
    request = scope(
        "POST",
        "/history/import",
        (b"content-length", b"1000000000"),
        (b"accept-language", b"fr"),
    )
    form = (b"content-type", b"multipart/form-data; boundary=x")
    request["headers"] = [
        form if name == b"content-type" else (name, v) for name, v in request["headers"]
    ]
    status, headers, body, taken = exchange_raw(server, request, [b"x" * 500] * 10)
    assert status == 413 and taken == 0
    assert headers[b"content-type"].startswith(b"text/html")
    assert headers[b"connection"] == b"close"
    assert "un export de 64 Mo au plus peut être importé" in body.decode()
    assert 'name="file"' in body.decode()  # the import page, to choose another file


def test_a_chunked_body_is_cut_off_once_past_the_limit(make_app: Callable[..., Flask]) -> None:
    server = small_server(make_app)
    request = scope("POST", "/api/games", (b"transfer-encoding", b"chunked"))
    status, answer, taken = exchange(server, request, [b" " * 400] * 50)
    assert status == 413 and "too large" in answer["error"]
    assert taken <= 4  # 1,000 bytes: the third chunk passes it; nothing after is asked for


def test_a_chunked_body_under_the_limit_is_read_whole(make_app: Callable[..., Flask]) -> None:
    server = small_server(make_app)
    request = scope("POST", "/api/games", (b"transfer-encoding", b"chunked"))
    body = json.dumps({"players": ["Ann", "Bob"]}).encode()
    status, answer, _taken = exchange(server, request, [body[:10], body[10:]])
    assert status == 201, answer
    assert answer["players"] == ["Ann", "Bob"]


def slow_body(
    make_app: Callable[..., Flask], length: int, part: Callable[[int], Awaitable[dict[str, Any]]]
) -> tuple[list[dict[str, Any]], int]:
    """A POST of `length` bytes whose body parts `part(n)` gives (n from 1), to a server
    that gives each part 0.2 s: what the server sent within 2 s, and how many parts it
    asked for."""
    server = Server(make_app(), threads=2, body_timeout=0.2)
    request = scope("POST", "/api/games", (b"content-length", str(length).encode()))
    sent: list[dict[str, Any]] = []
    calls = 0

    async def receive() -> dict[str, Any]:
        nonlocal calls
        calls += 1
        return await part(calls)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    run_coroutine(asyncio.wait_for(server(request, receive, send), 2))
    return sent, calls


def test_a_body_that_stops_coming_is_answered_408(make_app: Callable[..., Flask]) -> None:
    async def part(n: int) -> dict[str, Any]:
        if n == 1:
            return {"type": "http.request", "body": b'{"players": ', "more_body": True}
        await asyncio.sleep(60)  # and never the rest
        return {"type": "http.disconnect"}

    sent, _calls = slow_body(make_app, 500, part)
    assert sent[0]["status"] == 408
    assert "too slowly" in json.loads(sent[1]["body"])["error"]


def test_a_body_trickled_in_a_byte_at_a_time_is_cut_off(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each byte comes within the part's timeout, but the whole far below the least rate a
    body must keep once its first seconds are over: 408, the connection not held."""
    monkeypatch.setattr(asgi, "MIN_BODY_RATE", 100)

    async def part(_n: int) -> dict[str, Any]:
        await asyncio.sleep(0.1)  # within the part's 0.2 s, each time
        return {"type": "http.request", "body": b" ", "more_body": True}

    sent, calls = slow_body(make_app, 5000, part)
    assert sent[0]["status"] == 408
    assert calls < 10  # cut off soon after the first 0.2 s, not after the 5,000 bytes


def test_with_a_password_the_body_is_left_unread_until_it_is_checked(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(ACCESS_PASSWORD="table-secret")
    server = Server(app, threads=2)
    request = scope("POST", "/api/games", (b"content-length", b"900"))
    status, answer, taken = exchange(server, request, [b" " * 300] * 3)
    assert status == 401 and "password" in answer["error"]
    assert taken == 0  # refused before a byte of the body was asked for


def test_an_api_call_is_answered_in_one_go(make_app: Callable[..., Flask]) -> None:
    """A move, a round …: the answer's head, then its whole body in one message (made in
    a thread, sent from the loop), not part by part."""
    server = Server(make_app(), threads=2)
    sent: list[dict[str, Any]] = []
    body = json.dumps({"players": ["Ann", "Bob"]}).encode()
    parts = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return parts.pop() if parts else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    request = scope("POST", "/api/games", (b"content-length", str(len(body)).encode()))
    run_coroutine(server(request, receive, send))
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 201
    assert not sent[1].get("more_body")
    made = json.loads(sent[1]["body"])
    assert made["players"] == ["Ann", "Bob"]
    length = dict(sent[0]["headers"])[b"content-length"]
    assert int(length) == len(sent[1]["body"])
